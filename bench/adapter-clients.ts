// The spectators of `bench/adapter.ts`: socket.io clients in a child process that time every event's receipt and check order and duplicates.
import { io as connect, type Socket } from 'socket.io-client';

/** What the parent asks: connect `count` clients to one match; how many events arrived so far; the figures; stop. */
export type ToClients =
  | { type: 'join'; url: string; matchId: string; count: number; maxSeq: number }
  | { type: 'count' }
  /** pub[seq] = publish time (epoch ms, high resolution; null when not published); ranges of seq to report on. */
  | { type: 'report'; pub: (number | null)[]; ranges: { name: string; from: number; to: number }[] }
  | { type: 'close' };

/** Per range: every (client, event) latency in ms, the events never received, and the last receipt's time. */
export interface RangeReport {
  name: string;
  latencies: number[];
  missing: number;
  lastReceipt: number;
}

/** What this process answers. `outOfOrder` counts receipts with a seq lower than one already seen by that client. */
export type FromClients =
  | { type: 'joined'; joined: number; failed: number }
  | { type: 'count'; received: number }
  | { type: 'report'; ranges: RangeReport[]; duplicates: number; outOfOrder: number };

/** High-resolution epoch milliseconds, comparable across processes on one machine. */
const now = () => performance.timeOrigin + performance.now();

interface Spectator {
  socket: Socket;
  /** Receipt time by seq (NaN: not received). */
  recv: Float64Array;
  last: number;
}

const spectators: Spectator[] = [];
let received = 0;
let duplicates = 0;
let outOfOrder = 0;
const send = (m: FromClients) => process.send!(m);

async function joinAll(url: string, matchId: string, count: number, maxSeq: number) {
  const connected: Spectator[] = [];
  let failed = 0;
  // Connect 100 at a time, then join all at once.
  for (let i = 0; i < count; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, count - i) }, async () => {
        const socket = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
        const ok = await new Promise<boolean>((resolve) => {
          socket.once('connect', () => resolve(true));
          socket.once('connect_error', () => resolve(false));
        });
        if (!ok) {
          failed++;
          socket.close();
          return;
        }
        const s: Spectator = { socket, recv: new Float64Array(maxSeq + 1).fill(NaN), last: 0 };
        socket.on('match:event', (m: { event: { seq: number } }) => {
          const t = now();
          const seq = m.event.seq;
          received++;
          if (seq < 0 || seq > maxSeq) return;
          if (!Number.isNaN(s.recv[seq]!)) duplicates++;
          else s.recv[seq] = t;
          if (seq < s.last) outOfOrder++;
          s.last = Math.max(s.last, seq);
        });
        connected.push(s);
      }),
    );
  }
  await Promise.all(
    connected.map(
      (s) =>
        new Promise<void>((resolve) => {
          s.socket.once('match:snapshot', () => resolve());
          s.socket.emit('match:join', { matchId });
        }),
    ),
  );
  spectators.push(...connected);
  send({ type: 'joined', joined: connected.length, failed });
}

function report(pub: (number | null)[], ranges: { name: string; from: number; to: number }[]) {
  const out: RangeReport[] = ranges.map(({ name, from, to }) => {
    const latencies: number[] = [];
    let missing = 0;
    let lastReceipt = 0;
    for (const s of spectators) {
      for (let seq = from; seq <= to; seq++) {
        const t = s.recv[seq];
        const p = pub[seq];
        if (t === undefined || Number.isNaN(t) || p === null || p === undefined) {
          missing++;
          continue;
        }
        latencies.push(Math.round((t - p) * 100) / 100);
        if (t > lastReceipt) lastReceipt = t;
      }
    }
    return { name, latencies, missing, lastReceipt };
  });
  send({ type: 'report', ranges: out, duplicates, outOfOrder });
}

process.on('message', (m: ToClients) => {
  if (m.type === 'join') {
    void joinAll(m.url, m.matchId, m.count, m.maxSeq);
  } else if (m.type === 'count') {
    send({ type: 'count', received });
  } else if (m.type === 'report') {
    report(m.pub, m.ranges);
  } else if (m.type === 'close') {
    for (const s of spectators) s.socket.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0)); // the parent is gone
