// The leaderboard's query (validated, shareable as URL parameters) and result shapes, and how pages reach the
// server's leaderboard service (registered on globalThis by server/main.ts; app/ never imports server/).
import { z } from 'zod';
import { serviceSlot } from './service-slot';

/** The id and name of the one player all people become when the leaderboard rates them together. */
export const HUMANS_ID = 'humans';
export const HUMANS_NAME = 'Humans (all people)';

export const CATEGORIES = [
  'abstract-strategy',
  'non-deterministic',
  'hidden-information',
  'language-communication',
  'social-deduction',
  'cooperation',
] as const;

export const leaderboardQuerySchema = z.object({
  /** A game id; absent = all games. */
  game: z.string().min(1).max(64).optional(),
  /** One of GameBench's six reasoning categories; absent = all. */
  category: z.enum(CATEGORIES).optional(),
  method: z.enum(['bt', 'trueskill', 'elo']).default('bt'),
  interval: z.enum(['90', '95']).default('95'),
  scheme: z.enum(['plain', 'game-weighted']).default('plain'),
  /** Show the random and engine baselines. */
  baselines: z.enum(['show', 'hide']).default('show'),
  /** Show agents answered by the simulated endpoint. */
  simulated: z.enum(['show', 'hide']).default('show'),
  /**
   * People (agents of kind `human`, the human baseline); their matches count like any other.
   * - `each`: every person is their own row (default).
   * - `together`: all people are merged into one player, "Humans (all people)" (HUMANS_ID), before the fit, so
   *   Bradley-Terry, the bootstrap, TrueSkill and Elo all rate one player; people never count against each other
   *   (a match with people in every seat is left out), and its matches are the rated matches with at least one person.
   * - `hide`: every match with a person in any seat is left out of the fit (not just the rows hidden), so the
   *   models' ratings are exactly what they would be had no person played.
   */
  humans: z.enum(['each', 'together', 'hide']).default('each'),
  /**
   * Only LLM agents with this prompt version (baselines stay). Model, scaffold and prompt version are part of an
   * agent's identity: each version is its own row, never merged with another.
   */
  version: z.string().trim().min(1).max(32).optional(),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

/**
 * Reads a query from URL parameters; unknown or invalid values fall back to defaults, with the problems listed.
 * `defaults` replaces the schema's defaults for what the address leaves out (the site's people filter: lib/settings.ts).
 */
export function parseLeaderboardQuery(
  params: Record<string, string | string[] | undefined>,
  defaults: Partial<Pick<LeaderboardQuery, 'humans'>> = {},
): { query: LeaderboardQuery; problems: string[] } {
  const flat = Object.fromEntries(
    Object.entries(params)
      .map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])
      .filter(([, v]) => v !== undefined && v !== '' && v !== 'all'),
  );
  const problems: string[] = [];
  const query: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(leaderboardQuerySchema.shape) as (keyof LeaderboardQuery)[]) {
    if (!(key in flat)) continue;
    const r = leaderboardQuerySchema.shape[key].safeParse(flat[key]);
    if (r.success) query[key] = r.data;
    else problems.push(`${key}: "${String(flat[key])}" is not valid (${r.error.issues[0]?.message ?? 'invalid'})`);
  }
  return { query: leaderboardQuerySchema.parse(query), problems };
}

export interface Interval {
  lower: number;
  upper: number;
}

export interface LeaderboardRow {
  /** 1 + number of agents whose interval lies entirely above this one (ties share a rank). */
  rank: number;
  agentId: string;
  agentName: string;
  agentKind: string;
  simulated: boolean;
  model: string | null;
  scaffold: string | null;
  promptVersion: string | null;
  /** The rating in the chosen method's scale (BT: Elo-like scale anchored on the reference agent; TrueSkill: μ; Elo). */
  rating: number;
  /** Interval in the same scale, null when the method has none or the agent has too few matches. */
  interval: Interval | null;
  /** Too few matches for a meaningful interval: shown with its point estimate only. */
  lowData: boolean;
  bt: { beta: number; scaled: number; median: number | null; ci90: Interval | null; ci95: Interval | null } | null;
  trueskill: { mu: number; sigma: number; conservative: number } | null;
  elo: number | null;
  matches: number;
  wins: number;
  draws: number;
  losses: number;
  /** Mean score in [0, 1] (GameBench Table 3). */
  avgScore: number;
  /** Kept apart from skill. */
  reliability: {
    /** Illegal or unreadable answers per model reply. */
    illegalRate: number | null;
    /** Rejected attempts per move played. */
    retriesPerMove: number | null;
    forfeitedTurns: number;
    /** Matches of this agent voided by infrastructure failures (not counted in ratings). */
    voided: number;
  };
}

export interface PairCell {
  /** Row agent. */
  a: string;
  /** Column agent. */
  b: string;
  matches: number;
  /** a's observed score share against b (wins + draws/2) / matches, null when they never met. */
  observed: number | null;
  /** The model's win probability of a over b (BT), null for other methods. */
  model: number | null;
}

export interface CooperativeRow {
  gameId: string;
  agentId: string;
  agentName: string;
  agentKind: string;
  simulated: boolean;
  matches: number;
  /** Mean raw team score (e.g. Hanabi points). */
  mean: number;
  interval: Interval | null;
}

export interface LeaderboardResult {
  query: LeaderboardQuery;
  rows: LeaderboardRow[];
  pairs: PairCell[];
  /** LLMArena's normalized score: each agent's mean score per game as a percentage of the best agent's. */
  normalized: { games: string[]; rows: { agentId: string; perGame: Record<string, number | null>; average: number | null }[] };
  /**
   * Cooperative games (Hanabi): the seats play together, so they are not in the ratings; each agent's mean team score
   * per game with a bootstrap interval (null with too few matches), best first.
   */
  cooperative: CooperativeRow[];
  /** Reference agent of the BT scale (fixed at 1000). */
  anchor: { agentId: string; agentName: string } | null;
  /** Prompt versions of the rated LLM agents, for the version filter. */
  versions: string[];
  matchesUsed: number;
  bootstrapRounds: number;
  computedAt: string;
  /** A newer match finished since: a recompute is running and this result will be replaced. */
  stale: boolean;
}

export interface LeaderboardService {
  get(query: LeaderboardQuery): Promise<LeaderboardResult>;
}

const slot = serviceSlot<LeaderboardService>('__arenaLeaderboard', 'the leaderboard service is not running (start the arena with `npm start`)');
export const registerLeaderboardService = slot.register;
export const leaderboardService = slot.get;
