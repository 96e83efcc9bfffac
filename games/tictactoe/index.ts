// The tic-tac-toe game definition (server-safe: no React).
import { defineGame } from '../../lib/engine/define-game';
import { ticTacToeEngine } from './engine';
import { PROMPT_SWITCHES, prompt } from './prompt';
import * as rules from './rules';

export const ticTacToe = defineGame({
  id: 'tictactoe',
  version: 1,
  reducer: rules,
  publicInformation:
    'a perfect-information game: the board and whose turn it is are all there is, seen alike by every viewer',
  prompt,
  engine: ticTacToeEngine,
  meta: {
    title: 'Tic-Tac-Toe',
    blurb: 'Three in a row on a 3×3 grid: the classic first test of whether a model can read a board.',
    minPlayers: 2,
    maxPlayers: 2,
    info: 'perfect',
    chance: false,
    categories: ['abstract-strategy'],
    normalizedBy: 'trueskill', // LLMArena's Table 1: TrueSkill μ
    seatNames: ['X', 'O'],
    promptSwitches: PROMPT_SWITCHES,
  },
  rules: {
    summary:
      'Two players, X and O, take turns marking empty squares of a 3×3 grid. X moves first. The first to get three of their marks in a row, column or diagonal wins; a full board without a line is a draw.',
    topics: {
      board:
        'Three rows and three columns. Squares are named (row,col): rows 1-3 from top to bottom, columns 1-3 from left to right, so (1,1) is the top-left corner and (3,3) the bottom-right.',
      turns:
        'X (the first seat) moves first, then the players alternate. Each move places one mark on an empty square; marks never move.',
      winning:
        'Three of your marks in one row, one column or one of the two diagonals wins at once (score 1, the loser 0). If all nine squares fill up with no line, the game is drawn (0.5 each).',
      'answer-format':
        'Models answer with their mark, a colon and the square: "X: (1,3)". Reasoning before the answer is fine; the last move written counts. A square that is taken or off the board is rejected with the reason.',
      strategy:
        'With perfect play the game is a draw. The centre and corners are the strongest squares; a fork (two threats at once) wins. The engine plays perfectly.',
      ablation:
        'An LLM agent may carry the switch “without position hint” (LLMArena’s Table 2): its turn prompt then leaves out the list of legal moves (the squares it may mark); the board, the rules and the answer format stay, and the same answers are accepted.',
    },
  },
});
