import { describe, expect, it } from 'vitest';
import { roundRobin } from './pairings';

describe('roundRobin', () => {
  const plan = roundRobin({ gameIds: ['g1', 'g2'], agentIds: ['a', 'b', 'c', 'd'], seedsPerPair: 3, seed: 's' });

  it('plays every pair, every game, each seed twice', () => {
    // 6 pairs × 2 games × 3 seeds × 2 seatings
    expect(plan).toHaveLength(72);
    const pairs = new Set(plan.map((m) => `${m.gameId}:${[...m.seats].sort().join('-')}`));
    expect(pairs.size).toBe(12);
  });

  it('swaps seats on the same seed', () => {
    for (let i = 0; i < plan.length; i += 2) {
      const [x, y] = [plan[i]!, plan[i + 1]!];
      expect(y.seed).toBe(x.seed);
      expect(y.seats).toEqual([...x.seats].reverse());
    }
    expect(new Set(plan.map((m) => m.seed)).size).toBe(36);
  });

  it('is reproducible from its seed', () => {
    expect(roundRobin({ gameIds: ['g1'], agentIds: ['a', 'b'], seedsPerPair: 2, seed: 'x' })).toEqual(
      roundRobin({ gameIds: ['g1'], agentIds: ['a', 'b'], seedsPerPair: 2, seed: 'x' }),
    );
  });
});
