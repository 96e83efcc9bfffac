// One seeded match of the engine against a uniformly random player (the engine sees only its seat's view): shared by
// the engine test and bench/arctic-scavengers.ts.
import { playEngineVsRandom } from '../../lib/engine/playout';
import type { GameDef, Rng, Seat } from '../../lib/engine/types';

export function playVsRandom(
  game: GameDef,
  rng: Rng,
  engineSeat: Seat,
  config: object = {},
): { engineScore: number; tribes: number[]; plies: number; enginePlies: number } {
  const { outcome: o, plies, enginePlies } = playEngineVsRandom(game, rng, { engineSeats: [engineSeat], config });
  return { engineScore: o.scores[engineSeat]!, tribes: o.rewards!, plies, enginePlies };
}
