// Tournament standings: computed once per tournament version (finished rated matches) and recomputed when one finishes.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../server/db/test-db';
import * as rating from '../rating/compute-leaderboard';
import { tournamentStandings } from './tournament-progress';

vi.mock('../rating/compute-leaderboard', async (orig) => {
  const real = await orig<typeof import('../rating/compute-leaderboard')>();
  return { ...real, computeLeaderboard: vi.fn(real.computeLeaderboard) };
});

let t: TestDb;
let tid = '';
let a = '';
let b = '';
let n = 0;
async function finish(winner: string, loser: string) {
  await t.db.match.create({
    data: {
      tournamentId: tid,
      gameId: 'tictactoe',
      seed: `s${n++}`,
      numPlayers: 2,
      status: 'finished',
      finishedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)),
      seats: {
        create: [
          { seat: 0, agentId: winner, score: 1, outcome: 'win' },
          { seat: 1, agentId: loser, score: 0, outcome: 'loss' },
        ],
      },
    },
  });
}

beforeAll(async () => {
  t = await createTestDb();
  tid = (await t.db.tournament.create({ data: { name: 'standings' } })).id;
  a = (await t.db.agent.create({ data: { name: 'A', kind: 'engine' } })).id;
  b = (await t.db.agent.create({ data: { name: 'B', kind: 'random' } })).id;
  for (let i = 0; i < 4; i++) await finish(a, b);
  await finish(b, a);
});
afterAll(async () => t?.drop());

describe('tournamentStandings', () => {
  it('computes once per version: the same standings from the cache, recomputed after a match finishes', async () => {
    const compute = vi.mocked(rating.computeLeaderboard);
    compute.mockClear();
    const first = await tournamentStandings(t.db, tid, 20);
    expect(first.map((s) => [s.name, s.wins, s.losses])).toEqual([
      ['A', 4, 1],
      ['B', 1, 4],
    ]);
    const again = await tournamentStandings(t.db, tid, 20);
    expect(again).toEqual(first);
    expect(compute).toHaveBeenCalledTimes(1);
    await finish(b, a);
    const next = await tournamentStandings(t.db, tid, 20);
    expect(next.find((s) => s.name === 'B')!.wins).toBe(2);
    expect(compute).toHaveBeenCalledTimes(2);
    // A rename shows at once, without a recompute.
    await t.db.agent.update({ where: { id: a }, data: { name: 'A renamed' } });
    expect((await tournamentStandings(t.db, tid, 20))[0]!.name).toBe('A renamed');
    expect(compute).toHaveBeenCalledTimes(2);
  });
});
