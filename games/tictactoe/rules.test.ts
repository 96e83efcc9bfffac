// Tic-tac-toe rules: wins on every line, draws, turn order, legality messages and immutability.
import { describe, expect, it } from 'vitest';
import {
  apply,
  describe as describeMove,
  legalActions,
  outcome,
  reject,
  setup,
  view,
  type TicTacToeState,
} from './rules';
import { ticTacToe } from '.';

const place = (row: number, col: number) => ({ type: 'place' as const, row, col });
/** Plays the squares in order, X first, alternating. */
const play = (squares: [number, number][], from: TicTacToeState = setup()) =>
  squares.reduce((s, [r, c], i) => apply(s, i % 2, place(r, c)), from);

describe('winning lines', () => {
  it.each([1, 2, 3])('X wins on row %i', (r) => {
    const o = (r % 3) + 1;
    const s = play([
      [r, 1],
      [o, 1],
      [r, 2],
      [o, 2],
      [r, 3],
    ]);
    expect(outcome(s)).toEqual({ scores: [1, 0], winner: 0, reason: `X completes row ${r}` });
  });

  it.each([1, 2, 3])('X wins on column %i', (c) => {
    const o = (c % 3) + 1;
    const s = play([
      [1, c],
      [1, o],
      [2, c],
      [2, o],
      [3, c],
    ]);
    expect(outcome(s)).toEqual({ scores: [1, 0], winner: 0, reason: `X completes column ${c}` });
  });

  it('X wins on the main diagonal', () => {
    const s = play([
      [1, 1],
      [1, 2],
      [2, 2],
      [1, 3],
      [3, 3],
    ]);
    expect(outcome(s)?.reason).toBe('X completes the diagonal (1,1)-(3,3)');
    expect(view(s).winLine).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
  });

  it('X wins on the anti-diagonal', () => {
    const s = play([
      [1, 3],
      [1, 1],
      [2, 2],
      [1, 2],
      [3, 1],
    ]);
    expect(outcome(s)?.reason).toBe('X completes the diagonal (1,3)-(3,1)');
    expect(view(s).winLine).toEqual([
      [0, 2],
      [1, 1],
      [2, 0],
    ]);
  });

  it('O wins with scores [0, 1]', () => {
    const s = play([
      [1, 1],
      [2, 1],
      [1, 2],
      [2, 2],
      [3, 3],
      [2, 3],
    ]);
    expect(outcome(s)).toEqual({ scores: [0, 1], winner: 1, reason: 'O completes row 2' });
  });

  it('ends the game on a win: no active seats, no legal moves, every move rejected (by the platform)', () => {
    const s = play([
      [1, 1],
      [2, 1],
      [1, 2],
      [2, 2],
      [1, 3],
    ]);
    expect(view(s)).toMatchObject({ toMove: null, result: 'X completes row 1' });
    expect(legalActions(s, 1)).toEqual([]);
    expect(ticTacToe.reject(s, 1, place(3, 3))).toBe('the game is over');
  });
});

describe('draws', () => {
  it('a full board with no line is a draw', () => {
    // X O X / X O O / O X X
    const s = play([
      [1, 1],
      [1, 2],
      [1, 3],
      [2, 2],
      [3, 2],
      [2, 3],
      [2, 1],
      [3, 1],
      [3, 3],
    ]);
    expect(outcome(s)).toEqual({ scores: [0.5, 0.5], winner: null, reason: expect.stringMatching(/draw/) });
    expect(view(s).winLine).toBeNull();
  });

  it('a nearly full board is still running', () => {
    const s = play([
      [1, 1],
      [1, 2],
      [1, 3],
      [2, 2],
      [3, 2],
      [2, 3],
      [2, 1],
      [3, 1],
    ]);
    expect(outcome(s)).toBeNull();
    expect(legalActions(s, 0)).toEqual([place(3, 3)]);
  });

  it('a win on the last square is a win, not a draw', () => {
    // X O X / O O X / O X X: X's ninth move (3,3) completes column 3 and fills the board.
    const s = play([
      [1, 1],
      [1, 2],
      [1, 3],
      [2, 2],
      [3, 2],
      [2, 1],
      [2, 3],
      [3, 1],
      [3, 3],
    ]);
    expect(outcome(s)).toEqual({ scores: [1, 0], winner: 0, reason: 'X completes column 3' });
  });
});

describe('turn order and legality', () => {
  it('X moves first, then the seats alternate (the platform refuses the other seat)', () => {
    const s0 = setup();
    expect(ticTacToe.reject(s0, 1, place(1, 1))).toBe('it is not your turn: X is to move');
    expect(legalActions(s0, 0)).toHaveLength(9);
    expect(legalActions(s0, 1)).toEqual([]);
    const s1 = apply(s0, 0, place(1, 1));
    expect(ticTacToe.reject(s1, 0, place(2, 2))).toBe('it is not your turn: O is to move');
    expect(ticTacToe.reject(s1, 1, place(2, 2))).toBeNull();
    expect(s1.toMove).toBe(1);
  });

  it('says which square is taken and by whom', () => {
    const s = play([
      [1, 1],
      [2, 2],
    ]);
    expect(reject(s, 0, place(2, 2))).toBe('(2,2) is already taken by O');
    expect(reject(s, 0, place(1, 1))).toBe('(1,1) is already taken by X');
    expect(legalActions(s, 0)).not.toContainEqual(place(2, 2));
  });

  it('rejects squares off the board', () => {
    const s = setup();
    expect(reject(s, 0, place(4, 1))).toBe('row must be 1-3 (got 4)');
    expect(reject(s, 0, place(0, 1))).toBe('row must be 1-3 (got 0)');
    expect(reject(s, 0, place(1, 7))).toBe('column must be 1-3 (got 7)');
    expect(reject(s, 0, place(1.5, 1))).toMatch(/row must be 1-3/);
  });

  it('apply plays a move reject accepted and never changes the previous state', () => {
    const s = play([[1, 1]]);
    const copy = structuredClone(s);
    const next = apply(s, 1, place(3, 3));
    expect(s).toEqual(copy);
    expect(next.board[2]![2]).toBe('O');
    expect(next.last).toEqual([2, 2]);
  });

  it('describes a move as "X plays (r,c)"', () => {
    const s = setup();
    expect(describeMove(s, apply(s, 0, place(1, 3)), 0, place(1, 3))).toEqual([{ text: 'X plays (1,3)' }]);
  });
});
