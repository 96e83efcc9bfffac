// The engine test's and `npm run bench:engine codenames`'s matches (lib/engine/playout.ts): the measured team
// (spymaster and operative, each deciding on its own seat's view) against the random team (a random valid clue word
// with a random number; random legal guesses and stops). The generic playout cannot play it: a spymaster's clue is
// open-ended, so a random spymaster needs `randomClue`.
import { sideResult, type EnginePlayout } from '../../lib/engine/playout';
import { createRng } from '../../lib/engine/rng';
import type { GameDef } from '../../lib/engine/types';
import { engineClue, engineGuess, randomClue } from './engine';
import { roleOf, teamOf, type CnAction, type CnState, type CnView, type Team } from './rules';

const TEAMS: readonly Team[] = ['Red', 'Blue'];
const SIDES = TEAMS.map((team) => [0, 1, 2, 3].filter((seat) => teamOf(seat) === team));

export const playout: EnginePlayout = {
  sides: () => [...TEAMS],
  play: (def, m) => {
    const game = def as GameDef<CnState, CnAction, unknown, CnView>;
    const rng = createRng(m.seed);
    let s = game.setup({ numPlayers: game.defaultPlayers(m.config), config: m.config, rng });
    let plies = 0;
    let sidePlies = 0;
    for (let active = game.activeSeats(s); active.length; active = game.activeSeats(s)) {
      const seat = active[0]!;
      const v = game.view(s, { seat });
      const mine = teamOf(seat) === TEAMS[m.side];
      const smart = mine && m.player === 'engine';
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
      if (mine) sidePlies++;
    }
    return sideResult(game.outcome(s)!, SIDES, m.side, { plies, sidePlies });
  },
};
