// Datasets that used to stall or break the leaderboard (issue 35, item 7), through the real worker threads and Postgres:
// names such as "__proto__" survive import, storage and every view; a strictly ordered dataset (Bradley-Terry did not
// converge: 503) is fitted; a computation is stopped by its deadline, when nobody waits for it any more and when its
// dataset is deleted, each with its reason, and the thread is free again at once; a view that failed is not computed
// again for a while.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDataset, deleteDataset } from '../../lib/db/datasets-store';
import { leaderboardQuerySchema } from '../../lib/leaderboard-contract';
import { createTestDb, type TestDb } from '../db/test-db';
import { createComputer, type Computer } from './computer';
import { ArenaLeaderboard } from './service';

const q = (x: Record<string, string> = {}) => leaderboardQuerySchema.parse(x);
let t: TestDb;
const computer = createComputer();

/** GameBench-format entries: `agents` agents, `games` matches per pair, the higher index winning every one. */
function strictDataset(agents: number, games: number): string {
  const entries: Record<string, string | number>[] = [];
  for (let i = 0; i < agents; i++) {
    for (let j = i + 1; j < agents; j++) {
      for (let g = 0; g < games; g++)
        entries.push({ game: g % 2 ? 'pit' : 'sea_battle', [`agent-${i}`]: 0, [`agent-${j}`]: 1 });
    }
  }
  return JSON.stringify(entries);
}

/** The computer, counting the dataset computations it is asked for. */
function counting(): Computer & { asked: number } {
  const c = {
    asked: 0,
    compute: (...args: Parameters<Computer['compute']>) => (c.asked++, computer.compute(...args)),
    computeView: computer.computeView,
  };
  return c;
}

beforeAll(async () => {
  t = await createTestDb();
  await importDataset(t.db, { name: 'strict', text: strictDataset(30, 2) });
  await importDataset(t.db, { name: 'strict-40', text: strictDataset(30, 40) });
});
afterAll(async () => {
  await computer.close();
  await t?.drop();
});

describe('names from a file', () => {
  it('"__proto__", "constructor" and "toString" are agents and games like any other, through import, storage and views', async () => {
    const names = ['__proto__', 'constructor', 'toString', 'plain'];
    const entries: string[] = [];
    for (let k = 0; k < 24; k++) {
      const a = names[k % 4]!;
      const b = names[(k + 1 + (k >> 2)) % 4]!;
      if (a === b) continue;
      const game = ['constructor', '__proto__', 'pit'][k % 3]!;
      // Written as text: a JS object literal would turn the "__proto__" key into the prototype.
      entries.push(
        `{"game": ${JSON.stringify(game)}, ${JSON.stringify(a)}: ${k % 2}, ${JSON.stringify(b)}: ${1 - (k % 2)}}`,
      );
    }
    const d = await importDataset(t.db, { name: 'protos', text: `[${entries.join(',')}]` });
    expect(d.agents).toEqual(['__proto__', 'constructor', 'plain', 'toString']);
    // Stored as read: every entry keeps its two agents (Prisma's serialisation used to drop "__proto__").
    const stored = (await t.db.dataset.findUniqueOrThrow({ where: { name: 'protos' } })).entries as Record<
      string,
      unknown
    >[];
    expect(stored.every((e) => Object.keys(e).length === 3)).toBe(true);
    expect(stored.filter((e) => Object.hasOwn(e, '__proto__'))).toHaveLength(
      entries.filter((e) => e.includes('"__proto__":')).length,
    );
    // Its views answer, with every agent and every game.
    const service = new ArenaLeaderboard(() => t.db, computer, { rounds: 50 });
    const all = await service.get(q({ dataset: 'protos' }));
    expect(all.rows.map((r) => r.agentName).sort()).toEqual(['__proto__', 'constructor', 'plain', 'toString']);
    expect(all.matchesUsed).toBe(entries.length);
    expect(all.robust?.rows.every((r) => Object.keys(r.without).sort().join() === '__proto__,constructor,pit')).toBe(
      true,
    );
    // No game of a file has LLMArena's normalized metric: "constructor" is not a key every object has.
    expect(all.normalized.games).toEqual([]);
    for (const game of ['__proto__', 'constructor']) {
      const one = await service.get(q({ dataset: 'protos', game }));
      expect(one.matchesUsed).toBe(entries.filter((e) => e.startsWith(`{"game": "${game}"`)).length);
    }
    const gb = await service.get(q({ dataset: 'protos', estimate: 'gamebench' }));
    expect(gb.rows).toHaveLength(4);
  }, 600_000); // computes for long (fits and bootstraps): a safety net, not a measure of speed
});

describe('a strictly ordered dataset', () => {
  it('is fitted (Bradley-Terry did not converge: every view answered 503), with either estimate', async () => {
    // 30 agents, 40 matches per pair (17,400 matches): MM stopped at 10,000 iterations, ILSR at 100,000.
    const service = new ArenaLeaderboard(() => t.db, computer, { rounds: 100 });
    for (const estimate of ['point', 'gamebench']) {
      const r = await service.get(q({ dataset: 'strict-40', estimate }));
      expect(r.rows.map((row) => row.agentName)).toEqual(Array.from({ length: 30 }, (_, k) => `agent-${29 - k}`));
      expect(r.rows.every((row) => Number.isFinite(row.rating))).toBe(true);
    }
  }, 600_000); // computes for long (fits and bootstraps): a safety net, not a measure of speed
});

describe('every computation is bounded and stopped when it is no longer wanted', () => {
  // 100,000 bootstrap rounds of 30 strictly ordered agents: minutes of work unless it is stopped.
  const long = { rounds: 100_000 };
  /** The dataset thread answers another view: it is not busy with the stopped one (a view not asked before). */
  const threadIsFree = async (scheme: string) =>
    expect(
      (await new ArenaLeaderboard(() => t.db, computer, { rounds: 10 }).get(q({ dataset: 'strict', scheme }))).rows,
    ).toHaveLength(30);

  it('a deadline: "took longer than N s", and the failure is the answer for a while (not computed again)', async () => {
    const c = counting();
    const service = new ArenaLeaderboard(() => t.db, c, { ...long, maxComputeMs: 300 });
    await expect(service.get(q({ dataset: 'strict' }))).rejects.toThrow(
      'the leaderboard took longer than 0.3 s to compute and was stopped',
    );
    await expect(service.get(q({ dataset: 'strict' }))).rejects.toThrow(
      /took longer than 0\.3 s .*; this view is not computed again for 10 minutes$/,
    );
    expect(c.asked).toBe(1);
    await threadIsFree('plain');
  });

  it('nobody waits any more: the visitor left, so it stops', async () => {
    const service = new ArenaLeaderboard(() => t.db, computer, long);
    const visitor = new AbortController();
    const view = service.get(q({ dataset: 'strict', interval: '90' }), { signal: visitor.signal });
    await new Promise((r) => setTimeout(r, 1500)); // under way in the thread
    visitor.abort(new Error('the visitor left'));
    await expect(view).rejects.toThrow('the visitor left');
    await threadIsFree('game-weighted');
  });

  it('a live view too: its deadline stops it, and the live thread answers the next one', async () => {
    const [a, b] = await Promise.all(
      ['live-a', 'live-b'].map((name) => t.db.agent.create({ data: { name, kind: 'random' } })),
    );
    for (let k = 0; k < 40; k++) {
      await t.db.match.create({
        data: {
          gameId: 'tictactoe',
          seed: `live-${k}`,
          numPlayers: 2,
          status: 'finished',
          finishedAt: new Date(Date.UTC(2026, 0, 1) + k * 1000),
          result: { scores: k % 3 ? [1, 0] : [0, 1], reason: 'r', winner: k % 3 ? 0 : 1 },
          seats: {
            create: [a!, b!].map((x, seat) => ({
              seat,
              agentId: x.id,
              score: k % 3 ? 1 - seat : seat,
              outcome: 'win',
            })),
          },
        },
      });
    }
    const live = {
      key: 'deadline',
      url: t.url,
      query: { game: 'tictactoe', humans: 'each' as const },
      incremental: true,
      fullEveryMs: 3_600_000,
    };
    const opts = { scheme: 'plain' as const, estimator: 'mm' as const, seed: 'deadline', minMatches: 5 };
    await expect(computer.computeView(live, { ...opts, rounds: 2_000_000 }, { maxMs: 300 })).rejects.toThrow(
      'the leaderboard took longer than 0.3 s to compute and was stopped',
    );
    expect((await computer.computeView(live, { ...opts, rounds: 10 })).board.rows).toHaveLength(2);
  });

  it('its dataset is deleted: it stops, saying so', async () => {
    await importDataset(t.db, { name: 'doomed', text: strictDataset(30, 2) });
    const service = new ArenaLeaderboard(() => t.db, computer, { ...long, datasetCheckMs: 100 });
    const view = service.get(q({ dataset: 'doomed' }));
    view.catch(() => {});
    await new Promise((r) => setTimeout(r, 1500));
    await deleteDataset(t.db, 'doomed');
    await expect(view).rejects.toThrow('the dataset "doomed" was deleted while its leaderboard was computed');
    await threadIsFree('plain');
  });
});

describe('version=', () => {
  it('is presentation only: any number of values share one computation of the view', async () => {
    const c = {
      asked: 0,
      compute: computer.compute,
      computeView: (...a: Parameters<Computer['computeView']>) => (c.asked++, computer.computeView(...a)),
    };
    const service = new ArenaLeaderboard(() => t.db, c, { rounds: 10 });
    for (let k = 0; k < 20; k++) await service.get(q({ version: `made-up-${k}` }));
    expect(c.asked).toBe(1);
  });
});
