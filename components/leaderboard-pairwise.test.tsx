// The head-to-head matrix stays small however many agents are rated: the first MAX_PAIRWISE_AGENTS of the table, with a
// note and a link to the JSON API that has every pair; a small leaderboard shows every agent without the note.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  leaderboardQuerySchema,
  type LeaderboardResult,
  type LeaderboardRow,
  type PairCell,
} from '@/lib/leaderboard-contract';
import { LeaderboardPairwise, MAX_PAIRWISE_AGENTS } from './leaderboard-pairwise';

function result(n: number): LeaderboardResult {
  const rows = Array.from({ length: n }, (_, i) => ({ agentId: `a${i}`, agentName: `Agent ${i}` }) as LeaderboardRow);
  // Everyone met everyone once: agent i beat every agent after it.
  const pairs: PairCell[] = rows.flatMap((r, i) =>
    rows
      .filter((_, j) => j !== i)
      .map((c) => ({ a: r.agentId, b: c.agentId, matches: 1, observed: i < rows.indexOf(c) ? 1 : 0, model: null })),
  );
  return { query: leaderboardQuerySchema.parse({ method: 'elo' }), rows, pairs } as unknown as LeaderboardResult;
}

const cells = (html: string) => html.match(/data-testid="pair-cell"/g)?.length ?? 0;

describe('the head-to-head matrix', () => {
  it('shows every pair of a small leaderboard', () => {
    const html = renderToStaticMarkup(<LeaderboardPairwise result={result(6)} />);
    expect(cells(html)).toBe(6 * 5);
    expect(html).not.toContain('data-testid="pairwise-capped"');
  });

  it('shows the first agents of a large one, and says where every pair is', () => {
    const html = renderToStaticMarkup(<LeaderboardPairwise result={result(200)} />);
    expect(cells(html)).toBe(MAX_PAIRWISE_AGENTS * (MAX_PAIRWISE_AGENTS - 1));
    expect(html).toContain('data-testid="pairwise-capped"');
    expect(html).toMatch(/The first 20 of 200 agents/);
    expect(html).toMatch(/href="\/api\/leaderboard\?[^"]*method=elo/);
    expect(html).not.toContain('Agent 20<');
    // Small enough to send: 380 cells, not 39,800.
    expect(html.length).toBeLessThan(200_000);
  });
});
