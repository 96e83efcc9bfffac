// The Texas Hold'em game definition (server-safe: no React): heads-up no-limit, LLMArena's five actions.
import { defineGame } from '../../lib/engine/define-game';
import { holdemEngine } from './engine';
import { winProbability } from './hand';
import { prompt } from './prompt';
import * as rules from './rules';

/** Monte Carlo samples for the win probability recorded with each move. */
export const METRIC_SAMPLES = 300;

export const holdem = defineGame({
  id: 'holdem',
  version: 1,
  reducer: rules,
  prompt,
  engine: holdemEngine,
  moveMetrics: (prev, _next, seat, _a, rng) => ({
    winProb: winProbability(prev.hole[seat]!, prev.board, rng, METRIC_SAMPLES),
  }),
  meta: {
    title: "Texas Hold'em",
    blurb:
      'Heads-up no-limit poker with hidden hole cards: tests reasoning about odds, bet sizing and an opponent you cannot see.',
    minPlayers: 2,
    maxPlayers: 2,
    info: 'imperfect',
    chance: true,
    categories: ['non-deterministic', 'hidden-information'],
    normalizedBy: 'trueskill', // LLMArena's Table 1: TrueSkill μ
    seatNames: [...rules.SEAT_NAMES],
    // The metrics page shows each agent's action mix by its estimated win probability (LLMArena's risk analysis).
    analysis: { mixBy: 'winProb', labels: { winProb: 'estimated win probability' } },
  },
  rules: {
    summary:
      "Two players play no-limit Texas Hold'em. Each gets two private hole cards; five community cards come in three steps (flop, turn, river) with a betting round before each step and after the last. A player may fold, check or call, raise half the pot, raise the whole pot or go all-in. The best five-card hand at the showdown wins the pot, unless one player folded first. By default a match is one hand with 100 chips each and blinds 1/2.",
    topics: {
      setup:
        'Each player starts with the same chips (100 by default). A hand is dealt from a freshly shuffled 52-card deck drawn from the match seed: two hole cards each, then up to five community cards. A match has one hand by default; with several the button alternates and the match ends early when a player has no chips left.',
      blinds:
        'Heads-up, the button (dealer) posts the small blind (1 by default) and the other player the big blind (2). The button acts first before the flop; the other player acts first on the flop, turn and river. In hand 1 Player 1 has the button.',
      betting:
        'A betting round ends when both players have acted and put in the same amount, or when one is all-in and the other has called (or folded). If no more betting is possible (a player is all-in), the remaining community cards are dealt out and the hands are shown.',
      moves:
        'Fold (only when facing a bet). Check (nothing to call) or Call N (match the bet; with fewer chips, call all-in). Raise half pot (to X): call, then raise by half of the pot after the call, so X = the current bet + max(minimum raise, floor(pot after calling / 2)). Raise full pot (to X): X = the current bet + max(minimum raise, pot after calling). The minimum raise is the last full bet or raise of the round, at least the big blind. Raises are offered only when X is less than going all-in, and never when the opponent is all-in. All-in (N): put in every chip left, offered when it is more than a call.',
      showdown:
        'The best five cards of the seven (two hole cards and the board) win: straight flush (royal flush at the top), four of a kind, full house, flush, straight (A-2-3-4-5 is the lowest), three of a kind, two pair, pair, high card; ties are broken by the ranks that make the hand, then kickers. Equal hands split the pot. A bet the other player could not match is handed back first.',
      winning:
        'The player with more chips at the end of the match wins (score 1, the other 0); equal chips are a draw (0.5 each). The rewards are the chips won or lost.',
      'answer-format':
        'Models end their reply with one line holding one of the legal moves exactly as listed: "Fold", "Check", "Call 2", "Raise half pot (to 4)", "Raise full pot (to 6)", "All-in (99)". The bare names are read too ("call", "raise half pot", "all in"); the last move written counts.',
      'hidden-information':
        'A player sees their own hole cards, the community cards, every bet and the stacks. The opponent’s hole cards are shown only at a showdown; a fold shows no cards. Spectators see the hole cards live only with the openCards setting, and everything once the match is over; replays show everything.',
      analysis:
        "With each move the arena records the mover's win probability: a Monte Carlo estimate (300 samples) of their chance to win a showdown against a random hand, from their hole cards and the community cards at the decision.",
      strategy:
        'Position (acting last after the flop) is an advantage; pot odds tell when a call pays. The engine estimates its win probability against a random hand and raises strong hands, calls when the price is right and checks or folds otherwise.',
    },
  },
});
