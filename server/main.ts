// The arena's single Node process: Postgres (embedded unless DATABASE_URL), migrations, Next.js, socket.io, match workers.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import next from 'next';
import pg from 'pg';
import { Server } from 'socket.io';
import type { PgBoss } from 'pg-boss';
import { games } from '../games/registry';
import { db } from '../lib/db';
import { registerLeaderboardService } from '../lib/leaderboard';
import type { ClientToServerEvents, ServerToClientEvents } from '../lib/protocol';
import { readConfig, type ArenaConfig } from './config';
import { startEmbeddedPostgres, type EmbeddedDb } from './db/embedded';
import { migrate } from './db/migrate';
import { startSimulatedEndpoint } from './llm/simulated';
import { createComputer } from './leaderboard/computer';
import { ArenaLeaderboard } from './leaderboard/service';
import { Hub } from './rooms/hub';
import { seedDemo } from './scheduler/demo';
import { startQueue, stopQueue } from './scheduler/queue';
import { createTournament, recoverUnfinished } from './scheduler/tournaments';
import { startMatchWorker } from './workers/match-worker';

const log = (m: string) => console.log(`[arena] ${m}`);

async function checkDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    const u = new URL(url);
    throw new Error(`cannot reach the database at ${u.hostname}:${u.port || 5432} (${(err as Error).message})`);
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
async function startWeb(cfg: ArenaConfig, hub: Hub): Promise<() => Promise<unknown>> {
  const app = next({ dev: cfg.ARENA_DEV, hostname: 'localhost', port: cfg.PORT, dir: path.resolve(import.meta.dirname, '..') });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = http.createServer((req, res) => void handle(req, res));
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(server, { maxHttpBufferSize: 100_000, serveClient: false });
  hub.attach(io);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(cfg.PORT, cfg.HOST, resolve);
  });
  log(`arena ready at http://localhost:${cfg.PORT}`);
  return () => new Promise((r) => io.close(() => r(undefined)));
}

async function main() {
  const cfg = readConfig();
  const stops: (() => Promise<unknown>)[] = [];
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('stopping…');
    for (const stop of stops.reverse()) await stop().catch((err) => console.error(`[arena] while stopping: ${(err as Error).message}`));
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  // Ctrl-C reaches the embedded Postgres too (same process group): while stopping, connections it cuts
  // (57P01) are expected. Anything else uncaught is a bug: report it and stop cleanly.
  process.on('uncaughtException', (err) => {
    if (stopping && (err as { code?: string }).code === '57P01') return;
    console.error('arena: uncaught exception', err);
    void shutdown(1);
  });

  try {
    await ensureSecret(cfg);
    // 1. Postgres: the given one, or a real PostgreSQL started here.
    let url = cfg.DATABASE_URL;
    if (url) {
      await checkDatabase(url);
    } else {
      const t0 = performance.now();
      const embedded: EmbeddedDb = await startEmbeddedPostgres({
        dataDir: path.join(cfg.ARENA_DATA_DIR, 'pg'),
        port: cfg.ARENA_PG_PORT,
        log,
      });
      stops.push(() => embedded.stop());
      url = embedded.url;
      log(`embedded postgres ready on port ${cfg.ARENA_PG_PORT} (${Math.round(performance.now() - t0)} ms)`);
    }
    process.env.DATABASE_URL = url;
    const applied = await migrate(url, log);
    if (applied.length === 0) log('database schema up to date');
    stops.push(() => db().$disconnect());

    // 2. The simulated OpenAI-compatible endpoint (labelled simulated everywhere it appears).
    let simulatedUrl: string | null = null;
    if (cfg.ARENA_DEMO) {
      const sim = await startSimulatedEndpoint({ port: cfg.ARENA_SIM_PORT, latencyMs: cfg.ARENA_SIM_LATENCY_MS });
      stops.push(() => sim.close());
      simulatedUrl = sim.url;
      log(`simulated OpenAI-compatible endpoint at ${sim.url}`);
    }
    const agentIds = await seedDemo(db(), {
      simulatedUrl,
      openai: cfg.OPENAI_API_KEY ? { apiKey: cfg.OPENAI_API_KEY, baseUrl: cfg.OPENAI_BASE_URL, models: cfg.OPENAI_MODELS } : undefined,
    });

    // 3. The leaderboard (computed in a worker thread), then the web: Next.js and socket.io on one port.
    const computer = createComputer();
    stops.push(() => computer.close());
    const leaderboard = new ArenaLeaderboard(db, computer.compute, { rounds: cfg.ARENA_BOOTSTRAP_ROUNDS, log });
    registerLeaderboardService(leaderboard);
    const hub = new Hub(db);
    stops.push(await startWeb(cfg, hub));

    // 4. The match workers, then the demo tournament when nothing is pending.
    const boss: PgBoss = await startQueue(url);
    stops.push(() => stopQueue(boss));
    await startMatchWorker(boss, db(), { concurrency: cfg.ARENA_CONCURRENCY, hub, log, onMatchEnd: leaderboard.markStale });
    const recovered = await recoverUnfinished(db(), boss);
    if (recovered) log(`re-queued ${recovered} unfinished matches`);
    const open = await db().match.count({ where: { status: { in: ['queued', 'running'] } } });
    if (cfg.ARENA_DEMO && open === 0) {
      const { matches } = await createTournament(db(), boss, {
        name: `Demo round robin ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
        gameIds: games.map((g) => g.id),
        agentIds,
        seedsPerPair: cfg.ARENA_DEMO_SEEDS_PER_PAIR,
      });
      log(`demo tournament scheduled: ${matches} matches`);
    }
  } catch (err) {
    console.error(`arena: ${(err as Error).message}`);
    await shutdown(1);
  }
}

void main();
