// A page on another origin (the same host on another port) must not drive a person's socket: real socket.io server,
// hub and Postgres, and real socket.io clients sending a person's cookie with a foreign Origin, over both transports.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuest, createPersonSession } from '../../lib/db/people';
import { PERSON_COOKIE } from '../../lib/people-input';
import type { ActAck, ClientToServerEvents, ServerToClientEvents } from '../../lib/protocol';
import { createTestDb, type TestDb } from '../db/test-db';
import { Hub } from './hub';
import { originRefusal, parseOrigin } from './origin';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
let t: TestDb;
let server: http.Server;
let io: Server;
let hub: Hub;
let port: number;
let cookie: string;
const clients: Client[] = [];

beforeAll(async () => {
  t = await createTestDb();
  hub = new Hub(() => t.db, { allowedOrigins: ['https://arena.example.org'] });
  server = http.createServer();
  io = new Server(server, { maxHttpBufferSize: 16_384 });
  hub.attach(io as never);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  const p = await createGuest(t.db, { name: `Origin ${Math.random().toString(36).slice(2, 8)}` });
  cookie = `${PERSON_COOKIE}=${encodeURIComponent((await createPersonSession(t.db, p.id)).token)}`;
});
afterAll(async () => {
  for (const c of clients) c.close();
  hub?.close();
  await new Promise((r) => io.close(() => r(undefined)));
  await t?.drop();
});

/** Opens a socket as a browser page on `origin` would (the person's cookie rides along): connected, or the refusal. */
async function open(transport: 'websocket' | 'polling', origin?: string): Promise<{ c: Client } | { refused: string }> {
  const c: Client = connect(`http://localhost:${port}`, {
    transports: [transport],
    forceNew: true,
    reconnection: false,
    extraHeaders: { cookie, ...(origin ? { origin } : {}) },
  });
  clients.push(c);
  return new Promise((resolve) => {
    c.once('connect', () => resolve({ c }));
    c.once('connect_error', (err) => resolve({ refused: err.message }));
  });
}

describe('the socket handshake checks Origin', () => {
  for (const transport of ['websocket', 'polling'] as const) {
    it(`${transport}: a page on the same host at another port is refused, in words; the arena's own page is let in`, async () => {
      const foreign = await open(transport, `http://localhost:${port + 1}`);
      expect('refused' in foreign && foreign.refused).toMatch(
        new RegExp(
          `^this page \\(http://localhost:${port + 1}\\) may not open the arena's live connection: only the arena's own pages \\(http://localhost:${port}\\) may\\..*ARENA_ALLOWED_ORIGINS$`,
        ),
      );
      // Another host, another scheme: refused too.
      for (const o of ['http://evil.example', `https://localhost:${port}`, 'null']) {
        const r = await open(transport, o);
        expect('refused' in r).toBe(true);
      }

      const own = await open(transport, `http://localhost:${port}`);
      expect('c' in own).toBe(true);
      if (!('c' in own)) return;
      // Served as the person: their resignation reaches the hub (which says the match does not exist).
      const ack = await (
        own.c.timeout(10_000) as unknown as { emitWithAck(n: string, p: unknown): Promise<ActAck> }
      ).emitWithAck('match:resign', { matchId: 'no-such-match' });
      expect(ack).toEqual({ ok: false, error: 'match no-such-match does not exist' });
      own.c.close();
    });
  }

  it('an origin ARENA_ALLOWED_ORIGINS names is let in, and so is a client that sends no Origin (no browser page)', async () => {
    const listed = await open('websocket', 'https://arena.example.org');
    expect('c' in listed).toBe(true);
    const none = await open('polling');
    expect('c' in none).toBe(true);
  });

  it('JSONP polling, which a <script> on any page could read without sending Origin, is not served', async () => {
    const res = await fetch(`http://localhost:${port}/socket.io/?EIO=4&transport=polling&j=0`, { headers: { cookie } });
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/JSONP polling is not served/);
  });
});

describe('originRefusal', () => {
  const own = { host: 'localhost:3000' };
  it('compares scheme, host and port with the origin the socket was asked for', () => {
    expect(originRefusal({ ...own, origin: 'http://localhost:3000' }, false, [])).toBeNull();
    expect(originRefusal({ ...own, origin: 'http://LOCALHOST:3000' }, false, [])).toBeNull();
    expect(originRefusal({ ...own, origin: 'http://localhost:3001' }, false, [])).toMatch(/may not open/);
    expect(originRefusal({ ...own, origin: 'https://localhost:3000' }, false, [])).toMatch(/may not open/);
    expect(originRefusal({ ...own, origin: 'http://localhost:3000' }, true, [])).toMatch(/may not open/);
    expect(originRefusal({ host: 'arena.example.org:80', origin: 'http://arena.example.org' }, false, [])).toBeNull();
    expect(originRefusal({ ...own }, false, [])).toBeNull();
  });
  it('behind a reverse proxy, the public origin is the one its X-Forwarded-Proto and -Host name', () => {
    const proxied = { host: 'localhost:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'arena.example.org' };
    expect(originRefusal({ ...proxied, origin: 'https://arena.example.org' }, false, [])).toBeNull();
    expect(originRefusal({ ...proxied, origin: 'http://localhost:3000' }, false, [])).toMatch(/may not open/);
    expect(
      originRefusal(
        { host: 'localhost:3000', 'x-forwarded-proto': 'https', origin: 'https://localhost:3000' },
        false,
        [],
      ),
    ).toBeNull();
  });
  it('parseOrigin takes origins only', () => {
    expect(parseOrigin('https://Arena.example.org/')).toBe('https://arena.example.org');
    expect(parseOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    for (const bad of ['arena.example.org', 'https://arena.example.org/play', 'ftp://x', 'https://u:p@x', 'null', ''])
      expect(parseOrigin(bad)).toBeNull();
  });
});
