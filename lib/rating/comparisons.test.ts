// Tests of how matches become sides and weighted pairwise comparisons (two seats, N players, teams, exclusions).
import { describe, expect, it } from 'vitest';
import { buildComparisons, matchComparisons, matchSides, type MatchComparison } from './comparisons';
import type { RatedMatch } from './types';

function match(seats: [agentId: string, score: number, team?: string][], extra: Partial<RatedMatch> = {}): RatedMatch {
  return { id: 'm', gameId: 'g', seats: seats.map(([agentId, score, team]) => ({ agentId, score, team })), ...extra };
}

/** Total comparison weight and wins per agent. */
function totals(cs: MatchComparison[]) {
  const weight = new Map<string, number>();
  const wins = new Map<string, number>();
  for (const c of cs) {
    weight.set(c.a, (weight.get(c.a) ?? 0) + c.weight);
    weight.set(c.b, (weight.get(c.b) ?? 0) + c.weight);
    wins.set(c.a, (wins.get(c.a) ?? 0) + c.weight * c.scoreA);
    wins.set(c.b, (wins.get(c.b) ?? 0) + c.weight * (1 - c.scoreA));
  }
  return { weight, wins };
}

describe('match comparisons', () => {
  it('two seats: the seat scores are fractional wins', () => {
    expect(
      matchComparisons(
        match([
          ['a', 1],
          ['b', 0],
        ]),
      ),
    ).toEqual([{ a: 'a', b: 'b', weight: 1, scoreA: 1 }]);
    expect(
      matchComparisons(
        match([
          ['a', 0.5],
          ['b', 0.5],
        ]),
      ),
    ).toEqual([{ a: 'a', b: 'b', weight: 1, scoreA: 0.5 }]);
    expect(
      matchComparisons(
        match([
          ['a', 0.3],
          ['b', 0.7],
        ]),
      )[0]!.scoreA,
    ).toBeCloseTo(0.3, 12);
  });

  it('N players: every pair compared by score, weight 1/(N − 1), so each agent carries weight 1 per match', () => {
    const cs = matchComparisons(
      match([
        ['a', 1],
        ['b', 0],
        ['c', 0],
        ['d', 0],
      ]),
    );
    expect(cs).toHaveLength(6);
    const { weight, wins } = totals(cs);
    for (const id of ['a', 'b', 'c', 'd']) expect(weight.get(id)).toBeCloseTo(1, 12);
    expect(wins.get('a')).toBeCloseTo(1, 12); // beat all three
    expect(wins.get('b')).toBeCloseTo(1 / 3, 12); // two ties among the losers, half of 1/3 each
    // a shared top score ties that pair
    const shared = matchComparisons(
      match([
        ['a', 0.5],
        ['b', 0.5],
        ['c', 0],
      ]),
    );
    expect(shared.find((c) => c.a === 'a' && c.b === 'b')!.scoreA).toBe(0.5);
    expect(shared.find((c) => c.a === 'a' && c.b === 'c')).toEqual({ a: 'a', b: 'c', weight: 0.5, scoreA: 1 });
  });

  it('teams: sides are teams scored by their seat sums; cross-team agent pairs share the weight', () => {
    const m = match([
      ['a', 0.5, 'red'],
      ['c', 0, 'blue'],
      ['b', 0.5, 'red'],
      ['d', 0, 'blue'],
    ]);
    expect(matchSides(m)).toEqual([
      { agentIds: ['a', 'b'], score: 1 },
      { agentIds: ['c', 'd'], score: 0 },
    ]);
    const cs = matchComparisons(m);
    expect(cs.map((c) => `${c.a}${c.b}`).sort()).toEqual(['ac', 'ad', 'bc', 'bd']); // no teammate comparisons
    for (const c of cs) expect(c).toMatchObject({ weight: 0.5, scoreA: 1 });
    const { weight } = totals(cs);
    for (const id of ['a', 'b', 'c', 'd']) expect(weight.get(id)).toBeCloseTo(1, 12);
  });

  it('an agent holding several seats of a side is one player: one comparison per match, not one per seat', () => {
    // Sea Battle with x commanding red's three ships and y blue's: one comparison of weight 1.
    const whole = matchComparisons(
      match([
        ['x', 1 / 3, 'red'],
        ['x', 1 / 3, 'red'],
        ['x', 1 / 3, 'red'],
        ['y', 0, 'blue'],
        ['y', 0, 'blue'],
        ['y', 0, 'blue'],
      ]),
    );
    expect(whole).toEqual([{ a: 'x', b: 'y', weight: 1, scoreA: 1 }]);
    // Two agents share red (x two ships, z one), y commands blue: x and z each carry weight 1/√2 against y.
    const shared = matchComparisons(
      match([
        ['x', 0, 'red'],
        ['z', 0, 'red'],
        ['x', 0, 'red'],
        ['y', 0.5, 'blue'],
        ['y', 0.5, 'blue'],
      ]),
    );
    expect(shared.map((c) => `${c.a}${c.b}:${c.scoreA}`)).toEqual(['xy:0', 'zy:0']);
    for (const c of shared) expect(c.weight).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it('skips cooperative matches, single sides and self-comparisons', () => {
    expect(
      matchComparisons(
        match(
          [
            ['a', 0.5],
            ['b', 0.5],
          ],
          { cooperative: true, teamScore: 20 },
        ),
      ),
    ).toEqual([]);
    expect(
      matchComparisons(
        match([
          ['a', 0.5, 't'],
          ['b', 0.5, 't'],
        ]),
      ),
    ).toEqual([]);
    expect(
      matchComparisons(
        match([
          ['a', 1],
          ['a', 0],
        ]),
      ),
    ).toEqual([]);
  });

  it('aggregates comparisons per agent pair with i < j', () => {
    const ms = [
      match([
        ['b', 1],
        ['a', 0],
      ]),
      match([
        ['a', 1],
        ['b', 0],
      ]),
      match([
        ['a', 0.5],
        ['b', 0.5],
      ]),
      match([
        ['a', 1],
        ['c', 0],
      ]),
    ];
    expect(buildComparisons(ms)).toEqual({
      agents: ['a', 'b', 'c'],
      comparisons: [
        { i: 0, j: 1, wi: 1.5, wj: 1.5 },
        { i: 0, j: 2, wi: 1, wj: 0 },
      ],
    });
  });
});
