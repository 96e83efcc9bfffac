// The sealed-bid auction game definition (server-safe: no React): LLMArena's Bid, a first-price sealed-bid auction.
import { defineGame } from '../../lib/engine/define-game';
import { bidEngine } from './engine';
import { prompt } from './prompt';
import * as rules from './rules';

export const bid = defineGame({
  id: 'bid',
  version: 1,
  reducer: rules,
  prompt,
  engine: bidEngine,
  meta: {
    title: 'Sealed-bid auction',
    blurb:
      'Two bidders with private valuations seal their bids at once; the higher bid wins the item for its valuation minus the bid: tests bidding under uncertainty.',
    minPlayers: 2,
    maxPlayers: 2,
    info: 'imperfect',
    chance: true,
    categories: ['hidden-information', 'non-deterministic'],
    normalizedBy: 'reward', // LLMArena's Table 1: average reward
    seatNames: [...rules.SEAT_NAMES],
    // The metrics page plots each agent's deviation from the equilibrium bid v/2 (LLMArena).
    analysis: {
      distribution: 'deviation',
      labels: {
        value: 'valuation of the item',
        bid: 'bid',
        deviation: 'normalized deviation from the equilibrium bid v/2',
      },
    },
  },
  rules: {
    summary:
      'Two bidders play a series of first-price sealed-bid auctions (3 by default). In each auction both receive a private valuation for the item, a whole number from 1 to 100, and seal a bid below it at the same time. The higher bid wins the item and gains its valuation minus its bid; the other bidder gains 0; equal bids split the item. The higher total after the last auction wins the match.',
    topics: {
      valuations:
        'At the start of each auction each bidder draws a valuation uniformly from the whole numbers 1 to maxValue (100 by default), independently, from the match seed. A bidder knows only its own valuation until the auction resolves.',
      bidding:
        'Both bidders bid at once: neither sees the other’s bid before bidding. A bid is a whole number from 0 to the valuation minus 1 (the bid must be below one’s valuation); anything else is rejected with the reason.',
      payoffs:
        'The higher bid wins the item and gains valuation − bid; the loser gains 0. On equal bids the item is split: each bidder gains (its own valuation − its bid) / 2. Then both valuations and both bids are shown to everyone and the next auction starts with new valuations.',
      winning:
        'After the last auction the bidder with the higher total gain wins the match (score 1, the other 0); equal totals are a draw (0.5 each). The totals are recorded as the match’s rewards.',
      'answer-format':
        'Models answer with the word Bid, a colon and the amount: "Bid: 23". Reasoning before the answer is fine; the last bid written counts ("bid 23", "I will bid $23" and a bare number on the last line are read too).',
      strategy:
        'With two bidders and independent uniform valuations, bidding half one’s valuation is the Bayesian Nash equilibrium. Each bid is recorded with its deviation from it, (bid − v/2) / (v/2): positive means overbidding, negative shading below the equilibrium. The baseline engine bids floor(v/2).',
      'hidden-information':
        'A bidder sees its own valuation and, once placed, its own sealed bid; the other bidder and spectators see only that a bid has been sealed. When both bids are in, the auction resolves and everything about it becomes public. Replays with the omniscient view show everything.',
    },
  },
});
