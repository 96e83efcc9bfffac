// One seeded match of the engine holding one team (each of its seats deciding on its own view) against uniformly
// random players in the other team's seats: shared by the engine test and bench/are-you-the-traitor.ts. The roles are
// drawn per match, so the engine's seats are read from the first state (the same seed draws the same roles).
import { playEngineVsRandom } from '../../lib/engine/playout';
import { createRng } from '../../lib/engine/rng';
import type { GameDef } from '../../lib/engine/types';
import type { AytState, Team } from './rules';
import { TEAM_OF } from './rules';

export function playVsRandom(
  game: GameDef,
  seed: string,
  engineTeam: Team,
  config: object = {},
): { engineWon: boolean; plies: number; draw: boolean } {
  const first = game.setup({ numPlayers: 5, config, rng: createRng(seed) }) as AytState;
  const seats = first.roles.map((r, seat) => (TEAM_OF[r] === engineTeam ? seat : -1)).filter((s) => s >= 0);
  const { outcome: o, plies } = playEngineVsRandom(game, createRng(seed), {
    engineSeats: seats,
    numPlayers: 5,
    config,
  });
  return { engineWon: o.summary === `The ${engineTeam} team wins`, plies, draw: o.summary === 'Draw' };
}
