// One seeded match of the engine against a uniformly random player (the engine sees only its seat's view): shared by
// the engine test and bench/pit.ts.
import type { GameDef, Rng, Seat } from '../types';

export function playVsRandom(game: GameDef, rng: Rng, engineSeat: Seat, config: object = {}): { engineScore: number; points: number[]; plies: number } {
  let s = game.setup({ numPlayers: 2, config, rng });
  let plies = 0;
  for (let seat = game.activeSeats(s)[0]; seat !== undefined; seat = game.activeSeats(s)[0]) {
    const legal = game.legalActions(s, seat)!;
    const a = seat === engineSeat ? game.engine(game.view(s, { seat }), seat, legal, rng, {}) : rng.pick(legal);
    s = game.apply(s, seat, a, rng);
    plies++;
  }
  const o = game.outcome(s)!;
  return { engineScore: o.scores[engineSeat]!, points: o.rewards!, plies };
}
