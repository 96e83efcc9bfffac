// One seeded match of the engine team (spymaster and operative, each deciding on its own seat's view) against the
// random team (a random valid clue word with a random number; random legal guesses and stops): shared by the engine
// test and bench/codenames.ts. The platform's generic playout cannot be used: a spymaster's clue is open-ended.
import type { GameDef, Outcome, Rng } from '../../lib/engine/types';
import { engineClue, engineGuess, randomClue } from './engine';
import { roleOf, teamOf, type CnAction, type CnState, type CnView, type Team } from './rules';

export interface CnPlayout {
  outcome: Outcome;
  plies: number;
  /** GameBench's score of the engine's team (its two seats' scores summed). */
  engineScore: number;
  engineWon: boolean;
}

export function playVsRandom(
  game: GameDef<CnState, CnAction, unknown, CnView>,
  rng: Rng,
  engineTeam: Team | 'both' | 'none',
): CnPlayout {
  let s = game.setup({ numPlayers: 4, config: {}, rng });
  let plies = 0;
  for (let active = game.activeSeats(s); active.length; active = game.activeSeats(s)) {
    const seat = active[0]!;
    const v = game.view(s, { seat });
    const smart = engineTeam === 'both' || teamOf(seat) === engineTeam;
    let a: CnAction;
    if (roleOf(seat) === 'spymaster') a = smart ? engineClue(v, seat, rng) : randomClue(v, rng);
    else {
      const legal = game.legalActions(s, seat)!;
      a = smart ? engineGuess(v, seat, legal, rng) : rng.pick(legal);
    }
    const why = game.reject(s, seat, a);
    if (why) throw new Error(`illegal ${JSON.stringify(a)}: ${why}`);
    s = game.apply(s, seat, a, rng);
    plies++;
  }
  const o = game.outcome(s)!;
  const side = engineTeam === 'Blue' ? [2, 3] : [0, 1];
  return {
    outcome: o,
    plies,
    engineScore: o.scores[side[0]!]! + o.scores[side[1]!]!,
    engineWon: o.summary === `${engineTeam} wins`,
  };
}
