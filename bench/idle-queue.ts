// What an idle arena costs Postgres: a worker process with N match workers (ARENA_CONCURRENCY) on an embedded Postgres,
// nothing queued; prints the transactions per second its job-queue polling makes (pg_stat_database over 20 s).
// Usage: npm run bench:idle-queue -- [concurrency=256] [seconds=20]
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { migrate } from '../server/db/migrate';
import { freePort } from '../server/net';

const CONCURRENCY = Number(process.argv[2] ?? 256);
const SECONDS = Number(process.argv[3] ?? 20);
const root = path.resolve(import.meta.dirname, '..');
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'arena-idle-'));
  const db = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() });
  const metricsPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      ARENA_ROLE: 'worker',
      ARENA_DEMO: '0',
      ARENA_CONCURRENCY: String(CONCURRENCY),
      ARENA_METRICS_PORT: String(metricsPort),
      ARENA_DATA_DIR: path.join(dir, 'data'),
      ARENA_SECRET: 'idle-queue-bench-secret',
    },
    stdio: 'ignore',
  });
  const c = new pg.Client({ connectionString: db.url });
  try {
    await migrate(db.url);
    for (let i = 0; ; i++) {
      if ((await fetch(`http://127.0.0.1:${metricsPort}/health`).catch(() => null))?.ok) break;
      if (i > 600) throw new Error('the worker did not start within a minute');
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 5000)); // past start-up
    await c.connect();
    const count = async () =>
      Number(
        (await c.query<{ n: string }>('SELECT sum(xact_commit + xact_rollback) AS n FROM pg_stat_database')).rows[0]!.n,
      );
    const a = await count();
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const b = await count();
    const s = (performance.now() - t0) / 1000;
    console.log(
      `idle worker, ARENA_CONCURRENCY=${CONCURRENCY} (+ the play queue's default 100): ${((b - a - 1) / s).toFixed(1)} Postgres transactions/s over ${s.toFixed(0)} s`,
    );
    console.log(`machine: ${os.cpus().length} cores, load average ${load()}`);
  } finally {
    await c.end().catch(() => {});
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    await exited;
    await db.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
