// Benchmark: TicTacToe random-vs-random through the full match runner, with Postgres persistence and without.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb } from '../lib/db';
import { createAgent } from '../server/agents';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { migrate } from '../server/db/migrate';
import { freePort } from '../server/net';
import { runMatch } from '../server/workers/run-match';
import { nullStore, prismaStore, type MatchSetup } from '../server/workers/store';

const N = Number(process.argv[2] ?? 300);
const CONCURRENCY = Number(process.argv[3] ?? 8);

async function pool<T>(items: T[], concurrency: number, fn: (x: T) => Promise<unknown>) {
  let i = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (i < items.length) await fn(items[i++]!);
  }));
}

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'arena-bench-'));
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() });
  try {
    await migrate(pg.url);
    const db = createDb(pg.url, CONCURRENCY * 2);
    const [a, b] = await Promise.all(['bench-random-a', 'bench-random-b'].map((name) => db.agent.create({ data: { name, kind: 'random' } })));
    const ids: string[] = [];
    for (let i = 0; i < N; i++) {
      const m = await db.match.create({
        data: { gameId: 'tictactoe', seed: `bench-${i}`, numPlayers: 2, seats: { create: [{ seat: 0, agentId: a!.id }, { seat: 1, agentId: b!.id }] } },
      });
      ids.push(m.id);
    }

    const store = prismaStore(db);
    let t0 = performance.now();
    await pool(ids, CONCURRENCY, (id) => runMatch(id, { store, createAgent }));
    const withPg = (performance.now() - t0) / 1000;
    const events = await db.matchEvent.count();

    const setup = (id: string): MatchSetup => ({
      id, gameId: 'tictactoe', config: {}, seed: `bench-${id}`, numPlayers: 2, status: 'queued',
      seats: [a!, b!].map((agent, seat) => ({ seat, agent: { ...agent, provider: null } })),
    });
    const memory = nullStore(setup);
    t0 = performance.now();
    await pool(ids, CONCURRENCY, (id) => runMatch(id, { store: memory, createAgent }));
    const without = (performance.now() - t0) / 1000;

    console.log(`TicTacToe random vs random, ${N} matches, ${CONCURRENCY} at a time (${events} events written)`);
    console.log(`  with Postgres persistence: ${(N / withPg).toFixed(1)} matches/s  (${((withPg / events) * 1e6).toFixed(0)} µs per event)`);
    console.log(`  persistence off:           ${(N / without).toFixed(1)} matches/s`);
    console.log(`  persistence cost:          ${(((withPg - without) / N) * 1000).toFixed(2)} ms per match`);
    await db.$disconnect();
  } finally {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
