// Tests of the cooperative summary: mean team score, its seeded bootstrap interval, per agent and per team.
import { describe, expect, it } from 'vitest';
import { cooperativeScores } from './cooperative';
import type { RatedMatch } from './types';

let nextId = 0;
function hanabi(agents: string[], teamScore: number, gameId = 'hanabi'): RatedMatch {
  return {
    id: `h${nextId++}`,
    gameId,
    cooperative: true,
    teamScore,
    seats: agents.map((agentId) => ({ agentId, score: 1 / agents.length })),
  };
}

describe('cooperative scores', () => {
  const scores = [10, 12, 14, 16, 18, 20, 22, 24];
  const matches = [
    ...scores.map((s) => hanabi(['a', 'a'], s)),
    ...[5, 7].map((s) => hanabi(['a', 'b'], s)),
    {
      id: 'x',
      gameId: 'chess',
      seats: [
        { agentId: 'a', score: 1 },
        { agentId: 'b', score: 0 },
      ],
    },
  ];

  it('reports the mean team score with a bootstrap interval around it', () => {
    // LLMArena's teams are one model in every seat: a's own 8 matches; a + b is a mixed team, not pooled into a or b.
    const all = cooperativeScores(matches, { rounds: 2000 });
    expect(all).toHaveLength(1);
    const [a] = all;
    expect(a).toMatchObject({ gameId: 'hanabi', key: 'a', agentIds: ['a'], matches: 8, mean: 17, lowData: false });
    expect(a!.ci95!.lower).toBeLessThan(a!.ci90!.lower);
    expect(a!.ci90!.lower).toBeLessThan(a!.mean);
    expect(a!.ci90!.upper).toBeGreaterThan(a!.mean);
    expect(a!.ci95!.upper).toBeGreaterThan(a!.ci90!.upper);
    // the bootstrap standard error of a mean is about sd/√n: the 95% interval spans about ±1.96 of it
    const sd = Math.sqrt(scores.reduce((s, x) => s + (x - a!.mean) ** 2, 0) / scores.length);
    expect((a!.ci95!.upper - a!.ci95!.lower) / ((2 * 1.96 * sd) / Math.sqrt(8))).toBeGreaterThan(0.8);
    expect((a!.ci95!.upper - a!.ci95!.lower) / ((2 * 1.96 * sd) / Math.sqrt(8))).toBeLessThan(1.2);
  });

  it('reports mixed teams apart, per line-up (the arena’s own), with too few matches flagged', () => {
    const mixed = cooperativeScores([...matches, hanabi(['b', 'c'], 9)], { by: 'mixed' });
    expect(mixed.map((t) => [t.key, t.agentIds, t.matches, t.mean, t.lowData, t.ci95])).toEqual([
      ['a + b', ['a', 'b'], 2, 6, true, null],
      ['b + c', ['b', 'c'], 1, 9, true, null],
    ]);
  });

  it('is reproducible from its seed and changes with it', () => {
    expect(cooperativeScores(matches, { seed: 3 })).toEqual(cooperativeScores(matches, { seed: 3 }));
    expect(cooperativeScores(matches, { seed: 3 })[0]!.ci95).not.toEqual(
      cooperativeScores(matches, { seed: 4 })[0]!.ci95,
    );
  });

  it('groups by team line-up on request', () => {
    const teams = cooperativeScores(matches, { by: 'team', minMatches: 1 });
    expect(teams.map((t) => [t.key, t.agentIds, t.matches, t.mean])).toEqual([
      ['a', ['a'], 8, 17],
      ['a + b', ['a', 'b'], 2, 6],
    ]);
  });
});
