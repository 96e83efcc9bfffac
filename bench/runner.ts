// Benchmark: TicTacToe random-vs-random through the full match runner, with Postgres persistence and without: matches
// per second, what persistence costs per match, and where that time goes (statements, commits, WAL fsyncs, CPU).
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../lib/generated/prisma/client.ts';
import { createAgent } from '../server/agents';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { migrate } from '../server/db/migrate';
import { freePort } from '../server/net';
import { runMatch } from '../server/workers/run-match';
import { nullStore, prismaStore, type MatchSetup, type MatchStore } from '../server/workers/store';
import { CURRENT_GENERATOR } from '../lib/engine/rng';

const N = Number(process.argv[2] ?? 300);
const CONCURRENCY = Number(process.argv[3] ?? 8);

async function pool<T>(items: T[], concurrency: number, fn: (x: T) => Promise<unknown>) {
  let i = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (i < items.length) await fn(items[i++]!);
    }),
  );
}

/** CPU seconds (user + system) of the postmaster's children: Postgres' backends and its background processes. */
function postgresCpu(postmaster: number | undefined): number {
  if (!postmaster) return NaN;
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(f[1]) !== postmaster && Number(d) !== postmaster) continue;
      total += (Number(f[11]) + Number(f[12])) / tick;
    } catch {
      /* the process ended */
    }
  }
  return total;
}

/** Every operation of a store timed (wall time, summed over the concurrent matches). */
function timed(store: MatchStore, ms: Record<string, number>, n: Record<string, number>): MatchStore {
  const wrap = <K extends keyof MatchStore>(k: K) =>
    (async (...args: unknown[]) => {
      const t = performance.now();
      try {
        return await (store[k] as (...a: unknown[]) => Promise<unknown>)(...args);
      } finally {
        ms[k] = (ms[k] ?? 0) + performance.now() - t;
        n[k] = (n[k] ?? 0) + 1;
      }
    }) as MatchStore[K];
  return {
    load: wrap('load'),
    begin: wrap('begin'),
    resume: wrap('resume'),
    appendBatch: wrap('appendBatch'),
    recordCall: wrap('recordCall'),
    finish: wrap('finish'),
    fail: wrap('fail'),
  };
}

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'arena-bench-'));
  const pgdb = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() });
  try {
    await migrate(pgdb.url);
    // The arena's client (lib/db/client.ts createDb) over a pool whose statements are counted (BEGIN and COMMIT
    // included).
    let statements = 0;
    const pgPool = new pg.Pool({ connectionString: pgdb.url, max: CONCURRENCY * 2 });
    pgPool.on('connect', (client) => {
      const query = client.query.bind(client) as (...a: unknown[]) => unknown;
      (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...a: unknown[]) => {
        statements++;
        return query(...a);
      };
    });
    const db = new PrismaClient({ adapter: new PrismaPg(pgPool) });
    const stats = new pg.Client({ connectionString: pgdb.superuserUrl });
    await stats.connect();
    const dbName = new URL(pgdb.url).pathname.slice(1);
    const pgCounters = async () => {
      await new Promise((r) => setTimeout(r, 1500)); // backends report their counters when idle, at most once a second
      await stats.query('SELECT pg_stat_clear_snapshot()');
      const c = await stats.query<{ commits: string }>(
        'SELECT xact_commit AS commits FROM pg_stat_database WHERE datname = $1',
        [dbName],
      );
      const w = await stats
        .query<{ fsyncs: string | null }>(`SELECT sum(fsyncs) AS fsyncs FROM pg_stat_io WHERE object = 'wal'`)
        .catch(() => ({ rows: [{ fsyncs: null }] }));
      return { commits: Number(c.rows[0]!.commits), fsyncs: Number(w.rows[0]!.fsyncs ?? NaN) };
    };

    const [a, b] = await Promise.all(
      ['bench-random-a', 'bench-random-b'].map((name) => db.agent.create({ data: { name, kind: 'random' } })),
    );
    const ids: string[] = [];
    for (let i = 0; i < N; i++) {
      const m = await db.match.create({
        data: {
          gameId: 'tictactoe',
          seed: `bench-${i}`,
          generator: CURRENT_GENERATOR,
          numPlayers: 2,
          seats: {
            create: [
              { seat: 0, agentId: a!.id },
              { seat: 1, agentId: b!.id },
            ],
          },
        },
      });
      ids.push(m.id);
    }

    const opMs: Record<string, number> = {};
    const opN: Record<string, number> = {};
    const store = timed(prismaStore(db), opMs, opN);
    const before = await pgCounters();
    const st0 = statements;
    const cpu0 = process.cpuUsage();
    const pgCpu0 = postgresCpu(pgdb.pid());
    let t0 = performance.now();
    await pool(ids, CONCURRENCY, (id) => runMatch(id, { store, createAgent }));
    const withPg = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const pgCpu = postgresCpu(pgdb.pid()) - pgCpu0;
    const stmts = statements - st0;
    const after = await pgCounters();
    const events = await db.matchEvent.count();
    const finished = await db.match.count({ where: { status: 'finished' } });

    const setup = (id: string): MatchSetup => ({
      id,
      gameId: 'tictactoe',
      config: {},
      seed: `bench-${id}`,
      generator: CURRENT_GENERATOR,
      numPlayers: 2,
      status: 'queued',
      seats: [a!, b!].map((agent, seat) => ({ seat, agent: { ...agent, provider: null } })),
    });
    const memory = nullStore(setup);
    const memCpu0 = process.cpuUsage();
    t0 = performance.now();
    await pool(ids, CONCURRENCY, (id) => runMatch(id, { store: memory, createAgent }));
    const without = (performance.now() - t0) / 1000;
    const memCpu = process.cpuUsage(memCpu0);

    const perMatch = (x: number) => (x / N).toFixed(2);
    const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;
    console.log(
      `TicTacToe random vs random, ${N} matches, ${CONCURRENCY} at a time (${events} events written, ${finished} finished)`,
    );
    console.log(
      `  with Postgres persistence: ${(N / withPg).toFixed(1)} matches/s  (${((withPg / events) * 1e6).toFixed(0)} µs per event)`,
    );
    console.log(`  persistence off:           ${(N / without).toFixed(1)} matches/s`);
    console.log(`  persistence cost:          ${(((withPg - without) / N) * 1000).toFixed(2)} ms per match`);
    console.log(
      `  per match: ${perMatch(stmts)} statements sent (BEGIN/COMMIT included), ${perMatch(after.commits - before.commits)} commits, ${perMatch(after.fsyncs - before.fsyncs)} WAL fsyncs`,
    );
    console.log(
      `  CPU per match: Node ${perMatch(cpuMs(cpu))} ms with Postgres (${perMatch(cpuMs(memCpu))} ms without), Postgres ${perMatch(pgCpu * 1000)} ms`,
    );
    console.log(
      `  store wall time per match (latency, overlapping across the ${CONCURRENCY} matches): ` +
        Object.keys(opMs)
          .map((k) => `${k} ${perMatch(opMs[k]!)} ms (${perMatch(opN[k]!)}×)`)
          .join(', '),
    );
    console.log(
      `  load average (1/5/15 min): ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' / ')}, ${os.cpus().length} cores`,
    );
    await stats.end();
    await db.$disconnect();
    await pgPool.end().catch(() => {});
  } finally {
    await pgdb.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
