// The leaderboard table says why a lower rating can sit above a higher one (rows follow interval ranks).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { leaderboardQuerySchema, type LeaderboardResult, type LeaderboardRow } from '@/lib/leaderboard-contract';
import { LeaderboardTable, rankInversion } from './leaderboard-table';

const row = (name: string, rating: number | null, rank: number | null, group: number | null = null) =>
  ({
    agentId: name,
    agentName: name,
    agentKind: 'llm',
    simulated: false,
    model: null,
    scaffold: null,
    promptVersion: null,
    rating,
    missing: rating === null ? 'No rating' : null,
    interval: null,
    lowData: false,
    noDecisive: false,
    rank,
    group,
    bt: null,
    trueskill: null,
    elo: 1000,
    matches: 10,
    wins: 5,
    draws: 0,
    losses: 5,
    avgScore: 0.5,
    totalScore: 5,
    reliability: { illegalRate: null, explainsPerMatch: null, retriesPerMove: null, forfeitedTurns: 0, voided: 0 },
  }) as unknown as LeaderboardRow;

const result = (rows: LeaderboardRow[]) =>
  ({ query: leaderboardQuerySchema.parse({}), rows, groups: 1, anchor: null }) as unknown as LeaderboardResult;

describe('rank order', () => {
  it('finds a lower rating above a higher one in the same group', () => {
    const rap = row('gpt-4-rap', 1077, 1);
    const cot = row('gpt-3-cot', 1097, 2);
    expect(rankInversion([row('top', 1200, 1), rap, cot])).toEqual({ above: rap, below: cot });
    // In rating order, across groups, or beside a missing rating: none.
    expect(rankInversion([row('a', 1200, 1), row('b', 1100, 2), row('c', null, null)])).toBeNull();
    expect(rankInversion([row('a', 900, 1, 1), row('b', 1100, 1, 2)])).toBeNull();
  });

  it('says so above the table, naming the pair, only when it happens', () => {
    const html = renderToStaticMarkup(
      <LeaderboardTable result={result([row('gpt-4-rap', 1077, 1), row('gpt-3-cot', 1097, 2)])} />,
    );
    expect(html).toContain('data-testid="rank-order"');
    expect(html).toMatch(/gpt-4-rap \(1077, rank 1\) above gpt-3-cot \(\s*1097, rank 2\)/);
    const ordered = renderToStaticMarkup(<LeaderboardTable result={result([row('a', 1100, 1), row('b', 1000, 2)])} />);
    expect(ordered).not.toContain('data-testid="rank-order"');
  });
});

describe('an agent whose results are all draws', () => {
  it('shows its rating without an interval, saying why', () => {
    const drawn = { ...row('T', 1000, 1), noDecisive: true, interval: { lower: 1000, upper: 1000 } } as LeaderboardRow;
    const html = renderToStaticMarkup(<LeaderboardTable result={result([drawn])} />);
    expect(html).toContain('data-testid="no-decisive"');
    expect(html).toContain('draws only');
    expect(html).not.toContain('data-testid="rating-interval"');
  });
});
