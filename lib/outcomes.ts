// Each seat's outcome (win | draw | loss | shared) from a match's result, by side: the one policy the match store
// writes into seats.outcome (and the data migration 0009_side_outcomes applied to older rows). Pure.

export type SeatOutcome = 'win' | 'draw' | 'loss' | 'shared';

/** The side of each seat: its label in `teams`, else a side of its own ("#<seat>"). */
export function seatSides(result: {
  scores: readonly number[];
  teams?: readonly (string | null | undefined)[] | null;
}): string[] {
  return result.scores.map((_, seat) => {
    const t = result.teams?.[seat];
    return typeof t === 'string' ? `team:${t}` : `#${seat}`;
  });
}

/**
 * Per seat: a side's score is the sum of its seats' scores; the side with the strictly highest score wins — a win for
 * every seat of it, however the score is split among them (Who is the spy's three villagers each score ⅓: each won);
 * sides tied at the top draw; the others lose. With one side only (a cooperative game, all seats one team) every
 * seat's outcome is `shared`.
 */
export function seatOutcomes(result: {
  scores: readonly number[];
  teams?: readonly (string | null | undefined)[] | null;
}): SeatOutcome[] {
  const sides = seatSides(result);
  const total = new Map<string, number>();
  sides.forEach((side, seat) => total.set(side, (total.get(side) ?? 0) + (result.scores[seat] ?? 0)));
  if (total.size < 2) return sides.map(() => 'shared');
  const best = Math.max(...total.values());
  const atTop = [...total.values()].filter((v) => sameScore(v, best)).length;
  return sides.map((side) => {
    const s = total.get(side)!;
    if (!sameScore(s, best)) return 'loss';
    return atTop > 1 ? 'draw' : 'win';
  });
}

/** Scores are sums of fractions (⅓ + ⅓ + ⅓): equal within floating-point error. */
export function sameScore(a: number, b: number): boolean {
  return Math.abs(a - b) < 1e-9;
}
