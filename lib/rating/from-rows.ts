// Turns one row per seat of finished matches (as SQL returns them, ordered by match) into the rating library's matches.
import type { RatedMatch } from './types';

export interface SeatRow {
  id: string;
  game_id: string;
  finished_at: Date | null;
  agent_id: string;
  score: number | null;
  /** The match's raw team score (its first reward), for cooperative games. */
  team_score?: number | null;
}

/**
 * Rows must be ordered so that a match's seats are consecutive. `cooperative` says which games the seats play
 * together (rated by team score, not against each other).
 */
export function ratedMatchesFromRows(rows: readonly SeatRow[], opts: { cooperative?: (gameId: string) => boolean } = {}): RatedMatch[] {
  const out: RatedMatch[] = [];
  for (const r of rows) {
    let m = out.at(-1);
    if (!m || m.id !== r.id) {
      m = { id: r.id, gameId: r.game_id, seats: [], finishedAt: r.finished_at?.getTime() };
      if (opts.cooperative?.(r.game_id)) {
        m.cooperative = true;
        if (r.team_score != null) m.teamScore = r.team_score;
      }
      out.push(m);
    }
    m.seats.push({ agentId: r.agent_id, score: r.score ?? 0 });
  }
  return out;
}
