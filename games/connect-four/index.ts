// The Connect Four game definition (server-safe: no React).
import { defineGame } from '../../lib/engine/define-game';
import { connectFourEngine, evaluateBoard } from './engine';
import { prompt } from './prompt';
import * as rules from './rules';

export const connectFour = defineGame({
  id: 'connect-four',
  reducer: rules,
  prompt,
  engine: connectFourEngine,
  // LLMArena's reward per move: the change, for the mover, in the board valuation that counts two, three and four in
  // a row (windows of four holding only one side's discs) after the move.
  moveMetrics: (prev, next, seat) => ({ reward: evaluateBoard(next.board, seat) - evaluateBoard(prev.board, seat) }),
  meta: {
    title: 'Connect Four',
    blurb: 'Drop discs into a 7-column grid and be first to line up four: tests spatial reading and looking ahead.',
    minPlayers: 2,
    maxPlayers: 2,
    info: 'perfect',
    chance: false,
    categories: ['abstract-strategy'],
    seatNames: ['X', 'O'],
  },
  rules: {
    summary:
      'Two players, X (red) and O (yellow), take turns dropping discs into a grid of 6 rows and 7 columns. X moves first. A disc falls to the lowest empty space of its column. The first to line up four discs horizontally, vertically or diagonally wins; a full board without a line is a draw.',
    topics: {
      board: 'Six rows and seven columns, numbered 1-7 from left to right. The board stands upright, so discs stack from the bottom up.',
      turns: 'X (the first seat) moves first, then the players alternate. Each move drops one disc into a column that is not full; a full column cannot be chosen.',
      winning:
        'Four of your discs in a line - horizontal, vertical or diagonal in either direction - win at once (score 1, the loser 0). If all 42 spaces fill up with no line of four, the game is drawn (0.5 each).',
      'answer-format':
        'Models answer with their mark, a colon and the column: "X: 4". Reasoning before the answer is fine; the last move written counts. A full column or a number outside 1-7 is rejected with the reason.',
      strategy:
        'The centre column takes part in the most lines of four. Threats on two spaces at once usually win. With perfect play the first player wins. The engine searches a few moves ahead (alpha-beta, depth 4 by default) and values positions by counting open lines of two, three and four.',
    },
  },
});
