// The perfect tic-tac-toe engine: never loses, wins when it can, blocks when it must, varies with the seed.
import { describe, expect, it } from 'vitest';
import { measureEngine } from '../../lib/engine/playout';
import { createRng } from '../../lib/engine/rng';
import { ticTacToe } from '.';
import { ticTacToeEngine } from './engine';
import { apply, legalActions, setup, view, type TicTacToeState } from './rules';

const place = (row: number, col: number) => ({ type: 'place' as const, row, col });
const play = (squares: [number, number][]) => squares.reduce((s, [r, c], i) => apply(s, i % 2, place(r, c)), setup());
const engineMove = (s: TicTacToeState, seed = 'seed') =>
  ticTacToeEngine(view(s), s.toMove, legalActions(s, s.toMove), createRng(seed));

describe('tic-tac-toe engine', () => {
  it('never loses to random over 200 seeded games as X and 200 as O', () => {
    // The measure `npm run bench:engine tictactoe` prints: X in the even games, O in the odd ones.
    const [x, o] = measureEngine(ticTacToe, { matches: 400, seed: 'ttt' }).sides;
    expect([x!.name, o!.name]).toEqual(['X', 'O']);
    expect([x!.engine.losses, o!.engine.losses]).toEqual([0, 0]);
    expect(x!.engine.wins).toBeGreaterThan(150);
    expect(o!.engine.wins).toBeGreaterThan(100);
  });

  it('takes an immediate win', () => {
    // X X . / O O . / . . .  with X to move: (1,3) wins.
    const s = play([
      [1, 1],
      [2, 1],
      [1, 2],
      [2, 2],
    ]);
    for (let i = 0; i < 10; i++) expect(engineMove(s, `w${i}`)).toEqual(place(1, 3));
  });

  it('prefers winning now over blocking', () => {
    // O can win on (2,3); O may also block X on (1,3), but winning is better.
    const s = play([
      [1, 1],
      [2, 1],
      [1, 2],
      [2, 2],
      [3, 3],
    ]);
    for (let i = 0; i < 10; i++) expect(engineMove(s, `p${i}`)).toEqual(place(2, 3));
  });

  it('blocks an immediate loss', () => {
    // X X . / . O . / . . .  with O to move: only (1,3) stops X.
    const s = play([
      [1, 1],
      [2, 2],
      [1, 2],
    ]);
    for (let i = 0; i < 10; i++) expect(engineMove(s, `b${i}`)).toEqual(place(1, 3));
  });

  it('breaks ties with the rng, so different seeds open differently', () => {
    const openings = new Set(Array.from({ length: 20 }, (_, i) => JSON.stringify(engineMove(setup(), `o${i}`))));
    expect(openings.size).toBeGreaterThan(1);
  });
});
