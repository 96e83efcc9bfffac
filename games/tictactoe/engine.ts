// Perfect tic-tac-toe: full minimax (negamax with memo) that prefers faster wins and breaks ties with the rng.
import type { Rng, Seat } from '../../lib/engine/types';
import { markOf, type Mark, type TicTacToeAction, type TicTacToeView } from './rules';

/** The eight lines as indices into a 9-character board string (reading order, "." = empty). */
const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
] as const;

const other = (m: Mark): Mark => (m === 'X' ? 'O' : 'X');
const hasLine = (b: string, m: Mark) => LINES.some((line) => line.every((i) => b[i] === m));
const put = (b: string, i: number, m: Mark) => b.slice(0, i) + m + b.slice(i + 1);

/** Values of positions already searched, keyed by board and side to move (a few thousand at most). */
const memo = new Map<string, number>();

/**
 * Value of board `b` for `toMove`: a win is worth 1 + the squares left empty (so faster wins score higher),
 * a loss the negative of that, a draw 0.
 */
function negamax(b: string, toMove: Mark): number {
  const key = b + toMove;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const empties = [...b].flatMap((ch, i) => (ch === '.' ? [i] : []));
  let value: number;
  if (hasLine(b, other(toMove))) value = -(1 + empties.length);
  else if (empties.length === 0) value = 0;
  else value = Math.max(...empties.map((i) => -negamax(put(b, i, toMove), other(toMove))));
  memo.set(key, value);
  return value;
}

/** Minimax value of each legal move for the seat (higher is better). */
export function scoreMoves(view: TicTacToeView, seat: Seat, legal: TicTacToeAction[]): number[] {
  const b = view.board
    .flat()
    .map((cell) => cell ?? '.')
    .join('');
  const me = markOf(seat);
  return legal.map((a) => -negamax(put(b, (a.row - 1) * 3 + (a.col - 1), me), other(me)));
}

/** A best move for the seat; among equally good moves the rng decides. */
export function ticTacToeEngine(view: TicTacToeView, seat: Seat, legal: TicTacToeAction[], rng: Rng): TicTacToeAction {
  const scores = scoreMoves(view, seat, legal);
  const best = Math.max(...scores);
  return rng.pick(legal.filter((_, i) => scores[i] === best));
}
