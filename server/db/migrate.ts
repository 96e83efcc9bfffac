// Applies the checked-in SQL migrations (prisma/migrations/*/migration.sql) in order, once each.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../prisma/migrations');

/**
 * Applies pending migrations inside one transaction each; concurrent starters wait on an advisory lock.
 * `until`: the last migration to apply (tests of a data migration start from the schema before it).
 */
export async function migrate(
  databaseUrl: string,
  log: (m: string) => void = () => {},
  opts: { until?: string } = {},
): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    await client.query(`CREATE TABLE IF NOT EXISTS arena_migrations (
      name TEXT PRIMARY KEY, applied_at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP)`);
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM arena_migrations')).rows.map((r) => r.name),
    );
    const names = (await readdir(MIGRATIONS_DIR, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .filter((name) => opts.until === undefined || name <= opts.until)
      .sort();
    for (const name of names) {
      if (done.has(name)) continue;
      const sql = await readFile(path.join(MIGRATIONS_DIR, name, 'migration.sql'), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO arena_migrations (name) VALUES ($1)', [name]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${name} failed: ${(err as Error).message}`, { cause: err });
      }
      log(`applied migration ${name}`);
      applied.push(name);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
    await client.end();
  }
  return applied;
}
