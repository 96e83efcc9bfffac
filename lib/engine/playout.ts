// One seeded match of a game's engine against a uniformly random player, through the game's definition as the arena
// plays it (the engine decides on its own seat's view only): what each game's engine test and bench measure.
import type { GameDef, Outcome, Rng, Seat } from './types';

export interface Playout {
  outcome: Outcome;
  /** Moves played in all, and by the engine's seats. */
  plies: number;
  enginePlies: number;
}

/**
 * Plays `game` to its end with the engine in `engineSeats` and random moves in the others, every random draw (setup,
 * moves, the engine's) from `rng`. Seats that act at once (simultaneous moves) all choose before any move is applied.
 */
export function playEngineVsRandom(
  game: GameDef,
  rng: Rng,
  opts: { engineSeats: readonly Seat[]; numPlayers?: number; config?: object },
): Playout {
  let s = game.setup({ numPlayers: opts.numPlayers ?? 2, config: opts.config ?? {}, rng });
  const engine = new Set(opts.engineSeats);
  let plies = 0;
  let enginePlies = 0;
  for (let active = game.activeSeats(s); active.length; active = game.activeSeats(s)) {
    const chosen = active.map((seat) => {
      const legal = game.legalActions(s, seat)!;
      return {
        seat,
        a: engine.has(seat) ? game.engine(game.view(s, { seat }), seat, legal, rng, {}) : rng.pick(legal),
      };
    });
    for (const { seat, a } of chosen) {
      s = game.apply(s, seat, a, rng);
      plies++;
      if (engine.has(seat)) enginePlies++;
    }
  }
  return { outcome: game.outcome(s)!, plies, enginePlies };
}
