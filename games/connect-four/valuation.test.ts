// LLMArena's Connect Four valuation V(s) and reward R = V(s′) − V(s) on hand-computed boards, and the metric the game
// records with each move.
import { describe, expect, it } from 'vitest';
import { connectFour } from './index';
import { apply, type Cell, type ConnectFourState } from './rules';
import { boardValue, countRuns, moveReward } from './valuation';

/** A board from its rows, top row first, "." for empty. */
const board = (...rows: string[]): Cell[][] => rows.map((r) => [...r].map((c) => (c === '.' ? null : (c as Cell))));
const state = (cells: Cell[][], toMove = 0): ConnectFourState => ({ board: cells, toMove, last: null });

// X: (5,1) (5,2) (5,3) (4,2) (3,3); O: (5,0) (4,1) (3,2) (4,3) (5,4) as [row from the top, column], X to move.
const BOARD = board('.......', '.......', '.......', '..OX...', '.OXO...', 'OXXXO..');

describe('countRuns (My₂, My₃, My₄: maximal runs of consecutive discs in the four directions)', () => {
  it('counts each maximal run once, by its length, per direction', () => {
    // X: threes: the bottom row (5,1)-(5,3) and the rising diagonal (3,3)-(4,2)-(5,1); twos: column 3 (4,2)-(5,2) and
    // the falling diagonal (4,2)-(5,3). Every other X disc is alone in its direction.
    expect(countRuns(BOARD, 'X')).toEqual({ four: 0, three: 2, two: 2 });
    // O: threes: the falling diagonal (3,2)-(4,3)-(5,4) and the rising one (3,2)-(4,1)-(5,0); nothing else.
    expect(countRuns(BOARD, 'O')).toEqual({ four: 0, three: 2, two: 0 });
  });

  it('a run of three is one three (not two twos); four or more in a row is one four', () => {
    expect(countRuns(board('.......', '.......', '.......', '.......', '.......', 'XXX....'), 'X')).toEqual({
      four: 0,
      three: 1,
      two: 0,
    });
    expect(countRuns(board('.......', '.......', '.......', '.......', '.......', 'XXXXX..'), 'X')).toEqual({
      four: 1,
      three: 0,
      two: 0,
    });
    expect(countRuns(board('.......', '.......', '.......', '.......', '.......', 'XX.XX..'), 'X')).toEqual({
      four: 0,
      three: 0,
      two: 2,
    });
  });
});

describe('boardValue: V(s) = 10·(My₄ − Oppo₄) + 5·(My₃ − Oppo₃) + 2·(My₂ − Oppo₂)', () => {
  it('on a hand-computed board', () => {
    // X: 10·(0 − 0) + 5·(2 − 2) + 2·(2 − 0) = 4; for O the same with the sides swapped: −4.
    expect(boardValue(BOARD, 0)).toBe(4);
    expect(boardValue(BOARD, 1)).toBe(-4);
  });

  it('is 0 on the empty board', () => {
    expect(boardValue(board('.......', '.......', '.......', '.......', '.......', '.......'), 0)).toBe(0);
  });
});

describe('moveReward: R(a, s, s′) = V(s′) − V(s) for the mover', () => {
  it('on a hand-computed move', () => {
    // X drops in column 5: the disc lands on (4,4), above O's (5,4). It makes two new twos for X: (3,3)-(4,4) on the
    // falling diagonal and (4,4)-(5,3) on the rising one, and breaks no O run. V goes from 4 to 10·0 + 5·(2 − 2) +
    // 2·(4 − 0) = 8, so R = 8 − 4 = +4.
    const next = apply(state(BOARD), 0, { type: 'drop', column: 5 });
    expect(countRuns(next.board, 'X')).toEqual({ four: 0, three: 2, two: 4 });
    expect(moveReward(BOARD, next.board, 0)).toBe(4);
    // The game records exactly this number as the move's `reward`.
    expect(connectFour.moveMetrics(state(BOARD), next, 0, { type: 'drop', column: 5 }, null as never)).toEqual({
      reward: 4,
    });
  });

  it('a winning move is worth its formations, not a search heuristic’s 1000', () => {
    // Before: X has a three (bottom row), O a three (the row above): V = 5·(1 − 1) = 0. X completes four in column 4:
    // V = 10·(1 − 0) + 5·(0 − 1) = 5, so R = +5.
    const before = board('.......', '.......', '.......', '.......', 'OOO....', 'XXX....');
    const after = apply(state(before), 0, { type: 'drop', column: 4 }).board;
    expect(boardValue(before, 0)).toBe(0);
    expect(moveReward(before, after, 0)).toBe(5);
  });

  it('capping the opponent’s three does not change it: only consecutive discs count, not open ends', () => {
    // X has a vertical two in column 1, O a three on the bottom row (columns 2-4): V_X = 2·(1 − 0) + 5·(0 − 1) = −3.
    // X caps the three in column 5: its new disc is alone in every direction and O's three stays a three, so R = 0.
    const before = board('.......', '.......', '.......', '.......', 'X......', 'XOOO...');
    expect(boardValue(before, 0)).toBe(-3);
    expect(moveReward(before, apply(state(before), 0, { type: 'drop', column: 5 }).board, 0)).toBe(0);
  });
});
