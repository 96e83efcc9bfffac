// Hold'em baseline: estimates its chance to win a showdown against a random hand (Monte Carlo, from its own view only),
// then raises strong hands, calls when the price is right and checks or folds the rest.
import type { EngineOptions, Rng, Seat } from '../../lib/engine/types';
import { winProbability } from './hand';
import type { HoldemAction, HoldemView } from './rules';

/** Monte Carlo samples for the engine's estimate. */
export const ENGINE_SAMPLES = 200;

/**
 * The decision for a given win probability `p`, pot and price (pure, for tests):
 * - p >= 0.8: raise the full pot (or half, or go all-in when that is all that is left), and all-in for p >= 0.9;
 * - p >= 0.62: raise half the pot, or call;
 * - otherwise call when p beats the pot odds (call / (pot + call)) with a little margin, else check or fold; but in
 *   the match's last hand never fold when folding would lose the match (the score counts the winner, not the chips);
 * - a seeded 5% of weak hands with nothing to call bet half the pot (a bluff), so the engine is not fully predictable.
 */
export function decide(p: number, view: HoldemView, seat: Seat, legal: HoldemAction[], rng: Rng): HoldemAction {
  const find = (type: HoldemAction['type']) => legal.find((a) => a.type === type);
  const callOrCheck = find('check-call')!;
  const call = callOrCheck.type === 'check-call' ? (callOrCheck.amount ?? 0) : 0;
  const firstOf = (...types: HoldemAction['type'][]) => types.map(find).find((a) => a !== undefined) ?? callOrCheck;
  if (p >= 0.9) return firstOf('all-in', 'raise-full-pot', 'raise-half-pot');
  if (p >= 0.8) return firstOf('raise-full-pot', 'raise-half-pot', 'all-in');
  if (p >= 0.62) {
    // Do not re-raise forever with a merely good hand: facing a large bet, call.
    if (call > view.pot / 2) return callOrCheck;
    return firstOf('raise-half-pot', 'raise-full-pot');
  }
  if (call === 0) return rng.next() < 0.05 ? firstOf('raise-half-pot') : callOrCheck;
  // In the match's last hand only the final chip count matters: a fold that leaves fewer chips than the opponent loses
  // the match for sure, while a call still wins with probability about p, so the engine calls.
  const other = 1 - seat;
  if (view.hand === view.hands && view.stacks[seat]! < view.stacks[other]! + view.pot) return callOrCheck;
  const potOdds = call / (view.pot + call);
  return p > potOdds + 0.05 ? callOrCheck : (find('fold') ?? callOrCheck);
}

/** The engine's move from the seat's own view: its hole cards, the board and the amounts (never the other's cards). */
export function holdemEngine(
  v: HoldemView,
  seat: Seat,
  legal: HoldemAction[],
  rng: Rng,
  _opts: EngineOptions = {},
): HoldemAction {
  const hole = v.hole[seat];
  if (!hole) return legal.find((a) => a.type === 'check-call') ?? legal[0]!;
  const p = winProbability(hole, v.board, rng, ENGINE_SAMPLES);
  return decide(p, v, seat, legal, rng);
}
