// The embedded Postgres survives what a laptop does to it: restarts, a stale pid file, an orphan left by SIGKILL.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../net';
import { startEmbeddedPostgres } from './embedded';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'arena-embedded-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

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
