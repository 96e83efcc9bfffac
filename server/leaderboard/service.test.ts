// Integration test of the leaderboard service: real Postgres, real matches through the runner, the worker thread.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardQuerySchema, parseLeaderboardQuery } from '../../lib/leaderboard';
import { createAgent } from '../agents';
import { createTestDb, type TestDb } from '../db/test-db';
import { runMatch } from '../workers/run-match';
import { prismaStore } from '../workers/store';
import { createComputer } from './computer';
import { ArenaLeaderboard } from './service';

let t: TestDb;
const computer = createComputer();
let service: ArenaLeaderboard;
let ids: { random: string; random2: string; engine: string };
const q = (x: Record<string, string> = {}) => leaderboardQuerySchema.parse(x);

async function play(gameId: string, seats: string[], n: number) {
  for (let i = 0; i < n; i++) {
    const order = i % 2 ? [...seats].reverse() : seats;
    const m = await t.db.match.create({
      data: { gameId, seed: `lb-${gameId}-${seats.join('-')}-${i}`, numPlayers: 2, seats: { create: order.map((agentId, seat) => ({ seat, agentId })) } },
    });
    await runMatch(m.id, { store: prismaStore(t.db), createAgent });
  }
}

beforeAll(async () => {
  t = await createTestDb();
  const [random, random2, engine] = await Promise.all([
    t.db.agent.create({ data: { name: 'Random', kind: 'random' } }),
    t.db.agent.create({ data: { name: 'Random two', kind: 'random' } }),
    t.db.agent.create({ data: { name: 'Engine', kind: 'engine', settings: { depth: 3 } } }),
  ]);
  ids = { random: random.id, random2: random2.id, engine: engine.id };
  await play('connect-four', [engine.id, random.id], 12);
  await play('connect-four', [engine.id, random2.id], 12);
  await play('tictactoe', [random.id, random2.id], 12);
  // An LLM agent (prompt v1) with recorded results, written directly: the version filter works on identities.
  const llm = await t.db.agent.create({ data: { name: 'model-x · cot', kind: 'llm', model: 'model-x', scaffold: 'cot', promptVersion: 'v1' } });
  for (let i = 0; i < 6; i++) {
    await t.db.match.create({
      data: {
        gameId: 'tictactoe', seed: `llm-${i}`, numPlayers: 2, status: 'finished', finishedAt: new Date(),
        seats: { create: [{ seat: 0, agentId: llm.id, score: i % 3 ? 1 : 0, outcome: i % 3 ? 'win' : 'loss' }, { seat: 1, agentId: random.id, score: i % 3 ? 0 : 1, outcome: i % 3 ? 'loss' : 'win' }] },
      },
    });
  }
  service = new ArenaLeaderboard(() => t.db, computer.compute, { rounds: 200 });
});
afterAll(async () => {
  await computer.close();
  await t?.drop();
});

describe('ArenaLeaderboard', () => {
  it('rates every agent with a bootstrap interval, the engine first, the random baseline anchored at 1000', async () => {
    const r = await service.get(q());
    expect(r.matchesUsed).toBe(42);
    expect(r.rows.map((x) => x.agentName)).toContain('Engine');
    expect(r.rows[0]!.agentName).toBe('Engine');
    expect(r.rows[0]!.rank).toBe(1);
    for (const row of r.rows) {
      expect(row.interval).not.toBeNull();
      expect(row.interval!.lower).toBeLessThanOrEqual(row.rating);
      expect(row.interval!.upper).toBeGreaterThanOrEqual(row.rating);
      expect(row.wins + row.draws + row.losses).toBe(row.matches);
    }
    expect(r.anchor?.agentName).toBe('Random');
    expect(r.rows.find((x) => x.agentId === ids.random)!.rating).toBeCloseTo(1000, 6);
    expect(r.stale).toBe(false);
    // Pairwise cells come in both directions and agree.
    const er = r.pairs.find((p) => p.a === ids.engine && p.b === ids.random)!;
    const re = r.pairs.find((p) => p.a === ids.random && p.b === ids.engine)!;
    expect(er.matches).toBe(12);
    expect(er.observed! + re.observed!).toBeCloseTo(1);
    expect(er.model!).toBeGreaterThan(0.5);
  });

  it('filters by game and category, and hides baselines on request', async () => {
    const ttt = await service.get(q({ game: 'tictactoe' }));
    expect(ttt.matchesUsed).toBe(18);
    expect(ttt.rows.map((x) => x.agentName).sort()).toEqual(['Random', 'Random two', 'model-x · cot']);
    expect((await service.get(q({ category: 'abstract-strategy' }))).matchesUsed).toBe(42);
    expect((await service.get(q({ category: 'social-deduction' }))).matchesUsed).toBe(0);
    expect((await service.get(q({ baselines: 'hide' }))).rows.map((x) => x.agentName)).toEqual(['model-x · cot']);
  });

  it('filters LLM agents by prompt version, keeping the baselines', async () => {
    expect((await service.get(q())).versions).toEqual(['v1']);
    expect((await service.get(q({ version: 'v1' }))).rows.map((x) => x.agentName)).toContain('model-x · cot');
    const v2 = await service.get(q({ version: 'v2' }));
    expect(v2.rows.map((x) => x.agentName).sort()).toEqual(['Engine', 'Random', 'Random two']);
  });

  it('shows TrueSkill and Elo from the same matches, with their own scales', async () => {
    const ts = await service.get(q({ method: 'trueskill' }));
    const engineTs = ts.rows.find((x) => x.agentId === ids.engine)!;
    expect(engineTs.rating).toBe(engineTs.trueskill!.mu);
    expect(engineTs.rating).toBeGreaterThan(25);
    const elo = await service.get(q({ method: 'elo' }));
    const engineElo = elo.rows.find((x) => x.agentId === ids.engine)!;
    expect(engineElo.rating).toBe(engineElo.elo);
    expect(engineElo.interval).toBeNull();
    expect(engineElo.rating).toBeGreaterThan(1000);
  });

  it('serves the cached board while a finished match triggers a recompute in the background', async () => {
    const before = await service.get(q());
    await play('tictactoe', [ids.engine, ids.random], 2);
    service.markStale();
    const during = await service.get(q());
    expect(during.stale).toBe(true);
    expect(during.matchesUsed).toBe(before.matchesUsed);
    await expect.poll(async () => (await service.get(q())).matchesUsed, { timeout: 20_000 }).toBe(before.matchesUsed + 2);
    expect((await service.get(q())).stale).toBe(false);
  });
});

describe('people on the leaderboard', () => {
  let h: TestDb;
  let plain: TestDb;
  let people: ArenaLeaderboard;
  let modelsOnly: ArenaLeaderboard;

  /** Finished matches written directly: `wins` of the first agent's n games, the rest lost. */
  async function record(db: TestDb['db'], a: string, b: string, n: number, wins: number) {
    for (let i = 0; i < n; i++) {
      const aWins = i < wins;
      await db.match.create({
        data: {
          gameId: 'tictactoe', seed: `p-${a}-${b}-${i}`, numPlayers: 2, status: 'finished', finishedAt: new Date(Date.now() + i),
          seats: { create: [{ seat: 0, agentId: a, score: aWins ? 1 : 0 }, { seat: 1, agentId: b, score: aWins ? 0 : 1 }] },
        },
      });
    }
  }
  async function models(db: TestDb['db']) {
    const r = await db.agent.create({ data: { name: 'Random', kind: 'random' } });
    const m = await db.agent.create({ data: { name: 'model-y', kind: 'llm', model: 'y' } });
    await record(db, m.id, r.id, 10, 7);
    return { r, m };
  }

  beforeAll(async () => {
    [h, plain] = await Promise.all([createTestDb(), createTestDb()]);
    const { r, m } = await models(h.db);
    const [p1, p2] = await Promise.all(['Pat', 'Sam'].map((name) => h.db.agent.create({ data: { name, kind: 'human' } })));
    await record(h.db, p1!.id, m.id, 4, 3);
    await record(h.db, p2!.id, r.id, 4, 4);
    await record(h.db, p1!.id, p2!.id, 2, 1);
    await models(plain.db);
    people = new ArenaLeaderboard(() => h.db, computer.compute, { rounds: 100 });
    modelsOnly = new ArenaLeaderboard(() => plain.db, computer.compute, { rounds: 100 });
  });
  afterAll(async () => {
    await h?.drop();
    await plain?.drop();
  });

  it('each person is their own row, labelled human', async () => {
    const r = await people.get(q());
    expect(r.matchesUsed).toBe(20);
    const humans = r.rows.filter((x) => x.agentKind === 'human').map((x) => [x.agentName, x.matches]);
    expect(humans.sort()).toEqual([['Pat', 6], ['Sam', 6]]);
  });

  it('together: all people are one player; games between people are left out', async () => {
    const r = await people.get(q({ humans: 'together' }));
    expect(r.matchesUsed).toBe(18);
    const humans = r.rows.filter((x) => x.agentKind === 'human');
    expect(humans.map((x) => [x.agentId, x.agentName, x.matches, x.wins])).toEqual([['humans', 'Humans (all people)', 8, 7]]);
    expect(r.rows.map((x) => x.agentName)).not.toContain('Pat');
  });

  it('hide: the models are rated exactly as if no person had played', async () => {
    const [hidden, without] = await Promise.all([people.get(q({ humans: 'hide' })), modelsOnly.get(q())]);
    expect(hidden.matchesUsed).toBe(10);
    expect(hidden.rows.some((x) => x.agentKind === 'human')).toBe(false);
    const rating = (rows: typeof hidden.rows) => Object.fromEntries(rows.map((x) => [x.agentName, x.bt?.beta]));
    expect(rating(hidden.rows)).toEqual(rating(without.rows));
    // …and differently from when people count (the test would pass vacuously otherwise).
    expect(rating((await people.get(q())).rows)['model-y']).not.toBeCloseTo(rating(hidden.rows)['model-y']!, 6);
  });

  it('reads the filter from the URL and reports a bad value', () => {
    expect(parseLeaderboardQuery({ humans: 'together' }).query.humans).toBe('together');
    const bad = parseLeaderboardQuery({ humans: 'robots' });
    expect(bad.query.humans).toBe('each');
    expect(bad.problems[0]).toMatch(/^humans: "robots" is not valid/);
  });
});
