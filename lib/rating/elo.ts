// Elo ratings by sequential updates in match order, for reference next to Bradley-Terry.
import { isRated, matchComparisons, ratedAgents } from './comparisons';
import type { RatedMatch } from './types';
import { assertRatedMatches } from './validate';

/** Options of the Elo updates. */
export interface EloOptions {
  /** K-factor of a two-seat match (default 16). */
  k?: number;
  /** Rating of a new agent (default 1000). */
  initial?: number;
}

/** Matches in the order online methods replay them: by finishedAt, stable; a missing finishedAt sorts first. */
export function inPlayOrder(matches: readonly RatedMatch[]): RatedMatch[] {
  return matches
    .map((m, k) => ({ m, k }))
    .sort((x, y) => (x.m.finishedAt ?? -Infinity) - (y.m.finishedAt ?? -Infinity) || x.k - y.k)
    .map(({ m }) => m);
}

/**
 * Elo rating per rated agent after replaying the matches in play order. Each match is rated as its pairwise
 * comparisons (comparisons.ts), a comparison of weight w moving a by K·w·(scoreA − expected), so an N-player
 * free-for-all uses K/(N − 1) per pair. All updates of a match use the ratings from before it.
 */
export function eloRatings(matches: readonly RatedMatch[], opts: EloOptions = {}): Map<string, number> {
  assertRatedMatches(matches, 'Elo');
  const k = opts.k ?? 16;
  const initial = opts.initial ?? 1000;
  const ratings = new Map(ratedAgents(matches).map((id) => [id, initial]));
  for (const m of inPlayOrder(matches)) eloStep(ratings, m, k, initial);
  return ratings;
}

/**
 * One match's Elo updates applied to `ratings` in place (every agent of a rated match enters at `initial`): the one
 * step both the from-scratch replay above and the incremental one (online.ts) take, so they agree exactly.
 */
export function eloStep(ratings: Map<string, number>, m: RatedMatch, k: number, initial: number): void {
  if (isRated(m)) for (const s of m.seats) if (!ratings.has(s.agentId)) ratings.set(s.agentId, initial);
  const delta = new Map<string, number>();
  for (const c of matchComparisons(m)) {
    const expected = 1 / (1 + 10 ** ((ratings.get(c.b)! - ratings.get(c.a)!) / 400));
    const d = k * c.weight * (c.scoreA - expected);
    delta.set(c.a, (delta.get(c.a) ?? 0) + d);
    delta.set(c.b, (delta.get(c.b) ?? 0) - d);
  }
  for (const [id, d] of delta) ratings.set(id, ratings.get(id)! + d);
}
