// Pit (GameBench's PT): the commodity-trading game as turns. Pure and seeded.
//
// SOURCES
// - The paper (GameBench, appendix G): the rules summary shown to models (Pit has no withheld topics there);
//   appendix F: "Players must semi-blindly trade cards to try to obtain enough of any commodity to 'corner the
//   market.' Agents are awarded points based on the commodity that they corner the market with."
// - GameBench's games/pit/pit.py: the commodities and values (Wheat 100, Barley 85, Corn 75, Soyabeans 55), a deck of
//   9 cards of each commodity plus one Bull and one Bear, offers of 1-4 cards of one commodity, a corner at 6 cards of
//   one commodity (5 with the Bull: a bull corner; 6 with the Bull: a double bull corner, twice the value), 20 points
//   off a corner for holding the Bear, a new deal after every corner, a winning score of 500, two players taking turns,
//   and the match score of each player = its points / the total points (matches.json holds such fractions).
//
// DEVIATIONS (and why)
// - One 9-card hand per seat. GameBench deals the 38 cards round-robin to two "virtual" hands per agent, applies each
//   trade to both, yet shows the agent only the first: a quirk, not a rule. 9 cards is the size of its hands; the
//   cards not dealt stay out of play for the round.
// - An offer names its receiver and is answered at once (accept by giving the same number of cards of one commodity,
//   or refuse). GameBench keeps public offers pending for anyone and lets the accepter give back any number of any
//   card; Pit trades are like for like in number, and a directed offer is what a turn-based table (and the issue)
//   needs: "offers of 1-4 cards of one commodity to other players, accepted or refused". Hands stay at 9 cards.
// - An offer shows only how many cards are offered (Pit's rule: players call out the number of cards, not the
//   commodity; the paper's "semi-blindly"). GameBench's offers name the commodity. The two traders see what they
//   traded; nobody else does.
// - A corner is 6 or more of one commodity (GameBench checks for exactly 6, so 7 would never score, a bug).
// - A turn cap (`maxTurns` offers, 150 by default): GameBench has none, and two players who keep refusing would never
//   end. At the cap, points decide as at the target.
// - Scores: GameBench divides each player's points by the total; points below 0 count as 0 there, and with no points
//   at all the players share equally (GameBench would divide by zero).
// - Players: GameBench plays two agents; the arena also seats 3 or 4 (4 x 9 cards still fit the 38-card deck).
import { z } from 'zod';
import { seatName, type LogLine, type Outcome, type Rng, type Seat, type Viewer } from '../../lib/engine/types';

export const COMMODITIES = ['Wheat', 'Barley', 'Corn', 'Soybeans'] as const;
export const CARDS = [...COMMODITIES, 'Bull', 'Bear'] as const;
export type Commodity = (typeof COMMODITIES)[number];
export type Card = (typeof CARDS)[number];
export const VALUES: Record<Commodity, number> = { Wheat: 100, Barley: 85, Corn: 75, Soybeans: 55 };
export const BEAR_PENALTY = 20;
export const CARDS_PER_COMMODITY = 9;
export const HAND_SIZE = 9;
export const MAX_OFFER = 4;

export const configSchema = z.object({
  /** Points that end the match (GameBench: 500). */
  targetScore: z.number().int().min(1).max(5000).default(500),
  /** Offers after which the match ends (the arena's cap; GameBench has none). */
  maxTurns: z.number().int().min(1).max(1000).default(150),
  /** Cards of one commodity that corner it (GameBench: 6). */
  cornerSize: z.number().int().min(3).max(9).default(6),
});
export type PitConfig = z.infer<typeof configSchema>;

const cardEnum = z.enum(CARDS);
export const actionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('offer'),
    card: cardEnum,
    count: z.number().int().min(1).max(MAX_OFFER),
    to: z.number().int().min(0),
  }),
  z.object({ type: z.literal('accept'), card: cardEnum }),
  z.object({ type: z.literal('refuse') }),
]);
export type PitAction = z.infer<typeof actionSchema>;

export interface Offer {
  from: Seat;
  to: Seat;
  count: number;
  card: Card;
}

/** One thing that happened: its public text, and for a trade the private text its two traders read. */
export interface PitEvent {
  text: string;
  private?: { seats: Seat[]; text: string };
}

export interface Corner {
  round: number;
  seat: Seat;
  card: Commodity;
  count: number;
  bull: boolean;
  bear: boolean;
  points: number;
  kind: 'corner' | 'bull corner' | 'double bull corner';
}

export interface PitState {
  config: PitConfig;
  numPlayers: number;
  /** Card counts per seat, indexed like CARDS. */
  hands: number[][];
  points: number[];
  round: number;
  /** Offers made so far. */
  turn: number;
  /** The seat whose turn it is to offer. */
  offerer: Seat;
  pending: Offer | null;
  corners: Corner[];
  events: PitEvent[];
  over: string | null;
}

/** The seats' names (the contract's "Player <n>"), as prompts, logs and boards say them: `seatName(SEAT_NAMES, seat)`. */
export const SEAT_NAMES = ['Player 1', 'Player 2', 'Player 3', 'Player 4'] as const;
const ci = (c: Card) => CARDS.indexOf(c);
export const plural = (n: number, c: Card) => `${n} ${c}`;

/** Deals a round: 38 cards shuffled, 9 to each seat. */
function deal(rng: Rng, numPlayers: number): number[][] {
  const deck: Card[] = [...COMMODITIES.flatMap((c) => Array<Card>(CARDS_PER_COMMODITY).fill(c)), 'Bull', 'Bear'];
  const shuffled = rng.shuffle(deck);
  return Array.from({ length: numPlayers }, (_, seat) => {
    const counts = CARDS.map(() => 0);
    for (const c of shuffled.slice(seat * HAND_SIZE, (seat + 1) * HAND_SIZE)) counts[ci(c)]!++;
    return counts;
  });
}

export function setup(rng: Rng, config: PitConfig, numPlayers: number): PitState {
  if (numPlayers < 2 || numPlayers > 4) throw new Error('Pit is played by 2 to 4 players');
  return startWith(config, deal(rng, numPlayers));
}

/** The first turn of a match with these hands (counts per card, in CARDS order): the deal, the worked example, tests. */
export function startWith(config: PitConfig, hands: number[][]): PitState {
  return {
    config,
    numPlayers: hands.length,
    hands,
    points: hands.map(() => 0),
    round: 1,
    turn: 0,
    offerer: 0,
    pending: null,
    corners: [],
    events: [],
    over: null,
  };
}

/** A hand as a sorted list of card names (commodities in CARDS order). */
export function handCards(counts: readonly number[]): Card[] {
  return CARDS.flatMap((c, i) => Array<Card>(counts[i] ?? 0).fill(c));
}

/** The corner a hand holds now, if any (GameBench's check_corners_update_score). */
export function cornerOf(counts: readonly number[], cornerSize: number): Omit<Corner, 'round' | 'seat'> | null {
  const bull = counts[ci('Bull')]! > 0;
  const bear = counts[ci('Bear')]! > 0;
  for (const card of COMMODITIES) {
    const count = counts[ci(card)]!;
    if (count >= cornerSize || (bull && count === cornerSize - 1)) {
      const double = bull && count >= cornerSize;
      const points = VALUES[card] * (double ? 2 : 1) - (bear ? BEAR_PENALTY : 0);
      return {
        card,
        count,
        bull,
        bear,
        points,
        kind: double ? 'double bull corner' : count >= cornerSize ? 'corner' : 'bull corner',
      };
    }
  }
  return null;
}

export function activeSeats(s: PitState): Seat[] {
  if (s.over) return [];
  return [s.pending ? s.pending.to : s.offerer];
}

export function legalActions(s: PitState, seat: Seat): PitAction[] {
  if (s.over || activeSeats(s)[0] !== seat) return [];
  const hand = s.hands[seat]!;
  const out: PitAction[] = [];
  if (s.pending) {
    for (const card of CARDS) if (hand[ci(card)]! >= s.pending.count) out.push({ type: 'accept', card });
    out.push({ type: 'refuse' });
    return out;
  }
  for (let k = 1; k < s.numPlayers; k++) {
    const to = (seat + k) % s.numPlayers;
    for (const card of CARDS)
      for (let count = 1; count <= Math.min(MAX_OFFER, hand[ci(card)]!); count++)
        out.push({ type: 'offer', card, count, to });
  }
  return out;
}

export function reject(s: PitState, seat: Seat, a: PitAction): string | null {
  const hand = s.hands[seat]!;
  if (a.type === 'offer') {
    if (s.pending)
      return `You must answer ${seatName(SEAT_NAMES, s.pending.from)}'s offer of ${s.pending.count} card(s) first: accept by giving ${s.pending.count} cards of one kind, or refuse.`;
    if (a.to === seat || a.to < 0 || a.to >= s.numPlayers)
      return `Offer to another player: ${Array.from({ length: s.numPlayers }, (_, i) => i)
        .filter((i) => i !== seat)
        .map((p) => seatName(SEAT_NAMES, p))
        .join(', ')}.`;
    if (a.count < 1 || a.count > MAX_OFFER) return `An offer is 1 to ${MAX_OFFER} cards of one commodity.`;
    const held = hand[ci(a.card)]!;
    if (held < a.count) return `You hold ${held} ${a.card}, so you cannot offer ${a.count}.`;
    return null;
  }
  if (!s.pending)
    return 'There is no offer to answer: it is your turn to offer cards (e.g. "Offer 2 Corn to Player 2").';
  if (a.type === 'accept') {
    const held = hand[ci(a.card)]!;
    if (held < s.pending.count)
      return `To accept you give ${s.pending.count} cards of one kind; you hold ${held} ${a.card}.`;
  }
  return null;
}

/** Scores every corner on the table (every hand, as GameBench checks), then deals a new round. */
function settleCorners(s: PitState, rng: Rng): void {
  const found: Corner[] = [];
  s.hands.forEach((hand, seat) => {
    const c = cornerOf(hand, s.config.cornerSize);
    if (c) found.push({ ...c, seat, round: s.round });
  });
  if (found.length === 0) return;
  for (const c of found) {
    s.points[c.seat]! += c.points;
    s.corners.push(c);
    const extras = [c.bull ? 'the Bull' : null, c.bear ? `the Bear (−${BEAR_PENALTY})` : null]
      .filter(Boolean)
      .join(' and ');
    s.events.push({
      text: `${seatName(SEAT_NAMES, c.seat)} corners ${c.card} with ${c.count} cards${extras ? ` and ${extras}` : ''}: ${c.kind}, ${c.points >= 0 ? '+' : ''}${c.points} points.`,
    });
  }
  const best = Math.max(...s.points);
  if (best >= s.config.targetScore) {
    s.over = `${seatName(SEAT_NAMES, s.points.indexOf(best))} reaches ${best} points (target ${s.config.targetScore})`;
    return;
  }
  s.round++;
  s.hands = deal(rng, s.numPlayers);
  s.events.push({ text: `Round ${s.round}: the cards are shuffled and dealt again.` });
}

export function apply(prev: PitState, seat: Seat, a: PitAction, rng: Rng): PitState {
  // A copy of what a move changes (hands, points, the lists it appends to), never the whole history deep: a move costs
  // what the move costs, not what the match so far does (a deep clone of the growing event list made a 300-move
  // match's replay quadratic). Corners and events are never changed once pushed.
  const s: PitState = {
    ...prev,
    hands: prev.hands.map((h) => [...h]),
    points: [...prev.points],
    corners: [...prev.corners],
    events: [...prev.events],
  };
  if (a.type === 'offer') {
    s.pending = { from: seat, to: a.to, count: a.count, card: a.card };
    s.turn++;
    s.events.push({
      text: `${seatName(SEAT_NAMES, seat)} offers ${a.count} card${a.count === 1 ? '' : 's'} to ${seatName(SEAT_NAMES, a.to)}.`,
      private: {
        seats: [seat],
        text: `${seatName(SEAT_NAMES, seat)} offers ${plural(a.count, a.card)} to ${seatName(SEAT_NAMES, a.to)}.`,
      },
    });
  } else {
    const p = s.pending!;
    s.pending = null;
    if (a.type === 'accept') {
      s.hands[p.from]![ci(p.card)]! -= p.count;
      s.hands[p.to]![ci(p.card)]! += p.count;
      s.hands[p.to]![ci(a.card)]! -= p.count;
      s.hands[p.from]![ci(a.card)]! += p.count;
      s.events.push({
        text: `${seatName(SEAT_NAMES, p.to)} accepts: ${seatName(SEAT_NAMES, p.from)} and ${seatName(SEAT_NAMES, p.to)} trade ${p.count} card${p.count === 1 ? '' : 's'}.`,
        private: {
          seats: [p.from, p.to],
          text: `${seatName(SEAT_NAMES, p.to)} accepts: ${seatName(SEAT_NAMES, p.from)} gives ${plural(p.count, p.card)} and ${seatName(SEAT_NAMES, p.to)} gives ${plural(p.count, a.card)}.`,
        },
      });
    } else {
      s.events.push({ text: `${seatName(SEAT_NAMES, p.to)} refuses ${seatName(SEAT_NAMES, p.from)}'s offer.` });
    }
    s.offerer = (p.from + 1) % s.numPlayers;
  }
  // Hands change only when an offer is answered: corners are settled then (GameBench checks after every move).
  if (!s.pending) settleCorners(s, rng);
  if (!s.over && !s.pending && s.turn >= s.config.maxTurns)
    s.over = `the turn limit (${s.config.maxTurns} offers) is reached`;
  return s;
}

export function outcome(s: PitState): Outcome | null {
  if (!s.over) return null;
  const pos = s.points.map((p) => Math.max(0, p));
  const total = pos.reduce((a, b) => a + b, 0);
  const scores = total > 0 ? pos.map((p) => p / total) : pos.map(() => 1 / s.numPlayers);
  const best = Math.max(...s.points);
  const leaders = s.points.flatMap((p, i) => (p === best ? [i] : []));
  const winner = leaders.length === 1 ? leaders[0]! : null;
  const standing = s.points.map((p, i) => `${seatName(SEAT_NAMES, i)} ${p}`).join(', ');
  return {
    scores,
    rewards: s.points.slice(),
    winner,
    reason: `${s.over[0]!.toUpperCase()}${s.over.slice(1)}: ${winner === null ? 'tie' : `${seatName(SEAT_NAMES, winner)} wins`} (${standing})`,
  };
}

export interface PitView {
  numPlayers: number;
  /** The seat this view is for, or null for spectators and omniscient viewers. */
  you: Seat | null;
  /** The viewer's own hand. */
  myHand: { seat: Seat; cards: Card[] } | null;
  /** Every hand, only for omniscient viewers and once the match is over; otherwise null per seat. */
  hands: (Card[] | null)[];
  points: number[];
  round: number;
  turn: number;
  maxTurns: number;
  targetScore: number;
  cornerSize: number;
  phase: 'offer' | 'respond' | 'over';
  toMove: Seat | null;
  /** The offer awaiting an answer; its card only for the offerer (and omniscient viewers). */
  pending: { from: Seat; to: Seat; count: number; card: Card | null } | null;
  corners: Corner[];
  /** The latest events as this viewer may read them, oldest first. */
  events: string[];
  result: string | null;
}

export const EVENTS_SHOWN = 12;

export function view(s: PitState, v: Viewer): PitView {
  const omni = 'omniscient' in v;
  const you = 'seat' in v ? v.seat : null;
  const reads = (seats: Seat[]) => omni || (you !== null && seats.includes(you));
  const result = outcome(s);
  return {
    numPlayers: s.numPlayers,
    you,
    myHand: you !== null ? { seat: you, cards: handCards(s.hands[you]!) } : null,
    hands: s.hands.map((h) => (omni || s.over ? handCards(h) : null)),
    points: s.points.slice(),
    round: s.round,
    turn: s.turn,
    maxTurns: s.config.maxTurns,
    targetScore: s.config.targetScore,
    cornerSize: s.config.cornerSize,
    phase: s.over ? 'over' : s.pending ? 'respond' : 'offer',
    toMove: activeSeats(s)[0] ?? null,
    pending: s.pending ? { ...s.pending, card: reads([s.pending.from]) ? s.pending.card : null } : null,
    corners: s.corners.map((c) => ({ ...c })),
    events: s.events.slice(-EVENTS_SHOWN).map((e) => (e.private && reads(e.private.seats) ? e.private.text : e.text)),
    result: result?.reason ?? null,
  };
}

export function describe(prev: PitState, next: PitState): LogLine[] {
  return next.events
    .slice(prev.events.length)
    .flatMap((e): LogLine[] =>
      e.private ? [{ text: e.text }, { text: e.private.text, visibleTo: e.private.seats.slice() }] : [{ text: e.text }],
    );
}

/**
 * Each seat's hand while the match is on (only that seat may see it), and the private lines of the events shown (an
 * offer's commodity, a trade's cards: only their traders). Written as the omniscient view writes them: a hand as its
 * card list (the view's `hands[seat]`, and `myHand.cards` for its holder), a line as its text.
 */
export function secrets(s: PitState): { seat: Seat; values: string[]; sharedWith: Seat[] }[] {
  if (s.over) return [];
  const hands = s.hands.map((h) => JSON.stringify(handCards(h)));
  const out = hands.map((hand, seat) => ({
    seat,
    values: [hand],
    // A seat holding the very same cards sees that list as its own hand: it learns nothing from it.
    sharedWith: hands.flatMap((other, i) => (other === hand && i !== seat ? [i] : [])),
  }));
  for (const e of s.events.slice(-EVENTS_SHOWN))
    if (e.private)
      out.push({ seat: e.private.seats[0]!, values: [e.private.text], sharedWith: e.private.seats.slice(1) });
  return out;
}
