// The leaderboard service: cached per (games, bootstrap scheme, people filter), computed off the event loop in a worker
// thread, warmed at start-up, and recomputed when matches finish — a visitor waits briefly for fresh numbers rather
// than being shown old ones as current.
import type { Db } from '../../lib/db/client';
import {
  MIN_MATCHES,
  type Interval,
  type LeaderboardQuery,
  type LeaderboardResult,
  type LeaderboardRow,
  type LeaderboardService,
  type PairCell,
} from '../../lib/leaderboard-contract';
import { ranksWithinGroups, shownGroups, type Leaderboard } from '../../lib/rating';
import type { Estimator } from '../../lib/rating/bootstrap';
import { databaseUrlOf } from '../../lib/db/client';
import { ComputationStopped, type Computer } from './computer';
import { presentCooperative, presentNormalized } from './paper';
import { presentRobust } from './robust';
import { datasetNames } from '../../lib/datasets';
import { findDatasets } from '../../lib/db/datasets-store';
import { loadDatasetData } from '../datasets';
import { anchorAgent, countFinished, metaOf, type AgentInfo, type ViewMeta } from './data';
import { gamesFor } from '../../lib/rated-games';
import type { RulesFilter } from '../../lib/db/rules';
import { emptyBoard, type ViewOptions } from './compute-worker';

interface Entry {
  /** Finished-match counter value the entry was computed from. */
  version: number;
  computedAt: Date;
  /** The agents, counts and anchor (the matches stay in the worker thread). */
  meta: ViewMeta;
  board: Leaderboard;
}

export interface LeaderboardServiceOptions {
  rounds: number;
  seed?: string;
  log?: (m: string) => void;
  /**
   * How long a visit to an out-of-date leaderboard waits for the fresh computation before it is shown the last one,
   * marked stale with the number of matches finished since (default 1500 ms; 0 = never wait).
   */
  freshWaitMs?: number;
  /** After a match ends, leaderboards viewed within this window are recomputed at once, before anyone asks (default 60 s). */
  eagerWindowMs?: number;
  /**
   * Rate limit: a view is recomputed at most every max(minRecomputeMs, recomputeFactor × its last computation time)
   * (defaults 5 s and 2), however many matches end and visitors ask; meanwhile visits get the last numbers marked
   * stale (with when they were computed and how many matches finished since), and one recompute is scheduled for
   * when the window ends. The first computation of a view is never delayed. 0 = no limit.
   */
  minRecomputeMs?: number;
  recomputeFactor?: number;
  /**
   * Recomputes read and replay only the matches finished since the last one (TrueSkill and Elo continue from their
   * state in the worker; `loadLeaderboardSince`), falling back to a whole read when that is not exact (default true).
   */
  incremental?: boolean;
  /** Even incremental, a view is read whole again at least this often (default 1 h): results edited in place are caught up. */
  fullEveryMs?: number;
  /** The matches the worker thread keeps over all live views (default MAX_HELD_MATCHES, view-store.ts). */
  maxHeldMatches?: number;
  /** A view's bootstrap runs on two threads from this many rated matches × rounds (default SPLIT_ROUNDS_ABOVE, compute-worker.ts). */
  splitRoundsAbove?: number;
  /**
   * Every computation is stopped after this long, with "took longer than N s" (default 300 s; ARENA_LEADERBOARD_MAX_SECONDS).
   * A dataset's view that failed so is not tried again for DATASET_RETRY_MS.
   */
  maxComputeMs?: number;
  /** While a dataset's view computes, how often the datasets are checked to be still there (default 2 s). */
  datasetCheckMs?: number;
}

const BASELINE_KINDS = new Set(['random', 'engine']);
const Z = { '90': 1.6449, '95': 1.96 } as const;
/** Visits to out-of-date pages within this long share one count of the matches finished since. */
const COUNT_REUSE_MS = 2000;
/** A view that takes this long to compute is logged with where the time went. */
const SLOW_VIEW_MS = 5000;
/** Matches ending close together start one recompute. */
const EAGER_DEBOUNCE_MS = 1000;
/** A dataset's view whose computation failed (took too long, or could not be fitted) is not computed again for this long. */
export const DATASET_RETRY_MS = 10 * 60_000;
/** Dataset views kept computed (the least recently asked dropped first): datasets never change, but many may be imported. */
const MAX_DATASET_VIEWS = 32;

export class ArenaLeaderboard implements LeaderboardService {
  private version = 0;
  private cache = new Map<string, Entry>();
  private inflight = new Map<string, Promise<Entry>>();
  /** The query behind each cache key and when it was last asked for (eager recomputes follow what people look at). */
  private seen = new Map<string, { query: LeaderboardQuery; at: number }>();
  private eager: ReturnType<typeof setTimeout> | null = null;
  /** Per view: when its last computation started and how long it took (the rate limit), and its scheduled recompute. */
  private timing = new Map<string, { startedAt: number; took: number }>();
  private scheduled = new Map<string, ReturnType<typeof setTimeout>>();
  /** The last count of finished matches per games (finishedNow). */
  private counts = new Map<string, { at: number; n: Promise<number> }>();
  /**
   * Dataset views being computed, with how many visits wait for each: when the last one leaves (its request was
   * closed), nobody waits any more and the computation is stopped. A page's visit waits until the end.
   */
  private datasetJobs = new Map<
    string,
    { promise: Promise<Entry>; controller: AbortController; waiting: number; settled: boolean }
  >();
  /** Dataset views whose computation failed, and until when that answer stands. */
  private datasetFailures = new Map<string, { error: Error; until: number }>();

  constructor(
    private readonly db: () => Db,
    private readonly computer: Pick<Computer, 'compute' | 'computeView'>,
    private readonly opts: LeaderboardServiceOptions = { rounds: 1000 },
  ) {}

  private isStopping = false;
  /** What the worker thread said it keeps, after its last live view (null before the first). */
  private held: { views: number; matches: number } | null = null;

  /** The live views and matches the worker thread keeps, as it last said (the metrics' held matches). */
  heldInWorker(): { views: number; matches: number } | null {
    return this.held;
  }

  /** When the newest of this process's leaderboards was computed (null before the first): the metrics' leaderboard age. */
  newestComputedAt(): Date | null {
    let newest: Date | null = null;
    for (const e of this.cache.values()) if (!newest || e.computedAt > newest) newest = e.computedAt;
    return newest;
  }

  /** The arena is stopping: no more eager recomputes, and what fails from now on (Postgres is going) is not logged. */
  stopping(): void {
    this.isStopping = true;
    if (this.eager) clearTimeout(this.eager);
    this.eager = null;
    for (const t of this.scheduled.values()) clearTimeout(t);
    this.scheduled.clear();
  }

  /** When this view may next start a computation (rate limit); now or earlier = at once. */
  nextRecomputeAt(key: string): number {
    const t = this.timing.get(key);
    const min = this.opts.minRecomputeMs ?? 5_000;
    if (!t || min <= 0) return 0;
    return t.startedAt + Math.max(min, (this.opts.recomputeFactor ?? 2) * t.took);
  }

  /** Recomputes the view now if the rate limit allows, else once when it does (one timer per view); never twice at once. */
  private refreshSoon(key: string, query: LeaderboardQuery): void {
    if (this.isStopping || this.inflight.has(key) || this.scheduled.has(key)) return;
    const wait = this.nextRecomputeAt(key) - Date.now();
    if (wait <= 0) {
      void this.refresh(key, query).catch((err: Error) => this.logFailure(err));
      return;
    }
    const timer = setTimeout(() => {
      this.scheduled.delete(key);
      if ((this.cache.get(key)?.version ?? -1) < this.version) this.refreshSoon(key, query);
    }, wait);
    timer.unref?.();
    this.scheduled.set(key, timer);
  }

  /** A background recompute that failed is logged; one cut short because the arena is stopping is not a failure. */
  private logFailure(err: Error): void {
    if (err.name !== 'AbortError' && !this.isStopping) this.opts.log?.(`leaderboard recompute failed: ${err.message}`);
  }

  /** A match finished (or was voided): cached leaderboards are out of date; those viewed lately are recomputed now. */
  markStale = () => {
    this.version++;
    if (this.isStopping || this.eager || !(this.opts.eagerWindowMs ?? 60_000)) return;
    this.eager = setTimeout(() => {
      this.eager = null;
      const since = Date.now() - (this.opts.eagerWindowMs ?? 60_000);
      for (const [key, { query, at }] of this.seen) {
        if (at < since || query.dataset) this.seen.delete(key);
        else this.refreshSoon(key, query);
      }
    }, EAGER_DEBOUNCE_MS);
    this.eager.unref?.();
  };

  /**
   * At start-up, before anyone asks: computes the given views (the site's default, and each game's as an agent page
   * asks for them) so that the first visitor does not wait for the worker thread to start and load TrueSkill.
   */
  async warm(queries: LeaderboardQuery[]): Promise<void> {
    for (const query of queries) if (!this.isFresh(query)) await this.refresh(keyOf(query), query);
  }

  /** Whether the cached leaderboard of this view is current (no match has ended since it was computed); no side effect. */
  isFresh(query: LeaderboardQuery): boolean {
    return (this.cache.get(keyOf(query))?.version ?? -1) >= this.version;
  }

  /** The view for `asked`; `signal`: the visitor left (their request closed), so they no longer wait for it. */
  async get(asked: LeaderboardQuery, opts: { signal?: AbortSignal } = {}): Promise<LeaderboardResult> {
    // GameBench's Eq. 3 averages game-weighted resamples, whoever built the query (parseLeaderboardQuery says so too).
    const query: LeaderboardQuery =
      asked.estimate === 'gamebench' && asked.scheme !== 'game-weighted'
        ? { ...asked, scheme: 'game-weighted' }
        : asked;
    // A dataset's view is keyed by the datasets' ids too: one deleted and imported again under its name is new data.
    const tag = query.dataset
      ? (await findDatasets(this.db(), datasetNames(query.dataset))).map((d) => d.id).join(',')
      : '';
    const key = keyOf(query, tag);
    this.seen.set(key, { query, at: Date.now() });
    if (query.dataset) {
      // An imported dataset never changes (a new import is a new name): its numbers never go stale.
      const entry = await this.datasetEntry(key, query, opts.signal);
      return present(entry, query, { stale: false, newMatches: 0, rounds: this.opts.rounds });
    }
    // Current for this visitor = computed from every match that had ended when they asked.
    const target = this.version;
    const deadline = Date.now() + (this.opts.freshWaitMs ?? 1500);
    let entry = this.cache.get(key) ?? (await this.refresh(key, query));
    // Out of date: wait a moment for the fresh numbers (a computation usually takes well under a second), else show
    // these, marked stale with how many matches finished since; the computation goes on and the page refreshes.
    while (entry.version < target) {
      // Rate-limited (and nothing running): these numbers, marked stale; the recompute is scheduled for the window's end.
      if (!this.inflight.has(key) && this.nextRecomputeAt(key) > Date.now()) {
        this.refreshSoon(key, query);
        break;
      }
      const fresh = this.refresh(key, query);
      fresh.catch((err: Error) => this.logFailure(err));
      const left = deadline - Date.now();
      if (left <= 0) break;
      const got = await within(fresh, left);
      if (!got) break;
      entry = got;
    }
    const stale = entry.version < target;
    const since = entry;
    // How many matches finished since (a database that does not answer at once must not hold the page: then 0).
    const newMatches = stale
      ? ((await within(this.finishedNow(since.meta.gameIds, since.meta.filter), 1000)) ?? since.meta.finishedCount) -
        since.meta.finishedCount
      : 0;
    return present(entry, query, { stale, newMatches: Math.max(0, newMatches), rounds: this.opts.rounds });
  }

  /**
   * Finished rated matches of these games now, for "N more matches have finished since": one count per games every
   * COUNT_REUSE_MS, shared by every visit meanwhile (at a million matches a count is a scan of a third of a second,
   * and every visit to an out-of-date page asks for it).
   */
  private finishedNow(gameIds: string[], filter: RulesFilter): Promise<number> {
    const key = JSON.stringify([gameIds, filter]);
    const cached = this.counts.get(key);
    if (cached && Date.now() - cached.at < COUNT_REUSE_MS) return cached.n;
    const n = countFinished(this.db(), gameIds, filter);
    this.counts.set(key, { at: Date.now(), n });
    n.catch(() => this.counts.get(key)?.n === n && this.counts.delete(key));
    return n;
  }

  /**
   * A dataset's view: cached, or computed once for every visit that waits for it. It is stopped when the last visit
   * waiting leaves, or when one of its datasets is deleted (computeEntry), or after maxComputeMs; a failure other than
   * a stop by the visitors is the answer for DATASET_RETRY_MS (computing it again would fail again, and cost as much).
   */
  private async datasetEntry(key: string, query: LeaderboardQuery, signal?: AbortSignal): Promise<Entry> {
    const cached = this.cache.get(key);
    if (cached) {
      this.cache.delete(key); // most recently asked last (MAX_DATASET_VIEWS)
      this.cache.set(key, cached);
      return cached;
    }
    const failed = this.datasetFailures.get(key);
    if (failed && failed.until > Date.now()) throw failed.error;
    this.datasetFailures.delete(key);
    let job = this.datasetJobs.get(key);
    if (!job) {
      const controller = new AbortController();
      const started = { promise: this.refresh(key, query, controller.signal), controller, waiting: 0, settled: false };
      this.datasetJobs.set(key, started);
      started.promise
        .then(
          () => this.trimDatasetViews(),
          (err: Error) => {
            if (err.name === 'AbortError' || (err instanceof ComputationStopped && err.why === 'cancelled')) return;
            const error = new Error(
              `${err.message}; this view is not computed again for ${Math.round(DATASET_RETRY_MS / 60_000)} minutes`,
            );
            this.datasetFailures.set(key, { error, until: Date.now() + DATASET_RETRY_MS });
            this.opts.log?.(`leaderboard: ${key}: ${err.message}`);
          },
        )
        .finally(() => {
          started.settled = true;
          if (this.datasetJobs.get(key) === started) this.datasetJobs.delete(key);
        });
      job = started;
    }
    const waited = job;
    waited.waiting++;
    try {
      return await untilAborted(waited.promise, signal);
    } finally {
      // Nobody waits any more: the computation stops (its thread checks between rounds and iterations).
      if (--waited.waiting === 0 && !waited.settled) {
        waited.controller.abort(new ComputationStopped('nobody is waiting for this leaderboard any more', 'cancelled'));
      }
    }
  }

  /** At most MAX_DATASET_VIEWS dataset views cached, the least recently asked dropped. */
  private trimDatasetViews(): void {
    const datasetKeys = [...this.cache.keys()].filter((k) => k.startsWith('["dataset"'));
    for (const key of datasetKeys.slice(0, Math.max(0, datasetKeys.length - MAX_DATASET_VIEWS))) {
      this.cache.delete(key);
      this.seen.delete(key);
      this.timing.delete(key);
    }
  }

  private refresh(key: string, query: LeaderboardQuery, signal?: AbortSignal): Promise<Entry> {
    let p = this.inflight.get(key);
    if (!p) {
      const version = this.version;
      const startedAt = Date.now();
      let ok = false;
      p = (async () => {
        const entry = await this.computeEntry(query, version, signal);
        this.timing.set(key, { startedAt, took: Date.now() - startedAt });
        ok = true;
        // A slower, older computation never replaces a newer one.
        if ((this.cache.get(key)?.version ?? -1) <= version) this.cache.set(key, entry);
        return this.cache.get(key)!;
      })().finally(() => {
        if (this.inflight.get(key) === p) this.inflight.delete(key);
        // Matches ended while it computed, and someone looks at this view: one more, when the rate limit allows (never
        // after a failure: the next match end or visit tries again).
        const seen = ok ? this.seen.get(key) : undefined;
        const window = this.opts.eagerWindowMs ?? 60_000;
        if (
          (this.cache.get(key)?.version ?? -1) < this.version &&
          seen &&
          window > 0 &&
          seen.at >= Date.now() - window &&
          !query.dataset
        )
          this.refreshSoon(key, query);
      });
      this.inflight.set(key, p);
    }
    return p;
  }

  /**
   * Reads and computes one view. A live view is read by the worker thread itself, only the matches since its last
   * read when that is exact (compute-worker.ts); an imported dataset is read here and its matches sent.
   */
  private async computeEntry(query: LeaderboardQuery, version: number, signal?: AbortSignal): Promise<Entry> {
    const opts: ViewOptions = {
      scheme: query.scheme,
      estimator: estimatorOf(query),
      rounds: this.opts.rounds,
      seed: this.opts.seed ?? 'arena-leaderboard',
      minMatches: MIN_MATCHES,
    };
    const maxMs = this.opts.maxComputeMs ?? 300_000;
    if (query.dataset) {
      // An imported dataset never changes (a new import is a new name): its numbers never go stale. Deleted while its
      // view computes (by the admin, the CLI, another process), the computation stops: checked every few seconds.
      const names = datasetNames(query.dataset);
      const ids = (await findDatasets(this.db(), names)).map((d) => d.id);
      const deleted = new AbortController();
      const check = setInterval(() => {
        void this.db()
          .dataset.count({ where: { id: { in: ids } } })
          .then(
            (n) =>
              n < ids.length &&
              deleted.abort(
                new ComputationStopped(
                  `the dataset ${names.map((x) => `"${x}"`).join(', ')} was deleted while its leaderboard was computed`,
                  'cancelled',
                ),
              ),
            () => {},
          );
      }, this.opts.datasetCheckMs ?? 2000);
      check.unref?.();
      try {
        const data = await loadDatasetData(this.db(), names, query);
        const anchorId = anchorAgent(data)?.id ?? null;
        const stop = signal ? AbortSignal.any([signal, deleted.signal]) : deleted.signal;
        const board =
          data.matches.length === 0
            ? emptyBoard(opts)
            : await this.computer.compute(
                data.matches,
                { ...opts, anchorAgentId: anchorId ?? undefined, normalizedBy: data.normalizedBy },
                { maxMs, signal: stop },
              );
        return { version: Number.MAX_SAFE_INTEGER, computedAt: new Date(), meta: metaOf(data, anchorId), board };
      } finally {
        clearInterval(check);
      }
    }
    const url = databaseUrlOf(this.db());
    if (!url)
      throw new Error(
        'leaderboard: this database client was not made by createDb (lib/db/client.ts), so the worker thread cannot open its own',
      );
    const live = {
      key: liveKeyOf(query),
      url,
      query: {
        game: query.game,
        category: query.category,
        suite: query.suite,
        humans: query.humans,
        protocol: query.protocol,
      },
      incremental: this.opts.incremental ?? true,
      fullEveryMs: this.opts.fullEveryMs ?? 3_600_000,
      maxHeldMatches: this.opts.maxHeldMatches,
      splitRoundsAbove: this.opts.splitRoundsAbove,
    };
    const { board, meta, note, held, timing, threads } = await this.computer.computeView(live, opts, { maxMs });
    if (note) this.opts.log?.(note);
    const took = timing.read + timing.sum + timing.rounds + timing.board;
    if (took >= SLOW_VIEW_MS) {
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      this.opts.log?.(
        `leaderboard: ${live.key} took ${s(took)} (read ${s(timing.read)}, summing ${s(timing.sum)}, bootstrap rounds ${s(timing.rounds)} on ${threads} thread${threads > 1 ? 's' : ''}, the rest ${s(timing.board)}; it waited ${s(timing.wait)} for its turn)`,
      );
    }
    this.held = held;
    return { version, computedAt: new Date(), meta, board };
  }
}

/** The promise's outcome, or the signal's reason as soon as it aborts (the promise goes on for whoever else waits). */
function untilAborted<T>(p: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The promise's value if it settles successfully within `ms`, else null (it goes on in the background). */
export async function within<T>(p: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([p.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** One cache entry per computation: the games covered, the bootstrap scheme, the fit and the people filter (the rest is presentation). */
function keyOf(query: LeaderboardQuery, datasetIds = ''): string {
  if (query.dataset)
    return JSON.stringify([
      'dataset',
      datasetIds,
      query.game ?? null,
      query.category ?? null,
      query.scheme,
      estimatorOf(query),
    ]);
  return JSON.stringify([gamesFor(query), query.scheme, estimatorOf(query), query.humans, query.protocol]);
}

/**
 * The key of a live view's matches in the worker thread: the games, the people filter and the rules. Views that differ
 * only in their bootstrap scheme or fit read the same matches, and share them there.
 */
export function liveKeyOf(query: LeaderboardQuery): string {
  return JSON.stringify([gamesFor(query), query.humans, query.protocol]);
}

/** GameBench's estimate is GameBench's fit throughout (ILSR, ties dropped); every other view is the arena's MM fit. */
export const estimatorOf = (query: Pick<LeaderboardQuery, 'estimate'>): Estimator =>
  query.estimate === 'gamebench' ? 'gamebench' : 'mm';

/** Whether the view's presentation filters (baselines, simulated agents, prompt version) show this agent. */
export function shownBy(
  query: LeaderboardQuery,
  a: Pick<AgentInfo, 'kind' | 'simulated' | 'promptVersion'> | undefined,
): boolean {
  if (!a) return false;
  if (query.baselines === 'hide' && BASELINE_KINDS.has(a.kind)) return false;
  if (query.simulated === 'hide' && a.simulated) return false;
  if (query.version && a.kind === 'llm' && a.promptVersion !== query.version) return false;
  return true;
}

/** Why an agent has no TrueSkill rating though it is rated by Bradley-Terry. */
const NO_TRUESKILL =
  'No TrueSkill rating: TrueSkill cannot rate a player against itself. It rates an agent’s seats as one team against the others, and in every rated match of this agent its seats were on every side (with everyone else), so no one was left to rate it against.';

/** Why an agent has no GameBench estimate (only when the leaderboard is configured with no bootstrap rounds). */
const NO_BOOTSTRAP_MEAN =
  'No GameBench estimate: it is the mean of the bootstrap fits, and this leaderboard ran no bootstrap rounds.';

/** Turns a computed leaderboard into what the page shows for one query (method, interval, filters). */
export function present(
  entry: Entry,
  query: LeaderboardQuery,
  state: { stale: boolean; newMatches: number; rounds: number },
): LeaderboardResult {
  const { meta, board } = entry;
  const agents = new Map(meta.agents.map((a) => [a.id, a]));
  const visible = (id: string) => shownBy(query, agents.get(id));
  const shown = board.rows.filter((r) => visible(r.agentId));
  // LLMArena's tables (Table 1 with its raw values; one-model Hanabi teams) and the arena's mixed teams: paper.ts.
  const { cooperative, cooperativeMixed } = presentCooperative(board, agents, visible, query.interval);
  const versions = [
    ...new Set(
      board.rows
        .map((r) => agents.get(r.agentId))
        .flatMap((a) => (a?.kind === 'llm' && a.promptVersion ? [a.promptVersion] : [])),
    ),
  ].sort();

  // GameBench's scale (choix's): every fitted agent's mean β, centred on their mean, whoever the filters show.
  const means = board.rows.flatMap((r) => (r.beta.mean === null ? [] : [r.beta.mean]));
  const centre = means.length ? means.reduce((x, y) => x + y, 0) / means.length : 0;
  const rows: LeaderboardRow[] = shown.map((r) => {
    const a = agents.get(r.agentId)!;
    const ci = query.interval === '90' ? r.rating.ci90 : r.rating.ci95;
    const noDecisive = r.wins === 0 && r.losses === 0;
    let rating: number | null;
    let interval: Interval | null = null;
    let missing: string | null = null;
    if (query.method === 'bt') {
      // The point fit (default), or GameBench's Eq. 3: the mean of the bootstrap fits (never the point in its place).
      rating = query.estimate === 'gamebench' ? r.rating.mean : r.rating.point;
      if (rating === null) missing = NO_BOOTSTRAP_MEAN;
      // Draws only: every resample is draws only and fits the same, an interval of no width that would look certain.
      interval = r.lowData || noDecisive || rating === null ? null : ci;
    } else if (query.method === 'trueskill') {
      // A missing TrueSkill rating is shown as missing, never as another method's number.
      if (r.trueSkill) {
        rating = r.trueSkill.mu;
        const half = Z[query.interval] * r.trueSkill.sigma;
        interval = { lower: rating - half, upper: rating + half };
      } else {
        rating = null;
        missing = NO_TRUESKILL;
      }
    } else {
      rating = r.elo;
    }
    const rel = meta.reliability.get(r.agentId);
    return {
      rank: null,
      group: r.group,
      agentId: r.agentId,
      agentName: a.name,
      agentKind: a.kind,
      simulated: a.simulated,
      model: a.model,
      scaffold: a.scaffold,
      promptVersion: a.promptVersion,
      rating,
      missing,
      interval,
      lowData: r.lowData,
      noDecisive,
      bt: {
        beta: r.beta.point,
        scaled: r.rating.point,
        mean: r.rating.mean,
        betaMean: r.beta.mean,
        centred: r.beta.mean === null ? null : r.beta.mean - centre,
        median: r.rating.median,
        ci90: r.rating.ci90,
        ci95: r.rating.ci95,
      },
      trueskill: r.trueSkill,
      elo: r.elo,
      matches: r.matches,
      wins: r.wins,
      draws: r.draws,
      losses: r.losses,
      avgScore: r.averageScore,
      totalScore: r.totalScore,
      reliability: {
        illegalRate: rel && rel.replies - rel.explains > 0 ? rel.illegal / (rel.replies - rel.explains) : null,
        explainsPerMatch: rel && rel.replies > 0 && rel.finished > 0 ? rel.explains / rel.finished : null,
        retriesPerMove: rel && rel.moves > 0 ? rel.illegal / rel.moves : null,
        forfeitedTurns: rel?.forfeits ?? 0,
        voided: rel?.voided ?? 0,
      },
    };
  });

  // Groups of agents that never played each other, directly or through others (lib/rating/components.ts): numbered
  // 1, 2, … among the shown ones in the board's order (largest first); no group at all when the shown agents are one.
  const groups = shownGroups(rows.map((r) => r.group));
  rows.forEach((r, i) => (r.group = groups.group[i] ?? null));
  // Ranks among the shown agents of a group with a rating, in every method (Elo and TrueSkill ratings of agents that
  // never met say nothing of each other either): an interval entirely above yours puts you one rank lower (Chatbot
  // Arena). Agents without one come last in their group, unranked.
  const rated = rows.filter((r) => r.rating !== null);
  const ranks = ranksWithinGroups(
    rated.map((r) => r.interval ?? { lower: r.rating!, upper: r.rating! }),
    rated.map((r) => r.group),
  );
  rated.forEach((r, i) => (r.rank = ranks[i]!));
  rows.sort(
    (x, y) =>
      (x.group ?? 0) - (y.group ?? 0) ||
      (x.rank ?? Infinity) - (y.rank ?? Infinity) ||
      (y.rating ?? -Infinity) - (x.rating ?? -Infinity) ||
      x.agentName.localeCompare(y.agentName),
  );

  const ids = new Set(rows.map((r) => r.agentId));
  const pairs: PairCell[] = [];
  for (const p of board.pairwise) {
    if (!ids.has(p.i) || !ids.has(p.j)) continue;
    const model = query.method === 'bt' ? p.winProbModel : null;
    pairs.push({ a: p.i, b: p.j, matches: p.matches, observed: p.winProbObserved, model });
    pairs.push({
      a: p.j,
      b: p.i,
      matches: p.matches,
      observed: 1 - p.winProbObserved,
      model: model === null ? null : 1 - model,
    });
  }

  const normalized = presentNormalized(board, agents, visible, meta.normalizedBy ?? {});
  const robust = presentRobust(board, agents, visible);

  const anchor = meta.anchorId ? agents.get(meta.anchorId) : undefined;
  return {
    query,
    rules: meta.rules,
    rows,
    groups: rows.some((r) => r.rating !== null) ? Math.max(1, groups.count) : 0,
    pairs,
    normalized,
    robust,
    cooperative,
    cooperativeMixed,
    anchor: anchor ? { agentId: anchor.id, agentName: anchor.name } : null,
    versions,
    matchesUsed: meta.matchesUsed,
    cooperativeMatches: meta.cooperativeMatches,
    bootstrapRounds: state.rounds,
    computedAt: entry.computedAt.toISOString(),
    stale: state.stale,
    newMatches: state.newMatches,
  };
}
