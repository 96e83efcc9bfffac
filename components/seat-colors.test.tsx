// One seat-colour source: a seat has the same colour in the players' cards, the transcript and the board.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import SpyBoard from '@/games/spy/board';
import type { SpyView } from '@/games/spy/types';
import { seatColor } from '@/games/seat-colors';
import type { SeatInfo } from '@/lib/protocol';
import { MatchPlayers } from './match-players';
import { Transcript } from './transcript';

const seats: SeatInfo[] = [0, 1, 2, 3].map((seat) => ({
  seat,
  label: `Player ${seat + 1}`,
  agentId: `a${seat}`,
  agentName: `agent ${seat}`,
  agentKind: 'llm',
  simulated: false,
  score: null,
}));

describe('seat colours', () => {
  it('colours each seat alike in the players’ cards, the transcript and the board', () => {
    const view: SpyView = {
      you: null,
      preset: 'spygame',
      names: seats.map((s) => s.label),
      alive: [true, true, true, true],
      round: 1,
      maxRounds: null,
      phase: 'speak',
      order: [0, 1, 2, 3],
      speaker: 3,
      waiting: [],
      yourWord: null,
      words: null,
      spies: null,
      descriptions: [0, 1, 2].map((seat) => ({ round: 1, seat, position: seat, text: `clue ${seat}` })),
      thoughts: [],
      ballot: null,
      probes: [],
      rounds: [],
      result: null,
      contentFree: false,
    };
    const players = renderToStaticMarkup(<MatchPlayers seats={seats} toMove={null} gameId="spy" />);
    const board = renderToStaticMarkup(
      <SpyBoard view={view} players={seats.map((s) => `${s.label} · ${s.agentName}`)} />,
    );
    const at = '2025-01-01T00:00:00.000Z';
    const chat = renderToStaticMarkup(
      <Transcript
        events={[2, 3].map((seat) => ({
          seq: seat,
          kind: 'move',
          seat,
          at,
          payload: { ply: seat, action: null, lines: [{ text: 'x' }] },
        }))}
        seats={seats}
        gameId="spy"
        highlightSeq={null}
        follow={false}
      />,
    );
    for (const seat of [2, 3]) {
      const c = seatColor(seat, 'spy');
      expect(players).toContain(c.avatar);
      expect(board).toContain(c.avatar);
      expect(chat).toContain(c.dot);
      expect(chat).toContain(c.text);
    }
    // Neighbouring seats differ.
    expect(new Set([0, 1, 2, 3].map((seat) => seatColor(seat).avatar)).size).toBe(4);
  });

  it('gives Connect Four’s seats the colours of its discs, red and yellow, on the cards too', () => {
    expect(seatColor(0, 'connect-four').dot).toBe('bg-red-500');
    expect(seatColor(1, 'connect-four').avatar).toContain('bg-yellow');
    const players = renderToStaticMarkup(
      <MatchPlayers seats={seats.slice(0, 2)} toMove={null} gameId="connect-four" />,
    );
    expect(players).toContain(seatColor(1, 'connect-four').avatar);
    expect(players).not.toContain(seatColor(1).avatar);
  });
});
