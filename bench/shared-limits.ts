// Benchmark: per-provider limits shared across processes through Postgres (server/llm/shared-limits.ts), several child processes hammering one provider.
// Usage: npx tsx bench/shared-limits.ts [processes=3] [seconds=20]
// Starts its own embedded Postgres (temporary directory, free port) and a tiny local OpenAI-style endpoint.
// Phases: (A) rpm 600 over the real 60 s window for the whole run: together at most 600 requests;
// (B) the same rate on a 2 s window (20 per 2 s = 600/min), so the sustained rate and the per-window maximum show;
// (C) maxConcurrent 8 against an endpoint taking 50 ms: in flight at the endpoint never above 8, and how close to the
// ideal 160 requests/s the polling for freed leases gets.
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { migrate } from '../server/db/migrate';
import { ProviderLimiter, limitedFetch, type ProviderLimits, type SharedLimitStore } from '../server/llm/limits';
import { PgSharedLimits } from '../server/llm/shared-limits';
import { freePort } from '../server/net';

interface ChildJob {
  dbUrl: string;
  endpoint: string;
  provider: string;
  limits: Partial<ProviderLimits>;
  windowMs: number;
  seconds: number;
  loops: number;
}

interface ChildResult {
  /** Grant times (ms since the epoch, this machine's clock). */
  grants: number[];
  /** Round trips of shared takes that granted at least one request (several at once under load), ms. */
  takeMs: number[];
  refusals: number;
  queries: number;
  failures: number;
  calls: number;
}

const now = () => performance.timeOrigin + performance.now();

// ───────────── child: one "worker process" ─────────────

async function child(job: ChildJob): Promise<ChildResult> {
  const store = new PgSharedLimits(job.dbUrl, { poolSize: 2 });
  const takeMs: number[] = [];
  // The store, timed: how long one granted take costs (the added latency of a call).
  const timed: SharedLimitStore = {
    take: async (p, l, w, want) => {
      const t0 = now();
      const g = await store.take(p, l, w, want);
      if (g.granted) takeMs.push(now() - t0);
      return g;
    },
    release: (p, l) => store.release(p, l),
    noteTokens: (p, n, w) => store.noteTokens(p, n, w),
    coolDown: (p, ms) => store.coolDown(p, ms),
  };
  const limiter = new ProviderLimiter(job.limits, {
    windowMs: job.windowMs,
    shared: { store: timed, providerId: job.provider },
  });
  const grants: number[] = [];
  // Record each grant time by wrapping acquire.
  const acquire = limiter.acquire.bind(limiter);
  limiter.acquire = (signal, ticket) => acquire(signal, ticket).then((s) => (grants.push(now()), s));
  const f = limitedFetch(limiter);
  const ac = new AbortController();
  const end = now() + job.seconds * 1000;
  setTimeout(() => ac.abort(), job.seconds * 1000).unref();
  let calls = 0;
  const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
  await Promise.all(
    Array.from({ length: job.loops }, async () => {
      while (now() < end) {
        try {
          const res = await f(`${job.endpoint}/v1/chat/completions`, {
            method: 'POST',
            body,
            headers: { 'content-type': 'application/json' },
            signal: ac.signal,
          });
          await res.json();
          calls++;
        } catch {
          if (ac.signal.aborted) return;
        }
      }
    }),
  );
  const s = store.stats();
  await store.close();
  return {
    grants: grants.filter((t) => t <= end),
    takeMs,
    refusals: s.refusals,
    queries: s.queries,
    failures: s.failures,
    calls,
  };
}

// ───────────── parent ─────────────

function pct(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** Most grants in any window of `windowMs` (sliding over the sorted grant times). */
function maxInWindow(times: number[], windowMs: number): number {
  const s = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < s.length; i++) {
    while (s[i]! - s[j]! >= windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

function startEndpoint(delayMs: () => number) {
  let inFlight = 0;
  let maxInFlight = 0;
  let requests = 0;
  const server = http.createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    requests++;
    req.resume();
    req.on('end', () => {
      const answer = () => {
        inFlight--;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'c',
            object: 'chat.completion',
            created: 0,
            model: 'm',
            choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
          }),
        );
      };
      const d = delayMs();
      if (d > 0) setTimeout(answer, d);
      else answer();
    });
  });
  return {
    server,
    stats: () => ({ requests, maxInFlight }),
    reset: () => {
      requests = 0;
      maxInFlight = 0;
    },
  };
}

function runChildren(n: number, job: ChildJob): Promise<ChildResult[]> {
  return Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<ChildResult>((resolve, reject) => {
          const c = fork(import.meta.filename, ['child'], {
            execArgv: process.execArgv,
            stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          });
          c.once('message', (m) => resolve(m as ChildResult));
          c.once('error', reject);
          c.once('exit', (code) => code && reject(new Error(`child exited with ${code}`)));
          c.send(job);
        }),
    ),
  );
}

function report(name: string, results: ChildResult[], seconds: number, windowMs: number, limit: string) {
  const grants = results.flatMap((r) => r.grants);
  const take = results.flatMap((r) => r.takeMs);
  const perProcess = results.map((r) => r.grants.length).join(' + ');
  console.log(`${name}  (${limit})`);
  console.log(
    `  grants: ${grants.length} in ${seconds} s over ${results.length} processes (${perProcess}) = ${((grants.length / seconds) * 60).toFixed(0)} requests/min`,
  );
  console.log(`  most grants in any ${windowMs / 1000} s window: ${maxInWindow(grants, windowMs)}`);
  console.log(
    `  shared grant round trip (granted takes): p50 ${pct(take, 50).toFixed(2)} ms, p99 ${pct(take, 99).toFixed(2)} ms (n = ${take.length})`,
  );
  console.log(
    `  store statements: ${results.reduce((s, r) => s + r.queries, 0)}, refusals: ${results.reduce((s, r) => s + r.refusals, 0)}, failures: ${results.reduce((s, r) => s + r.failures, 0)}`,
  );
}

async function main() {
  const procs = Number(process.argv[2] ?? 3);
  const seconds = Number(process.argv[3] ?? 20);
  const loops = 16;
  const dir = await mkdtemp(path.join(tmpdir(), 'arena-bench-limits-'));
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() });
  let delay = 0;
  const ep = startEndpoint(() => delay);
  try {
    await migrate(pg.url);
    await new Promise<void>((r) => ep.server.listen(0, '127.0.0.1', r));
    const endpoint = `http://127.0.0.1:${(ep.server.address() as { port: number }).port}`;
    console.log(`shared provider limits: ${procs} processes × ${loops} concurrent callers, ${os.cpus().length} cores`);
    console.log(
      `load average before: ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );

    const base = { dbUrl: pg.url, endpoint, seconds, loops };
    const a = await runChildren(procs, { ...base, provider: 'bench-a', limits: { rpm: 600 }, windowMs: 60_000 });
    report('A. rpm 600, 60 s window', a, seconds, 60_000, 'at most 600 in the run');
    console.log(`  endpoint received ${ep.stats().requests}`);

    ep.reset();
    const b = await runChildren(procs, { ...base, provider: 'bench-b', limits: { rpm: 20 }, windowMs: 2_000 });
    report('B. 20 per 2 s window (600/min)', b, seconds, 2_000, 'at most 20 per 2 s');
    console.log(`  endpoint received ${ep.stats().requests}`);

    ep.reset();
    delay = 50;
    const cSeconds = Math.max(5, Math.round(seconds / 2));
    const c = await runChildren(procs, {
      ...base,
      seconds: cSeconds,
      provider: 'bench-c',
      limits: { maxConcurrent: 8 },
      windowMs: 60_000,
    });
    report('C. maxConcurrent 8, endpoint 50 ms', c, cSeconds, 1_000, 'ideal 160 requests/s');
    console.log(
      `  endpoint received ${ep.stats().requests} (${(ep.stats().requests / cSeconds).toFixed(0)}/s, ideal 160/s), most in flight at once: ${ep.stats().maxInFlight}`,
    );
    console.log(
      `load average after: ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    ep.server.close();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'child') {
  process.once('message', (job) => {
    child(job as ChildJob).then(
      (r) => process.send!(r, () => process.exit(0)),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
