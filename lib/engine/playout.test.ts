// The engine measure every game's engine test and `npm run bench:engine` share, on a throwaway game: sides taken in turn,
// the random baseline on the same seeds and sides, results by side (team sums, draws, a cooperative game's one side),
// engine options passed through, a game's own playout used in place of the generic one, an open-ended turn refused.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineGame } from './define-game';
import { genericPlayout, measureEngine, sideResult, sideSeats, type EnginePlayout } from './playout';
import type { GameMetaSpec, GameRules, Seat } from './types';

/** A pile of 5–9 stones (drawn at setup); take 1 or 2 in turn; whoever takes the last stone wins. */
interface S {
  left: number;
  toMove: Seat;
  winner: Seat | null;
}
type A = { type: 'take'; n: number };
const rules: GameRules<S, A, { open: boolean }, S> = {
  configSchema: z.object({ open: z.boolean().default(false) }),
  actionSchema: z.object({ type: z.literal('take'), n: z.number() }),
  setup: (rng) => ({ left: 5 + rng.int(5), toMove: 0, winner: null }),
  activeSeats: (s) => (s.winner === null ? [s.toMove] : []),
  legalActions: (s) => [1, 2].filter((n) => n <= s.left).map((n) => ({ type: 'take' as const, n })),
  reject: () => null,
  apply: (s, seat, a) => ({ left: s.left - a.n, toMove: 1 - seat, winner: s.left === a.n ? seat : null }),
  outcome: (s) =>
    s.winner === null
      ? null
      : { scores: s.winner === 0 ? [1, 0] : [0, 1], reason: 'last stone', rewards: s.winner === 0 ? [3, -3] : [-3, 3] },
  view: (s) => s,
  describe: () => [],
};
const meta: GameMetaSpec = {
  title: 'Pebbles',
  blurb: 'Take the last stone.',
  minPlayers: 2,
  maxPlayers: 2,
  info: 'perfect',
  chance: true,
  categories: [],
  seatNames: ['First', 'Second'],
};
/** The engine leaves a multiple of 3 when it can (perfect play), and records the options it was given. */
const optionsSeen: unknown[] = [];
const pebbles = defineGame<S, A, { open: boolean }, S>({
  id: 'pebbles',
  version: 1,
  publicInformation: 'a test game: the pile is on the table',
  meta,
  reducer: rules,
  prompt: { system: () => '', turn: () => '', parse: () => ({ error: 'no' }), format: (a) => String(a.n) },
  rules: { summary: '', topics: {} },
  engine: (v, _seat, legal, rng, opts) => {
    optionsSeen.push(opts);
    return legal.find((a) => (v.left - a.n) % 3 === 0) ?? rng.pick(legal);
  },
});

describe('measureEngine', () => {
  it('holds each side in turn, and plays the random baseline on the same seeds and sides', () => {
    const calls: string[] = [];
    const spy: EnginePlayout = {
      sides: genericPlayout.sides,
      play: (game, m) => {
        calls.push(`${m.seed} ${m.side} ${m.player}`);
        return genericPlayout.play(game, m);
      },
    };
    const m = measureEngine(pebbles, { matches: 3, seed: 's', playout: spy, engineOptions: { depth: 7 } });
    expect(calls).toEqual([
      's-0 0 engine',
      's-0 0 random',
      's-1 1 engine',
      's-1 1 random',
      's-2 0 engine',
      's-2 0 random',
    ]);
    expect(m.sides.map((s) => [s.name, s.engine.matches, s.random.matches])).toEqual([
      ['First', 2, 2],
      ['Second', 1, 1],
    ]);
    expect(optionsSeen.length).toBeGreaterThan(0);
    expect(optionsSeen.every((o) => (o as { depth: number }).depth === 7)).toBe(true);
  });

  it('tallies wins, draws, losses, the score, the reward and the plies; the engine beats random here', () => {
    const m = measureEngine(pebbles, { matches: 40 });
    for (const t of [m.engine, m.random]) {
      expect(t.matches).toBe(40);
      expect(t.wins + t.draws + t.losses).toBe(40);
      expect(t.meanScore).toBeCloseTo(t.wins / 40);
      expect(t.meanReward).toBeCloseTo((3 * t.wins - 3 * t.losses) / 40);
      expect(t.meanSidePlies).toBeLessThan(t.meanPlies);
    }
    expect(m.engine.wins).toBeGreaterThan(m.random.wins);
    // The same seed deals the same pile: a seed measured alone gives the same result.
    const again = measureEngine(pebbles, { matches: 40 });
    expect(again.engine.wins).toBe(m.engine.wins);
    expect(measureEngine(pebbles, { matches: 40, baseline: false }).random).toBeNull();
  });

  it('plays a game’s own playout instead of the generic loop', () => {
    const own: EnginePlayout = {
      sides: () => ['Odd', 'Even'],
      play: (_game, m) => ({
        result: m.player === 'engine' ? 'win' : 'loss',
        score: 1,
        reward: null,
        plies: 2,
        sidePlies: 1,
      }),
    };
    const m = measureEngine(pebbles, { matches: 4, playout: own });
    expect(m.sides.map((s) => s.name)).toEqual(['Odd', 'Even']);
    expect([m.engine.wins, m.random.losses, m.engine.meanReward]).toEqual([4, 4, null]);
  });

  it('refuses an open-ended turn, naming the game and where its own playout goes', () => {
    const open = { ...pebbles, legalActions: () => null };
    expect(() => measureEngine(open, { matches: 1 })).toThrow(
      /Pebbles: the move of First at ply 0 is open-ended .*\(games\/pebbles\/playout\.ts\)/,
    );
  });
});

describe('sides and results', () => {
  it('one seat a side by default, the game’s sides in a team game, every seat together in a cooperative one', () => {
    expect(sideSeats(pebbles, {})).toEqual([[0], [1]]);
    const team = {
      ...pebbles,
      meta: {
        ...pebbles.meta,
        sides: [
          [0, 2],
          [1, 3],
        ],
      },
      defaultPlayers: () => 4,
    };
    expect(sideSeats(team, {})).toEqual([
      [0, 2],
      [1, 3],
    ]);
    const coop = { ...pebbles, meta: { ...pebbles.meta, scoring: 'cooperative' as const } };
    expect(sideSeats(coop, {})).toEqual([[0, 1]]);
    expect(genericPlayout.sides(coop, {})).toEqual(['every seat']);
  });

  it('a side wins with the highest summed score, draws when tied at the top, and shares alone', () => {
    const o = (scores: number[], rewards?: number[]) => ({ scores, reason: '', rewards });
    const teams = [
      [0, 1],
      [2, 3],
    ];
    const p = { plies: 4, sidePlies: 2 };
    expect(sideResult(o([0.25, 0.25, 0.5, 0]), teams, 0, p).result).toBe('draw');
    expect(sideResult(o([0.5, 0.5, 0, 0], [4, 2, 0, 0]), teams, 0, p)).toEqual({
      result: 'win',
      score: 1,
      reward: 3,
      ...p,
    });
    expect(sideResult(o([0.5, 0.5, 0, 0]), teams, 1, p)).toMatchObject({ result: 'loss', score: 0, reward: null });
    expect(sideResult(o([0.5, 0.5], [12, 12]), [[0, 1]], 0, p)).toMatchObject({ result: 'shared', reward: 12 });
  });
});
