// The games' SIMULATED players, by game id, for the simulated endpoint (server/llm/simulated.ts): each answers the
// turns of its own game that the endpoint's generic move-picking cannot (free text, labelled answers, boards without
// the list of legal moves). The endpoint asks them in this order and takes the first answer.
import { codenamesSim } from './codenames/sim';
import { connectFourSim } from './connect-four/sim';
import { deepSim } from './deep/sim';
import { spySim } from './spy/sim';
import { ticTacToeSim } from './tictactoe/sim';
import { twoRoomsSim } from './two-rooms/sim';
import { aytSim } from './are-you-the-traitor/sim';
import { simulbenchSim } from './simulbench/sim';
import type { GameSim } from '../lib/engine/types';

export const sims: Record<string, GameSim> = {
  spy: spySim,
  codenames: codenamesSim,
  deep: deepSim,
  tictactoe: ticTacToeSim,
  'connect-four': connectFourSim,
  'two-rooms': twoRoomsSim,
  'are-you-the-traitor': aytSim,
  simulbench: simulbenchSim,
};
