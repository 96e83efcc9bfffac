// One seeded match of the engine against a uniformly random player, through the game's definition as the arena plays
// it (the engine sees only its seat's view): shared by the engine test and bench/santorini.ts.
import type { GameDef, Rng, Seat } from '../../lib/engine/types';

export function playVsRandom(
  game: GameDef,
  rng: Rng,
  engineSeat: Seat,
  depth: number,
): { engineScore: number; plies: number } {
  let s = game.setup({ numPlayers: 2, config: {}, rng });
  let plies = 0;
  for (let seat = game.activeSeats(s)[0]; seat !== undefined; seat = game.activeSeats(s)[0]) {
    const legal = game.legalActions(s, seat)!;
    const a = seat === engineSeat ? game.engine(game.view(s, { seat }), seat, legal, rng, { depth }) : rng.pick(legal);
    s = game.apply(s, seat, a, rng);
    plies++;
  }
  return { engineScore: game.outcome(s)!.scores[engineSeat]!, plies };
}
