// LLMArena's analysis on constructed rows with known answers: results, action mix, metric means, mix by bucket, histogram.
import { describe, expect, it } from 'vitest';
import { summarizeGame, type MoveRow } from './metrics';

const result = (agent_id: string, matches: number, wins: number, avg_reward: number | null, illegal = 0, replies = 0) => ({
  agent_id, name: agent_id.toUpperCase(), kind: 'llm', simulated: false, matches, wins, avg_reward, illegal, replies,
});

describe('summarizeGame', () => {
  it('computes win rate, average reward and illegal-reply rate per agent', () => {
    const g = summarizeGame('g', {}, [result('a', 4, 3, 12.5, 1, 10), result('b', 4, 1, -12.5)], []);
    expect(g.results).toEqual([
      expect.objectContaining({ agentId: 'a', winRate: 0.75, avgReward: 12.5, illegalRate: 0.1 }),
      expect.objectContaining({ agentId: 'b', winRate: 0.25, avgReward: -12.5, illegalRate: null }),
    ]);
  });

  it('action mix, metric means, mix by buckets of a [0,1] metric and a shared histogram', () => {
    const moves: MoveRow[] = [
      { agent_id: 'a', type: 'fold', metrics: { winProb: 0.1, deviation: -1 } },
      { agent_id: 'a', type: 'raise', metrics: { winProb: 0.9, deviation: 1 } },
      { agent_id: 'a', type: 'raise', metrics: { winProb: 0.95, deviation: 0 } },
      { agent_id: 'a', type: 'check', metrics: { winProb: '0.5', deviation: 0 } },
      { agent_id: 'b', type: 'check', metrics: null },
    ];
    const g = summarizeGame('g', { mixBy: 'winProb', distribution: 'deviation' }, [], moves);
    const a = g.moves.find((m) => m.agentId === 'a')!;
    expect(a.moves).toBe(4);
    expect(a.mix).toEqual({ fold: 0.25, raise: 0.5, check: 0.25 });
    expect(a.means.winProb!.mean).toBeCloseTo(0.6125);
    expect(a.means.winProb!.n).toBe(4);
    expect(a.mixByBucket!.map((b) => b.moves)).toEqual([1, 0, 1, 0, 2]);
    expect(a.mixByBucket![4]!.mix).toEqual({ raise: 1 });
    expect(g.bins).toHaveLength(10);
    expect(g.bins![0]!.from).toBe(-1);
    expect(g.bins![9]!.to).toBe(1);
    expect(a.histogram).toEqual([1, 0, 0, 0, 0, 2, 0, 0, 0, 1]);
    const b = g.moves.find((m) => m.agentId === 'b')!;
    expect(b).toMatchObject({ moves: 1, mix: { check: 1 }, means: {} });
    expect(g.actionTypes).toEqual(['check', 'fold', 'raise']);
    expect(g.movesRead).toBe(5);
  });

  it('without an analysis declaration: no buckets, no histogram', () => {
    const g = summarizeGame('g', undefined, [], [{ agent_id: 'a', type: 'drop', metrics: { reward: 7 } }]);
    expect(g.moves[0]).toMatchObject({ means: { reward: { mean: 7, n: 1 } }, mixByBucket: null, histogram: null });
    expect(g.bins).toBeNull();
  });
});
