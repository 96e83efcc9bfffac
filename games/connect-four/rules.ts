// Connect Four rules: the state, the action and the pure reducer (setup, gravity, legality, outcome, views).
import { z } from 'zod';
import type { LogLine, Outcome, Seat } from '../../lib/engine/types';

export const ROWS = 6;
export const COLUMNS = 7;
/** Marks by seat: seat 0 plays X (red) and moves first, seat 1 plays O (yellow). */
export const MARKS = ['X', 'O'] as const;
export type Mark = (typeof MARKS)[number];
/** One space: a disc or null when empty. */
export type Cell = Mark | null;
/** A space as 0-based [row, col] indices into `board` (row 0 is the top). */
export type Square = [number, number];

export const configSchema = z.object({}).strict();
export type ConnectFourConfig = z.infer<typeof configSchema>;

export const actionSchema = z.object({
  type: z.literal('drop'),
  /** Column 1-7, left to right (range and fullness checked by `reject`). */
  column: z.number().int(),
});
export type ConnectFourAction = z.infer<typeof actionSchema>;

export interface ConnectFourState {
  /** The grid, board[row][col] with row 0 at the top and col 0 = column 1; discs settle at the highest row index. */
  board: Cell[][];
  /** Seat whose turn it is (0 = X, 1 = O); ignored once the game is over. */
  toMove: Seat;
  /** Where the most recent disc landed, null before the first move. */
  last: Square | null;
}

/** What every viewer sees (the game has no hidden information). */
export interface ConnectFourView {
  /** The grid, board[row][col] with row 0 at the top. */
  board: Cell[][];
  /** Seat to move, null when the game is over. */
  toMove: Seat | null;
  /** Where the most recent disc landed, null before the first move. */
  last: Square | null;
  /** Every disc in a winning line of four (more than four for a double or longer line), null when none. */
  winLine: Square[] | null;
  /** Why the game ended, null while it is running. */
  result: string | null;
}

export const markOf = (seat: Seat): Mark => MARKS[seat] ?? 'X';

/** Every line of four spaces on the board, with the words used to announce a win on it. */
export const WINDOWS: { squares: Square[]; name: string }[] = (() => {
  const out: { squares: Square[]; name: string }[] = [];
  const directions: { dr: number; dc: number; name: (s: Square[]) => string }[] = [
    {
      dr: 0,
      dc: 1,
      name: (s) => `horizontally in row ${ROWS - s[0]![0]} from the bottom (columns ${s[0]![1] + 1}-${s[3]![1] + 1})`,
    },
    { dr: 1, dc: 0, name: (s) => `vertically in column ${s[0]![1] + 1}` },
    { dr: 1, dc: 1, name: (s) => `diagonally, falling from column ${s[0]![1] + 1} to column ${s[3]![1] + 1}` },
    { dr: 1, dc: -1, name: (s) => `diagonally, rising from column ${s[3]![1] + 1} to column ${s[0]![1] + 1}` },
  ];
  for (const { dr, dc, name } of directions) {
    for (let r = 0; r < ROWS; r++) {
      for (let c = 0; c < COLUMNS; c++) {
        const squares = [0, 1, 2, 3].map((i): Square => [r + dr * i, c + dc * i]);
        if (squares.every(([sr, sc]) => sr >= 0 && sr < ROWS && sc >= 0 && sc < COLUMNS))
          out.push({ squares, name: name(squares) });
      }
    }
  }
  return out;
})();

export function setup(): ConnectFourState {
  return { board: Array.from({ length: ROWS }, () => Array<Cell>(COLUMNS).fill(null)), toMove: 0, last: null };
}

/** The winner's lines of four: the mark, the union of their squares and the first line's description. */
export function findWin(board: Cell[][]): { mark: Mark; squares: Square[]; name: string } | null {
  const lines = WINDOWS.filter(({ squares }) => {
    const first = board[squares[0]![0]]![squares[0]![1]];
    return first && squares.every(([r, c]) => board[r]![c] === first);
  });
  const first = lines[0];
  if (!first) return null;
  const squares = new Map<string, Square>();
  for (const [r, c] of lines.flatMap((l) => l.squares)) squares.set(`${r},${c}`, [r, c]);
  return {
    mark: board[first.squares[0]![0]]![first.squares[0]![1]]!,
    squares: [...squares.values()],
    name: first.name,
  };
}

/** Row index where a disc dropped in the 0-based column lands, or -1 when the column is full. */
export function landingRow(board: Cell[][], col: number): number {
  for (let r = ROWS - 1; r >= 0; r--) if (board[r]![col] === null) return r;
  return -1;
}

export function outcome(s: ConnectFourState): Outcome | null {
  const win = findWin(s.board);
  if (win) {
    const winner = MARKS.indexOf(win.mark);
    return {
      scores: MARKS.map((_, seat) => (seat === winner ? 1 : 0)),
      winner,
      reason: `${win.mark} connects four ${win.name}`,
    };
  }
  if (s.board[0]!.every((cell) => cell !== null)) {
    return { scores: [0.5, 0.5], winner: null, reason: 'The board is full with no four in a row: a draw' };
  }
  return null;
}

export function activeSeats(s: ConnectFourState): Seat[] {
  return outcome(s) ? [] : [s.toMove];
}

/** Columns that are not full, left to right, for the seat to move; [] for anyone else. */
export function legalActions(s: ConnectFourState, seat: Seat): ConnectFourAction[] {
  if (!activeSeats(s).includes(seat)) return [];
  return s.board[0]!.flatMap((cell, c) => (cell === null ? [{ type: 'drop' as const, column: c + 1 }] : []));
}

export function reject(s: ConnectFourState, seat: Seat, a: ConnectFourAction): string | null {
  if (a.type !== 'drop') return 'the only action is dropping a disc into a column, e.g. column 4';
  if (!Number.isInteger(a.column) || a.column < 1 || a.column > COLUMNS) return `column must be 1-7 (got ${a.column})`;
  if (landingRow(s.board, a.column - 1) < 0) return `column ${a.column} is full`;
  return null;
}

/** Drops the seat's disc (a move `reject` accepted). */
export function apply(s: ConnectFourState, seat: Seat, a: ConnectFourAction): ConnectFourState {
  const col = a.column - 1;
  const row = landingRow(s.board, col);
  if (row < 0) throw new Error(`illegal move: column ${a.column} is full`);
  const board = s.board.map((cells, r) =>
    r === row ? cells.map((cell, c) => (c === col ? markOf(seat) : cell)) : cells.slice(),
  );
  return { board, toMove: 1 - seat, last: [row, col] };
}

export function view(s: ConnectFourState): ConnectFourView {
  const result = outcome(s);
  return {
    board: s.board.map((cells) => cells.slice()),
    toMove: result ? null : s.toMove,
    last: s.last ? [s.last[0], s.last[1]] : null,
    winLine: findWin(s.board)?.squares ?? null,
    result: result?.reason ?? null,
  };
}

export function describe(
  _prev: ConnectFourState,
  _next: ConnectFourState,
  seat: Seat,
  a: ConnectFourAction,
): LogLine[] {
  return [{ text: `${markOf(seat)} drops in column ${a.column}` }];
}
