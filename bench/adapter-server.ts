// Process B of `bench/adapter.ts`: a socket.io server whose spectators get match events made in another process, through @socket.io/postgres-adapter or through an arena-style NOTIFY relay.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server } from 'socket.io';
import { z } from 'zod';
import { EVENTS_TABLE, RELAY_CHANNEL } from './adapter-shared';

/**
 * How B learns about events: `adapter` = socket.io's Postgres adapter (the publisher uses its emitter);
 * `relay` = LISTEN on the arena's channel, then SELECT the rows past this process's head and emit them locally.
 */
export type ServerMode = 'adapter' | 'relay';

/** What the parent asks B: its counters, or to stop. */
export type ToServer = { type: 'stats' } | { type: 'close' };

/** What B answers: its port once listening; its counters (relay mode: notices heard, SELECTs run, rows emitted). */
export type FromServer =
  | { type: 'ready'; port: number }
  | { type: 'stats'; notices: number; selects: number; rows: number; errors: number; broadcastAt: (number | null)[] };

const args = z.tuple([z.enum(['adapter', 'relay']), z.string().url()]).parse(process.argv.slice(2));
const [mode, url] = args;

/** The relay's notice, as the arena sends it (server/rooms/relay.ts): tiny, it only says "match X has seq N". */
const noticeSchema = z.object({
  t: z.literal('match'),
  matchId: z.string().min(1),
  seq: z.number().int(),
  kind: z.string(),
  origin: z.string(),
});
const joinSchema = z.object({ matchId: z.string().min(1).max(100) });

const send = (m: FromServer) => process.send?.(m);
const stats = { notices: 0, selects: 0, rows: 0, errors: 0 };
/** High-resolution epoch milliseconds, comparable across processes on one machine. */
const now = () => performance.timeOrigin + performance.now();
/** When each match event (by seq) began its local broadcast here: the Postgres hop ends, the fan-out starts. */
const broadcastAt: (number | null)[] = [];

/**
 * Times every local broadcast of a `match:event`, in both modes: the relay's io.to(room).emit and the cluster
 * adapter's delivery of a remote broadcast both end in socket.io-adapter's in-memory `Adapter.prototype.broadcast`
 * (not exported by socket.io, so it is found on the namespace's adapter's prototype chain).
 */
function timeBroadcasts(adapter: object) {
  for (let p: object | null = Object.getPrototypeOf(adapter); p; p = Object.getPrototypeOf(p)) {
    if (p.constructor?.name !== 'Adapter' || !Object.prototype.hasOwnProperty.call(p, 'broadcast')) continue;
    const proto = p as { broadcast(this: unknown, packet: { data?: unknown[] }, opts: unknown): void };
    const original = proto.broadcast;
    proto.broadcast = function (packet, opts) {
      const [name, body] = packet.data ?? [];
      const seq = name === 'match:event' ? (body as { event?: { seq?: unknown } }).event?.seq : undefined;
      if (typeof seq === 'number' && broadcastAt[seq] == null) broadcastAt[seq] = now();
      original.call(this, packet, opts);
    };
    return;
  }
  throw new Error('socket.io-adapter Adapter.prototype.broadcast not found');
}

async function main() {
  // Connections kept open for the whole run (no idle timeout): backends that exit would take their CPU figures along.
  const pool = new pg.Pool({ connectionString: url, max: 4, idleTimeoutMillis: 0 });
  pool.on('error', () => stats.errors++);
  const server = http.createServer();
  const io = new Server(server, {
    serveClient: false,
    maxHttpBufferSize: 16_384,
    ...(mode === 'adapter' ? { adapter: createAdapter(pool, { errorHandler: () => stats.errors++ }) } : {}),
  });
  timeBroadcasts(io.of('/').adapter);
  /** Per match: the last seq emitted here, and whether a catch-up is running or asked for again. */
  const heads = new Map<string, { head: number; busy: boolean; again: boolean }>();

  io.on('connection', (socket) => {
    socket.on('match:join', async (raw: unknown) => {
      const p = joinSchema.safeParse(raw);
      if (!p.success) return;
      await socket.join(`match:${p.data.matchId}`);
      socket.emit('match:snapshot', { matchId: p.data.matchId, seq: heads.get(p.data.matchId)?.head ?? 0 });
    });
  });

  let listener: pg.Client | null = null;
  if (mode === 'relay') {
    // One catch-up at a time per match; notices arriving meanwhile ask for one more (coalesced, and order-proof:
    // a late or reordered notice finds nothing new, the rows' seq decides).
    const catchUp = async (matchId: string) => {
      let h = heads.get(matchId);
      if (!h) heads.set(matchId, (h = { head: 0, busy: false, again: false }));
      if (h.busy) {
        h.again = true;
        return;
      }
      h.busy = true;
      try {
        do {
          h.again = false;
          stats.selects++;
          const { rows } = await pool.query<{ seq: number; payload: unknown }>(
            `SELECT seq, payload FROM ${EVENTS_TABLE} WHERE match_id = $1 AND seq > $2 ORDER BY seq`,
            [matchId, h.head],
          );
          for (const r of rows) {
            io.to(`match:${matchId}`).emit('match:event', { matchId, event: r.payload });
            h.head = r.seq;
            stats.rows++;
          }
        } while (h.again);
      } catch {
        stats.errors++;
      } finally {
        h.busy = false;
      }
    };
    listener = new pg.Client({ connectionString: url });
    listener.on('error', () => stats.errors++);
    await listener.connect();
    await listener.query(`LISTEN ${RELAY_CHANNEL}`);
    listener.on('notification', (n) => {
      if (n.channel !== RELAY_CHANNEL || !n.payload) return;
      stats.notices++;
      let msg: unknown;
      try {
        msg = JSON.parse(n.payload);
      } catch {
        return;
      }
      const m = noticeSchema.safeParse(msg);
      if (m.success) void catchUp(m.data.matchId);
    });
  }

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const close = async () => {
    await new Promise<void>((r) => {
      void io.close(() => r());
    });
    await listener?.end().catch(() => {});
    await pool.end().catch(() => {});
    process.exit(0);
  };
  process.on('message', (m: ToServer) => {
    if (m.type === 'stats') send({ type: 'stats', ...stats, broadcastAt });
    else if (m.type === 'close') void close();
  });
  process.on('disconnect', () => process.exit(0)); // the parent is gone
  send({ type: 'ready', port: (server.address() as AddressInfo).port });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
