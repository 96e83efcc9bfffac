// The Connect Four alpha-beta engine: strength against random play, tactics, and the exported board valuation.
import { describe, expect, it } from 'vitest';
import { measureEngine } from '../../lib/engine/playout';
import { createRng } from '../../lib/engine/rng';
import { connectFour } from '.';
import { connectFourEngine, evaluateBoard } from './engine';
import { apply, legalActions, setup, view, type ConnectFourState } from './rules';

const drop = (column: number) => ({ type: 'drop' as const, column });
const play = (columns: string) =>
  [...columns].reduce<ConnectFourState>((s, c, i) => apply(s, i % 2, drop(Number(c))), setup());
const engineMove = (s: ConnectFourState, seed: string, depth?: number) =>
  connectFourEngine(view(s), s.toMove, legalActions(s, s.toMove), createRng(seed), { depth });

describe('connect four engine', () => {
  it('beats random play in at least 95 of 100 seeded games at the default depth, alternating seats', () => {
    // The measure `npm run bench:engine connect-four` prints.
    expect(measureEngine(connectFour, { matches: 100, seed: 'c4' }).engine.wins).toBeGreaterThanOrEqual(95);
  });

  it('takes an immediate win', () => {
    // X has columns 1-3 on the bottom row; O stacked on 1 and 2. X to move: 4 wins.
    const s = play('112233');
    for (let i = 0; i < 5; i++) expect(engineMove(s, `w${i}`)).toEqual(drop(4));
  });

  it('takes a vertical win over blocking', () => {
    // X has three in column 1; O has three on the bottom row (2-4). X to move: 1 wins, 5 would only block.
    const s = play('121314');
    for (let i = 0; i < 5; i++) expect(engineMove(s, `v${i}`)).toEqual(drop(1));
  });

  it('blocks an immediate loss', () => {
    // O has 2, 3 and 4 on the bottom row, X holds column 1: X must play 5.
    const s = play('727314');
    for (let i = 0; i < 5; i++) expect(engineMove(s, `b${i}`)).toEqual(drop(5));
  });

  it('blocks even at depth 2 and still plays legally at depth 1', () => {
    const s = play('727314');
    expect(engineMove(s, 'd2', 2)).toEqual(drop(5));
    const s2 = play('1111112');
    expect(legalActions(s2, 1)).not.toContainEqual(drop(1));
    expect(engineMove(s2, 'd1', 1).column).not.toBe(1);
  });

  it('varies between equally good moves with the seed', () => {
    const s = play('44');
    const moves = new Set(Array.from({ length: 30 }, (_, i) => engineMove(s, `v${i}`, 1).column));
    expect(moves.size).toBeGreaterThan(1);
  });
});

describe('evaluateBoard', () => {
  it('is zero on the empty board and symmetric between the seats', () => {
    expect(evaluateBoard(setup().board, 0)).toBe(0);
    const s = play('4435261');
    expect(evaluateBoard(s.board, 0)).toBe(-evaluateBoard(s.board, 1));
  });

  it('favours the centre and open lines', () => {
    expect(evaluateBoard(play('4').board, 0)).toBeGreaterThan(evaluateBoard(play('1').board, 0));
    // Three X in a row with both ends open is worth more than three scattered discs.
    expect(evaluateBoard(play('374757').board, 0)).toBeGreaterThan(evaluateBoard(play('171727').board, 0));
  });

  it('counts the windows as documented', () => {
    /** An empty board with the given bottom row ("." = empty). */
    const bottom = (row: string) =>
      setup().board.map((r, i) => (i === 5 ? [...row].map((ch) => (ch === '.' ? null : (ch as 'X' | 'O'))) : r));
    // One disc per window scores nothing; the centre disc scores 3.
    expect(evaluateBoard(bottom('...X...'), 0)).toBe(3);
    // Two X in columns 3-4: the windows of columns 1-4, 2-5 and 3-6 score 2 each, plus 3 for the centre.
    expect(evaluateBoard(bottom('..XX...'), 0)).toBe(9);
    // An O in column 7 spoils the window 4-7, which held a single X anyway.
    expect(evaluateBoard(bottom('..XX..O'), 0)).toBe(9);
    expect(evaluateBoard(bottom('..XX..O'), 1)).toBe(-9);
    // Three X in columns 2-4: windows 1-4 and 2-5 hold three (5 each), 3-6 holds two (2), plus the centre.
    expect(evaluateBoard(bottom('.XXX...'), 0)).toBe(15);
    // Four in a row is worth 1000 for its window.
    expect(evaluateBoard(bottom('XXXX...'), 0)).toBe(1000 + 5 + 2 + 3);
  });
});

describe('reward per move (LLMArena)', () => {
  // Updated for issue 17: the reward is the paper's R = V(s′) − V(s) over runs of consecutive discs (valuation.ts), no
  // longer the engine's window heuristic (under which a lone centre disc scored and capping a three gained).
  it('is the change in the mover\u2019s LLMArena board value: a lone disc 0, a two +2, a three +3 net, capping 0', async () => {
    const { connectFour } = await import('./index');
    const { createRng } = await import('../../lib/engine/rng');
    const rng = createRng('m');
    let s = connectFour.setup({ numPlayers: 2, config: {}, rng });
    const play = (seat: number, column: number) => {
      const prev = s;
      s = connectFour.apply(prev, seat, { type: 'drop', column }, rng);
      return connectFour.moveMetrics(prev, s, seat, { type: 'drop', column }, rng)!.reward!;
    };
    expect(play(0, 4)).toBe(0); // a lone disc is no formation
    expect(play(1, 1)).toBe(0);
    expect(play(0, 3)).toBe(2); // two in a row: +2
    expect(play(1, 1)).toBe(2); // O's vertical two in column 1: +2
    expect(play(0, 5)).toBe(3); // X's two becomes a three: −2 + 5
    expect(play(1, 6)).toBe(0); // capping X's three leaves it a three: consecutive discs, not open lines
    expect(play(0, 1)).toBe(0); // X's disc on O's two is alone in every direction
  });
});
