// Test helper: a fresh, migrated database on the test run's Postgres (a copy of the one migrated by the global setup),
// dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db } from '../../lib/db/client';
import { migrate } from './migrate';

export interface TestDb {
  url: string;
  db: Db;
  drop(): Promise<void>;
}

/** `until`: migrate only up to this migration (the schema a data migration starts from). */
export async function createTestDb(opts: { until?: string } = {}): Promise<TestDb> {
  const adminUrl = process.env.ARENA_TEST_PG_URL;
  if (!adminUrl)
    throw new Error(
      'no test Postgres: this file runs in the unit project, which starts none. vitest.config.ts puts a file in the ' +
        'db project when its own source names createTestDb (run through vitest: its db project starts Postgres)',
    );
  const name = `arena_test_${randomBytes(5).toString('hex')}`;
  // A copy of the run's migrated database (test-global-setup.ts); migrated here when only some migrations are asked
  // for, or when the run was given a Postgres of its own.
  const template = opts.until === undefined ? process.env.ARENA_TEST_PG_TEMPLATE : undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  if (!template) await migrate(url, undefined, opts);
  const db = createDb(url, 5);
  return {
    url,
    db,
    drop: async () => {
      await db.$disconnect();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
