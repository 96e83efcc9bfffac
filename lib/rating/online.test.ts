// Tests of the incremental TrueSkill and Elo: two batches give exactly the from-scratch ratings, and an out-of-order batch is refused.
import { describe, expect, it } from 'vitest';
import { eloRatings } from './elo';
import { computeLeaderboard } from './compute-leaderboard';
import { trueSkillByGame } from './normalized';
import { OnlineRatings } from './online';
import { trueSkillRatings } from './trueskill';
import type { RatedMatch } from './types';

const m = (
  id: string,
  gameId: string,
  finishedAt: number,
  seats: [string, number, string?][],
  extra: Partial<RatedMatch> = {},
): RatedMatch => ({
  id,
  gameId,
  finishedAt,
  seats: seats.map(([agentId, score, team]) => ({ agentId, score, ...(team ? { team } : {}) })),
  ...extra,
});

// A hand-built sequence: 1v1 wins, a draw, a three-player free-for-all, a team match, cooperative and self-play
// matches (rated by neither), two matches finishing at the same millisecond (kept in input order), over two games.
const sequence: RatedMatch[] = [
  m('1', 'tictactoe', 1000, [
    ['a', 1],
    ['b', 0],
  ]),
  m('2', 'connect-four', 2000, [
    ['b', 0.5],
    ['c', 0.5],
  ]),
  m('3', 'tictactoe', 3000, [
    ['c', 1],
    ['a', 0],
  ]),
  m('4', 'ffa', 4000, [
    ['a', 0.6],
    ['b', 0.3],
    ['c', 0.1],
  ]),
  m(
    '5',
    'hanabi',
    5000,
    [
      ['a', 0.5],
      ['b', 0.5],
    ],
    { cooperative: true, teamScore: 12 },
  ),
  m('6', 'spy', 6000, [
    ['d', 0, 'spy'],
    ['b', 1 / 3, 'villager'],
    ['b', 1 / 3, 'villager'],
    ['c', 1 / 3, 'villager'],
  ]),
  m('7', 'tictactoe', 7000, [
    ['b', 1],
    ['a', 0],
  ]),
  m('8', 'connect-four', 7000, [
    ['d', 1],
    ['a', 0],
  ]),
  m('9', 'tictactoe', 9000, [
    ['a', 0.5],
    ['d', 0.5],
  ]),
  m('10', 'connect-four', 10000, [
    ['c', 0],
    ['d', 1],
  ]),
  m('11', 'tictactoe', 11000, [
    ['a', 1],
    ['a', 0],
  ]),
  m('12', 'ffa', 12000, [
    ['d', 0.2],
    ['c', 0.5],
    ['b', 0.3],
  ]),
];
const games = ['tictactoe', 'connect-four'];

describe('OnlineRatings', () => {
  it('two batches give exactly (bit for bit) the from-scratch TrueSkill, per-game TrueSkill and Elo', async () => {
    const scratchTs = await trueSkillRatings(sequence);
    const scratchElo = eloRatings(sequence);
    const scratchByGame = await trueSkillByGame(sequence, { tictactoe: 'trueskill', 'connect-four': 'trueskill' });
    // Split inside the equal-finishedAt pair (7 and 8) too: the split keeps their order.
    for (const cut of [0, 3, 7, 12]) {
      const online = new OnlineRatings({ trueSkillGames: games });
      await online.append(sequence.slice(0, cut));
      await online.append(sequence.slice(cut));
      const got = online.snapshot();
      expect(online.applied).toBe(12);
      expect(got.trueSkill).toEqual(scratchTs);
      expect(got.elo).toEqual(scratchElo);
      expect(got.trueSkillByGame).toEqual(scratchByGame);
    }
    // Hand-checked anchors: after match 1 alone, the known 1v1 values; Elo moves by K/2 = 8 from equal ratings.
    const one = new OnlineRatings();
    await one.append(sequence.slice(0, 1));
    expect(one.snapshot().trueSkill!.get('a')!.mu).toBeCloseTo(29.396, 3);
    expect(one.snapshot().elo.get('a')).toBe(1008);
    expect(one.snapshot().elo.get('b')).toBe(992);
  });

  it('a snapshot does not change with later appends', async () => {
    const online = new OnlineRatings();
    await online.append(sequence.slice(0, 2));
    const before = online.snapshot();
    const elo = before.elo.get('a');
    await online.append(sequence.slice(2));
    expect(before.elo.get('a')).toBe(elo);
  });

  it('refuses a batch that starts before the last match applied (the caller recomputes from scratch)', async () => {
    const online = new OnlineRatings();
    await online.append(sequence.slice(0, 4));
    await expect(online.append([sequence[1]!])).rejects.toThrow(/recompute from scratch/);
  });

  it('computeLeaderboard with the online ratings equals computeLeaderboard without them', async () => {
    const competitive = sequence.filter((x) => x.gameId !== 'hanabi');
    const opts = {
      rounds: 20,
      seed: 's',
      normalizedBy: { tictactoe: 'trueskill', 'connect-four': 'trueskill' } as const,
    };
    const online = new OnlineRatings({ trueSkillGames: games });
    await online.append(competitive.slice(0, 5));
    await online.append(competitive.slice(5));
    const a = await computeLeaderboard(competitive, opts);
    const b = await computeLeaderboard(competitive, { ...opts, online: online.snapshot() });
    expect(b).toEqual(a);
  });
});
