// Benchmark of cross-process broadcast: @socket.io/postgres-adapter (+ emitter) against the arena's NOTIFY relay, a match event made in process A reaching N spectators of process B.
//
//   npx tsx bench/adapter.ts [spectators=500] [events=200] [rate=50]
//
// One embedded Postgres; this process is A (the worker that makes the events); B is a socket.io server in a child
// process (bench/adapter-server.ts); the spectators are socket.io clients in one or two more (bench/adapter-clients.ts).
// Modes: `adapter` = A emits with @socket.io/postgres-emitter, B uses @socket.io/postgres-adapter; `adapter+store` =
// the same after A stores the event row (the arena stores every event before broadcasting it anyway); `relay` = A
// stores the row and sends a tiny pg_notify, B reads the rows past its head and emits them to the local room.
// A waits for each store before the next event; the emitter's emits are fire-and-forget (its pool of 2 may reorder).
// Latency is paced-phase only; "burst ev/s" = events sent back to back / time until the last spectator has them all.
import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BroadcastOperator, Emitter } from '@socket.io/postgres-emitter';
import pg from 'pg';
import { z } from 'zod';
import { startEmbeddedPostgres, type EmbeddedDb } from '../server/db/embedded';
import { freePort } from '../server/net';
import type { FromClients, RangeReport, ToClients } from './adapter-clients';
import type { FromServer, ServerMode, ToServer } from './adapter-server';
import { EVENTS_TABLE, RELAY_CHANNEL } from './adapter-shared';

const positive = z.coerce.number().int().positive();
/** Positional arguments, bare (`500`) or named (`spectators=500`); flags start with `--`. */
const argv = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith('--') && !['--sizes', '--modes'].includes(all[i - 1] ?? ''))
  .map((a) => a.replace(/^[a-z]+=/, ''));
/** Use @socket.io/postgres-emitter as published (its broadcasts are then dropped by the adapter: see below). */
const UNPATCHED_EMITTER = process.argv.includes('--unpatched-emitter');
const SPECTATORS = positive.parse(argv[0] ?? 500);
const EVENTS = positive.parse(argv[1] ?? 200);
const RATE = positive.parse(argv[2] ?? 50);
/** Events sent before the measured phases (connections and JIT warm), not counted in latencies. */
const WARMUP = 10;
const flag = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
/** Wire event sizes (JSON bytes): a typical one, and one over NOTIFY's 8,000-byte payload limit (`--sizes 1500`). */
const SIZES = z.array(positive).parse(flag('sizes')?.split(',') ?? [1_500, 12_000]);
const modeSchema = z.enum(['adapter', 'adapter+store', 'relay']);
type Mode = z.infer<typeof modeSchema>;
/** The modes, in this order (`--modes relay,adapter`). */
const MODES: Mode[] = z.array(modeSchema).parse(flag('modes')?.split(',') ?? ['adapter', 'adapter+store', 'relay']);
const CLIENT_PROCESSES = SPECTATORS > 100 ? 2 : 1;

/**
 * @socket.io/postgres-emitter 0.1.1 publishes `{ uid: 'emitter', type, data }` without `nsp`, while
 * @socket.io/postgres-adapter 0.5.0 hands a message to the namespace named by `msg.nsp` (and the cluster adapter drops
 * messages of another namespace): every emitter broadcast is silently dropped. This shim adds the emitter's
 * namespace to each message, the one-line fix the emitter needs (`--unpatched-emitter` shows the drop).
 */
function patchEmitter() {
  const proto = BroadcastOperator.prototype as unknown as {
    publish(this: { emitter: { nsp: string } }, doc: Record<string, unknown>): Promise<void>;
  };
  const original = proto.publish;
  proto.publish = function (doc) {
    doc.nsp ??= this.emitter.nsp;
    return original.call(this, doc);
  };
}
if (!UNPATCHED_EMITTER) patchEmitter();

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const pct = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

const TICK_MS = 1000 / 100; // USER_HZ
/** CPU ms (user + system) of one process, from /proc. */
function procCpuMs(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return NaN;
  }
}
/** CPU ms of the postmaster and its children (backends, background processes). */
function postgresCpuMs(postmaster: number | undefined): number {
  if (!postmaster) return NaN;
  let total = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const s = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
      if (Number(f[1]) !== postmaster && Number(d) !== postmaster) continue;
      total += (Number(f[11]) + Number(f[12])) * TICK_MS;
    } catch {
      /* ended */
    }
  }
  return total;
}

/** A forked bench process and its answers, by message type. */
class Child<In extends { type: string }, Out extends { type: string }> {
  readonly proc: ChildProcess;
  private waiters: { type: string; resolve: (m: Out) => void }[] = [];
  private exited: Promise<void>;
  constructor(file: string, args: string[]) {
    this.proc = fork(path.join(import.meta.dirname, file), args, { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    this.exited = new Promise((r) => this.proc.once('exit', () => r()));
    this.proc.on('message', (m: Out) => {
      const i = this.waiters.findIndex((w) => w.type === m.type);
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(m);
    });
    this.proc.once('exit', (code) => {
      if (this.waiters.length)
        console.error(`${file} exited (${code}) while we waited for ${this.waiters.map((w) => w.type).join(', ')}`);
    });
  }
  /** The next message of type `type` (sent after `msg`, if given). */
  next<T extends Out['type']>(type: T, msg?: In): Promise<Extract<Out, { type: T }>> {
    return new Promise((resolve) => {
      this.waiters.push({ type, resolve: resolve as (m: Out) => void });
      if (msg) this.proc.send(msg);
    });
  }
  /** Asks it to stop; kills it if it has not within 5 s. */
  async close(msg: In) {
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    if (this.proc.connected) this.proc.send(msg);
    const t = setTimeout(() => this.proc.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(t);
  }
}

/** A wire event of about `size` JSON bytes: a move, its reply text, and the spectators' view of the state. */
function eventMaker(size: number) {
  const cell = (i: number, seq: number) => ({
    i,
    owner: (i + seq) % 3,
    stones: [(i * 7 + seq) % 13, (i * 3) % 5, seq % 11],
    label: `c${i}`,
  });
  const make = (seq: number, cells: number) => ({
    seq,
    kind: 'move',
    seat: seq % 2,
    at: new Date().toISOString(),
    payload: {
      action: { from: seq % 9, to: (seq * 7) % 9 },
      text: `I play ${seq % 9} → ${(seq * 7) % 9} (ply ${seq}).`,
    },
    view: {
      turn: seq,
      toMove: (seq + 1) % 2,
      scores: [seq % 17, (seq * 5) % 17],
      cells: Array.from({ length: cells }, (_, i) => cell(i, seq)),
    },
  });
  let cells = 0;
  while (JSON.stringify(make(100, cells + 1)).length <= size) cells++;
  return (seq: number) => make(seq, cells);
}

interface DbStats {
  commits: number;
  inserted: number;
  lsn: string;
}
async function dbStats(url: string, before?: DbStats): Promise<DbStats & { walBytes: number }> {
  // A fresh connection each time: a backend flushes its statistics when it exits, so the reading leaves none pending.
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ commits: string; inserted: string; lsn: string; wal: string | null }>(
      `SELECT xact_commit AS commits, tup_inserted AS inserted, pg_current_wal_lsn()::text AS lsn,
              pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text AS wal
         FROM pg_stat_database WHERE datname = current_database()`,
      [before?.lsn ?? '0/0'],
    );
    const r = rows[0]!;
    return { commits: Number(r.commits), inserted: Number(r.inserted), lsn: r.lsn, walBytes: Number(r.wal) };
  } finally {
    await c.end();
  }
}

interface Row {
  size: number;
  mode: Mode;
  p50: number;
  p99: number;
  max: number;
  delivered: number;
  missing: number;
  duplicates: number;
  outOfOrder: number;
  burstRate: number;
  burstP99: number;
  cpuB: number;
  cpuPg: number;
  cpuA: number;
  cpuClients: number;
  bMsPerEvent: number;
  pgMsPerEvent: number;
  commitsPerEvent: number;
  rowsPerEvent: number;
  walPerEvent: number;
  selects: string;
  hopP50: number;
  hopP99: number;
}

const ranges0 = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

async function run(db: EmbeddedDb, size: number, mode: Mode, runNo: number): Promise<Row> {
  const matchId = `bench-${runNo}`;
  const room = `match:${matchId}`;
  const make = eventMaker(size);
  const total = WARMUP + 2 * EVENTS;
  const stats0 = await dbStats(db.url);
  const serverMode: ServerMode = mode === 'relay' ? 'relay' : 'adapter';
  const server = new Child<ToServer, FromServer>('adapter-server.ts', [serverMode, db.url]);
  const clients: Child<ToClients, FromClients>[] = [];
  const pool = new pg.Pool({ connectionString: db.url, max: 2, idleTimeoutMillis: 0 }); // like the relay's sender
  pool.on('error', () => {});
  try {
    const { port } = await server.next('ready');
    for (let i = 0; i < CLIENT_PROCESSES; i++)
      clients.push(new Child<ToClients, FromClients>('adapter-clients.ts', []));
    const per = Math.ceil(SPECTATORS / CLIENT_PROCESSES);
    const joins = await Promise.all(
      clients.map((c, i) =>
        c.next('joined', {
          type: 'join',
          url: `http://127.0.0.1:${port}`,
          matchId,
          count: Math.min(per, SPECTATORS - i * per),
          maxSeq: total,
        }),
      ),
    );
    const joined = joins.reduce((a, j) => a + j.joined, 0);
    const failed = joins.reduce((a, j) => a + j.failed, 0);
    if (failed) console.log(`  (${failed} spectators failed to connect)`);

    const emitter = mode === 'relay' ? null : new Emitter(pool);
    const pub: (number | null)[] = Array.from({ length: total + 1 }, () => null);
    const origin = 'bench-a';
    /** One event out of A, as the mode does it; resolves when A may make the next one (the store, if any, is done). */
    const publish = async (seq: number) => {
      const event = make(seq);
      pub[seq] = now();
      if (mode !== 'adapter') {
        await pool.query(`INSERT INTO ${EVENTS_TABLE} (match_id, seq, payload) VALUES ($1, $2, $3)`, [
          matchId,
          seq,
          JSON.stringify(event),
        ]);
      }
      if (emitter) emitter.to(room).emit('match:event', { matchId, event });
      else
        pool
          .query('SELECT pg_notify($1, $2)', [
            RELAY_CHANNEL,
            JSON.stringify({ t: 'match', matchId, seq, kind: 'move', origin }),
          ])
          .catch(() => {});
    };
    const received = async () =>
      (await Promise.all(clients.map((c) => c.next('count', { type: 'count' })))).reduce((a, r) => a + r.received, 0);
    /** Until every spectator has every event up to `seq`, `timeoutMs` passed, or nothing arrived for 3 s. */
    const settle = async (seq: number, timeoutMs: number) => {
      const end = Date.now() + timeoutMs;
      let last = -1;
      let since = Date.now();
      for (;;) {
        const n = await received();
        if (n >= joined * seq || Date.now() > end) return;
        if (n !== last) [last, since] = [n, Date.now()];
        else if (Date.now() - since > 3000) return;
        await sleep(50);
      }
    };

    for (let seq = 1; seq <= WARMUP; seq++) {
      await publish(seq);
      await sleep(20);
    }
    await settle(WARMUP, 10_000);

    // Paced: RATE events a second, CPU measured over the phase.
    const cpu0 = {
      a: process.cpuUsage(),
      b: procCpuMs(server.proc.pid),
      pg: postgresCpuMs(db.pid()),
      c: clients.map((c) => procCpuMs(c.proc.pid)),
    };
    const t0 = now();
    for (let i = 0; i < EVENTS; i++) {
      const wait = t0 + (i * 1000) / RATE - now();
      if (wait > 0) await sleep(wait);
      await publish(WARMUP + 1 + i);
    }
    await settle(WARMUP + EVENTS, 15_000);
    const wall = now() - t0;
    const a = process.cpuUsage(cpu0.a);
    const cpuB = procCpuMs(server.proc.pid) - cpu0.b;
    const cpuPg = postgresCpuMs(db.pid()) - cpu0.pg;
    const cpuClients = clients.reduce((s, c, i) => s + procCpuMs(c.proc.pid) - cpu0.c[i]!, 0);

    // Burst: the next EVENTS back to back (each after the previous one's store, if any).
    const tb = now();
    for (let i = 0; i < EVENTS; i++) await publish(WARMUP + EVENTS + 1 + i);
    await settle(total, 30_000);

    const bStats = await server.next('stats', { type: 'stats' });
    /** Publish → B begins the room's broadcast (the Postgres hop), over the paced events. */
    const hop = Float64Array.from(
      ranges0(WARMUP + 1, WARMUP + EVENTS).flatMap((seq) => {
        const b = bStats.broadcastAt[seq];
        const p = pub[seq];
        return b != null && p != null ? [b - p] : [];
      }),
    ).sort();
    const ranges = [
      { name: 'paced', from: WARMUP + 1, to: WARMUP + EVENTS },
      { name: 'burst', from: WARMUP + EVENTS + 1, to: total },
    ];
    const reports = await Promise.all(clients.map((c) => c.next('report', { type: 'report', pub, ranges })));
    const merged = (name: string) => {
      const rs = reports.map((r) => r.ranges.find((x) => x.name === name)!) as RangeReport[];
      const lat = Float64Array.from(rs.flatMap((r) => r.latencies)).sort();
      return { lat, missing: rs.reduce((s, r) => s + r.missing, 0), last: Math.max(...rs.map((r) => r.lastReceipt)) };
    };
    const paced = merged('paced');
    const burst = merged('burst');
    await Promise.all(clients.map((c) => c.close({ type: 'close' })));
    await server.close({ type: 'close' });
    await pool.end();
    await sleep(300); // backends exit and flush their statistics
    const stats1 = await dbStats(db.url, stats0);
    return {
      size,
      mode,
      p50: pct(paced.lat, 50),
      p99: pct(paced.lat, 99),
      max: paced.lat.at(-1) ?? NaN,
      delivered: paced.lat.length + burst.lat.length,
      missing: paced.missing + burst.missing,
      duplicates: reports.reduce((s, r) => s + r.duplicates, 0),
      outOfOrder: reports.reduce((s, r) => s + r.outOfOrder, 0),
      burstRate: burst.lat.length ? (EVENTS * 1000) / (burst.last - tb) : NaN,
      burstP99: pct(burst.lat, 99),
      cpuA: (100 * (a.user + a.system)) / 1000 / wall,
      cpuB: (100 * cpuB) / wall,
      cpuPg: (100 * cpuPg) / wall,
      cpuClients: (100 * cpuClients) / wall,
      bMsPerEvent: cpuB / EVENTS,
      pgMsPerEvent: cpuPg / EVENTS,
      commitsPerEvent: (stats1.commits - stats0.commits) / total,
      rowsPerEvent: (stats1.inserted - stats0.inserted) / total,
      walPerEvent: stats1.walBytes / total,
      selects: mode === 'relay' ? `${bStats.selects} SELECTs for ${bStats.notices} notices` : '',
      hopP50: pct(hop, 50),
      hopP99: pct(hop, 99),
    };
  } finally {
    await Promise.all(clients.map((c) => c.close({ type: 'close' })));
    await server.close({ type: 'close' });
    await pool.end().catch(() => {});
  }
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'arena-adapter-'));
  const db = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() });
  try {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    // The adapter's table for payloads over NOTIFY's limit (as its README creates it), and a match_events look-alike.
    await c.query(
      `CREATE TABLE IF NOT EXISTS socket_io_attachments (id bigserial UNIQUE, created_at timestamptz DEFAULT NOW(), payload bytea)`,
    );
    await c.query(
      `CREATE TABLE IF NOT EXISTS ${EVENTS_TABLE} (match_id text NOT NULL, seq integer NOT NULL, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (match_id, seq))`,
    );
    await c.end();

    console.log(
      `Cross-process broadcast: A (this process) makes match events, ${SPECTATORS} socket.io spectators of B (a child process) receive them.`,
    );
    console.log(
      `${WARMUP} warm-up events, then ${EVENTS} paced at ${RATE}/s (latency, CPU), then ${EVENTS} back to back (burst ev/s); spectators in ${CLIENT_PROCESSES} child process(es).`,
    );
    console.log(
      UNPATCHED_EMITTER
        ? 'emitter as published (its messages lack `nsp`; the adapter drops them)'
        : 'emitter patched to send its namespace (`nsp`), which 0.1.1 omits and adapter 0.5.0 requires',
    );
    console.log(`machine: ${os.cpus().length} cores, load average at start ${load()}\n`);
    const rows: Row[] = [];
    let runNo = 0;
    for (const size of SIZES) {
      for (const mode of MODES) {
        const r = await run(db, size, mode, runNo++);
        rows.push(r);
        console.log(
          `  ${(size / 1000).toFixed(1)} KB ${mode}: hop p50 ${r.hopP50.toFixed(1)} ms; receipt p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms${r.selects ? ` (${r.selects})` : ''}; load average ${load()}`,
        );
      }
    }

    const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '—');
    const header = [
      'size',
      'mode',
      'hop p50',
      'hop p99',
      'p50 ms',
      'p99 ms',
      'max ms',
      'burst ev/s',
      'burst p99',
      'CPU A %',
      'CPU B %',
      'CPU PG %',
      'CPU clients %',
      'B ms/ev',
      'PG ms/ev',
      'commits/ev',
      'rows/ev',
      'WAL B/ev',
      'missing',
      'dup',
      'out of order',
    ];
    const table = rows.map((r) => [
      `${(r.size / 1000).toFixed(1)} KB`,
      r.mode,
      f(r.hopP50),
      f(r.hopP99),
      f(r.p50),
      f(r.p99),
      f(r.max),
      f(r.burstRate, 0),
      f(r.burstP99, 0),
      f(r.cpuA, 0),
      f(r.cpuB, 0),
      f(r.cpuPg, 0),
      f(r.cpuClients, 0),
      f(r.bMsPerEvent, 2),
      f(r.pgMsPerEvent, 2),
      f(r.commitsPerEvent, 2),
      f(r.rowsPerEvent, 2),
      f(r.walPerEvent, 0),
      String(r.missing),
      String(r.duplicates),
      String(r.outOfOrder),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i]!.length)));
    const line = (cells: string[]) =>
      cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    console.log(
      `\n${SPECTATORS} spectators, ${EVENTS} events at ${RATE}/s (paced phase; hop = A's publish → B starts the room's broadcast, p50/p99/max = A's publish → a spectator's receipt over every spectator and event; CPU over the paced phase):`,
    );
    console.log(line(header));
    for (const t of table) console.log(line(t));
    console.log(`\nload average at end ${load()}`);
  } finally {
    await db.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  () => setTimeout(() => process.exit(0), 100),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
