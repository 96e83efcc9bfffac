// One seeded match of the engine holding one side (three seats, each deciding on its own seat's view) against a
// uniformly random player holding the other: shared by the engine test and bench/two-rooms.ts.
import { playEngineVsRandom } from '../../lib/engine/playout';
import type { GameDef, Rng } from '../../lib/engine/types';
import type { Team } from './rules';

export function playVsRandom(
  game: GameDef,
  rng: Rng,
  engineSide: Team,
  config: object = {},
  opponent?: 'random' | 'engine',
): { engineWon: boolean; plies: number } {
  const side = engineSide === 'Blue' ? [0, 1, 2] : [3, 4, 5];
  const { outcome: o, plies } = playEngineVsRandom(game, rng, {
    engineSeats: opponent === 'engine' ? [0, 1, 2, 3, 4, 5] : side,
    numPlayers: 6,
    config,
  });
  return { engineWon: o.summary === `${engineSide} wins`, plies };
}
