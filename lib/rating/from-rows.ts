// Turns one row per seat of finished matches (as SQL returns them, ordered by match) into the rating library's matches.
import type { RatedMatch, RatedSeat } from './types';

export interface SeatRow {
  id: string;
  game_id: string;
  finished_at: Date | null;
  agent_id: string;
  score: number | null;
  /** The match's raw team score (its first reward), for cooperative games. */
  team_score?: number | null;
  /** The seat's side label (the stored result's `teams`), null when every seat is a side of its own. */
  team?: string | null;
  /** The seat's reward (the stored result's `rewards[seat]`), null when the game gives none. */
  reward?: number | null;
}

/**
 * Rows must be ordered so that a match's seats are consecutive. `cooperative` says which games the seats play
 * together (rated by team score, not against each other).
 *
 * How an agent holding several seats of one match counts (one rule for every page, lib/records.ts):
 * - several seats on one side (a host filling every villager seat of Who is the spy) are one player on that side: the
 *   seats merge into one whose score is their sum, so the match counts once for it, weighs like any other match
 *   and never rates it against itself;
 * - a competitive match with a single agent in every seat (self-play) has no opponent and rates no one: it is left out.
 *   Cooperative self-play stays (a team score is a result).
 */
export function ratedMatchesFromRows(
  rows: readonly SeatRow[],
  opts: { cooperative?: (gameId: string) => boolean } = {},
): RatedMatch[] {
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
    m.seats.push({
      agentId: r.agent_id,
      score: r.score ?? 0,
      ...(r.team != null ? { team: r.team } : {}),
      ...(r.reward != null ? { reward: r.reward } : {}),
    });
  }
  return out.flatMap((m) => {
    if (!m.cooperative && new Set(m.seats.map((s) => s.agentId)).size < 2) return [];
    return [mergeSideSeats(m)];
  });
}

/** One seat per agent and side: an agent's seats that share a team label merge into one, their scores (and rewards) summed. */
export function mergeSideSeats(m: RatedMatch): RatedMatch {
  const seats: RatedSeat[] = [];
  const byKey = new Map<string, RatedSeat>();
  for (const s of m.seats) {
    if (s.team === undefined) {
      seats.push(s);
      continue;
    }
    const key = `${s.agentId}\u0000${s.team}`;
    const merged = byKey.get(key);
    if (merged) {
      merged.score += s.score;
      if (s.reward !== undefined) merged.reward = (merged.reward ?? 0) + s.reward;
    } else {
      const seat = { ...s };
      byKey.set(key, seat);
      seats.push(seat);
    }
  }
  return seats.length === m.seats.length ? m : { ...m, seats };
}
