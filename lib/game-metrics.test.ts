// LLMArena's analysis on constructed rows with known answers: results, action mix, metric means, mix by bucket, histogram.
import { describe, expect, it } from 'vitest';
import { metricLabel, summarizeGame, type MoveRow } from './game-metrics';

const result = (
  agent_id: string,
  matches: number,
  wins: number,
  avg_reward: number | null,
  illegal = 0,
  replies = 0,
) => ({
  agent_id,
  name: agent_id.toUpperCase(),
  kind: 'llm',
  simulated: false,
  matches,
  wins,
  avg_reward,
  illegal,
  replies,
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
      { match_id: 'm1', seat: 0, agent_id: 'a', type: 'fold', metrics: { winProb: 0.1, deviation: -1 } },
      { match_id: 'm1', seat: 0, agent_id: 'a', type: 'raise', metrics: { winProb: 0.9, deviation: 1 } },
      { match_id: 'm2', seat: 0, agent_id: 'a', type: 'raise', metrics: { winProb: 0.95, deviation: 0 } },
      { match_id: 'm2', seat: 0, agent_id: 'a', type: 'check', metrics: { winProb: '0.5', deviation: 0 } },
      { match_id: 'm2', seat: 1, agent_id: 'b', type: 'check', metrics: null },
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
    const g = summarizeGame(
      'g',
      undefined,
      [],
      [{ match_id: 'm1', seat: 0, agent_id: 'a', type: 'drop', metrics: { reward: 7 } }],
    );
    expect(g.moves[0]).toMatchObject({
      means: { reward: { mean: 7, n: 1 } },
      perMatch: {},
      mixByBucket: null,
      histogram: null,
    });
    expect(g.bins).toBeNull();
    expect(g.perMatch).toEqual([]);
  });

  it('a metric declared per match: the sum of an agent’s values in each match (per seat), averaged over its matches', () => {
    // Hand-computed. Agent a: match m1 rewards 4 + (−2) + 5 = 7, match m2 rewards −3 + 1 = −2 → per match (7 − 2) / 2 = 2.5,
    // per move (4 − 2 + 5 − 3 + 1) / 5 = 1. Agent b: m1 rewards 2 + 2 = 4; m3, where b holds both seats, seat 0: 6, seat 1:
    // −1 + 0 = −1 (a move with no reward recorded adds nothing) → per match (4 + 6 − 1) / 3 = 3 over 3 seat-matches.
    const row = (match_id: string, seat: number, agent_id: string, reward?: number): MoveRow => ({
      match_id,
      seat,
      agent_id,
      type: 'drop',
      metrics: reward === undefined ? {} : { reward },
    });
    const moves = [
      row('m1', 0, 'a', 4),
      row('m1', 1, 'b', 2),
      row('m1', 0, 'a', -2),
      row('m1', 1, 'b', 2),
      row('m1', 0, 'a', 5),
      row('m2', 1, 'a', -3),
      row('m2', 0, 'c', 1),
      row('m2', 1, 'a', 1),
      row('m3', 0, 'b', 6),
      row('m3', 1, 'b', -1),
      row('m3', 1, 'b', 0),
      row('m3', 1, 'b'),
    ];
    const g = summarizeGame('g', { perMatch: { reward: 'reward per match (LLMArena)' } }, [], moves);
    expect(g.perMatch).toEqual([{ key: 'reward', label: 'reward per match (LLMArena)' }]);
    const of = (id: string) => g.moves.find((m) => m.agentId === id)!;
    expect(of('a').perMatch).toEqual({ reward: { mean: 2.5, n: 2 } });
    expect(of('a').means.reward).toEqual({ mean: 1, n: 5 });
    expect(of('b').perMatch).toEqual({ reward: { mean: 3, n: 3 } });
    expect(of('c').perMatch).toEqual({ reward: { mean: 1, n: 1 } });
  });

  it('names each metric in the game’s own words (`analysis.labels`), else by its code name: it knows no game', () => {
    const moves: MoveRow[] = [
      { match_id: 'm1', seat: 0, agent_id: 'a', type: 'raise', metrics: { winProb: 0.5, potOdds: 0.2 } },
    ];
    const g = summarizeGame('g', { mixBy: 'winProb', labels: { winProb: 'chance to win' } }, [], moves);
    expect(g.labels).toEqual({ winProb: 'chance to win', potOdds: 'pot odds' });
    expect(g.mixBy).toBe('winProb');
    expect(g.distribution).toBeNull();
    // Without the game's labels, a name known to some game is only split out of camelCase.
    expect(metricLabel('winProb')).toBe('win prob');
    expect(metricLabel('otherValue', { labels: { ownValue: 'value to the mover' } })).toBe('other value');
  });
});
