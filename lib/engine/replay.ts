// Rebuilds match states from a seed and the recorded moves: the single source of truth for replays.
import type { GameDef, Seat } from '../../games/types';
import { plyRng, setupRng } from './rng';

export interface MoveRecord {
  /** 0-based index of the move within the match; also selects the move's rng stream. */
  ply: number;
  seat: Seat;
  action: { type: string };
}

export function initialState(game: GameDef, config: unknown, seed: string, numPlayers: number): unknown {
  return game.setup({ numPlayers, config, rng: setupRng(seed) });
}

export function applyMove(game: GameDef, state: unknown, seed: string, m: MoveRecord): unknown {
  return game.apply(state, m.seat, m.action, plyRng(seed, m.ply));
}

/** Every state of the match: states[0] is the start, states[i + 1] follows moves[i]. */
export function replayStates(
  game: GameDef,
  config: unknown,
  seed: string,
  numPlayers: number,
  moves: MoveRecord[],
): unknown[] {
  const states = [initialState(game, config, seed, numPlayers)];
  for (const m of moves) states.push(applyMove(game, states[states.length - 1], seed, m));
  return states;
}
