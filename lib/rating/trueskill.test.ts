// Tests of TrueSkill through ts-trueskill: the known 1v1 values, draws, teams and free-for-all ranks.
import { describe, expect, it } from 'vitest';
import { trueSkillRatings } from './trueskill';
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
});
