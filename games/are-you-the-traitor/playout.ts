// The engine test's and `npm run bench:engine are-you-the-traitor`'s matches (lib/engine/playout.ts): the measured
// player holds one team (each of its seats deciding on its own view) against random players in the other team's seats.
// The roles, and so the teams, are drawn per match: the team's seats are read from the match's first state (the same
// seed deals the same roles), which the generic playout's fixed sides cannot do.
import { playEngineVsRandom, sideResult, type EnginePlayout } from '../../lib/engine/playout';
import { createRng } from '../../lib/engine/rng';
import type { Seat } from '../../lib/engine/types';
import { TEAM_OF, type AytState, type Team } from './rules';

const TEAMS: readonly Team[] = ['Good', 'Evil'];

export const playout: EnginePlayout = {
  sides: () => [...TEAMS],
  play: (game, m) => {
    const numPlayers = game.defaultPlayers(m.config);
    const first = game.setup({ numPlayers, config: m.config, rng: createRng(m.seed) }) as AytState;
    const sides = TEAMS.map((team) => first.roles.flatMap((r, seat): Seat[] => (TEAM_OF[r] === team ? [seat] : [])));
    const mine = sides[m.side]!;
    const p = playEngineVsRandom(game, createRng(m.seed), {
      engineSeats: m.player === 'engine' ? mine : [],
      numPlayers,
      config: m.config,
      engineOptions: m.engineOptions,
    });
    return sideResult(p.outcome, sides, m.side, {
      plies: p.plies,
      sidePlies: mine.reduce((a, s) => a + p.seatPlies[s]!, 0),
    });
  },
};
