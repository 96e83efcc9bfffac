// Builds Santorini positions for the tests from the text board the prompt shows: five rows, rank 5 first, each square
// its level then its pawn ("." for none), e.g. '0. 1A 2. 0. 0.'.
import { PAWNS, SIZE, squareAt, type Pawn, type SantoriniState } from './rules';

/** The state with this board, every pawn placed; `pawn` is the pawn whose turn it is (the first round of turns). */
export function position(rows: string[], pawn: Pawn = 'A'): SantoriniState {
  const cells = rows.flatMap((row) => row.trim().split(/\s+/));
  if (cells.length !== SIZE * SIZE) throw new Error(`expected 25 squares, got ${cells.length}`);
  const pawns: Record<Pawn, string | null> = { A: null, X: null, B: null, Y: null };
  const levels = cells.map((cell, i) => {
    const p = cell[1];
    if (p && p !== '.') pawns[p as Pawn] = squareAt(i);
    return Number(cell[0]);
  });
  // The pawn to play is PAWNS[ply % 4]; ply 4 is A's first turn after placement.
  return { levels, pawns, ply: PAWNS.length + PAWNS.indexOf(pawn), last: null };
}
