// Bargain rules (LLMArena's Bargain, after "Deal or no deal"): two players split a pool of hats, balls and apples.
// Each player values the items privately; the whole pool is worth the same total to both. The players take turns
// proposing splits (with an optional public message) until one accepts the other's proposal with "Deal", or the
// rounds run out and both get nothing.
//
// A ROUND IS BOTH PLAYERS MOVING, as in LLMArena ("a series of up to 10 bargaining rounds", its appendix A.5; its
// observation "Now is round {round}" counts both players' turns as one round): in each round Player 1 moves, then
// Player 2. `maxRounds` (10) rounds are at most 2 × maxRounds turns (20). The game ends at the first Deal, or after
// Player 2's turn in round `maxRounds`: a proposal made on that last turn can never be accepted, so it ends the game
// with no deal.
//
// Where this follows the paper and not the authors' code: their environment (openrl/envs/bargain_env/bargain.py)
// ends the game as soon as Player 2 moves in round 10, before reading that move, so a Deal by Player 2 in round 10 is
// ignored there. The paper's rules ("if a consensus is not reached within these 10 rounds, the negotiation is
// considered a failure") count that Deal, and so does the arena.
//
// Before issue 17 a round here was one turn (10 rounds were 5 proposals each); `maxRounds` now means rounds of two
// turns. Matches stored before that change keep their length through `turnLimit` (the arena's own setting, set on
// them by migration 0013): at most that many turns, whatever `maxRounds` says, so they replay exactly.
import { z } from 'zod';
import { seatName, type LogLine, type Outcome, type Rng, type Seat, type Viewer } from '../../lib/engine/types';

export const NUM_SEATS = 2;
export const SEAT_NAMES = ['Player 1', 'Player 2'] as const;
/** The item types, in the order they are always written: hats, balls, apples. */
export const ITEMS = ['hats', 'balls', 'apples'] as const;
export type Item = (typeof ITEMS)[number];
/** A number per item type: counts, values or a share of the pool. */
export type Items = Record<Item, number>;
export const SINGULAR: Record<Item, string> = { hats: 'hat', balls: 'ball', apples: 'apple' };
/** Each item type appears 1-4 times in the pool, and the pool holds 5-7 items (as in "Deal or no deal"). */
export const MIN_COUNT = 1;
export const MAX_COUNT = 4;
export const MIN_ITEMS = 5;
export const MAX_ITEMS = 7;
/** The longest message a proposal may carry, in characters (after whitespace is collapsed). */
export const MESSAGE_LIMIT = 500;

export const configSchema = z
  .object({
    /** The most rounds the game lasts; a round is a turn of each player (Player 1, then Player 2). */
    maxRounds: z.number().int().min(1).max(100).default(10),
    /** What the whole pool is worth to each player. */
    total: z.number().int().min(1).max(100).default(10),
    /**
     * The arena's own, for matches stored when a round was one turn (migration 0013 sets it on them): the most turns
     * the game lasts, instead of 2 × maxRounds. Absent in new configs.
     */
    turnLimit: z.number().int().min(1).max(200).optional(),
  })
  .strict();
export type BargainConfig = z.infer<typeof configSchema>;
export const DEFAULT_CONFIG: BargainConfig = { maxRounds: 10, total: 10 };

export const proposeSchema = z.object({
  type: z.literal('propose'),
  /** Hats the PROPOSER takes (the other player gets the rest); whole, 0..count (checked by `reject`). */
  hats: z.number(),
  /** Balls the proposer takes. */
  balls: z.number(),
  /** Apples the proposer takes. */
  apples: z.number(),
  /** Optional public message to the other player, at most 500 characters (checked by `reject`). */
  message: z.string().optional(),
});
export const dealSchema = z.object({
  /** Accept the other player's proposal on the table: the game ends with that split. */
  type: z.literal('deal'),
});
export const actionSchema = z.discriminatedUnion('type', [proposeSchema, dealSchema]);
export type ProposeAction = z.infer<typeof proposeSchema>;
export type BargainAction = z.infer<typeof actionSchema>;

/** One turn taken, public to everyone. */
export type Turn =
  | {
      seat: Seat;
      type: 'propose';
      /** What the proposer takes; the other player would get `counts - take`. */
      take: Items;
      /** The message sent with it (one line, whitespace collapsed), or null. */
      message: string | null;
    }
  | { seat: Seat; type: 'deal' };

export interface BargainState {
  /** Public: how many hats, balls and apples the pool holds. */
  counts: Items;
  /** PRIVATE: each seat's value for one item of each type (values[seat].hats = one hat's worth to that seat). */
  values: Items[];
  /** Public: what the whole pool is worth to each seat (the same for both). */
  total: number;
  /** Public: the most rounds the game lasts (a round is a turn of each player: at most 2 × maxRounds turns). */
  maxRounds: number;
  /** Public: the most turns, for matches stored when a round was one turn (config `turnLimit`); else absent. */
  turnLimit?: number;
  /** Public: every turn taken, in order; seat 0 took the even-indexed ones (turn i is in round floor(i / 2) + 1). */
  turns: Turn[];
}

/** The proposal on the table, as everyone may see it. */
export interface Offer {
  /** The seat that proposed it. */
  seat: Seat;
  /** What the proposer takes. */
  take: Items;
  /** What the other player gets. */
  give: Items;
  message: string | null;
}

/** The state as one viewer may see it. */
export interface BargainView {
  /** The seat this view was made for; null for a spectator or an omniscient viewer. */
  viewer: Seat | null;
  counts: Items;
  total: number;
  maxRounds: number;
  /** Each seat's item values, or null where hidden from this viewer. */
  values: (Items | null)[];
  /**
   * Each seat's value card, e.g. "Player 1's values: hat 2, ball 1, apple 6", or null where hidden. The text names
   * its owner, so one seat's card can never be mistaken for the other's (the conformance secret search uses it).
   */
  valueCards: (string | null)[];
  /** Every turn so far (public). */
  turns: Turn[];
  /** The proposal that can be accepted now; null before the first proposal and once the game is over. */
  offer: Offer | null;
  /** The current round while running (1-based; a round is a turn of each player), the last round played once over. */
  round: number;
  /** Rounds that may still be played, counting the current one; 0 once over. */
  roundsLeft: number;
  /** Turns that may still be taken, counting the current one (2 per round left, 1 on Player 2's turn); 0 once over. */
  turnsLeft: number;
  /** Seat to move, null when the game is over. */
  toMove: Seat | null;
  /** The agreed split once a deal is made: what each seat gets. */
  deal: { proposer: Seat; shares: Items[] } | null;
  /** Why the game ended, null while it is running. */
  result: string | null;
  /** The winning seat; null while running, on a tie or without a deal. */
  winner: Seat | null;
  /** What each seat's share is worth to itself, once over. */
  rewards: number[] | null;
}

export const otherOf = (seat: Seat): Seat => 1 - seat;
export const items = (hats: number, balls: number, apples: number): Items => ({ hats, balls, apples });
const copyItems = (x: Items): Items => ({ hats: x.hats, balls: x.balls, apples: x.apples });

/** What a share is worth under a valuation. */
export const valueOf = (values: Items, share: Items): number => ITEMS.reduce((sum, i) => sum + values[i] * share[i], 0);
/** The rest of the pool after `take`. */
export const rest = (counts: Items, take: Items): Items =>
  items(counts.hats - take.hats, counts.balls - take.balls, counts.apples - take.apples);
export const itemCount = (x: Items): number => x.hats + x.balls + x.apples;

/** "1 hat, 2 balls and 0 apples" (natural English, for log lines and reasons). */
export function itemsText(x: Items): string {
  const parts = ITEMS.map((i) => `${x[i]} ${x[i] === 1 ? SINGULAR[i] : i}`);
  return `${parts[0]}, ${parts[1]} and ${parts[2]}`;
}

/** "1 hats 2 balls 0 apples" (the answer format, after LLMArena). */
export const planText = (x: Items): string => `${x.hats} hats ${x.balls} balls ${x.apples} apples`;

/** A seat's value card: the string a seat's own view shows and no other view may hold while the game runs. */
export const valueCard = (seat: Seat, values: Items): string =>
  `${seatName(SEAT_NAMES, seat)}'s values: hat ${values.hats}, ball ${values.balls}, apple ${values.apples}`;

/** Every valuation (whole numbers >= 0) under which the pool `counts` is worth exactly `total`. */
export function valuations(counts: Items, total: number): Items[] {
  const out: Items[] = [];
  for (let h = 0; h * counts.hats <= total; h++) {
    for (let b = 0; h * counts.hats + b * counts.balls <= total; b++) {
      const left = total - h * counts.hats - b * counts.balls;
      if (left % counts.apples === 0) out.push(items(h, b, left / counts.apples));
    }
  }
  return out;
}

/** Every pool allowed by the count rules that some valuation can make worth `total`. */
export function poolOptions(total: number): Items[] {
  const out: Items[] = [];
  for (let h = MIN_COUNT; h <= MAX_COUNT; h++) {
    for (let b = MIN_COUNT; b <= MAX_COUNT; b++) {
      for (let a = MIN_COUNT; a <= MAX_COUNT; a++) {
        const n = h + b + a;
        if (n >= MIN_ITEMS && n <= MAX_ITEMS && valuations(items(h, b, a), total).length > 0) out.push(items(h, b, a));
      }
    }
  }
  return out;
}

/** A state with the given pool and private values, e.g. for examples and tests. */
export function makeState(counts: Items, values: Items[], config: Partial<BargainConfig> = {}): BargainState {
  const cfg = { ...DEFAULT_CONFIG, ...config };
  const total = valueOf(values[0]!, counts);
  return {
    counts: copyItems(counts),
    values: values.map(copyItems),
    total,
    maxRounds: cfg.maxRounds,
    ...(cfg.turnLimit !== undefined ? { turnLimit: cfg.turnLimit } : {}),
    turns: [],
  };
}

/**
 * Draws the pool and both valuations with the seeded rng: a pool of 5-7 items (1-4 of each type), then for each seat
 * a valuation worth `total` for the whole pool, such that every item type is worth something to at least one player
 * (when the pool allows it). Which seat's valuation is drawn first is itself drawn, so neither seat is favoured.
 */
export function setup(rng: Rng, config: Partial<BargainConfig> = {}): BargainState {
  const cfg = { ...DEFAULT_CONFIG, ...config };
  const counts = rng.pick(poolOptions(cfg.total));
  const all = valuations(counts, cfg.total);
  const first = rng.pick(all);
  const covering = all.filter((v) => ITEMS.every((i) => first[i] > 0 || v[i] > 0));
  const second = rng.pick(covering.length ? covering : all);
  const values = rng.int(2) === 0 ? [first, second] : [second, first];
  return makeState(counts, values, cfg);
}

/** The seat whose turn it is (ignored once the game is over). */
export const toMove = (s: BargainState): Seat => s.turns.length % NUM_SEATS;
/** The round (1-based) of the turn with this 0-based index: a round is a turn of each player. */
export const roundOfTurn = (index: number): number => Math.floor(index / NUM_SEATS) + 1;
/** The most turns a game lasts: a turn of each player in each round (or a stored match's `turnLimit`). */
export const maxTurns = (s: { maxRounds: number; turnLimit?: number }): number =>
  s.turnLimit ?? s.maxRounds * NUM_SEATS;

/** The latest proposal, or null before the first one. */
function lastProposal(s: BargainState): (Turn & { type: 'propose' }) | null {
  for (let i = s.turns.length - 1; i >= 0; i--) {
    const t = s.turns[i]!;
    if (t.type === 'propose') return t;
  }
  return null;
}

export function outcome(s: BargainState): Outcome | null {
  const last = s.turns.at(-1);
  if (last?.type === 'deal') {
    const p = lastProposal(s)!;
    const shares = [0, 1].map((seat) => (seat === p.seat ? copyItems(p.take) : rest(s.counts, p.take)));
    const rewards = shares.map((share, seat) => valueOf(s.values[seat]!, share));
    const [r0, r1] = rewards as [number, number];
    const winner = r0 === r1 ? null : r0 > r1 ? 0 : 1;
    const split = shares
      .map((share, seat) => `${seatName(SEAT_NAMES, seat)} gets ${itemsText(share)}, worth ${rewards[seat]} to them`)
      .join('; ');
    const verdict = winner === null ? 'Equal values: a tie' : `${seatName(SEAT_NAMES, winner)} wins`;
    return {
      scores: winner === null ? [0.5, 0.5] : [winner === 0 ? 1 : 0, winner === 1 ? 1 : 0],
      winner,
      rewards,
      reason: `Deal in round ${roundOfTurn(s.turns.length - 1)} on ${seatName(SEAT_NAMES, p.seat)}'s proposal: ${split}; joint value ${r0 + r1}. ${verdict}`,
    };
  }
  if (s.turns.length >= maxTurns(s)) {
    const rounds =
      s.turnLimit !== undefined
        ? `${s.turnLimit} turn${s.turnLimit === 1 ? '' : 's'}`
        : `${s.maxRounds} round${s.maxRounds === 1 ? '' : 's'}`;
    return { scores: [0.5, 0.5], winner: null, rewards: [0, 0], reason: `No deal after ${rounds}: both get nothing` };
  }
  return null;
}

export function activeSeats(s: BargainState): Seat[] {
  return outcome(s) ? [] : [toMove(s)];
}

/** Every split the seat could propose, hats outermost: (0..hats) × (0..balls) × (0..apples). */
export function allPlans(counts: Items): ProposeAction[] {
  const out: ProposeAction[] = [];
  for (let h = 0; h <= counts.hats; h++) {
    for (let b = 0; b <= counts.balls; b++) {
      for (let a = 0; a <= counts.apples; a++) out.push({ type: 'propose', hats: h, balls: b, apples: a });
    }
  }
  return out;
}

/** For the seat to move: Deal (when the other player's proposal is on the table), then every plan; [] for anyone else. */
export function legalActions(s: BargainState, seat: Seat): BargainAction[] {
  if (!activeSeats(s).includes(seat)) return [];
  const plans: BargainAction[] = allPlans(s.counts);
  return lastProposal(s) ? [{ type: 'deal' }, ...plans] : plans;
}

/** A message as stored and shown: one line, runs of whitespace collapsed, trimmed; null when empty. */
export function normalizeMessage(message: string | undefined | null): string | null {
  if (typeof message !== 'string') return null;
  const m = message.replace(/\s+/g, ' ').trim();
  return m ? m : null;
}

export function reject(s: BargainState, seat: Seat, a: BargainAction): string | null {
  const example = `"Propose: I take ${planText(items(Math.min(1, s.counts.hats), 0, Math.min(1, s.counts.apples)))}"`;
  if (a.type === 'deal') {
    // The proposal on the table is always the other seat's (turns alternate and a deal ends the game).
    if (!lastProposal(s))
      return `there is no proposal from ${seatName(SEAT_NAMES, otherOf(seat))} to accept yet: make the first proposal, e.g. ${example}`;
    return null;
  }
  if (a.type !== 'propose')
    return `a move is either a proposal, e.g. ${example}, or "Deal" to accept the proposal on the table`;
  for (const i of ITEMS) {
    const n = a[i];
    const count = s.counts[i];
    const range = `take 0 to ${count}`;
    if (typeof n !== 'number' || !Number.isInteger(n))
      return `take a whole number of ${i}, from 0 to ${count} (got ${n})`;
    if (n < 0) return `you cannot take ${n} ${i}: ${range}`;
    if (n > count)
      return `there ${count === 1 ? 'is only 1' : `are only ${count}`} ${count === 1 ? SINGULAR[i] : i}: ${range}`;
  }
  if (a.message !== undefined && typeof a.message !== 'string') return 'the message must be text';
  const length = normalizeMessage(a.message)?.length ?? 0;
  if (length > MESSAGE_LIMIT)
    return `your message is ${length} characters long; the limit is ${MESSAGE_LIMIT}: shorten it`;
  return null;
}

/** Records the turn (a move `reject` accepted). The rng is not needed. */
export function apply(s: BargainState, seat: Seat, a: BargainAction, _rng?: Rng): BargainState {
  const turn: Turn =
    a.type === 'deal'
      ? { seat, type: 'deal' }
      : { seat, type: 'propose', take: items(a.hats, a.balls, a.apples), message: normalizeMessage(a.message) };
  return {
    ...s,
    counts: copyItems(s.counts),
    values: s.values.map(copyItems),
    turns: [...s.turns.map(copyTurn), turn],
  };
}

const copyTurn = (t: Turn): Turn => (t.type === 'deal' ? { ...t } : { ...t, take: copyItems(t.take) });

export function view(s: BargainState, v: Viewer): BargainView {
  const result = outcome(s);
  const viewer = 'seat' in v ? v.seat : null;
  // HIDDEN INFORMATION: who may read a seat's values (and value card).
  //  - the omniscient viewer (replays, admins) always sees both;
  //  - once the game is over both valuations are revealed to everyone (the result speaks of them anyway);
  //  - while it runs, a seat sees only its own, and a spectator sees neither.
  // Everything else - the pool, the total (the same for both seats by construction), proposals and messages - is public.
  const mayRead = (owner: Seat) => 'omniscient' in v || result !== null || viewer === owner;
  const p = lastProposal(s);
  const last = s.turns.at(-1);
  const deal =
    last?.type === 'deal' && p
      ? {
          proposer: p.seat,
          shares: [0, 1].map((seat) => (seat === p.seat ? copyItems(p.take) : rest(s.counts, p.take))),
        }
      : null;
  return {
    viewer,
    counts: copyItems(s.counts),
    total: s.total,
    maxRounds: s.maxRounds,
    values: s.values.map((x, owner) => (mayRead(owner) ? copyItems(x) : null)),
    valueCards: s.values.map((x, owner) => (mayRead(owner) ? valueCard(owner, x) : null)),
    turns: s.turns.map(copyTurn),
    offer:
      !result && p ? { seat: p.seat, take: copyItems(p.take), give: rest(s.counts, p.take), message: p.message } : null,
    round: roundOfTurn(result ? s.turns.length - 1 : s.turns.length),
    // Rounds with a turn still to play, this one included (= maxRounds − round + 1 without a stored turnLimit).
    roundsLeft: result ? 0 : Math.ceil((maxTurns(s) - s.turns.length + (s.turns.length % NUM_SEATS)) / NUM_SEATS),
    turnsLeft: result ? 0 : maxTurns(s) - s.turns.length,
    toMove: result ? null : toMove(s),
    deal,
    result: result?.reason ?? null,
    winner: result?.winner ?? null,
    rewards: result?.rewards ?? null,
  };
}

/** One public log line per proposal: "Player 1 proposes to take 1 hat, …, leaving 2 hats, … — “msg”". */
export function proposalLine(seat: Seat, take: Items, counts: Items, message: string | null): string {
  const line = `${seatName(SEAT_NAMES, seat)} proposes to take ${itemsText(take)}, leaving ${itemsText(rest(counts, take))} to ${seatName(SEAT_NAMES, otherOf(seat))}`;
  return message ? `${line}: “${message}”` : line;
}

export function describe(_prev: BargainState, next: BargainState, seat: Seat, a: BargainAction): LogLine[] {
  // HIDDEN INFORMATION: proposals, messages and deals are public; the values appear only in the result line, which is
  // written once the game is over (both valuations are revealed then).
  const t = next.turns.at(-1);
  const lines: LogLine[] = [
    {
      text:
        a.type === 'deal'
          ? `${seatName(SEAT_NAMES, seat)} accepts ${seatName(SEAT_NAMES, otherOf(seat))}'s proposal: deal`
          : proposalLine(
              seat,
              items(a.hats, a.balls, a.apples),
              next.counts,
              t?.type === 'propose' ? t.message : normalizeMessage(a.message),
            ),
    },
  ];
  const result = outcome(next);
  if (result) {
    const revealed = next.values.map((x, owner) => valueCard(owner, x)).join('; ');
    lines.push({ text: `${result.reason}. Revealed: ${revealed}.` });
  }
  return lines;
}

/**
 * For the conformance suite: while the game runs, each seat's value card is private to it. The card names its owner
 * ("Player 1's values: hat 2, ball 1, apple 6"), so the other seat's own card never matches it even when both
 * valuations are equal, and bare digits (which appear everywhere in a view) are never used as secrets.
 */
export function secrets(s: BargainState): { seat: Seat; values: string[] }[] {
  if (outcome(s)) return [];
  return s.values.map((x, seat) => ({ seat, values: [valueCard(seat, x)] }));
}

/**
 * Numbers recorded with each move, for the analysis pages (private to the mover until the match ends):
 *  - ownValue: what the mover's side of the split is worth to the mover (for a proposal, what it takes; for a deal,
 *    what it receives);
 *  - otherValue: what the other side is worth to the other seat;
 *  - itemsOffered (proposals only): how many items the proposal leaves to the other seat.
 */
export function moveMetrics(
  prev: BargainState,
  _next: BargainState,
  seat: Seat,
  a: BargainAction,
): Record<string, number> {
  const other = otherOf(seat);
  if (a.type === 'deal') {
    const p = lastProposal(prev);
    if (!p) return {};
    return {
      ownValue: valueOf(prev.values[seat]!, rest(prev.counts, p.take)),
      otherValue: valueOf(prev.values[other]!, p.take),
    };
  }
  const take = items(a.hats, a.balls, a.apples);
  const give = rest(prev.counts, take);
  return {
    ownValue: valueOf(prev.values[seat]!, take),
    otherValue: valueOf(prev.values[other]!, give),
    itemsOffered: itemCount(give),
  };
}
