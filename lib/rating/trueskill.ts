// TrueSkill ratings (ts-trueskill, loaded lazily because it pulls in mathjs) replayed in match order.
import type { Rating, TrueSkill } from 'ts-trueskill';
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

/** One TrueSkill team of a match: distinct agents, and the score it is ranked by. */
export interface TrueSkillTeam {
  agentIds: string[];
  score: number;
}

/**
 * The teams TrueSkill rates a match as, or null when it has nothing to rate (cooperative, or fewer than two teams).
 *
 * Several seats of one agent (Undercover's setup: one host in every villager seat) are ONE player. LLMArena states no
 * TrueSkill rule for it (it does not rate Undercover by TrueSkill: its metric there is the undercover's win rate), so
 * this is the arena's own rule, and TrueSkill never rates a player against itself:
 * - an agent's seats on one side are one member of that side (the side's score stays the sum of its seats');
 * - sides that share an agent merge into one team — the agent's seats as one team against the others — ranked by the
 *   best of the merged sides' scores (the record rule's "its best side", lib/rating/comparisons.ts `agentResult`);
 * - if that leaves fewer than two teams (an agent on every side: self-play) the match rates no one.
 */
export function trueSkillTeams(m: RatedMatch): TrueSkillTeam[] | null {
  if (m.cooperative) return null;
  const sides = matchSides(m);
  if (sides.length < 2) return null;
  // Union-find over sides: two sides with an agent in common are one team.
  const parent = sides.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const firstSide = new Map<string, number>();
  sides.forEach((s, i) => {
    for (const id of s.agentIds) {
      const j = firstSide.get(id);
      if (j === undefined) firstSide.set(id, i);
      else parent[find(i)] = find(j);
    }
  });
  const teams = new Map<number, TrueSkillTeam>();
  sides.forEach((s, i) => {
    const root = find(i);
    const team = teams.get(root);
    if (!team) teams.set(root, { agentIds: [...new Set(s.agentIds)], score: s.score });
    else {
      for (const id of s.agentIds) if (!team.agentIds.includes(id)) team.agentIds.push(id);
      team.score = Math.max(team.score, s.score);
    }
  });
  return teams.size < 2 ? null : [...teams.values()];
}

/** Ranks of teams by score (0 = best), equal scores (within floating-point error: sums such as ⅓ + ⅓ + ⅓) sharing a rank. */
function ranksOf(teams: readonly TrueSkillTeam[]): number[] {
  return teams.map((t) => teams.filter((o) => o.score > t.score + 1e-9).length);
}

/**
 * TrueSkill rating per agent after replaying the non-cooperative matches in play order. Each match is its teams
 * (`trueSkillTeams`: sides, an agent's several seats as one player) ranked by score, equal scores sharing a rank.
 * Costs about 0.1 ms per match (ts-trueskill's factor graph), plus ~1 s to load mathjs on first use.
 */
export async function trueSkillRatings(matches: readonly RatedMatch[], opts: TrueSkillOptions = {}): Promise<Map<string, TrueSkillRating>> {
  assertRatedMatches(matches, 'TrueSkill');
  const env = await trueSkillEnv(opts);
  const ratings = new Map<string, Rating>();
  for (const m of inPlayOrder(matches)) trueSkillStep(env, ratings, m);
  return summarizeTrueSkill(ratings);
}

/** The TrueSkill environment the arena rates with (μ = 25, σ = 25/3 unless told), ts-trueskill loaded on first use. */
export async function trueSkillEnv(opts: TrueSkillOptions = {}): Promise<TrueSkill> {
  const { TrueSkill } = await import('ts-trueskill');
  return new TrueSkill(opts.mu ?? 25, opts.sigma ?? 25 / 3);
}

/**
 * One match rated into `ratings` in place (nothing when `trueSkillTeams` gives no teams): the one step both the
 * from-scratch replay and the incremental one (online.ts) take, so they agree exactly.
 */
export function trueSkillStep(env: TrueSkill, ratings: Map<string, Rating>, m: RatedMatch): void {
  const teams = trueSkillTeams(m);
  if (!teams) return;
  const groups = teams.map((t) => t.agentIds.map((id) => ratings.get(id) ?? env.createRating()));
  const rated = env.rate(groups, ranksOf(teams)) as Rating[][];
  teams.forEach((t, k) => t.agentIds.forEach((id, i) => ratings.set(id, rated[k]![i]!)));
}

/** μ, σ and μ − 3σ of each rating. */
export function summarizeTrueSkill(ratings: ReadonlyMap<string, Rating>): Map<string, TrueSkillRating> {
  return new Map([...ratings].map(([id, r]) => [id, { mu: r.mu, sigma: r.sigma, conservative: r.mu - 3 * r.sigma }]));
}
