// The platform's turn check (`turnRefusal`, put before every game's `reject` by `defineGame`): a finished game and a
// seat that is not active are refused in one wording, before the game's own rules are asked; simultaneous seats may
// all move.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineGame } from './define-game';
import { createRng } from './rng';
import { seatName, type GameMetaSpec, type GameRules, type Seat } from './types';
import { GAME_OVER, turnRefusal, validateAction } from './validate';

// A toy game: every round the seats that have not picked yet pick 1 or 2 at once; after two rounds it is over.
type S = { round: number; picks: (number | null)[] };
type A = { type: 'pick'; n: number };
/** What the game's own `reject` was asked: it should hear only of active seats in a game in progress. */
const asked: Seat[] = [];
const rules: GameRules<S, A, object, S> = {
  configSchema: z.object({}),
  actionSchema: z.object({ type: z.literal('pick'), n: z.number().int() }),
  setup: (_rng, _cfg, n) => ({ round: 0, picks: Array<number | null>(n).fill(null) }),
  activeSeats: (s) => (s.round === 2 ? [] : s.picks.flatMap((p, seat) => (p === null ? [seat] : []))),
  legalActions: () => [1, 2].map((n) => ({ type: 'pick' as const, n })),
  // Its own rules only: no word about whose turn it is or the end.
  reject: (_s, seat, a) => {
    asked.push(seat);
    return a.n === 1 || a.n === 2 ? null : `pick 1 or 2 (got ${a.n})`;
  },
  apply: (s, seat, a) => {
    const picks = s.picks.map((p, i) => (i === seat ? a.n : p));
    return picks.every((p) => p !== null) ? { round: s.round + 1, picks: picks.map(() => null) } : { ...s, picks };
  },
  outcome: (s) => (s.round === 2 ? { scores: s.picks.map(() => 1 / s.picks.length), reason: 'done' } : null),
  view: (s) => s,
  describe: (_p, _n, seat, a) => [{ text: `seat ${seat} picks ${a.n}` }],
};
const meta: GameMetaSpec = {
  title: 'Picks',
  blurb: 'Pick at once.',
  minPlayers: 2,
  maxPlayers: 4,
  info: 'imperfect',
  chance: false,
  categories: [],
};
const define = (seatNames?: string[]) =>
  defineGame<S, A, object, S>({
    id: 'picks',
    version: 1,
    publicInformation: 'a test game: picks are simultaneous but nothing here is secret from the tests',
    meta: { ...meta, seatNames },
    reducer: rules,
    prompt: { system: () => 'Pick.', turn: () => 'Pick.', parse: () => ({ error: 'no' }), format: (a) => String(a.n) },
    rules: { summary: 'Pick.', topics: {} },
  });
const named = define(['Ann', 'Bo', 'Cy', 'Di']);
const start = (n = 3) => named.setup({ numPlayers: n, config: {}, rng: createRng('picks') });
const pick = (n: number): A => ({ type: 'pick', n });

describe('the platform refuses a move out of turn, before the game’s own rules', () => {
  it('lets every active seat of a simultaneous turn move, and asks the game about each', () => {
    const s = start();
    asked.length = 0;
    for (const seat of [0, 1, 2]) {
      expect(turnRefusal(named, s, seat)).toBeNull();
      expect(named.reject(s, seat, pick(1))).toBeNull();
      expect(validateAction(named, s, seat, pick(2))).toEqual({ ok: true, action: pick(2) });
    }
    expect(named.reject(s, 2, pick(3))).toBe('pick 1 or 2 (got 3)');
    expect(asked).toEqual([0, 0, 1, 1, 2, 2, 2]);
  });

  it('refuses a seat that has moved, naming every seat still to move', () => {
    let s = named.apply(start(), 1, pick(1), createRng('a'));
    asked.length = 0;
    expect(named.reject(s, 1, pick(1))).toBe('it is not your turn: Ann and Cy are to move');
    s = named.apply(s, 0, pick(2), createRng('a'));
    expect(validateAction(named, s, 0, pick(1))).toEqual({ ok: false, error: 'it is not your turn: Cy is to move' });
    const four = named.apply(start(4), 3, pick(1), createRng('a'));
    expect(named.reject(four, 3, pick(1))).toBe('it is not your turn: Ann, Bo and Cy are to move');
    // A seat that is not in the match at all is not active either.
    expect(named.reject(s, 7, pick(1))).toBe('it is not your turn: Cy is to move');
    expect(asked).toEqual([]);
  });

  it('names seats "Player <n>" for a game that names none', () => {
    const plain = define();
    const s = plain.apply(plain.setup({ numPlayers: 2, config: {}, rng: createRng('p') }), 0, pick(1), createRng('a'));
    expect(plain.reject(s, 0, pick(1))).toBe('it is not your turn: Player 2 is to move');
  });

  it('refuses every seat once the game is over', () => {
    let s = start(2);
    for (let i = 0; i < 4; i++) s = named.apply(s, i % 2, pick(1), createRng('a'));
    expect(named.outcome(s)).not.toBeNull();
    asked.length = 0;
    for (const seat of [0, 1]) {
      expect(named.reject(s, seat, pick(1))).toBe(GAME_OVER);
      expect(validateAction(named, s, seat, pick(1))).toEqual({ ok: false, error: 'the game is over' });
    }
    expect(asked).toEqual([]);
  });

  it('still says first that a value is no action of the game at all', () => {
    const s = named.apply(start(), 1, pick(1), createRng('a'));
    expect(validateAction(named, s, 1, { type: 'pick', n: 'one' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^malformed action: /),
    });
  });
});

describe('seatName', () => {
  it('names a seat by the game’s names or a table of them, "Player <n>" beyond them', () => {
    expect(seatName(named, 2)).toBe('Cy');
    expect(seatName(define(), 2)).toBe('Player 3');
    expect(seatName(['Blue', 'Green'], 1)).toBe('Green');
    expect(seatName(['Blue', 'Green'], 2)).toBe('Player 3');
  });
});
