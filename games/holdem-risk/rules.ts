// Hold'em risk probe (LLMArena's risk assessment, Figure 4): a pure state machine. The evaluated player (seat 1) is shown
// the fixed flop spots of spots.json one at a time and answers each with one of LLMArena's five actions; nothing is
// dealt or played out. The record of answers, each with its spot's estimated win rate, is what the results page reads.
//
// The paper's setup (LLMArena, ../shared/seeds/003_…txt, "Risk Assessment", lines 500–533, and Figure 4, lines 474–498):
// "we sampled 100 static card games from the dynamic Texas Hold'em environment. In each game, the LLMs are equipped with
// only two private cards and three public cards as their information basis. We use Monte Carlo sampling to estimate the
// winning rate of LLM in each game, then record the actions taken by each LLM under these specific conditions";
// Figure 4 plots, per LLM and action, "the average estimated win rate corresponding to each action".
// The actions are the environment's five (lines 236–238): Fold, Check & Call, Raise Half Pot, Raise Full Pot, All-In,
// named as the authors' code names them (THU-BPM/LLMArena, texas_no_limit_v6/opponent.py, act2pos): "Fold",
// "Check and Call", "Raise Half Pot", "Raise Full Pot", "All in".
//
// Facts the paper leaves open, and what the arena does (each the arena's own choice, said here):
// - The spots: the paper sampled its 100 from play and did not publish them. Here they are 100 deals from a seeded
//   shuffle (spots.ts, `generateSpots`), checked in with a version; each spot is the first decision on the flop after
//   both players put in the same chips before it (2, 4, 6 or 8, drawn), with 100 chips each at the start.
// - Which actions are offered: the environment's rule (RLCard's no-limit Hold'em, which PettingZoo wraps): fold and
//   check/call always (RLCard never removes Fold, even with nothing to call), a half-pot raise when half the pot is at
//   most the chips left, a full-pot raise when the pot is, all-in whenever the player is not facing a call of all its
//   chips (`spotActions`). In every spot of the set all five are offered.
// - The win rate: Monte Carlo against one uniformly random opponent hand (spots.ts, `WIN_RATE_METHOD`).
// - The host seat: host/guest tournaments (the only format of a judged evaluation) need a host, so seat 2 is the
//   Dealer, a placeholder never asked anything (any agent will do; Random costs nothing). The paper asked models alone.
import { z } from 'zod';
import type { LogLine, Outcome, Rng, Seat, Viewer } from '../../lib/engine/types';
import { RISK_SPOTS, RISK_VERSION, STARTING_CHIPS, SPOT_COUNT, type Spot } from './spots';

export const PLAYER: Seat = 0;
export const DEALER: Seat = 1;
export const SEAT_NAMES = ['Player', 'Dealer'] as const;
export const NUM_PLAYERS = 2;

export const configSchema = z
  .object({
    /** How many spots of the set the match asks, from the first (LLMArena: all 100). */
    spots: z.number().int().min(1).max(SPOT_COUNT).default(SPOT_COUNT),
  })
  .strict();
export type RiskConfig = z.infer<typeof configSchema>;

/** LLMArena's five actions, in the environment's order. */
export const RISK_ACTIONS = ['fold', 'check-call', 'raise-half-pot', 'raise-full-pot', 'all-in'] as const;
export type RiskActionType = (typeof RISK_ACTIONS)[number];
export const actionSchema = z.object({ type: z.enum(RISK_ACTIONS) }).strict();
export type RiskAction = z.infer<typeof actionSchema>;

/** The actions' names as LLMArena's prompts write them (texas_no_limit_v6/opponent.py, act2pos). */
export const ACTION_NAMES: Record<RiskActionType, string> = {
  fold: 'Fold',
  'check-call': 'Check and Call',
  'raise-half-pot': 'Raise Half Pot',
  'raise-full-pot': 'Raise Full Pot',
  'all-in': 'All in',
};

/** The numbers of a spot as the player faces it. */
export function spotChips(spot: Pick<Spot, 'putIn'>): { pot: number; left: number; half: number } {
  const pot = 2 * spot.putIn;
  return { pot, left: STARTING_CHIPS - spot.putIn, half: Math.floor(pot / 2) };
}

/**
 * The actions the environment offers in a spot (RLCard's no-limit rule; nothing to call on the flop yet): Fold and
 * Check and Call always; Raise Half Pot when half the pot (rounded down) is more than 0 and at most the chips left;
 * Raise Full Pot when the pot is at most the chips left; All in always (the player does not face a call).
 */
export function spotActions(spot: Pick<Spot, 'putIn'>): RiskAction[] {
  const { pot, left, half } = spotChips(spot);
  const out: RiskAction[] = [{ type: 'fold' }, { type: 'check-call' }];
  if (half > 0 && half <= left) out.push({ type: 'raise-half-pot' });
  if (pot <= left) out.push({ type: 'raise-full-pot' });
  out.push({ type: 'all-in' });
  return out;
}

export interface Answer {
  spotId: string;
  type: RiskActionType;
}

export interface RiskState {
  cfg: RiskConfig;
  /** The spot set's version at setup. */
  version: string;
  /** The spots this match asks, copied at setup so a replay never depends on the data file changing. */
  spots: Spot[];
  /** One answer per spot asked so far, in order. */
  answers: Answer[];
}

export function setup(_rng: Rng, cfg: RiskConfig, numPlayers: number): RiskState {
  if (numPlayers !== NUM_PLAYERS)
    throw new Error(`the Hold'em risk probe has two seats (the player and a placeholder dealer), not ${numPlayers}`);
  return {
    cfg,
    version: RISK_VERSION,
    spots: RISK_SPOTS.slice(0, cfg.spots).map((s) => ({ ...s, hole: [...s.hole], flop: [...s.flop] })),
    answers: [],
  };
}

const isOver = (s: RiskState) => s.answers.length >= s.spots.length;
export const currentSpot = (s: RiskState): Spot | null => s.spots[s.answers.length] ?? null;

export function activeSeats(s: RiskState): Seat[] {
  return isOver(s) ? [] : [PLAYER];
}

export function legalActions(s: RiskState, seat: Seat): RiskAction[] {
  const spot = currentSpot(s);
  return seat === PLAYER && spot ? spotActions(spot) : [];
}

export function reject(s: RiskState, seat: Seat, a: RiskAction): string | null {
  const legal = spotActions(currentSpot(s)!);
  if (!legal.some((x) => x.type === a?.type)) {
    return `that is not one of the actions you can choose now: answer one of ${legal.map((x) => `"${ACTION_NAMES[x.type]}"`).join(', ')}`;
  }
  return null;
}

export function apply(s: RiskState, _seat: Seat, a: RiskAction): RiskState {
  return { ...s, answers: [...s.answers, { spotId: currentSpot(s)!.id, type: a.type }] };
}

/** How many answers chose each action, in the environment's order: "Check and Call 60 · Raise Half Pot 25 · …". */
export function answerCounts(answers: readonly Answer[]): string {
  return RISK_ACTIONS.map((t) => [t, answers.filter((x) => x.type === t).length] as const)
    .filter(([, n]) => n > 0)
    .map(([t, n]) => `${ACTION_NAMES[t]} ${n}`)
    .join(' · ');
}

export function outcome(s: RiskState): Outcome | null {
  if (!isOver(s)) return null;
  // A probe, not a contest: nobody wins (equal scores), and it is never rated.
  return {
    scores: [0.5, 0.5],
    winner: null,
    reason: `${s.answers.length} spot${s.answers.length === 1 ? '' : 's'} answered`,
    summary: `Answered ${s.answers.length} spot${s.answers.length === 1 ? '' : 's'}: ${answerCounts(s.answers)}`,
  };
}

/** A spot as a viewer sees it: the win rate only where this viewer may know it. */
export interface SpotView {
  id: string;
  hole: string[];
  flop: string[];
  putIn: number;
  pot: number;
  left: number;
  /** Null for the player while the probe runs (knowing it would spoil the test). */
  winRate: number | null;
}

export interface RiskView {
  viewer: Seat | null;
  version: string;
  total: number;
  /** The spot being asked (0-based), or `total` once the probe is over. */
  index: number;
  spot: SpotView | null;
  answers: (SpotView & { type: RiskActionType })[];
  /** The outcome's summary once the probe is over. */
  result: string | null;
}

export function view(s: RiskState, v: Viewer): RiskView {
  const viewer = 'seat' in v ? v.seat : null;
  const over = isOver(s);
  // The estimated win rates are hidden from the player (only) until the end; spectators and the dealer see them.
  const showRate = over || viewer !== PLAYER;
  const spotView = (spot: Spot): SpotView => ({
    id: spot.id,
    hole: [...spot.hole],
    flop: [...spot.flop],
    putIn: spot.putIn,
    pot: spotChips(spot).pot,
    left: spotChips(spot).left,
    winRate: showRate ? spot.winRate : null,
  });
  const spot = currentSpot(s);
  return {
    viewer,
    version: s.version,
    total: s.spots.length,
    index: s.answers.length,
    spot: spot ? spotView(spot) : null,
    answers: s.answers.map((a, i) => ({ ...spotView(s.spots[i]!), type: a.type })),
    result: outcome(s)?.summary ?? null,
  };
}

/**
 * The estimated win rate of the spot being asked, kept from the player (only): the dealer's to see, and spectators'.
 * Written as the views write it (`"winRate":0.62`); the player's view writes null in its place.
 */
export function secrets(s: RiskState): { seat: Seat; values: string[]; spectators: boolean }[] {
  if (isOver(s)) return [];
  const spot = currentSpot(s);
  // The spot being asked only: an answered spot's rate reaches the player in its own move's metrics (`moveMetrics`,
  // as private as the move), although the view keeps it null until the end.
  return spot ? [{ seat: DEALER, values: [`"winRate":${JSON.stringify(spot.winRate)}`], spectators: true }] : [];
}

export function describe(prev: RiskState, _next: RiskState, _seat: Seat, a: RiskAction): LogLine[] {
  const spot = currentSpot(prev)!;
  const { pot } = spotChips(spot);
  return [
    {
      text: `Spot ${prev.answers.length + 1} of ${prev.spots.length} (${spot.hole.join(' ')}, flop ${spot.flop.join(' ')}, pot ${pot}): Player answers ${ACTION_NAMES[a.type]}`,
    },
  ];
}

/** The estimated win rate of the spot answered, recorded with the move (the exports carry it). */
export function moveMetrics(prev: RiskState): Record<string, number> {
  return { winRate: currentSpot(prev)!.winRate };
}
