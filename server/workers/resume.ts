// Carrying a match on from its stored log, for matches with a person (a person's moves cannot be regenerated from the
// seed): the state its moves replay to, its seats' counts, where it stopped, and what is left to do.
import type { GameDef, Seat } from '../../lib/engine/types';
import { movesOf, type StoredEvent } from '../../lib/engine/events';
import { replayStates } from '../../lib/engine/replay';
import type { MatchSetup, SeatStats } from './store';

export interface Resumed {
  /** The state after the last stored move. */
  state: unknown;
  /** The next move's index. */
  ply: number;
  /** The seats' counts as the log gives them. */
  stats: SeatStats[];
  /** A resignation the log holds (stored just before a crash): the match ends with it. */
  resigned: { seat: Seat; reason: string } | null;
  /** The seq of an end event that closes the log (stored before the match was marked finished), else null. */
  endSeq: number | null;
}

/** Where a match stands after its stored log (`config` parsed; `stored` in seq order, beginning with its start). */
export function resumeFrom(game: GameDef, config: unknown, setup: MatchSetup, stored: readonly StoredEvent[]): Resumed {
  const moves = movesOf(stored);
  const stats: SeatStats[] = setup.seats.map(() => ({ illegal: 0, forfeits: 0, moves: 0, replies: 0, explains: 0 }));
  let resigned: Resumed['resigned'] = null;
  for (const ev of stored) {
    if (ev.kind === 'resign') resigned ??= { seat: ev.seat, reason: ev.payload.reason ?? 'resigned' };
    const st = ev.seat === null ? undefined : stats[ev.seat];
    if (!st) continue;
    if (ev.kind === 'illegal') st.illegal++;
    if (ev.kind === 'reply') st.replies++;
    if (ev.kind === 'reply' && ev.payload.explain) st.explains++;
    if (ev.kind === 'move') st.moves++;
    if (ev.kind === 'move' && ev.payload.forfeited === true) st.forfeits++;
  }
  const last = stored.at(-1);
  return {
    state: replayStates(game, config, setup, setup.numPlayers, moves).at(-1),
    ply: moves.length,
    stats,
    resigned,
    endSeq: last?.kind === 'end' ? last.seq : null,
  };
}
