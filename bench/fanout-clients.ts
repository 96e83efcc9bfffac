// The client side of `npm run bench:fanout`: many socket.io spectators in one process (forked by bench/fanout.ts), kept cheap.
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, MatchSnapshot, ServerToClientEvents, WireEvent } from '../lib/protocol';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What the parent asks: connect and join, report what was received, or stop. */
export type ToClients =
  { type: 'join'; url: string; matches: { matchId: string; count: number }[] } | { type: 'report' } | { type: 'close' };

/** What this process answers: join → snapshot times, and every event receipt (match index, seq, epoch ms). */
export type FromClients =
  | { type: 'joined'; joinMs: number[]; failed: number }
  | { type: 'report'; receipts: number[]; atLatency: number[]; gaps: number; cpuMs: number };

/** High-resolution epoch milliseconds, comparable across processes on one machine. */
const now = () => performance.timeOrigin + performance.now();

const clients: Client[] = [];
let receipts: number[] = [];
let atLatency: number[] = [];
let gaps = 0;
let cpu0 = process.cpuUsage();

function send(m: FromClients) {
  process.send!(m);
}

async function joinAll(url: string, matches: { matchId: string; count: number }[]) {
  const jobs: { matchId: string; index: number }[] = [];
  matches.forEach((m, index) => {
    for (let i = 0; i < m.count; i++) jobs.push({ matchId: m.matchId, index });
  });
  // Connect first (100 at a time), then join all at once: a burst, as when a popular match is linked.
  const socks: { c: Client; matchId: string; index: number }[] = [];
  let failed = 0;
  for (let i = 0; i < jobs.length; i += 100) {
    await Promise.all(
      jobs.slice(i, i + 100).map(async (j) => {
        const c: Client = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
        clients.push(c);
        const ok = await new Promise<boolean>((resolve) => {
          c.once('connect', () => resolve(true));
          c.once('connect_error', () => resolve(false));
        });
        if (ok) socks.push({ c, ...j });
        else failed++;
      }),
    );
  }
  const joinMs = await Promise.all(
    socks.map(
      ({ c, matchId, index }) =>
        new Promise<number>((resolve) => {
          let last = -1;
          c.on('match:event', ({ event }: { matchId: string; event: WireEvent }) => {
            const t = now();
            receipts.push(index, event.seq, t);
            if (!event.hidden) atLatency.push(t - Date.parse(event.at));
            // A gap the event accounts for (`after`: the seqs between were hidden from spectators) is no gap.
            if (
              last >= 0 &&
              event.seq > last + 1 &&
              !(!event.hidden && event.after !== undefined && event.after <= last)
            )
              gaps++;
            last = event.seq;
          });
          const t0 = now();
          c.once('match:snapshot', (s: MatchSnapshot) => {
            last = s.seq;
            resolve(now() - t0);
            c.on('match:snapshot', (s2: MatchSnapshot) => (last = s2.seq));
          });
          c.emit('match:join', { matchId });
        }),
    ),
  );
  send({ type: 'joined', joinMs, failed });
}

process.on('message', (m: ToClients) => {
  if (m.type === 'join') {
    receipts = [];
    atLatency = [];
    gaps = 0;
    cpu0 = process.cpuUsage();
    void joinAll(m.url, m.matches);
  } else if (m.type === 'report') {
    const c = process.cpuUsage(cpu0);
    send({ type: 'report', receipts, atLatency, gaps, cpuMs: (c.user + c.system) / 1000 });
  } else if (m.type === 'close') {
    for (const c of clients) c.close();
    clients.length = 0;
    process.exit(0);
  }
});
