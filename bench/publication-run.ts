// Benchmark of a publication run (GameBench's Eq. 3 with B = 10,000, server/leaderboard/publication-service.ts):
// 1. the run alone, through its worker thread, on synthetic data of a published leaderboard's size (20,000 matches,
//    30 agents, 9 games of uneven size);
// 2. what /leaderboard visitors wait for while such a run computes: a seeded Postgres, the leaderboard service warmed
//    as at start-up, cached visits and fresh recomputes (after a match ends) measured idle and during a real run
//    requested through the publication service (a visit after a match ended waits for the whole recompute here, not
//    the page's 1.5 s), and the web process's event-loop delay.
// `npm run bench:publication [matches for part 2 = 20000]`. Prints milliseconds.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createDb, type Db } from '../lib/db/client';
import { createRng } from '../lib/engine/rng';
import { leaderboardQuerySchema } from '../lib/leaderboard-contract';
import { PUBLICATION_ROUNDS } from '../lib/publication-contract';
import type { RatedMatch } from '../lib/rating/types';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { migrate } from '../server/db/migrate';
import { createComputer } from '../server/leaderboard/computer';
import { ArenaPublication, startPublicationWorker } from '../server/leaderboard/publication-service';
import { ArenaLeaderboard } from '../server/leaderboard/service';
import { freePort } from '../server/net';

const DB_MATCHES = Number(process.argv[2] ?? 20_000);
const rng = createRng('bench-publication');
const normal = () => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());

/** Synthetic two-player matches (and a 4-player free-for-all game), Bradley-Terry outcomes with 10% draws. */
function synthetic(matches: number, agents: number, shares: number[]): RatedMatch[] {
  const strength = Array.from({ length: agents }, normal);
  const total = shares.reduce((a, b) => a + b, 0);
  return Array.from({ length: matches }, (_, id) => {
    let u = rng.next() * total;
    const g = shares.findIndex((s) => (u -= s) < 0);
    const seats = rng.shuffle(Array.from({ length: agents }, (_, k) => k)).slice(0, g === shares.length - 1 ? 4 : 2);
    const perf = seats.map((k) => strength[k]! - Math.log(-Math.log(rng.next())));
    const best = Math.max(...perf);
    const draw = seats.length === 2 && rng.next() < 0.1;
    return {
      id: `m${id}`,
      gameId: `game-${g}`,
      seats: seats.map((k, i) => ({
        agentId: `agent-${String(k).padStart(2, '0')}`,
        score: draw ? 0.5 : perf[i] === best ? 1 : 0,
      })),
      finishedAt: id,
    };
  });
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)]!.toFixed(1)} ms, max ${s.at(-1)!.toFixed(1)} ms (${s.length} visits)`;
};

/** The run alone: 10,000 game-weighted rounds on 20,000 matches through the publication worker, with GameBench's fit (what a run uses) and the arena's MM fit. */
async function alone() {
  const matches = synthetic(20_000, 30, [30, 20, 15, 10, 8, 7, 5, 3, 2]);
  for (const estimator of ['gamebench', 'mm'] as const) {
    let ticks = 0;
    const t = performance.now();
    const run = startPublicationWorker({
      matches,
      opts: { scheme: 'game-weighted', estimator, rounds: PUBLICATION_ROUNDS, seed: 'bench' },
    });
    await run.prepared;
    run.go(() => ticks++);
    const result = await run.done;
    console.log(
      `1. publication run alone (${estimator === 'gamebench' ? "GameBench's ILSR fit, as runs use" : "the arena's MM fit"}): ${PUBLICATION_ROUNDS} game-weighted rounds, 20,000 matches, 30 agents, 9 games`,
    );
    console.log(
      `   wall time (worker start included): ${(performance.now() - t).toFixed(0)} ms, ${ticks} progress reports, ${result.agents.length} agents`,
    );
  }
}

/** Finished matches among 30 agents over the five two-player games, written straight to Postgres. */
async function seed(db: Db) {
  const agents = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      db.agent.create({
        data: { name: i === 0 ? 'Random' : `agent ${i}`, kind: i === 0 ? 'random' : 'llm', model: `m${i}` },
      }),
    ),
  );
  const games = ['tictactoe', 'connect-four', 'holdem', 'bargain', 'bid'];
  const synth = synthetic(DB_MATCHES, 30, [40, 25, 15, 12, 8, 0]);
  const t0 = Date.UTC(2026, 0, 1);
  await db.match.createMany({
    data: synth.map((m, i) => ({
      id: `bench-${i}`,
      gameId: games[Number(m.gameId.slice(5))]!,
      seed: `s${i}`,
      numPlayers: 2,
      status: 'finished',
      finishedAt: new Date(t0 + i * 1000),
      result: { scores: m.seats.map((s) => s.score), reason: 'bench', winner: null },
    })),
  });
  await db.seat.createMany({
    data: synth.flatMap((m, i) =>
      m.seats.map((s, seat) => ({
        matchId: `bench-${i}`,
        seat,
        agentId: agents[Number(s.agentId.slice(6))]!.id,
        score: s.score,
        outcome: s.score === 0.5 ? 'draw' : s.score ? 'win' : 'loss',
      })),
    ),
  });
}

/**
 * Visits, timed one by one: a fresh one after a match ended (the service recomputes in its worker thread), then five
 * cached ones, again and again until `until` says stop (at least `min` rounds).
 */
async function visits(service: ArenaLeaderboard, until: () => boolean, min = 0) {
  const q = leaderboardQuerySchema.parse({});
  const cached: number[] = [];
  const fresh: number[] = [];
  let stale = 0;
  for (let round = 0; round < min || !until(); round++) {
    service.markStale();
    let t = performance.now();
    const r = await service.get({ ...q, method: 'elo' });
    fresh.push(performance.now() - t);
    if (r.stale) stale++;
    for (let i = 0; i < 5; i++) {
      await new Promise((res) => setTimeout(res, 20));
      t = performance.now();
      await service.get(q);
      cached.push(performance.now() - t);
    }
  }
  return { cached, fresh, stale };
}

async function during() {
  const dir = await mkdtemp(path.join(tmpdir(), 'arena-bench-pub-'));
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() });
  try {
    await migrate(pg.url);
    const db = createDb(pg.url, 8);
    await seed(db);
    const computer = createComputer();
    const service = new ArenaLeaderboard(() => db, computer, { rounds: 1000, eagerWindowMs: 0, freshWaitMs: 60_000 });
    await computer.warm();
    await service.warm([leaderboardQuerySchema.parse({}), leaderboardQuerySchema.parse({ method: 'elo' })]);
    console.log(
      `\n2. /leaderboard while a run computes: ${DB_MATCHES} finished matches among 30 agents in Postgres, live leaderboard at 1,000 rounds`,
    );

    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const idle = await visits(service, () => true, 3);
    lag.disable();
    const said = (v: typeof idle) =>
      `cached visit: ${stats(v.cached)}; after a match ended: ${stats(v.fresh)}${v.stale ? ` (${v.stale} served the last numbers marked stale)` : ''}`;
    console.log(`   idle   — ${said(idle)}; event-loop delay p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms`);

    const publication = new ArenaPublication(() => db, { log: () => {} });
    const t = performance.now();
    const run = await publication.request({ humans: 'each' }, 'bench');
    const requested = performance.now() - t;
    let running = true;
    const finished = publication.idle().then(() => (running = false));
    lag.reset();
    lag.enable();
    const busy = await visits(service, () => !running);
    lag.disable();
    await finished;
    console.log(`   during — ${said(busy)}; event-loop delay p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms`);
    const done = await db.publicationRun.findUniqueOrThrow({ where: { id: run.id } });
    console.log(
      `   the request answered in ${requested.toFixed(0)} ms (data read, row written, worker started); the run (${done.rounds} rounds, ${done.matchesUsed} matches) took ${(done.finishedAt!.getTime() - done.createdAt.getTime()).toFixed(0)} ms to ${done.status}`,
    );
    await computer.close();
    await db.$disconnect();
  } finally {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await alone();
await during();
