// Tests of uncertainty-aware ranks: known ranks from constructed intervals, shared ranks, lowData point bounds.
import { describe, expect, it } from 'vitest';
import type { AgentBootstrap } from './bootstrap';
import { rankAgents, ranksFromIntervals } from './ranks';
import type { Interval } from './types';

/** [low, high] pairs as intervals. */
const iv = (pairs: [number, number][]): Interval[] => pairs.map(([lower, upper]) => ({ lower, upper }));
const one = (pair: [number, number] | null): Interval | null => pair && iv([pair])[0]!;

describe('ranks', () => {
  it('ranks 1 + the number of agents whose lower bound is above this upper bound', () => {
    expect(ranksFromIntervals(iv([[10, 12], [9, 11], [5, 8], [5, 8], [1, 2]]))).toEqual([1, 1, 3, 3, 5]);
    // a wide interval overlaps everyone and stays at rank 1; touching bounds are not "strictly above"
    expect(ranksFromIntervals(iv([[3, 4], [0, 10], [1, 3], [-1, 0.5]]))).toEqual([1, 1, 1, 3]);
    expect(ranksFromIntervals(iv([[2, 2], [2, 2], [1, 1]]))).toEqual([1, 1, 3]);
  });

  it('uses the chosen interval, and the point estimate for lowData agents', () => {
    const summary = (point: number, ci90: [number, number] | null, ci95: [number, number] | null): AgentBootstrap['beta'] => ({ point, mean: point, median: ci90 && point, ci90: one(ci90), ci95: one(ci95) });
    const agents: AgentBootstrap[] = [
      { group: 0, agentId: 'a', matches: 50, lowData: false, beta: summary(1, [0.6, 1.4], [0.4, 1.6]), rating: summary(0, null, null) },
      { group: 0, agentId: 'b', matches: 50, lowData: false, beta: summary(0, [-0.5, 0.5], [-0.7, 0.7]), rating: summary(0, null, null) },
      { group: 0, agentId: 'c', matches: 2, lowData: true, beta: summary(0.55, null, null), rating: summary(0, null, null) },
    ];
    expect(rankAgents(agents, 0.9)).toEqual([1, 3, 2]); // c is ranked as if its point were certain
    expect(rankAgents(agents, 0.95)).toEqual([1, 1, 1]);
  });
});
