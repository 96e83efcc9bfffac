// Connect Four rules: gravity, full columns, turn order, wins in every direction, draws and immutability.
import { describe, expect, it } from 'vitest';
import {
  apply,
  describe as describeMove,
  legalActions,
  outcome,
  reject,
  setup,
  view,
  type ConnectFourState,
} from './rules';
import { connectFour } from '.';

const drop = (column: number) => ({ type: 'drop' as const, column });
/** Drops in the columns in order, X first, alternating. */
const play = (columns: number[] | string) =>
  [...columns].reduce<ConnectFourState>((s, c, i) => apply(s, i % 2, drop(Number(c))), setup());
/** The board as strings, top row first, "." for empty. */
const rows = (s: ConnectFourState) => s.board.map((r) => r.map((c) => c ?? '.').join(''));

describe('gravity and columns', () => {
  it('discs fall to the lowest empty space and stack', () => {
    const s = play('4434');
    expect(rows(s)).toEqual(['.......', '.......', '.......', '...O...', '...O...', '..XX...']);
    expect(s.last).toEqual([3, 3]);
    expect(view(s).last).toEqual([3, 3]);
  });

  it('a full column is rejected and no longer legal', () => {
    const s = play('111111');
    expect(
      rows(s)
        .map((r) => r[0])
        .join(''),
    ).toBe('OXOXOX');
    expect(reject(s, 0, drop(1))).toBe('column 1 is full');
    expect(legalActions(s, 0).map((a) => a.column)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(() => apply(s, 0, drop(1))).toThrow(/column 1 is full/);
  });

  it('columns outside 1-7 are rejected', () => {
    const s = setup();
    expect(reject(s, 0, drop(0))).toBe('column must be 1-7 (got 0)');
    expect(reject(s, 0, drop(8))).toBe('column must be 1-7 (got 8)');
    expect(reject(s, 0, drop(2.5))).toMatch(/column must be 1-7/);
    expect(reject(s, 0, drop(7))).toBeNull();
  });

  it('X moves first, then the seats alternate (the platform refuses the other seat)', () => {
    const s0 = setup();
    expect(connectFour.reject(s0, 1, drop(4))).toBe('it is not your turn: X is to move');
    expect(legalActions(s0, 1)).toEqual([]);
    const s1 = apply(s0, 0, drop(4));
    expect(connectFour.reject(s1, 0, drop(4))).toBe('it is not your turn: O is to move');
    expect(connectFour.reject(s1, 1, drop(4))).toBeNull();
  });

  it('apply never changes the previous state', () => {
    const s = play('44');
    const copy = structuredClone(s);
    apply(s, 0, drop(4));
    expect(s).toEqual(copy);
  });

  it('describes a move as "X drops in column 4"', () => {
    const s = setup();
    expect(describeMove(s, apply(s, 0, drop(4)), 0, drop(4))).toEqual([{ text: 'X drops in column 4' }]);
  });
});

describe('wins', () => {
  it('horizontal', () => {
    const s = play('1122334');
    expect(outcome(s)).toEqual({
      scores: [1, 0],
      winner: 0,
      reason: 'X connects four horizontally in row 1 from the bottom (columns 1-4)',
    });
    expect(view(s).winLine).toEqual([
      [5, 0],
      [5, 1],
      [5, 2],
      [5, 3],
    ]);
    expect(view(s).toMove).toBeNull();
  });

  it('vertical, for O', () => {
    const s = play('12121272');
    expect(outcome(s)).toEqual({ scores: [0, 1], winner: 1, reason: 'O connects four vertically in column 2' });
  });

  it('diagonal rising to the right', () => {
    const s = play('12233434474');
    expect(rows(s).slice(2)).toEqual(['...X...', '..XX...', '.XXO...', 'XOOO..O']);
    expect(outcome(s)).toMatchObject({
      winner: 0,
      reason: 'X connects four diagonally, rising from column 1 to column 4',
    });
  });

  it('diagonal falling to the right', () => {
    const s = play('76655454414');
    expect(rows(s).slice(2)).toEqual(['...X...', '...XX..', '...OXX.', 'O..OOOX']);
    expect(outcome(s)).toMatchObject({
      winner: 0,
      reason: 'X connects four diagonally, falling from column 4 to column 7',
    });
    expect(view(s).winLine).toHaveLength(4);
  });

  it('highlights every disc of a line longer than four', () => {
    // X fills 1, 2, 4, 5 on the bottom row, then 3 joins them into five.
    const s = play('1122445' + '53');
    expect(outcome(s)?.winner).toBe(0);
    expect(view(s).winLine).toHaveLength(5);
  });

  it('the game is over after a win: no active seats, moves rejected (by the platform)', () => {
    const s = play('1122334');
    expect(legalActions(s, 1)).toEqual([]);
    expect(connectFour.reject(s, 1, drop(5))).toBe('the game is over');
  });
});

describe('draws', () => {
  // A full game of 42 moves in which nobody lines up four (found by a seeded random playout).
  const DRAW = '145126453216636732123461164524755247335777';

  it('a full board with no four in a line is a draw', () => {
    const s = play(DRAW);
    expect(rows(s).join('')).not.toContain('.');
    expect(outcome(s)).toEqual({ scores: [0.5, 0.5], winner: null, reason: expect.stringMatching(/draw/) });
    expect(legalActions(s, 0)).toEqual([]);
  });

  it('one move before the end the game is still running', () => {
    const s = play(DRAW.slice(0, -1));
    expect(outcome(s)).toBeNull();
    expect(legalActions(s, 1)).toEqual([drop(7)]);
  });
});
