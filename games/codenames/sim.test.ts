// The simulated Codenames player: reads the turn's text, gives the engine's clue as a spymaster and follows it as an
// operative; a flawed answer is refused by the game; other games' turns are not its business.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { engineClue } from './engine';
import { parse, prompt } from './prompt';
import { apply, configSchema, legalActions, reject, setup, view } from './rules';
import { codenamesSim, readTurn } from './sim';

const cfg = configSchema.parse({});
const turnOf = (texts: string[], legal: string[] | null, flawed = false) => ({
  texts,
  legal,
  flawed,
  careful: false,
  rng: createRng('sim'),
});

describe('codenames sim', () => {
  it('reads the spymaster’s board and key from the text and gives the engine’s clue, which the game accepts', () => {
    const s = setup(createRng('b'), cfg, 4);
    const text = prompt.turn(view(s, { seat: 0 }), 0, null, cfg);
    const read = readTurn(text)!;
    expect(read.seat).toBe(0);
    expect(read.view.words).toEqual(s.words);
    expect(read.view.key).toEqual(s.key);
    const ans = codenamesSim(turnOf([text], null))!;
    expect(ans.kind).toBe('ok');
    const parsed = parse(ans.content, 0, null, view(s, { seat: 0 }));
    expect(parsed).toEqual({ action: engineClue(read.view, 0, createRng('sim')) });
    expect(reject(s, 0, (parsed as { action: never }).action)).toBeNull();
    const bad = codenamesSim(turnOf([text], null, true))!;
    expect(bad.kind).toBe('illegal');
    expect(parse(bad.content, 0, null, view(s, { seat: 0 }))).toHaveProperty('error');
  });
  it('as an operative guesses a listed word the clue points to', () => {
    const s0 = setup(createRng('b'), cfg, 4);
    const clue = engineClue(view(s0, { seat: 0 }), 0, createRng('c'));
    const s = apply(s0, 0, clue, createRng('a'));
    const legal = legalActions(s, 1)!;
    const text = prompt.turn(view(s, { seat: 1 }), 1, legal, cfg);
    const lines = text.split('\n');
    const listed = lines
      .slice(lines.indexOf('Legal moves:') + 1)
      .filter((l) => l.startsWith('- '))
      .map((l) => l.slice(2));
    const ans = codenamesSim(turnOf([text], listed))!;
    expect(listed).toContain(ans.content);
    const parsed = parse(ans.content, 1, legal, view(s, { seat: 1 }));
    expect(parsed).toHaveProperty('action');
    const word = (parsed as { action: { word: string } }).action.word;
    expect(s.key[s.words.indexOf(word)]).toBe('red');
  });
  it('answers a retry from the turn before the refusal', () => {
    const s = setup(createRng('b'), cfg, 4);
    const text = prompt.turn(view(s, { seat: 0 }), 0, null, cfg);
    const ans = codenamesSim(
      turnOf([text, 'Your answer was refused: WHALE is a word on the board. Try again.'], null),
    )!;
    expect(ans.kind).toBe('ok');
    expect(ans.content).toMatch(/^Clue: [A-Z]+ \d$/);
  });
  it('leaves other games alone', () => {
    expect(codenamesSim(turnOf(['Round 1. Your hand: …'], ['Refuse']))).toBeNull();
  });
});
