// Benchmark of sockets that stop reading: what the kernel holds for them (TCP buffers), and what the guard drops.
// 100 raw WebSocket clients from 10 loopback addresses (127.0.0.2…) join a busy live match and a large finished one,
// then read nothing; one client from another address reads normally. Figures from /proc/net/sockstat and `ss -tm`.
// Linux only. `npm run bench:slow-readers -- --addresses 10 --per-address 10 --joins 10 --seconds 20`
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import WebSocket from 'ws';
import { createDb, type Db } from '../lib/db/client';
import type { ClientToServerEvents, ServerToClientEvents } from '../lib/protocol';
import type { Agent } from '../server/agents/types';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { migrate } from '../server/db/migrate';
import { freePort } from '../server/net';
import { Hub } from '../server/rooms/hub';
import { runMatch } from '../server/workers/run-match';
import { prismaStore } from '../server/workers/store';

const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : d;
};
const ADDRESSES = arg('addresses', 10);
const PER_ADDRESS = arg('per-address', 10);
/** Joins of the large finished match each slow client sends (each answered with its whole log). */
const JOINS = arg('joins', 10);
const SECONDS = arg('seconds', 20);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const PAGE = 4096;

/** A player that thinks aloud at length: 4 KB of words per move (large snapshots, a busy live match). */
const verbose = (delayMs: number): Agent => ({
  kind: 'llm',
  act: async (ctx) => {
    if (delayMs) await sleep(delayMs);
    return { ok: true, action: ctx.rng.pick(ctx.legal!), text: `I consider every column. ${'…hmm, '.repeat(680)}` };
  },
});

/** TCP memory of this network namespace, in bytes (/proc/net/sockstat counts pages). */
function sockstat(): number {
  const m = /TCP: .* mem (\d+)/.exec(readFileSync('/proc/net/sockstat', 'utf8'));
  return m ? Number(m[1]) * PAGE : NaN;
}

/** Kernel memory of the established sockets on one side of `port` (`ss -tm`: send and receive queues' allocations). */
function ssMemory(filter: string): { sockets: number; send: number; recv: number } {
  let out: string;
  try {
    out = execFileSync('ss', ['-tmnH', 'state', 'established', filter], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    return { sockets: NaN, send: NaN, recv: NaN };
  }
  let sockets = 0,
    send = 0,
    recv = 0;
  for (const m of out.matchAll(/skmem:\(r(\d+),rb\d+,t(\d+),tb\d+,f\d+,w(\d+)/g)) {
    sockets++;
    recv += Number(m[1]);
    send += Math.max(Number(m[2]), Number(m[3]));
  }
  return { sockets, send, recv };
}

/** A raw client that speaks just enough socket.io to join, then stops reading (its TCP receive window fills). */
async function slowClient(url: string, localAddress: string, send: string[]): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`, { localAddress });
  await new Promise<void>((resolve, reject) => {
    ws.on('error', reject);
    ws.on('message', (data) => {
      const m = data.toString();
      if (m.startsWith('0')) ws.send('40');
      else if (m.startsWith('40')) {
        for (const s of send) ws.send(s);
        (ws as unknown as { _socket: { pause(): void } })._socket.pause();
        resolve();
      } else if (m.startsWith('44')) reject(new Error(m));
    });
  });
  ws.on('error', () => {});
  return ws;
}

async function main() {
  if (process.platform !== 'linux') throw new Error('this benchmark reads /proc/net/sockstat: run it on Linux');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'arena-slow-readers-'));
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() });
  let stop = async () => {};
  try {
    await migrate(pg.url);
    const db: Db = createDb(pg.url, 10);
    const store = prismaStore(db);
    const [a, b] = await Promise.all(
      ['p', 'q'].map((n) => db.agent.create({ data: { name: `slow-${n}`, kind: 'llm' } })),
    );
    const newMatch = (seed: string) =>
      db.match.create({
        data: {
          gameId: 'connect-four',
          seed,
          numPlayers: 2,
          seats: {
            create: [
              { seat: 0, agentId: a!.id },
              { seat: 1, agentId: b!.id },
            ],
          },
        },
      });
    const big = await newMatch('slow-readers-big');
    await runMatch(big.id, { store, createAgent: () => verbose(0) });

    const hub = new Hub(() => db);
    const server = http.createServer();
    const io = new Server<ClientToServerEvents, ServerToClientEvents>(server, {
      maxHttpBufferSize: 16_384,
      serveClient: false,
    });
    hub.attach(io);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const url = `http://127.0.0.1:${port}`;
    stop = () => new Promise<void>((r) => (hub.close(), void io.close(() => r())));

    // The busy match: played on and on (a new one when one ends, which every client joins), every event fanned out.
    let live = (await newMatch('slow-readers-live-0')).id;
    const reader: { c: ReturnType<typeof connect> | null } = { c: null };
    let playing = true;
    const clients: WebSocket[] = [];
    const joinLive = () => `42${JSON.stringify(['match:join', { matchId: live }])}`;
    const loop = (async () => {
      for (let i = 1; playing; i++) {
        await runMatch(live, { store, createAgent: () => verbose(100), publish: hub.publish });
        live = (await newMatch(`slow-readers-live-${i}`)).id;
        // A slow client still writes (it only stopped reading): it joins the next match too.
        for (const c of clients) if (c.readyState === WebSocket.OPEN) c.send(joinLive());
        if (reader.c?.connected) reader.c.emit('match:join', { matchId: live });
      }
    })();
    const snapshot = await new Promise<number>((resolve, reject) => {
      const c = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
      c.once('connect_error', reject);
      c.once('match:snapshot', (s) => (resolve(JSON.stringify(s).length), c.close()));
      c.emit('match:join', { matchId: big.id });
    });
    // A person reading normally, from an address of their own: they must stay connected throughout.
    const me = connect(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      localAddress: '127.0.1.1',
    } as never);
    reader.c = me;
    let readerEvents = 0;
    me.on('match:event', () => readerEvents++);
    await new Promise<void>((r) => me.once('connect', () => r()));
    me.emit('match:join', { matchId: live });

    const base = sockstat();
    console.log(
      `slow readers: ${ADDRESSES} addresses × ${PER_ADDRESS} sockets, ${JOINS} joins each of a finished match whose snapshot is ${mb(snapshot)}, plus the live match`,
    );
    console.log(
      `TCP memory before: ${mb(base)} (sockstat, whole network namespace); tcp_wmem ${readFileSync('/proc/sys/net/ipv4/tcp_wmem', 'utf8').trim()}`,
    );
    const joins = [
      joinLive(),
      ...Array.from({ length: JOINS }, () => `42${JSON.stringify(['match:join', { matchId: big.id }])}`),
    ];
    // Sampled every 100 ms from before the first slow client connects (the peak is often while they join).
    let peak = { total: 0, unconfirmed: 0, at: 0 };
    const t0 = performance.now();
    const sampler = setInterval(() => {
      const total = sockstat() - base;
      if (total > peak.total)
        peak = { total, unconfirmed: hub.guard.pendingStats().bytes, at: (performance.now() - t0) / 1000 };
    }, 100);
    for (let i = 0; i < ADDRESSES; i++) {
      const opened = await Promise.allSettled(
        Array.from({ length: PER_ADDRESS }, () => slowClient(url, `127.0.0.${i + 2}`, joins)),
      );
      for (const o of opened) if (o.status === 'fulfilled') clients.push(o.value);
    }
    console.log(`${clients.length} slow clients connected in ${Math.round(performance.now() - t0)} ms`);

    for (let s = 1; s <= SECONDS; s++) {
      await sleep(1000);
      const total = sockstat() - base;
      const srv = ssMemory(`( sport = :${port} )`);
      const cli = ssMemory(`( dport = :${port} )`);
      const mem = process.memoryUsage();
      console.log(
        `${String(s).padStart(3)} s  TCP ${mb(total).padStart(9)}  server sockets ${String(srv.sockets).padStart(3)} sending ${mb(srv.send).padStart(9)}` +
          `  client side receiving ${mb(cli.recv).padStart(9)}  guard's count ${mb(hub.guard.pendingStats().bytes).padStart(9)}  connected ${String(io.of('/').sockets.size).padStart(3)}` +
          `  node heap+ext ${mb(mem.heapUsed + mem.external)}  reader events ${readerEvents}${me.connected ? '' : ' (DISCONNECTED)'}`,
      );
    }
    clearInterval(sampler);
    const stats = hub.guard.pendingStats();
    console.log(
      `\npeak: ${mb(peak.total)} of TCP memory (the guard's count of unconfirmed bytes then ${mb(peak.unconfirmed)}) at ${peak.at.toFixed(1)} s from the first connection; guard's count of unconfirmed bytes at the end ${mb(stats.bytes)}; at the end ${io.of('/').sockets.size - 1} of ${clients.length} slow sockets still connected; reader ${me.connected ? 'connected' : 'DISCONNECTED'}`,
    );
    playing = false;
    for (const c of clients) c.terminate();
    me.close();
    await loop.catch(() => {});
  } finally {
    await stop();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
    setTimeout(() => process.exit(0), 100);
  }
}

void main();
