// Crash safety, for real: a worker process is killed with SIGKILL mid-tournament and started again; every
// scheduled match ends exactly once (interrupted matches restart from their seed), none lost, none counted twice.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournamentProgress } from '../lib/db/tournament-progress';
import { createTestDb, type TestDb } from './db/test-db';
import { startSimulatedEndpoint, type SimulatedEndpoint } from './llm/simulated';
import { relayListener, type RelayMessage } from './rooms/relay';
import { startQueue, stopQueue } from './scheduler/queue';
import { createTournament } from './scheduler/tournaments';
import { LONG_WAIT_MS } from '../lib/test-scale';

const root = path.resolve(import.meta.dirname, '..');
let t: TestDb;
let sim: SimulatedEndpoint;
let boss: PgBoss;
let child: ChildProcess | null = null;
let out = '';

function startWorker(): ChildProcess {
  const c = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: t.url,
      ARENA_ROLE: 'worker',
      ARENA_CONCURRENCY: '4',
      ARENA_RECONCILE_SECONDS: '2',
      ARENA_DATA_DIR: '.arena/test-crash',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  c.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  c.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return c;
}

beforeAll(async () => {
  t = await createTestDb();
  sim = await startSimulatedEndpoint({ latencyMs: [40, 90], seed: 'crash' });
  boss = await startQueue(t.url, { worker: false });
});
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGINT');
    await exited;
  }
  await stopQueue(boss);
  await sim?.close();
  await t?.drop();
});

describe('crash safety', () => {
  it('resumes a tournament after kill -9: every match ends exactly once', async () => {
    const p = await t.db.provider.create({ data: { name: 'sim', baseUrl: sim.url, simulated: true } });
    const a = await t.db.agent.create({
      data: { name: 'crash-a', kind: 'llm', providerId: p.id, model: 'sim-careful', scaffold: 'base' },
    });
    const b = await t.db.agent.create({
      data: { name: 'crash-b', kind: 'llm', providerId: p.id, model: 'sim-sloppy', scaffold: 'cot' },
    });
    const r = await t.db.agent.create({ data: { name: 'crash-random', kind: 'random' } });
    const { tournament, matches } = await createTournament(t.db, boss, {
      name: 'crash',
      format: 'round-robin',
      gameIds: ['connect-four'],
      agentIds: [a.id, b.id, r.id],
      gamesPerPair: 8,
      seed: 'crash',
    });
    expect(matches).toBe(24);
    const counts = async () => (await tournamentProgress(t.db, [tournament.id]))[0]!.counts;
    // What a web process hears from the worker-only process through Postgres NOTIFY.
    const heard: RelayMessage[] = [];
    const listener = await relayListener(t.url, (m) => heard.push(m));

    child = startWorker();
    // Kill it while some matches are done and others are mid-play.
    await expect
      .poll(
        async () => {
          const c = await counts();
          return c.done >= 3 && c.running >= 2;
        },
        { timeout: LONG_WAIT_MS, interval: 100 },
      )
      .toBe(true);
    const exited = new Promise((res) => child!.once('exit', res));
    child.kill('SIGKILL');
    await exited;
    const atCrash = await counts();
    expect(atCrash.running).toBeGreaterThan(0); // interrupted mid-play
    expect(atCrash.done).toBeLessThan(24);

    child = startWorker();
    await expect
      .poll(
        async () => {
          const c = await counts();
          return c.done + c.failed;
        },
        { timeout: LONG_WAIT_MS, interval: 250 },
      )
      .toBe(24);

    const c = await counts();
    expect(c).toMatchObject({ total: 24, done: 24, failed: 0, running: 0, queued: 0, cancelled: 0 });
    const rows = await t.db.match.findMany({
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
    // The call log holds only the final runs' calls: one request per (match, seat, ply, attempt).
    const dup = await t.db.$queryRaw<{ n: bigint }[]>`
      SELECT COUNT(*) AS n FROM (SELECT c.match_id FROM llm_calls c JOIN matches m ON m.id = c.match_id
        WHERE m.tournament_id = ${tournament.id} GROUP BY c.match_id, c.seat, c.ply, c.attempt HAVING COUNT(*) > 1) d`;
    expect(Number(dup[0]!.n)).toBe(0);
    await expect
      .poll(async () => (await tournamentProgress(t.db, [tournament.id]))[0]!.status, { timeout: LONG_WAIT_MS })
      .toBe('finished');
    // Live news reached the listener: every match's end event, and the tournament's changes.
    await listener.close();
    const ends = new Set(heard.flatMap((m) => (m.t === 'match' && m.kind === 'end' ? [m.matchId] : [])));
    expect(ends.size).toBeGreaterThanOrEqual(24 - atCrash.done);
    expect(heard.some((m) => m.t === 'tournament' && m.id === tournament.id)).toBe(true);
  }, 1_800_000); // waits of up to LONG_WAIT_MS each: a safety net far above the time it takes
});
