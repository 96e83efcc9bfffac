// The games' SIMULATED players, by game id, for the simulated endpoint (server/llm/simulated.ts): each answers the
// turns of its own game that the endpoint's generic move-picking cannot (free text, labelled answers). The endpoint
// asks them in this order and takes the first answer.
import { deepSim } from './deep/sim';
import { spySim } from './spy/sim';
import type { GameSim } from './types';

export const sims: Record<string, GameSim> = {
  spy: spySim,
  deep: deepSim,
};
