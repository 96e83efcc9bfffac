// The rating library's entry check: every match it is given must hold only finite scores in [0, 1], so a bad value is
// refused with a message naming the match and seat, instead of turning into a draw in one table and a loss in another.
import type { RatedMatch } from './types';

/** Thrown when the rating library is given a match it cannot rate. */
export class RatingInputError extends Error {
  override name = 'RatingInputError';
}

const inUnit = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= 1;

/**
 * Throws a RatingInputError on the first match that is not well formed: an id and a game id, at least one seat, every
 * seat with an agent id and a score in [0, 1] (NaN, ±Infinity and negative scores are refused), a finite team score
 * and end time when given. A plain loop: it runs on every call, over up to hundreds of thousands of seats.
 */
export function assertRatedMatches(matches: readonly RatedMatch[], where: string): void {
  if (!Array.isArray(matches))
    throw new RatingInputError(`${where}: expected a list of matches, got ${typeof matches}`);
  for (let k = 0; k < matches.length; k++) {
    const m = matches[k]!;
    const name = typeof m?.id === 'string' && m.id ? `match ${JSON.stringify(m.id)}` : `match #${k}`;
    if (typeof m?.id !== 'string' || !m.id) throw new RatingInputError(`${where}: ${name} has no id`);
    if (typeof m.gameId !== 'string' || !m.gameId) throw new RatingInputError(`${where}: ${name} has no game id`);
    if (!Array.isArray(m.seats) || m.seats.length === 0) throw new RatingInputError(`${where}: ${name} has no seats`);
    for (let s = 0; s < m.seats.length; s++) {
      const seat = m.seats[s]!;
      if (typeof seat?.agentId !== 'string' || !seat.agentId)
        throw new RatingInputError(`${where}: ${name}, seat ${s} has no agent id`);
      if (!inUnit(seat.score)) {
        throw new RatingInputError(
          `${where}: ${name}, seat ${s} (agent ${JSON.stringify(seat.agentId)}) has score ${String(seat.score)}: a seat's score must be a number from 0 to 1`,
        );
      }
      if (seat.reward !== undefined && !Number.isFinite(seat.reward)) {
        throw new RatingInputError(
          `${where}: ${name}, seat ${s} (agent ${JSON.stringify(seat.agentId)}) has reward ${String(seat.reward)}: it must be a finite number`,
        );
      }
    }
    if (m.teamScore !== undefined && !Number.isFinite(m.teamScore))
      throw new RatingInputError(`${where}: ${name} has team score ${String(m.teamScore)}: it must be a finite number`);
    if (m.finishedAt !== undefined && !Number.isFinite(m.finishedAt))
      throw new RatingInputError(
        `${where}: ${name} has end time ${String(m.finishedAt)}: it must be a finite number of ms`,
      );
  }
}
