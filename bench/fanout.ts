// Benchmark of spectator fan-out: real socket.io clients watching live matches played by the real runner through the hub.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Server } from 'socket.io';
import { createDb, type Db } from '../lib/db/client';
import type { ClientToServerEvents, ServerToClientEvents } from '../lib/protocol';
import { createAgent } from '../server/agents';
import type { Agent } from '../server/agents/types';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { migrate } from '../server/db/migrate';
import { freePort } from '../server/net';
import { Hub as CurrentHub } from '../server/rooms/hub';
import { runMatch } from '../server/workers/run-match';
import { prismaStore, type AgentRow } from '../server/workers/store';
import type { FromClients, ToClients } from './fanout-clients';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
/** Minutes of soak (memory every minute) instead of the latency scenarios. */
const SOAK = arg('soak') !== undefined ? Number(arg('soak')) : null;
/** Seconds of measurement per scenario, after the joins. */
const WINDOW = Number(arg('window') ?? 15);
/** Milliseconds an agent waits before each move (a reply and a move: two events per move). */
const DELAY = Number(arg('delay') ?? 250);
/** Only these spectator counts (comma-separated), e.g. --only 1000. */
const ONLY = arg('only')?.split(',').map(Number);
/** The game: Pit (hidden information: a seat's reply is its own, so spectators get a placeholder for it). */
const GAME = arg('game') ?? 'pit';
/** A module with another Hub to compare against (e.g. an older copy under server/rooms/), by path from the repo root. */
const HUB_MODULE = arg('hub');
/** Processes the spectators are spread over (one event loop each). */
const PROCS = Number(arg('procs') ?? 1);
type Hub = CurrentHub;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** Random moves with a reply's text before each (hidden from spectators in imperfect-information games), after a delay. */
let delay = DELAY;
function slowAgent(row: AgentRow): Agent {
  const inner = createAgent(row);
  return {
    ...inner,
    async act(ctx) {
      if (delay > 0) await sleep(delay);
      const a = await inner.act(ctx);
      return a.ok ? { ...a, text: `I play ${JSON.stringify(a.action)} (ply ${ctx.ply}).` } : a;
    },
  };
}

/** Spectators in `n` child processes (each one event loop, as each browser has its own): joins split evenly. */
class Clients {
  private children: ChildProcess[];
  private waiting = new Map<ChildProcess, (m: FromClients) => void>();
  constructor(n = PROCS) {
    this.children = Array.from({ length: n }, () => {
      const child = fork(path.join(import.meta.dirname, 'fanout-clients.ts'), [], {
        execArgv: ['--import', 'tsx'],
        stdio: 'inherit',
      });
      child.on('message', (m: FromClients) => this.waiting.get(child)?.(m));
      return child;
    });
  }
  private ask1<T extends FromClients['type']>(
    child: ChildProcess,
    m: ToClients,
    answer: T,
  ): Promise<Extract<FromClients, { type: T }>> {
    return new Promise((resolve) => {
      this.waiting.set(child, (r) => r.type === answer && resolve(r as never));
      child.send(m);
    });
  }
  /** Every match's spectators split over the processes; the join times of all of them. */
  async join(url: string, matches: { matchId: string; count: number }[]) {
    const n = this.children.length;
    const parts = await Promise.all(
      this.children.map((c, k) =>
        this.ask1(
          c,
          {
            type: 'join',
            url,
            matches: matches.map((m) => ({
              matchId: m.matchId,
              count: Math.floor(m.count / n) + (k < m.count % n ? 1 : 0),
            })),
          },
          'joined',
        ),
      ),
    );
    return { joinMs: parts.flatMap((p) => p.joinMs), failed: parts.reduce((s, p) => s + p.failed, 0) };
  }
  async report() {
    const parts = await Promise.all(this.children.map((c) => this.ask1(c, { type: 'report' }, 'report')));
    return {
      receipts: parts.flatMap((p) => p.receipts),
      atLatency: parts.flatMap((p) => p.atLatency),
      gaps: parts.reduce((s, p) => s + p.gaps, 0),
      cpuMs: parts.reduce((s, p) => s + p.cpuMs, 0),
    };
  }
  close() {
    for (const c of this.children) c.send({ type: 'close' } satisfies ToClients);
  }
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'arena-fanout-'));
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() });
  let stopServer = async () => {};
  try {
    await migrate(pg.url);
    const db: Db = createDb(pg.url, 20);
    const big = 1_000_000;
    // All clients come from 127.0.0.1: the per-address limits are lifted for the bench.
    const HubClass: typeof CurrentHub = HUB_MODULE ? (await import(path.resolve(HUB_MODULE))).Hub : CurrentHub;
    const hub = new HubClass(() => db, {
      limits: {
        connectionsPerAddress: big,
        newConnectionsPerAddress: big,
        joinsPerAddress: big,
        eventsPerAddress: big,
        packetsPerAddress: big,
        maxPendingBytesPerAddress: big,
      },
    } as ConstructorParameters<typeof CurrentHub>[1]);
    const server = http.createServer();
    const io = new Server<ClientToServerEvents, ServerToClientEvents>(server, {
      maxHttpBufferSize: 16_384,
      serveClient: false,
    });
    hub.attach(io);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    stopServer = () =>
      new Promise<void>((r) => {
        hub.close();
        void io.close(() => r());
      });

    const published = new Map<string, number>();
    const publish: typeof hub.publish = (matchId, ev, state, setup) => {
      if (recording) published.set(`${matchId}:${ev.seq}`, now());
      hub.publish(matchId, ev, state, setup);
    };
    let recording = false;
    const [a, b] = await Promise.all(
      ['fan-a', 'fan-b'].map((name) => db.agent.create({ data: { name, kind: 'random' } })),
    );
    let n = 0;
    const newMatch = async () =>
      (
        await db.match.create({
          data: {
            gameId: GAME,
            seed: `fanout-${n++}`,
            numPlayers: 2,
            seats: {
              create: [
                { seat: 0, agentId: a!.id },
                { seat: 1, agentId: b!.id },
              ],
            },
          },
        })
      ).id;
    const store = prismaStore(db);
    const play = (id: string) => runMatch(id, { store, createAgent: slowAgent, publish });

    console.log(
      `Spectator fan-out: ${GAME}, random moves with a reply before each, ${DELAY} ms between moves; spectators in ${PROCS} child process(es); hub ${HUB_MODULE ?? 'server/rooms/hub.ts'}`,
    );
    console.log(`machine: ${os.cpus().length} cores, load average at start ${load()}`);

    if (SOAK !== null) {
      await soak(SOAK, url, newMatch, play, hub);
      return;
    }

    const scenarios = [
      { name: '1 match × 100', matches: 1, per: 100 },
      { name: '1 match × 500', matches: 1, per: 500 },
      { name: '1 match × 1,000', matches: 1, per: 1000 },
      { name: '50 matches × 20', matches: 50, per: 20 },
    ].filter((s) => !ONLY || ONLY.includes(s.matches * s.per));
    for (const sc of scenarios) {
      delay = sc.matches > 1 ? DELAY * 4 : DELAY; // 50 matches at once: a quarter of the pace each
      const ids = await Promise.all(Array.from({ length: sc.matches }, newMatch));
      const runs = ids.map(play);
      await sleep(3000); // a log of some length before the joins
      const clients = new Clients();
      published.clear();
      recording = true;
      const joined = await clients.join(
        url,
        ids.map((matchId) => ({ matchId, count: sc.per })),
      );
      const cpu0 = process.cpuUsage();
      const t0 = now();
      const lag = monitorEventLoopDelay({ resolution: 10 });
      lag.enable();
      await sleep(WINDOW * 1000);
      lag.disable();
      const cpu = process.cpuUsage(cpu0);
      const wall = now() - t0;
      recording = false;
      const rep = await clients.report();
      const mem = process.memoryUsage();
      // Events published while the spectators were still joining wait behind a thousand snapshots: counted apart.
      const lat: number[] = [];
      const during: number[] = [];
      for (let i = 0; i < rep.receipts.length; i += 3) {
        const at = published.get(`${ids[rep.receipts[i]!]}:${rep.receipts[i + 1]}`);
        if (at !== undefined) (at < t0 ? during : lat).push(rep.receipts[i + 2]! - at);
      }
      console.log(
        `\n${sc.name} (${joined.joinMs.length} joined${joined.failed ? `, ${joined.failed} failed to connect` : ''}; load average ${load()})`,
      );
      console.log(
        `  join → snapshot:            p50 ${pct(joined.joinMs, 50).toFixed(0)} ms, p99 ${pct(joined.joinMs, 99).toFixed(0)} ms`,
      );
      console.log(
        `  publish → receipt:          p50 ${pct(lat, 50).toFixed(1)} ms, p99 ${pct(lat, 99).toFixed(1)} ms, max ${pct(lat, 100).toFixed(1)} ms (${lat.length} deliveries of the ${[...published.values()].filter((x) => x >= t0).length} events published in the ${(wall / 1000).toFixed(0)} s after the joins)`,
      );
      if (during.length)
        console.log(
          `    events published during the joins: p50 ${pct(during, 50).toFixed(1)} ms, p99 ${pct(during, 99).toFixed(1)} ms (${during.length} deliveries)`,
        );
      console.log(
        `  event time (at) → receipt:  p50 ${pct(rep.atLatency, 50).toFixed(1)} ms, p99 ${pct(rep.atLatency, 99).toFixed(1)} ms (visible events)`,
      );
      console.log(
        `  server CPU ${((100 * (cpu.user + cpu.system)) / 1000 / wall).toFixed(0)} %, clients' CPU ${((100 * rep.cpuMs) / wall).toFixed(0)} % (includes their joins), event-loop delay p99 ${(lag.percentile(99) / 1e6).toFixed(0)} ms`,
      );
      const cache = (hub as { cacheStats?: () => { bytes: number; matches: number } }).cacheStats?.();
      console.log(
        `  server RSS ${mb(mem.rss)}, heap used ${mb(mem.heapUsed)}; gaps seen by clients ${rep.gaps}${cache ? `; hub cache ${cache.matches} matches, ~${mb(cache.bytes)}` : ''}`,
      );
      clients.close();
      delay = 0; // let the matches finish quickly
      await Promise.all(runs);
      await sleep(500);
    }
    console.log(`\nload average at end ${load()}`);
  } finally {
    await stopServer();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
    if (process.exitCode === undefined) setTimeout(() => process.exit(0), 100);
  }
}

/** Many long matches one after another, some watched, for `minutes`; RSS and heap every minute (memory should stay flat). */
async function soak(
  minutes: number,
  url: string,
  newMatch: () => Promise<string>,
  play: (id: string) => Promise<unknown>,
  hub: Hub,
) {
  delay = Math.min(DELAY, 5);
  const end = Date.now() + minutes * 60_000;
  let done = 0;
  const clients = new Clients();
  const workers = Array.from({ length: 6 }, async (_, w) => {
    while (Date.now() < end) {
      const id = await newMatch();
      const run = play(id);
      // One match in six is watched by 20 spectators (in the child process) from its start.
      if (w === 0) void clients.join(url, [{ matchId: id, count: 20 }]);
      await run;
      done++;
    }
  });
  const t0 = Date.now();
  const timer = setInterval(() => {
    // With `node --expose-gc` the live heap is measured after a full collection (else it includes garbage).
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    const cache = (hub as { cacheStats?: () => { bytes: number; matches: number } }).cacheStats?.();
    const heap = `heap used${(globalThis as { gc?: unknown }).gc ? ' after GC' : ''}`;
    console.log(
      `  ${((Date.now() - t0) / 60_000).toFixed(0)} min: ${done} matches${cache ? ` (hub cache ${cache.matches}, ~${mb(cache.bytes)})` : ''}, RSS ${mb(m.rss)}, ${heap} ${mb(m.heapUsed)}, load average ${load()}`,
    );
  }, 60_000);
  await Promise.all(workers);
  clearInterval(timer);
  const m = process.memoryUsage();
  console.log(`  end: ${done} matches, RSS ${mb(m.rss)}, heap used ${mb(m.heapUsed)}`);
  clients.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
