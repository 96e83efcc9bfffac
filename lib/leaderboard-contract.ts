// The leaderboard's query (validated, shareable as URL parameters) and result shapes, and how pages reach the
// server's leaderboard service (registered on globalThis by server/main.ts; app/ never imports server/).
import { z } from 'zod';
import { datasetParamSchema } from './datasets';
import type { NormalizedBy } from './rating/normalized';
import type { Interval } from './rating/types';
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

/** Which rules a view rates: `current` (each game's), `pooled`, or one rules key (see `protocol` below). */
export const protocolParamSchema = z
  .string()
  .refine((v) => v === 'current' || v === 'pooled' || /^[0-9a-f]{16}$/.test(v), {
    error: 'one of current, pooled, or a rules key of 16 hex digits',
  })
  .default('current');

export const leaderboardQuerySchema = z.object({
  /** A game id; absent = all games. */
  game: z.string().min(1).max(64).optional(),
  /** One of GameBench's six reasoning categories; absent = all. */
  category: z.enum(CATEGORIES).optional(),
  /**
   * Which games count: `all` rated games (default), or `gamebench`, GameBench's nine only (its tables rate those: the
   * arena's other games are not in the paper). Applies with `game` and `category` (lib/rated-games.ts).
   */
  suite: z.enum(['all', 'gamebench']).default('all'),
  method: z.enum(['bt', 'trueskill', 'elo']).default('bt'),
  interval: z.enum(['90', '95']).default('95'),
  scheme: z.enum(['plain', 'game-weighted']).default('plain'),
  /**
   * Which Bradley-Terry rating the table shows: `point`, the fit to the data (the arena's default), or `gamebench`,
   * GameBench's Eq. 3: the mean of the B game-weighted bootstrap fits (it implies `scheme=game-weighted`).
   */
  estimate: z.enum(['point', 'gamebench']).default('point'),
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
  /**
   * Imported datasets to rate instead of the arena's own matches (lib/datasets.ts): one name or several, comma-separated.
   * Absent: the arena's matches. The two are never mixed: a view is either the arena's or its datasets'.
   */
  dataset: datasetParamSchema.optional(),
  /**
   * Which rules the matches rated were played under (lib/match-protocol.ts `rulesKey`: game version and settings
   * preset, data sets' versions): `current`, each game's current rules (its most played at its current version and
   * data; the default); `pooled`, every rules version of these games together (said so on the page); or one rules key
   * (16 hex digits, as the result's `rules` lists them). Results under different rules are never pooled unless asked.
   */
  protocol: protocolParamSchema,
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

/** A parameter of the address that could not be used: what was wrong (the API's 400 says the same) and what the page shows instead. */
export interface QueryProblem {
  key: string;
  /** `method: "foo" is not valid (one of bt, trueskill, elo)` — the API answers 400 with these messages. */
  message: string;
  /** What the page shows instead, e.g. "all games" or "Bradley-Terry". */
  instead: string;
}

/** The problem with a game id that names no rated game (the registry is checked on the server: lib/db/settings.ts). */
export const unknownGame = (id: string) => `game: "${id}" is not a registered game`;

/** What a parameter's default shows, in words (for "showing … instead"). */
function defaultInWords(key: keyof LeaderboardQuery, value: unknown): string {
  if (value === undefined)
    return key === 'game'
      ? 'all games'
      : key === 'category'
        ? 'all categories'
        : key === 'version'
          ? 'all prompt versions'
          : key === 'dataset'
            ? 'the arena’s own matches'
            : 'no filter';
  if (key === 'suite') return value === 'gamebench' ? 'GameBench’s nine games' : 'every rated game';
  if (key === 'protocol' && value === 'current') return 'each game’s current rules';
  if (key === 'protocol' && value === 'pooled') return 'every rules version pooled';
  const words: Record<string, string> = {
    bt: 'Bradley-Terry',
    trueskill: 'TrueSkill',
    elo: 'Elo',
    '95': '95% intervals',
    '90': '90% intervals',
    plain: 'the plain bootstrap',
    'game-weighted': 'the game-weighted bootstrap',
    show: `${key === 'baselines' ? 'baselines' : 'simulated agents'} shown`,
    hide: key === 'humans' ? 'people left out' : `${key === 'baselines' ? 'baselines' : 'simulated agents'} hidden`,
    each: 'each person as a row',
    together: 'all people as one player',
    point: 'the point fit',
    gamebench: 'GameBench’s estimate (Eq. 3)',
  };
  return words[String(value)] ?? String(value);
}

/** Why a value is refused, in words: the allowed values of a choice, else zod's message. */
function whyInvalid(
  key: keyof LeaderboardQuery,
  issue: { code?: string; message: string; values?: unknown[] } | undefined,
): string {
  const field = leaderboardQuerySchema.shape[key] as unknown as {
    options?: readonly string[];
    unwrap?: () => { options?: readonly string[] };
  };
  const options = field.options ?? field.unwrap?.().options;
  if (options?.length && options.every((o) => typeof o === 'string')) return `one of ${options.join(', ')}`;
  return issue?.message ?? 'invalid';
}

/**
 * Reads a query from URL parameters; unknown or invalid values fall back to defaults, each problem listed with what
 * is shown instead. `defaults` replaces the schema's defaults for what the address leaves out (the site's people
 * filter: lib/db/settings.ts).
 */
export function parseLeaderboardQuery(
  params: Record<string, string | string[] | undefined>,
  defaults: Partial<Pick<LeaderboardQuery, 'humans'>> = {},
): { query: LeaderboardQuery; problems: string[]; issues: QueryProblem[] } {
  const flat = Object.fromEntries(
    Object.entries(params)
      .map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])
      .filter(([, v]) => v !== undefined && v !== '' && v !== 'all'),
  );
  const rejected: { key: keyof LeaderboardQuery; message: string }[] = [];
  const query: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(leaderboardQuerySchema.shape) as (keyof LeaderboardQuery)[]) {
    if (!(key in flat)) continue;
    const r = leaderboardQuerySchema.shape[key].safeParse(flat[key]);
    if (r.success) query[key] = r.data;
    else
      rejected.push({
        key,
        message:
          key === 'game'
            ? unknownGame(String(flat[key]))
            : `${key}: "${String(flat[key])}" is not valid (${whyInvalid(key, r.error.issues[0])})`,
      });
  }
  const parsed = leaderboardQuerySchema.parse(query);
  // GameBench's Eq. 3 averages the fits of game-weighted resamples: that estimate implies that scheme.
  if (parsed.estimate === 'gamebench' && parsed.scheme !== 'game-weighted') {
    if ('scheme' in flat && !rejected.some((r) => r.key === 'scheme')) {
      rejected.push({
        key: 'scheme',
        message: `scheme: "${String(flat.scheme)}" does not go with estimate=gamebench (GameBench's Eq. 3 averages game-weighted resamples)`,
      });
    }
    parsed.scheme = 'game-weighted';
  }
  const issues = rejected.map(({ key, message }) => ({ key, message, instead: defaultInWords(key, parsed[key]) }));
  return { query: parsed, problems: issues.map((i) => i.message), issues };
}

/** The query string of a query: only the values that differ from the defaults, in a stable order ("" or "?a=b&c=d"). */
export function leaderboardSearch(query: LeaderboardQuery, defaults: Partial<LeaderboardQuery> = {}): string {
  const base = { ...leaderboardQuerySchema.parse({}), ...defaults };
  const params = new URLSearchParams();
  for (const key of Object.keys(leaderboardQuerySchema.shape) as (keyof LeaderboardQuery)[]) {
    const value = query[key];
    if (value !== undefined && value !== base[key]) params.set(key, value);
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * The data links of a leaderboard view, carrying its filters: the exports take the games shown (`game`, or the
 * `category`) and the rules (`protocol`), the API every parameter of the page (the people filter included, so it answers what the page shows
 * whatever the site's default).
 */
export function leaderboardDataLinks(query: LeaderboardQuery): { href: string; label: string; title: string }[] {
  const games = new URLSearchParams();
  if (query.game) games.set('game', query.game);
  else if (query.category) games.set('category', query.category);
  if (query.suite === 'gamebench') games.set('suite', 'gamebench');
  if (query.protocol !== 'current') games.set('protocol', query.protocol);
  const g = games.toString() ? `?${games}` : '';
  const which = query.game
    ? ' of this game'
    : query.category
      ? ' of this category'
      : query.suite === 'gamebench'
        ? ' of GameBench’s nine games'
        : '';
  const api = new URLSearchParams(leaderboardSearch(query).slice(1));
  api.set('humans', query.humans);
  return [
    {
      href: `/api/export/matches.json${g}`,
      label: 'JSON',
      title: `GameBench format: one object per rated finished match${which}`,
    },
    { href: `/api/export/matches.csv${g}`, label: 'CSV', title: `One row per seat of every finished match${which}` },
    {
      href: `/api/export/matches.jsonl${g}`,
      label: 'JSONL',
      title: `Full export${which}: seats, events and model calls, one match a line`,
    },
    {
      href: `/api/leaderboard?${api}`,
      label: 'API',
      title: 'This leaderboard as JSON, with the same parameters as this page',
    },
  ];
}

/** The rating library's one interval shape, { lower, upper }, as the page and the JSON API show it. */
export type { Interval } from './rating/types';

export interface LeaderboardRow {
  /**
   * 1 + number of agents of its group whose interval lies entirely above this one (ties share a rank); null without a
   * rating.
   */
  rank: number | null;
  /**
   * Which group of agents it was compared with (1 = the largest shown), when some agents never played the others,
   * directly or through others; null when every shown agent is in one group. Ranks compare within a group only.
   */
  group: number | null;
  agentId: string;
  agentName: string;
  agentKind: string;
  simulated: boolean;
  model: string | null;
  scaffold: string | null;
  promptVersion: string | null;
  /**
   * The rating in the chosen method's scale (BT: Elo-like scale anchored on the reference agent; TrueSkill: μ; Elo);
   * null when the method has none for this agent (`missing` says why) — never another method's number.
   */
  rating: number | null;
  /** Why `rating` is null. */
  missing: string | null;
  /** Interval in the same scale, null when the method has none or the agent has too few matches. */
  interval: Interval | null;
  /** Too few matches for a meaningful interval: shown with its point estimate only. */
  lowData: boolean;
  /**
   * Every rated match of the agent in this view was a draw: the rating says it equals its opponents, but resamples of
   * draws only cannot say how sure that is (they all give the same fit), so it has no interval and no rank of its own.
   */
  noDecisive: boolean;
  /** `mean` / `betaMean`: GameBench's Eq. 3 (rating scale / β), the mean of the `bootstrapRounds` resamples' fits (null without rounds). */
  bt: {
    beta: number;
    scaled: number;
    mean: number | null;
    betaMean: number | null;
    /**
     * `betaMean` on GameBench's own scale: centred so the mean over every agent of the fit is 0, as choix returns its
     * parameters and GameBench's tables print them (the arena's scale anchors the random baseline at 1000 instead).
     */
    centred: number | null;
    median: number | null;
    ci90: Interval | null;
    ci95: Interval | null;
  } | null;
  trueskill: { mu: number; sigma: number; conservative: number } | null;
  elo: number | null;
  /** Matches counted in its record (the record rule, lib/records.ts): wins + draws + losses. */
  matches: number;
  wins: number;
  draws: number;
  losses: number;
  /** Mean share of a match's score in [0, 1] (GameBench Table 3; several seats of one side add up). */
  avgScore: number;
  /** GameBench's total score (Table 3): per match the sum of the agent's seats' scores, over its matches. */
  totalScore: number;
  /** Kept apart from skill. */
  reliability: {
    /** Illegal or unreadable answers per model reply that answered the turn (requests to explain a topic left out). */
    illegalRate: number | null;
    /** Requests to read a rules topic (GameBench's Explain) per finished match; null for agents that never reply. */
    explainsPerMatch: number | null;
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

/** A cooperative team of two or more different agents (the arena's own: LLMArena's teams are one model in every seat). */
export interface CooperativeTeamRow {
  gameId: string;
  /** The team's agents, by name. */
  agents: { agentId: string; agentName: string; agentKind: string; simulated: boolean }[];
  matches: number;
  /** Mean raw team score (e.g. Hanabi points). */
  mean: number;
  interval: Interval | null;
}

/**
 * One rules version of a game among the finished rated matches of a view (lib/match-protocol.ts `rulesOf`): its key
 * (null: matches stored without a protocol), its label, how many matches were played under it, whether it is the
 * game's current one, and whether this view rates it.
 */
export interface RulesChoice {
  game: string;
  key: string | null;
  label: string;
  matches: number;
  current: boolean;
  rated: boolean;
}

export interface LeaderboardResult {
  query: LeaderboardQuery;
  /**
   * The rules versions of the view's games, each game's current first, then by matches: which ones the view rates and
   * how many results it leaves out (under other rules). Empty for an imported dataset (it records no protocol).
   */
  rules: RulesChoice[];
  /** Rows by group (the largest first), then rank. */
  rows: LeaderboardRow[];
  /**
   * How many groups of the shown agents never played each other, directly or through others (1: all compared; 0: no
   * rated agent). Their ratings are fitted and placed on the scale apart: numbers from different groups do not compare.
   */
  groups: number;
  pairs: PairCell[];
  /**
   * LLMArena's normalized score (its Table 1): per game of the table, each agent's value of the game's own metric
   * (`metrics`: TrueSkill μ, average reward or a side's win rate; the raw values are its Appendix C) as a percentage
   * of the best agent's, 100 · x / max, and the average over the games the agent has a value in (`games` of
   * `games.length`); each cell with the number of results it stands on (`matches`) and a low-data flag below
   * MIN_MATCHES (as the ratings); the average is flagged when one of its games is.
   */
  normalized: {
    games: string[];
    metrics: Record<string, NormalizedBy>;
    rows: {
      agentId: string;
      agentName: string;
      agentKind: string;
      simulated: boolean;
      perGame: Record<string, NormalizedCell | null>;
      average: number | null;
      averageLowData: boolean;
    }[];
  };
  /**
   * Cooperative games (Hanabi): the seats play together, so they are not in the ratings. LLMArena's teams: each
   * agent's mean team score over the matches where it held every seat, per game, with a bootstrap interval (null with
   * too few matches), best first.
   */
  cooperative: CooperativeRow[];
  /** Cooperative games: teams of two or more different agents (the arena's own), per line-up, best first. */
  cooperativeMixed: CooperativeTeamRow[];
  /**
   * The arena's own robustness of the overall ranking (lib/rating/robust.ts), for views of two games or more (else
   * null): each shown agent's rank by the point fit, its rank again without each game's matches (null where it played
   * only that game), all among the shown agents of its group (agents that never met, directly or through others, are
   * not ranked against each other; leaving a game out can split a group); and the general factor of the per-game ratings (the first principal
   * component: each game's loading, the share of variance explained, each agent's score over the games it played).
   */
  robust: {
    games: string[];
    rows: {
      agentId: string;
      agentName: string;
      agentKind: string;
      simulated: boolean;
      rank: number;
      /** The agent's group among the shown ones (1, 2, …, as the board numbers them), or null when they are one. */
      group: number | null;
      without: Record<string, number | null>;
      /** Largest rank change when one game is left out. */
      maxShift: number;
      factor: { score: number; games: number } | null;
    }[];
    factor: { games: string[]; loadings: Record<string, number>; explained: number } | null;
  } | null;
  /** Reference agent of the BT scale (fixed at 1000). */
  anchor: { agentId: string; agentName: string } | null;
  /** Prompt versions of the rated LLM agents, for the version filter. */
  versions: string[];
  /** Rated competitive matches the ratings and records stand on. */
  matchesUsed: number;
  /** Cooperative matches (rated by team score in `cooperative`, not in the ratings). */
  cooperativeMatches: number;
  bootstrapRounds: number;
  computedAt: string;
  /**
   * A newer match finished since and the fresh computation did not finish in time for this answer: it is running,
   * and this result will be replaced. `newMatches` counts the finished rated matches of these games since.
   */
  stale: boolean;
  newMatches: number;
}

/** Fewer results than this: no interval, flagged "few matches" (ratings, cooperative means, normalized scores). */
export const MIN_MATCHES = 5;

export interface NormalizedCell {
  /** 100 · raw / the best agent's raw in this game. */
  percent: number;
  /** The game's own metric (LLMArena's Appendix C): TrueSkill μ, the average reward, or a win rate as a fraction. */
  raw: number;
  /** Results it stands on: matches TrueSkill rated it in, seats with a reward, matches (team score, win rate). */
  matches: number;
  lowData: boolean;
}

export interface LeaderboardService {
  /** `signal`: the visitor left; a computation nobody else waits for may stop (server/leaderboard/service.ts). */
  get(query: LeaderboardQuery, opts?: { signal?: AbortSignal }): Promise<LeaderboardResult>;
}

const slot = serviceSlot<LeaderboardService>(
  '__arenaLeaderboard',
  'the leaderboard service is not running (start the arena with `npm start`)',
);
export const registerLeaderboardService = slot.register;
export const leaderboardService = slot.get;
