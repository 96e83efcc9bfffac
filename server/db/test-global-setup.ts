// Vitest global setup: one real Postgres for the whole test run (embedded, in a temporary folder).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from './embedded';
import { freePort } from '../net';

export default async function setup() {
  if (process.env.ARENA_TEST_PG_URL) return; // an external server was given
  const dir = await mkdtemp(path.join(tmpdir(), 'arena-test-pg-'));
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), port: await freePort() });
  // The superuser (its password random like any cluster's): tests create and drop a database each.
  process.env.ARENA_TEST_PG_URL = pg.superuserUrl;
  return async () => {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
