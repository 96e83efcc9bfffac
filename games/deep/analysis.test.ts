// The DEEP analysis on constructed matches with known scores: Table 1 per describer and judge (people pooled), the
// abstentions left out, and the agreement of two judges on the same descriptions.
import { describe, expect, it } from 'vitest';
import { applyMove, currentDeal, initialState, type MoveRecord } from '../../lib/engine/replay';
import { deep } from '.';
import { analyseDeep, pearson, PEOPLE, PEOPLE_NAME, type DeepMatchRecord } from './analysis';
import { activeSeats } from './rules';
import type { DeepAction, DeepState } from './types';
import { CURRENT_GENERATOR } from '../../lib/engine/rng';

/** A judge's scores in the canonical order (target first), for one description. */
type Judge = (s: DeepState, seat: number, mode: 'aggressive' | 'conservative') => number[] | null;

/** Plays a match: the describer writes plain descriptions, each judge scores with `judge` (null = abstains). */
function play(seed: string, seats: { agentId: string; kind?: string }[], judge: Judge, words = 2): DeepMatchRecord {
  const config = { words, lang: 'en' };
  let s = initialState(deep, config, currentDeal(seed), seats.length) as DeepState;
  const moves: MoveRecord[] = [];
  for (let guard = 0; s.phase !== 'over' && guard < 200; guard++) {
    for (const seat of activeSeats(s)) {
      let action: DeepAction;
      if (s.phase === 'describe') {
        action =
          s.step.mode === 'aggressive'
            ? { type: 'aggressive', text: `Plain words ${s.step.item}` }
            : { type: 'conservative', candidates: ['x', 'y'], text: `Vague ${s.step.item}` };
      } else {
        const q = s.queue[s.step.judging]!;
        const canonical = judge(s, seat, q.mode);
        // The judge answers in the order it was shown the words.
        action = canonical
          ? { type: 'score', scores: q.orders[seat - 1]!.map((i) => canonical[i]!) }
          : { type: 'pass' };
      }
      const m = { ply: moves.length, seat, action };
      s = applyMove(deep, s, currentDeal(seed), m) as DeepState;
      moves.push(m);
    }
  }
  expect(s.phase).toBe('over');
  return {
    id: seed,
    config,
    seed,
    generator: CURRENT_GENERATOR,
    numPlayers: seats.length,
    seats: seats.map((x, seat) => ({
      seat,
      agentId: x.agentId,
      agentName: x.agentId.toUpperCase(),
      kind: x.kind ?? 'llm',
    })),
    moves,
  };
}

// A judge that finds aggressive descriptions telling (target 5, distractors 1) and conservative ones vague
// (target 2, distractors 4); a second one a point milder on the target.
const sharp: Judge = (_s, _seat, mode) => (mode === 'aggressive' ? [5, 1, 1, 1] : [2, 4, 4, 4]);
const mild: Judge = (_s, _seat, mode) => (mode === 'aggressive' ? [4, 1, 2, 1] : [3, 4, 4, 3]);

describe('Table 1', () => {
  const matches = [
    play('m1', [{ agentId: 'd' }, { agentId: 'j' }], sharp),
    play('m2', [{ agentId: 'd' }, { agentId: 'j' }], sharp, 3),
  ];
  const r = analyseDeep(matches);

  it('averages target and distractor scores per describer, judge and mode over every description', () => {
    expect(r.matches).toBe(2);
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]).toMatchObject({
      describerId: 'd',
      judgeId: 'j',
      judgeName: 'J',
      scored: 10,
      aggressiveTarget: { n: 5, mean: 5 },
      aggressiveDistractor: { n: 5, mean: 1 },
      conservativeTarget: { n: 5, mean: 2 },
      conservativeDistractor: { n: 5, mean: 4 },
    });
    // Constant scores: the bootstrap interval collapses onto the mean.
    expect(r.rows[0]!.aggressiveTarget.ci95).toEqual([5, 5]);
  });

  it('pools every person into one judge, leaves abstentions out, and keeps describers apart', () => {
    const abstainOnConservative: Judge = (s, seat, mode) => (mode === 'conservative' ? null : mild(s, seat, mode));
    const r2 = analyseDeep([
      play('p1', [{ agentId: 'd' }, { agentId: 'alice', kind: 'human' }], sharp, 1),
      play('p2', [{ agentId: 'd' }, { agentId: 'bob', kind: 'human' }], abstainOnConservative, 1),
      play('p3', [{ agentId: 'e' }, { agentId: 'j' }], mild, 1),
    ]);
    const people = r2.rows.find((x) => x.judgeId === PEOPLE && x.describerId === 'd')!;
    expect(people.judgeName).toBe(PEOPLE_NAME);
    expect(people.scored).toBe(3);
    expect(people.aggressiveTarget).toMatchObject({ n: 2, mean: 4.5, ci95: null }); // too few for an interval
    expect(people.conservativeTarget).toMatchObject({ n: 1, mean: 2 });
    expect(r2.rows.find((x) => x.describerId === 'e')).toMatchObject({
      judgeId: 'j',
      aggressiveDistractor: { mean: 4 / 3 },
    });
    expect(r2.rows).toHaveLength(2);
  });

  it('skips matches that cannot be replayed', () => {
    const broken = { ...matches[0]!, moves: matches[0]!.moves.slice(0, 3) };
    expect(analyseDeep([broken]).matches).toBe(0);
  });
});

describe('agreement', () => {
  it('compares two judges on exactly the same descriptions', () => {
    const m = play('two', [{ agentId: 'd' }, { agentId: 'ann', kind: 'human' }, { agentId: 'j' }], sharp, 2);
    // Judge 2 scores like `mild`.
    const m2 = play(
      'two-b',
      [{ agentId: 'd' }, { agentId: 'ann', kind: 'human' }, { agentId: 'j' }],
      (s, seat, mode) => (seat === 1 ? sharp : mild)(s, seat, mode),
      2,
    );
    const same = analyseDeep([m]).agreement;
    expect(same).toEqual([
      {
        judges: ['J', PEOPLE_NAME].sort(),
        descriptions: 4,
        pairs: 16,
        exact: 1,
        withinOne: 1,
        meanAbsDiff: 0,
        pearson: 1,
      },
    ]);
    const [a] = analyseDeep([m2]).agreement;
    // Per description: aggressive [5,1,1,1] vs [4,1,2,1] and conservative [2,4,4,4] vs [3,4,4,3]: 4 of 8 differ, by one.
    expect(a).toMatchObject({ descriptions: 4, pairs: 16, exact: 0.5, withinOne: 1, meanAbsDiff: 0.5 });
    expect(a!.pearson).toBeGreaterThan(0.8);
    expect(a!.pearson).toBeLessThan(1);
  });

  it('has no agreement rows with one judge, and a null correlation for constant scores', () => {
    expect(analyseDeep([play('one', [{ agentId: 'd' }, { agentId: 'j' }], sharp, 1)]).agreement).toEqual([]);
    expect(pearson([3, 3, 3], [1, 2, 3])).toBeNull();
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1);
  });
});
