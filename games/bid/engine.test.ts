// The equilibrium baseline: bids floor(v/2) from the seat's own view, always legally, and outearns random bidding.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { bidEngine, equilibriumBid } from './engine';
import { bid as bidGame } from './index';
import { activeSeats, apply, legalActions, makeState, outcome, setup, view } from './rules';

const bid = (amount: number) => ({ type: 'bid' as const, amount });

describe('bid engine', () => {
  it('bids half the valuation, rounded down', () => {
    expect(equilibriumBid(37)).toBe(18);
    expect(equilibriumBid(60)).toBe(30);
    expect(equilibriumBid(1)).toBe(0);
    const s = makeState([37, 60]);
    expect(bidEngine(view(s, { seat: 0 }), 0, legalActions(s, 0), createRng('e'))).toEqual(bid(18));
    expect(bidEngine(view(s, { seat: 1 }), 1, legalActions(s, 1), createRng('e'))).toEqual(bid(30));
    expect(bidGame.engine!(view(makeState([1, 2]), { seat: 0 }), 0, [bid(0)], createRng('e'), {})).toEqual(bid(0));
  });

  it('works on the seat’s own view only: the other seat’s valuation does not matter', () => {
    const a = makeState([50, 3]);
    const b = makeState([50, 99]);
    expect(bidEngine(view(a, { seat: 0 }), 0, legalActions(a, 0))).toEqual(
      bidEngine(view(b, { seat: 0 }), 0, legalActions(b, 0)),
    );
  });

  it('always answers with a legal bid, for every valuation', () => {
    for (let v = 1; v <= 100; v++) {
      const s = makeState([v, 50]);
      const a = bidEngine(view(s, { seat: 0 }), 0, legalActions(s, 0));
      expect(legalActions(s, 0)).toContainEqual(a);
    }
  });

  it('outearns a uniformly random bidder on average over 300 seeded matches', () => {
    let engine = 0;
    let random = 0;
    for (let i = 0; i < 300; i++) {
      const rng = createRng(`vs-random-${i}`);
      const engineSeat = i % 2;
      let s = setup(rng);
      while (outcome(s) === null) {
        for (const seat of activeSeats(s)) {
          const legal = legalActions(s, seat);
          s = apply(s, seat, seat === engineSeat ? bidEngine(view(s, { seat }), seat, legal) : rng.pick(legal), rng);
        }
      }
      engine += s.totals[engineSeat]!;
      random += s.totals[1 - engineSeat]!;
    }
    expect(engine).toBeGreaterThan(random);
  });
});
