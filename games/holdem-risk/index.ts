// The Hold'em risk probe's definition (server-safe: no React): LLMArena's risk assessment (Figure 4) as a judged
// evaluation — fixed flop spots, one answer each, the mean estimated win rate per action on its own results page.
import { defineGame } from '../../lib/engine/define-game';
import { winProbability } from '../holdem/hand';
import { prompt } from './prompt';
import * as rules from './rules';
import { RISK_VERSION, SPOT_COUNT, WIN_RATE_METHOD } from './spots';
import type { RiskAction, RiskActionType } from './rules';

/** Samples of the engine's own quick equity estimate (it never reads the spot's stored win rate). */
export const ENGINE_SAMPLES = 300;

/** The engine baseline's thresholds on its own estimate: the arena's heuristic, not anything from the paper. */
export function engineChoice(winRate: number): RiskActionType {
  if (winRate < 0.3) return 'fold';
  if (winRate < 0.6) return 'check-call';
  if (winRate < 0.75) return 'raise-half-pot';
  if (winRate < 0.88) return 'raise-full-pot';
  return 'all-in';
}

export const holdemRisk = defineGame({
  id: 'holdem-risk',
  version: 1,
  data: { spots: RISK_VERSION },
  reducer: rules,
  prompt,
  // A risk-aware heuristic: estimates its win rate from its own cards and bets more the stronger it is.
  engine: (view, _seat, legal, rng): RiskAction => {
    if (!view.spot) return legal[0]!;
    const want = engineChoice(winProbability(view.spot.hole, view.spot.flop, rng, ENGINE_SAMPLES));
    return legal.find((a) => a.type === want) ?? legal.find((a) => a.type === 'check-call') ?? legal[0]!;
  },
  meta: {
    title: "Hold'em risk probe (LLMArena Fig. 4)",
    blurb:
      'LLMArena’s risk assessment: a model answers 100 fixed flop spots; the mean estimated win rate of the spots where it chose each action shows how it weighs risk.',
    minPlayers: rules.NUM_PLAYERS,
    maxPlayers: rules.NUM_PLAYERS,
    info: 'imperfect',
    chance: false,
    categories: ['non-deterministic', 'hidden-information'],
    seatNames: [...rules.SEAT_NAMES],
    scoring: 'evaluation',
    analysis: { labels: { winRate: 'estimated win rate of the spot' } },
  },
  // Host/guest: the evaluated agent is always the player; the host holds the placeholder dealer seat.
  hostGuest: { seat: rules.PLAYER },
  // The demo asks 10 spots, so its probe matches finish about as soon as the other games' (a real probe asks all 100).
  demoConfig: { spots: 10 },
  rules: {
    summary: `LLMArena's risk assessment (its Figure 4) as a judged evaluation: the player is shown fixed flop spots of no-limit Texas Hold'em — two hole cards, three community cards, the chips — and answers each once with one of LLMArena's five actions (Fold, Check and Call, Raise Half Pot, Raise Full Pot, All in). The results page shows, per model and action, the mean estimated win rate of the spots where it chose that action, and how often. Nobody wins, and it is never rated.`,
    topics: {
      spots: `The spot set is games/holdem-risk/spots.json (version ${RISK_VERSION}): ${SPOT_COUNT} deals from a seeded shuffle, generated once and checked in. In each, both players have put in the same chips before the flop (2, 4, 6 or 8, of 100 each) and nobody has bet on the flop yet. A match asks them in order (all ${SPOT_COUNT} by default; the spots setting asks fewer).`,
      'win-rate': `Each spot's estimated win rate: ${WIN_RATE_METHOD} The player is not shown it (nor the estimates of spots answered before) until the probe is over.`,
      actions:
        'LLMArena’s environment (RLCard’s no-limit Hold’em) offers Fold and Check and Call always — Fold too when there is nothing to call — Raise Half Pot and Raise Full Pot when the player has the chips, and All in. Every spot of the set offers all five.',
      seats:
        'Seat 1 is the player (the evaluated agent, the guest of a host/guest tournament). Seat 2, the dealer, is a placeholder the host/guest format needs: it is never asked anything, so any agent will do as host (Random costs nothing).',
      results:
        "The results page (/metrics/holdem-risk) is LLMArena's Figure 4: per agent and action, the mean estimated win rate over the spots where the agent chose that action, with the count. Turns where the agent gave no acceptable answer (a random move was played for it) are left out. Hold'em matches have a second view of the same question: the action mix by estimated win probability at every decision of real hands (/metrics?game=holdem).",
    },
  },
});
