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
 * A two-player match costs ~6 µs (`rateHeadToHead`), one of more players or teams ~0.1 ms (ts-trueskill's factor graph),
 * plus ~1 s to load mathjs on first use.
 */
export async function trueSkillRatings(
  matches: readonly RatedMatch[],
  opts: TrueSkillOptions = {},
): Promise<Map<string, TrueSkillRating>> {
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
  if (teams.length === 2 && teams[0]!.agentIds.length === 1 && teams[1]!.agentIds.length === 1) {
    const [a, b] = [teams[0]!.agentIds[0]!, teams[1]!.agentIds[0]!];
    const [ra, rb] = rateHeadToHead(
      env,
      ratings.get(a) ?? env.createRating(),
      ratings.get(b) ?? env.createRating(),
      ranksOf(teams),
    );
    ratings.set(a, ra);
    ratings.set(b, rb);
    return;
  }
  const groups = teams.map((t) => t.agentIds.map((id) => ratings.get(id) ?? env.createRating()));
  const rated = env.rate(groups, ranksOf(teams)) as Rating[][];
  teams.forEach((t, k) => t.agentIds.forEach((id, i) => ratings.set(id, rated[k]![i]!)));
}

/**
 * One player against one, in closed form: what ts-trueskill's factor graph computes for two teams of one player (its
 * schedule then takes a single truncation step: the posterior of each rating after one EP update), with the same
 * dynamics (σ² + τ²), draw margin and v/w functions (its own Gaussian, the same guards), without building the graph:
 * a replay of two-player matches ~11× faster (6 µs a match instead of 67), what a million matches replayed costs.
 * `ranks`: 0 = better, equal for a draw. Tested equal to `env.rate` (trueskill.test.ts).
 */
export function rateHeadToHead(env: TrueSkill, a: Rating, b: Rating, ranks: readonly number[]): [Rating, Rating] {
  const swap = ranks[1]! < ranks[0]!; // ts-trueskill sorts the teams by rank, stably: the better first
  const [first, second] = swap ? [b, a] : [a, b];
  const g = env.guassian;
  const v1 = first.sigma ** 2 + env.tau ** 2;
  const v2 = second.sigma ** 2 + env.tau ** 2;
  const c = Math.sqrt(v1 + v2 + 2 * env.beta ** 2);
  const margin = g.ppf((env.drawProbability + 1) / 2) * Math.SQRT2 * env.beta;
  const t = (first.mu - second.mu) / c;
  const e = margin / c;
  let v: number;
  let w: number;
  if (ranks[0] === ranks[1]) {
    // The draw's v and w (ts-trueskill's _vDraw and _wDraw).
    const abs = Math.abs(t);
    const [hi, lo] = [e - abs, -e - abs];
    const denom = g.cdf(hi) - g.cdf(lo);
    if (!denom) throw new Error('Floating point error');
    const vAbs = (g.pdf(lo) - g.pdf(hi)) / denom;
    v = vAbs * (t < 0 ? -1 : 1);
    w = vAbs ** 2 + (hi * g.pdf(hi) - lo * g.pdf(lo)) / denom;
  } else {
    // The win's (ts-trueskill's _vWin and _wWin, with its check).
    const x = t - e;
    const denom = g.cdf(x);
    v = denom ? g.pdf(x) / denom : -x;
    w = v * (v + x);
    if (!(w > 0 && w < 1)) throw new Error('floating point error');
  }
  const one = env.createRating(first.mu + (v1 / c) * v, Math.sqrt(v1 * (1 - (v1 / c ** 2) * w)));
  const two = env.createRating(second.mu - (v2 / c) * v, Math.sqrt(v2 * (1 - (v2 / c ** 2) * w)));
  return swap ? [two, one] : [one, two];
}

/** μ, σ and μ − 3σ of each rating. */
export function summarizeTrueSkill(ratings: ReadonlyMap<string, Rating>): Map<string, TrueSkillRating> {
  return new Map([...ratings].map(([id, r]) => [id, { mu: r.mu, sigma: r.sigma, conservative: r.mu - 3 * r.sigma }]));
}
