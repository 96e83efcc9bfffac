// Rebuilds match states from a seed and the recorded moves: the single source of truth for replays.
import type { GameDef, MoveRecord, RecordedMatch } from './types';
import { CURRENT_GENERATOR, isGeneratorId, plyRng, setupRng, type GeneratorId } from './rng';

export type { MoveRecord };

/** What deals a match: its seed and the generator it was dealt by (both recorded with the match). */
export interface Deal {
  seed: string;
  generator: GeneratorId;
}

/** A stored match's deal (its row's seed and generator), refused in words when the generator is not one of ours. */
export function dealOf(row: { seed: string; generator: string }): Deal {
  if (!isGeneratorId(row.generator))
    throw new Error(`the match was dealt by an unknown random generator "${row.generator}"`);
  return { seed: row.seed, generator: row.generator };
}

/** A new deal from a seed, by the generator new matches are dealt by (tests, benches, new matches). */
export const currentDeal = (seed: string): Deal => ({ seed, generator: CURRENT_GENERATOR });

/** The first state; `config` as stored or given (the game parses it). */
export function initialState<S>(game: GameDef<S>, config: unknown, deal: Deal, numPlayers: number): S {
  return game.setup({ numPlayers, config, rng: setupRng(deal.seed, deal.generator) });
}

export function applyMove<S>(game: GameDef<S>, state: S, deal: Deal, m: MoveRecord): S {
  return game.apply(state, m.seat, m.action, plyRng(deal.seed, m.ply, deal.generator));
}

/** Every state of the match: states[0] is the start, states[i + 1] follows moves[i]. */
export function replayStates<S>(
  game: GameDef<S>,
  config: unknown,
  deal: Deal,
  numPlayers: number,
  moves: readonly MoveRecord[],
): S[] {
  const states = [initialState(game, config, deal, numPlayers)];
  for (const m of moves) states.push(applyMove(game, states[states.length - 1]!, deal, m));
  return states;
}

/** The last state of a recorded match, or null when its log no longer replays (a changed game, a broken record). */
export function lastState<S>(game: GameDef<S>, m: RecordedMatch): S | null {
  try {
    return replayStates(game, m.config, m, m.numPlayers, m.moves).at(-1)!;
  } catch {
    return null;
  }
}
