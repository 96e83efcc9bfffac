// Tests of the leaderboard's incremental recomputes (only new matches read and replayed, whole reads when that is not
// exact) and of its rate limit (stale numbers said to be stale, one recompute when the window ends).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardQuerySchema, type LeaderboardResult } from '../../lib/leaderboard-contract';
import { createDb } from '../../lib/db/client';
import { createTestDb, type TestDb } from '../db/test-db';
import { createComputer } from './computer';
import { loadLeaderboardData, loadLeaderboardSince } from './data';
import { ArenaLeaderboard } from './service';

let t: TestDb;
const computer = createComputer();
const q = leaderboardQuerySchema.parse({});
let agents: string[] = [];
let n = 0;
const t0 = Date.UTC(2026, 0, 1);

/** A finished two-player tictactoe match between agents a and b (a scores sa) finishing at t0 + `at` seconds. */
async function finish(a: number, b: number, sa: number, at: number) {
  const id = `inc-${n++}`;
  await t.db.match.create({
    data: {
      id,
      gameId: 'tictactoe',
      seed: id,
      numPlayers: 2,
      status: 'finished',
      finishedAt: new Date(t0 + at * 1000),
      seats: {
        create: [
          { seat: 0, agentId: agents[a]!, score: sa, outcome: 'x' },
          { seat: 1, agentId: agents[b]!, score: 1 - sa, outcome: 'x' },
        ],
      },
    },
  });
  return id;
}

/** What must not depend on how the numbers were reached. */
const numbers = (r: LeaderboardResult) =>
  r.rows.map((x) => ({ id: x.agentId, bt: x.bt, ts: x.trueskill, elo: x.elo, matches: x.matches }));

async function fromScratch(method: 'bt' | 'trueskill' | 'elo' = 'bt') {
  const s = new ArenaLeaderboard(() => t.db, computer, { rounds: 50, incremental: false, eagerWindowMs: 0 });
  return s.get({ ...q, method });
}

beforeAll(async () => {
  t = await createTestDb();
  agents = (
    await Promise.all(
      ['Random', 'A', 'B', 'C'].map((name, i) =>
        t.db.agent.create({ data: { name, kind: i === 0 ? 'random' : 'engine' } }),
      ),
    )
  ).map((a) => a.id);
  for (let i = 0; i < 30; i++) await finish(i % 4, (i + 1 + (i % 3)) % 4, [1, 0, 0.5][i % 3]!, 10 * i);
});
afterAll(async () => {
  await computer.close();
  await t?.drop();
});

describe('incremental leaderboard', () => {
  it('reads only the matches after the watermark, and refuses when the matches up to it changed', async () => {
    const all = await loadLeaderboardData(t.db, q);
    expect(all.watermark).toMatchObject({ count: 30, finishedAt: t0 + 290_000 });
    expect(await loadLeaderboardSince(t.db, q, all.watermark!)).toMatchObject({ matches: [], finishedCount: 30 });
    const id = await finish(1, 2, 1, 400);
    const since = await loadLeaderboardSince(t.db, q, all.watermark!);
    expect(since!.matches.map((m) => m.id)).toEqual([id]);
    expect(since!.finishedCount).toBe(31);
    // A match committed late with an earlier finish time: the prefix no longer matches.
    const late = await finish(2, 3, 0, 5);
    expect(await loadLeaderboardSince(t.db, q, all.watermark!)).toBeNull();
    await t.db.match.delete({ where: { id: late } });
    expect(await loadLeaderboardSince(t.db, q, all.watermark!)).not.toBeNull();
    // Unrated afterwards: refused too.
    await t.db.match.update({ where: { id: 'inc-3' }, data: { rated: false } });
    expect(await loadLeaderboardSince(t.db, q, all.watermark!)).toBeNull();
    await t.db.match.update({ where: { id: 'inc-3' }, data: { rated: true } });
  });

  it('reads the reliability counts on from the last read too: exactly the whole counts; whole again when the matches up to there changed', async () => {
    const person = await t.db.agent.create({ data: { name: 'A person', kind: 'human' } });
    const make = async (
      id: string,
      status: string,
      at: number,
      seats: { agentId: string; illegal?: number; moves?: number }[],
      rated = true,
    ) =>
      t.db.match.create({
        data: {
          id,
          gameId: 'tictactoe',
          seed: id,
          numPlayers: seats.length,
          status,
          rated,
          finishedAt: new Date(t0 + at * 1000),
          seats: {
            create: seats.map((x, seat) => ({
              seat,
              agentId: x.agentId,
              score: 0.5,
              outcome: 'x',
              illegalCount: x.illegal ?? 0,
              moveCount: x.moves ?? 0,
              replyCount: x.moves ?? 0,
            })),
          },
        },
      });
    const modes = ['each', 'hide', 'together'] as const;
    const before = await Promise.all(modes.map((humans) => loadLeaderboardData(t.db, { ...q, humans })));
    expect(before[0]!.reliabilityMark).toMatchObject({ count: expect.any(Number) });
    await make('rel-1', 'finished', 700, [
      { agentId: agents[1]!, illegal: 2, moves: 5 },
      { agentId: agents[2]!, moves: 4 },
    ]);
    // Voided (and unrated: played again below, it rates no one, so only the reliability counts see the change).
    await make('rel-2', 'failed', 701, [{ agentId: agents[1]! }, { agentId: agents[3]! }], false);
    await make(
      'rel-3',
      'finished',
      702,
      [
        { agentId: agents[2]!, illegal: 1, moves: 3 },
        { agentId: agents[3]!, moves: 3 },
      ],
      false,
    );
    await make('rel-4', 'finished', 703, [
      { agentId: person.id, illegal: 4, moves: 6 },
      { agentId: agents[1]!, moves: 6 },
    ]);
    for (const [k, humans] of modes.entries()) {
      const prev = before[k]!;
      // Built on the counts given: a tampered count stays (so it was read on, not whole), the rest adds up to a whole read.
      const tampered = new Map(
        [...prev.reliability].map(([id, c]) => [id, { ...c, moves: c.moves + (id === agents[0] ? 1000 : 0) }]),
      );
      const since = await loadLeaderboardSince(t.db, { ...q, humans }, prev.watermark!, {
        reliability: tampered,
        reliabilityMark: prev.reliabilityMark,
      });
      const whole = await loadLeaderboardData(t.db, { ...q, humans });
      expect(since!.reliability.get(agents[0]!)!.moves, humans).toBe(whole.reliability.get(agents[0]!)!.moves + 1000);
      since!.reliability.get(agents[0]!)!.moves -= 1000;
      expect(since!.reliability, humans).toEqual(whole.reliability);
      expect(since!.reliabilityMark, humans).toEqual(whole.reliabilityMark);
    }
    const whole = await loadLeaderboardData(t.db, q);
    expect(whole.reliability.get(agents[1]!)).toMatchObject({
      voided: before[0]!.reliability.get(agents[1]!)!.voided + 1,
    });
    // The voided match played again: the matches up to the mark are no longer those counted, so the counts are read whole
    // (the tampered counts are gone).
    const tampered = new Map([...whole.reliability].map(([id, c]) => [id, { ...c, moves: c.moves + 1000 }]));
    await t.db.match.update({ where: { id: 'rel-2' }, data: { status: 'finished' } });
    const again = await loadLeaderboardSince(t.db, q, whole.watermark!, {
      reliability: tampered,
      reliabilityMark: whole.reliabilityMark,
    });
    expect(again!.reliability).toEqual((await loadLeaderboardData(t.db, q)).reliability);
    await t.db.match.deleteMany({ where: { id: { in: ['rel-1', 'rel-2', 'rel-3', 'rel-4'] } } });
    await t.db.agent.delete({ where: { id: person.id } });
  });

  it('an incremental recompute gives exactly the from-scratch numbers, also after a late match forces a whole read', async () => {
    // Its bootstrap on two threads (from scratch: on one).
    const s = new ArenaLeaderboard(() => t.db, computer, {
      rounds: 50,
      minRecomputeMs: 0,
      eagerWindowMs: 0,
      freshWaitMs: 30_000,
      splitRoundsAbove: 0,
    });
    await s.get(q);
    for (let i = 0; i < 5; i++) await finish(i % 4, (i + 2) % 4, i % 2, 500 + i);
    s.markStale();
    const inc = await s.get(q);
    expect(inc.stale).toBe(false);
    expect(inc.matchesUsed).toBe(36);
    expect(numbers(inc)).toEqual(numbers(await fromScratch()));
    await finish(3, 1, 1, 1); // finished "long ago", committed now: TrueSkill/Elo order changes
    s.markStale();
    const again = await s.get(q);
    expect(again.matchesUsed).toBe(37);
    expect(numbers(again)).toEqual(numbers(await fromScratch()));
  });

  it('reads a live view in the worker thread: the server’s own client runs no query for it, and holds no match', async () => {
    const own = createDb(t.url, 1);
    let queries = 0;
    for (const name of ['$queryRaw', '$queryRawUnsafe', '$executeRaw'] as const) {
      const original = own[name].bind(own) as (...a: unknown[]) => unknown;
      (own as unknown as Record<string, unknown>)[name] = (...a: unknown[]) => (queries++, original(...a));
    }
    const s = new ArenaLeaderboard(() => own, computer, {
      rounds: 20,
      minRecomputeMs: 0,
      eagerWindowMs: 0,
      freshWaitMs: 30_000,
    });
    const r = await s.get(q);
    expect(r.matchesUsed).toBeGreaterThanOrEqual(30);
    expect(r.rows.length).toBe(4);
    expect(queries).toBe(0);
    const cache = (s as unknown as { cache: Map<string, object> }).cache;
    expect(JSON.stringify([...cache.values()].map((e) => Object.keys(e)))).not.toContain('matches');
    await own.$disconnect();
  });

  it('views of the same matches share one state in the thread; the thread keeps at most its budget of matches', async () => {
    const c = createComputer();
    const small = createComputer();
    try {
      const s = new ArenaLeaderboard(() => t.db, c, {
        rounds: 20,
        minRecomputeMs: 0,
        eagerWindowMs: 0,
        freshWaitMs: 30_000,
      });
      const plain = await s.get(q);
      expect(s.heldInWorker()).toEqual({ views: 1, matches: plain.matchesUsed });
      // Another bootstrap scheme and GameBench's fit: other numbers, the same matches (no second copy in the thread).
      await s.get({ ...q, scheme: 'game-weighted' });
      await s.get({ ...q, estimate: 'gamebench' });
      expect(s.heldInWorker()).toEqual({ views: 1, matches: plain.matchesUsed });
      // Another people filter is another set of matches.
      await s.get({ ...q, humans: 'hide' });
      expect(s.heldInWorker()).toEqual({ views: 2, matches: 2 * plain.matchesUsed });

      // A budget below two views: the thread keeps the one just used, and reads the other whole when asked again.
      const b = new ArenaLeaderboard(() => t.db, small, {
        rounds: 20,
        minRecomputeMs: 0,
        eagerWindowMs: 0,
        freshWaitMs: 30_000,
        maxHeldMatches: plain.matchesUsed + 1,
      });
      await b.get(q);
      await b.get({ ...q, humans: 'hide' });
      expect(b.heldInWorker()).toEqual({ views: 1, matches: plain.matchesUsed });
      b.markStale(); // the page's cache would answer otherwise: this goes to the thread, which no longer holds the view
      expect(numbers(await b.get(q))).toEqual(numbers(plain));
      expect(b.heldInWorker()).toEqual({ views: 1, matches: plain.matchesUsed });
    } finally {
      await Promise.all([c.close(), small.close()]);
    }
  });

  it('splits a large bootstrap over two threads: exactly the numbers of one thread', async () => {
    const live = {
      url: t.url,
      query: { game: q.game, category: q.category, humans: q.humans },
      incremental: true,
      fullEveryMs: 3_600_000,
    };
    const opts = { rounds: 41, seed: 'split', minMatches: 1 };
    const one = await computer.computeView(
      { ...live, key: 'one thread', splitRoundsAbove: Number.MAX_SAFE_INTEGER },
      opts,
    );
    const two = await computer.computeView({ ...live, key: 'two threads', splitRoundsAbove: 0 }, opts);
    expect([one.threads, two.threads]).toEqual([1, 2]);
    // Where the time went (what a slow view's log line says): the whole view read, summed, and its rounds.
    for (const r of [one, two])
      for (const part of ['read', 'sum', 'rounds', 'board'] as const) expect(r.timing[part], part).toBeGreaterThan(0);
    // Intervals of width, but the anchor's (the random agent, β fixed at 0).
    expect(two.board.rows.filter((r) => r.beta.ci95!.lower < r.beta.ci95!.upper).length).toBe(3);
    expect(two.board).toEqual(one.board);
  });

  it('survives a restarted worker thread (the view is read whole again)', async () => {
    const c = createComputer();
    const s = new ArenaLeaderboard(() => t.db, c, {
      rounds: 50,
      minRecomputeMs: 0,
      eagerWindowMs: 0,
      freshWaitMs: 30_000,
    });
    await s.get(q);
    await c.close(); // the next computation starts a new thread that holds nothing
    await finish(0, 1, 1, 600);
    s.markStale();
    const r = await s.get(q);
    expect(r.matchesUsed).toBe(38);
    expect(numbers(r)).toEqual(numbers(await fromScratch()));
    await c.close();
  });
});

describe('rate limit', () => {
  it('within the window, a visit gets the last numbers marked stale at once, and one recompute follows when it ends', async () => {
    const s = new ArenaLeaderboard(() => t.db, computer, {
      rounds: 50,
      minRecomputeMs: 1500,
      freshWaitMs: 10_000,
      eagerWindowMs: 60_000,
    });
    const first = await s.get(q);
    await finish(1, 0, 1, 700);
    s.markStale();
    const during = await s.get(q); // would wait up to 10 s for fresh numbers without the limit
    expect(during.stale).toBe(true);
    expect(during.newMatches).toBe(1);
    expect(during.computedAt).toBe(first.computedAt);
    expect(s.isFresh(q)).toBe(false);
    await expect.poll(() => s.isFresh(q), { timeout: 60_000, interval: 50 }).toBe(true);
    const after = await s.get(q);
    expect(after.stale).toBe(false);
    expect(after.matchesUsed).toBe(first.matchesUsed + 1);
  });

  it('visits to an out-of-date page within 2 s share one count of the matches finished since', async () => {
    const own = createDb(t.url, 2);
    let counts = 0;
    const original = own.$queryRaw.bind(own) as (...a: unknown[]) => unknown;
    (own as unknown as Record<string, unknown>).$queryRaw = (strings: TemplateStringsArray, ...values: unknown[]) => {
      if (strings.join('?').includes('SELECT COUNT(*)::int AS n FROM matches m')) counts++;
      return original(strings, ...values);
    };
    const s = new ArenaLeaderboard(() => own, computer, {
      rounds: 20,
      minRecomputeMs: 3000,
      freshWaitMs: 0,
      eagerWindowMs: 0,
    });
    const first = await s.get(q);
    await finish(2, 0, 1, 800);
    s.markStale();
    const visits = await Promise.all(Array.from({ length: 20 }, () => s.get(q)));
    expect(visits.map((v) => [v.stale, v.newMatches])).toEqual(visits.map(() => [true, 1]));
    expect(counts).toBe(1);
    await expect.poll(() => s.isFresh(q), { timeout: 60_000, interval: 50 }).toBe(true);
    expect((await s.get(q)).matchesUsed).toBe(first.matchesUsed + 1);
    await own.$disconnect();
  });

  it('the window is at least the factor times the last computation', () => {
    const s = new ArenaLeaderboard(() => t.db, computer, { rounds: 50, minRecomputeMs: 1000, recomputeFactor: 2 });
    const timing = (s as unknown as { timing: Map<string, { startedAt: number; took: number }> }).timing;
    timing.set('k', { startedAt: 10_000, took: 300 });
    expect(s.nextRecomputeAt('k')).toBe(11_000);
    timing.set('k', { startedAt: 10_000, took: 4_000 });
    expect(s.nextRecomputeAt('k')).toBe(18_000);
    expect(s.nextRecomputeAt('never computed')).toBe(0);
  });
});
