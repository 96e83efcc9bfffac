// Vitest global setup: one real Postgres for the whole test run (embedded, in a temporary folder), with a database
// migrated once that every test database is copied from (server/db/test-db.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded';
import { migrate } from './migrate';
import { freePort } from '../net';

/** The migrated database each test database is a copy of (`CREATE DATABASE … TEMPLATE`). */
const TEMPLATE = 'arena_test_template';

export default async function setup() {
  if (process.env.ARENA_TEST_PG_URL) return; // an external server was given
  const dir = await mkdtemp(path.join(tmpdir(), 'arena-test-pg-'));
  const cluster = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), port: await freePort() });
  // The superuser (its password random like any cluster's): tests create and drop a database each.
  process.env.ARENA_TEST_PG_URL = cluster.superuserUrl;
  // Every migration once, here, instead of once per test database (~80 of them, ~0.3 s each): a copy of a migrated
  // database is the same schema, made in milliseconds. Nothing stays connected to it (a copy needs that).
  const admin = new pg.Client({ connectionString: cluster.superuserUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await admin.end();
  const url = new URL(cluster.superuserUrl);
  url.pathname = `/${TEMPLATE}`;
  await migrate(url.toString());
  process.env.ARENA_TEST_PG_TEMPLATE = TEMPLATE;
  return async () => {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
