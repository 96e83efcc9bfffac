// Bargain baseline: a simple heuristic negotiator working on its own view only (it never sees the other's values).
import type { EngineOptions, Rng, Seat } from '../../lib/engine/types';
import { ITEMS, otherOf, valueOf, type BargainAction, type BargainView, type Items, type ProposeAction } from './rules';

/** Share of its total the engine asks for in the first round, and in the last one (it concedes linearly between). */
export const OPENING_DEMAND = 0.9;
export const FINAL_DEMAND = 0.5;

/** What the engine asks for in `round` (1-based) of `maxRounds`, in value to itself: from 90% down to 50% of the total. */
export function aspiration(total: number, round: number, maxRounds: number): number {
  const progress = maxRounds > 1 ? Math.min(1, Math.max(0, (round - 1) / (maxRounds - 1))) : 1;
  // The small epsilon keeps float noise (0.9 - 0.2 = 0.7000000000000001) from rounding a whole demand up.
  return Math.ceil(total * (OPENING_DEMAND - (OPENING_DEMAND - FINAL_DEMAND) * progress) - 1e-9);
}

/**
 * How much the other player seems to want each item type: the share of that type it claimed in its proposals so far
 * (1 for every type before it has proposed). Read from the public proposals only.
 */
export function revealedInterest(view: BargainView, seat: Seat): Items {
  const theirs = view.turns.filter((t) => t.seat === otherOf(seat) && t.type === 'propose');
  const interest = { hats: 1, balls: 1, apples: 1 };
  if (!theirs.length) return interest;
  for (const i of ITEMS) {
    const claimed = theirs.reduce((sum, t) => sum + (t.type === 'propose' ? t.take[i] : 0), 0);
    interest[i] = view.counts[i] ? claimed / (theirs.length * view.counts[i]) : 0;
  }
  return interest;
}

/**
 * The heuristic: accept the offer on the table when it gives at least half the total; otherwise propose the plan
 * that meets the round's demand while giving up as much as possible: the lowest own value at or above the demand,
 * then the most estimated worth left to the other (by the interest its proposals revealed), then the seeded rng.
 */
export function bargainEngine(
  v: BargainView,
  seat: Seat,
  legal: BargainAction[],
  rng: Rng,
  _opts: EngineOptions = {},
): BargainAction {
  // HIDDEN INFORMATION: only the seat's own values are in its view; the other's are null and never used.
  const mine = v.values[seat];
  const plans = legal.filter((a): a is ProposeAction => a.type === 'propose');
  if (!mine) return rng.pick(legal);
  const deal = legal.find((a) => a.type === 'deal');
  if (deal && v.offer && valueOf(mine, v.offer.give) * 2 >= v.total) return deal;
  if (!plans.length) return deal ?? rng.pick(legal);

  const demand = aspiration(v.total, v.round, v.maxRounds);
  const interest = revealedInterest(v, seat);
  const own = (p: ProposeAction) => valueOf(mine, p);
  const leftToThem = (p: ProposeAction) => ITEMS.reduce((sum, i) => sum + interest[i] * (v.counts[i] - p[i]), 0);
  const enough = plans.filter((p) => own(p) >= demand);
  const pool = enough.length ? enough : plans;
  const lowest = Math.min(...pool.map(own));
  const cheapest = pool.filter((p) => own(p) === lowest);
  const most = Math.max(...cheapest.map(leftToThem));
  return rng.pick(cheapest.filter((p) => leftToThem(p) >= most - 1e-9));
}
