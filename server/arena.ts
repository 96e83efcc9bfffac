// The arena's process, once its configuration is read (server/main.ts): Postgres (embedded unless DATABASE_URL),
// migrations, Next.js, socket.io, match workers, in the roles ARENA_ROLE names.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { Server } from 'socket.io';
import type { PgBoss } from 'pg-boss';
import { ratedGames } from '../games/registry';
import { db } from '../lib/db/client';
import { leaderboardQuerySchema, registerLeaderboardService } from '../lib/leaderboard-contract';
import { getSettings } from '../lib/db/settings';
import type { ClientToServerEvents, ServerToClientEvents } from '../lib/protocol';
import { CLIENT_IP_HEADER, clientIp } from '../lib/client-ip';
import { llmCallSettings, runnerSettings, type ArenaConfig } from './config';
import { startEmbeddedPostgres } from './db/embedded';
import { migrate } from './db/migrate';
import { databaseHealth } from './db/health';
import { errorKey, limitedLog } from './db/log-limit';
import { preflight } from './preflight';
import { configureLlmCalls } from './llm/clients';
import { configureSharedLimits } from './llm/limits';
import { createPgSharedLimits } from './llm/shared-limits';
import { refuseLargeBody } from './body-limit';
import { createComputer } from './leaderboard/computer';
import { ArenaLeaderboard } from './leaderboard/service';
import { ArenaPublication } from './leaderboard/publication-service';
import { registerPublicationService } from '../lib/publication-contract';
import { humanBridge } from './agents/human';
import { Hub } from './rooms/hub';
import { startDemo } from './scheduler/demo';
import { startQueue, stopQueue } from './scheduler/queue';
import {
  cancelTournament,
  createTournament,
  pauseTournament,
  reconcile,
  resumeTournament,
} from './scheduler/tournaments';
import { relayListener, relaySender } from './rooms/relay';
import { registerTournamentControl } from '../lib/control';
import { registerPlayControl } from '../lib/play';
import { adminCount, upsertAdmin } from '../lib/db/admins';
import { rematch, startPlayMatch } from './scheduler/play';
import { startMatchWorker } from './workers/match-worker';
import { defaultPolicy } from './workers/run-match';

import { lifecycle, type Lifecycle } from './lifecycle';
import { configureLogging, logFn } from './log';
import { collectFrom, deliveryLagSeconds, matchRuns, metricsHandler, startMetricsServer } from './prometheus';

const log = logFn();

async function checkDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    const u = new URL(url);
    throw new Error(`cannot reach the database at ${u.hostname}:${u.port || 5432} (${(err as Error).message})`, {
      cause: err,
    });
  } finally {
    await client.end().catch(() => {});
  }
}

/** The key that encrypts stored API keys: ARENA_SECRET, or one generated once and kept in the data folder. */
async function ensureSecret(cfg: ArenaConfig): Promise<void> {
  if (cfg.ARENA_SECRET) return;
  const file = path.join(cfg.ARENA_DATA_DIR, 'secret');
  if (!existsSync(file)) {
    await mkdir(cfg.ARENA_DATA_DIR, { recursive: true });
    await writeFile(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  process.env.ARENA_SECRET = (await readFile(file, 'utf8')).trim();
}

/** Next.js and socket.io on one HTTP server; returns how to stop them. */
async function startWeb(
  cfg: ArenaConfig,
  hub: Hub,
  metrics: { refresh: () => Promise<void>; io: (io: Server) => void },
): Promise<() => Promise<unknown>> {
  // Loaded here, by the web role only: a worker process never needs Next.js.
  const { default: next } = await import('next');
  const app = next({
    dev: cfg.ARENA_DEV,
    hostname: 'localhost',
    port: cfg.PORT,
    dir: path.resolve(import.meta.dirname, '..'),
  });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = http.createServer((req, res) => {
    // The one address rate limits trust (a header a client sent under this name is overwritten).
    req.headers[CLIENT_IP_HEADER] = clientIp(req.socket.remoteAddress, req.headers, cfg.ARENA_TRUST_PROXY);
    // Prometheus on the main port only with a token (this port faces the internet); else ARENA_METRICS_PORT.
    if (cfg.ARENA_METRICS_TOKEN && (req.url ?? '').split('?')[0] === '/api/metrics') {
      void metricsHandler(req, res, metrics.refresh, cfg.ARENA_METRICS_TOKEN).catch((err: Error) =>
        res.writeHead(500).end(`metrics: ${err.message}\n`),
      );
      return;
    }
    // Health for load balancers and tests, answered by the process that knows its database (server/db/health.ts):
    // 200 {ok:true, database:'ok'}, or 503 with why in words (never a stack).
    if ((req.url ?? '').split('?')[0] === '/api/health' && (req.method === 'GET' || req.method === 'HEAD')) {
      void databaseHealth().then((h) =>
        res
          .writeHead(h.ok ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' })
          .end(req.method === 'HEAD' ? undefined : JSON.stringify(h)),
      );
      return;
    }
    if (refuseLargeBody(req, res)) return;
    void handle(req, res);
  });
  // Clients send small messages (a join, a move); a bigger one is refused by engine.io before it is parsed.
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(server, {
    maxHttpBufferSize: 16_384,
    serveClient: false,
  });
  hub.attach(io);
  metrics.io(io as unknown as Server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(cfg.PORT, cfg.HOST, resolve);
  });
  log(`arena ready at http://localhost:${cfg.PORT}`);
  return () => new Promise((r) => io.close(() => r(undefined)));
}

/** The admin account from ARENA_ADMIN_PASSWORD, or a hint about the first-run setup page. */
async function ensureAdmin(cfg: ArenaConfig): Promise<void> {
  if (cfg.ARENA_ADMIN_PASSWORD) {
    const r = await upsertAdmin(db(), cfg.ARENA_ADMIN_USER, cfg.ARENA_ADMIN_PASSWORD);
    if (r.created) log(`admin account "${cfg.ARENA_ADMIN_USER}" created from ARENA_ADMIN_PASSWORD`);
    else if (r.changed) log(`admin "${cfg.ARENA_ADMIN_USER}": password reset from ARENA_ADMIN_PASSWORD`);
  } else if ((await adminCount(db())) === 0) {
    log(`no admin account yet: open http://localhost:${cfg.PORT}/admin to create one (or set ARENA_ADMIN_PASSWORD)`);
  }
}

/** The logging and LLM call policies the configuration sets. */
function configure(cfg: ArenaConfig): void {
  configureLogging({
    level: cfg.ARENA_LOG_LEVEL,
    format: cfg.ARENA_LOG_FORMAT,
    base: cfg.ARENA_ROLE === 'all' ? {} : { role: cfg.ARENA_ROLE },
  });
  // The policies modules follow, from the validated configuration (before any provider client is made).
  configureLlmCalls(llmCallSettings(cfg));
}

/** Postgres (the given one, or a real PostgreSQL started here), migrated; returns its URL, also in DATABASE_URL. */
async function startDatabase(cfg: ArenaConfig, life: Lifecycle): Promise<string> {
  let url = cfg.DATABASE_URL;
  if (url) {
    await checkDatabase(url);
  } else {
    // Supervised: when Postgres dies it is restarted with backoff, and everything below reconnects by itself.
    const t0 = performance.now();
    const pgdb = await startEmbeddedPostgres({
      dataDir: path.join(cfg.ARENA_DATA_DIR, 'pg'),
      port: cfg.ARENA_PG_PORT,
      log,
    });
    // Ctrl-C reaches the embedded Postgres too: from now on its exit is expected, not a crash to recover from.
    life.onStopping(() => pgdb.unsupervise());
    life.onStop(() => pgdb.stop());
    url = pgdb.url;
    log(`embedded postgres ready on port ${cfg.ARENA_PG_PORT} (${Math.round(performance.now() - t0)} ms)`);
  }
  process.env.DATABASE_URL = url;
  const applied = await migrate(url, log);
  if (applied.length === 0) log('database schema up to date');
  life.onStop(() => db().$disconnect());
  return url;
}

/**
 * Providers' limits (requests and tokens per minute, requests at once, 429 cool-downs) hold across every process on
 * this Postgres (server/llm/shared-limits.ts); a provider without limits never asks it.
 */
function shareProviderLimits(url: string, life: Lifecycle): void {
  const sharedLimits = createPgSharedLimits(url, { log: logFn('limits', 'warn') });
  configureSharedLimits(sharedLimits);
  life.onStop(async () => (configureSharedLimits(null), await sharedLimits.close()));
}

/** What the web role started, for the rest of the process to reach (all null in a worker-only process). */
interface WebParts {
  hub: Hub | null;
  io: Server | null;
  leaderboard: ArenaLeaderboard | null;
}

/** What the roles share: the job queue, the relay to other processes, and what changed goes where. */
interface Shared {
  boss: PgBoss;
  relay: ReturnType<typeof relaySender>;
  /** A tournament changed: this process's viewers hear it from memory, other processes through the relay. */
  tournamentChanged: (id: string) => void;
  /** A match ended somewhere: the leaderboard is recomputed when next asked (web role only). */
  markStale: () => void;
}

/**
 * Metrics (server/prometheus.ts), read when scraped: on ARENA_METRICS_PORT for any role, on the main port with a token.
 */
async function startMetrics(cfg: ArenaConfig, life: Lifecycle, web: WebParts | null): Promise<() => Promise<void>> {
  const refresh = collectFrom({
    matchCounts: async () => {
      const rows = await db().match.groupBy({
        by: ['status'],
        where: { status: { in: ['queued', 'running', 'failed'] } },
        _count: { _all: true },
      });
      return Object.fromEntries(rows.map((r) => [r.status, r._count._all]));
    },
    ...(web ? { sockets: () => web.io?.engine.clientsCount ?? 0 } : {}),
    leaderboardComputedAt: () => web?.leaderboard?.newestComputedAt() ?? null,
    leaderboardHeld: () => web?.leaderboard?.heldInWorker() ?? null,
  });
  if (cfg.ARENA_METRICS_PORT !== undefined) {
    const m = await startMetricsServer(cfg.ARENA_METRICS_PORT, cfg.ARENA_METRICS_HOST, refresh, () => databaseHealth());
    life.onStop(m.close);
    log(`metrics for Prometheus at ${m.url}`);
  }
  return refresh;
}

/**
 * The web role: the leaderboard (computed in a worker thread) and publication runs, the hub, the scheduler's and the
 * Play page's controls, then Next.js and socket.io on one port.
 */
async function startWebRole(
  cfg: ArenaConfig,
  life: Lifecycle,
  web: WebParts,
  { boss, relay, tournamentChanged }: Shared,
  refreshMetrics: () => Promise<void>,
): Promise<void> {
  const computer = createComputer();
  life.onStop(() => computer.close());
  const leaderboard = new ArenaLeaderboard(db, computer, {
    rounds: cfg.ARENA_BOOTSTRAP_ROUNDS,
    log,
    minRecomputeMs: cfg.ARENA_LEADERBOARD_MIN_SECONDS * 1000,
    maxComputeMs: cfg.ARENA_LEADERBOARD_MAX_SECONDS * 1000,
  });
  registerLeaderboardService(leaderboard);
  web.leaderboard = leaderboard;
  life.onStopping(() => leaderboard.stopping());
  // Publication runs (GameBench's Eq. 3 with B = 10,000), each in a worker thread of its own.
  const publication = new ArenaPublication(db, { log });
  registerPublicationService(publication);
  life.onStop(() => publication.close());
  // Warmed in the background before anyone asks (`npm run bench:leaderboard`): the worker thread and TrueSkill, then
  // the site's default view and each game's (an agent's page asks for every game), so no visitor waits for them.
  void (async () => {
    await computer.warm();
    const { peopleFilterDefault } = await getSettings(db());
    await leaderboard.warm([
      leaderboardQuerySchema.parse({ humans: peopleFilterDefault }),
      leaderboardQuerySchema.parse({}),
      ...ratedGames.map((g) => leaderboardQuerySchema.parse({ game: g.id })),
    ]);
  })().catch((err: Error) => log(`leaderboard warm-up failed: ${err.message}`));
  // A person's checked move goes to this process's bridge, and through Postgres to a worker running the match.
  const hub = new Hub(db, {
    deliver: (input) => (humanBridge.submit(input), relay.act(input)),
    trustProxy: cfg.ARENA_TRUST_PROXY,
    allowedOrigins: cfg.ARENA_ALLOWED_ORIGINS,
  });
  web.hub = hub;
  registerTournamentControl({
    create: async (spec) => {
      const r = await createTournament(db(), boss, spec);
      log(`tournament "${r.tournament.name}" scheduled: ${r.matches} matches`);
      return { id: r.tournament.id, matches: r.matches };
    },
    pause: async (id) => (await pauseTournament(db(), boss, id), tournamentChanged(id)),
    resume: async (id) => (await resumeTournament(db(), boss, id), tournamentChanged(id)),
    cancel: async (id) => (await cancelTournament(db(), boss, id), tournamentChanged(id)),
  });
  registerPlayControl({
    start: (personAgentId, input) => startPlayMatch(db(), boss, personAgentId, input),
    rematch: (personAgentId, matchId) => rematch(db(), boss, personAgentId, matchId),
  });
  life.onStop(await startWeb(cfg, hub, { refresh: refreshMetrics, io: (server) => (web.io = server) }));
}

/** News from other processes: events stored by worker-only processes, tournament changes, people's moves. */
async function listenToOtherProcesses(
  url: string,
  life: Lifecycle,
  web: WebParts,
  { markStale }: Shared,
  worker: boolean,
): Promise<void> {
  const listener = await relayListener(
    url,
    (m) => {
      if (m.t === 'act') {
        if (worker) humanBridge.submit(m.input);
      } else if (m.t === 'tournament') {
        web.hub?.tournamentChanged(m.id);
      } else {
        web.hub?.foreignEvent(m.matchId, m.seq, m.kind);
        if (m.kind === 'end' || m.kind === 'failed') markStale();
      }
    },
    log,
  );
  life.onStop(() => listener.close());
}

/** The worker role: the match workers, then the reconciler (now, and every ARENA_RECONCILE_SECONDS). */
async function startWorkerRole(
  cfg: ArenaConfig,
  life: Lifecycle,
  web: WebParts,
  { boss, relay, tournamentChanged, markStale }: Shared,
): Promise<void> {
  const hub = web.hub;
  await startMatchWorker(boss, db(), {
    concurrency: cfg.ARENA_CONCURRENCY,
    playConcurrency: cfg.ARENA_PLAY_CONCURRENCY,
    // In-process viewers get events from memory; every other web process is told through Postgres (batched
    // notices) and reads what is new of the matches it holds (server/rooms/relay.ts, Hub.foreignEvent).
    publish: (matchId, ev, state, setup) => {
      deliveryLagSeconds.observe(Math.max(0, Date.now() - ev.at.getTime()) / 1000);
      hub?.publish(matchId, ev, state, setup);
      relay.match(matchId, ev.seq, ev.kind);
    },
    policy: { ...defaultPolicy, ...runnerSettings(cfg) },
    // The worker only reports what went wrong: failed matches, judges and stages that could not finish.
    log: logFn('worker', 'warn'),
    onMatchEnd: (status) => (matchRuns.inc({ result: status }), markStale()),
    onTournamentChange: tournamentChanged,
  });
  const sweep = async () => {
    const r = await reconcile(db(), boss);
    if (r.requeued) log(`re-queued ${r.requeued} matches whose jobs were lost`);
    if (r.givenUp) log(`${r.givenUp} matches failed after repeated crashes`);
  };
  await sweep();
  const sweepFailed = limitedLog(log);
  const timer = setInterval(
    () =>
      void sweep().catch((err) =>
        sweepFailed(
          errorKey(err),
          `reconcile: ${String((err as Error).message)
            .trim()
            .split('\n')
            .pop()}`,
        ),
      ),
    cfg.ARENA_RECONCILE_SECONDS * 1000,
  );
  timer.unref();
  life.onStop(async () => clearInterval(timer));
}

/** Runs the arena under `cfg` until it is stopped (the process exits then). */
export async function runArena(cfg: ArenaConfig): Promise<void> {
  configure(cfg);
  const life = lifecycle({ log });
  try {
    const web = cfg.ARENA_ROLE !== 'worker';
    const worker = cfg.ARENA_ROLE !== 'web';
    // Before anything else: another arena on this data folder or port, Postgres' user locked out (one line each).
    await preflight(cfg, { lock: true });
    await ensureSecret(cfg);
    // 1. Postgres, and the providers' limits shared through it.
    const url = await startDatabase(cfg, life);
    shareProviderLimits(url, life);
    // 2. The demo's simulated endpoint (all-in-one only) and the demo agents; the admin account.
    const demo = await startDemo(db(), cfg, { onStop: life.onStop, log });
    if (web) await ensureAdmin(cfg);
    // 3. The job queue and the relay that carries live news between processes.
    const relay = relaySender(url, log);
    life.onStop(() => relay.close());
    const boss: PgBoss = await startQueue(url);
    life.onStop(() => stopQueue(boss)); // stopped before the relay, which lets its last notices out
    const parts: WebParts = { hub: null, io: null, leaderboard: null };
    const shared: Shared = {
      boss,
      relay,
      tournamentChanged: (id) => {
        parts.hub?.tournamentChanged(id);
        relay.tournament(id);
      },
      markStale: () => parts.leaderboard?.markStale(),
    };
    // 4. The web: metrics, the leaderboard, Next.js and socket.io on one port, the scheduler's controls.
    const refreshMetrics = await startMetrics(cfg, life, web ? parts : null);
    if (web) await startWebRole(cfg, life, parts, shared, refreshMetrics);
    await listenToOtherProcesses(url, life, parts, shared, worker);
    // 5. The match workers, the reconciler, then the demo tournaments when nothing is pending.
    if (worker) await startWorkerRole(cfg, life, parts, shared);
    await demo.schedule(boss);
  } catch (err) {
    console.error(`arena: ${(err as Error).message}`);
    await life.shutdown(1);
  }
}
