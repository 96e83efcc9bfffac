// Codenames prompt: the worked example replays through the rules; turns show the key only to spymasters and list the
// legal moves for operatives; the parser reads what models write and refuses with reasons.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { EXAMPLE, exampleFinal, exampleStart, format, parse, prompt } from './prompt';
import { apply, configSchema, legalActions, reject, view, type CnAction, type CnState } from './rules';

const cfg = configSchema.parse({});

function clueTurn(): { s: CnState; legal: null } {
  return { s: exampleStart(cfg), legal: null };
}
function guessTurn(guesses = 0): { s: CnState; legal: CnAction[] } {
  let s = apply(exampleStart(cfg), 0, { type: 'clue', word: 'OCEAN', count: 2 }, createRng('x'));
  if (guesses) s = apply(s, 1, { type: 'guess', word: 'WHALE' }, createRng('x'));
  return { s, legal: legalActions(s, 1)! };
}
const spy = (reply: string) => {
  const { s } = clueTurn();
  return parse(reply, 0, null, view(s, { seat: 0 }));
};
const op = (reply: string, guesses = 1) => {
  const { s, legal } = guessTurn(guesses);
  return parse(reply, 1, legal, view(s, { seat: 1 }));
};

describe('codenames worked example', () => {
  it('replays through the rules, every move legal', () => {
    let s = exampleStart(cfg);
    for (const m of EXAMPLE) {
      expect(reject(s, m.seat, m.action)).toBeNull();
      // The example's text parses back to its move.
      const legal = legalActions(s, m.seat);
      expect(parse(format(m.action), m.seat, legal, view(s, { seat: m.seat }))).toEqual({ action: m.action });
      s = apply(s, m.seat, m.action, createRng('e'));
    }
    const end = exampleFinal(cfg);
    expect(end.turn).toBe('Red');
    expect(view(end, { spectator: true }).left).toEqual({ Red: 7, Blue: 7 });
  });
  it('is in every seat’s system prompt with the answer format of its role', () => {
    const sys0 = prompt.system(cfg, 0, 4);
    expect(sys0).toContain('Red Spymaster: Clue: OCEAN 2');
    expect(sys0).toContain('Clue: <WORD> <NUMBER>');
    expect(sys0).toContain('Special Rules');
    expect(prompt.system(cfg, 3, 4)).toContain('Guess WHALE');
    expect(prompt.system(cfg, 3, 4)).toContain('Blue Operative of the Blue team');
  });
});

describe('codenames turn text', () => {
  it('shows the key to a spymaster and asks for a clue, without a Legal moves list', () => {
    const { s } = clueTurn();
    const t = prompt.turn(view(s, { seat: 0 }), 0, null, cfg);
    expect(t).toMatch(/^Codenames: you are the Red Spymaster \(Red team\)\./);
    expect(t).toContain('- BOMB: ASSASSIN, hidden');
    expect(t).toContain('- WHALE: Red agent, hidden');
    expect(t).toContain('Clue: <WORD> <NUMBER>');
    expect(t).not.toContain('Legal moves:');
  });
  it('never shows hidden colours to an operative; lists every hidden word and Stop', () => {
    const { s, legal } = guessTurn(1);
    const t = prompt.turn(view(s, { seat: 1 }), 1, legal, cfg);
    expect(t).not.toMatch(/ASSASSIN|bystander, hidden|agent, hidden/);
    expect(t).toContain('- WHALE: revealed, Red agent');
    expect(t).toContain('Current clue: OCEAN 2. Guesses made on it: 1 (2 guesses left).');
    expect(t).toContain('Legal moves:\n- Guess PIANO');
    expect(t.split('\n').filter((l) => l.startsWith('- Guess '))).toHaveLength(24);
    expect(t).toContain('- Stop');
    expect(t).toContain('- Red: OCEAN 2 → WHALE (a Red agent)');
  });
});

describe('codenames parse: clues', () => {
  const ok = (word: string, count: number) => ({ action: { type: 'clue', word, count } });
  it('reads the plain answer, reasoning first, bold, fences, quotes, JSON and GameBench’s "word,3"', () => {
    expect(spy('Clue: OCEAN 2')).toEqual(ok('OCEAN', 2));
    expect(spy('WHALE and SHIP are both at sea.\n\nClue: ocean 2')).toEqual(ok('OCEAN', 2));
    expect(spy('**Clue: OCEAN 2**')).toEqual(ok('OCEAN', 2));
    expect(spy('```\nClue: OCEAN 2\n```')).toEqual(ok('OCEAN', 2));
    expect(spy('Clue: "Ocean", 2')).toEqual(ok('OCEAN', 2));
    expect(spy('Clue: OCEAN (2)')).toEqual(ok('OCEAN', 2));
    expect(spy('My clue is OCEAN for two')).toEqual(ok('OCEAN', 2));
    expect(spy('{"clue": "ocean", "number": 2}')).toEqual(ok('OCEAN', 2));
    expect(spy('ocean,2')).toEqual(ok('OCEAN', 2));
    expect(spy('Clue: THINGS 0')).toEqual(ok('THINGS', 0));
  });
  it('takes the last answer written', () => {
    expect(spy('Clue: MUSIC 3 would be risky.\nFinal answer: Clue: OCEAN 2')).toEqual(ok('OCEAN', 2));
  });
  it('refuses with a reason', () => {
    expect(spy('I am not sure.')).toEqual({ error: expect.stringMatching(/No clue found/) });
    expect(spy('Clue: ICE CREAM 2')).toEqual({ error: expect.stringMatching(/exactly one word/) });
    expect(spy('Clue: WHALES 2')).toEqual({ error: expect.stringMatching(/contains the board word WHALE/) });
    expect(spy('Clue: OCEAN 12')).toEqual({ error: expect.stringMatching(/0 to 9/) });
  });
});

describe('codenames parse: guesses', () => {
  it('reads guesses and stops written many ways', () => {
    expect(op('Guess PIANO')).toEqual({ action: { type: 'guess', word: 'PIANO' } });
    expect(op('OCEAN points to ships.\n**Guess: ship**')).toEqual({ action: { type: 'guess', word: 'SHIP' } });
    expect(op('```\nGuess ANCHOR\n```')).toEqual({ action: { type: 'guess', word: 'ANCHOR' } });
    expect(op('{"guess": "anchor"}')).toEqual({ action: { type: 'guess', word: 'ANCHOR' } });
    expect(op('{"action": "stop"}')).toEqual({ action: { type: 'stop' } });
    expect(op("I'd better not risk it.\nStop")).toEqual({ action: { type: 'stop' } });
    expect(op('end_turn')).toEqual({ action: { type: 'stop' } });
    expect(op('I will go with\nANCHOR')).toEqual({ action: { type: 'guess', word: 'ANCHOR' } });
  });
  it('takes the last answer written', () => {
    expect(op('Guess PIANO? No. Guess ANCHOR')).toEqual({ action: { type: 'guess', word: 'ANCHOR' } });
    expect(op('I should not stop yet. Guess SHIP')).toEqual({ action: { type: 'guess', word: 'SHIP' } });
  });
  it('refuses with a reason', () => {
    expect(op('Guess OCEAN')).toEqual({ error: expect.stringMatching(/OCEAN is not a hidden word/) });
    expect(op('Guess WHALE')).toEqual({ error: expect.stringMatching(/already revealed/) });
    expect(op('Stop', 0)).toEqual({ error: expect.stringMatching(/at least one guess/) });
    expect(op('Clue: SEA 2')).toEqual({ error: expect.stringMatching(/You are the operative/) });
    expect(op('hmm')).toEqual({ error: expect.stringMatching(/No move found/) });
  });
});
