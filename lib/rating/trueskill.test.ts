// Tests of TrueSkill through ts-trueskill: the known 1v1 values, draws, teams and free-for-all ranks.
import { TrueSkill } from 'ts-trueskill';
import { describe, expect, it } from 'vitest';
import { trueSkillRatings, trueSkillTeams } from './trueskill';
import type { RatedMatch } from './types';

function match(id: string, seats: [agentId: string, score: number, team?: string][], extra: Partial<RatedMatch> = {}): RatedMatch {
  return { id, gameId: 'g', seats: seats.map(([agentId, score, team]) => ({ agentId, score, team })), ...extra };
}

describe('TrueSkill', () => {
  it('gives the known values after one 1v1 win from default ratings', async () => {
    const r = await trueSkillRatings([match('1', [['w', 1], ['l', 0]])]);
    expect(r.get('w')!.mu).toBeCloseTo(29.396, 3);
    expect(r.get('w')!.sigma).toBeCloseTo(7.171, 3);
    expect(r.get('l')!.mu).toBeCloseTo(20.604, 3);
    expect(r.get('l')!.sigma).toBeCloseTo(7.171, 3);
    expect(r.get('w')!.conservative).toBeCloseTo(r.get('w')!.mu - 3 * r.get('w')!.sigma, 12);
  });

  it('keeps μ equal after a draw between equals, and ignores cooperative and self-play matches', async () => {
    const r = await trueSkillRatings([
      match('1', [['a', 0.5], ['b', 0.5]]),
      match('2', [['a', 0.5], ['b', 0.5]], { cooperative: true, teamScore: 10 }),
      match('3', [['a', 1], ['a', 0]]),
    ]);
    expect(r.get('a')!.mu).toBeCloseTo(25, 9);
    expect(r.get('b')!.mu).toBeCloseTo(25, 9);
    expect(r.get('a')!.sigma).toBeLessThan(25 / 3);
  });

  it('rates teams as teams and a free-for-all by score, ties sharing a rank', async () => {
    const teams = await trueSkillRatings([match('1', [['a', 0.5, 'x'], ['b', 0.5, 'x'], ['c', 0, 'y'], ['d', 0, 'y']])]);
    expect(teams.get('a')!.mu).toBeCloseTo(teams.get('b')!.mu, 9);
    expect(teams.get('a')!.mu).toBeGreaterThan(25);
    expect(teams.get('c')!.mu).toBeLessThan(25);
    // A free-for-all is a chain of adjacent comparisons solved approximately, so tied seats come out close, not equal.
    const ffa = await trueSkillRatings([match('1', [['a', 0.5], ['b', 0.5], ['c', 0], ['d', 0]])]);
    expect(ffa.get('a')!.mu).toBeCloseTo(ffa.get('b')!.mu, 1);
    expect(ffa.get('c')!.mu).toBeCloseTo(ffa.get('d')!.mu, 1);
    expect(ffa.get('a')!.mu).toBeGreaterThan(ffa.get('c')!.mu);
  });

  it('rates an agent holding several seats as one player: its seats are one team against the others (Undercover)', async () => {
    // h beats x first, so the ratings going in are not the defaults; then h holds three villager seats against g the spy.
    const villagers = (score: number): [string, number, string][] => [['h', score, 'villager'], ['h', score, 'villager'], ['h', score, 'villager']];
    const r = await trueSkillRatings([
      match('1', [['h', 1], ['x', 0]]),
      match('2', [['g', 1, 'spy'], ...villagers(0)]),
    ]);
    // By hand with ts-trueskill: h is one player (not three teammates, not skipped), the spy's team beat it.
    const env = new TrueSkill(25, 25 / 3);
    const [[h1], [x1]] = env.rate([[env.createRating()], [env.createRating()]], [0, 1]);
    const [[g2], [h2]] = env.rate([[env.createRating()], [h1!]], [0, 1]);
    expect(r.get('h')!.mu).toBeCloseTo(h2!.mu, 9);
    expect(r.get('h')!.sigma).toBeCloseTo(h2!.sigma, 9);
    expect(r.get('g')!.mu).toBeCloseTo(g2!.mu, 9);
    expect(r.get('g')!.sigma).toBeCloseTo(g2!.sigma, 9);
    expect(r.get('x')!.mu).toBeCloseTo(x1!.mu, 9);
    expect(r.get('h')!.mu).toBeLessThan(h1!.mu);
  });

  it('merges an agent’s seats on several sides into one team, ranked by its best side; an agent on every side rates no one', async () => {
    // Free-for-all, a in three seats (0.1, 0.4, 0.2), b in one (0.3): a's best seat beat b.
    const ffa = match('1', [['a', 0.1], ['a', 0.4], ['a', 0.2], ['b', 0.3]]);
    expect(trueSkillTeams(ffa)).toEqual([{ agentIds: ['a'], score: 0.4 }, { agentIds: ['b'], score: 0.3 }]);
    const r = await trueSkillRatings([ffa]);
    const env = new TrueSkill(25, 25 / 3);
    const [[a], [b]] = env.rate([[env.createRating()], [env.createRating()]], [0, 1]);
    expect(r.get('a')!.mu).toBeCloseTo(a!.mu, 9);
    expect(r.get('b')!.mu).toBeCloseTo(b!.mu, 9);
    // A team game where a sits on both teams: everything is one team, nothing to rate.
    expect(trueSkillTeams(match('2', [['a', 0.5, 'x'], ['b', 0.5, 'x'], ['a', 0, 'y'], ['c', 0, 'y']]))).toBeNull();
    expect(trueSkillTeams(match('3', [['a', 1], ['a', 0]]))).toBeNull();
  });
});
