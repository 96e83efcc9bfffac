// Publication runs: GameBench's rating as the paper defines it (§3.4, Eq. 3: the mean of B = 10,000 fits of
// game-weighted bootstrap resamples) for one leaderboard view, requested by an admin. Each run reads its view and
// computes in a worker thread of its own (publication-worker.ts), so neither the web process's event loop nor the
// leaderboard's worker waits for it; its progress (rounds done) and its result are kept in Postgres (publication_runs), so every web process
// shows them and they survive a restart. One run at a time per view (a partial unique index); a run whose server died
// stops moving its heartbeat and is then reported as interrupted.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { getGame, ratedGames } from '../../games/registry';
import { databaseUrlOf, type Db } from '../../lib/db/client';
import { UserError } from '../../lib/errors';
import {
  HUMANS_ID,
  HUMANS_NAME,
  MIN_MATCHES,
  type LeaderboardQuery,
  type RulesChoice,
} from '../../lib/leaderboard-contract';
import {
  PUBLICATION_ROUNDS,
  type PublicationRequest,
  type PublicationRow,
  type PublicationRunInfo,
  type PublicationService,
  type PublicationView,
} from '../../lib/publication-contract';
import type { AgentBootstrap, BootstrapResult } from '../../lib/rating/bootstrap';
import { ranksWithinGroups, shownGroups } from '../../lib/rating/ranks';
import type { Prisma } from '../../lib/generated/prisma/client.ts';
import { countFinished } from './data';
import { gamesFor } from '../../lib/rated-games';
import { POOLED, type RulesFilter } from '../../lib/db/rules';
import type {
  Prepared,
  PublicationGo,
  PublicationJob,
  PublicationMessage,
  PublicationOpts,
} from './publication-worker';
import { shownBy, within } from './service';

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface PublicationOptions {
  /** B (default 10,000, GameBench's); tests use fewer. */
  rounds?: number;
  /** Seed when the request names none (default "arena-publication"). */
  seed?: string;
  /** How often the rounds done are written while a run goes (default 500 ms). */
  progressEveryMs?: number;
  /** A running run whose heartbeat is older than this is reported as interrupted (default 60 s). */
  lostAfterMs?: number;
  /** Runs computing at once, over every process (default 2; each takes a core). */
  maxRunning?: number;
  log?: (m: string) => void;
  /** Called after each progress write is stored (tests). */
  onProgress?: (id: string, roundsDone: number) => void;
}

/** One agent of a stored result: its bootstrap summary and who it was when the run was computed. */
interface StoredAgent extends AgentBootstrap {
  name: string;
  kind: string;
  simulated: boolean;
  promptVersion: string | null;
}

type Row = NonNullable<Awaited<ReturnType<Db['publicationRun']['findFirst']>>>;

const INTERRUPTED = 'interrupted: the server computing it stopped before it finished; request it again';

/**
 * The view's identity: its rated games, its people filter and its rules (what the fit depends on; the rest is
 * presentation). Pooled rules keep the key of runs made before runs recorded their rules: those rated every version.
 */
export function viewKey(view: { gameIds: string[]; humans: string; protocol: string }): string {
  return JSON.stringify([
    view.gameIds,
    'game-weighted',
    view.humans,
    ...(view.protocol === 'pooled' ? [] : [view.protocol]),
  ]);
}

/** The rules a view key asks for (viewKey): a key without them is pooled. */
function protocolOfKey(key: string): string {
  const parts = JSON.parse(key) as unknown[];
  return typeof parts[3] === 'string' ? parts[3] : 'pooled';
}

/** What a run stored of its rules: null before runs recorded them (every rules version pooled). */
function storedRules(row: Pick<Row, 'rules'>): { filter: RulesFilter; rules: RulesChoice[] } | null {
  return (row.rules as { filter: RulesFilter; rules: RulesChoice[] } | null) ?? null;
}

/** The view in words: "all games", "Connect Four", "the Cooperation category", with the people filter when not the default. */
function viewWords(game: string | null, category: string | null, humans: string): string {
  const games = game
    ? (getGame(game)?.meta.title ?? game)
    : category
      ? `the ${category.replace(/-/g, ' ')} category`
      : 'all games';
  const people =
    humans === 'together' ? ', all people as one player' : humans === 'hide' ? ', without people’s games' : '';
  return `${games}${people}`;
}

/**
 * Starts the worker thread of one run: it reads its data and settles `prepared` with what it will fit; `go` (once the
 * run is stored) starts the rounds, reported to `onProgress`, and `done` settles with the result; `cancel` stops it
 * (also before `go`).
 */
export function startPublicationWorker(job: PublicationJob): {
  prepared: Promise<Prepared>;
  go(onProgress: (done: number) => void): void;
  done: Promise<BootstrapResult>;
  cancel(): Promise<void>;
} {
  const worker = new Worker(new URL('./publication-worker.ts', import.meta.url), { execArgv: ['--import', tsxLoader] });
  worker.unref();
  let cancelled = false;
  let ready!: (p: Prepared) => void;
  let onProgress = (_done: number) => {};
  const prepared = new Promise<Prepared>((resolve) => (ready = resolve));
  const done = new Promise<BootstrapResult>((resolve, reject) => {
    worker.on('message', (msg: PublicationMessage) => {
      if (msg.type === 'prepared') ready(msg);
      else if (msg.type === 'progress') onProgress(msg.done);
      else if (msg.type === 'done') resolve(msg.result);
      else reject(new Error(msg.message));
    });
    worker.on('error', reject);
    worker.on('exit', (code) =>
      reject(
        new Error(
          cancelled
            ? 'stopped: the server shut down before the run finished; request it again'
            : `the run's worker thread exited with code ${code}`,
        ),
      ),
    );
  }).finally(() => void worker.terminate());
  worker.postMessage(job);
  return {
    // A thread that fails before it has read its data rejects `prepared` too.
    prepared: Promise.race([
      prepared,
      done.then(() => Promise.reject(new Error('the run finished before it was prepared'))),
    ]),
    go: (progress) => {
      onProgress = progress;
      worker.postMessage({ type: 'go' } satisfies PublicationGo);
    },
    done,
    cancel: async () => {
      cancelled = true;
      await worker.terminate();
    },
  };
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === 'P2002' || /23505|unique constraint/i.test(e?.message ?? '');
}

export class ArenaPublication implements PublicationService {
  /** Runs computing in this process, by id. */
  private active = new Map<string, { cancel(): Promise<void>; finished: Promise<void> }>();
  /**
   * Views whose run is still reading its matches in this process (no row holds the view yet): a second request for
   * one is refused rather than reading the same million matches again, and they count towards the runs at once.
   */
  private preparing = new Set<string>();

  constructor(
    private readonly db: () => Db,
    private readonly opts: PublicationOptions = {},
  ) {}

  private get lostAfterMs() {
    return this.opts.lostAfterMs ?? 60_000;
  }

  /** Marks running runs whose heartbeat stopped (their server died) as failed, so they no longer hold their view. */
  private async expireLost(): Promise<void> {
    await this.db().publicationRun.updateMany({
      where: {
        status: 'running',
        heartbeatAt: { lt: new Date(Date.now() - this.lostAfterMs) },
        id: { notIn: [...this.active.keys()] },
      },
      data: { status: 'failed', error: INTERRUPTED, finishedAt: new Date() },
    });
  }

  async request(asked: PublicationRequest, requestedBy: string | null): Promise<PublicationRunInfo> {
    const input = { ...asked, protocol: asked.protocol ?? 'current' };
    if (input.game) {
      const game = getGame(input.game);
      if (!game || !ratedGames.includes(game))
        throw new UserError(`game: "${input.game}" is not a rated game`, { field: 'game' });
    }
    const gameIds = gamesFor(input);
    const view = viewWords(input.game ?? null, input.category ?? null, input.humans);
    if (gameIds.length === 0)
      throw new UserError(`no rated game in ${view}: ${input.game} is not of that category`, { field: 'category' });
    const key = viewKey({ gameIds, humans: input.humans, protocol: input.protocol });
    const rounds = this.opts.rounds ?? PUBLICATION_ROUNDS;

    await this.expireLost();
    const busy = async () => {
      const running = await this.db().publicationRun.findFirst({ where: { viewKey: key, status: 'running' } });
      return running
        ? new UserError(
            `a publication run for ${view} is already running (${running.roundsDone.toLocaleString('en-US')} of ${running.rounds.toLocaleString('en-US')} rounds): wait for it to finish`,
          )
        : null;
    };
    const already = await busy();
    if (already) throw already;
    const maxRunning = this.opts.maxRunning ?? 2;
    const running = await this.db().publicationRun.count({ where: { status: 'running' } });

    const seed = input.seed ?? this.opts.seed ?? 'arena-publication';
    const url = databaseUrlOf(this.db());
    if (!url)
      throw new Error(
        'publication: this database client was not made by createDb (lib/db/client.ts), so the worker thread cannot open its own',
      );
    // The worker thread reads the view (a million matches decode for seconds: not on this event loop) and says what
    // it will fit; the run is stored only then, so a view with nothing to rate is refused in words, as before.
    const opts: PublicationOpts = {
      scheme: 'game-weighted',
      estimator: 'gamebench',
      rounds,
      seed,
      minMatches: MIN_MATCHES,
    };
    // Checked and marked with no wait in between: two requests at once cannot both pass.
    if (this.preparing.has(key))
      throw new UserError(
        `a publication run for ${view} is being prepared (its matches are being read): wait for it to start`,
      );
    if (running + this.preparing.size >= maxRunning)
      throw new UserError(
        `${running + this.preparing.size} publication runs are already computing (each takes a processor core): wait for one to finish`,
      );
    this.preparing.add(key);
    const worker = startPublicationWorker({
      read: {
        url,
        query: { game: input.game, category: input.category, humans: input.humans, protocol: input.protocol },
      },
      opts,
    });
    let row: Row;
    let prepared: Prepared;
    try {
      prepared = await worker.prepared;
      if (prepared.matchesUsed === 0)
        throw new UserError(`nothing to rate in ${view} yet: no finished rated match between agents`);
      row = await this.db().publicationRun.create({
        data: {
          viewKey: key,
          gameId: input.game ?? null,
          category: input.category ?? null,
          humans: input.humans,
          gameIds,
          rounds,
          seed,
          status: 'running',
          matchesUsed: prepared.matchesUsed,
          finishedCount: prepared.finishedCount,
          anchorAgentId: prepared.anchorAgentId,
          ...(prepared.rules ? { rules: prepared.rules as unknown as Prisma.InputJsonValue } : {}),
          requestedBy,
        },
      });
    } catch (err) {
      await worker.cancel();
      // Another request for this view won the race.
      if (isUniqueViolation(err))
        throw (
          (await busy()) ?? new UserError(`a publication run for ${view} is already running: wait for it to finish`)
        );
      throw err;
    } finally {
      this.preparing.delete(key);
    }

    const agents = new Map(prepared.agents.map((a) => [a.id, a]));
    if (input.humans === 'together')
      agents.set(HUMANS_ID, {
        id: HUMANS_ID,
        name: HUMANS_NAME,
        kind: 'human',
        simulated: false,
        model: null,
        scaffold: null,
        promptVersion: null,
      });
    this.follow(row.id, worker, rounds, opts.estimator!, (a) => {
      const info = agents.get(a.agentId);
      return {
        ...a,
        name: info?.name ?? a.agentId,
        kind: info?.kind ?? 'unknown',
        simulated: info?.simulated ?? false,
        promptVersion: info?.promptVersion ?? null,
      };
    });
    this.opts.log?.(
      `publication run ${row.id} for ${view}: ${rounds} rounds over ${prepared.matchesUsed} matches (seed ${seed})`,
    );
    return info(row, 0, this.lostAfterMs);
  }

  /** Starts a stored run's rounds and follows them, writing progress (throttled) and the result or the error. */
  private follow(
    id: string,
    worker: ReturnType<typeof startPublicationWorker>,
    rounds: number,
    estimator: string,
    describe: (a: AgentBootstrap) => StoredAgent,
  ) {
    const every = this.opts.progressEveryMs ?? 500;
    let last = 0;
    let written = Promise.resolve();
    let latest = 0;
    const write = (done: number) => {
      latest = done;
      written = written
        .then(() =>
          this.db().publicationRun.updateMany({
            where: { id, status: 'running' },
            data: { roundsDone: done, heartbeatAt: new Date() },
          }),
        )
        .then(() => this.opts.onProgress?.(id, done))
        .catch((err: Error) => this.opts.log?.(`publication run ${id}: progress not saved: ${err.message}`));
    };
    worker.go((done) => {
      const now = Date.now();
      if (now - last >= every && done < rounds) {
        last = now;
        write(done);
      }
    });
    // The heartbeat also moves when a chunk is slow, so a live run is never taken for a lost one.
    const heartbeat = setInterval(() => write(latest), Math.max(1000, Math.min(10_000, this.lostAfterMs / 4)));
    heartbeat.unref();
    const finished = worker.done
      .then(async (result) => {
        clearInterval(heartbeat);
        await written;
        await this.db().publicationRun.updateMany({
          where: { id, status: 'running' },
          data: {
            status: 'done',
            roundsDone: rounds,
            result: { estimator, agents: result.agents.map(describe) } as object,
            finishedAt: new Date(),
            heartbeatAt: new Date(),
          },
        });
        this.opts.onProgress?.(id, rounds);
        this.opts.log?.(`publication run ${id} done`);
      })
      .catch(async (err: Error) => {
        clearInterval(heartbeat);
        await written;
        this.opts.log?.(`publication run ${id} failed: ${err.message}`);
        await this.db()
          .publicationRun.updateMany({
            where: { id, status: 'running' },
            data: { status: 'failed', error: err.message, finishedAt: new Date() },
          })
          .catch(() => {});
      })
      .finally(() => this.active.delete(id));
    this.active.set(id, { cancel: worker.cancel, finished });
  }

  /** Settles when every run this process computes has finished (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.active.size) await Promise.all([...this.active.values()].map((a) => a.finished));
  }

  /** Stops this process's runs (at shut-down); they are stored as failed, with why. */
  async close(): Promise<void> {
    const runs = [...this.active.values()];
    await Promise.all(runs.map((r) => r.cancel()));
    await Promise.all(runs.map((r) => r.finished));
  }

  async forView(query: LeaderboardQuery): Promise<PublicationView> {
    const gameIds = gamesFor(query);
    const key = viewKey({ gameIds, humans: query.humans, protocol: query.protocol });
    const [latest, running, failed] = await Promise.all([
      this.db().publicationRun.findFirst({ where: { viewKey: key, status: 'done' }, orderBy: { finishedAt: 'desc' } }),
      this.db().publicationRun.findFirst({
        where: { viewKey: key, status: 'running' },
        orderBy: { createdAt: 'desc' },
      }),
      this.db().publicationRun.findFirst({ where: { viewKey: key, status: 'failed' }, orderBy: { createdAt: 'desc' } }),
    ]);
    let newMatches = 0;
    if (latest?.finishedCount != null) {
      // A database that does not answer at once must not hold the page: then 0.
      const filter = storedRules(latest)?.filter ?? POOLED;
      const now = await within(countFinished(this.db(), latest.gameIds, filter), 1000);
      newMatches = Math.max(0, (now ?? latest.finishedCount) - latest.finishedCount);
    }
    const runningInfo = running ? info(running, 0, this.lostAfterMs, this.active.has(running.id)) : null;
    const failedInfo =
      failed && (!latest || failed.createdAt > latest.createdAt) ? info(failed, 0, this.lostAfterMs) : null;
    return {
      latest: latest
        ? {
            ...info(latest, newMatches, this.lostAfterMs),
            rows: publicationRows(latest, query),
            interval: query.interval,
          }
        : null,
      running: runningInfo?.status === 'running' ? runningInfo : null,
      failed: runningInfo && runningInfo.status === 'failed' ? runningInfo : failedInfo,
    };
  }

  async list(limit = 20): Promise<PublicationRunInfo[]> {
    const rows = await this.db().publicationRun.findMany({ orderBy: { createdAt: 'desc' }, take: limit });
    return rows.map((r) => info(r, 0, this.lostAfterMs, this.active.has(r.id)));
  }
}

/** A stored run as shown; a running run whose heartbeat stopped (and is not computing here) reads as interrupted. */
function info(row: Row, newMatches: number, lostAfterMs: number, here = false): PublicationRunInfo {
  const lost = row.status === 'running' && !here && row.heartbeatAt.getTime() < Date.now() - lostAfterMs;
  return {
    id: row.id,
    status: lost ? 'failed' : (row.status as PublicationRunInfo['status']),
    view: viewWords(row.gameId, row.category, row.humans),
    game: row.gameId,
    category: row.category,
    humans: row.humans as PublicationRunInfo['humans'],
    rounds: row.rounds,
    roundsDone: row.roundsDone,
    seed: row.seed,
    scheme: 'game-weighted',
    estimator: (row.result as { estimator?: string } | null)?.estimator === 'gamebench' ? 'gamebench' : 'mm',
    matchesUsed: row.matchesUsed,
    requestedBy: row.requestedBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: lost ? INTERRUPTED : row.error,
    newMatches,
    rules: storedRules(row)?.rules ?? null,
    protocol: protocolOfKey(row.viewKey),
    anchor: row.anchorAgentId
      ? (((row.result as { agents?: StoredAgent[] } | null)?.agents ?? []).find((a) => a.agentId === row.anchorAgentId)
          ?.name ?? null)
      : null,
  };
}

/** A finished run's rows for a view: the view's presentation filters, its interval level, ranks by the leaderboard's rule. */
export function publicationRows(
  row: Pick<Row, 'result' | 'anchorAgentId'>,
  query: Pick<LeaderboardQuery, 'baselines' | 'simulated' | 'version' | 'interval'>,
): PublicationRow[] {
  const stored = ((row.result as { agents?: StoredAgent[] } | null)?.agents ?? []).filter((a) =>
    shownBy(query as LeaderboardQuery, a),
  );
  const rows = stored.map((a): PublicationRow => {
    const ci = query.interval === '90' ? a.rating.ci90 : a.rating.ci95;
    return {
      agentId: a.agentId,
      agentName: a.name,
      agentKind: a.kind,
      simulated: a.simulated,
      rank: 0,
      mean: a.rating.mean!,
      betaMean: a.beta.mean!,
      point: a.rating.point,
      median: a.rating.median,
      interval: a.lowData ? null : ci,
      matches: a.matches,
      lowData: a.lowData,
      group: a.group ?? 0,
    };
  });
  // Groups of agents that never met, directly or through others (runs stored before groups were kept are one group):
  // numbered 1, 2, … among the shown ones, null when they are all one; ranks within a group, as on the leaderboard.
  const groups = shownGroups(rows.map((r) => r.group)).group;
  rows.forEach((r, i) => (r.group = groups[i] ?? null));
  const ranks = ranksWithinGroups(
    rows.map((r) => r.interval ?? { lower: r.mean, upper: r.mean }),
    rows.map((r) => r.group),
  );
  rows.forEach((r, i) => (r.rank = ranks[i]!));
  return rows.sort(
    (x, y) =>
      (x.group ?? 0) - (y.group ?? 0) || x.rank - y.rank || y.mean - x.mean || x.agentName.localeCompare(y.agentName),
  );
}
