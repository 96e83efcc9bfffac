// The arena's single Node process: Postgres (embedded unless DATABASE_URL), migrations, Next.js, socket.io, match workers.
// First: a Node older than the arena needs is refused in one line, before anything else is loaded.
import './node-version';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import next from 'next';
import pg from 'pg';
import { Server } from 'socket.io';
import type { PgBoss } from 'pg-boss';
import { games, ratedGames } from '../games/registry';
import { TASKS } from '../games/simulbench/tasks';
import type { GameDef } from '../lib/engine/types';
import { db } from '../lib/db';
import { leaderboardQuerySchema, registerLeaderboardService } from '../lib/leaderboard';
import { getSettings } from '../lib/settings';
import type { ClientToServerEvents, ServerToClientEvents } from '../lib/protocol';
import { CLIENT_IP_HEADER, clientIp } from '../lib/client-ip';
import { llmCallSettings, readConfig, runnerSettings, type ArenaConfig } from './config';
import { startEmbeddedPostgres, type EmbeddedDb } from './db/embedded';
import { migrate } from './db/migrate';
import { databaseHealth } from './db/health';
import { errorKey, limitedLog } from './db/log-limit';
import { preflight } from './preflight';
import { configureLlmCalls } from './llm/clients';
import { configureSharedLimits } from './llm/limits';
import { createPgSharedLimits } from './llm/shared-limits';
import { startSimulatedEndpoint } from './llm/simulated';
import { refuseLargeBody } from './body-limit';
import { createComputer } from './leaderboard/computer';
import { ArenaLeaderboard } from './leaderboard/service';
import { ArenaPublication } from './leaderboard/publication';
import { registerPublicationService } from '../lib/publication';
import { humanBridge } from './agents/human';
import { Hub } from './rooms/hub';
import { seedDemo } from './scheduler/demo';
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
import { adminCount, upsertAdmin } from '../lib/auth';
import { rematch, startPlayMatch } from './scheduler/play';
import { startMatchWorker } from './workers/match-worker';
import { defaultPolicy } from './workers/run-match';

import { configureLogging, logFn, logger } from './log';
import { collectFrom, deliveryLagSeconds, matchRuns, metricsHandler, startMetricsServer } from './metrics';

const log = logFn();
/** The settings the demo plays the games with, for those that have their own (games' `demoConfig`). */
const demoConfigs = (gs: readonly GameDef[]) =>
  Object.fromEntries(gs.flatMap((g) => (g.demoConfig === null ? [] : [[g.id, g.demoConfig]])));
/** The demo tournament's jobs run below everything an admin schedules (pg-boss takes higher priorities first). */
const DEMO_PRIORITY = -10;

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

async function main() {
  let cfg: ArenaConfig;
  try {
    cfg = readConfig();
  } catch (err) {
    console.error(`arena: ${(err as Error).message}`);
    process.exit(1);
  }
  configureLogging({
    level: cfg.ARENA_LOG_LEVEL,
    format: cfg.ARENA_LOG_FORMAT,
    base: cfg.ARENA_ROLE === 'all' ? {} : { role: cfg.ARENA_ROLE },
  });
  // The policies modules follow, from the validated configuration (before any provider client is made).
  configureLlmCalls(llmCallSettings(cfg));
  const stops: (() => Promise<unknown>)[] = [];
  let stopping = false;
  /** Told first when the arena stops (Ctrl-C reaches Postgres at once): background work stops starting, and its errors are expected. */
  const onStopping: (() => void)[] = [];
  let embedded: EmbeddedDb | null = null;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // Ctrl-C reaches the embedded Postgres too: from now on its exit is expected, not a crash to recover from.
    embedded?.unsupervise();
    for (const f of onStopping) f();
    log('stopping…');
    for (const stop of stops.reverse())
      await stop().catch((err) => logger.error(`while stopping: ${(err as Error).message}`));
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  // Ctrl-C reaches the embedded Postgres too (same process group): while stopping, connections it cuts
  // (57P01) are expected. Anything else uncaught is a bug: report it and stop cleanly.
  process.on('uncaughtException', (err) => {
    if (stopping && (err as { code?: string }).code === '57P01') return;
    logger.fatal(`uncaught exception: ${(err as Error)?.message ?? String(err)}`, { err });
    void shutdown(1);
  });

  try {
    const role = cfg.ARENA_ROLE;
    const web = role !== 'worker';
    const worker = role !== 'web';
    // Before anything else: another arena on this data folder or port, Postgres' user locked out (one line each).
    await preflight(cfg, { lock: true });
    await ensureSecret(cfg);
    // 1. Postgres: the given one, or a real PostgreSQL started here.
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
      embedded = pgdb;
      stops.push(() => pgdb.stop());
      url = pgdb.url;
      log(`embedded postgres ready on port ${cfg.ARENA_PG_PORT} (${Math.round(performance.now() - t0)} ms)`);
    }
    process.env.DATABASE_URL = url;
    const applied = await migrate(url, log);
    if (applied.length === 0) log('database schema up to date');
    stops.push(() => db().$disconnect());
    // Providers' limits (requests and tokens per minute, requests at once, 429 cool-downs) hold across every process
    // on this Postgres (server/llm/shared-limits.ts); a provider without limits never asks it.
    const sharedLimits = createPgSharedLimits(url, { log: logFn('limits', 'warn') });
    configureSharedLimits(sharedLimits);
    stops.push(async () => (configureSharedLimits(null), await sharedLimits.close()));

    // 2. The demo (all-in-one only): the simulated OpenAI-compatible endpoint, labelled simulated everywhere it appears.
    let simulatedUrl: string | null = null;
    const demo = cfg.ARENA_DEMO && role === 'all';
    if (demo) {
      const sim = await startSimulatedEndpoint({ port: cfg.ARENA_SIM_PORT, latencyMs: cfg.ARENA_SIM_LATENCY_MS });
      stops.push(() => sim.close());
      simulatedUrl = sim.url;
      log(`simulated OpenAI-compatible endpoint at ${sim.url}`);
    }
    const { agentIds, guestIds, hostIds, planners, collectorId } = await seedDemo(db(), {
      simulatedUrl,
      openai: cfg.OPENAI_API_KEY
        ? { apiKey: cfg.OPENAI_API_KEY, baseUrl: cfg.OPENAI_BASE_URL, models: cfg.OPENAI_MODELS }
        : undefined,
    });
    if (web) await ensureAdmin(cfg);

    // 3. The job queue and the relay that carries live news between processes.
    const relay = relaySender(url, log);
    stops.push(() => relay.close());
    const boss: PgBoss = await startQueue(url);
    stops.push(() => stopQueue(boss)); // stopped before the relay, which lets its last notices out

    // 4. The web: leaderboard (computed in a worker thread), Next.js and socket.io on one port, the scheduler's controls.
    // Metrics (server/metrics.ts), read when scraped: on ARENA_METRICS_PORT for any role, on the main port with a token.
    let io: Server | null = null;
    let leaderboardAt: () => Date | null = () => null;
    let leaderboardHeld: () => { views: number; matches: number } | null = () => null;
    const refreshMetrics = collectFrom({
      matchCounts: async () => {
        const rows = await db().match.groupBy({
          by: ['status'],
          where: { status: { in: ['queued', 'running', 'failed'] } },
          _count: { _all: true },
        });
        return Object.fromEntries(rows.map((r) => [r.status, r._count._all]));
      },
      ...(web ? { sockets: () => io?.engine.clientsCount ?? 0 } : {}),
      leaderboardComputedAt: () => leaderboardAt(),
      leaderboardHeld: () => leaderboardHeld(),
    });
    if (cfg.ARENA_METRICS_PORT !== undefined) {
      const m = await startMetricsServer(cfg.ARENA_METRICS_PORT, cfg.ARENA_METRICS_HOST, refreshMetrics, () =>
        databaseHealth(),
      );
      stops.push(m.close);
      log(`metrics for Prometheus at ${m.url}`);
    }

    let hub: Hub | null = null;
    let markStale = () => {};
    /** A tournament changed: this process's viewers hear it from memory, other processes through the relay. */
    const tournamentChanged = (id: string) => {
      hub?.tournamentChanged(id);
      relay.tournament(id);
    };
    if (web) {
      const computer = createComputer();
      stops.push(() => computer.close());
      const leaderboard = new ArenaLeaderboard(db, computer, {
        rounds: cfg.ARENA_BOOTSTRAP_ROUNDS,
        log,
        minRecomputeMs: cfg.ARENA_LEADERBOARD_MIN_SECONDS * 1000,
        maxComputeMs: cfg.ARENA_LEADERBOARD_MAX_SECONDS * 1000,
      });
      registerLeaderboardService(leaderboard);
      markStale = leaderboard.markStale;
      leaderboardAt = () => leaderboard.newestComputedAt();
      leaderboardHeld = () => leaderboard.heldInWorker();
      onStopping.push(() => leaderboard.stopping());
      // Publication runs (GameBench's Eq. 3 with B = 10,000), each in a worker thread of its own.
      const publication = new ArenaPublication(db, { log });
      registerPublicationService(publication);
      stops.push(() => publication.close());
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
      const h = new Hub(db, {
        deliver: (input) => (humanBridge.submit(input), relay.act(input)),
        trustProxy: cfg.ARENA_TRUST_PROXY,
        allowedOrigins: cfg.ARENA_ALLOWED_ORIGINS,
      });
      hub = h;
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
      stops.push(await startWeb(cfg, h, { refresh: refreshMetrics, io: (server) => (io = server) }));
    }

    // News from other processes: events stored by worker-only processes, tournament changes, people's moves.
    const listener = await relayListener(
      url,
      (m) => {
        if (m.t === 'act') {
          if (worker) humanBridge.submit(m.input);
        } else if (m.t === 'tournament') {
          hub?.tournamentChanged(m.id);
        } else {
          hub?.foreignEvent(m.matchId, m.seq, m.kind);
          if (m.kind === 'end' || m.kind === 'failed') markStale();
        }
      },
      log,
    );
    stops.push(() => listener.close());

    // 5. The match workers, the reconciler, then the demo tournament when nothing is pending.
    if (worker) {
      const h = hub;
      await startMatchWorker(boss, db(), {
        concurrency: cfg.ARENA_CONCURRENCY,
        playConcurrency: cfg.ARENA_PLAY_CONCURRENCY,
        // In-process viewers get events from memory; every other web process is told through Postgres (batched
        // notices) and reads what is new of the matches it holds (server/rooms/relay.ts, Hub.foreignEvent).
        publish: (matchId, ev, state, setup) => {
          deliveryLagSeconds.observe(Math.max(0, Date.now() - ev.at.getTime()) / 1000);
          h?.publish(matchId, ev, state, setup);
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
      stops.push(async () => clearInterval(timer));
    }
    const open = await db().match.count({ where: { status: { in: ['queued', 'running'] } } });
    if (demo && open === 0) {
      const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
      // N-player games and judged evaluations (Who is the spy, the flagship chat game, queued first so it is on screen
      // at once; DEEP): each simulated model is the guest (the spy, the describer) among simulated hosts (the judges).
      const group = games.filter(
        (g) => ((g.meta.minPlayers > 2 && !g.meta.sides) || g.meta.scoring === 'evaluation') && !g.meta.scheduledBy,
      );
      if (group.length && hostIds.length && guestIds.length) {
        const hostGuest = await createTournament(
          db(),
          boss,
          {
            name: `Demo host/guest ${stamp}`,
            format: 'host-guest',
            gameIds: group.map((g) => g.id),
            agentIds: guestIds,
            hostIds,
            gamesPerGuest: cfg.ARENA_DEMO_SEEDS_PER_PAIR * 2,
            // Each game's demo settings (a short Hold'em risk probe, so the demo shows every game soon).
            gameConfigs: demoConfigs(group),
            // A simulated consistency judge scores every spy description after its match.
            judgeId: hostIds[0],
          },
          { priority: DEMO_PRIORITY },
        );
        log(`demo host/guest tournament scheduled: ${hostGuest.matches} matches`);
      }
      // Two-seat games, and team games side against side (one agent commands a whole side).
      const twoSeat = games.filter(
        (g) => ((g.meta.minPlayers <= 2 && g.meta.maxPlayers >= 2) || g.meta.sides) && g.meta.scoring !== 'evaluation',
      );
      // An admin may have archived demo agents: the demo round robin needs two.
      if (agentIds.length >= 2) {
        const { matches } = await createTournament(
          db(),
          boss,
          {
            name: `Demo round robin ${stamp}`,
            format: 'round-robin',
            gameIds: twoSeat.map((g) => g.id),
            agentIds,
            gamesPerPair: cfg.ARENA_DEMO_SEEDS_PER_PAIR * 2,
            gameConfigs: demoConfigs(twoSeat),
          },
          { priority: DEMO_PRIORITY },
        );
        log(`demo tournament scheduled: ${matches} matches`);
      }
      // GameBench's RAP agent (a tree search before each move) against Random: two short games, one on each seat.
      if (planners.ids.length && planners.baselineIds.length) {
        const { matches } = await createTournament(
          db(),
          boss,
          {
            name: `Demo RAP gauntlet ${stamp}`,
            format: 'gauntlet',
            gameIds: ['tictactoe'],
            agentIds: planners.ids,
            baselineIds: planners.baselineIds,
            gamesPerPair: 2,
            // Just above the rest of the demo (two matches, two of the workers for a minute), so that a visitor sees a
            // search soon after the start.
          },
          { priority: DEMO_PRIORITY + 1 },
        );
        log(`demo RAP gauntlet scheduled: ${matches} matches`);
      }
      // SimulBench: the simulated models as targets; a simulated user agent, simulator and judge; one stateless and one
      // stateful task, one short dialogue each, then the scripts, ratings and comparisons.
      if (guestIds.length >= 2 && hostIds.length) {
        const tasks = [TASKS.find((t) => t.kind === 'stateless'), TASKS.find((t) => t.kind === 'stateful')].flatMap(
          (t) => (t ? [t.id] : []),
        );
        const { matches } = await createTournament(
          db(),
          boss,
          {
            name: `Demo SimulBench ${stamp}`,
            format: 'simulbench',
            agentIds: guestIds,
            userAgentId: hostIds[0],
            // A careless model collects, as the paper's weaker GPT-3.5 did: its slips make the challenging turns. It is
            // neither target, so people can vote blind on both targets' answers (lib/simulbench/blind.ts).
            simulatorId: collectorId ?? guestIds[1],
            judgeId: hostIds[0],
            taskIds: tasks,
            dialoguesPerTask: 1,
            turns: 3,
          },
          { priority: DEMO_PRIORITY + 1 },
        );
        log(`demo SimulBench evaluation scheduled: ${matches} dialogues`);
      }
    }
  } catch (err) {
    console.error(`arena: ${(err as Error).message}`);
    await shutdown(1);
  }
}

void main();
