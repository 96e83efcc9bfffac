// LLMArena's board valuation for Connect Four and its reward per move (the paper's section 4, "Strategic Planning",
// equations 1 and 2), as its own pure functions: the engine's search heuristic (`evaluateBoard` in engine.ts) is a
// different function and is never used for the reported reward.
//
//   V(s) = 10·(My₄(s) − Oppo₄(s)) + 5·(My₃(s) − Oppo₃(s)) + 2·(My₂(s) − Oppo₂(s))          (1)
//   R(a, s, s′) = V(s′) − V(s)                                                           (2)
//
// "My₄(s), My₃(s) and My₂(s) represent the count of four, three and two consecutive pieces of the player on the
// chessboard; Oppo₄(s), Oppo₃(s) and Oppo₂(s) the similar formations for the opponent's pieces." s′ is the state after
// the agent's move, s "the state following the previous move", i.e. the board the agent moved on.
//
// What is counted (the paper says no more than "consecutive pieces"; these are the arena's reading of it):
//  - a formation is a MAXIMAL run of one side's discs in one line direction: horizontal, vertical, and both diagonals
//    (the four directions in which a line of four wins);
//  - each run counts once, by its length: a run of three is one three (not also two twos), and runs in different
//    directions through the same disc are counted separately;
//  - a run longer than four (possible only after a win, e.g. a disc joining two runs) counts as one four;
//  - a lone disc counts nothing; empty spaces around a run do not matter (a blocked three still counts).
import type { Seat } from '../../lib/engine/types';
import { COLUMNS, MARKS, ROWS, type Cell, type Mark } from './rules';

/** The four line directions as [row step, column step]: horizontal, vertical, falling and rising diagonal. */
const DIRECTIONS: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 0],
  [1, 1],
  [1, -1],
];

/** The paper's weights for formations of four, three and two consecutive discs. */
export const RUN_WEIGHTS = { four: 10, three: 5, two: 2 } as const;

/** How many maximal runs of two, three and four (or more) consecutive discs of one mark the board holds. */
export interface RunCounts {
  two: number;
  three: number;
  four: number;
}

const inside = (r: number, c: number) => r >= 0 && r < ROWS && c >= 0 && c < COLUMNS;

/** My₂, My₃ and My₄ of the paper for one mark: maximal runs of consecutive discs, per direction, counted once each. */
export function countRuns(board: Cell[][], mark: Mark): RunCounts {
  const counts: RunCounts = { two: 0, three: 0, four: 0 };
  for (const [dr, dc] of DIRECTIONS) {
    for (let r = 0; r < ROWS; r++) {
      for (let c = 0; c < COLUMNS; c++) {
        if (board[r]![c] !== mark) continue;
        // Only the first disc of a run starts counting it.
        if (inside(r - dr, c - dc) && board[r - dr]![c - dc] === mark) continue;
        let length = 1;
        while (inside(r + dr * length, c + dc * length) && board[r + dr * length]![c + dc * length] === mark) length++;
        if (length >= 4) counts.four++;
        else if (length === 3) counts.three++;
        else if (length === 2) counts.two++;
      }
    }
  }
  return counts;
}

/** V(s) of the paper (equation 1) for the seat: its formations minus the opponent's, weighted 10 / 5 / 2. */
export function boardValue(board: Cell[][], seat: Seat): number {
  const mine = countRuns(board, MARKS[seat]!);
  const theirs = countRuns(board, MARKS[1 - seat]!);
  return (
    RUN_WEIGHTS.four * (mine.four - theirs.four) +
    RUN_WEIGHTS.three * (mine.three - theirs.three) +
    RUN_WEIGHTS.two * (mine.two - theirs.two)
  );
}

/** R(a, s, s′) of the paper (equation 2): the change in the mover's board value made by its move. */
export function moveReward(before: Cell[][], after: Cell[][], seat: Seat): number {
  return boardValue(after, seat) - boardValue(before, seat);
}
