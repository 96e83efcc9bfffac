// The Prisma client, one per process (shared by the custom server and Next's bundles through globalThis).
// Everything in lib/db is server code: eslint.config.mjs keeps it out of games/, components/ and the pure modules of
// lib/. The modules only Next loads also start with `import 'server-only'`; those the custom server process loads (tsx
// server/main.ts, the CLI, worker threads: this one, admins, people, settings, …) cannot, since outside Next's bundles
// that import throws.
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';

export type Db = PrismaClient;

const g = globalThis as unknown as { __arenaDb?: { url: string; client: PrismaClient } };

/** The client for DATABASE_URL; created on first use so the server can set the URL first. */
export function db(): PrismaClient {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set (the arena server sets it when it starts its embedded Postgres)');
  if (g.__arenaDb?.url !== url) {
    g.__arenaDb = { url, client: createDb(url) };
  }
  return g.__arenaDb.client;
}

/** The URL each client was made for (a worker thread that reads the same database opens its own client to it). */
const urls = new WeakMap<PrismaClient, string>();

export function createDb(url: string, poolSize = 10): PrismaClient {
  const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: poolSize }) });
  urls.set(client, url);
  return client;
}

/** The database URL a client was made for (undefined for a client made elsewhere than createDb). */
export function databaseUrlOf(client: PrismaClient): string | undefined {
  return urls.get(client);
}
