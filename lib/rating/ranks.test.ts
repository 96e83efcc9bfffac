// Tests of uncertainty-aware ranks: known ranks from constructed intervals, shared ranks, lowData point bounds.
import { describe, expect, it } from 'vitest';
import type { AgentBootstrap } from './bootstrap';
import { rankAgents, ranksFromIntervals, ranksWithinGroups, shownGroups } from './ranks';
import type { Interval } from './types';

/** [low, high] pairs as intervals. */
const iv = (pairs: [number, number][]): Interval[] => pairs.map(([lower, upper]) => ({ lower, upper }));
const one = (pair: [number, number] | null): Interval | null => pair && iv([pair])[0]!;

describe('ranks', () => {
  it('ranks 1 + the number of agents whose lower bound is above this upper bound', () => {
    expect(
      ranksFromIntervals(
        iv([
          [10, 12],
          [9, 11],
          [5, 8],
          [5, 8],
          [1, 2],
        ]),
      ),
    ).toEqual([1, 1, 3, 3, 5]);
    // a wide interval overlaps everyone and stays at rank 1; touching bounds are not "strictly above"
    expect(
      ranksFromIntervals(
        iv([
          [3, 4],
          [0, 10],
          [1, 3],
          [-1, 0.5],
        ]),
      ),
    ).toEqual([1, 1, 1, 3]);
    expect(
      ranksFromIntervals(
        iv([
          [2, 2],
          [2, 2],
          [1, 1],
        ]),
      ),
    ).toEqual([1, 1, 3]);
  });

  it('uses the chosen interval, and the point estimate for lowData agents', () => {
    const summary = (
      point: number,
      ci90: [number, number] | null,
      ci95: [number, number] | null,
    ): AgentBootstrap['beta'] => ({ point, mean: point, median: ci90 && point, ci90: one(ci90), ci95: one(ci95) });
    const agents: AgentBootstrap[] = [
      {
        group: 0,
        agentId: 'a',
        matches: 50,
        lowData: false,
        beta: summary(1, [0.6, 1.4], [0.4, 1.6]),
        rating: summary(0, null, null),
      },
      {
        group: 0,
        agentId: 'b',
        matches: 50,
        lowData: false,
        beta: summary(0, [-0.5, 0.5], [-0.7, 0.7]),
        rating: summary(0, null, null),
      },
      {
        group: 0,
        agentId: 'c',
        matches: 2,
        lowData: true,
        beta: summary(0.55, null, null),
        rating: summary(0, null, null),
      },
    ];
    expect(rankAgents(agents, 0.9)).toEqual([1, 3, 2]); // c is ranked as if its point were certain
    expect(rankAgents(agents, 0.95)).toEqual([1, 1, 1]);
  });
});

describe('groups of agents that never met', () => {
  it('ranks within each group only: an agent of another group never counts against one', () => {
    // a is far above b in group 1; c, far above everyone's numbers, is alone in group 2.
    const intervals = iv([
      [10, 12],
      [0, 2],
      [50, 60],
    ]);
    expect(ranksFromIntervals(intervals)).toEqual([2, 3, 1]);
    expect(ranksWithinGroups(intervals, [1, 1, 2])).toEqual([1, 2, 1]);
    expect(ranksWithinGroups(intervals, [null, null, null])).toEqual([2, 3, 1]);
  });

  it('numbers the shown groups 1, 2, … in the board order, or none when the shown agents are one group', () => {
    expect(shownGroups([0, 2, 2, 0, 5])).toEqual({ group: [1, 2, 2, 1, 3], count: 3 });
    // Group 0 hidden by a filter: the shown ones are renumbered from 1.
    expect(shownGroups([2, 5, 2])).toEqual({ group: [1, 2, 1], count: 2 });
    expect(shownGroups([3, 3])).toEqual({ group: [null, null], count: 1 });
    // Runs stored before groups were kept: one group.
    expect(shownGroups([undefined, undefined])).toEqual({ group: [null, null], count: 1 });
  });
});
