// Rebuilds match states from a seed and the recorded moves: the single source of truth for replays.
import type { GameDef, MoveRecord, RecordedMatch } from '../../games/types';
import { plyRng, setupRng } from './rng';

export type { MoveRecord };

/** The first state; `config` as stored or given (the game parses it). */
export function initialState<S>(game: GameDef<S>, config: unknown, seed: string, numPlayers: number): S {
  return game.setup({ numPlayers, config, rng: setupRng(seed) });
}

export function applyMove<S>(game: GameDef<S>, state: S, seed: string, m: MoveRecord): S {
  return game.apply(state, m.seat, m.action, plyRng(seed, m.ply));
}

/** Every state of the match: states[0] is the start, states[i + 1] follows moves[i]. */
export function replayStates<S>(
  game: GameDef<S>,
  config: unknown,
  seed: string,
  numPlayers: number,
  moves: readonly MoveRecord[],
): S[] {
  const states = [initialState(game, config, seed, numPlayers)];
  for (const m of moves) states.push(applyMove(game, states[states.length - 1]!, seed, m));
  return states;
}

/** The last state of a recorded match, or null when its log no longer replays (a changed game, a broken record). */
export function lastState<S>(game: GameDef<S>, m: RecordedMatch): S | null {
  try {
    return replayStates(game, m.config, m.seed, m.numPlayers, m.moves).at(-1)!;
  } catch {
    return null;
  }
}
