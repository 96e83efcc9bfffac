// Hidden number prompts: the system and turn text, the exact answer format and the forgiving parser.
import { describe, expect, it } from 'vitest';
import { prompt } from './prompt';
import { apply, legalActions, makeState, view, type HiddenNumberState } from './rules';

const guess = (n: number) => ({ type: 'guess' as const, n });
const TAGS = ['TAG-AAAQQQ', 'TAG-ZZZWWW'];
const play = (ns: number[], from: HiddenNumberState = makeState([3, 7], TAGS)) =>
  ns.reduce((s, n, i) => apply(s, i % 2, guess(n)), from);
const parse = (reply: string) => prompt.parse(reply, 0, null);

describe('format', () => {
  it('writes "Guess: N"', () => {
    expect(prompt.format(guess(5), 0)).toBe('Guess: 5');
    expect(prompt.format(guess(9), 1)).toBe('Guess: 9');
  });

  it('round-trips through parse for every legal action', () => {
    for (const s of [play([]), play([5, 5, 2])]) {
      for (const seat of [0, 1]) {
        const legal = legalActions(s, seat);
        for (const a of legal) expect(prompt.parse(prompt.format(a, seat), seat, legal)).toEqual({ action: a });
      }
    }
  });
});

describe('parse', () => {
  it.each([
    ['Guess: 7'],
    ['guess: 7'],
    ['GUESS:7'],
    ['guess 7'],
    ['Guess = 7'],
    ['My guess is 7.'],
    ['I will guess 7'],
    ['**Guess: 7**'],
    ['Guess: **7**'],
    ['`Guess: 7`'],
    ['```\nGuess: 7\n```'],
    ['```text\nguess: 7\n```'],
    ['## Guess: 7'],
    ['7'],
    ['Final answer: 7.'],
  ])('reads %j as 7', (reply) => {
    expect(parse(reply)).toEqual({ action: guess(7) });
  });

  it('takes the last guess when the reasoning mentions others first', () => {
    const reply = [
      'My earlier guess: 5 was too low, so the number is 6-9.',
      'I could guess 8, but guess 7 splits the range better... actually the middle of 6-9 is 7 or 8.',
      '',
      '**Answer:** Guess: 8',
    ].join('\n');
    expect(parse(reply)).toEqual({ action: guess(8) });
  });

  it('ignores "guesses" and "guessed" in the reasoning', () => {
    expect(parse('I already guessed 5 and my guesses 2, 4 were low. Guess: 6')).toEqual({ action: guess(6) });
  });

  it('reads numbers outside 1-9 or non-whole ones, leaving the range check to reject', () => {
    expect(parse('Guess: 12')).toEqual({ action: guess(12) });
    expect(parse('Guess: 4.5')).toEqual({ action: guess(4.5) });
    expect(parse('Guess: 0')).toEqual({ action: guess(0) });
  });

  it('returns an error naming the format for replies without a guess', () => {
    for (const reply of ['', 'I resign.', 'Guess: seven', 'the number is probably high', 'guesses so far: none']) {
      const r = prompt.parse(reply, 1, [guess(2), guess(3)]);
      expect(r).toEqual({ error: expect.stringContaining('"Guess: 2"') });
      expect('error' in r && r.error).toMatch(/from 1 to 9/);
    }
  });
});

describe('system and turn', () => {
  it('system gives the rules, a worked example and the exact answer format', () => {
    const text = prompt.system({}, 1, 2);
    expect(text).toContain('You are Player 2');
    expect(text).toMatch(/too low/);
    expect(text).toContain('Player 1 guesses 5: too low');
    expect(text).toContain('Player 1 guesses 7: correct');
    expect(text).toContain('\nGuess: 5\n');
  });

  it('turn shows the own number and tag, both histories and the legal moves in the shared convention', () => {
    const s = play([5, 5, 2, 8]);
    const text = prompt.turn(view(s, { seat: 0 }), 0, legalActions(s, 0), {});
    expect(text).toContain('Your secret number is 3. Your tag is TAG-AAAQQQ.');
    expect(text).toContain("Your guesses at Player 2's number: 5 (too low), 2 (too low).");
    expect(text).toContain("Player 2's guesses at your number: 5 (too high), 8 (too high).");
    expect(text).toContain("Player 2's number is between 6 and 9.");
    expect(text).toContain('It is your turn.');
    expect(text).not.toContain('TAG-ZZZWWW');
    const lines = text.split('\n');
    const at = lines.indexOf('Legal moves:');
    expect(lines.slice(at + 1, at + 8)).toEqual([
      '- Guess: 1',
      '- Guess: 3',
      '- Guess: 4',
      '- Guess: 6',
      '- Guess: 7',
      '- Guess: 8',
      '- Guess: 9',
    ]);
    expect(lines[at + 8]).toMatch(/exactly this format: Guess: N/);
  });

  it('turn for the other seat shows its own secrets only', () => {
    const s = play([5]);
    const text = prompt.turn(view(s, { seat: 1 }), 1, legalActions(s, 1), {});
    expect(text).toContain('Your secret number is 7. Your tag is TAG-ZZZWWW.');
    expect(text).not.toContain('TAG-AAAQQQ');
    // Player 1's number (3) appears nowhere before the list of legal guesses, which names every number.
    expect(text.split('Legal moves:')[0]).not.toMatch(/\b3\b/);
  });

  it('turn after the end states the result and the revealed number', () => {
    const s = play([5, 5, 7]);
    const text = prompt.turn(view(s, { seat: 1 }), 1, [], {});
    expect(text).toContain("The game is over: Player 1 guessed Player 2's number, 7.");
    expect(text).toContain("Player 1's number was 3 (tag TAG-AAAQQQ).");
    expect(text).not.toContain('Legal moves:');
  });
});
