// Sealed-bid auction rules (LLMArena's Bid): two bidders play a series of first-price sealed-bid auctions. In each
// auction every bidder draws a private valuation; both seal a bid at the same time; the higher bid wins the item
// and earns its valuation minus its bid. The match goes to the bidder with the higher total.
import { z } from 'zod';
import { seatName, type LogLine, type Outcome, type Rng, type Seat, type Viewer } from '../../lib/engine/types';

/** Always two bidders. */
export const NUM_SEATS = 2;
export const SEAT_NAMES = ['Player 1', 'Player 2'] as const;

export const configSchema = z
  .object({
    /** Auctions per match. */
    auctions: z.number().int().min(1).max(100).default(3),
    /** Valuations are drawn uniformly as whole numbers from 1 to maxValue, per bidder and auction. */
    maxValue: z.number().int().min(1).max(1000).default(100),
  })
  .strict();
export type BidConfig = z.infer<typeof configSchema>;
export const DEFAULT_CONFIG: BidConfig = { auctions: 3, maxValue: 100 };

export const actionSchema = z.object({
  type: z.literal('bid'),
  /** The sealed bid: a whole number from 0 to the bidder's valuation − 1 (checked by `reject`, so the message is one a player can act on). */
  amount: z.number(),
});
export type BidAction = z.infer<typeof actionSchema>;

/** One resolved auction: public to everyone once both bids are in. */
export interface AuctionResult {
  /** 1-based auction number. */
  auction: number;
  /** Each bidder's valuation of the item in this auction. */
  values: number[];
  /** Each bidder's bid. */
  bids: number[];
  /** The higher bidder, or null on a tie (the item is split). */
  winner: Seat | null;
  /** What each bidder earned: valuation − bid for the winner, 0 for the loser, (valuation − bid) / 2 each on a tie. */
  gains: number[];
}

/** The auction being bid on. */
export interface CurrentAuction {
  /** 1-based auction number. */
  auction: number;
  /** Private: each bidder's valuation, 1..maxValue; only its owner knows it until the auction resolves. */
  values: number[];
  /** Private: each bidder's sealed bid, null until placed; only its owner knows it until the auction resolves. */
  bids: (number | null)[];
}

export interface BidState {
  /** Auctions per match (from the config). */
  auctions: number;
  /** Highest possible valuation (from the config). */
  maxValue: number;
  /** The auction being bid on; null once every auction has resolved (the match is over). */
  current: CurrentAuction | null;
  /** Public: every resolved auction, oldest first. */
  history: AuctionResult[];
  /** Public: each bidder's total gain over the resolved auctions. */
  totals: number[];
}

/** The state as one viewer may see it. */
export interface BidView {
  /** The seat this view was made for; null for a spectator or an omniscient viewer. */
  viewer: Seat | null;
  auctions: number;
  maxValue: number;
  /** 1-based number of the auction being bid on; null once the match is over. */
  auction: number | null;
  /** Current valuations; null where hidden from this viewer (and for everyone once the match is over: see `history`). */
  values: (number | null)[];
  /** Current sealed bids; null where not placed yet or hidden from this viewer. */
  bids: (number | null)[];
  /** Public: which bidders have sealed a bid in the current auction (the amounts stay hidden). */
  sealed: boolean[];
  /**
   * Private notes: for each bidder, the current valuation and sealed bid written as distinctive text, e.g.
   * "[Player 1 / auction 2 / valuation 37]" and "[Player 1 / auction 2 / sealed bid 18]"; [] where hidden from this
   * viewer. They mirror `values` and `bids` in a form a substring search for leaks can rely on (see `secrets`).
   */
  notes: string[][];
  /** Every resolved auction with both valuations and bids (public). */
  history: AuctionResult[];
  /** Each bidder's total gain so far (public). */
  totals: number[];
  /** Bidders who still have to bid in the current auction; [] once the match is over. */
  toAct: Seat[];
  /** Why the match ended, null while it is running. */
  result: string | null;
  /** The winning seat; null while running or on a draw. */
  winner: Seat | null;
}

export const opponentOf = (seat: Seat): Seat => 1 - seat;

/** The private note for a bidder's valuation: a bracketed token no other text in the game produces. */
export const valueNote = (seat: Seat, auction: number, value: number): string =>
  `[${seatName(SEAT_NAMES, seat)} / auction ${auction} / valuation ${value}]`;
/** The private note for a bidder's sealed bid. */
export const bidNote = (seat: Seat, auction: number, bid: number): string =>
  `[${seatName(SEAT_NAMES, seat)} / auction ${auction} / sealed bid ${bid}]`;

/** Numbers as the log and prompts write them: whole numbers plain, halves (from split items) with one decimal. */
export const num = (x: number): string => (Number.isInteger(x) ? String(x) : String(Math.round(x * 100) / 100));

function drawValues(maxValue: number, rng: Rng): number[] {
  return Array.from({ length: NUM_SEATS }, () => 1 + rng.int(maxValue));
}

/** A state with given valuations for the first auction (and optionally later ones drawn by `apply`), for tests and examples. */
export function makeState(values: number[], config: Partial<BidConfig> = {}): BidState {
  const cfg = { ...DEFAULT_CONFIG, ...config };
  return {
    auctions: cfg.auctions,
    maxValue: cfg.maxValue,
    current: { auction: 1, values: values.slice(), bids: values.map(() => null) },
    history: [],
    totals: values.map(() => 0),
  };
}

/** Draws the first auction's valuations with the seeded rng (seat 0 first). */
export function setup(rng: Rng, config: Partial<BidConfig> = {}): BidState {
  const cfg = { ...DEFAULT_CONFIG, ...config };
  return makeState(drawValues(cfg.maxValue, rng), cfg);
}

/** The outcome of one auction with both bids in. */
export function resolveAuction(auction: number, values: number[], bids: number[]): AuctionResult {
  const [b0, b1] = [bids[0]!, bids[1]!];
  const winner = b0 === b1 ? null : b0 > b1 ? 0 : 1;
  const gains = values.map((v, seat) =>
    winner === null ? (v - bids[seat]!) / 2 : winner === seat ? v - bids[seat]! : 0,
  );
  return { auction, values: values.slice(), bids: bids.slice(), winner, gains };
}

export function outcome(s: BidState): Outcome | null {
  if (s.current) return null;
  const [t0, t1] = [s.totals[0]!, s.totals[1]!];
  const totals = `${num(t0)} to ${num(t1)}`;
  const after = `after ${s.auctions} auction${s.auctions === 1 ? '' : 's'}`;
  if (t0 === t1)
    return {
      scores: [0.5, 0.5],
      winner: null,
      rewards: s.totals.slice(),
      reason: `Both bidders gained ${num(t0)} ${after}: a draw`,
    };
  const winner = t0 > t1 ? 0 : 1;
  return {
    scores: [0, 1].map((seat) => (seat === winner ? 1 : 0)),
    winner,
    rewards: s.totals.slice(),
    reason: `${seatName(SEAT_NAMES, winner)} wins, gaining ${winner === 0 ? totals : `${num(t1)} to ${num(t0)}`} ${after}`,
  };
}

/** Both bidders while neither has bid in the auction, then only the one still to bid; [] when the match is over. */
export function activeSeats(s: BidState): Seat[] {
  if (!s.current) return [];
  return s.current.bids.flatMap((b, seat) => (b === null ? [seat] : []));
}

/** Every whole bid from 0 to the valuation − 1, for a bidder still to bid; [] for anyone else. */
export function legalActions(s: BidState, seat: Seat): BidAction[] {
  if (!s.current || !activeSeats(s).includes(seat)) return [];
  return Array.from({ length: s.current.values[seat]! }, (_, amount) => ({ type: 'bid' as const, amount }));
}

export function reject(s: BidState, seat: Seat, a: BidAction): string | null {
  // HIDDEN INFORMATION: the messages speak only of the seat's own valuation, never of the other bidder's.
  if (a?.type !== 'bid') return 'the only action is a bid of a whole number below your valuation, e.g. "Bid: 10"';
  const v = s.current!.values[seat]!;
  const range = v === 1 ? 'your only possible bid is 0' : `bid a whole number from 0 to ${v - 1}`;
  if (typeof a.amount !== 'number' || !Number.isInteger(a.amount) || a.amount < 0)
    return `your bid must be a whole number of at least 0 (got ${a.amount}); ${range}`;
  if (a.amount >= v) return `your bid must be below your valuation of ${v}; ${range}`;
  return null;
}

/**
 * Seals the bid; the second bid resolves the auction (public result, totals) and draws the next auction's valuations
 * with the ply's rng (seat 0 first). The bid is one `reject` accepted.
 */
export function apply(s: BidState, seat: Seat, a: BidAction, rng: Rng): BidState {
  const cur = s.current!;
  const bids = cur.bids.map((b, i) => (i === seat ? a.amount : b));
  const base = { auctions: s.auctions, maxValue: s.maxValue };
  if (bids.some((b) => b === null)) {
    return {
      ...base,
      current: { auction: cur.auction, values: cur.values.slice(), bids },
      history: s.history.map(copyResult),
      totals: s.totals.slice(),
    };
  }
  const result = resolveAuction(cur.auction, cur.values, bids as number[]);
  const history = [...s.history.map(copyResult), result];
  const totals = s.totals.map((t, i) => t + result.gains[i]!);
  const current =
    cur.auction < s.auctions
      ? { auction: cur.auction + 1, values: drawValues(s.maxValue, rng), bids: cur.values.map(() => null) }
      : null;
  return { ...base, current, history, totals };
}

const copyResult = (r: AuctionResult): AuctionResult => ({
  ...r,
  values: r.values.slice(),
  bids: r.bids.slice(),
  gains: r.gains.slice(),
});

export function view(s: BidState, v: Viewer): BidView {
  const result = outcome(s);
  const viewer = 'seat' in v ? v.seat : null;
  const cur = s.current;
  // HIDDEN INFORMATION: who may read a bidder's current valuation and sealed bid.
  //  - the omniscient viewer (replays, admins) always;
  //  - the bidder itself;
  //  - nobody else while the auction runs: not the other bidder (the first sealed bid must stay hidden from the
  //    second bidder until both are in), not spectators. Once both bids are in, the auction resolves at once and
  //    its valuations and bids move to the public `history`, so there is never a "both in but hidden" state.
  const mayRead = (owner: Seat) => 'omniscient' in v || viewer === owner;
  const seats = [0, 1];
  return {
    viewer,
    auctions: s.auctions,
    maxValue: s.maxValue,
    auction: cur?.auction ?? null,
    values: seats.map((owner) => (cur && mayRead(owner) ? cur.values[owner]! : null)),
    bids: seats.map((owner) => (cur && mayRead(owner) ? cur.bids[owner]! : null)),
    // Whether a bidder has bid is public (the arena announces whose turn it is), the amount is not.
    sealed: seats.map((owner) => (cur ? cur.bids[owner] !== null : false)),
    notes: seats.map((owner) => {
      if (!cur || !mayRead(owner)) return [];
      const bid = cur.bids[owner];
      return [
        valueNote(owner, cur.auction, cur.values[owner]!),
        ...(bid !== null && bid !== undefined ? [bidNote(owner, cur.auction, bid)] : []),
      ];
    }),
    // Resolved auctions are public: both valuations and both bids are revealed when an auction resolves.
    history: s.history.map(copyResult),
    totals: s.totals.slice(),
    toAct: activeSeats(s),
    result: result?.reason ?? null,
    winner: result?.winner ?? null,
  };
}

/** The public line announcing a resolved auction: both valuations and bids, the winner and the gains. */
export function resultLine(r: AuctionResult): string {
  const who = (seat: Seat, item: string) =>
    `${seatName(SEAT_NAMES, seat)} valued ${item} at ${r.values[seat]} and bid ${r.bids[seat]}`;
  const head = `Auction ${r.auction}: ${who(0, 'the item')}; ${who(1, 'it')}.`;
  if (r.winner === null) {
    return `${head} A tie: the item is split, ${seatName(SEAT_NAMES, 0)} gains ${num(r.gains[0]!)} and ${seatName(SEAT_NAMES, 1)} gains ${num(r.gains[1]!)}.`;
  }
  const loser = opponentOf(r.winner);
  return `${head} ${seatName(SEAT_NAMES, r.winner)} wins the item and gains ${num(r.gains[r.winner]!)}; ${seatName(SEAT_NAMES, loser)} gains 0.`;
}

export function describe(prev: BidState, next: BidState, seat: Seat, a: BidAction): LogLine[] {
  const auction = prev.current?.auction ?? 0;
  // HIDDEN INFORMATION: sealing a bid is public, its amount is not: the amount (with the seat's own valuation) goes
  // in a line only the bidder reads. When the second bid resolves the auction, both bids and valuations are public.
  const lines: LogLine[] = [{ text: `${seatName(SEAT_NAMES, seat)} seals a bid in auction ${auction}.` }];
  const resolved = next.history.length > prev.history.length ? next.history.at(-1) : undefined;
  if (!resolved) {
    // Written for its reader ("You bid…"); whoever else may read it (replays, after the end) reads it with the name.
    const value = prev.current?.values[seat];
    lines.push({
      text: `${seatName(SEAT_NAMES, seat)} bids ${a.amount} in auction ${auction} (valuation ${value}).`,
      yours: `You bid ${a.amount} in auction ${auction} (your valuation: ${value}).`,
      visibleTo: [seat],
    });
    return lines;
  }
  lines.push({ text: resultLine(resolved) });
  const result = outcome(next);
  if (result)
    lines.push({
      text: `${result.reason}. Totals: ${seatName(SEAT_NAMES, 0)} ${num(next.totals[0]!)}, ${seatName(SEAT_NAMES, 1)} ${num(next.totals[1]!)}.`,
    });
  return lines;
}

/**
 * For the conformance suite: each bidder's private notes for the current auction (its valuation, and its sealed
 * bid once placed). The bare numbers would collide with other content of a view (the other bidder's own valuation,
 * history, totals), so the distinctive bracketed notes of `view` are what a substring search looks for; the numeric
 * fields are checked directly in the tests. Resolved auctions are public: nothing of them is secret.
 */
export function secrets(s: BidState): { seat: Seat; values: string[] }[] {
  const cur = s.current;
  if (!cur) return [];
  return [0, 1].map((seat) => {
    const bid = cur.bids[seat];
    return {
      seat,
      values: [
        valueNote(seat, cur.auction, cur.values[seat]!),
        ...(bid !== null && bid !== undefined ? [bidNote(seat, cur.auction, bid)] : []),
      ],
    };
  });
}

/**
 * LLMArena's bid metrics: the bidder's valuation, its bid and the normalized deviation from the Bayesian Nash
 * equilibrium bid v/2 of the two-bidder first-price auction with uniform valuations: (bid − v/2) / (v/2).
 */
export function moveMetrics(prev: BidState, _next: BidState, seat: Seat, a: BidAction): Record<string, number> {
  const value = prev.current?.values[seat] ?? 0;
  const half = value / 2;
  return { value, bid: a.amount, deviation: half > 0 ? (a.amount - half) / half : 0 };
}
