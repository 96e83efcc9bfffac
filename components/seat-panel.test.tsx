// The person's seat panel (server-side markup): turns their time ran out on, toward the limit that loses the match.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SeatPanel } from './seat-panel';

const turn = { ply: 4, seconds: 60, deadline: new Date(Date.now() + 30_000).toISOString(), legal: null };
const render = (timeouts: { count: number; limit: number | null } | null) =>
  renderToStaticMarkup(
    <SeatPanel
      matchId="m"
      seat={0}
      seatLabel="Player 1"
      status="running"
      outcome={null}
      turn={turn}
      sent={false}
      waitingFor={null}
      clockOffsetMs={0}
      resignError={null}
      timeouts={timeouts}
      onResign={async () => {}}
    />,
  );
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('seat panel', () => {
  it('says how many turns in a row the time ran out, of the limit, and warns before the last one', () => {
    expect(text(render({ count: 1, limit: 3 }))).toContain(
      'Timed out 1 of 3 — your time ran out and a move was played for you; 3 in a row lose the match.',
    );
    expect(text(render({ count: 2, limit: 3 }))).toContain(
      'Timed out 2 of 3 — your time ran out and a move was played for you; one more in a row loses the match.',
    );
    expect(text(render({ count: 2, limit: null }))).toContain('Timed out 2 times');
    expect(render(null)).not.toContain('data-testid="timeouts"');
  });
});
