// Codenames rules: setup and the key card, clue validation, guesses (N+1, unlimited on 0, a wrong colour ends the
// turn, stop after one guess), the assassin, winning by revealing a team's words, GameBench's scores, views and secrets.
import { describe as group, expect, it } from 'vitest';
import { z } from 'zod';
import { createRng } from '../../lib/engine/rng';
import {
  activeSeats,
  apply,
  clueProblem,
  configSchema,
  describe,
  fallback,
  legalActions,
  outcome,
  reject,
  secrets,
  setup,
  startWith,
  stem,
  view,
  WORD_LIST,
  type CnAction,
  type CnState,
  type Color,
} from './rules';
import { codenames } from '.';
import wordFile from './words.json' with { type: 'json' };
import assocFile from './associations.json' with { type: 'json' };

const cfg = configSchema.parse({});
const rng = createRng('t');
// 25 words: red 0-8, blue 9-16, neutral 17-23, assassin 24.
const WORDS = [
  'WHALE',
  'SHIP',
  'ANCHOR',
  'PIANO',
  'GUITAR',
  'DRUM',
  'APPLE',
  'LEMON',
  'BANANA',
  'TIGER',
  'MONKEY',
  'SNAKE',
  'KING',
  'QUEEN',
  'CROWN',
  'TOWER',
  'DRAGON',
  'DOCTOR',
  'NURSE',
  'PENCIL',
  'DESK',
  'CHALK',
  'RAIN',
  'CLOUD',
  'BOMB',
];
const KEY: Color[] = [
  ...Array<Color>(9).fill('red'),
  ...Array<Color>(8).fill('blue'),
  ...Array<Color>(7).fill('neutral'),
  'assassin',
];
const start = () => startWith(cfg, WORDS, KEY);
const play = (s: CnState, seat: number, a: CnAction) => {
  const why = reject(s, seat, a);
  if (why) throw new Error(why);
  return apply(s, seat, a, rng);
};
const clue = (word: string, count: number): CnAction => ({ type: 'clue', word, count });
const guess = (word: string): CnAction => ({ type: 'guess', word });

group('codenames word list', () => {
  it('is versioned, has at least 400 words, single words A-Z, no duplicates', () => {
    const parsed = z
      .object({ version: z.string().min(1), words: z.array(z.string().regex(/^[A-Z]{2,}$/)).min(400) })
      .parse(wordFile);
    expect(new Set(parsed.words).size).toBe(parsed.words.length);
    expect(WORD_LIST.length).toBeGreaterThanOrEqual(400);
  });
  it('has an association table whose targets are all list words', () => {
    const parsed = z
      .object({ version: z.string().min(1), clues: z.record(z.string().regex(/^[A-Z]+$/), z.array(z.string()).min(3)) })
      .parse(assocFile);
    const words = new Set(WORD_LIST);
    for (const [k, ws] of Object.entries(parsed.clues))
      for (const w of ws) expect(words.has(w), `${k} → ${w}`).toBe(true);
  });
});

group('codenames setup', () => {
  it('deals 25 distinct words with 9 red, 8 blue, 7 neutral and 1 assassin; Red spymaster first', () => {
    for (let i = 0; i < 20; i++) {
      const s = setup(createRng(`s${i}`), cfg, 4);
      expect(new Set(s.words).size).toBe(25);
      const n = (c: Color) => s.key.filter((k) => k === c).length;
      expect([n('red'), n('blue'), n('neutral'), n('assassin')]).toEqual([9, 8, 7, 1]);
      expect(activeSeats(s)).toEqual([0]);
      expect(legalActions(s, 0)).toBeNull();
      expect(legalActions(s, 1)).toEqual([]);
    }
    expect(() => setup(createRng('x'), cfg, 2)).toThrow();
  });
});

group('codenames clues', () => {
  it('accepts one word not on the board and a number 0-9', () => {
    expect(reject(start(), 0, clue('ocean', 2))).toBeNull();
    expect(reject(start(), 0, clue('FRUIT', 0))).toBeNull();
    expect(reject(start(), 0, clue('FRUIT', 10))).toMatch(/0 to 9/);
    expect(reject(start(), 0, clue('FRUIT', -1))).toMatch(/0 to 9/);
  });
  it('refuses board words and their parts and forms, case-insensitive', () => {
    expect(clueProblem('whale', WORDS)).toMatch(/on the board/);
    expect(clueProblem('Whales', WORDS)).toMatch(/contains the board word WHALE/);
    expect(clueProblem('ship', WORDS)).toMatch(/on the board/);
    expect(clueProblem('shipyard', WORDS)).toMatch(/contains/);
    expect(clueProblem('ten', ['KITTEN'])).toMatch(/part of the board word KITTEN/);
    expect(clueProblem('berries', ['BERRY'])).toMatch(/form of the board word BERRY/);
    expect(clueProblem('knives', ['KNIFE'])).toMatch(/form of/);
    expect(clueProblem('lemonade', WORDS)).toMatch(/contains the board word LEMON/);
    expect(stem('KNIVES')).toBe(stem('KNIFE'));
    expect(stem('RUNNING')).toBe(stem('RUN'));
  });
  it('refuses more than one word, digits, symbols and lengths out of range', () => {
    expect(clueProblem('ice cream', WORDS)).toMatch(/exactly one word/);
    expect(clueProblem('ice-cream', WORDS)).toMatch(/letters A-Z/);
    expect(clueProblem('r2d2', WORDS)).toMatch(/digits/);
    expect(clueProblem('x', WORDS)).toMatch(/2 to 30/);
    expect(clueProblem('', WORDS)).toMatch(/Give a clue/);
  });
  it('only the spymaster to move may clue (the platform refuses the other seats), and only before guessing', () => {
    expect(codenames.reject(start(), 2, clue('OCEAN', 1))).toBe('it is not your turn: Red Spymaster is to move');
    expect(codenames.reject(start(), 1, guess('WHALE'))).toBe('it is not your turn: Red Spymaster is to move');
    const s = play(start(), 0, clue('OCEAN', 2));
    expect(codenames.reject(s, 0, clue('SEA', 1))).toBe('it is not your turn: Red Operative is to move');
    expect(reject(s, 1, clue('SEA', 1))).toBe('Your spymaster has given the clue: guess a word or stop.');
    expect(activeSeats(s)).toEqual([1]);
  });
});

group('codenames guesses', () => {
  it('lists every hidden word, and Stop only after one guess', () => {
    let s = play(start(), 0, clue('OCEAN', 2));
    let legal = legalActions(s, 1)!;
    expect(legal).toHaveLength(25);
    expect(legal.some((a) => a.type === 'stop')).toBe(false);
    expect(reject(s, 1, { type: 'stop' })).toMatch(/at least one guess/);
    s = play(s, 1, guess('WHALE'));
    legal = legalActions(s, 1)!;
    expect(legal).toHaveLength(25);
    expect(legal.at(-1)).toEqual({ type: 'stop' });
    expect(reject(s, 1, guess('WHALE'))).toMatch(/already revealed/);
    expect(reject(s, 1, guess('OCEAN'))).toMatch(/not a word on the board/);
    s = play(s, 1, { type: 'stop' });
    expect(activeSeats(s)).toEqual([2]);
    expect(s.turn).toBe('Blue');
  });
  it('allows up to N+1 guesses, then ends the turn', () => {
    let s = play(start(), 0, clue('OCEAN', 2));
    s = play(s, 1, guess('WHALE'));
    s = play(s, 1, guess('SHIP'));
    expect(view(s, { seat: 1 }).guessesLeft).toBe(1);
    s = play(s, 1, guess('ANCHOR'));
    expect(s.turn).toBe('Blue');
    expect(s.phase).toBe('clue');
  });
  it('a clue for 0 allows unlimited guesses', () => {
    let s = play(start(), 0, clue('THINGS', 0));
    for (const w of WORDS.slice(0, 5)) s = play(s, 1, guess(w));
    expect(s.turn).toBe('Red');
    expect(view(s, { seat: 1 }).guessesLeft).toBeNull();
  });
  it('a neutral or an opponent word ends the turn and counts for its colour', () => {
    let s = play(start(), 0, clue('OCEAN', 3));
    s = play(s, 1, guess('DOCTOR'));
    expect(s.turn).toBe('Blue');
    s = play(s, 2, clue('ANIMAL', 2));
    s = play(s, 3, guess('WHALE'));
    expect(s.turn).toBe('Red');
    expect(view(s, { spectator: true }).left).toEqual({ Red: 8, Blue: 8 });
  });
  it('the assassin ends the match: its team loses and scores 0', () => {
    let s = play(start(), 0, clue('OCEAN', 2));
    s = play(s, 1, guess('WHALE'));
    s = play(s, 1, guess('BOMB'));
    expect(activeSeats(s)).toEqual([]);
    const o = outcome(s)!;
    expect(o.summary).toBe('Blue wins');
    // Red 0 (assassin), Blue 0 + 3 → Blue 1.
    expect(o.scores).toEqual([0, 0, 0.5, 0.5]);
    expect(o.rewards).toEqual([0, 0, 3, 3]);
    expect(o.teams).toEqual(['Red', 'Red', 'Blue', 'Blue']);
  });
  it('revealing all of a team’s words wins it the match, scored as GameBench (12/19 after 9 to 7)', () => {
    let s = start();
    // Blue reveals 7 of its words over several turns, Red then reveals all 9.
    s = play(s, 0, clue('ALPHA', 1));
    s = play(s, 1, guess('DOCTOR')); // neutral: Blue's turn
    s = play(s, 2, clue('BETA', 0));
    for (const w of WORDS.slice(9, 16)) s = play(s, 3, guess(w));
    s = play(s, 3, { type: 'stop' });
    s = play(s, 0, clue('GAMMA', 0));
    for (const w of WORDS.slice(0, 9)) s = play(s, 1, guess(w));
    const o = outcome(s)!;
    expect(o.summary).toBe('Red wins');
    expect(o.rewards).toEqual([12, 12, 7, 7]);
    expect(o.scores[0]! + o.scores[1]!).toBeCloseTo(12 / 19);
    expect(o.scores.reduce((a, b) => a + b, 0)).toBeCloseTo(1);
  });
  it('a team wins when the other team reveals its last word', () => {
    let s = start();
    s = play(s, 0, clue('ALPHA', 0));
    for (const w of WORDS.slice(0, 8)) s = play(s, 1, guess(w));
    s = play(s, 1, { type: 'stop' });
    s = play(s, 2, clue('BETA', 1));
    s = play(s, 3, guess('BANANA'));
    expect(outcome(s)!.summary).toBe('Red wins');
  });
});

group('codenames views, secrets and log', () => {
  it('spymasters see the key, operatives and spectators only revealed colours', () => {
    const s = play(play(start(), 0, clue('OCEAN', 1)), 1, guess('DOCTOR'));
    expect(view(s, { seat: 0 }).key).toEqual(KEY);
    expect(view(s, { seat: 2 }).key).toEqual(KEY);
    expect(view(s, { seat: 1 }).key).toBeNull();
    expect(view(s, { seat: 3 }).key).toBeNull();
    expect(view(s, { spectator: true }).key).toBeNull();
    expect(view(s, { omniscient: true }).key).toEqual(KEY);
    expect(view(s, { seat: 1 }).revealed[17]).toBe('neutral');
    expect(view(s, { seat: 1 }).revealed.filter(Boolean)).toHaveLength(1);
    const sec = secrets(s);
    expect(sec[0]!.sharedWith).toEqual([2]);
    expect(JSON.stringify(view(s, { seat: 1 }))).not.toContain(sec[0]!.values[0]!);
  });
  it('everyone sees the key once the match is over', () => {
    const s = play(play(start(), 0, clue('OCEAN', 1)), 1, guess('BOMB'));
    expect(view(s, { spectator: true }).key).toEqual(KEY);
    expect(secrets(s)).toEqual([]);
  });
  it('describes moves in the third person', () => {
    const s0 = start();
    const s1 = play(s0, 0, clue('ocean', 2));
    expect(describe(s0, s1, 0, clue('ocean', 2))[0]!.text).toBe('Red Spymaster gives the clue “OCEAN” 2.');
    const s2 = play(s1, 1, guess('DOCTOR'));
    expect(describe(s1, s2, 1, guess('DOCTOR')).map((l) => l.text)).toEqual([
      'Red Operative guesses DOCTOR: an innocent bystander.',
      "Blue's turn.",
    ]);
  });
  it('falls back to GameBench’s "NONE" for 1 for a spymaster', () => {
    expect(fallback(start(), 0)).toEqual({ type: 'clue', word: 'NONE', count: 1 });
    const s = startWith(cfg, ['NONE', ...WORDS.slice(1)], KEY);
    expect(fallback(s, 0)).toEqual({ type: 'clue', word: 'PASS', count: 1 });
  });
});
