// Tic-tac-toe rules: the state, the action and the pure reducer (setup, legality, moves, outcome, views).
import { z } from 'zod';
import type { LogLine, Outcome, Seat } from '../../lib/engine/types';

/** Board size: 3 rows and 3 columns. */
export const SIZE = 3;
/** Marks by seat: seat 0 plays X and moves first, seat 1 plays O. */
export const MARKS = ['X', 'O'] as const;
export type Mark = (typeof MARKS)[number];
/** One square: a mark or null when empty. */
export type Cell = Mark | null;
/** A square as 0-based [row, col] indices into `board`. */
export type Square = [number, number];

export const configSchema = z.object({}).strict();
export type TicTacToeConfig = z.infer<typeof configSchema>;

export const actionSchema = z.object({
  type: z.literal('place'),
  /** Row 1-3, top to bottom (range checked by `reject`). */
  row: z.number().int(),
  /** Column 1-3, left to right (range checked by `reject`). */
  col: z.number().int(),
});
export type TicTacToeAction = z.infer<typeof actionSchema>;

export interface TicTacToeState {
  /** The grid: board[row - 1][col - 1]. */
  board: Cell[][];
  /** Seat whose turn it is (0 = X, 1 = O); ignored once the game is over. */
  toMove: Seat;
  /** The square of the most recent move, null before the first move. */
  last: Square | null;
}

/** What every viewer sees (the game has no hidden information). */
export interface TicTacToeView {
  /** The grid: board[row - 1][col - 1]. */
  board: Cell[][];
  /** Seat to move, null when the game is over. */
  toMove: Seat | null;
  /** The square of the most recent move, null before the first move. */
  last: Square | null;
  /** The three squares of the winning line, null when there is none. */
  winLine: Square[] | null;
  /** Why the game ended, null while it is running. */
  result: string | null;
}

export const markOf = (seat: Seat): Mark => MARKS[seat] ?? 'X';

const range = [0, 1, 2];
/** The eight lines, each with the words used to announce a win on it. */
const LINES: { squares: Square[]; name: string }[] = [
  ...range.map((r) => ({ squares: range.map((c): Square => [r, c]), name: `row ${r + 1}` })),
  ...range.map((c) => ({ squares: range.map((r): Square => [r, c]), name: `column ${c + 1}` })),
  { squares: range.map((i): Square => [i, i]), name: 'the diagonal (1,1)-(3,3)' },
  { squares: range.map((i): Square => [i, SIZE - 1 - i]), name: 'the diagonal (1,3)-(3,1)' },
];

export function setup(): TicTacToeState {
  return { board: range.map(() => range.map(() => null)), toMove: 0, last: null };
}

/** The completed line, if any. */
export function findWin(board: Cell[][]): { mark: Mark; squares: Square[]; name: string } | null {
  for (const line of LINES) {
    const [first, ...rest] = line.squares.map(([r, c]) => board[r]![c]!);
    if (first && rest.every((m) => m === first)) return { mark: first, squares: line.squares, name: line.name };
  }
  return null;
}

export function outcome(s: TicTacToeState): Outcome | null {
  const win = findWin(s.board);
  if (win) {
    const winner = MARKS.indexOf(win.mark);
    return {
      scores: MARKS.map((_, seat) => (seat === winner ? 1 : 0)),
      winner,
      reason: `${win.mark} completes ${win.name}`,
    };
  }
  if (s.board.every((row) => row.every((cell) => cell !== null))) {
    return { scores: [0.5, 0.5], winner: null, reason: 'The board is full with no three in a row: a draw' };
  }
  return null;
}

export function activeSeats(s: TicTacToeState): Seat[] {
  return outcome(s) ? [] : [s.toMove];
}

/** Empty squares in reading order, for the seat to move; [] for anyone else. */
export function legalActions(s: TicTacToeState, seat: Seat): TicTacToeAction[] {
  if (!activeSeats(s).includes(seat)) return [];
  const out: TicTacToeAction[] = [];
  s.board.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell === null) out.push({ type: 'place', row: r + 1, col: c + 1 });
    }),
  );
  return out;
}

export function reject(s: TicTacToeState, seat: Seat, a: TicTacToeAction): string | null {
  if (a.type !== 'place') return 'the only action is placing your mark, e.g. "place" at (1,3)';
  if (!Number.isInteger(a.row) || a.row < 1 || a.row > SIZE) return `row must be 1-3 (got ${a.row})`;
  if (!Number.isInteger(a.col) || a.col < 1 || a.col > SIZE) return `column must be 1-3 (got ${a.col})`;
  const taken = s.board[a.row - 1]![a.col - 1];
  if (taken) return `(${a.row},${a.col}) is already taken by ${taken}`;
  return null;
}

/** Places the seat's mark (a move `reject` accepted). */
export function apply(s: TicTacToeState, seat: Seat, a: TicTacToeAction): TicTacToeState {
  const board = s.board.map((row, r) =>
    row.map((cell, c) => (r === a.row - 1 && c === a.col - 1 ? markOf(seat) : cell)),
  );
  return { board, toMove: 1 - seat, last: [a.row - 1, a.col - 1] };
}

export function view(s: TicTacToeState): TicTacToeView {
  const result = outcome(s);
  return {
    board: s.board.map((row) => row.slice()),
    toMove: result ? null : s.toMove,
    last: s.last ? [s.last[0], s.last[1]] : null,
    winLine: findWin(s.board)?.squares.map(([r, c]): Square => [r, c]) ?? null,
    result: result?.reason ?? null,
  };
}

export function describe(_prev: TicTacToeState, _next: TicTacToeState, seat: Seat, a: TicTacToeAction): LogLine[] {
  return [{ text: `${markOf(seat)} plays (${a.row},${a.col})` }];
}
