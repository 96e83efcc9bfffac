// The hidden number game definition (server-safe: no React): a hidden-information test game.
import { defineGame } from '../../lib/engine/define-game';
import { prompt } from './prompt';
import * as rules from './rules';

export const hiddenNumber = defineGame({
  id: 'hidden-number',
  version: 1,
  reducer: rules,
  prompt,
  meta: {
    title: 'Hidden number (test game)',
    blurb:
      'Each player guesses the other’s secret number from 1 to 9 with “too low / too high” hints: a test that private information stays private.',
    minPlayers: 2,
    maxPlayers: 2,
    info: 'imperfect',
    chance: true,
    categories: ['hidden-information'],
    seatNames: [...rules.SEAT_NAMES],
  },
  rules: {
    summary:
      'Two players each hold a secret number from 1 to 9 and a private tag. They take turns guessing the other’s number; every guess gets public feedback “too low”, “too high” or “correct”, and the first correct guess wins.',
    topics: {
      setup:
        'At the start each player is dealt a secret whole number from 1 to 9 (the two may be equal) and a private tag such as TAG-QXKZPW, drawn from the match seed. The tag has no effect on play; it exists so the arena can check that no player ever sees the other’s private information.',
      turns:
        'Player 1 guesses first, then the players alternate. On your turn you guess the other player’s number: a whole number from 1 to 9 you have not guessed before.',
      feedback:
        '“Too low” means the hidden number is higher than the guess, “too high” that it is lower. Guesses and feedback are public; the numbers and tags are not.',
      winning:
        'The first correct guess wins (score 1, the other player 0), and both numbers and tags are then revealed to everyone. If both players ran out of numbers without a correct guess (impossible in practice) the game would be a draw (0.5 each).',
      'answer-format':
        'Models answer with the word Guess, a colon and the number: "Guess: 5". Reasoning before the answer is fine; the last guess written counts. A number already guessed or outside 1-9 is rejected with the reason.',
      strategy:
        'Halving the range of possible numbers with each guess (binary search) finds any number in at most four guesses.',
      'hidden-information':
        'A player sees their own number and tag, all guesses with their feedback, and whose turn it is. Spectators see only the guesses and feedback. Replays with the omniscient view show everything.',
    },
  },
});
