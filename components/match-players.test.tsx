// The players' cards tell the result at the end of a match, and nothing of it while a replay is stepped back.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SeatInfo } from '@/lib/protocol';
import { MatchPlayers } from './match-players';

const seats: SeatInfo[] = [0, 1].map((seat) => ({
  seat,
  label: seat === 0 ? 'X' : 'O',
  agentId: `a${seat}`,
  agentName: `agent ${seat}`,
  agentKind: 'llm',
  simulated: false,
  score: seat === 0 ? 1 : 0,
}));
const outcome = { scores: [1, 0], winner: 0, reason: 'X connects four' };

describe('MatchPlayers', () => {
  it('gives each seat its result at the end', () => {
    const html = renderToStaticMarkup(<MatchPlayers seats={seats} toMove={null} outcome={outcome} />);
    expect(html).toContain('data-testid="seat-result"');
    expect(html).toMatch(/>won</i);
    expect(html).toMatch(/>lost</i);
  });

  it('shows the stored score before the live outcome arrives', () => {
    const html = renderToStaticMarkup(<MatchPlayers seats={seats} toMove={null} />);
    expect(html).toMatch(/>score</i);
  });

  it('tells nothing of the end while a replay is stepped back: no result, no stored score', () => {
    for (const o of [outcome, null]) {
      const html = renderToStaticMarkup(<MatchPlayers seats={seats} toMove={0} outcome={o} beforeEnd />);
      expect(html).not.toContain('seat-result');
      expect(html).not.toMatch(/>(won|lost|score)</i);
      expect(html).toContain('to move');
    }
  });
});
