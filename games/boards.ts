// The board component of every game, by game id, for the browser (spectators, replays, human seats): a line a game.
'use client';

import type { ComponentType } from 'react';
import BargainBoard from './bargain/board';
import BidBoard from './bid/board';
import CodenamesBoard from './codenames/board';
import ConnectFourBoard from './connect-four/board';
import DeepBoard from './deep/board';
import HanabiBoard from './hanabi/board';
import HiveBoard from './hive/board';
import HoldemBoard from './holdem/board';
import HoldemRiskBoard from './holdem-risk/board';
import HiddenNumberBoard from './hidden-number/board';
import PitBoard from './pit/board';
import AirLandSeaBoard from './air-land-sea/board';
import AytBoard from './are-you-the-traitor/board';
import TwoRoomsBoard from './two-rooms/board';
import ArcticScavengersBoard from './arctic-scavengers/board';
import SantoriniBoard from './santorini/board';
import SeaBattleBoard from './sea-battle/board';
import SimulBenchBoard from './simulbench/board';
import SpyBoard from './spy/board';
import TicTacToeBoard from './tictactoe/board';
import type { BoardProps } from '../lib/engine/types';

export const boards: Record<string, ComponentType<BoardProps>> = {
  santorini: SantoriniBoard,
  simulbench: SimulBenchBoard,
  pit: PitBoard,
  codenames: CodenamesBoard,
  'air-land-sea': AirLandSeaBoard,
  'are-you-the-traitor': AytBoard,
  'two-rooms': TwoRoomsBoard,
  'arctic-scavengers': ArcticScavengersBoard,
  tictactoe: TicTacToeBoard,
  bid: BidBoard,
  bargain: BargainBoard,
  hanabi: HanabiBoard,
  hive: HiveBoard,
  holdem: HoldemBoard,
  'connect-four': ConnectFourBoard,
  'hidden-number': HiddenNumberBoard,
  spy: SpyBoard,
  'sea-battle': SeaBattleBoard,
  deep: DeepBoard,
  'holdem-risk': HoldemRiskBoard,
};
