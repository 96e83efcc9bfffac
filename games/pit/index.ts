// The Pit game definition (server-safe: no React): GameBench's PT, commodity trading with corners, Bull and Bear.
import { defineGame } from '../../lib/engine/define-game';
import { pitEngine } from './engine';
import { GAMEBENCH_RULES, prompt } from './prompt';
import * as rules from './rules';

export const pit = defineGame({
  id: 'pit',
  version: 1,
  reducer: rules,
  prompt,
  engine: pitEngine,
  // A demo match ends at 200 points or after 40 offers (about 80 model moves), so simulated players finish in a minute.
  demoConfig: { targetScore: 200, maxTurns: 40 },
  meta: {
    title: 'Pit',
    blurb:
      'Trade cards semi-blindly — call out how many, never which — to corner Wheat, Barley, Corn or Soybeans, with the Bull and the Bear in the deck.',
    minPlayers: 2,
    maxPlayers: 4,
    seatNames: [...rules.SEAT_NAMES],
    // Each seat sees only its own hand; an offer shows how many cards, and only the two traders see what changed hands.
    info: 'imperfect',
    // The deal is shuffled every round.
    chance: true,
    // GameBench's Table 1: PT is language communication.
    // Its id in GameBench's results files (imported datasets).
    gamebenchId: 'pit',
    categories: ['language-communication'],
  },
  // GameBench plays Pit between two agents; 3 or 4 players are the arena's option.
  defaultPlayers: () => 2,
  rules: {
    summary: GAMEBENCH_RULES,
    topics: {
      // GameBench's appendix G lists no withheld topics for Pit: these are the details of its implementation and the arena's.
      Cards:
        'The deck holds 9 cards each of Wheat (100 points), Barley (85), Corn (75) and Soybeans (55), plus one Bull and one Bear. Each round it is shuffled and every player gets 9 cards; the others stay out of play.',
      Trading:
        'Players take turns offering 1 to 4 cards of one kind to another player. Everyone hears how many cards, only the offerer knows which. The player offered to accepts by giving the same number of cards of one kind, or refuses. Only the two traders learn what was traded.',
      Cornering:
        'After every answered offer, every hand with 6 or more cards of one commodity corners it and scores its value; the cards are then dealt again.',
      'Bull and Bear':
        'With the Bull, 5 cards of a commodity corner it (a bull corner); 6 or more with the Bull score double (a double bull corner). Holding the Bear takes 20 points off a corner.',
      Winning:
        'The match ends when a player reaches 500 points (GameBench) or after 150 offers (the arena’s cap). Each player scores their share of all points (GameBench divides by the total); with no points, the players share equally.',
      'answer-format':
        'Answer with one move exactly as listed: "Offer 2 Corn to Player 2", "Accept, giving Wheat" or "Refuse". Reasoning before it is fine; the last move written counts.',
      deviations:
        'The arena’s changes to GameBench’s implementation: one 9-card hand per player, offers made to one player and answered at once with as many cards, offers show only the number of cards, a corner is 6 or more, a cap of 150 offers, 2 to 4 players. The reasons are in games/pit/rules.ts.',
    },
  },
});
