// Whole Sea Battle matches with one player commanding each side (the engine or random orders), for the engine's
// strength test and bench/sea-battle.ts. Every active ship decides on the same state, as the match runner asks them.
import { applyMove, currentDeal, initialState } from '../../lib/engine/replay';
import type { GameDef, Rng } from '../../lib/engine/types';
import { teamOf, type SeaBattleAction, type SeaBattleState, type Team } from './rules';

export type SidePlayer = 'engine' | 'random';

export interface PlayoutResult {
  winner: Team | null;
  turns: number;
  scores: number[];
}

/** Plays a match from `seed` with `players[0]` commanding Red and `players[1]` Blue. */
export function playSide(
  game: GameDef<SeaBattleState, SeaBattleAction>,
  seed: string,
  players: [SidePlayer, SidePlayer],
  rng: Rng,
  config?: unknown,
): PlayoutResult {
  const deal = currentDeal(seed);
  let s = initialState(game, config ?? game.defaultConfig, deal, 6);
  let ply = 0;
  for (;;) {
    const result = game.outcome(s);
    if (result) return { winner: s.result!.winner, turns: s.last?.turn ?? 0, scores: result.scores };
    const active = game.activeSeats(s);
    const chosen = active.map((seat) => {
      const legal = game.legalActions(s, seat)!;
      const who = players[teamOf(seat) === 'Red' ? 0 : 1];
      return {
        seat,
        action: who === 'engine' ? game.engine(game.view(s, { seat }), seat, legal, rng, {}) : rng.pick(legal),
      };
    });
    for (const { seat, action } of chosen) s = applyMove(game, s, deal, { ply: ply++, seat, action });
  }
}
