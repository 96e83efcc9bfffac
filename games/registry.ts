// The list of playable games, for the server, the scheduler and the pages (no React: boards live in boards.ts).
import { bargain } from './bargain';
import { bid } from './bid';
import { connectFour } from './connect-four';
import { deep } from './deep';
import { hanabi } from './hanabi';
import { holdem } from './holdem';
import { hiddenNumber } from './hidden-number';
import { spy } from './spy';
import { ticTacToe } from './tictactoe';
import type { GameDef } from './types';

/** The arena's games: listed on every page, played by the demo tournament. */
export const games: GameDef[] = [ticTacToe, connectFour, holdem, bargain, bid, hanabi, spy, deep];

/** The games the leaderboard rates: all but the judged evaluations (DEEP), which have their own results pages. */
export const ratedGames: GameDef[] = games.filter((g) => !g.meta.evaluation);

/**
 * Games that exist for the test suite (a small hidden-information game for the leak tests), offered only when
 * ARENA_TEST_GAMES=1 (the end-to-end tests set it).
 */
export const testGames: GameDef[] = [hiddenNumber];

function enabledTestGames(): GameDef[] {
  return typeof process !== 'undefined' && process.env.ARENA_TEST_GAMES === '1' ? testGames : [];
}

/** The games a person may pick on the Play page. */
export function playableGames(): GameDef[] {
  return [...games, ...enabledTestGames()];
}

export function getGame(id: string): GameDef | undefined {
  return games.find((g) => g.id === id) ?? testGames.find((g) => g.id === id);
}
