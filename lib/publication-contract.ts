// Publication runs: GameBench's rating as the paper defines it (Eq. 3: the mean of B = 10,000 game-weighted bootstrap
// fits) for one leaderboard view, requested by an admin, computed in the background
// (server/leaderboard/publication-service.ts) and kept. This file is the contract pages use: the request's check, the
// shapes, and the service slot.
import { z } from 'zod';
import { CATEGORIES, protocolParamSchema, type Interval, type RulesChoice } from './leaderboard-contract';
import { serviceSlot } from './service-slot';

/** GameBench's B (§3.4: "We then perform bootstrapping on the sample S for B=10,000 times"). */
export const PUBLICATION_ROUNDS = 10_000;

/** What an admin requests: a leaderboard view (its games and people filter) and, optionally, the seed. */
export const publicationRequestSchema = z.object({
  /** A rated game; absent = all games (with `category`: the games of that category). */
  game: z.string().trim().min(1).max(64).optional(),
  category: z.enum(CATEGORIES, { error: 'choose one of the reasoning categories' }).optional(),
  humans: z
    .enum(['each', 'together', 'hide'], { error: 'choose how people count: each, together or hide' })
    .default('each'),
  /** Which rules it rates, as the leaderboard's `protocol`: each game's current rules (default), pooled, or one key. */
  protocol: protocolParamSchema,
  /** Seed of the resampling (round b draws from the stream (seed, b)); the same data and seed give the same figures. */
  seed: z
    .string()
    .trim()
    .max(64, 'the seed is at most 64 characters')
    .regex(/^[\w.:-]*$/, 'the seed may use letters, digits and . : _ - only')
    .optional()
    .transform((s) => s || undefined),
});
export type PublicationRequest = Omit<z.output<typeof publicationRequestSchema>, 'seed' | 'protocol'> & {
  seed?: string;
  /** Absent: each game's current rules. */
  protocol?: z.output<typeof publicationRequestSchema>['protocol'];
};

/** One agent's figures in a publication run, on the leaderboard's scale (the anchor at 1000). */
export interface PublicationRow {
  agentId: string;
  agentName: string;
  agentKind: string;
  simulated: boolean;
  /** 1 + the number of shown agents of its group whose interval lies entirely above this one's (the leaderboard's rule). */
  rank: number;
  /** Its group of agents compared with each other (1 = the largest shown); null when the shown agents are all one. */
  group: number | null;
  /** GameBench Eq. 3: the mean of the B fits. */
  mean: number;
  /** β of the mean (log-strength, the anchor at 0). */
  betaMean: number;
  /** The point fit (the arena's default), for comparison. */
  point: number;
  median: number | null;
  /** Percentile interval of the B fits at the view's level (90% as GameBench's whiskers, or 95%); null with few matches. */
  interval: Interval | null;
  matches: number;
  lowData: boolean;
}

export type PublicationStatus = 'running' | 'done' | 'failed';

/** A run as the admin area and the leaderboard show it. */
export interface PublicationRunInfo {
  id: string;
  status: PublicationStatus;
  /** The view in words ("all games", "Connect Four", "the Abstract strategy category"; people filter appended). */
  view: string;
  game: string | null;
  category: string | null;
  humans: 'each' | 'together' | 'hide';
  /** B and how many rounds are done. */
  rounds: number;
  roundsDone: number;
  seed: string;
  scheme: 'game-weighted';
  /**
   * The fit of every resample: `gamebench`, GameBench's own (choix's ILSR, alpha 0.001, exact ties dropped), or `mm`, the
   * arena's MM Bradley-Terry, which runs made before GameBench's fit was added used.
   */
  estimator: 'gamebench' | 'mm';
  matchesUsed: number | null;
  requestedBy: string | null;
  createdAt: string;
  finishedAt: string | null;
  error: string | null;
  /** Rated matches of these games finished since the run read its data (done runs; 0 = current). */
  newMatches: number;
  anchor: string | null;
  /**
   * The rules it rated (as the leaderboard's `rules`: each rules version with its matches, those rated marked); null for
   * a run made before runs recorded them, which rated every rules version pooled.
   */
  rules: RulesChoice[] | null;
  /** The rules asked for: `current`, `pooled` (also every run made before runs recorded their rules) or a rules key. */
  protocol: string;
}

/** What the leaderboard shows for its view: the latest finished run with its figures, and a run in progress. */
export interface PublicationView {
  latest: (PublicationRunInfo & { rows: PublicationRow[]; interval: '90' | '95' }) | null;
  running: PublicationRunInfo | null;
  /** The last failed run if it is newer than the latest finished one (its error is shown to admins). */
  failed: PublicationRunInfo | null;
}

export interface PublicationService {
  /** Starts a run for the view; refused (UserError) while one runs for it, or when it has nothing to rate. */
  request(input: PublicationRequest, requestedBy: string | null): Promise<PublicationRunInfo>;
  /** The view's runs, for the leaderboard (the query's presentation filters apply to the rows). */
  forView(query: import('./leaderboard-contract').LeaderboardQuery): Promise<PublicationView>;
  /** The latest runs, newest first (admin area). */
  list(limit?: number): Promise<PublicationRunInfo[]>;
}

const slot = serviceSlot<PublicationService>(
  '__arenaPublication',
  'the publication service is not running (start the arena with `npm start`)',
);
export const registerPublicationService = slot.register;
export const publicationService = slot.get;
