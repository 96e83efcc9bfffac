// The checks before a start, as real processes: a second arena on the same data folder or port is refused at once (before
// `npm start` builds), and so is, as root, a folder the embedded Postgres' user `postgres` cannot enter.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './net';
import { checkPostgresAccess } from './preflight';
import { LONG_WAIT_MS } from '../lib/test-scale';

const root = path.resolve(import.meta.dirname, '..');
const asRoot = process.getuid?.() === 0;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'arena-preflight-'));
  await chmod(dir, 0o755);
});
afterAll(async () => {
  await chmod(dir, 0o755).catch(() => {});
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
});

/** `tsx server/<script>` as `npm start` runs it; returns its exit code, stderr and how long it took. */
function run(script: 'preflight' | 'main', env: Record<string, string>) {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', `server/${script}.ts`], {
    cwd: root,
    encoding: 'utf8',
    timeout: LONG_WAIT_MS,
    env: { ...process.env, DATABASE_URL: '', ARENA_DEMO: '0', ...env },
  });
  return { code: r.status, err: r.stderr, out: r.stdout, ms: Date.now() - t0 };
}

describe('a second start', () => {
  it('refuses at once while another arena runs from the same data folder, and is welcome once it is gone', async () => {
    const data = path.join(dir, 'one');
    const env = { ARENA_DATA_DIR: data, PORT: String(await freePort()), ARENA_PG_PORT: String(await freePort()) };
    // npm start checks before it builds.
    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toMatch(/^tsx server\/preflight\.ts && next build && /);

    // A real arena: held still (SIGSTOP) once it has claimed its data folder.
    const first = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', ARENA_DEMO: '0', ...env },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((r) => first.once('exit', (code) => r(code)));
    try {
      await expect
        .poll(() => existsSync(path.join(data, 'arena.lock')), { timeout: LONG_WAIT_MS, interval: 50 })
        .toBe(true);
      first.kill('SIGSTOP');
      const line = `arena: another arena is already running from ${data} (pid ${first.pid}, http://localhost:${env.PORT}): stop it first, or set ARENA_DATA_DIR and PORT for a second one\n`;
      const pre = run('preflight', { ...env, PORT: String(await freePort()) });
      expect([pre.code, pre.err]).toEqual([1, line]);
      const second = run('main', env);
      expect([second.code, second.err]).toEqual([1, line]);
      // Refused before it starts anything (no Postgres of its own).
      expect(second.out).not.toMatch(/postgres/);
    } finally {
      first.kill('SIGCONT');
      first.kill('SIGINT');
      await exited;
    }
    // Gone: its lock went with it. A lock left by a killed arena (a dead pid) is ignored.
    expect(existsSync(path.join(data, 'arena.lock'))).toBe(false);
    await writeFile(
      path.join(data, 'arena.lock'),
      JSON.stringify({ pid: 2 ** 22 + 1, port: 3000, bootId: null, startTime: null }),
    );
    const after = run('preflight', env);
    expect([after.code, after.err]).toEqual([0, '']);
  });

  it('refuses a port that is taken (another arena with DATABASE_URL, or another program)', async () => {
    const srv = net.createServer();
    const port = await new Promise<number>((r) =>
      srv.listen(0, '0.0.0.0', () => r((srv.address() as net.AddressInfo).port)),
    );
    try {
      const env = {
        DATABASE_URL: 'postgresql://arena:pw@127.0.0.1:9/arena',
        PORT: String(port),
        ARENA_DATA_DIR: path.join(dir, 'two'),
      };
      const pre = run('preflight', env);
      expect([pre.code, pre.err]).toEqual([
        1,
        `arena: port ${port} is already in use (another arena, or another program): stop it first, or set PORT to a free port\n`,
      ]);
      const main = run('main', env);
      expect(main.code).toBe(1);
      expect(main.err).toMatch(new RegExp(`^arena: port ${port} is already in use`));
      // A worker serves no port.
      expect(run('preflight', { ...env, ARENA_ROLE: 'worker' }).code).toBe(0);
    } finally {
      srv.close();
    }
  });
});

describe.runIf(asRoot)('as root, the embedded Postgres runs as user postgres', () => {
  it('stops before building, with one line, when that user cannot enter the data folder', async () => {
    const locked = await mkdtemp(path.join(tmpdir(), 'arena-locked-')); // mode 0700, like `mktemp -d` or /root
    try {
      const data = path.join(locked, 'clone', '.arena');
      const env = { ARENA_DATA_DIR: data, PORT: String(await freePort()), ARENA_PG_PORT: String(await freePort()) };
      const line = `arena: the embedded Postgres runs as user postgres, which cannot enter ${locked} (mode 700, on the way to the data folder ${data}): set ARENA_DATA_DIR to a folder every user can enter (chmod 755 on each parent folder), or set DATABASE_URL\n`;
      const pre = run('preflight', env);
      expect([pre.code, pre.err]).toEqual([1, line]);
      const main = run('main', env);
      expect([main.code, main.err]).toEqual([1, line]);
      expect(existsSync(path.join(data, 'pg'))).toBe(false);
      // Every user may enter it now: the check passes.
      await chmod(locked, 0o755);
      expect(run('preflight', env)).toMatchObject({ code: 0, err: '' });
    } finally {
      await rm(locked, { recursive: true, force: true });
    }
  });

  it('names the folder that keeps that user from the Postgres programs (a clone under /root)', async () => {
    const clone = await mkdtemp(path.join(tmpdir(), 'arena-clone-'));
    try {
      const bin = path.join(clone, 'node_modules', 'bin');
      await mkdir(bin, { recursive: true, mode: 0o755 });
      const postgres = path.join(bin, 'postgres');
      await writeFile(postgres, '#!/bin/sh\necho "postgres (PostgreSQL) 18.4"\n', { mode: 0o755 });
      const data = path.join(dir, 'three');
      await expect(checkPostgresAccess(data, postgres)).rejects.toThrow(
        `the embedded Postgres runs as user postgres, which cannot enter ${clone} (mode 700, on the way to its programs in node_modules): clone the arena into a folder every user can enter (chmod 755 on each parent folder), or set DATABASE_URL`,
      );
      await chmod(clone, 0o755);
      await expect(checkPostgresAccess(data, postgres)).resolves.toBeUndefined();
    } finally {
      await rm(clone, { recursive: true, force: true });
    }
  });
});
