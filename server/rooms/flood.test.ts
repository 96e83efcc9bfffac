// One client must not be able to exhaust the server: a flood of joins, a client that never reads, many connections.
// Real socket.io server and hub, real Postgres, and raw WebSocket clients that behave as an attacker's would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ClientToServerEvents, MatchSnapshot, ServerToClientEvents } from '../../lib/protocol';
import type { Agent } from '../agents/types';
import { createTestDb, type TestDb } from '../db/test-db';
import { runMatch } from '../workers/run-match';
import { prismaStore } from '../workers/store';
import { Hub } from './hub';
import type { SocketLimits } from './guard';

let t: TestDb;
let bigMatch: string;
let snapshotBytes: number;

/** A player that thinks aloud at length: 4 KB of words per move, so a finished match's snapshot is large. */
const verbose: Agent = {
  kind: 'llm',
  act: async (ctx) => ({
    ok: true,
    action: ctx.rng.pick(ctx.legal!),
    text: `I consider every column. ${'…hmm, '.repeat(680)}`,
  }),
};

interface Arena {
  url: string;
  hub: Hub;
  io: Server;
  close(): Promise<void>;
}

async function arena(limits: Partial<SocketLimits> = {}): Promise<Arena> {
  const hub = new Hub(() => t.db, { limits });
  const server = http.createServer();
  const io = new Server(server, { maxHttpBufferSize: 16_384 });
  hub.attach(io as never);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    hub,
    io,
    close: async () => {
      hub.close();
      await new Promise((r) => io.close(() => r(undefined)));
    },
  };
}

/**
 * A raw client that speaks just enough socket.io to send events, then stops reading what the server sends: its
 * TCP receive window fills and everything more the server sends it piles up on the server's side.
 */
async function deafClient(
  url: string,
  localAddress?: string,
): Promise<{ ws: WebSocket; send(event: string, data: unknown): void }> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`, { localAddress });
  await new Promise<void>((resolve, reject) => {
    ws.on('error', reject);
    ws.on('message', (data) => {
      const m = data.toString();
      if (m.startsWith('0')) ws.send('40');
      else if (m.startsWith('40')) {
        // Connected to the namespace: from now on, read nothing.
        (ws as unknown as { _socket: { pause(): void } })._socket.pause();
        resolve();
      }
    });
  });
  return { ws, send: (event, data) => ws.send(`42${JSON.stringify([event, data])}`) };
}

function memory(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
}

async function spectator(url: string): Promise<ClientSocket<ServerToClientEvents, ClientToServerEvents>> {
  const c: ClientSocket<ServerToClientEvents, ClientToServerEvents> = connect(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve());
    c.once('connect_error', reject);
  });
  return c;
}

async function joinSnapshot(url: string, matchId: string): Promise<MatchSnapshot> {
  const c = await spectator(url);
  try {
    const snap = new Promise<MatchSnapshot>((resolve, reject) => {
      c.once('match:snapshot', resolve);
      c.once('arena:error', (e) => reject(new Error(e.message)));
    });
    c.emit('match:join', { matchId });
    return await snap;
  } finally {
    c.close();
  }
}

beforeAll(async () => {
  t = await createTestDb();
  const [a, b] = await Promise.all(
    ['p', 'q'].map((n) => t.db.agent.create({ data: { name: `flood-${n}`, kind: 'llm' } })),
  );
  const m = await t.db.match.create({
    data: {
      gameId: 'connect-four',
      seed: 'flood',
      numPlayers: 2,
      seats: {
        create: [
          { seat: 0, agentId: a!.id },
          { seat: 1, agentId: b!.id },
        ],
      },
    },
  });
  const r = await runMatch(m.id, { store: prismaStore(t.db), createAgent: () => verbose });
  expect(r.status).toBe('finished');
  bigMatch = m.id;
});
afterAll(async () => {
  await t?.drop();
});

describe('a flood of joins from one connection', () => {
  it('is refused past the limit, the flooder is disconnected, memory stays flat and others are still served', async () => {
    const a = await arena();
    try {
      const snap = await joinSnapshot(a.url, bigMatch);
      snapshotBytes = JSON.stringify(snap).length;
      expect(snapshotBytes).toBeGreaterThan(50_000); // a join answers far more than it asks: the amplification to guard

      const before = memory();
      const flooder = await deafClient(a.url);
      for (let i = 0; i < 5000; i++) flooder.send('match:join', { matchId: bigMatch });
      // Unchecked, 5,000 joins would queue 5,000 snapshots (hundreds of MB) for a client that reads none of them.
      await expect.poll(() => a.io.of('/').sockets.size, { timeout: 60_000 }).toBe(0);
      const grown = memory() - before;
      expect(grown).toBeLessThan(48 * 1024 * 1024);
      flooder.ws.terminate();

      // The server is up and serves the next spectator at once.
      const again = await joinSnapshot(a.url, bigMatch);
      expect(again.status).toBe('finished');
      expect(again.events.length).toBe(snap.events.length);
    } finally {
      await a.close();
    }
  });

  it('a client over the limit is told to slow down, in words, through its ack or one arena:error', async () => {
    const a = await arena({ eventsPerSocket: 5, joinsPerSocket: 5 });
    try {
      const c = await spectator(a.url);
      const errors: string[] = [];
      c.on('arena:error', (e) => errors.push(e.message));
      for (let i = 0; i < 8; i++) c.emit('match:leave', { matchId: bigMatch });
      const ack = await new Promise<{ ok: boolean; error?: string }>((r) =>
        c.emit('match:resign', { matchId: bigMatch }, r),
      );
      expect(ack.ok).toBe(false);
      expect(ack.error).toMatch(/^match:resign: too many requests, slow down: try again in \d+ s$/);
      await expect.poll(() => errors.length).toBe(1);
      expect(errors[0]).toMatch(/^match:leave: too many requests, slow down: try again in \d+ s$/);
      c.close();
    } finally {
      await a.close();
    }
  });
});

describe('a client that stops reading', () => {
  it('is disconnected once what it left unread passes the cap, instead of being buffered for', async () => {
    const a = await arena({ maxPendingBytes: 4 * 60_000 });
    try {
      const deaf = await deafClient(a.url);
      // Within the join limits: each answer is a whole match, none of them read.
      for (let i = 0; i < 20; i++) deaf.send('match:join', { matchId: bigMatch });
      await expect.poll(() => a.io.of('/').sockets.size, { timeout: 60_000 }).toBe(0);
      deaf.ws.terminate();
    } finally {
      await a.close();
    }
  });
});

/**
 * A raw client that answers the server's pings like any other, and then writes frames by hand. `next()` sends one
 * ordinary event after them and says which comes first: its answer, or the end of the connection.
 */
async function rawClient(url: string): Promise<{ ws: WebSocket; next(): Promise<'answered' | 'closed'> }> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
  const closed = new Promise<'closed'>((r) => ws.once('close', () => r('closed')));
  let answered: () => void = () => {};
  await new Promise<void>((resolve, reject) => {
    ws.on('error', reject);
    ws.on('message', (data) => {
      const m = data.toString();
      if (m === '2') ws.send('3');
      else if (m.startsWith('0')) ws.send('40');
      else if (m.startsWith('40')) resolve();
      else if (m.startsWith('439')) answered();
    });
  });
  ws.on('error', () => {});
  return {
    ws,
    next: () => {
      const answer = new Promise<'answered'>((r) => (answered = () => r('answered')));
      ws.send(`429${JSON.stringify(['match:leave', { matchId: bigMatch }])}`);
      return Promise.race([answer, closed]);
    },
  };
}

describe('a client that stops reading, while the kernel still takes what is sent to it', () => {
  /** One answer to a join of the large match, in bytes. */
  let answer = 0;
  beforeAll(async () => {
    const a = await arena();
    answer = Buffer.byteLength(JSON.stringify(await joinSnapshot(a.url, bigMatch)));
    await a.close();
  });

  it('is disconnected once what it has not shown it read passes the cap, though nothing waits in Node; a reader is not', async () => {
    // Six answers of a large match: the kernel's TCP buffers take all of it, so nothing piles up in Node. Only the
    // pings, which a client answers once it has read all that came before, tell a reader from a client that stopped.
    const a = await arena({ maxPendingBytes: Math.round(3.5 * answer) });
    try {
      const reader = await spectator(a.url);
      let snapshots = 0;
      reader.on('match:snapshot', () => snapshots++);
      // The same six answers, read one after the other (what it has not shown it read stays under three of them).
      for (let round = 1; round <= 6; round++) {
        reader.emit('match:join', { matchId: bigMatch });
        await expect.poll(() => snapshots, { timeout: 60_000 }).toBe(round);
      }
      const deaf = await deafClient(a.url);
      for (let i = 0; i < 6; i++) deaf.send('match:join', { matchId: bigMatch });
      await expect.poll(() => a.io.of('/').sockets.size, { timeout: 60_000 }).toBe(1);
      expect(reader.connected).toBe(true);
      deaf.ws.terminate();
      reader.close();
    } finally {
      await a.close();
    }
  });

  it('keeps the total of every slow socket in the process under its budget: the sockets that are behind go, most first', async () => {
    // Five addresses (loopback 127.0.0.2…), each within its own budgets; together over the process's.
    const budget = Math.round(3.5 * answer);
    const a = await arena({ maxPendingBytesTotal: budget });
    try {
      const reader = await spectator(a.url);
      const deaf = await Promise.all([2, 3, 4, 5, 6].map((n) => deafClient(a.url, `127.0.0.${n}`)));
      for (const d of deaf) for (let i = 0; i < 2; i++) d.send('match:join', { matchId: bigMatch });
      await expect.poll(() => a.io.of('/').sockets.size, { timeout: 60_000 }).toBeLessThan(6);
      await expect.poll(() => a.hub.guard.pendingStats().bytes, { timeout: 60_000 }).toBeLessThanOrEqual(budget);
      expect(a.io.of('/').sockets.size).toBeGreaterThan(1); // only as many as the budget needs
      expect(reader.connected).toBe(true);
      for (const d of deaf) d.ws.terminate();
      reader.close();
    } finally {
      await a.close();
    }
  });
});

describe('frames that reach no handler', () => {
  it('no-ops and empty acknowledgements count like events: a client sending them by the thousand is closed', async () => {
    const a = await arena();
    try {
      const c = await rawClient(a.url);
      // engine.io no-ops, and socket.io acknowledgements of nothing (no event handler ever sees either).
      for (let i = 0; i < 5000; i++) c.ws.send(i % 2 ? '6' : '431[]');
      expect(await c.next()).toBe('closed');
      await expect.poll(() => a.io.of('/').sockets.size).toBe(0);
    } finally {
      await a.close();
    }
  });

  it('an answer to a ping that was never sent is refused: the connection is closed', async () => {
    const a = await arena();
    try {
      const c = await rawClient(a.url);
      expect(await c.next()).toBe('answered'); // an ordinary client, so far
      c.ws.send('3');
      expect(await c.next()).toBe('closed');
      await expect.poll(() => a.io.of('/').sockets.size).toBe(0);
    } finally {
      await a.close();
    }
  });

  it('unknown events are answered only within the limits, not after the limiter refused them', async () => {
    const a = await arena({ eventsPerSocket: 5 });
    try {
      const c = await spectator(a.url);
      const errors: string[] = [];
      c.on('arena:error', (e) => errors.push(e.message));
      for (let i = 0; i < 20; i++) (c as unknown as { emit(e: string): void }).emit(`no-such-event-${i}`);
      // Answered in order: once this ack is in, every answer to the twenty is too.
      const ack = await new Promise<{ ok: boolean; error?: string }>((r) =>
        c.emit('match:resign', { matchId: bigMatch }, r),
      );
      expect(ack.error).toMatch(/too many requests/);
      expect(errors.filter((e) => e.startsWith('unknown event'))).toEqual(
        [0, 1, 2, 3, 4].map((i) => `unknown event "no-such-event-${i}"`),
      );
      expect(errors.filter((e) => /too many requests/.test(e))).toHaveLength(1);
      c.close();
    } finally {
      await a.close();
    }
  });
});

describe('many connections from one address', () => {
  it('are refused past the limit with a reason; closing some lets new ones in', async () => {
    const a = await arena({ connectionsPerAddress: 5 });
    try {
      const open = await Promise.all(Array.from({ length: 5 }, () => spectator(a.url)));
      const refused = await spectator(a.url).then(
        () => null,
        (err: Error) => err.message,
      );
      expect(refused).toMatch(/too many connections from your address \(5 open\)/);
      open[0]!.close();
      await expect.poll(() => a.io.of('/').sockets.size).toBe(4);
      const sixth = await spectator(a.url);
      expect(sixth.connected).toBe(true);
      for (const c of [...open, sixth]) c.close();
    } finally {
      await a.close();
    }
  });
});

describe('snapshots', () => {
  it('are built once per match version and shared by every spectator', async () => {
    const a = await arena();
    try {
      const e = await (a.hub as unknown as { entry(id: string): Promise<Parameters<Hub['snapshot']>[0]> }).entry(
        bigMatch,
      );
      const one = a.hub.snapshot(e, { omniscient: true });
      const two = a.hub.snapshot(e, { omniscient: true });
      expect(two.events).toBe(one.events); // the same array, not a copy built again
      expect(a.hub.snapshot(e, { spectator: true }).events).not.toBe(one.events); // another viewer kind, another build
      expect(a.hub.snapshot(e, { seat: 0 }, { seat: 0 }).events).not.toBe(one.events); // a person's own, never shared
    } finally {
      await a.close();
    }
  });
});
