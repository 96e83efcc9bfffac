// Benchmark of what a visit to /leaderboard waits for: a seeded Postgres (demo-like matches), then the leaderboard
// service from an empty cache (a fresh process) and warm, split into the SQL read, the worker thread's start, the
// computation and the presentation. Prints milliseconds; `npm run bench:leaderboard [matches] [rounds]`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, type Db } from '../lib/db';
import { ratedGames } from '../games/registry';
import { leaderboardQuerySchema } from '../lib/leaderboard';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { migrate } from '../server/db/migrate';
import { createComputer } from '../server/leaderboard/computer';
import { loadLeaderboardData } from '../server/leaderboard/data';
import { ArenaLeaderboard } from '../server/leaderboard/service';
import { freePort } from '../server/net';
import { createRng } from '../lib/engine/rng';

const MATCHES = Number(process.argv[2] ?? 1000);
const ROUNDS = Number(process.argv[3] ?? 1000);
const q = leaderboardQuerySchema.parse({});

/** Finished matches shaped like the demo's: two-player games among four agents, Who is the spy host/guest, Hanabi, DEEP. */
async function seed(db: Db) {
  const names = ['Random', 'Engine', 'sim-careful · cot', 'sim-sloppy · base'];
  const agents = await Promise.all(names.map((name, i) => db.agent.create({ data: { name, kind: i === 0 ? 'random' : i === 1 ? 'engine' : 'llm' } })));
  const host = await db.agent.create({ data: { name: 'sim-careful · base', kind: 'llm' } });
  const strength = [0, 2, 1, 0.5];
  const rng = createRng('bench-leaderboard');
  const two = ['tictactoe', 'connect-four', 'holdem', 'bargain', 'bid'];
  const t0 = Date.UTC(2026, 0, 1);
  const matches: { id: string; gameId: string; seed: string; numPlayers: number; status: string; finishedAt: Date; result: object }[] = [];
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
      result = { scores: line.map((s) => s.score), reason: 'bench', winner: villagersWin ? null : 0, teams: ['spy', 'villager', 'villager', 'villager'] };
    } else if (kind === 8) {
      gameId = 'hanabi';
      const a = agents[rng.int(4)]!;
      const points = rng.int(26);
      line = [0, 1].map(() => ({ agentId: a.id, score: 0.5, outcome: 'shared' }));
      result = { scores: [0.5, 0.5], reason: 'bench', winner: null, rewards: [points, points], teams: ['team', 'team'] };
    } else {
      gameId = 'deep';
      line = [{ agentId: agents[2]!.id, score: 0.5, outcome: 'draw' }, { agentId: host.id, score: 0.5, outcome: 'draw' }];
      result = { scores: [0.5, 0.5], reason: 'bench', winner: null };
    }
    matches.push({ id, gameId, seed: id, numPlayers: line.length, status: 'finished', finishedAt: new Date(t0 + i * 1000), result: result as object });
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
      const service = new ArenaLeaderboard(() => db, computer.compute, { rounds: ROUNDS });
      t = performance.now();
      await service.get(q);
      console.log(`  BEFORE (no warm-up) first /leaderboard:  ${ms(t)}`);
      t = performance.now();
      await Promise.all(scopes.map((x) => service.get(x)));
      console.log(`  BEFORE first agent page (${scopes.length} views):    ${ms(t)}`);
      service.markStale();
      t = performance.now();
      const after = await service.get({ ...q, method: 'elo' });
      console.log(`  visit after a match ended:               ${ms(t)} (${after.stale ? `stale numbers, ${after.newMatches} new` : 'fresh numbers'})`);
      await computer.close();
    }

    // A fresh process as server/main.ts starts it now: warmed in the background at start-up.
    {
      const computer = createComputer();
      const service = new ArenaLeaderboard(() => db, computer.compute, { rounds: ROUNDS });
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

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
