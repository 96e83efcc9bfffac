// Connect Four search baseline: alpha-beta negamax to a fixed depth over a window-counting board valuation.
import type { EngineOptions, Rng, Seat } from '../../lib/engine/types';
import { COLUMNS, MARKS, ROWS, WINDOWS, type Cell, type ConnectFourAction, type ConnectFourView } from './rules';

/** Search depth when the options give none. */
export const DEFAULT_DEPTH = 4;
/** Value of a won position (plus the depth left, so faster wins score higher). */
const WIN = 1_000_000;
/** Value of one window of four holding only one side's discs, by how many discs it holds. */
const WINDOW_WEIGHTS = [0, 0, 2, 5, 1000];
/** Value of each disc in the centre column. */
const CENTRE_WEIGHT = 3;
/** Columns (0-based) in search order, centre first, which makes alpha-beta cut earlier. */
const ORDER = [3, 2, 4, 1, 5, 0, 6];

/** Discs in a flat array, index row * COLUMNS + col (row 0 at the top): 0 empty, 1 for seat 0 (X), 2 for seat 1 (O). */
type Flat = Int8Array;
const FLAT_WINDOWS = WINDOWS.map(({ squares }) => squares.map(([r, c]) => r * COLUMNS + c));
/** For each space, the windows through it, to test a win after a drop. */
const WINDOWS_AT = Array.from({ length: ROWS * COLUMNS }, (_, i) => FLAT_WINDOWS.filter((w) => w.includes(i)));

const toFlat = (board: Cell[][]): Flat =>
  Int8Array.from(board.flat(), (cell) => (cell === null ? 0 : MARKS.indexOf(cell) + 1));

function valuation(cells: Flat, seat: Seat): number {
  const own = seat + 1;
  let score = 0;
  for (const w of FLAT_WINDOWS) {
    let mine = 0;
    let theirs = 0;
    for (const i of w) {
      if (cells[i] === own) mine++;
      else if (cells[i] !== 0) theirs++;
    }
    if (theirs === 0) score += WINDOW_WEIGHTS[mine]!;
    else if (mine === 0) score -= WINDOW_WEIGHTS[theirs]!;
  }
  for (let r = 0; r < ROWS; r++) {
    const cell = cells[r * COLUMNS + 3];
    if (cell === own) score += CENTRE_WEIGHT;
    else if (cell !== 0) score -= CENTRE_WEIGHT;
  }
  return score;
}

/**
 * Heuristic value of a board for a seat (positive = good for that seat), symmetric between the sides:
 * every window of four holding discs of one side only scores 2 / 5 / 1000 for 2 / 3 / 4 discs, for that
 * side, plus 3 per disc in the centre column.
 */
export function evaluateBoard(board: Cell[][], seat: Seat): number {
  return valuation(toFlat(board), seat);
}

/** Drops a disc for the seat; returns the index it landed on, or -1 when the column is full. */
function drop(cells: Flat, col: number, seat: Seat): number {
  for (let r = ROWS - 1; r >= 0; r--) {
    const i = r * COLUMNS + col;
    if (cells[i] === 0) {
      cells[i] = seat + 1;
      return i;
    }
  }
  return -1;
}

const wins = (cells: Flat, i: number) => WINDOWS_AT[i]!.some((w) => w.every((j) => cells[j] === cells[i]));

/** Negamax value for the seat to move, searching `depth` plies with alpha-beta (fail-soft). */
function search(cells: Flat, seat: Seat, depth: number, alpha: number, beta: number): number {
  if (depth === 0) return valuation(cells, seat);
  let best = -Infinity;
  for (const col of ORDER) {
    const i = drop(cells, col, seat);
    if (i < 0) continue;
    const value = wins(cells, i) ? WIN + depth : -search(cells, 1 - seat, depth - 1, -beta, -Math.max(alpha, best));
    cells[i] = 0;
    if (value > best) best = value;
    if (best >= beta) break;
  }
  return best === -Infinity ? 0 : best; // no column left: a draw
}

/** The best move found at `opts.depth` (default 4); equally good moves are chosen between with the rng. */
export function connectFourEngine(
  view: ConnectFourView,
  seat: Seat,
  legal: ConnectFourAction[],
  rng: Rng,
  opts: EngineOptions = {},
): ConnectFourAction {
  const depth = Math.max(1, opts.depth ?? DEFAULT_DEPTH);
  const cells = toFlat(view.board);
  const ordered = legal.slice().sort((a, b) => ORDER.indexOf(a.column - 1) - ORDER.indexOf(b.column - 1));
  let best = -Infinity;
  let choices: ConnectFourAction[] = [];
  for (const a of ordered) {
    const i = drop(cells, a.column - 1, seat);
    // Moves that tie the best so far are searched exactly (window just below it); worse ones fail low.
    const value = wins(cells, i) ? WIN + depth : -search(cells, 1 - seat, depth - 1, -Infinity, -(best - 1));
    cells[i] = 0;
    if (value > best) [best, choices] = [value, [a]];
    else if (value === best) choices.push(a);
  }
  return rng.pick(choices);
}
