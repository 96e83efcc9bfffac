// The equilibrium baseline for the sealed-bid auction: bid half the valuation, rounded down.
// With two bidders whose valuations are independent and uniform, bidding v/2 is the Bayesian Nash equilibrium of the
// first-price auction, the yardstick of LLMArena's deviation metric (see `moveMetrics` in rules.ts).
import type { Rng, Seat } from '../../lib/engine/types';
import type { BidAction, BidView } from './rules';

/** The equilibrium bid for a valuation: floor(v / 2), always below v for v ≥ 1. */
export const equilibriumBid = (value: number): number => Math.floor(value / 2);

/**
 * Bids floor(v / 2) with the seat's own valuation from its view (never the hidden state). Should the view lack it
 * (it cannot for a seat that is to bid), the middle of the legal bids is taken. The rng is not needed: the baseline
 * is deterministic.
 */
export function bidEngine(view: BidView, seat: Seat, legal: BidAction[], _rng?: Rng): BidAction {
  const value = view.values?.[seat];
  const amounts = legal.map((a) => a.amount);
  const target =
    typeof value === 'number' ? equilibriumBid(value) : Math.floor((Math.min(...amounts) + Math.max(...amounts)) / 2);
  // The legal bid closest to the target (the target itself whenever it is legal).
  let best = legal[0]!;
  for (const a of legal) if (Math.abs(a.amount - target) < Math.abs(best.amount - target)) best = a;
  return best;
}
