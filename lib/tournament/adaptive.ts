// Adaptive tournament format: keep scheduling the adjacent pairs whose rating intervals overlap most until all are separated.
import { bootstrap, type RatedMatch } from '../rating';
import { seedStream, type PlannedMatch } from './pairings';

/** An agent's bootstrap interval of its Bradley-Terry log-strength β (0 = the centre of the field). */
export interface RatedInterval {
  agentId: string;
  /** Bootstrap median of β (0 when the agent has no interval yet). */
  median: number;
  /** Lower end of the interval (-Infinity when the agent has no interval yet). */
  lo: number;
  /** Upper end of the interval (Infinity when the agent has no interval yet). */
  hi: number;
}

/**
 * Bootstrap intervals (90% or 95%) of the agents' β from the rated matches, in `agentIds` order. An agent without
 * an interval — no rated matches, or fewer than `minMatches` (the bootstrap's lowData, default 5) — gets the
 * infinite interval (-∞, ∞) with median 0, so it is always scheduled. Matches of agents outside `agentIds` still
 * take part in the fit. `rounds` defaults to the bootstrap's 1000.
 */
export function intervalsFrom(
  matches: RatedMatch[],
  agentIds: string[],
  opts: { confidence: 0.9 | 0.95; rounds?: number; seed: string; minMatches?: number },
): RatedInterval[] {
  const byAgent = new Map<string, RatedInterval>();
  if (matches.length > 0) {
    const result = bootstrap(matches, { rounds: opts.rounds, seed: opts.seed, minMatches: opts.minMatches });
    for (const a of result.agents) {
      const ci = opts.confidence === 0.9 ? a.beta.ci90 : a.beta.ci95;
      if (ci && a.beta.median !== null)
        byAgent.set(a.agentId, { agentId: a.agentId, median: a.beta.median, lo: ci.lower, hi: ci.upper });
    }
  }
  return agentIds.map((agentId) => byAgent.get(agentId) ?? { agentId, median: 0, lo: -Infinity, hi: Infinity });
}

/** Length of the intersection of [a.lo, a.hi] and [b.lo, b.hi]: 0 when they are disjoint or touch, Infinity when both are unbounded the same way. */
export function overlap(a: RatedInterval, b: RatedInterval): number {
  const lo = Math.max(a.lo, b.lo);
  const hi = Math.min(a.hi, b.hi);
  return hi > lo ? hi - lo : 0;
}

/** Whether the closed intervals share a point (touching counts, so a zero-width interval inside another intersects it). */
function intersects(a: RatedInterval, b: RatedInterval): boolean {
  return Math.max(a.lo, b.lo) <= Math.min(a.hi, b.hi);
}

/** Whether the interval is unbounded (the agent has no interval yet). */
const unbounded = (a: RatedInterval) => !Number.isFinite(a.lo) || !Number.isFinite(a.hi);

const compareIds = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** The intervals by median, ties by agent id. */
function byMedian(intervals: readonly RatedInterval[]): RatedInterval[] {
  return [...intervals].sort((a, b) => a.median - b.median || compareIds(a.agentId, b.agentId));
}

/**
 * Whether the ranking is settled: sorted by median, every adjacent pair's (closed) intervals are disjoint.
 * Since each interval contains its median, this also makes every non-adjacent pair disjoint. True for 0 or 1 agents.
 */
export function allSeparated(intervals: RatedInterval[]): boolean {
  const sorted = byMedian(intervals);
  for (let i = 0; i + 1 < sorted.length; i++) if (intersects(sorted[i]!, sorted[i + 1]!)) return false;
  return true;
}

/**
 * The next pairs to play: the adjacent pairs in median order whose intervals still intersect (exactly the pairs
 * separation needs; [] when allSeparated), at most `maxPairs`. Pairs with an agent that has no interval yet come
 * first, then by overlap descending, ties by the pair's agent ids. Each pair is [lower median, higher median].
 */
export function choosePairs(intervals: RatedInterval[], maxPairs: number): [string, string][] {
  const sorted = byMedian(intervals);
  const candidates: { pair: [string, string]; open: boolean; overlap: number; key: [string, string] }[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const [a, b] = [sorted[i]!, sorted[i + 1]!];
    if (!intersects(a, b)) continue;
    const key: [string, string] = a.agentId < b.agentId ? [a.agentId, b.agentId] : [b.agentId, a.agentId];
    candidates.push({ pair: [a.agentId, b.agentId], open: unbounded(a) || unbounded(b), overlap: overlap(a, b), key });
  }
  candidates.sort(
    (x, y) =>
      Number(y.open) - Number(x.open) ||
      (x.overlap === y.overlap ? 0 : y.overlap > x.overlap ? 1 : -1) ||
      compareIds(x.key[0], y.key[0]) ||
      compareIds(x.key[1], y.key[1]),
  );
  return candidates.slice(0, Math.max(0, Math.floor(maxPairs))).map((c) => c.pair);
}

/**
 * One adaptive round's matches: for every game and chosen pair, `seedsPerPair` seeds, each played twice with the
 * seats swapped. The seeds are drawn from (seed, round), so every round gets fresh seeds and a plan replays exactly.
 */
export function adaptiveBatch(opts: {
  gameIds: string[];
  pairs: [string, string][];
  seedsPerPair: number;
  seed: string;
  round: number;
}): PlannedMatch[] {
  if (!Number.isInteger(opts.seedsPerPair) || opts.seedsPerPair < 1)
    throw new Error(`seedsPerPair must be a whole number of at least 1 (got ${opts.seedsPerPair})`);
  if (!Number.isInteger(opts.round) || opts.round < 0)
    throw new Error(`round must be a whole number of at least 0 (got ${opts.round})`);
  for (const [a, b] of opts.pairs) if (a === b) throw new Error(`an agent cannot be paired with itself (${a})`);
  const nextSeed = seedStream(`${opts.seed}:adaptive:${opts.round}`);
  const out: PlannedMatch[] = [];
  for (const gameId of opts.gameIds) {
    for (const [a, b] of opts.pairs) {
      for (let k = 0; k < opts.seedsPerPair; k++) {
        const seed = nextSeed();
        out.push({ gameId, seats: [a, b], seed }, { gameId, seats: [b, a], seed });
      }
    }
  }
  return out;
}
