// TrueSkill ratings (ts-trueskill, loaded lazily because it pulls in mathjs) replayed in match order.
import type { Rating } from 'ts-trueskill';
import { matchSides } from './comparisons';
import { inPlayOrder } from './elo';
import type { RatedMatch } from './types';
import { assertRatedMatches } from './validate';

/** TrueSkill rating of an agent. */
export interface TrueSkillRating {
  /** Mean skill. */
  mu: number;
  /** Uncertainty (standard deviation). */
  sigma: number;
  /** Conservative skill μ − 3σ (what a leaderboard sorts by). */
  conservative: number;
}

/** Options of the TrueSkill environment (the others keep ts-trueskill's defaults: β = σ/2, τ = σ/100, draws 10%). */
export interface TrueSkillOptions {
  /** Initial mean (default 25). */
  mu?: number;
  /** Initial standard deviation (default 25/3). */
  sigma?: number;
}

/**
 * TrueSkill rating per agent after replaying the non-cooperative matches in play order. Each match is its sides
 * (teams, or single seats in a free-for-all) ranked by side score, equal scores sharing a rank. Matches where an
 * agent holds more than one seat are skipped (TrueSkill cannot rate a player against itself).
 * Costs about 0.1 ms per match (ts-trueskill's factor graph), plus ~1 s to load mathjs on first use.
 */
export async function trueSkillRatings(matches: readonly RatedMatch[], opts: TrueSkillOptions = {}): Promise<Map<string, TrueSkillRating>> {
  assertRatedMatches(matches, 'TrueSkill');
  const { TrueSkill } = await import('ts-trueskill');
  const env = new TrueSkill(opts.mu ?? 25, opts.sigma ?? 25 / 3);
  const ratings = new Map<string, Rating>();
  for (const m of inPlayOrder(matches)) {
    if (m.cooperative) continue;
    const sides = matchSides(m);
    const ids = sides.flatMap((s) => s.agentIds);
    if (sides.length < 2 || new Set(ids).size < ids.length) continue;
    const groups = sides.map((s) => s.agentIds.map((id) => ratings.get(id) ?? env.createRating()));
    const ranks = sides.map((s) => sides.filter((o) => o.score > s.score).length);
    const rated = env.rate(groups, ranks) as Rating[][];
    sides.forEach((s, t) => s.agentIds.forEach((id, k) => ratings.set(id, rated[t]![k]!)));
  }
  return new Map([...ratings].map(([id, r]) => [id, { mu: r.mu, sigma: r.sigma, conservative: r.mu - 3 * r.sigma }]));
}
