// Losing Postgres, for real: the embedded postmaster is killed with SIGKILL mid-tournament; its supervisor restarts it,
// the worker process, pg-boss, the relay, /api/health and the leaderboard recover by themselves, and every scheduled
// match ends exactly once (matches cut off mid-play restart from their seed, as after a crash).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../lib/db/client';
import { leaderboardQuerySchema } from '../lib/leaderboard-contract';
import { tournamentProgress } from '../lib/db/tournament-progress';
import { startEmbeddedPostgres, type EmbeddedDb } from './db/embedded';
import { migrate } from './db/migrate';
import { createComputer } from './leaderboard/computer';
import { ArenaLeaderboard } from './leaderboard/service';
import { startSimulatedEndpoint, type SimulatedEndpoint } from './llm/simulated';
import { freePort } from './net';
import { relayListener, type RelayMessage } from './rooms/relay';
import { startQueue, stopQueue } from './scheduler/queue';
import { createTournament } from './scheduler/tournaments';
import { LONG_WAIT_MS } from '../lib/test-scale';

const root = path.resolve(import.meta.dirname, '..');
let dir: string;
let pgdb: EmbeddedDb;
let db: Db;
let sim: SimulatedEndpoint;
let boss: PgBoss;
let child: ChildProcess | null = null;
let out = '';
const logs: string[] = [];
const computer = createComputer();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'arena-pg-restart-'));
  pgdb = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    port: await freePort(),
    log: (m) => logs.push(m),
  });
  await migrate(pgdb.url); // as the app role, like the arena
  db = createDb(pgdb.url, 5);
  sim = await startSimulatedEndpoint({ latencyMs: [40, 90], seed: 'pg-restart' });
  boss = await startQueue(pgdb.url, { worker: false });
});
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGINT');
    await exited;
  }
  await computer.close();
  await stopQueue(boss);
  await sim?.close();
  await db?.$disconnect();
  await pgdb?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('losing the embedded Postgres', () => {
  it('restarts it mid-tournament: everything reconnects, every match ends exactly once, health comes back', async () => {
    const p = await db.provider.create({ data: { name: 'sim', baseUrl: sim.url, simulated: true } });
    const a = await db.agent.create({
      data: { name: 'pgr-a', kind: 'llm', providerId: p.id, model: 'sim-careful', scaffold: 'base' },
    });
    const b = await db.agent.create({
      data: { name: 'pgr-b', kind: 'llm', providerId: p.id, model: 'sim-sloppy', scaffold: 'cot' },
    });
    const r = await db.agent.create({ data: { name: 'pgr-random', kind: 'random' } });
    const { tournament, matches } = await createTournament(db, boss, {
      name: 'pg-restart',
      format: 'round-robin',
      gameIds: ['connect-four'],
      agentIds: [a.id, b.id, r.id],
      gamesPerPair: 6,
      seed: 'pg-restart',
    });
    expect(matches).toBe(18);
    const counts = async () => (await tournamentProgress(db, [tournament.id]))[0]!.counts;
    const heard: { m: RelayMessage; at: number }[] = [];
    const listener = await relayListener(pgdb.url, (m) => heard.push({ m, at: Date.now() }));
    const leaderboard = new ArenaLeaderboard(() => db, computer, { rounds: 10 });
    const query = leaderboardQuerySchema.parse({});
    process.env.DATABASE_URL = pgdb.url; // for /api/health's Prisma client, in this process
    // What /api/health answers (server/arena.ts serves databaseHealth's verdict; server/main.test.ts asks it over
    // HTTP).
    const { databaseHealth } = await import('./db/health');
    const health = async () => {
      const h = await databaseHealth();
      return { status: h.ok ? 200 : 503, json: async () => h };
    };

    // Computed before the worker process starts (the thread reads Postgres itself: a second or two when cold), so that
    // Postgres is killed while matches are in play, and the leaderboard has numbers to fall back on.
    await computer.warm();
    expect((await leaderboard.get(query)).stale).toBe(false);

    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: pgdb.url,
        ARENA_ROLE: 'worker',
        ARENA_CONCURRENCY: '4',
        ARENA_RECONCILE_SECONDS: '2',
        ARENA_DATA_DIR: path.join(dir, 'worker'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await expect
      .poll(
        async () => {
          const c = await counts();
          return c.done >= 2 && c.running >= 2;
        },
        { timeout: LONG_WAIT_MS, interval: 100 },
      )
      .toBe(true);

    // Kill the postmaster the way the OOM killer would.
    const pid = pgdb.pid()!;
    const outBefore = out.length;
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => pgdb.pid(), { timeout: LONG_WAIT_MS, interval: 20 }).toBeUndefined();
    const down = await health();
    expect(down.status).toBe(503);
    const downBody = (await down.json()) as { ok: boolean; database: string };
    expect(downBody.ok).toBe(false);
    expect(downBody.database).toMatch(/^unavailable: the embedded Postgres stopped \d+ s ago and is restarting/);
    // While it is down the leaderboard still serves the last one it computed.
    leaderboard.markStale();
    expect((await leaderboard.get(query)).stale).toBe(true);

    // Back by itself, after the planned 1 s backoff (the logs below; how long it takes is a benchmark's matter, not a
    // test's on a machine that may be busy); health says so in plain JSON.
    await expect.poll(async () => (await health()).status, { timeout: LONG_WAIT_MS, interval: 200 }).toBe(200);
    expect(await (await health()).json()).toEqual({ ok: true, database: 'ok' });
    expect(pgdb.pid()).toBeGreaterThan(0);
    expect(pgdb.pid()).not.toBe(pid);
    expect(logs.join('\n')).toMatch(/embedded postgres stopped unexpectedly \(SIGKILL\); restarting it in 1 s/);
    expect(logs.join('\n')).toMatch(/embedded postgres restarted \(pid \d+, down [\d.]+ s\)/);
    const backAt = Date.now();

    await expect
      .poll(
        async () => {
          const c = await counts();
          return c.done + c.failed;
        },
        { timeout: LONG_WAIT_MS, interval: 250 },
      )
      .toBe(18);
    const c = await counts();
    expect(c).toMatchObject({ total: 18, done: 18, failed: 0, running: 0, queued: 0, cancelled: 0 });
    const rows = await db.match.findMany({
      where: { tournamentId: tournament.id },
      include: { events: { orderBy: { seq: 'asc' }, select: { seq: true, kind: true } }, seats: true },
    });
    for (const m of rows) {
      // One run's log: a single start and a single end, seqs without gaps or repeats.
      expect(m.events.filter((e) => e.kind === 'start')).toHaveLength(1);
      expect(m.events.filter((e) => e.kind === 'end')).toHaveLength(1);
      expect(m.events.map((e) => e.seq)).toEqual(Array.from({ length: m.lastSeq }, (_, i) => i + 1));
      expect(m.seats.every((s) => s.score !== null)).toBe(true);
      expect(m.seats.reduce((x, s) => x + (s.score ?? 0), 0)).toBeCloseTo(1, 9);
    }
    await expect
      .poll(async () => (await tournamentProgress(db, [tournament.id]))[0]!.status, { timeout: LONG_WAIT_MS })
      .toBe('finished');
    // Matches were cut off mid-play: their jobs failed with the database and were retried (they restarted from their seed).
    const retried = await db.$queryRaw<
      { n: bigint }[]
    >`SELECT COUNT(*) AS n FROM pgboss.job WHERE name = 'match-run' AND retry_count > 0`;
    expect(Number(retried[0]!.n)).toBeGreaterThan(0);

    // The worker process lived through it, its relay listener reconnected, and the queue's errors were not a flood.
    expect(child.exitCode).toBeNull();
    const during = out.slice(outBefore);
    expect(during).not.toMatch(/uncaught/i);
    expect(during).toMatch(/relay: listening again/);
    expect(during.split('\n').filter((l) => l.startsWith('[queue]')).length).toBeLessThanOrEqual(10);
    // This process's listener hears the worker's news again (matches that ended after the restart).
    await listener.close();
    expect(heard.some(({ m, at }) => m.t === 'match' && m.kind === 'end' && at > backAt)).toBe(true);
    // And the leaderboard computes afresh.
    leaderboard.markStale();
    await leaderboard.get(query);
    await expect.poll(async () => (await leaderboard.get(query)).stale, { timeout: LONG_WAIT_MS }).toBe(false);
  }, 1_800_000); // waits of up to LONG_WAIT_MS each: a safety net far above the time it takes
});
