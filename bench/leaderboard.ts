// Benchmark of what a visit to /leaderboard waits for: a seeded Postgres (demo-like matches), then the leaderboard
// service from an empty cache (a fresh process) and warm, split into the SQL read, the worker thread's start, the
// computation and the presentation. Prints milliseconds; `npm run bench:leaderboard [matches] [rounds]`.
// `--synthetic N --agents A [--rounds R] [--full]`: N finished two-player matches over A agents inserted in SQL
// (generate_series), then each stage of a recompute timed apart, a visit's TTFB and the event-loop delay while one
// runs, and an incremental recompute after new matches (`--full`: also a whole recompute after them, the old way;
// `--service-only`: without the stages timed apart, only the service as the server runs it; `--publication`: then a
// publication run of 10,000 rounds requested through its service, with the visits meanwhile).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, type Db } from '../lib/db/client';
import { ratedGames } from '../games/registry';
import { leaderboardQuerySchema } from '../lib/leaderboard-contract';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { migrate } from '../server/db/migrate';
import { createComputer } from '../server/leaderboard/computer';
import { loadLeaderboardData, loadLeaderboardSince, type Watermark } from '../server/leaderboard/data';
import { ArenaLeaderboard } from '../server/leaderboard/service';
import { freePort } from '../server/net';
import { createRng } from '../lib/engine/rng';

const flag = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const SYNTHETIC = flag('--synthetic');
/** `--service-only` (synthetic): skip the stages timed apart on this thread, time only the service's computations. */
const SERVICE_ONLY = process.argv.includes('--service-only');
const MATCHES = Number(SYNTHETIC ? 0 : (process.argv[2] ?? 1000));
const ROUNDS = Number(flag('--rounds') ?? (SYNTHETIC ? 1000 : (process.argv[3] ?? 1000)));
/** `--groups G` (synthetic only): the agents split into G groups that never meet (a disconnected comparison graph). */
const GROUPS = Number(flag('--groups') ?? 1);
const q = leaderboardQuerySchema.parse({});

/** Finished matches shaped like the demo's: two-player games among four agents, Who is the spy host/guest, Hanabi, DEEP. */
async function seed(db: Db) {
  const names = ['Random', 'Engine', 'sim-careful · cot', 'sim-sloppy · base'];
  const agents = await Promise.all(
    names.map((name, i) => db.agent.create({ data: { name, kind: i === 0 ? 'random' : i === 1 ? 'engine' : 'llm' } })),
  );
  const host = await db.agent.create({ data: { name: 'sim-careful · base', kind: 'llm' } });
  const strength = [0, 2, 1, 0.5];
  const rng = createRng('bench-leaderboard');
  const two = ['tictactoe', 'connect-four', 'holdem', 'bargain', 'bid'];
  const t0 = Date.UTC(2026, 0, 1);
  const matches: {
    id: string;
    gameId: string;
    seed: string;
    numPlayers: number;
    status: string;
    finishedAt: Date;
    result: object;
  }[] = [];
  const seats: { matchId: string; seat: number; agentId: string; score: number; outcome: string }[] = [];
  for (let i = 0; i < MATCHES; i++) {
    const id = `bench-${i}`;
    const kind = i % 10;
    let gameId: string;
    let result: Record<string, unknown>;
    let line: { agentId: string; score: number; outcome: string }[];
    if (kind < 7) {
      gameId = two[i % two.length]!;
      const a = rng.int(4);
      const b = (a + 1 + rng.int(3)) % 4;
      const p = 1 / (1 + Math.exp(strength[b]! - strength[a]!));
      const r = rng.next();
      const sa = r < 0.1 ? 0.5 : r < 0.1 + 0.9 * p ? 1 : 0;
      line = [
        { agentId: agents[a]!.id, score: sa, outcome: sa === 0.5 ? 'draw' : sa ? 'win' : 'loss' },
        { agentId: agents[b]!.id, score: 1 - sa, outcome: sa === 0.5 ? 'draw' : sa ? 'loss' : 'win' },
      ];
      result = { scores: line.map((s) => s.score), reason: 'bench', winner: sa === 0.5 ? null : sa ? 0 : 1 };
    } else if (kind === 7) {
      gameId = 'spy';
      const guest = agents[2 + rng.int(2)]!;
      const villagersWin = rng.next() < 0.6;
      line = [0, 1, 2, 3].map((s) =>
        s === 0
          ? { agentId: guest.id, score: villagersWin ? 0 : 1, outcome: villagersWin ? 'loss' : 'win' }
          : { agentId: host.id, score: villagersWin ? 1 / 3 : 0, outcome: villagersWin ? 'win' : 'loss' },
      );
      result = {
        scores: line.map((s) => s.score),
        reason: 'bench',
        winner: villagersWin ? null : 0,
        teams: ['spy', 'villager', 'villager', 'villager'],
      };
    } else if (kind === 8) {
      gameId = 'hanabi';
      const a = agents[rng.int(4)]!;
      const points = rng.int(26);
      line = [0, 1].map(() => ({ agentId: a.id, score: 0.5, outcome: 'shared' }));
      result = {
        scores: [0.5, 0.5],
        reason: 'bench',
        winner: null,
        rewards: [points, points],
        teams: ['team', 'team'],
      };
    } else {
      gameId = 'deep';
      line = [
        { agentId: agents[2]!.id, score: 0.5, outcome: 'draw' },
        { agentId: host.id, score: 0.5, outcome: 'draw' },
      ];
      result = { scores: [0.5, 0.5], reason: 'bench', winner: null };
    }
    matches.push({
      id,
      gameId,
      seed: id,
      numPlayers: line.length,
      status: 'finished',
      finishedAt: new Date(t0 + i * 1000),
      result: result as object,
    });
    line.forEach((s, seat) => seats.push({ matchId: id, seat, ...s }));
  }
  await db.match.createMany({ data: matches });
  await db.seat.createMany({ data: seats });
}

const ms = (t: number) => `${(performance.now() - t).toFixed(1)} ms`;

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'arena-bench-lb-'));
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() });
  try {
    await migrate(pg.url);
    const db = createDb(pg.url, 8);
    await seed(db);
    console.log(`leaderboard, ${MATCHES} finished matches (demo-like mix), ${ROUNDS} bootstrap rounds`);

    let t = performance.now();
    await loadLeaderboardData(db, q);
    console.log(`  SQL read (first, cold connection):      ${ms(t)}`);
    t = performance.now();
    const data = await loadLeaderboardData(db, q);
    console.log(`  SQL read (again):                        ${ms(t)}`);

    // The worker thread alone: start (tsx loader, imports) and TrueSkill's first load (mathjs).
    const probe = createComputer();
    t = performance.now();
    await probe.warm();
    console.log(`  worker start + TrueSkill load:           ${ms(t)}`);
    t = performance.now();
    await probe.compute(data.matches, { rounds: ROUNDS, seed: 'arena-leaderboard', normalizedBy: data.normalizedBy });
    console.log(`  computation on a started worker:         ${ms(t)}`);
    await probe.close();

    const scopes = [q, ...ratedGames.map((g) => leaderboardQuerySchema.parse({ game: g.id }))];

    // A fresh process as before this change: nothing computed until the first visitor asks.
    {
      const computer = createComputer();
      const service = new ArenaLeaderboard(() => db, computer, { rounds: ROUNDS });
      t = performance.now();
      await service.get(q);
      console.log(`  BEFORE (no warm-up) first /leaderboard:  ${ms(t)}`);
      t = performance.now();
      await Promise.all(scopes.map((x) => service.get(x)));
      console.log(`  BEFORE first agent page (${scopes.length} views):    ${ms(t)}`);
      service.markStale();
      t = performance.now();
      const after = await service.get({ ...q, method: 'elo' });
      console.log(
        `  visit after a match ended:               ${ms(t)} (${after.stale ? `stale numbers, ${after.newMatches} new` : 'fresh numbers'})`,
      );
      await computer.close();
    }

    // A fresh process as server/main.ts starts it now: warmed in the background at start-up.
    {
      const computer = createComputer();
      const service = new ArenaLeaderboard(() => db, computer, { rounds: ROUNDS });
      t = performance.now();
      await computer.warm();
      await service.warm(scopes);
      console.log(`  start-up warm-up (in the background):    ${ms(t)}`);
      t = performance.now();
      await service.get(q);
      console.log(`  AFTER (warmed) first /leaderboard:       ${ms(t)}`);
      t = performance.now();
      await Promise.all(scopes.map((x) => service.get(x)));
      console.log(`  AFTER first agent page (${scopes.length} views):     ${ms(t)}`);
      t = performance.now();
      await service.get({ ...q, game: 'tictactoe', method: 'trueskill' });
      console.log(`  cached visit:                            ${ms(t)}`);
      await computer.close();
    }
    await db.$disconnect();
  } finally {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * N finished matches over A agents (agent 0 the random baseline) in four two-player games, in one INSERT … SELECT
 * generate_series per table: agent k has strength 3k/A, a match's winner drawn from Bradley-Terry, 10% draws.
 * Finish times one second apart from `from`. With `--groups G` agent k is in group k mod G, and match i is played
 * within group ⌊i/4⌋ mod G (every group plays every game): no match crosses groups; G = 1 gives the same matches as before.
 */
async function seedSynthetic(db: Db, n: number, agentCount: number, from = 0) {
  if (from === 0) {
    await db.agent.createMany({
      data: Array.from({ length: agentCount }, (_, k) => ({
        id: `syn-agent-${String(k).padStart(4, '0')}`,
        name: `Synthetic ${k}`,
        kind: k === 0 ? 'random' : 'llm',
      })),
    });
  }
  // A plain (unlogged) table, not a temporary one: Prisma's statements may run on different pooled connections.
  await db.$executeRawUnsafe('CREATE UNLOGGED TABLE IF NOT EXISTS syn (i int, a int, b int, sa float8)');
  await db.$executeRawUnsafe('TRUNCATE syn');
  await db.$executeRawUnsafe(`
    INSERT INTO syn
    SELECT i, a, b, CASE WHEN r < 0.1 THEN 0.5 WHEN r < 0.1 + 0.9 / (1 + exp(3.0 * (b - a) / ${agentCount})) THEN 1 ELSE 0 END
    FROM (SELECT i, g + ${GROUPS} * ((i * 7919 + 13) % c) AS a,
                 g + ${GROUPS} * (((i * 7919 + 13) % c + 1 + (i * 104729 + 7) % (c - 1)) % c) AS b, r
          FROM (SELECT i, g, (${agentCount} - g - 1) / ${GROUPS} + 1 AS c, r
                FROM (SELECT i, (i / 4) % ${GROUPS} AS g, ((i * 2654435761) % 1000003) / 1000003.0 AS r
                      FROM generate_series(${from}::bigint, ${from + n - 1}::bigint) AS i) y) z) x`);
  await db.$executeRawUnsafe(`
    INSERT INTO matches (id, game_id, seed, num_players, status, finished_at, result)
    SELECT 'syn-' || lpad(i::text, 8, '0'), (ARRAY['tictactoe','connect-four','holdem','bargain'])[1 + i % 4], 'syn-' || i, 2, 'finished',
      TIMESTAMP '2026-01-01' + i * INTERVAL '1 second', '{"reason":"bench"}'::jsonb
    FROM syn`);
  await db.$executeRawUnsafe(`
    INSERT INTO seats (match_id, seat, agent_id, score, outcome)
    SELECT 'syn-' || lpad(i::text, 8, '0'), s, 'syn-agent-' || lpad((CASE WHEN s = 0 THEN a ELSE b END)::text, 4, '0'),
      CASE WHEN s = 0 THEN sa ELSE 1 - sa END, CASE WHEN sa = 0.5 THEN 'draw' WHEN (sa = 1) = (s = 0) THEN 'win' ELSE 'loss' END
    FROM syn, generate_series(0, 1) AS s`);
  await db.$executeRawUnsafe('ANALYZE matches');
  await db.$executeRawUnsafe('ANALYZE seats');
}

const mb = (x: number) => `${(x / 2 ** 20).toFixed(0)} MB`;
const mem = () => {
  const m = process.memoryUsage();
  return `RSS ${mb(m.rss)}, heap ${mb(m.heapUsed)}`;
};

async function synthetic() {
  const n = Number(SYNTHETIC);
  const agentCount = Number(flag('--agents') ?? 200);
  const { loadavg } = await import('node:os');
  const load = () =>
    loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
  const dir = await mkdtemp(path.join(tmpdir(), 'arena-bench-lb-'));
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() });
  try {
    await migrate(pg.url);
    const db = createDb(pg.url, 8);
    if (!(Number.isInteger(GROUPS) && GROUPS >= 1 && agentCount >= 2 * GROUPS))
      throw new Error(`--groups ${GROUPS}: needs 1 ≤ G and at least 2 agents per group`);
    console.log(
      `leaderboard, ${n} synthetic finished matches over ${agentCount} agents in ${GROUPS} group(s) that never meet (4 two-player games), ${ROUNDS} bootstrap rounds; load average ${load()}`,
    );
    const t = performance.now();
    await seedSynthetic(db, n, agentCount);
    console.log(`  insert (INSERT … SELECT generate_series):  ${ms(t)}`);

    const data = SERVICE_ONLY ? null : await stages(db);
    await service(db, n, agentCount, data?.watermark);
    await db.$disconnect();
  } finally {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Each stage of a whole computation timed apart, on this thread (not with `--service-only`). */
async function stages(db: Db) {
  const { structuredClone: clone } = globalThis;
  const { bootstrap } = await import('../lib/rating/bootstrap');
  const { trueSkillRatings } = await import('../lib/rating/trueskill');
  const { trueSkillByGame } = await import('../lib/rating/normalized');
  const { eloRatings } = await import('../lib/rating/elo');
  const { OnlineRatings } = await import('../lib/rating/online');
  {
    let t = performance.now();
    const data = await loadLeaderboardData(db, q);
    console.log(`  load from Postgres (whole, main thread):   ${ms(t)}  (${data.matches.length} matches; ${mem()})`);
    t = performance.now();
    clone(data.matches);
    console.log(`  copy to the worker (structuredClone):      ${ms(t)}`);
    t = performance.now();
    bootstrap(data.matches, { rounds: ROUNDS, seed: 'arena-leaderboard', minMatches: 5 });
    console.log(`  bootstrap (${ROUNDS} rounds, point fit incl.):   ${ms(t)}`);
    t = performance.now();
    await trueSkillRatings(data.matches);
    console.log(`  TrueSkill, all matches from scratch:       ${ms(t)}`);
    t = performance.now();
    await trueSkillByGame(data.matches, data.normalizedBy ?? {});
    console.log(`  TrueSkill per game (normalized score):     ${ms(t)}`);
    t = performance.now();
    eloRatings(data.matches);
    console.log(`  Elo, from scratch:                         ${ms(t)}`);
    const online = new OnlineRatings({ trueSkillGames: Object.keys(data.normalizedBy ?? {}) });
    await online.append(data.matches);
    console.log(`  after the stages: ${mem()}`);
    return data;
  }
}

/**
 * The service as the server runs it: a visit that computes everything (a fresh process), then a recompute after
 * 100 more matches (incremental) while a cached view is visited every 50 ms.
 */
async function service(db: Db, n: number, agentCount: number, watermark: Watermark | undefined) {
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const { loadavg } = await import('node:os');
  const load = () =>
    loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
  let t: number;
  {
    const computer = createComputer();
    await computer.warm();
    const service = new ArenaLeaderboard(() => db, computer, {
      rounds: ROUNDS,
      freshWaitMs: 0,
      minRecomputeMs: 0,
      eagerWindowMs: 0,
      log: console.log,
    });
    const other = leaderboardQuerySchema.parse({ game: 'tictactoe' });
    // Visits while a recompute runs go to a view of a second service that is never marked stale: a cached page.
    const visitor = new ArenaLeaderboard(() => db, computer, { rounds: ROUNDS, freshWaitMs: 0, eagerWindowMs: 0 });
    t = performance.now();
    await visitor.get(other);
    console.log(`  first visit of one game's view (whole):    ${ms(t)}`);

    const during = async (label: string, work: () => Promise<unknown>) => {
      const h = monitorEventLoopDelay({ resolution: 10 });
      h.enable();
      const ttfb: number[] = [];
      let done = false;
      const visits = (async () => {
        while (!done) {
          const v = performance.now();
          await visitor.get({ ...other, method: 'elo' });
          ttfb.push(performance.now() - v);
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      const t1 = performance.now();
      await work();
      const took = performance.now() - t1;
      done = true;
      await visits;
      h.disable();
      ttfb.sort((x, y) => x - y);
      const q99 = ttfb[Math.floor(0.99 * (ttfb.length - 1))] ?? 0;
      console.log(
        `  ${label}: ${took.toFixed(0)} ms; meanwhile a cached visit p50 ${(ttfb[ttfb.length >> 1] ?? 0).toFixed(1)} ms, p99 ${q99.toFixed(1)} ms, max ${(ttfb.at(-1) ?? 0).toFixed(1)} ms (${ttfb.length} visits); event-loop delay p99 ${(h.percentile(99) / 1e6).toFixed(0)} ms, max ${(h.max / 1e6).toFixed(0)} ms; ${mem()}; load ${load()}`,
      );
    };
    await during('whole recompute, all games (first)', () => service.get(q));
    await seedSynthetic(db, 100, agentCount, n);
    service.markStale();
    await during('recompute after 100 new matches (incremental)', async () => {
      await new Promise((r) => setTimeout(r, 1));
      // One visit of the stale view starts the recompute; then the bench only looks whether the numbers are fresh
      // (every 50 ms, no presentation). Visiting the stale view every 250 ms, as this bench did, presented a board of
      // 200 agents four times a second on this thread, competing with the rounds' two threads for the 2 cores; the
      // page itself asks again after 5, 10, 20, then every 30 s (components/leaderboard-refresh.tsx).
      await service.get(q);
      while (!service.isFresh(q)) await new Promise((r) => setTimeout(r, 50));
    });
    if (process.argv.includes('--full')) {
      const whole = new ArenaLeaderboard(() => db, computer, {
        rounds: ROUNDS,
        incremental: false,
        freshWaitMs: 0,
        minRecomputeMs: 0,
        eagerWindowMs: 0,
      });
      await during('whole recompute after them (the old way)', () => whole.get(q));
    }
    if (process.argv.includes('--publication')) {
      // A publication run (GameBench's Eq. 3, 10,000 rounds) requested as an admin does: its thread reads the view.
      const { ArenaPublication } = await import('../server/leaderboard/publication-service');
      const publication = new ArenaPublication(() => db, { log: console.log });
      await during('publication run (10,000 rounds, requested, read and computed in its thread)', async () => {
        const r0 = performance.now();
        const run = await publication.request({ humans: 'each' }, 'bench');
        console.log(`    the request answered in ${ms(r0)} (${run.matchesUsed} matches)`);
        await publication.idle();
        const stored = await db.publicationRun.findUniqueOrThrow({ where: { id: run.id } });
        console.log(
          `    stored: ${stored.status}${stored.error ? ` (${stored.error})` : ''}, ${stored.roundsDone} rounds`,
        );
      });
    }
    if (watermark) {
      t = performance.now();
      const since = await loadLeaderboardSince(db, q, watermark);
      console.log(
        `  read since the first watermark on this thread, the reliability counts whole (${since?.matches.length} new): ${ms(t)}`,
      );
    }
    await computer.close();
  }
}

(SYNTHETIC ? synthetic() : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
