// The list of playable games, for the server, the scheduler and the pages (no React: boards live in boards.ts).
// Adding a game: its folder, and one line here.
import { defineRegistry } from '../lib/engine/define-game';
import { bargain } from './bargain';
import { bid } from './bid';
import { codenames } from './codenames';
import { connectFour } from './connect-four';
import { deep } from './deep';
import { hanabi } from './hanabi';
import { hive } from './hive';
import { holdem } from './holdem';
import { holdemRisk } from './holdem-risk';
import { hiddenNumber } from './hidden-number';
import { santorini } from './santorini';
import { seaBattle } from './sea-battle';
import { pit } from './pit';
import { airLandSea } from './air-land-sea';
import { twoRooms } from './two-rooms';
import { areYouTheTraitor } from './are-you-the-traitor';
import { arcticScavengers } from './arctic-scavengers';
import { simulbench } from './simulbench';
import { spy } from './spy';
import { ticTacToe } from './tictactoe';

export const { games, ratedGames, testGames, playableGames, getGame } = defineRegistry({
  games: [
    ticTacToe,
    connectFour,
    holdem,
    bargain,
    bid,
    hanabi,
    spy,
    deep,
    holdemRisk,
    hive,
    seaBattle,
    santorini,
    pit,
    arcticScavengers,
    twoRooms,
    airLandSea,
    areYouTheTraitor,
    codenames,
    simulbench,
  ],
  testGames: [hiddenNumber],
});
