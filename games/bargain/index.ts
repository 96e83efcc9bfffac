// The Bargain game definition (server-safe: no React): LLMArena's negotiation over hats, balls and apples.
import { defineGame } from '../../lib/engine/define-game';
import { bargainEngine } from './engine';
import { prompt } from './prompt';
import * as rules from './rules';

export const bargain = defineGame({
  id: 'bargain',
  version: 1,
  reducer: rules,
  prompt,
  engine: bargainEngine,
  meta: {
    title: 'Bargain',
    blurb:
      'Split a pool of hats, balls and apples by proposal and counter-proposal, each side valuing the items privately: tests negotiation and persuasion.',
    minPlayers: 2,
    maxPlayers: 2,
    info: 'imperfect',
    chance: true,
    categories: ['hidden-information', 'language-communication'],
    normalizedBy: 'trueskill', // LLMArena's Table 1: TrueSkill μ
    seatNames: [...rules.SEAT_NAMES],
    humanMoveSeconds: 120,
    analysis: {
      labels: {
        ownValue: 'value of the split to the mover',
        otherValue: 'value of the split to the other player',
        itemsOffered: 'items offered to the other player',
      },
    },
  },
  rules: {
    summary:
      'Two players split a pool of hats, balls and apples. Each values the items privately, and the whole pool is worth the same total (10) to both. They take turns proposing how many of each item the proposer takes, with an optional message, until one answers "Deal" to the other’s proposal; a round is a turn of each player, and after 10 rounds (20 turns) without a deal both get nothing. The player whose share is worth more to themselves wins.',
    topics: {
      setup:
        'The pool holds 5 to 7 items, 1 to 4 of each type, drawn from the match seed. Each player gets private values per item type (whole numbers, possibly 0) such that the whole pool is worth the configured total (10 by default) to them; every item type is worth something to at least one player.',
      rounds:
        'A round is a turn of each player, as in LLMArena: in every round Player 1 moves first, then Player 2, so 10 rounds are up to 20 turns and up to 10 proposals each. On a turn a player either proposes a split - how many hats, balls and apples they take, the other getting the rest - with an optional public message of up to 500 characters, or answers "Deal" to accept the other’s proposal on the table. There is nothing to accept on Player 1’s first turn.',
      ending:
        'The game ends at the first Deal, with the accepted split, or after the last round (10 by default) with no deal and nothing for anyone. Player 2’s turn in the last round is the last turn: a Deal there still counts, a proposal there can never be accepted, so it ends the game with no deal. (The paper’s rules count a Deal on that turn; the authors’ environment ends the game before reading it.)',
      winning:
        'Each player’s reward is what their share is worth to them. With a deal, the player whose share is worth more to themselves wins (score 1, the other 0); equal values are a tie (0.5 each). No deal is a draw (0.5 each) with reward 0 for both. The result also gives the joint value of the deal.',
      'answer-format':
        'Models answer "Propose: I take 1 hats 2 balls 0 apples" (what they take) or "Deal", optionally after a line "Message: …" with the message. Reasoning before the answer is fine; the last plan or Deal written counts. Taking more items than the pool holds, or Deal before any proposal, is rejected with the reason.',
      strategy:
        'Items worth little to you may be worth a lot to the other player: a split that gives each side what it values most can be good for both. The other’s proposals hint at what they value. In the last round Player 2, who moves last, holds an ultimatum.',
      'hidden-information':
        'A player sees the pool, their own values, every proposal and message, and the round. Spectators see the pool, the proposals and messages. Both valuations are revealed to everyone when the game ends; replays with the omniscient view show everything.',
      engine:
        'The baseline accepts any offer worth at least half its total; otherwise it proposes the cheapest plan meeting a demand that falls from 90% of its total in round 1 to 50% in the last round, leaving the other the items its proposals showed interest in.',
    },
  },
});
