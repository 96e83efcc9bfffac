// Integration test of publication runs: real Postgres, the run's own worker thread, progress written while it goes,
// the stored result read back (and equal to the library's Eq. 3 on the same data), one run per view, lost runs.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { leaderboardQuerySchema } from '../../lib/leaderboard-contract';
import { PUBLICATION_ROUNDS, publicationRequestSchema } from '../../lib/publication-contract';
import { bootstrap } from '../../lib/rating/bootstrap';
import { isRated } from '../../lib/rating/comparisons';
import { createTestDb, type TestDb } from '../db/test-db';
import { createComputer } from './computer';
import { loadLeaderboardData } from './data';
import { gamesFor } from '../../lib/rated-games';
import { ArenaPublication, viewKey } from './publication-service';
import { ArenaLeaderboard } from './service';

// The test's own reads go through; the service's must not happen on this thread (its worker reads the view).
vi.mock('./data', async (original) => {
  const data = await original<typeof import('./data')>();
  return { ...data, loadLeaderboardData: vi.fn(data.loadLeaderboardData) };
});

let t: TestDb;
let ids: { random: string; strong: string; weak: string };
const ROUNDS = 300;
const progress: number[] = [];
let service: ArenaPublication;
const q = (x: Record<string, string> = {}) => leaderboardQuerySchema.parse(x);
let n = 0;

/** A finished two-player match written directly (scores 1/0 or ½/½). */
async function finished(gameId: string, a: string, b: string, scoreA: number) {
  const outcome = (s: number) => (s === 0.5 ? 'draw' : s ? 'win' : 'loss');
  await t.db.match.create({
    data: {
      gameId,
      seed: `pub-${n++}`,
      numPlayers: 2,
      status: 'finished',
      finishedAt: new Date(),
      seats: {
        create: [
          { seat: 0, agentId: a, score: scoreA, outcome: outcome(scoreA) },
          { seat: 1, agentId: b, score: 1 - scoreA, outcome: outcome(1 - scoreA) },
        ],
      },
    },
  });
}

beforeAll(async () => {
  t = await createTestDb();
  const [random, strong, weak] = await Promise.all([
    t.db.agent.create({ data: { name: 'Random', kind: 'random' } }),
    t.db.agent.create({ data: { name: 'Strong', kind: 'engine' } }),
    t.db.agent.create({
      data: { name: 'Weak · base', kind: 'llm', model: 'weak', scaffold: 'base', promptVersion: 'v1' },
    }),
  ]);
  ids = { random: random.id, strong: strong.id, weak: weak.id };
  // Two games of unequal size: the game-weighted resampling gives each the same weight.
  for (let i = 0; i < 12; i++) await finished('connect-four', strong.id, random.id, i % 4 ? 1 : 0);
  for (let i = 0; i < 8; i++) await finished('connect-four', weak.id, random.id, i % 2 ? 1 : 0.5);
  for (let i = 0; i < 6; i++) await finished('tictactoe', strong.id, weak.id, i % 3 ? 1 : 0);
  service = new ArenaPublication(() => t.db, {
    rounds: ROUNDS,
    progressEveryMs: 0,
    onProgress: (_id, done) => progress.push(done),
  });
});
afterAll(async () => {
  await service?.close();
  await t?.drop();
});

describe('publication requests', () => {
  it('checks the request: known choices, a plain seed, B = 10,000 for admins', () => {
    expect(PUBLICATION_ROUNDS).toBe(10_000);
    expect(publicationRequestSchema.parse({ seed: '  ' })).toEqual({
      humans: 'each',
      protocol: 'current',
      seed: undefined,
    });
    expect(publicationRequestSchema.safeParse({ protocol: 'newest' }).success).toBe(false);
    expect(publicationRequestSchema.safeParse({ category: 'nope' }).success).toBe(false);
    expect(publicationRequestSchema.safeParse({ humans: 'some' }).success).toBe(false);
    expect(publicationRequestSchema.safeParse({ seed: 'a b' }).success).toBe(false);
  });
});

describe('the leaderboard with estimate=gamebench', () => {
  it('shows the mean of its bootstrap fits (Eq. 3) as the rating, the point fit by default', async () => {
    const computer = createComputer();
    try {
      const board = new ArenaLeaderboard(() => t.db, computer, { rounds: 200 });
      const point = await board.get(q());
      const eq3 = await board.get(q({ estimate: 'gamebench' }));
      expect(eq3.query.scheme).toBe('game-weighted');
      const data = await loadLeaderboardData(t.db, { humans: 'each' });
      // GameBench's estimate is GameBench's fit (ILSR, ties left out) in every resample, not the arena's MM fit.
      const expected = bootstrap(data.matches, {
        scheme: 'game-weighted',
        estimator: 'gamebench',
        rounds: 200,
        seed: 'arena-leaderboard',
        anchorAgentId: ids.random,
        minMatches: 5,
      });
      const mm = bootstrap(data.matches, {
        scheme: 'game-weighted',
        rounds: 200,
        seed: 'arena-leaderboard',
        anchorAgentId: ids.random,
        minMatches: 5,
      });
      expect(expected.agents.find((a) => a.agentId === ids.strong)!.rating.mean).not.toBeCloseTo(
        mm.agents.find((a) => a.agentId === ids.strong)!.rating.mean!,
        3,
      );
      for (const row of eq3.rows) {
        const e = expected.agents.find((a) => a.agentId === row.agentId)!;
        expect(row.rating).toBeCloseTo(e.rating.mean!, 9);
        expect(row.bt!.mean).toBe(row.rating);
        expect(row.bt!.betaMean).toBeCloseTo(e.beta.mean!, 12);
      }
      for (const row of point.rows) expect(row.rating).toBe(row.bt!.scaled);
      // The two definitions differ (the mean of the resamples is not the fit to the data).
      const strong = (r: typeof point) => r.rows.find((x) => x.agentId === ids.strong)!.rating!;
      expect(Math.abs(strong(eq3) - strong(point))).toBeGreaterThan(0);
    } finally {
      await computer.close();
    }
  });
});

describe('ArenaPublication', () => {
  it('computes a requested run in the background with progress, refuses a second one meanwhile, and stores the result', async () => {
    vi.mocked(loadLeaderboardData).mockClear();
    const started = await service.request({ humans: 'each', seed: 'pub-test' }, 'admin');
    expect(started).toMatchObject({
      status: 'running',
      rounds: ROUNDS,
      roundsDone: 0,
      seed: 'pub-test',
      matchesUsed: 26,
      requestedBy: 'admin',
      view: 'all games',
    });
    // The view was read in the run's worker thread (a million matches decode for seconds), not on the server's.
    expect(loadLeaderboardData).not.toHaveBeenCalled();
    // A second request for the same view while the first runs is refused, in words.
    await expect(service.request({ humans: 'each' }, 'admin')).rejects.toThrow(
      /a publication run for all games is already running \(\d+ of 300 rounds\): wait for it to finish/,
    );
    const during = await service.forView(q());
    expect(during.running).toMatchObject({ id: started.id, status: 'running' });
    expect(during.latest).toBeNull();

    await service.idle();
    // Progress: the rounds done were written as the run went, increasing, up to B.
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.some((d) => d > 0 && d < ROUNDS)).toBe(true);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(progress.at(-1)).toBe(ROUNDS);

    const stored = await t.db.publicationRun.findUniqueOrThrow({ where: { id: started.id } });
    expect(stored).toMatchObject({
      status: 'done',
      roundsDone: ROUNDS,
      rounds: ROUNDS,
      seed: 'pub-test',
      scheme: 'game-weighted',
      error: null,
    });
    expect(stored.viewKey).toBe(viewKey({ gameIds: gamesFor({}), humans: 'each', protocol: 'current' }));

    // Read back: GameBench's Eq. 3 (the mean of the B game-weighted fits), as the library computes it on the same data.
    const view = await service.forView(q({ interval: '90' }));
    expect(view.running).toBeNull();
    expect(view.latest).toMatchObject({
      id: started.id,
      status: 'done',
      rounds: ROUNDS,
      seed: 'pub-test',
      matchesUsed: 26,
      newMatches: 0,
      anchor: 'Random',
      interval: '90',
    });
    const data = await loadLeaderboardData(t.db, { humans: 'each' });
    expect(view.latest!.estimator).toBe('gamebench');
    const expected = bootstrap(data.matches.filter(isRated), {
      scheme: 'game-weighted',
      estimator: 'gamebench',
      rounds: ROUNDS,
      seed: 'pub-test',
      anchorAgentId: ids.random,
      minMatches: 5,
    });
    expect(view.latest!.rows.map((r) => r.agentName)).toEqual(
      ['Strong', 'Weak · base', 'Random'].filter((name) => view.latest!.rows.some((r) => r.agentName === name)),
    );
    for (const row of view.latest!.rows) {
      const e = expected.agents.find((a) => a.agentId === row.agentId)!;
      expect(row.mean).toBeCloseTo(e.rating.mean!, 9);
      expect(row.betaMean).toBeCloseTo(e.beta.mean!, 12);
      expect(row.point).toBeCloseTo(e.rating.point, 9);
      expect(row.interval).toEqual(e.rating.ci90);
    }
    expect(view.latest!.rows.find((r) => r.agentId === ids.random)!.mean).toBeCloseTo(1000, 9);
    // A run stored before GameBench's own fit was added (no estimator in its result) says it used the arena's MM fit.
    const { estimator: _, ...older } = stored.result as { estimator: string };
    await t.db.publicationRun.update({ where: { id: started.id }, data: { result: older } });
    expect((await service.forView(q())).latest!.estimator).toBe('mm');
    await t.db.publicationRun.update({ where: { id: started.id }, data: { result: stored.result as object } });

    // The presentation filters apply to the stored rows.
    const noBaselines = await service.forView(q({ baselines: 'hide' }));
    expect(noBaselines.latest!.rows.map((r) => r.agentId)).toEqual([ids.weak]);

    // A match finished since: the stored figures are marked stale, with how many.
    await finished('tictactoe', ids.weak, ids.strong, 1);
    expect((await service.forView(q())).latest!.newMatches).toBe(1);
    // Other views have their own runs (none here).
    expect(await service.forView(q({ game: 'tictactoe' }))).toEqual({ latest: null, running: null, failed: null });
  });

  it('refuses, in words, a view with nothing to rate and a game that is not rated', async () => {
    await expect(service.request({ humans: 'each', game: 'holdem' }, 'admin')).rejects.toThrow('nothing to rate in');
    await expect(service.request({ humans: 'each', game: 'nope' }, 'admin')).rejects.toThrow(
      'game: "nope" is not a rated game',
    );
  });

  it('takes a run whose server stopped beating for interrupted, and lets the view be requested again', async () => {
    const key = viewKey({ gameIds: gamesFor({ game: 'connect-four' }), humans: 'each', protocol: 'current' });
    const lost = await t.db.publicationRun.create({
      data: {
        viewKey: key,
        gameId: 'connect-four',
        humans: 'each',
        gameIds: ['connect-four'],
        rounds: 10_000,
        roundsDone: 4200,
        seed: 's',
        heartbeatAt: new Date(Date.now() - 3_600_000),
      },
    });
    const shown = await service.forView(q({ game: 'connect-four' }));
    expect(shown.running).toBeNull();
    expect(shown.failed).toMatchObject({ id: lost.id, status: 'failed', error: expect.stringMatching(/^interrupted/) });
    const again = await service.request({ humans: 'each', game: 'connect-four' }, 'admin');
    await service.idle();
    expect(await t.db.publicationRun.findUniqueOrThrow({ where: { id: lost.id } })).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^interrupted/),
    });
    expect((await service.forView(q({ game: 'connect-four' }))).latest).toMatchObject({ id: again.id, status: 'done' });
    expect((await service.list()).map((r) => r.id)).toContain(again.id);
  });

  it('refuses a second request for a view whose run is still reading its matches, in words', async () => {
    const both = await Promise.allSettled([
      service.request({ humans: 'each', game: 'tictactoe' }, 'admin'),
      service.request({ humans: 'each', game: 'tictactoe' }, 'admin'),
    ]);
    // Whichever reached the check first starts; the other is told why it did not.
    expect(both.filter((r) => r.status === 'fulfilled')).toMatchObject([{ value: { status: 'running' } }]);
    expect(both.filter((r) => r.status === 'rejected')).toMatchObject([
      {
        reason: {
          message:
            'a publication run for Tic-Tac-Toe is being prepared (its matches are being read): wait for it to start',
        },
      },
    ]);
    await service.idle();
    expect((await service.forView(q({ game: 'tictactoe' }))).latest).toMatchObject({ status: 'done' });
  });
});
