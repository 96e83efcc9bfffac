// Texas Hold'em rules (no limit, heads-up, LLMArena's five actions): the state, the actions and the pure reducer
// (setup, blinds, betting rounds, dealing, showdown, several hands per match), views with hidden hole cards, log lines.
import { z } from 'zod';
import { seatName, type LogLine, type Outcome, type Rng, type Seat, type Viewer } from '../../lib/engine/types';
import { FULL_DECK, evaluate, showdownNames, type Card } from './hand';

export const NUM_SEATS = 2;
export const SEAT_NAMES = ['Player 1', 'Player 2'] as const;

export const configSchema = z
  .object({
    /** Chips each player starts the match with. */
    startingChips: z.number().int().min(2).max(1_000_000).default(100),
    /** Posted by the button before the cards are dealt. */
    smallBlind: z.number().int().min(1).default(1),
    /** Posted by the other player; also the smallest bet or raise. */
    bigBlind: z.number().int().min(1).default(2),
    /** Hands in the match (the button alternates); the match ends early when a player has no chips left. */
    hands: z.number().int().min(1).max(1000).default(1),
    /** Spectators see the hole cards while the hands are played (players never see each other's before a showdown). */
    openCards: z.boolean().default(false),
  })
  .strict()
  .refine((c) => c.bigBlind >= c.smallBlind, { message: 'bigBlind must be at least smallBlind', path: ['bigBlind'] })
  .refine((c) => c.startingChips >= c.bigBlind, {
    message: 'startingChips must be at least bigBlind',
    path: ['startingChips'],
  });
export type HoldemConfig = z.infer<typeof configSchema>;

/**
 * LLMArena's five actions. The numbers are the amounts the action has in the position it is offered in (the legal
 * actions always carry them, so that the answer texts can show them); they are optional, and when given they must
 * match the position (`reject` says the right one). The type alone decides what happens.
 */
export const actionSchema = z.discriminatedUnion('type', [
  /** Give up the hand; only when there is something to call. */
  z.object({ type: z.literal('fold') }),
  z.object({
    type: z.literal('check-call'),
    /** Chips this puts in: 0 for a check, else the call (capped at the stack: a short stack calls all-in). */
    amount: z.number().int().min(0).optional(),
  }),
  z.object({
    type: z.literal('raise-half-pot'),
    /** The seat's total bet in this round after the raise: current bet + max(minimum raise, floor(pot after calling / 2)). */
    to: z.number().int().min(1).optional(),
  }),
  z.object({
    type: z.literal('raise-full-pot'),
    /** The seat's total bet in this round after the raise: current bet + max(minimum raise, pot after calling). */
    to: z.number().int().min(1).optional(),
  }),
  z.object({
    type: z.literal('all-in'),
    /** Chips this puts in: the seat's whole stack. */
    amount: z.number().int().min(1).optional(),
  }),
]);
export type HoldemAction = z.infer<typeof actionSchema>;
export type ActionType = HoldemAction['type'];
export const ACTION_TYPES: ActionType[] = ['fold', 'check-call', 'raise-half-pot', 'raise-full-pot', 'all-in'];

export const STREETS = ['preflop', 'flop', 'turn', 'river'] as const;
export type Street = (typeof STREETS)[number];
export const STREET_NAMES: Record<Street, string> = { preflop: 'Pre-flop', flop: 'Flop', turn: 'Turn', river: 'River' };

/** One public event of the current hand: a blind or a seat's action. */
export interface HandEvent {
  street: Street;
  seat: Seat;
  kind: 'small blind' | 'big blind' | 'fold' | 'check' | 'call' | 'raise half pot' | 'raise full pot' | 'all-in';
  /** Chips put into the pot by this event (0 for a check or a fold). */
  amount: number;
  /** The seat's total bet in this betting round afterwards. */
  to: number;
  /** The seat has no chips left afterwards. */
  allIn: boolean;
}

/** How a hand ended. Kept in the state with every card; views show only what the viewer may see. */
export interface HandResult {
  hand: number;
  button: Seat;
  by: 'fold' | 'showdown';
  /** The seat that folded, for a fold. */
  folder: Seat | null;
  /** The seats that won the pot: one, or both for a split pot. */
  winners: Seat[];
  /** The chips won: every chip put in, less any part of a bet the other player could not match (handed back). */
  pot: number;
  /** Chips each seat won or lost in this hand. */
  net: number[];
  /** Each seat's hole cards (private unless shown at the showdown). */
  hole: Card[][];
  /** The community cards at the end of the hand. */
  board: Card[];
  /** The hand's blinds and actions (public). */
  events: HandEvent[];
  /** At a showdown, each seat's best hand; null after a fold. */
  hands: { name: string; best: Card[] }[] | null;
  /** One public sentence, e.g. "Player 1 wins the pot of 24 with two pair, kings and sevens". */
  text: string;
}

export interface HoldemState {
  /** The match settings (parsed, with defaults). */
  config: HoldemConfig;
  /** The hand being played (or the last one, once the match is over), 1-based. */
  hand: number;
  /** The button (dealer): posts the small blind, acts first pre-flop and last after the flop. */
  button: Seat;
  /** Chips each seat has behind, not yet put into this hand's pot. */
  stacks: number[];
  /** Chips each seat has put in during the current betting round. */
  bets: number[];
  /** Chips each seat has put in during this hand, current bets included (their sum is the pot). */
  committed: number[];
  /** PRIVATE: each seat's two hole cards, seen only by that seat until a showdown. */
  hole: Card[][];
  /** Public: the community cards dealt so far (0, 3, 4 or 5). */
  board: Card[];
  /** HIDDEN from everyone: the rest of this hand's shuffled deck, the next card first. */
  deck: Card[];
  street: Street;
  /** The seat to act; null once the match is over. */
  toMove: Seat | null;
  /** Whether each seat has acted since the round began or since the last bet or raise. */
  acted: boolean[];
  /** The size of the last full bet or raise in this round: the smallest raise allowed (at least the big blind). */
  lastRaise: number;
  /** Public: the blinds and actions of this hand. */
  events: HandEvent[];
  /** How the current hand ended: only the match's last hand keeps it here (it marks the end of the match). */
  ended: HandResult | null;
  /** The earlier hands of the match, in order. */
  history: HandResult[];
}

// ---------------------------------------------------------------------------------------------------------------
// Setup and dealing

const maxBet = (s: HoldemState) => Math.max(...s.bets);
const opponentOf = (seat: Seat): Seat => 1 - seat;

function clone(s: HoldemState): HoldemState {
  return structuredClone(s);
}

/** A new match whose first hand is dealt from `deck` (for tests and examples); later hands shuffle with `rng`. */
export function newMatch(config: HoldemConfig, deck: readonly Card[], rng?: Rng): HoldemState {
  const s: HoldemState = {
    config: { ...config },
    hand: 0,
    button: 1,
    stacks: Array(NUM_SEATS).fill(config.startingChips),
    bets: [0, 0],
    committed: [0, 0],
    hole: [[], []],
    board: [],
    deck: [],
    street: 'preflop',
    toMove: null,
    acted: [false, false],
    lastRaise: config.bigBlind,
    events: [],
    ended: null,
    history: [],
  };
  return startHand(s, deck.slice(), rng);
}

/** Deals the first hand from a deck shuffled with the setup rng; seat 0 has the button in hand 1. */
export function setup(rng: Rng, config: HoldemConfig): HoldemState {
  return newMatch(config, rng.shuffle(FULL_DECK), rng);
}

/**
 * Starts the next hand in `s` (mutated): the button moves, the deck is `deck` (or shuffled with `rng`), hole cards are
 * dealt and the blinds posted. A hand in which nobody can act (blinds that put both players all-in) is dealt out at
 * once, and the next one started.
 */
function startHand(s: HoldemState, deck: Card[] | null, rng?: Rng): HoldemState {
  const cards = deck ?? rng?.shuffle(FULL_DECK);
  if (!cards) throw new Error('startHand needs a deck or an rng');
  s.hand += 1;
  s.button = opponentOf(s.button);
  s.hole = [cards.slice(0, 2), cards.slice(2, 4)];
  s.deck = cards.slice(4);
  s.board = [];
  s.street = 'preflop';
  s.bets = [0, 0];
  s.committed = [0, 0];
  s.acted = [false, false];
  s.lastRaise = s.config.bigBlind;
  s.events = [];
  s.ended = null;
  const bb = opponentOf(s.button);
  post(s, s.button, Math.min(s.config.smallBlind, s.stacks[s.button]!), 'small blind');
  post(s, bb, Math.min(s.config.bigBlind, s.stacks[bb]!), 'big blind');
  // Pre-flop the button acts first.
  if (needsAction(s, s.button)) s.toMove = s.button;
  else if (needsAction(s, bb)) s.toMove = bb;
  else return nextStreet(s, rng);
  return s;
}

/** Moves chips from a seat's stack into its bet and records the event. */
function post(s: HoldemState, seat: Seat, amount: number, kind: HandEvent['kind']): void {
  s.stacks[seat]! -= amount;
  s.bets[seat]! += amount;
  s.committed[seat]! += amount;
  s.events.push({ street: s.street, seat, kind, amount, to: s.bets[seat]!, allIn: s.stacks[seat] === 0 });
}

/**
 * Whether a seat still has to act in this betting round: it has chips, and either it is behind the other's bet, or it
 * has not acted yet and the other player could still answer a raise (is not all-in).
 */
function needsAction(s: HoldemState, seat: Seat): boolean {
  if (s.stacks[seat]! <= 0) return false;
  if (s.bets[seat]! < maxBet(s)) return true;
  return !s.acted[seat] && s.stacks[opponentOf(seat)]! > 0;
}

/** After an action: the other seat acts if it must; otherwise the betting round is over. */
function proceed(s: HoldemState, actor: Seat, rng: Rng): HoldemState {
  const other = opponentOf(actor);
  if (needsAction(s, other)) s.toMove = other;
  else if (needsAction(s, actor)) s.toMove = actor;
  else return nextStreet(s, rng);
  return s;
}

/** Ends the betting round: deals the next street (and the ones after while nobody can act), or goes to the showdown. */
function nextStreet(s: HoldemState, rng?: Rng): HoldemState {
  for (;;) {
    s.bets = [0, 0];
    s.acted = [false, false];
    s.lastRaise = s.config.bigBlind;
    if (s.street === 'river') return showdown(s, rng);
    const street = STREETS[STREETS.indexOf(s.street) + 1]!;
    const count = street === 'flop' ? 3 : 1;
    s.board = [...s.board, ...s.deck.slice(0, count)];
    s.deck = s.deck.slice(count);
    s.street = street;
    // After the flop the player without the button acts first.
    const first = opponentOf(s.button);
    if (needsAction(s, first)) {
      s.toMove = first;
      return s;
    }
    if (needsAction(s, s.button)) {
      s.toMove = s.button;
      return s;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Ending a hand

/** The hand's name with an article where English wants one: "a pair of kings", "two pair, …", "high card, ace". */
export const withArticle = (name: string): string =>
  /^(royal|straight|full|flush|pair)/.test(name) ? `a ${name}` : name;

/** The showdown: a bet the other could not match goes back, the best hand takes the pot, equal hands split it. */
function showdown(s: HoldemState, rng?: Rng): HoldemState {
  const start = s.committed.slice();
  const matched = Math.min(...start);
  // Chips the other player could not match are handed back before the pot is shared.
  for (let seat = 0; seat < NUM_SEATS; seat++) s.stacks[seat]! += start[seat]! - matched;
  const pot = matched * NUM_SEATS;
  const values = s.hole.map((hole) => evaluate([...hole, ...s.board]));
  const top = Math.max(...values.map((v) => v.score));
  const winners = values.flatMap((v, seat) => (v.score === top ? [seat] : []));
  const shares = Array<number>(NUM_SEATS).fill(0);
  // Heads-up the pot is twice the matched amount, so a split pot always halves exactly.
  for (const w of winners) shares[w] = pot / winners.length;
  shares.forEach((x, seat) => (s.stacks[seat]! += x));
  // What a seat got back, less what it put in and did not get back: shares - matched.
  const net = shares.map((x) => x - matched);
  // Named as a dealer would: with the kicker where it decides ("a pair of fours, ace kicker").
  const names = showdownNames(values);
  const hands = values.map((v, seat) => ({ name: names[seat]!, best: v.best }));
  let text: string;
  if (winners.length === 1) {
    const w = winners[0]!;
    text = `${seatName(SEAT_NAMES, w)} wins the pot of ${pot} with ${withArticle(hands[w]!.name)} against ${withArticle(hands[opponentOf(w)]!.name)}`;
  } else {
    // The board plays when the five community cards alone are as good as either hand.
    const boardPlays = evaluate(s.board).score === top;
    text = `Split pot of ${pot}: both players have ${withArticle(hands[0]!.name)}${boardPlays ? ' (the board plays)' : ''}`;
  }
  return endHand(s, { by: 'showdown', folder: null, winners, pot, net, hands, text }, rng);
}

/** A fold: the other seat takes every chip in the pot, and no cards are shown. */
function foldHand(s: HoldemState, folder: Seat, rng: Rng): HoldemState {
  const winner = opponentOf(folder);
  const pot = s.committed[0]! + s.committed[1]!;
  s.stacks[winner]! += pot;
  const net = Array<number>(NUM_SEATS).fill(0);
  net[winner] = s.committed[folder]!;
  net[folder] = -s.committed[folder]!;
  const text = `${seatName(SEAT_NAMES, winner)} wins the pot of ${pot} after ${seatName(SEAT_NAMES, folder)} folds`;
  return endHand(s, { by: 'fold', folder, winners: [winner], pot, net, hands: null, text }, rng);
}

/** Records the hand's result; starts the next hand unless the match is over (last hand played, or a player broke). */
function endHand(
  s: HoldemState,
  r: Omit<HandResult, 'hand' | 'button' | 'hole' | 'board' | 'events'>,
  rng?: Rng,
): HoldemState {
  const result: HandResult = {
    hand: s.hand,
    button: s.button,
    hole: s.hole.map((h) => h.slice()),
    board: s.board.slice(),
    events: s.events.map((e) => ({ ...e })),
    ...r,
  };
  s.bets = [0, 0];
  s.committed = [0, 0];
  s.toMove = null;
  if (s.hand >= s.config.hands || s.stacks.some((x) => x <= 0)) {
    s.ended = result;
    return s;
  }
  s.history = [...s.history, result];
  // The next hand's deck is shuffled with this move's rng, so replays deal the same cards.
  return startHand(s, null, rng);
}

// ---------------------------------------------------------------------------------------------------------------
// Actions

/** The amounts of every action for the seat to act: what a call costs, where the raises go, whether it may raise. */
export interface BetOptions {
  /** Chips needed to match the other's bet (before capping at the stack). */
  toCall: number;
  /** Chips a check-call puts in: the call, capped at the stack (0 = check). */
  call: number;
  /** The pot after this seat's call: every chip put in this hand plus the call. */
  potAfterCall: number;
  /** The smallest raise increment: the last full bet or raise of the round, at least the big blind. */
  minRaise: number;
  /** Total bet in this round after a half-pot raise: current bet + max(minRaise, floor(potAfterCall / 2)). */
  halfTo: number;
  /** Total bet in this round after a full-pot raise: current bet + max(minRaise, potAfterCall). */
  fullTo: number;
  /** Total bet in this round after going all-in: own bet + stack. */
  allInTo: number;
  /** Why the seat may not raise at all (the other is all-in, or calling takes every chip), or null. */
  noRaise: string | null;
}

export function betOptions(s: HoldemState, seat: Seat): BetOptions {
  const current = maxBet(s);
  const toCall = current - s.bets[seat]!;
  const stack = s.stacks[seat]!;
  const call = Math.min(toCall, stack);
  const potAfterCall = s.committed[0]! + s.committed[1]! + call;
  const minRaise = Math.max(s.lastRaise, s.config.bigBlind);
  const other = opponentOf(seat);
  let noRaise: string | null = null;
  if (s.stacks[other]! <= 0) noRaise = `${seatName(SEAT_NAMES, other)} is all-in`;
  else if (stack <= toCall) noRaise = `calling takes all your ${stack === 1 ? 'chips (1)' : `${stack} chips`}`;
  return {
    toCall,
    call,
    potAfterCall,
    minRaise,
    halfTo: current + Math.max(minRaise, Math.floor(potAfterCall / 2)),
    fullTo: current + Math.max(minRaise, potAfterCall),
    allInTo: s.bets[seat]! + stack,
    noRaise,
  };
}

export const isOver = (s: HoldemState): boolean => s.ended !== null;

export function activeSeats(s: HoldemState): Seat[] {
  return isOver(s) || s.toMove === null ? [] : [s.toMove];
}

/**
 * The seat to act may: fold (only when facing a bet), check or call, raise half the pot or the whole pot (only when
 * the raise is below going all-in, and the other player is not all-in), or go all-in (only when that is more than a
 * call). Listed in that order, with their amounts.
 */
export function legalActions(s: HoldemState, seat: Seat): HoldemAction[] {
  if (!activeSeats(s).includes(seat)) return [];
  const o = betOptions(s, seat);
  const out: HoldemAction[] = [];
  if (o.toCall > 0) out.push({ type: 'fold' });
  out.push({ type: 'check-call', amount: o.call });
  if (o.noRaise === null) {
    if (o.halfTo < o.allInTo && o.halfTo < o.fullTo) out.push({ type: 'raise-half-pot', to: o.halfTo });
    if (o.fullTo < o.allInTo) out.push({ type: 'raise-full-pot', to: o.fullTo });
    out.push({ type: 'all-in', amount: s.stacks[seat]! });
  }
  return out;
}

/** "1 chip", "4 chips". */
const chips = (n: number) => `${n} chip${n === 1 ? '' : 's'}`;

/** "Call 4" / "Check": the answer text of the seat's check-call, to quote in messages. */
const callText = (o: BetOptions) => (o.call === 0 ? '"Check"' : `"Call ${o.call}"`);

export function reject(s: HoldemState, seat: Seat, a: HoldemAction): string | null {
  const o = betOptions(s, seat);
  const stack = s.stacks[seat]!;
  // Every message below uses only public amounts (bets, stacks, pot) and nothing of the other seat's cards.
  switch (a?.type) {
    case 'fold':
      return o.toCall > 0 ? null : 'you cannot fold when there is nothing to call: check instead ("Check"), or raise';
    case 'check-call': {
      if (a.amount === undefined || a.amount === o.call) return null;
      if (a.amount === 0) {
        return `you cannot check: you face a bet and must put in ${chips(o.toCall)} more to call; call (${callText(o)}), raise or fold`;
      }
      return o.call === 0
        ? `there is nothing to call: check ("Check") (you wrote a call of ${a.amount})`
        : `a call costs ${chips(o.call)} now${o.call < o.toCall ? ' (all you have left)' : ''}, not ${a.amount}: answer ${callText(o)}`;
    }
    case 'raise-half-pot':
    case 'raise-full-pot': {
      const what = a.type === 'raise-half-pot' ? 'a half-pot raise' : 'a full-pot raise';
      if (o.noRaise) return `you cannot raise: ${o.noRaise}; call (${callText(o)})${o.toCall > 0 ? ' or fold' : ''}`;
      const to = a.type === 'raise-half-pot' ? o.halfTo : o.fullTo;
      if (to >= o.allInTo) {
        return `${what} would be to ${to}, but you have only ${chips(stack)} left (a bet of ${o.allInTo} in all): go all-in instead ("All-in (${stack})")`;
      }
      if (a.type === 'raise-half-pot' && o.halfTo >= o.fullTo) {
        return `a half-pot raise is no smaller than the minimum raise here: raise full pot ("Raise full pot (to ${o.fullTo})")`;
      }
      if (a.to !== undefined && a.to !== to)
        return `${what} is to ${to} now, not ${a.to}: answer "Raise ${a.type === 'raise-half-pot' ? 'half' : 'full'} pot (to ${to})"`;
      return null;
    }
    case 'all-in':
      if (o.noRaise)
        return `you cannot raise: ${o.noRaise}; ${callText(o)} is your last move with chips${o.toCall > 0 ? ', or fold' : ''}`;
      if (a.amount !== undefined && a.amount !== stack)
        return `going all-in puts in your ${chips(stack)}, not ${a.amount}: answer "All-in (${stack})"`;
      return null;
    default:
      return 'unknown action: choose one of Fold, Check, Call, Raise half pot, Raise full pot or All-in';
  }
}

/** Plays an action `reject` accepted. `rng` deals the next hand when one ends. */
export function apply(s: HoldemState, seat: Seat, a: HoldemAction, rng: Rng): HoldemState {
  const n = clone(s);
  const o = betOptions(n, seat);
  const current = maxBet(n);
  const other = opponentOf(seat);
  switch (a.type) {
    case 'fold':
      n.events.push({ street: n.street, seat, kind: 'fold', amount: 0, to: n.bets[seat]!, allIn: false });
      return foldHand(n, seat, rng);
    case 'check-call':
      post(n, seat, o.call, o.call === 0 ? 'check' : 'call');
      break;
    case 'raise-half-pot':
    case 'raise-full-pot': {
      const to = a.type === 'raise-half-pot' ? o.halfTo : o.fullTo;
      post(n, seat, to - n.bets[seat]!, a.type === 'raise-half-pot' ? 'raise half pot' : 'raise full pot');
      n.lastRaise = Math.max(n.lastRaise, to - current);
      n.acted[other] = false;
      break;
    }
    case 'all-in': {
      post(n, seat, n.stacks[seat]!, 'all-in');
      // An all-in short of a full raise does not change the minimum raise (the other player cannot raise anyway).
      if (n.bets[seat]! - current >= n.lastRaise) n.lastRaise = n.bets[seat]! - current;
      if (n.bets[seat]! > current) n.acted[other] = false;
      break;
    }
  }
  n.acted[seat] = true;
  return proceed(n, seat, rng);
}

// ---------------------------------------------------------------------------------------------------------------
// Outcome

export function outcome(s: HoldemState): Outcome | null {
  const end = s.ended;
  if (!end) return null;
  const chips = s.stacks;
  const rewards = chips.map((x) => x - s.config.startingChips);
  const winner = chips[0]! > chips[1]! ? 0 : chips[1]! > chips[0]! ? 1 : null;
  const scores = winner === null ? [0.5, 0.5] : chips.map((_, seat) => (seat === winner ? 1 : 0));
  let reason: string;
  if (s.config.hands === 1) reason = winner === null ? `${end.text}: a draw` : end.text;
  else {
    const broke = chips.findIndex((x) => x <= 0);
    const played = `${s.hand} hand${s.hand === 1 ? '' : 's'}`;
    reason =
      broke >= 0
        ? `${seatName(SEAT_NAMES, broke)} is out of chips after ${played}: ${seatName(SEAT_NAMES, opponentOf(broke))} wins the match`
        : winner === null
          ? `After ${played} both players have ${chips[0]} chips: a draw`
          : `After ${played} ${seatName(SEAT_NAMES, winner)} has ${chips[winner]} chips to ${chips[opponentOf(winner)]}: ${seatName(SEAT_NAMES, winner)} wins the match`;
  }
  return { scores, winner, reason, rewards };
}

// ---------------------------------------------------------------------------------------------------------------
// Views

/** An earlier hand as a viewer sees it. Its cards are written as text ("Ah Kd"), never as separate card codes. */
export interface HandSummary {
  hand: number;
  button: Seat;
  by: 'fold' | 'showdown';
  winners: Seat[];
  pot: number;
  net: number[];
  /** The community cards as text, e.g. "Ks 7h 2c 3d 9s" ("" when the hand ended pre-flop). */
  board: string;
  /** Each seat's hole cards as text ("Ah Kd") where this viewer may see them, else null. */
  shown: (string | null)[];
  text: string;
}

/** The end of the current (last) hand as a viewer sees it. */
export interface HandEnd {
  by: 'fold' | 'showdown';
  folder: Seat | null;
  winners: Seat[];
  pot: number;
  net: number[];
  /** At a showdown, each seat's best hand (public then); null after a fold. */
  hands: { name: string; best: Card[] }[] | null;
  text: string;
}

/** The state as one viewer may see it. */
export interface HoldemView {
  /** The seat this view was made for; null for a spectator or an omniscient viewer. */
  viewer: Seat | null;
  hand: number;
  /** Hands in the match (it may end sooner when a player is broke). */
  hands: number;
  button: Seat;
  smallBlind: number;
  bigBlind: number;
  startingChips: number;
  street: Street;
  board: Card[];
  /** Every chip put in this hand (current bets included); 0 once the last hand is settled. */
  pot: number;
  stacks: number[];
  bets: number[];
  committed: number[];
  /** Each seat's hole cards, or null where they are hidden from this viewer. */
  hole: (Card[] | null)[];
  /** Seat to act, null when the match is over. */
  toMove: Seat | null;
  /** Chips the seat to act needs to call (0 when nothing to call or nobody to act). */
  toCall: number;
  /** The blinds and actions of this hand, in order. */
  events: HandEvent[];
  /** How this hand ended, once the match is over (earlier hands are in `history`). */
  ended: HandEnd | null;
  /** The earlier hands of the match. */
  history: HandSummary[];
  /** Why the match ended, null while it runs. */
  result: string | null;
  /** The match winner; null while running or on a draw. */
  winner: Seat | null;
}

export function view(s: HoldemState, v: Viewer): HoldemView {
  const viewer = 'seat' in v ? v.seat : null;
  const over = isOver(s);
  const result = outcome(s);
  // HIDDEN INFORMATION: who may read a seat's hole cards in a hand.
  //  - the seat itself, always; the omniscient viewer (replays, admins), always;
  //  - everyone, when the hand went to a showdown (both hands are shown);
  //  - spectators, when the config has openCards (live hole cards), or once the match is over;
  //  - the other seat never otherwise: a fold shows nobody's cards to the other player, even after the match.
  const mayRead = (owner: Seat, showdown: boolean) =>
    'omniscient' in v || viewer === owner || showdown || ('spectator' in v && (s.config.openCards || over));
  const currentShowdown = s.ended?.by === 'showdown';
  const toMove = over ? null : s.toMove;
  return {
    viewer,
    hand: s.hand,
    hands: s.config.hands,
    button: s.button,
    smallBlind: s.config.smallBlind,
    bigBlind: s.config.bigBlind,
    startingChips: s.config.startingChips,
    street: s.street,
    board: s.board.slice(),
    pot: s.committed[0]! + s.committed[1]!,
    stacks: s.stacks.slice(),
    bets: s.bets.slice(),
    committed: s.committed.slice(),
    hole: s.hole.map((h, owner) => (mayRead(owner, currentShowdown) ? h.slice() : null)),
    toMove,
    toCall: toMove === null ? 0 : betOptions(s, toMove).toCall,
    // The events are public: blinds, bets, calls, folds (never cards).
    events: s.events.map((e) => ({ ...e })),
    ended: s.ended
      ? {
          by: s.ended.by,
          folder: s.ended.folder,
          winners: s.ended.winners.slice(),
          pot: s.ended.pot,
          net: s.ended.net.slice(),
          // Only set at a showdown, where both hands are shown to everyone.
          hands: s.ended.hands?.map((h) => ({ name: h.name, best: h.best.slice() })) ?? null,
          text: s.ended.text,
        }
      : null,
    // Earlier hands: cards as text, so that the card codes of the current hand stay distinctive (see `secrets`).
    history: s.history.map((h) => ({
      hand: h.hand,
      button: h.button,
      by: h.by,
      winners: h.winners.slice(),
      pot: h.pot,
      net: h.net.slice(),
      board: h.board.join(' '),
      shown: h.hole.map((cards, owner) => (mayRead(owner, h.by === 'showdown') ? cards.join(' ') : null)),
      text: h.text,
    })),
    result: result?.reason ?? null,
    winner: result?.winner ?? null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Log lines

/** "Player 1 raises half pot to 6", "Player 2 calls 4 (all-in)", "Player 1 posts the small blind 1". */
export function eventText(e: HandEvent): string {
  const who = seatName(SEAT_NAMES, e.seat);
  const allIn = e.allIn && e.kind !== 'all-in' ? ' (all-in)' : '';
  switch (e.kind) {
    case 'small blind':
    case 'big blind':
      return `${who} posts the ${e.kind} ${e.amount}${allIn}`;
    case 'fold':
      return `${who} folds`;
    case 'check':
      return `${who} checks`;
    case 'call':
      return `${who} calls ${e.amount}${allIn}`;
    case 'raise half pot':
    case 'raise full pot':
      return `${who} raises ${e.kind === 'raise half pot' ? 'half pot' : 'full pot'} to ${e.to}${allIn}`;
    case 'all-in':
      return `${who} goes all-in with ${e.amount} (to ${e.to})`;
  }
}

/** The board dealt on each street, e.g. "Flop: Ks 7h 2c", for the streets dealt between two states of one hand. */
function dealtLines(prevBoard: Card[], board: Card[]): string[] {
  const lines: string[] = [];
  if (prevBoard.length < 3 && board.length >= 3) lines.push(`Flop: ${board.slice(0, 3).join(' ')}`);
  if (prevBoard.length < 4 && board.length >= 4) lines.push(`Turn: ${board[3]}`);
  if (prevBoard.length < 5 && board.length >= 5) lines.push(`River: ${board[4]}`);
  return lines;
}

/** The public account of a finished hand: the rest of its board, both hands at a showdown, who won. */
function endLines(prevBoard: Card[], r: HandResult): string[] {
  const lines = dealtLines(prevBoard, r.board);
  if (r.hands) {
    // A showdown shows both hands to everyone.
    lines.push(
      `Showdown: ${r.hole.map((h, seat) => `${seatName(SEAT_NAMES, seat)} shows ${h.join(' ')} (${r.hands![seat]!.name})`).join(', ')}`,
    );
  }
  // After a fold no cards are named: the folder's cards stay hidden from the other seat, and the winner's too.
  lines.push(r.text);
  return lines;
}

/** "Hand 2 of 5: Player 2 has the button. Player 2 posts the small blind 1; Player 1 posts the big blind 2." */
function handStartLine(hand: number, hands: number, button: Seat, events: HandEvent[]): string {
  const blinds = events.filter((e) => e.kind === 'small blind' || e.kind === 'big blind').map(eventText);
  return `Hand ${hand} of ${hands}: ${seatName(SEAT_NAMES, button)} has the button. ${blinds.join('; ')}.`;
}

export function describe(prev: HoldemState, next: HoldemState, _seat: Seat, _a: HoldemAction): LogLine[] {
  // HIDDEN INFORMATION: every line is public. Hole cards are named only in a showdown line (shown to everyone then).
  const finished = next.hand === prev.hand ? next.ended : (next.history.find((h) => h.hand === prev.hand) ?? null);
  const events = finished ? finished.events : next.events;
  const lines: string[] = [];
  const action = events[prev.events.length];
  if (action) lines.push(eventText(action));
  if (finished) lines.push(...endLines(prev.board, finished));
  else lines.push(...dealtLines(prev.board, next.board));
  if (next.hand !== prev.hand) {
    // Hands dealt out without any decision (both players all-in from the blinds) go between the two.
    const between = [...next.history, ...(next.ended ? [next.ended] : [])].filter((h) => h.hand > prev.hand);
    for (const h of between)
      lines.push(handStartLine(h.hand, next.config.hands, h.button, h.events), ...endLines([], h));
    if (!next.ended) lines.push(handStartLine(next.hand, next.config.hands, next.button, next.events));
  }
  if (next.ended && next.config.hands > 1) lines.push(`Match over: ${outcome(next)!.reason}`);
  return lines.map((text) => ({ text }));
}

/**
 * For the conformance suite: each seat's hole cards while the match runs, each card written as a JSON string with its
 * quotes ("\"Ah\""). Views list the current hand's cards as separate strings (the board, one's own hole cards) and
 * earlier hands' cards only inside longer text ("Ah Kd"), so "\"Ah\"" in a view's JSON can only be that card of the
 * current hand. Nothing is private once the match is over (spectators then see all), nor from spectators with openCards.
 */
export function secrets(s: HoldemState): { seat: Seat; values: string[] }[] {
  if (isOver(s) || s.config.openCards) return [];
  return s.hole.map((cards, seat) => ({ seat, values: cards.map((c) => JSON.stringify(c)) }));
}
