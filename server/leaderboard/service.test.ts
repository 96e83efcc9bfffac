// Integration test of the leaderboard service: real Postgres, real matches through the runner, the worker thread.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HUMANS_ID,
  HUMANS_NAME,
  leaderboardQuerySchema,
  parseLeaderboardQuery,
  type LeaderboardRow,
} from '../../lib/leaderboard-contract';
import { buildComparisons } from '../../lib/rating/comparisons';
import type { RatedMatch } from '../../lib/rating/types';
import { createAgent } from '../agents';
import { createTestDb, type TestDb } from '../db/test-db';
import { runMatch } from '../workers/run-match';
import { prismaStore } from '../workers/store';
import { createComputer } from './computer';
import { withHumans, type LeaderboardData } from './data';
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
      data: {
        gameId,
        seed: `lb-${gameId}-${seats.join('-')}-${i}`,
        numPlayers: 2,
        seats: { create: order.map((agentId, seat) => ({ seat, agentId })) },
      },
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
  const llm = await t.db.agent.create({
    data: { name: 'model-x · cot', kind: 'llm', model: 'model-x', scaffold: 'cot', promptVersion: 'v1' },
  });
  for (let i = 0; i < 6; i++) {
    await t.db.match.create({
      data: {
        gameId: 'tictactoe',
        seed: `llm-${i}`,
        numPlayers: 2,
        status: 'finished',
        finishedAt: new Date(),
        seats: {
          create: [
            { seat: 0, agentId: llm.id, score: i % 3 ? 1 : 0, outcome: i % 3 ? 'win' : 'loss' },
            { seat: 1, agentId: random.id, score: i % 3 ? 0 : 1, outcome: i % 3 ? 'loss' : 'win' },
          ],
        },
      },
    });
  }
  service = new ArenaLeaderboard(() => t.db, computer, { rounds: 200, minRecomputeMs: 0 });
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
      expect(row.interval!.lower).toBeLessThanOrEqual(row.rating!);
      expect(row.interval!.upper).toBeGreaterThanOrEqual(row.rating!);
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

  it('serves the cached board, marked stale with the matches finished since, while a slow recompute runs in the background', async () => {
    // A service that never waits for the fresh numbers: what a visitor sees when the computation is slower than its wait.
    const impatient = new ArenaLeaderboard(() => t.db, computer, {
      rounds: 200,
      freshWaitMs: 0,
      eagerWindowMs: 0,
      minRecomputeMs: 0,
    });
    const before = await impatient.get(q());
    await play('tictactoe', [ids.engine, ids.random], 2);
    impatient.markStale();
    const during = await impatient.get(q());
    expect(during.stale).toBe(true);
    expect(during.matchesUsed).toBe(before.matchesUsed);
    expect(during.newMatches).toBe(2);
    await expect
      .poll(async () => (await impatient.get(q())).matchesUsed, { timeout: 60_000 })
      .toBe(before.matchesUsed + 2);
    const after = await impatient.get(q());
    expect(after.stale).toBe(false);
    expect(after.newMatches).toBe(0);
  });

  it('after a match ends, the next visit waits for the fresh numbers instead of showing the old ones as current', async () => {
    service.markStale(); // the matches the previous test played
    const before = await service.get(q());
    expect(before.stale).toBe(false);
    await play('tictactoe', [ids.engine, ids.random], 1);
    service.markStale();
    const next = await service.get(q());
    expect(next.stale).toBe(false);
    expect(next.matchesUsed).toBe(before.matchesUsed + 1);
    expect(Date.parse(next.computedAt)).toBeGreaterThan(Date.parse(before.computedAt));
  });

  it('recomputes a leaderboard someone looked at as soon as a match ends, before the next visit', async () => {
    const eager = new ArenaLeaderboard(() => t.db, computer, {
      rounds: 50,
      freshWaitMs: 0,
      eagerWindowMs: 60_000,
      minRecomputeMs: 0,
    });
    const before = await eager.get(q({ game: 'connect-four' }));
    await play('connect-four', [ids.engine, ids.random], 1);
    eager.markStale();
    // Nobody asks meanwhile; the next visit (which does not wait at all) finds the new match counted.
    expect(eager.isFresh(q({ game: 'connect-four' }))).toBe(false);
    await expect.poll(() => eager.isFresh(q({ game: 'connect-four' })), { timeout: 60_000, interval: 50 }).toBe(true);
    const next = await eager.get(q({ game: 'connect-four' }));
    expect(next.stale).toBe(false);
    expect(next.matchesUsed).toBe(before.matchesUsed + 1);
  });

  it('once the arena is stopping, recomputes nothing eagerly and logs no failure (Postgres is going away)', async () => {
    const logged: string[] = [];
    const fail = async (): Promise<never> => {
      throw new Error('the database system is shutting down');
    };
    const failing = { compute: fail, computeView: fail };
    const board = new ArenaLeaderboard(() => t.db, failing, {
      rounds: 10,
      freshWaitMs: 0,
      eagerWindowMs: 60_000,
      log: (m) => logged.push(m),
    });
    await expect(board.get(q({ game: 'connect-four' }))).rejects.toThrow(/shutting down/);
    board.markStale();
    // Once past the eager debounce (the limit a safety net far above it).
    await expect.poll(() => logged.filter((m) => m.includes('recompute failed')), { timeout: 60_000 }).toHaveLength(1);
    board.stopping();
    board.markStale();
    await new Promise((r) => setTimeout(r, 1500));
    expect(logged.filter((m) => m.includes('recompute failed'))).toHaveLength(1);
  });
});

describe('people on the leaderboard', () => {
  let h: TestDb;
  let plain: TestDb;
  let people: ArenaLeaderboard;
  let modelsOnly: ArenaLeaderboard;

  /**
   * Finished matches written directly: the first agent wins `wins` of the n games and loses the rest; `first` gives
   * the first agent's illegal answers and replies per game (to check the reliability columns).
   */
  // One tick per match, in creation order: the online methods (Elo, TrueSkill) see the same order in both databases,
  // never a tie broken by random ids.
  let tick = 0;
  async function record(
    db: TestDb['db'],
    a: string,
    b: string,
    n: number,
    wins: number,
    first = { illegal: 0, replies: 0 },
  ) {
    for (let i = 0; i < n; i++) {
      const aWins = i < wins;
      await db.match.create({
        data: {
          gameId: 'tictactoe',
          seed: `p-${a}-${b}-${i}`,
          numPlayers: 2,
          status: 'finished',
          finishedAt: new Date(Date.UTC(2026, 0, 1) + tick++ * 1000),
          seats: {
            create: [
              {
                seat: 0,
                agentId: a,
                score: aWins ? 1 : 0,
                illegalCount: first.illegal,
                replyCount: first.replies,
                moveCount: 3,
              },
              { seat: 1, agentId: b, score: aWins ? 0 : 1, moveCount: 3 },
            ],
          },
        },
      });
    }
  }
  /** A match voided by an infrastructure failure. */
  async function voided(db: TestDb['db'], a: string, b: string) {
    await db.match.create({
      data: {
        gameId: 'tictactoe',
        seed: `v-${a}-${b}`,
        numPlayers: 2,
        status: 'failed',
        seats: {
          create: [
            { seat: 0, agentId: a },
            { seat: 1, agentId: b },
          ],
        },
      },
    });
  }
  /**
   * The models' part: the same in both databases (the one with people and the one that never had any), ids included,
   * so that the two fits run on identical input.
   */
  async function models(db: TestDb['db']) {
    const r = await db.agent.create({ data: { id: 'lb-random', name: 'Random', kind: 'random' } });
    const m = await db.agent.create({ data: { id: 'lb-model-y', name: 'model-y', kind: 'llm', model: 'y' } });
    await record(db, m.id, r.id, 10, 7, { illegal: 1, replies: 5 });
    await record(db, r.id, m.id, 4, 1);
    return { r, m };
  }

  beforeAll(async () => {
    [h, plain] = await Promise.all([createTestDb(), createTestDb()]);
    const { r, m } = await models(h.db);
    const [pat, sam] = await Promise.all(
      ['Pat', 'Sam'].map((name) => h.db.agent.create({ data: { name, kind: 'human' } })),
    );
    // Pat: 4 games with model-y (the model answers badly in them), 2 with Sam; Sam: 4 with Random, 2 with Pat.
    await record(h.db, m.id, pat!.id, 4, 1, { illegal: 3, replies: 5 });
    await record(h.db, sam!.id, r.id, 4, 4);
    await record(h.db, pat!.id, sam!.id, 2, 1);
    await voided(h.db, pat!.id, sam!.id);
    await voided(h.db, m.id, pat!.id);
    await models(plain.db);
    people = new ArenaLeaderboard(() => h.db, computer, { rounds: 100 });
    modelsOnly = new ArenaLeaderboard(() => plain.db, computer, { rounds: 100 });
  });
  afterAll(async () => {
    await h?.drop();
    await plain?.drop();
  });

  const byName = (rows: LeaderboardRow[]) => new Map(rows.map((x) => [x.agentName, x]));

  it('each: every person is their own row, labelled human, and people count against each other', async () => {
    const r = await people.get(q());
    expect(r.matchesUsed).toBe(24);
    const humans = r.rows
      .filter((x) => x.agentKind === 'human')
      .map((x) => [x.agentName, x.matches, x.wins, x.losses, x.reliability.voided]);
    expect(humans.sort()).toEqual([
      ['Pat', 6, 4, 2, 2],
      ['Sam', 6, 5, 1, 1],
    ]);
    const rows = byName(r.rows);
    expect(r.pairs.find((p) => p.a === rows.get('Pat')!.agentId && p.b === rows.get('Sam')!.agentId)?.matches).toBe(2);
    expect(rows.get('model-y')!.matches).toBe(18);
    expect(rows.get('model-y')!.reliability.illegalRate).toBeCloseTo(22 / 70, 12);
    expect(rows.get('model-y')!.reliability.voided).toBe(1);
  });

  it('together: all people are one player, "Humans (all people)"; games between people are left out', async () => {
    const r = await people.get(q({ humans: 'together' }));
    expect(r.matchesUsed).toBe(22);
    const humans = r.rows.filter((x) => x.agentKind === 'human');
    // Pat's 4 games with model-y and Sam's 4 with Random: the matches with at least one person, minus Pat v Sam.
    expect(humans.map((x) => [x.agentId, x.agentName, x.matches, x.wins, x.draws, x.losses])).toEqual([
      [HUMANS_ID, HUMANS_NAME, 8, 7, 0, 1],
    ]);
    expect(r.rows.map((x) => x.agentName)).not.toContain('Pat');
    expect(r.rows.map((x) => x.agentName)).not.toContain('Sam');
    // Rated as one player by every method, against both models.
    for (const method of ['bt', 'trueskill', 'elo']) {
      const row = (await people.get(q({ humans: 'together', method }))).rows.find((x) => x.agentId === HUMANS_ID)!;
      expect(Number.isFinite(row.rating)).toBe(true);
    }
    expect(humans[0]!.trueskill).not.toBeNull();
    const rows = byName(r.rows);
    expect(r.pairs.find((p) => p.a === HUMANS_ID && p.b === rows.get('model-y')!.agentId)?.matches).toBe(4);
    expect(r.pairs.find((p) => p.a === HUMANS_ID && p.b === rows.get('Random')!.agentId)?.matches).toBe(4);
    expect(r.pairs.some((p) => p.a === p.b)).toBe(false);
    // Reliability: a voided match counts once for the one player, however many people sat in it.
    expect(humans[0]!.reliability.voided).toBe(2);
    expect(rows.get('model-y')!.matches).toBe(18);
  });

  it('hide: no person is listed, and the models are rated exactly as if no person had played', async () => {
    const without = await modelsOnly.get(q());
    expect(without.matchesUsed).toBe(14);
    for (const method of ['bt', 'trueskill', 'elo']) {
      const [hidden, base] = await Promise.all([
        people.get(q({ humans: 'hide', method })),
        modelsOnly.get(q({ method })),
      ]);
      expect(hidden.matchesUsed).toBe(14);
      expect(hidden.rows.some((x) => x.agentKind === 'human')).toBe(false);
      expect(hidden.anchor?.agentName).toBe(base.anchor?.agentName);
      expect(hidden.rows).toEqual(base.rows);
      expect(hidden.pairs).toEqual(base.pairs);
      expect(hidden.normalized).toEqual(base.normalized);
    }
    // …and the people's games do move the models when they count (the check above would pass vacuously otherwise).
    const [each, hidden] = await Promise.all([people.get(q()), people.get(q({ humans: 'hide' }))]);
    expect(byName(each.rows).get('model-y')!.bt!.beta).not.toBeCloseTo(byName(hidden.rows).get('model-y')!.bt!.beta, 6);
    expect(byName(hidden.rows).get('model-y')!.reliability.illegalRate).toBeCloseTo(10 / 50, 12);
  });

  it('together drops only the comparisons between people in a match that also has a model', () => {
    const agent = (id: string, kind: string) => ({
      id,
      name: id,
      kind,
      simulated: false,
      model: null,
      scaffold: null,
      promptVersion: null,
    });
    const match = (id: string, seats: [string, number][]): RatedMatch => ({
      id,
      gameId: 'g',
      seats: seats.map(([agentId, score]) => ({ agentId, score })),
    });
    const data: LeaderboardData = {
      gameIds: ['g'],
      rules: [],
      filter: { pooled: true, keys: [], unrecorded: [] },
      finishedCount: 3,
      agents: [agent('ann', 'human'), agent('bob', 'human'), agent('llm', 'llm')],
      matches: [
        match('three', [
          ['ann', 1],
          ['llm', 0],
          ['bob', 0],
        ]),
        match('people', [
          ['ann', 0],
          ['bob', 1],
        ]),
        match('models', [
          ['llm', 1],
          ['llm', 0],
        ]),
      ],
      reliability: new Map(),
    };
    const together = withHumans(data, 'together');
    expect(together.matches.map((m) => [m.id, m.seats.map((s) => s.agentId)])).toEqual([
      ['three', [HUMANS_ID, 'llm', HUMANS_ID]],
      ['models', ['llm', 'llm']],
    ]);
    expect(together.agents.map((a) => [a.id, a.name, a.kind])).toEqual([
      ['llm', 'llm', 'llm'],
      [HUMANS_ID, HUMANS_NAME, 'human'],
    ]);
    // The one player is compared with the model only (both of its seats), never with itself.
    const { agents, comparisons } = buildComparisons(together.matches.slice(0, 1));
    expect(comparisons.map((c) => [agents[c.i], agents[c.j]])).toEqual([[HUMANS_ID, 'llm']]);
    expect(withHumans(data, 'hide').matches.map((m) => m.id)).toEqual(['models']);
    expect(withHumans(data, 'each')).toBe(data);
  });

  it('reads the filter from the URL and reports a bad value', () => {
    expect(parseLeaderboardQuery({}).query.humans).toBe('each');
    for (const v of ['each', 'together', 'hide'] as const) {
      expect(parseLeaderboardQuery({ humans: v })).toEqual({
        query: expect.objectContaining({ humans: v }),
        problems: [],
        issues: [],
      });
    }
    const bad = parseLeaderboardQuery({ humans: 'robots', baselines: 'hide' });
    expect(bad.query.humans).toBe('each');
    expect(bad.query.baselines).toBe('hide');
    expect(bad.problems).toHaveLength(1);
    expect(bad.problems[0]).toMatch(/^humans: "robots" is not valid/);
  });
});

describe('cooperative games on the leaderboard', () => {
  let c: TestDb;
  beforeAll(async () => {
    c = await createTestDb();
  });
  afterAll(async () => {
    await c?.drop();
  });

  it('rates Hanabi by mean team score, one-model teams per agent and mixed teams apart, outside the ratings', async () => {
    // Team B is a random baseline: it must not become the anchor of a scale that has no rated matches.
    const a = await c.db.agent.create({ data: { name: 'Team A', kind: 'llm', model: 'a' } });
    const b = await c.db.agent.create({ data: { name: 'Team B', kind: 'random' } });
    const points = [6, 8, 4, 7, 5, 6];
    for (const [i, p] of points.entries()) {
      await c.db.match.create({
        data: {
          gameId: 'hanabi',
          seed: `h${i}`,
          numPlayers: 2,
          status: 'finished',
          finishedAt: new Date(Date.now() + i),
          result: { scores: [0.5, 0.5], reason: `${p} points`, winner: null, rewards: [p, p] },
          seats: {
            create: [
              { seat: 0, agentId: a.id, score: 0.5 },
              { seat: 1, agentId: i < 3 ? a.id : b.id, score: 0.5 },
            ],
          },
        },
      });
    }
    const lb = new ArenaLeaderboard(() => c.db, computer, { rounds: 100 });
    const r = await lb.get(q({ game: 'hanabi' }));
    expect(r.rows).toEqual([]); // nobody is rated against a partner
    expect(r.anchor).toBeNull();
    // LLMArena's teams are one model in every seat: Team A alone in 3 matches (6, 8, 4); Team B never held both seats.
    expect(r.cooperative.map((x) => [x.agentName, x.matches, x.mean, x.interval])).toEqual([['Team A', 3, 6, null]]); // 3 < 5 matches: mean only
    // The mixed team A + B (7, 5, 6) is reported apart, per line-up, not pooled into each agent.
    expect(r.cooperativeMixed.map((x) => [x.agents.map((y) => y.agentName), x.matches, x.mean, x.interval])).toEqual([
      [['Team A', 'Team B'], 3, 6, null],
    ]);
  });

  it('never rates a judged evaluation (DEEP), overall or asked for by name', async () => {
    const d = await c.db.agent.create({ data: { name: 'Describer', kind: 'llm', model: 'd' } });
    const j = await c.db.agent.create({ data: { name: 'Judge', kind: 'llm', model: 'j' } });
    for (let i = 0; i < 6; i++) {
      await c.db.match.create({
        data: {
          gameId: 'deep',
          seed: `deep-lb-${i}`,
          numPlayers: 2,
          status: 'finished',
          finishedAt: new Date(Date.now() + i),
          result: { scores: [0.5, 0.5], reason: '6 of 6 descriptions of 3 words scored', winner: null },
          seats: {
            create: [
              { seat: 0, agentId: d.id, score: 0.5 },
              { seat: 1, agentId: j.id, score: 0.5 },
            ],
          },
        },
      });
    }
    const lb = new ArenaLeaderboard(() => c.db, computer, { rounds: 100 });
    for (const query of [q(), q({ game: 'deep' }), q({ category: 'language-communication' })]) {
      const r = await lb.get(query);
      expect(r.rows.map((x) => x.agentName)).not.toContain('Describer');
      expect(r.cooperative.map((x) => x.agentName)).not.toContain('Describer');
    }
  });
});

describe('agents that never met, directly or through others', () => {
  let g: TestDb;
  beforeAll(async () => {
    g = await createTestDb();
  });
  afterAll(async () => {
    await g?.drop();
  });

  it('are shown as groups, each ranked on its own and together, the largest first, in every method', async () => {
    const mk = (name: string) => g.db.agent.create({ data: { name, kind: 'llm', model: name } });
    type Agent = Awaited<ReturnType<typeof mk>>;
    const [a, b, c, d, e] = (await Promise.all(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].map(mk))) as [
      Agent,
      Agent,
      Agent,
      Agent,
      Agent,
    ];
    let n = 0;
    // x beats y `wins` times and loses `losses` times, at Tic-Tac-Toe.
    const games = async (x: string, y: string, wins: number, losses: number) => {
      for (let i = 0; i < wins + losses; i++) {
        const xWins = i < wins;
        await g.db.match.create({
          data: {
            gameId: 'tictactoe',
            seed: `groups-${n}`,
            numPlayers: 2,
            status: 'finished',
            finishedAt: new Date(Date.now() + n++),
            seats: {
              create: [
                { seat: 0, agentId: x, score: xWins ? 1 : 0, outcome: xWins ? 'win' : 'loss' },
                { seat: 1, agentId: y, score: xWins ? 0 : 1, outcome: xWins ? 'loss' : 'win' },
              ],
            },
          },
        });
      }
    };
    // Group 1: Alpha > Bravo > Charlie; group 2, which never met group 1: Delta > Echo.
    await games(a.id, b.id, 5, 1);
    await games(b.id, c.id, 5, 1);
    await games(d.id, e.id, 5, 1);
    const lb = new ArenaLeaderboard(() => g.db, computer, { rounds: 100, minRecomputeMs: 0 });
    for (const method of ['bt', 'trueskill', 'elo']) {
      const r = await lb.get(q({ method }));
      expect(r.groups, method).toBe(2);
      expect(
        r.rows.map((x) => [x.agentName, x.group]),
        method,
      ).toEqual([
        ['Alpha', 1],
        ['Bravo', 1],
        ['Charlie', 1],
        ['Delta', 2],
        ['Echo', 2],
      ]);
      // Each group has its own rank 1: Delta is never ranked against Alpha's group.
      expect(r.rows.filter((x) => x.group === 2).map((x) => x.rank)[0], method).toBe(1);
      expect(r.rows.filter((x) => x.group === 1).map((x) => x.rank)[0], method).toBe(1);
    }
    // Bradley-Terry places each group on the scale on its own: with no reference agent, each group centred at 1000.
    const bt = await lb.get(q());
    const mean = (grp: number) => {
      const xs = bt.rows.filter((x) => x.group === grp).map((x) => x.bt!.beta);
      return xs.reduce((s, x) => s + x, 0) / xs.length;
    };
    expect(mean(1)).toBeCloseTo(0, 9);
    expect(mean(2)).toBeCloseTo(0, 9);
    // One game's view where only one group played: no groups at all.
    await games(a.id, c.id, 2, 1);
    await g.db.match.updateMany({
      where: { seats: { some: { agentId: { in: [d.id, e.id] } } } },
      data: { gameId: 'connect-four' },
    });
    const one = await lb.get(q({ game: 'tictactoe' }));
    expect(one.groups).toBe(1);
    expect(one.rows.every((x) => x.group === null)).toBe(true);
  });
});
