// The perfect tic-tac-toe engine: never loses, wins when it can, blocks when it must, varies with the seed.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { ticTacToeEngine } from './engine';
import { activeSeats, apply, legalActions, outcome, setup, view, type TicTacToeState } from './rules';

const place = (row: number, col: number) => ({ type: 'place' as const, row, col });
const play = (squares: [number, number][]) => squares.reduce((s, [r, c], i) => apply(s, i % 2, place(r, c)), setup());
const engineMove = (s: TicTacToeState, seed = 'seed') =>
  ticTacToeEngine(view(s), s.toMove, legalActions(s, s.toMove), createRng(seed));

/** One game, the engine in `engineSeat` and a uniform random player in the other; returns the engine's score. */
function gameVsRandom(engineSeat: number, seed: string): number {
  const rng = createRng(seed);
  let s = setup();
  for (let seat = activeSeats(s)[0]; seat !== undefined; seat = activeSeats(s)[0]) {
    const legal = legalActions(s, seat);
    const a = seat === engineSeat ? ticTacToeEngine(view(s), seat, legal, rng) : rng.pick(legal);
    s = apply(s, seat, a);
  }
  return outcome(s)!.scores[engineSeat]!;
}

describe('tic-tac-toe engine', () => {
  it.each([
    ['X', 0],
    ['O', 1],
  ])('never loses to random over 200 seeded games as %s', (_mark, seat) => {
    const scores = Array.from({ length: 200 }, (_, i) => gameVsRandom(seat, `ttt-${seat}-${i}`));
    expect(scores.filter((x) => x === 0)).toHaveLength(0);
    expect(scores.filter((x) => x === 1).length).toBeGreaterThan(seat === 0 ? 150 : 100);
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
