// The transcript as each reader sees it (server-side markup): a private line in the third person for spectators and in
// the second person for its own seat, the end said plainly, and a long match drawn from its newest entries.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { VisibleEvent } from '@/lib/match-log';
import type { SeatInfo } from '@/lib/protocol';
import { Transcript, TRANSCRIPT_WINDOW } from './transcript';

const at = '2025-01-01T00:00:00.000Z';
const seats: SeatInfo[] = [0, 1, 2].map((seat) => ({
  seat,
  label: `Player ${seat + 1}`,
  agentId: `a${seat}`,
  agentName: ['Bea', 'Model', 'Cy'][seat]!,
  agentKind: 'llm',
  simulated: false,
  score: null,
}));
const sealed: VisibleEvent = {
  seq: 2,
  kind: 'move',
  seat: 0,
  at,
  payload: {
    ply: 0,
    action: null,
    lines: [
      { text: 'Player 1 seals a bid in auction 1.' },
      {
        text: 'Player 1 bids 18 in auction 1 (valuation 37).',
        yours: 'You bid 18 in auction 1 (your valuation: 37).',
        visibleTo: [0],
      },
    ],
  },
};
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const render = (events: VisibleEvent[], extra: object = {}) =>
  renderToStaticMarkup(<Transcript events={events} seats={seats} highlightSeq={null} follow={false} {...extra} />);

describe('transcript', () => {
  it('reads a private line to a spectator with the seat’s name, and to its own seat as "You"', () => {
    const spectator = text(render([sealed]));
    expect(spectator).toContain('Player 1 bids 18 in auction 1 (valuation 37).');
    expect(spectator).not.toMatch(/\bYou\b|\byour\b/);
    expect(text(render([sealed], { you: 0 }))).toContain('You bid 18 in auction 1 (your valuation: 37).');
    expect(text(render([sealed], { you: 1 }))).not.toContain('You bid');
  });

  it('ends with the result said plainly: the winning side and its seats', () => {
    const end: VisibleEvent = {
      seq: 9,
      kind: 'end',
      seat: null,
      at,
      payload: {
        scores: [0.5, 0, 0.5],
        reason: 'The spy was voted out in round 1: the villagers win',
        winner: null,
        summary: 'Villagers win',
      },
    };
    expect(text(render([end]))).toContain(
      'Game over — Villagers win: Player 1 (Bea), Player 3 (Cy) — The spy was voted out in round 1',
    );
    const team: VisibleEvent = {
      ...end,
      payload: {
        scores: [0.5, 0.5],
        reason: 'fireworks: red 3 — 3 points',
        winner: null,
        summary: 'Team score 3 of 10',
      },
    };
    expect(text(render([team]))).toContain('Game over — Team score 3 of 10 — fireworks: red 3 — 3 points');
  });

  it('draws a long match from its newest entries, with the rest a click away', () => {
    const replies: VisibleEvent[] = Array.from({ length: 300 }, (_, i) => ({
      seq: i + 1,
      kind: 'reply',
      seat: i % 2,
      at,
      payload: { text: `reply ${i + 1}`, attempt: 0 },
    }));
    const html = render(replies, { highlightSeq: 300 });
    expect(html.match(/<li data-seq=/g)).toHaveLength(TRANSCRIPT_WINDOW);
    expect(html).toContain('data-seq="300" aria-current="step"');
    expect(html).not.toContain('data-seq="1"');
    expect(text(html)).toContain(`Show ${TRANSCRIPT_WINDOW} earlier entries (${300 - TRANSCRIPT_WINDOW} hidden)`);
    expect(render(replies.slice(0, 20))).not.toContain('transcript-earlier');
  });

  it("opens a RAP move's search tree: each root action with its value and visits, the chosen one marked, the predicted states folded", () => {
    const leaf = (action: string, value: number, visits: number, state: string | null, children: never[] = []) => ({
      action,
      state,
      visits,
      value,
      intuition: 0.4,
      selfEval: 0.7,
      win: state ? 0.6 : null,
      reward: value,
      children,
    });
    const reply: VisibleEvent = {
      seq: 3,
      kind: 'reply',
      seat: 0,
      at,
      payload: {
        text: 'Planned with RAP: 2 iterations\nX: (1,1)',
        attempt: 0,
        trace: {
          scaffold: 'rap',
          data: {
            tree: {
              ...leaf('', 0.9, 2, 'start'),
              action: null,
              children: [leaf('X: (1,1)', 1.3, 1, 'the centre taken'), leaf('X: (0,0)', 0.5, 1, null)],
            },
            chosenAction: 'X: (1,1)',
            total: 1.3,
            settings: { depth: 2, iterations: 2, candidates: 2 },
            calls: 9,
          },
        },
      },
    };
    const html = render([reply]);
    expect(html).toContain('data-testid="rap-tree"');
    const t = text(html);
    expect(t).toContain('Search tree (RAP): 2 iterations, depth 2, 9 model calls');
    expect(t).toMatch(/X: \(1,1\) chosen value 1\.30 · 1 visit · intuition 0\.40 · self-eval 0\.70 · win 0\.60/);
    expect(t).toMatch(/X: \(0,0\) value 0\.50 · 1 visit · intuition 0\.40 · self-eval 0\.70(?! · win)/);
    expect(t).toContain('predicted state the centre taken');
  });
});
