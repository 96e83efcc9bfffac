// Ranks that respect uncertainty: an agent is only ranked below agents that are clearly better (Chatbot Arena rule).
import type { AgentBootstrap } from './bootstrap';
import type { Interval } from './types';

/**
 * rank = 1 + number of agents whose lower bound is strictly above this agent's upper bound.
 * Agents whose intervals overlap share ranks; ranks need not be consecutive.
 */
export function ranksFromIntervals(intervals: readonly Interval[]): number[] {
  const lows = intervals.map(({ lower }) => lower).sort((a, b) => a - b);
  return intervals.map(({ upper: high }) => {
    // Count lows > high: binary search for the first low above high.
    let lo = 0;
    let hi = lows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (lows[mid]! > high) hi = mid;
      else lo = mid + 1;
    }
    return 1 + lows.length - lo;
  });
}

/**
 * The groups of the shown agents (components.ts's numbers, largest first; missing = 0) as a reader sees them: 1, 2, …
 * in that order among the shown ones, or all null when the shown agents are one group. Also how many there are.
 */
export function shownGroups(groups: readonly (number | null | undefined)[]): {
  group: (number | null)[];
  count: number;
} {
  const distinct = [...new Set(groups.map((g) => g ?? 0))].sort((x, y) => x - y);
  const no = new Map(distinct.map((g, i) => [g, i + 1]));
  return { group: groups.map((g) => (distinct.length > 1 ? no.get(g ?? 0)! : null)), count: distinct.length };
}

/**
 * `ranksFromIntervals` within each group of agents that were compared with each other (`groups[i]`, any labels): an
 * agent of another group, which never played this one directly or through others, never counts against it.
 */
export function ranksWithinGroups(intervals: readonly Interval[], groups: readonly (number | null)[]): number[] {
  const out = new Array<number>(intervals.length);
  for (const g of new Set(groups)) {
    const idx = intervals.flatMap((_, i) => (groups[i] === g ? [i] : []));
    const ranks = ranksFromIntervals(idx.map((i) => intervals[i]!));
    idx.forEach((i, k) => (out[i] = ranks[k]!));
  }
  return out;
}

/**
 * Ranks of bootstrapped agents by their 90% or 95% interval of β.
 * A lowData agent has no interval: its point estimate serves as both bounds (so it is ranked as if certain,
 * and the lowData flag tells readers not to trust it).
 */
export function rankAgents(agents: readonly AgentBootstrap[], interval: 0.9 | 0.95 = 0.95): number[] {
  return ranksFromIntervals(
    agents.map(({ beta }) => (interval === 0.9 ? beta.ci90 : beta.ci95) ?? { lower: beta.point, upper: beta.point }),
  );
}
