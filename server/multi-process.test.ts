// Several machines, for real: 2 web processes (one of them also plays) and 2 worker-only processes on one Postgres. Spectators on either web
// process see every event of matches played by either worker, in order and exactly once (the join's snapshot, then
// the stream), the same frames on both, and one final snapshot each; both workers play; the tournament ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PgBoss } from 'pg-boss';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, MatchSnapshot, ServerToClientEvents, WireEvent } from '../lib/protocol';
import { tournamentProgress } from '../lib/db/tournament-progress';
import { createTestDb, type TestDb } from './db/test-db';
import { startSimulatedEndpoint, type SimulatedEndpoint } from './llm/simulated';
import { freePort } from './net';
import { productionBuild } from './test-build';
import { startQueue, stopQueue } from './scheduler/queue';
import { createTournament } from './scheduler/tournaments';
import { LONG_WAIT_MS } from '../lib/test-scale';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const root = path.resolve(import.meta.dirname, '..');
let t: TestDb;
let sim: SimulatedEndpoint;
let boss: PgBoss;
let dataDir: string;
const children: { name: string; child: ChildProcess; out: string }[] = [];
const clients: Client[] = [];

function start(name: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: t.url,
      ARENA_DEMO: '0',
      ARENA_SECRET: 'multi-process-secret-1234',
      ARENA_DATA_DIR: path.join(dataDir, name),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const p = { name, child, out: '' };
  child.stdout!.on('data', (d: Buffer) => (p.out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (p.out += d.toString()));
  children.push(p);
  return p;
}

beforeAll(async () => {
  await productionBuild();
  t = await createTestDb();
  dataDir = await mkdtemp(path.join(tmpdir(), 'arena-multi-'));
  sim = await startSimulatedEndpoint({ latencyMs: [20, 60], seed: 'multi-process' });
  boss = await startQueue(t.url, { worker: false });
}, 1_800_000); // npm test's build, beside the tests, may take minutes (productionBuild waits up to LONG_WAIT_MS)
afterAll(async () => {
  for (const c of clients) c.close();
  await Promise.all(
    children.map(({ child }) => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGINT');
      return exited;
    }),
  );
  await stopQueue(boss);
  await sim?.close();
  await t?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('two web and two worker processes on one Postgres', () => {
  it('spectators on either web process see every event of every match, in order, exactly once', async () => {
    // The first process migrates and seeds; the other three start together once it is up.
    // Web process B also plays matches (ARENA_ROLE=all): its own spectators get them from memory, A's through Postgres.
    const ports = [await freePort(), await freePort()];
    const metrics = [await freePort(), await freePort(), await freePort()];
    const player = (i: number) => ({
      ARENA_CONCURRENCY: '3',
      ARENA_METRICS_PORT: String(metrics[i]),
      ARENA_RECONCILE_SECONDS: '5',
    });
    const webs = [start('web-a', { ARENA_ROLE: 'web', PORT: String(ports[0]) })];
    await expect.poll(() => webs[0]!.out, { timeout: LONG_WAIT_MS, interval: 200 }).toMatch(/arena ready/);
    webs.push(start('web-b', { ARENA_ROLE: 'all', PORT: String(ports[1]), ...player(2) }));
    const workers = [0, 1].map((i) => start(`worker-${i}`, { ARENA_ROLE: 'worker', ...player(i) }));
    await expect.poll(() => webs[1]!.out, { timeout: LONG_WAIT_MS, interval: 200 }).toMatch(/arena ready/);
    const up = async (port: number) =>
      (await fetch(`http://127.0.0.1:${port}/health`).catch(() => null))?.status === 200;
    await expect
      .poll(async () => (await Promise.all(metrics.map(up))).every(Boolean), { timeout: LONG_WAIT_MS, interval: 200 })
      .toBe(true);

    const p = await t.db.provider.create({ data: { name: 'sim', baseUrl: sim.url, simulated: true } });
    const a = await t.db.agent.create({
      data: {
        name: 'multi-careful',
        kind: 'llm',
        providerId: p.id,
        model: 'sim-careful',
        scaffold: 'base',
        simulated: true,
      },
    });
    const b = await t.db.agent.create({
      data: {
        name: 'multi-sloppy',
        kind: 'llm',
        providerId: p.id,
        model: 'sim-sloppy',
        scaffold: 'base',
        simulated: true,
      },
    });
    const { tournament, matches } = await createTournament(t.db, boss, {
      name: 'multi',
      format: 'round-robin',
      gameIds: ['connect-four', 'tictactoe'],
      agentIds: [a.id, b.id],
      gamesPerPair: 6,
      seed: 'multi',
    });
    expect(matches).toBe(12);
    const ids = (await t.db.match.findMany({ where: { tournamentId: tournament.id }, select: { id: true } })).map(
      (m) => m.id,
    );

    // One spectator per web process, watching every match: what it got by match, in order of arrival.
    // `endedAtJoin`: the join was answered after the match ended (a quick match on a quiet machine).
    type Seen = { joined: WireEvent[] | null; endedAtJoin: boolean; events: WireEvent[]; finals: MatchSnapshot[] };
    const watch = async (port: number) => {
      const c: Client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true });
      clients.push(c);
      await new Promise<void>(
        (resolve, reject) => (c.once('connect', () => resolve()), c.once('connect_error', reject)),
      );
      const seen = new Map<string, Seen>(
        ids.map((id) => [id, { joined: null, endedAtJoin: false, events: [], finals: [] }]),
      );
      c.on('match:snapshot', (s) => {
        const x = seen.get(s.matchId)!;
        if (x.joined === null) {
          x.joined = s.events;
          // A match that ended before the join was answered: its join snapshot is a final one.
          if (s.status === 'finished' || s.status === 'failed') {
            x.endedAtJoin = true;
            x.finals.push(s);
          }
        } else x.finals.push(s);
      });
      c.on('match:event', ({ matchId, event }) => seen.get(matchId)!.events.push(event));
      for (const id of ids) c.emit('match:join', { matchId: id });
      return seen;
    };
    const [onA, onB] = await Promise.all(ports.map(watch));

    await expect
      .poll(async () => (await tournamentProgress(t.db, [tournament.id]))[0]!.status, {
        timeout: LONG_WAIT_MS,
        interval: 250,
      })
      .toBe('finished');
    const stored = await t.db.match.findMany({
      where: { id: { in: ids } },
      select: { id: true, status: true, lastSeq: true },
    });
    expect(stored.every((m) => m.status === 'finished')).toBe(true);
    // The last notices may still be on their way to the web processes.
    await expect
      .poll(() => [onA!, onB!].every((s) => ids.every((id) => s.get(id)!.finals.length > 0)), { timeout: LONG_WAIT_MS })
      .toBe(true);
    await new Promise((r) => setTimeout(r, 500)); // nothing more may arrive: a second final would show here

    for (const m of stored) {
      const every = Array.from({ length: m.lastSeq }, (_, i) => i + 1);
      for (const seen of [onA!, onB!]) {
        const x = seen.get(m.id)!;
        // The join's snapshot, then the stream: each event once, in order, none missing.
        expect([...x.joined!, ...x.events].map((e) => e.seq)).toEqual(every);
        // One final view; where the join raced the end, the end's own may follow the join's (the same view again).
        expect(x.finals.length).toBeGreaterThanOrEqual(1);
        expect(x.finals.length).toBeLessThanOrEqual(x.endedAtJoin ? 2 : 1);
        for (const f of x.finals) {
          expect(f.status).toBe('finished');
          expect(f.events.map((e) => e.seq)).toEqual(every);
        }
      }
      // Both web processes sent the same frames (views of the board included), live or in the join's snapshot.
      const frames = (x: Seen) => [...x.joined!, ...x.events];
      expect(frames(onA!.get(m.id)!)).toEqual(frames(onB!.get(m.id)!));
      expect({ ...onA!.get(m.id)!.finals.at(-1)!, serverTime: '' }).toEqual({
        ...onB!.get(m.id)!.finals.at(-1)!,
        serverTime: '',
      });
    }
    // Both worker-only processes played (their own metrics say how many each ran), and all three every match once.
    const runs = await Promise.all(
      metrics.map(async (port) => {
        const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        return Number(/^arena_match_runs_total\{result="finished"\} (\d+)$/m.exec(text)?.[1] ?? 0);
      }),
    );
    expect(runs[0]).toBeGreaterThan(0);
    expect(runs[1]).toBeGreaterThan(0);
    expect(runs[0]! + runs[1]! + runs[2]!).toBe(12);
    // No process logged an error.
    for (const c of [...webs, ...workers])
      expect(c.out, c.name).not.toMatch(/"level":"(error|fatal)"|\berror\b.*relay/i);
  }, 1_800_000); // waits of up to LONG_WAIT_MS each: a safety net far above the time it takes
});
