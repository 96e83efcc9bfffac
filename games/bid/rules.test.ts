// Sealed-bid auction rules: seeded valuations, simultaneous bidding, rejections, payoffs and ties, match scoring,
// hidden sealed bids and valuations, public reveals, secrets, metrics and conformance.
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import { createRng } from '../../lib/engine/rng';
import { currentDeal, replayStates } from '../../lib/engine/replay';
import { bid as bidGame } from './index';
import {
  activeSeats,
  apply,
  configSchema,
  describe as describeMove,
  legalActions,
  makeState,
  moveMetrics,
  outcome,
  reject,
  secrets,
  setup,
  view,
  type BidState,
} from './rules';

const bid = (amount: number) => ({ type: 'bid' as const, amount });
/** Player 1 values the first item at 37, Player 2 at 60. */
const fresh = (config = {}) => makeState([37, 60], config);
/** Both seats bid (seat 0 first, as the runner applies simultaneous moves in seat order). */
const round = (s: BidState, b0: number, b1: number, rng = createRng('r')) =>
  apply(apply(s, 0, bid(b0), rng), 1, bid(b1), rng);

describe('setup', () => {
  it('is deterministic per seed and varies between seeds', () => {
    expect(setup(createRng('a'))).toEqual(setup(createRng('a')));
    const dealt = new Set(
      Array.from({ length: 30 }, (_, i) => JSON.stringify(setup(createRng(`s${i}`)).current!.values)),
    );
    expect(dealt.size).toBeGreaterThan(25);
  });

  it('draws whole valuations 1..maxValue for both seats, no bids, zero totals', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const s = setup(createRng(`deal-${i}`), { maxValue: 10 });
      expect(s.current!.auction).toBe(1);
      expect(s.current!.bids).toEqual([null, null]);
      expect(s.history).toEqual([]);
      expect(s.totals).toEqual([0, 0]);
      expect(s.auctions).toBe(3);
      for (const v of s.current!.values) {
        expect(Number.isInteger(v) && v >= 1 && v <= 10).toBe(true);
        seen.add(v);
      }
    }
    expect(seen.size).toBe(10);
  });

  it('reads the config with its defaults and refuses bad values', () => {
    expect(configSchema.parse({})).toEqual({ auctions: 3, maxValue: 100 });
    expect(bidGame.defaultConfig).toEqual({ auctions: 3, maxValue: 100 });
    expect(configSchema.safeParse({ auctions: 0 }).success).toBe(false);
    expect(configSchema.safeParse({ maxValue: 2.5 }).success).toBe(false);
    expect(configSchema.safeParse({ colour: 'red' }).success).toBe(false);
    const s = setup(createRng('c'), { auctions: 5, maxValue: 7 });
    expect(s.auctions).toBe(5);
    expect(s.maxValue).toBe(7);
  });

  it('uses only the given rng (the game def passes it and the config through)', () => {
    expect(bidGame.setup({ numPlayers: 2, config: { auctions: 2, maxValue: 50 }, rng: createRng('x') })).toEqual(
      setup(createRng('x'), { auctions: 2, maxValue: 50 }),
    );
  });
});

describe('simultaneous bidding', () => {
  it('activates both seats while neither has bid, then only the seat still to bid', () => {
    const s = fresh();
    expect(activeSeats(s)).toEqual([0, 1]);
    expect(activeSeats(apply(s, 0, bid(10), createRng('x')))).toEqual([1]);
    expect(activeSeats(apply(s, 1, bid(10), createRng('x')))).toEqual([0]);
    // Both in: the next auction starts with both seats active again.
    expect(activeSeats(round(s, 10, 20))).toEqual([0, 1]);
  });

  it('lists every whole bid below the own valuation, for each active seat', () => {
    const s = fresh();
    expect(legalActions(s, 0)).toEqual(Array.from({ length: 37 }, (_, i) => bid(i)));
    expect(legalActions(s, 1)).toHaveLength(60);
    expect(legalActions(s, 1).at(-1)).toEqual(bid(59));
    const after = apply(s, 0, bid(5), createRng('x'));
    expect(legalActions(after, 0)).toEqual([]);
    expect(legalActions(after, 1)).toHaveLength(60);
    expect(legalActions(makeState([1, 2]), 0)).toEqual([bid(0)]);
  });

  it('accepts the second bid on the state after the first, in either order', () => {
    const a = round(fresh(), 10, 20);
    const s = fresh();
    const b = apply(apply(s, 1, bid(20), createRng('r')), 0, bid(10), createRng('r'));
    expect(b.history).toEqual(a.history);
    expect(b.totals).toEqual(a.totals);
  });
});

describe('rejections', () => {
  const s = fresh();

  it('refuses a bid at or above the valuation with the valuation in the reason', () => {
    expect(reject(s, 0, bid(37))).toBe('your bid must be below your valuation of 37; bid a whole number from 0 to 36');
    expect(reject(s, 0, bid(99))).toMatch(/^your bid must be below your valuation of 37/);
    expect(reject(s, 1, bid(60))).toMatch(
      /^your bid must be below your valuation of 60; bid a whole number from 0 to 59$/,
    );
    expect(reject(makeState([1, 5]), 0, bid(1))).toBe(
      'your bid must be below your valuation of 1; your only possible bid is 0',
    );
  });

  it('refuses negative and fractional bids, and other actions', () => {
    expect(reject(s, 0, bid(-1))).toMatch(
      /^your bid must be a whole number of at least 0 \(got -1\); bid a whole number from 0 to 36$/,
    );
    expect(reject(s, 0, bid(2.5))).toMatch(/whole number of at least 0 \(got 2.5\)/);
    expect(reject(s, 0, bid(Number.NaN))).toMatch(/whole number/);
    expect(reject(s, 0, { type: 'pass' } as never)).toMatch(/only action is a bid/);
  });

  it('refuses a second bid in the same auction (the platform: that seat is no longer to move), naming no bid', () => {
    const after = apply(s, 0, bid(12), createRng('x'));
    expect(bidGame.reject(after, 0, bid(13))).toBe('it is not your turn: Player 2 is to move');
    // The other seat's rejection never mentions the sealed 12 (nor Player 1's valuation 37).
    const why = bidGame.reject(after, 1, bid(70))!;
    expect(why).toBe('your bid must be below your valuation of 60; bid a whole number from 0 to 59');
    expect(why).not.toMatch(/\b12\b|\b37\b/);
  });

  it('refuses everything once the match is over, and unknown seats (the platform)', () => {
    const over = round(round(round(fresh(), 1, 2), 0, 0), 0, 0);
    expect(outcome(over)).not.toBeNull();
    expect(bidGame.reject(over, 0, bid(0))).toBe('the game is over');
    expect(bidGame.reject(s, 2, bid(0))).toBe('it is not your turn: Player 1 and Player 2 are to move');
  });

  it('apply plays a bid reject accepted and never changes the previous state', () => {
    const copy = structuredClone(s);
    const next = apply(s, 0, bid(3), createRng('x'));
    expect(s).toEqual(copy);
    expect(next.current!.bids).toEqual([3, null]);
  });
});

describe('payoffs', () => {
  it('the higher bid wins valuation − bid, the loser gets 0, then values and bids are public', () => {
    const s = round(fresh(), 18, 25);
    expect(s.history).toEqual([{ auction: 1, values: [37, 60], bids: [18, 25], winner: 1, gains: [0, 35] }]);
    expect(s.totals).toEqual([0, 35]);
    const t = round(fresh(), 30, 2);
    expect(t.history[0]).toMatchObject({ winner: 0, gains: [7, 0] });
  });

  it('a tie splits the item: each gets half of its own valuation − bid', () => {
    const s = round(fresh(), 20, 20);
    expect(s.history[0]).toEqual({ auction: 1, values: [37, 60], bids: [20, 20], winner: null, gains: [8.5, 20] });
    expect(s.totals).toEqual([8.5, 20]);
    expect(round(makeState([1, 1]), 0, 0).history[0]!.gains).toEqual([0.5, 0.5]);
  });

  it('draws new valuations with the ply rng when an auction resolves, and adds up the rewards over the auctions', () => {
    let s = round(fresh(), 18, 25, createRng('next-1'));
    expect(s.current!.auction).toBe(2);
    expect(s.current!.bids).toEqual([null, null]);
    const rng = createRng('next-1');
    // The first bid draws nothing; the resolving bid draws seat 0's then seat 1's valuation.
    expect(s.current!.values).toEqual([1 + rng.int(100), 1 + rng.int(100)]);
    const [v0, v1] = s.current!.values as [number, number];
    s = round(s, v0 - 1, 0); // Player 1 wins 1 (or ties at 0 when v0 = 1)
    const g2 = s.history[1]!.gains;
    const [w0, w1] = s.current!.values as [number, number];
    s = round(s, 0, w1 - 1); // Player 2 wins 1 (or ties)
    const g3 = s.history[2]!.gains;
    expect(s.current).toBeNull();
    expect(s.history.map((r) => r.auction)).toEqual([1, 2, 3]);
    expect(s.totals).toEqual([0 + g2[0]! + g3[0]!, 35 + g2[1]! + g3[1]!]);
    expect(outcome(s)!.rewards).toEqual(s.totals);
    expect(v1).toBeGreaterThanOrEqual(1);
    expect(w0).toBeGreaterThanOrEqual(1);
  });
});

describe('outcome', () => {
  it('is null while auctions remain', () => {
    expect(outcome(fresh())).toBeNull();
    expect(outcome(round(fresh(), 1, 1))).toBeNull();
  });

  it('the higher total wins 1/0 with the totals as rewards', () => {
    const s = round(fresh({ auctions: 1 }), 18, 25);
    expect(outcome(s)).toEqual({
      scores: [0, 1],
      winner: 1,
      rewards: [0, 35],
      reason: 'Player 2 wins, gaining 35 to 0 after 1 auction',
    });
    expect(activeSeats(s)).toEqual([]);
    expect(legalActions(s, 0)).toEqual([]);
    const t = round(fresh({ auctions: 1 }), 20, 20);
    expect(outcome(t)).toEqual({
      scores: [0, 1],
      winner: 1,
      rewards: [8.5, 20],
      reason: 'Player 2 wins, gaining 20 to 8.5 after 1 auction',
    });
    const u = round(fresh({ auctions: 1 }), 36, 0);
    expect(outcome(u)).toMatchObject({ scores: [1, 0], winner: 0, rewards: [1, 0] });
  });

  it('equal totals are a draw', () => {
    const s = round(makeState([10, 10], { auctions: 1 }), 4, 4);
    expect(outcome(s)).toEqual({
      scores: [0.5, 0.5],
      winner: null,
      rewards: [3, 3],
      reason: 'Both bidders gained 3 after 1 auction: a draw',
    });
  });
});

describe('views', () => {
  const s = fresh();
  const oneIn = apply(s, 0, bid(18), createRng('x'));

  it('a seat sees its own valuation, never the other seat’s', () => {
    expect(view(s, { seat: 0 })).toEqual({
      viewer: 0,
      auctions: 3,
      maxValue: 100,
      auction: 1,
      values: [37, null],
      bids: [null, null],
      sealed: [false, false],
      notes: [['[Player 1 / auction 1 / valuation 37]'], []],
      history: [],
      totals: [0, 0],
      toAct: [0, 1],
      result: null,
      winner: null,
    });
    expect(view(s, { seat: 1 }).values).toEqual([null, 60]);
    expect(view(s, { seat: 1 }).notes).toEqual([[], ['[Player 2 / auction 1 / valuation 60]']]);
  });

  it('the first sealed bid is hidden from the other seat and spectators until both are in', () => {
    const mine = view(oneIn, { seat: 0 });
    expect(mine.bids).toEqual([18, null]);
    expect(mine.notes[0]).toEqual(['[Player 1 / auction 1 / valuation 37]', '[Player 1 / auction 1 / sealed bid 18]']);
    const theirs = view(oneIn, { seat: 1 });
    expect(theirs.bids).toEqual([null, null]);
    expect(theirs.values).toEqual([null, 60]);
    expect(theirs.sealed).toEqual([true, false]);
    expect(theirs.toAct).toEqual([1]);
    expect(JSON.stringify(theirs)).not.toMatch(/\b18\b|\b37\b/);
    const spectator = view(oneIn, { spectator: true });
    expect(spectator).toMatchObject({
      viewer: null,
      values: [null, null],
      bids: [null, null],
      sealed: [true, false],
      notes: [[], []],
    });
    expect(JSON.stringify(spectator)).not.toMatch(/\b18\b|\b37\b|\b60\b/);
  });

  it('the omniscient viewer sees everything', () => {
    const v = view(oneIn, { omniscient: true });
    expect(v.values).toEqual([37, 60]);
    expect(v.bids).toEqual([18, null]);
    expect(v.notes[1]).toEqual(['[Player 2 / auction 1 / valuation 60]']);
  });

  it('reveals both bids and valuations to everyone once the auction resolves', () => {
    const next = apply(oneIn, 1, bid(25), createRng('x'));
    for (const viewer of [{ seat: 0 }, { seat: 1 }, { spectator: true as const }]) {
      const v = view(next, viewer);
      expect(v.history).toEqual([{ auction: 1, values: [37, 60], bids: [18, 25], winner: 1, gains: [0, 35] }]);
      expect(v.totals).toEqual([0, 35]);
      expect(v.auction).toBe(2);
      expect(v.sealed).toEqual([false, false]);
    }
  });

  it('after the last auction, everything is public and nobody is to act', () => {
    const over = round(fresh({ auctions: 1 }), 18, 25);
    for (const viewer of [{ seat: 0 }, { seat: 1 }, { spectator: true as const }]) {
      const v = view(over, viewer);
      expect(v).toMatchObject({
        auction: null,
        values: [null, null],
        bids: [null, null],
        notes: [[], []],
        toAct: [],
        winner: 1,
      });
      expect(v.result).toBe('Player 2 wins, gaining 35 to 0 after 1 auction');
      expect(v.history).toHaveLength(1);
    }
  });

  it('views are copies: changing one does not change the state', () => {
    const s2 = round(fresh(), 18, 25);
    const v = view(s2, { omniscient: true });
    v.history[0]!.bids[0] = 99;
    v.totals[1] = 0;
    expect(s2.history[0]!.bids[0]).toBe(18);
    expect(s2.totals[1]).toBe(35);
  });
});

describe('describe', () => {
  it('announces a sealed bid publicly and tells its amount only to the bidder: to them as "You bid", to anyone else allowed the line by name', () => {
    const s = fresh();
    const lines = describeMove(s, apply(s, 0, bid(18), createRng('x')), 0, bid(18));
    expect(lines).toEqual([
      { text: 'Player 1 seals a bid in auction 1.' },
      {
        text: 'Player 1 bids 18 in auction 1 (valuation 37).',
        yours: 'You bid 18 in auction 1 (your valuation: 37).',
        visibleTo: [0],
      },
    ]);
    expect(JSON.stringify(lines.filter((l) => !l.visibleTo))).not.toMatch(/\b18\b|\b37\b/);
  });

  it('reveals both bids and valuations when the second bid resolves the auction', () => {
    const s = apply(fresh(), 0, bid(18), createRng('x'));
    const lines = describeMove(s, apply(s, 1, bid(25), createRng('x')), 1, bid(25));
    expect(lines).toEqual([
      { text: 'Player 2 seals a bid in auction 1.' },
      {
        text: 'Auction 1: Player 1 valued the item at 37 and bid 18; Player 2 valued it at 60 and bid 25. Player 2 wins the item and gains 35; Player 1 gains 0.',
      },
    ]);
  });

  it('describes a tie and the end of the match', () => {
    const s = apply(fresh({ auctions: 1 }), 1, bid(20), createRng('x'));
    const lines = describeMove(s, apply(s, 0, bid(20), createRng('x')), 0, bid(20));
    expect(lines.map((l) => l.text)).toEqual([
      'Player 1 seals a bid in auction 1.',
      'Auction 1: Player 1 valued the item at 37 and bid 20; Player 2 valued it at 60 and bid 20. A tie: the item is split, Player 1 gains 8.5 and Player 2 gains 20.',
      'Player 2 wins, gaining 20 to 8.5 after 1 auction. Totals: Player 1 8.5, Player 2 20.',
    ]);
    expect(lines.every((l) => !l.visibleTo)).toBe(true);
  });
});

describe('secrets', () => {
  it('lists each seat’s valuation note, and its bid note once sealed; nothing after the end', () => {
    const s = fresh();
    expect(secrets(s)).toEqual([
      { seat: 0, values: ['[Player 1 / auction 1 / valuation 37]'] },
      { seat: 1, values: ['[Player 2 / auction 1 / valuation 60]'] },
    ]);
    expect(secrets(apply(s, 0, bid(18), createRng('x')))[0]!.values).toEqual([
      '[Player 1 / auction 1 / valuation 37]',
      '[Player 1 / auction 1 / sealed bid 18]',
    ]);
    expect(secrets(round(fresh({ auctions: 1 }), 1, 1))).toEqual([]);
    expect(bidGame.secrets).toBe(secrets);
  });

  it('notes do not collide when both seats hold the same valuation and bid', () => {
    const s = apply(apply(makeState([40, 40]), 0, bid(20), createRng('x')), 1, bid(20), createRng('x'));
    const t = apply(makeState([40, 40]), 0, bid(20), createRng('x'));
    for (const { seat, values } of secrets(t)) {
      const other = JSON.stringify(view(t, { seat: 1 - seat }));
      for (const secret of values) expect(other).not.toContain(secret);
    }
    expect(s.current!.auction).toBe(2);
  });

  it('no seat or spectator view holds another seat’s valuation or sealed bid, over many seeded games', () => {
    for (let i = 0; i < 100; i++) {
      const rng = createRng(`secrets-${i}`);
      let s = setup(rng);
      while (outcome(s) === null) {
        for (const { seat, values } of secrets(s)) {
          for (const v of [{ seat: 1 - seat }, { spectator: true as const }]) {
            const json = JSON.stringify(view(s, v));
            for (const secret of values) expect(json).not.toContain(secret);
            // The numbers themselves are checked on the fields (digits appear elsewhere in views).
            expect(view(s, v).values[seat]).toBeNull();
            expect(view(s, v).bids[seat]).toBeNull();
          }
          // The owner does see its notes, so the search above looks for something real.
          expect(JSON.stringify(view(s, { seat }))).toContain(values[0]!);
        }
        const seat = activeSeats(s)[0]!;
        s = apply(s, seat, rng.pick(legalActions(s, seat)), rng);
      }
    }
  });
});

describe('moveMetrics', () => {
  it('records the valuation, the bid and the deviation from the equilibrium bid v/2', () => {
    const s = makeState([40, 60]);
    expect(moveMetrics(s, apply(s, 0, bid(20), createRng('x')), 0, bid(20))).toEqual({
      value: 40,
      bid: 20,
      deviation: 0,
    });
    expect(moveMetrics(s, apply(s, 0, bid(30), createRng('x')), 0, bid(30))).toEqual({
      value: 40,
      bid: 30,
      deviation: 0.5,
    });
    expect(moveMetrics(s, apply(s, 1, bid(15), createRng('x')), 1, bid(15))).toEqual({
      value: 60,
      bid: 15,
      deviation: -0.5,
    });
    expect(moveMetrics(s, apply(s, 1, bid(0), createRng('x')), 1, bid(0)).deviation).toBe(-1);
    const t = makeState([1, 5]);
    expect(bidGame.moveMetrics!(t, apply(t, 0, bid(0), createRng('x')), 0, bid(0), createRng('m'))).toEqual({
      value: 1,
      bid: 0,
      deviation: -1,
    });
  });
});

describe('determinism', () => {
  it('the same seed and moves rebuild the same states, with different valuations for different seeds', () => {
    const moves = [
      { ply: 0, seat: 0, action: bid(0) },
      { ply: 1, seat: 1, action: bid(0) },
      { ply: 2, seat: 0, action: bid(0) },
      { ply: 3, seat: 1, action: bid(0) },
    ];
    const a = replayStates(bidGame, bidGame.defaultConfig, currentDeal('seed-a'), 2, moves);
    expect(replayStates(bidGame, bidGame.defaultConfig, currentDeal('seed-a'), 2, moves)).toEqual(a);
    const b = replayStates(bidGame, bidGame.defaultConfig, currentDeal('seed-b'), 2, moves);
    expect(JSON.stringify(b.map((st) => (st as BidState).history))).not.toBe(
      JSON.stringify(a.map((st) => (st as BidState).history)),
    );
  });
});

describe('conformance', () => {
  it('keeps the game contract', () => {
    expect(checkConformance(bidGame, { seeds: 50 })).toEqual([]);
  });

  it('keeps it with other configs, down to valuations of 1', () => {
    expect(checkConformance(bidGame, { seeds: 10, config: { auctions: 5, maxValue: 3 } })).toEqual([]);
    expect(checkConformance(bidGame, { seeds: 5, config: { auctions: 2, maxValue: 1 } })).toEqual([]);
  });
});
