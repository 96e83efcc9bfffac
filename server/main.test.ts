// The start command's failure modes, run as a real child process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestDb } from './db/test-db';
import { freePort } from './net';
import { productionBuild } from './test-build';
import { LONG_WAIT_MS } from '../lib/test-scale';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

function start(env: Record<string, string>) {
  return spawnSync(tsx, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: LONG_WAIT_MS,
  });
}

describe('server start-up', () => {
  it('exits non-zero with one line naming the host when DATABASE_URL cannot be reached', () => {
    const r = start({
      DATABASE_URL: 'postgresql://arena:pw@127.0.0.1:9/arena',
      ARENA_DATA_DIR: '.arena/test-unreachable',
    });
    expect(r.status).toBe(1);
    const errLine = r.stderr.split('\n').find((l) => l.startsWith('arena:'));
    expect(errLine).toMatch(/^arena: cannot reach the database at 127\.0\.0\.1:9 /);
  });

  it('refuses a worker-only process without DATABASE_URL, saying why', () => {
    const r = start({ ARENA_ROLE: 'worker', DATABASE_URL: '', ARENA_DATA_DIR: '.arena/test-role' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^arena: ARENA_ROLE=worker needs DATABASE_URL/m);
  });

  it('exits non-zero naming a bad setting', () => {
    const r = start({ PORT: 'eighty' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/PORT/);
  });
});

describe('server with DATABASE_URL', () => {
  it('uses that Postgres (migrated, no embedded cluster), serves, logs JSON lines, serves metrics, and stops cleanly on SIGINT', async () => {
    await productionBuild();
    const t = await createTestDb();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'arena-main-'));
    const port = await freePort();
    const metricsPort = await freePort();
    const token = 'metrics-token-for-the-test';
    // A match that failed earlier: the metrics count it.
    await t.db.match.create({
      data: { gameId: 'tictactoe', seed: 'metrics', numPlayers: 2, status: 'failed', failureReason: 'test' },
    });
    // `node --import tsx` rather than the tsx CLI, so the exit code is the server's own.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: t.url,
        PORT: String(port),
        ARENA_DEMO: '0',
        ARENA_DATA_DIR: dataDir,
        ARENA_LOG_FORMAT: 'json',
        ARENA_METRICS_PORT: String(metricsPort),
        ARENA_METRICS_TOKEN: token,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    try {
      await expect.poll(() => out, { timeout: LONG_WAIT_MS, interval: 200 }).toMatch(/arena ready/);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ ok: true });
      const res404 = await fetch(`http://127.0.0.1:${port}/matches/nope`);
      expect(res404.status).toBe(404);
      // Pages are gzipped unless ARENA_COMPRESS=0 (the end-to-end server's setting: e2e/games.spec.ts).
      const page = await fetch(`http://127.0.0.1:${port}/games`, { headers: { 'accept-encoding': 'gzip' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-encoding')).toBe('gzip');
      expect(await t.db.agent.count({ where: { name: { in: ['Random', 'Engine'] } } })).toBe(2);
      expect(existsSync(path.join(dataDir, 'pg'))).toBe(false);
      expect(out).not.toMatch(/embedded postgres/);
      // Structured logs: every stdout line is one JSON object with a level and a message.
      const ready = out.split('\n').find((l) => l.includes('arena ready'))!;
      expect(JSON.parse(ready)).toMatchObject({ level: 'info', msg: `arena ready at http://localhost:${port}` });
      // Prometheus: the private listener answers anyone; the main port only with the token.
      const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(scrape.status).toBe(200);
      const text = await scrape.text();
      expect(text).toMatch(/^arena_matches\{status="failed"\} 1$/m);
      expect(text).toMatch(/^arena_matches\{status="queued"\} 0$/m);
      expect(text).toMatch(/^arena_socket_connections 0$/m);
      expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
      const health2 = await fetch(`http://127.0.0.1:${metricsPort}/health`);
      expect(health2.status).toBe(200);
      expect(await health2.json()).toEqual({ ok: true, database: 'ok' });
      expect((await fetch(`http://127.0.0.1:${port}/api/metrics`)).status).toBe(401);
      expect(
        (
          await fetch(`http://127.0.0.1:${port}/api/metrics`, {
            headers: { authorization: 'Bearer wrong-token-of-some-length' },
          })
        ).status,
      ).toBe(401);
      const authed = await fetch(`http://127.0.0.1:${port}/api/metrics`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(authed.status).toBe(200);
      expect(await authed.text()).toMatch(/^arena_matches\{status="failed"\} 1$/m);
    } finally {
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      await rm(dataDir, { recursive: true, force: true });
      await t.drop();
    }
  }, 1_800_000); // waits of up to LONG_WAIT_MS each: a safety net far above the time it takes
});
