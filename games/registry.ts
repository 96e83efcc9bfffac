// The list of playable games, for the server, the scheduler and the pages (no React: boards live in boards.ts).
import { connectFour } from './connect-four';
import { ticTacToe } from './tictactoe';
import type { GameDef } from './types';

export const games: GameDef[] = [ticTacToe, connectFour];

export function getGame(id: string): GameDef | undefined {
  return games.find((g) => g.id === id);
}
