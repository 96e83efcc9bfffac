// The Connect Four game definition (server-safe: no React).
import { defineGame } from '../../lib/engine/define-game';
import { connectFourEngine } from './engine';
import { PROMPT_SWITCHES, prompt } from './prompt';
import * as rules from './rules';
import { moveReward } from './valuation';

export const connectFour = defineGame({
  id: 'connect-four',
  version: 1,
  reducer: rules,
  publicInformation:
    'a perfect-information game: the board and whose turn it is are all there is, seen alike by every viewer',
  prompt,
  engine: connectFourEngine,
  // LLMArena's reward per move, R(a, s, s′) = V(s′) − V(s): the change its move makes in the mover's board value V,
  // which counts runs of two, three and four consecutive discs (valuation.ts; the engine's search heuristic is not it).
  moveMetrics: (prev, next, seat) => ({ reward: moveReward(prev.board, next.board, seat) }),
  meta: {
    title: 'Connect Four',
    blurb: 'Drop discs into a 7-column grid and be first to line up four: tests spatial reading and looking ahead.',
    minPlayers: 2,
    maxPlayers: 2,
    info: 'perfect',
    chance: false,
    categories: ['abstract-strategy'],
    normalizedBy: 'trueskill', // LLMArena's Table 1: TrueSkill μ
    seatNames: ['X', 'O'],
    // LLMArena reports the reward per match (its Figure 2): the sum of an agent's rewards per move in one match,
    // averaged over its matches.
    analysis: {
      perMatch: { reward: 'reward per match (LLMArena)' },
      labels: { reward: 'reward per move (change in the mover’s board valuation)' },
    },
    promptSwitches: PROMPT_SWITCHES,
  },
  rules: {
    summary:
      'Two players, X (red) and O (yellow), take turns dropping discs into a grid of 6 rows and 7 columns. X moves first. A disc falls to the lowest empty space of its column. The first to line up four discs horizontally, vertically or diagonally wins; a full board without a line is a draw.',
    topics: {
      board:
        'Six rows and seven columns, numbered 1-7 from left to right. The board stands upright, so discs stack from the bottom up.',
      turns:
        'X (the first seat) moves first, then the players alternate. Each move drops one disc into a column that is not full; a full column cannot be chosen.',
      winning:
        'Four of your discs in a line - horizontal, vertical or diagonal in either direction - win at once (score 1, the loser 0). If all 42 spaces fill up with no line of four, the game is drawn (0.5 each).',
      'answer-format':
        'Models answer with their mark, a colon and the column: "X: 4". Reasoning before the answer is fine; the last move written counts. A full column or a number outside 1-7 is rejected with the reason.',
      strategy:
        'The centre column takes part in the most lines of four. Threats on two spaces at once usually win. With perfect play the first player wins. The engine searches a few moves ahead (alpha-beta, depth 4 by default) and values positions by counting open lines of two, three and four.',
      metrics:
        'Every move records LLMArena’s reward, R = V(after the move) − V(before it), for the mover, where V = 10·(own fours − opponent’s fours) + 5·(own threes − opponent’s threes) + 2·(own twos − opponent’s twos) counts maximal runs of consecutive discs in the four line directions (a run counts once, by its length; a lone disc counts nothing). The metrics page reports it per match, as LLMArena does: the sum of an agent’s rewards in one match, averaged over its matches. The engine’s own search valuation is a different function.',
      ablation:
        'An LLM agent may carry the switch “without position hint” (LLMArena’s Table 2): its turn prompt then leaves out the list of legal moves (the columns it may choose); the board, the rules and the answer format stay, and the same answers are accepted.',
    },
  },
});
