// Air, Land and Sea (GameBench's ALS): two Supreme Commanders fight battles over three theaters with an 18-card deck,
// until one reaches 12 victory points. Pure and seeded.
//
// SOURCES
// - The paper (GameBench, appendix G): the rules text shown to models and its topics (battle structure, theaters,
//   facedown and covered cards, deploy / improvise / withdraw, the Supreme Commander cards and their withdrawal VP
//   tables, instant and ongoing abilities, the key terms flip / uncovered / play / non-matching / destroy / occupied /
//   move, ending battles, scoring, setting up battles); appendix F: "The first commander to accumulate 12 points
//   across multiple battles wins the war."
// - GameBench's games/air_land_sea (cards.py, board.py, game.py, effect_manager.py): the 18 cards with their
//   strengths and abilities, 6 cards dealt to each player, a random theater order and a random first Supreme
//   Commander, adjacency (the middle theater touches both ends), the withdrawal tables (1st: 5+ cards 2, 3-4 3, 2 4,
//   0-1 6; 2nd: 4+ 2, 2-3 3, 1 4, 0 6), 6 VPs for a battle played out, the 1st player winning ties (and empty
//   theaters), the flip / move / return / reinforce choices its abilities ask for, and the match score: each player's
//   VPs divided by the total VPs (game.py `play`: `normalized_score`; matches.json holds such fractions for ALS,
//   e.g. 0.842 = 16/19).
//
// DEVIATIONS (and why)
// - Theater rotation follows the paper's text ("the rightmost Theater is moved to the far left"); GameBench's
//   `rotate_theaters` moves the leftmost to the right. The rules shown to models win.
// - Disrupt is resolved once when played or revealed, as GameBench resolves it (`resolve_effect`), and is labelled
//   Instant here; GameBench's card list labels it "Ongoing" although nothing of it lasts.
// - Containment and Blockade destroy every card *played* (the paper's definition of play), including Reinforce's
//   facedown card and Redeploy's follow-up play; GameBench checks them only on the main play of a turn.
// - Instant abilities revealed while another ability resolves wait in a queue and resolve in the order they happened,
//   each fully (the paper's "Instant Abilities" note); GameBench resolves a flipped card's ability at once (except
//   under Disrupt, where it queues them as here).
// - Air Drop: the next card its owner plays (face up) may go to any theater; the permission is used up by that play.
//   GameBench offers the extra moves on the owner's next turn only and drops it then: the same in practice.
// - A player whose hand is empty while the other still holds cards (possible after Redeploy) passes; GameBench would
//   offer such a player only "Withdraw".
// - Every ability's choice is a move of its own (flip which card, move which card where, return which card, reinforce
//   where, or Skip where the card says "may"), asked of the player who owns the ability (Disrupt asks both players in
//   turn); a choice with a single option is still asked, so models see what happens.
// - The first theater order and the first Supreme Commander are drawn from the match seed (GameBench: random.choice),
//   so seat 1 is not always 1st.
import { z } from 'zod';
import { seatName, type LogLine, type Outcome, type Rng, type Seat, type Viewer } from '../../lib/engine/types';

export const THEATERS = ['Air', 'Land', 'Sea'] as const;
export type Theater = (typeof THEATERS)[number];

export const CARD_IDS = [
  'A1',
  'A2',
  'A3',
  'A4',
  'A5',
  'A6',
  'L1',
  'L2',
  'L3',
  'L4',
  'L5',
  'L6',
  'S1',
  'S2',
  'S3',
  'S4',
  'S5',
  'S6',
] as const;
export type CardId = (typeof CARD_IDS)[number];

export interface CardDef {
  id: CardId;
  name: string;
  theater: Theater;
  strength: number;
  kind: 'Instant' | 'Ongoing' | null;
  text: string;
}

const def = (id: CardId, name: string, strength: number, kind: CardDef['kind'], text: string): CardDef => ({
  id,
  name,
  theater: id[0] === 'A' ? 'Air' : id[0] === 'L' ? 'Land' : 'Sea',
  strength,
  kind,
  text,
});

/** The 18 cards (GameBench's cards.py). */
export const CARDS: Record<CardId, CardDef> = {
  A1: def('A1', 'Support', 1, 'Ongoing', 'You gain +3 strength in each adjacent theater'),
  A2: def('A2', 'Air Drop', 2, 'Instant', 'The next time you play a card, you may play it to a non-matching theater'),
  A3: def('A3', 'Maneuver', 3, 'Instant', 'Flip an uncovered card in an adjacent theater'),
  A4: def('A4', 'Aerodrome', 4, 'Ongoing', 'You may play cards of strength 3 or less to non-matching theaters'),
  A5: def('A5', 'Containment', 5, 'Ongoing', 'If any player plays a facedown card, destroy that card'),
  A6: def('A6', 'Heavy Bombers', 6, null, 'No tactical ability'),
  L1: def('L1', 'Reinforce', 1, 'Instant', 'Draw 1 card and play it facedown to an adjacent theater'),
  L2: def('L2', 'Ambush', 2, 'Instant', 'Flip any uncovered card'),
  L3: def('L3', 'Maneuver', 3, 'Instant', 'Flip an uncovered card in an adjacent theater'),
  L4: def('L4', 'Cover Fire', 4, 'Ongoing', 'All cards covered by this card are now strength 4'),
  L5: def('L5', 'Disrupt', 5, 'Instant', 'Starting with you, both players choose and flip 1 of their uncovered cards'),
  L6: def('L6', 'Heavy Tanks', 6, null, 'No tactical ability'),
  S1: def('S1', 'Transport', 1, 'Instant', 'You may move 1 of your cards to a different theater'),
  S2: def('S2', 'Escalation', 2, 'Ongoing', 'All your facedown cards are now strength 4'),
  S3: def('S3', 'Maneuver', 3, 'Instant', 'Flip an uncovered card in an adjacent theater'),
  S4: def(
    'S4',
    'Redeploy',
    4,
    'Instant',
    'You may return 1 of your facedown cards to your hand. If you do, play a card',
  ),
  S5: def(
    'S5',
    'Blockade',
    5,
    'Ongoing',
    'If any player plays a card to an adjacent theater occupied by at least 3 other cards, destroy that card',
  ),
  S6: def('S6', 'Super Battleship', 6, null, 'No tactical ability'),
};

/** "Maneuver (Air 3)". */
export const cardName = (c: CardId) => `${CARDS[c].name} (${CARDS[c].theater} ${CARDS[c].strength})`;
/** "Maneuver (Air 3, Instant: Flip an uncovered card in an adjacent theater)". */
export const cardLong = (c: CardId) => {
  const d = CARDS[c];
  return `${d.name} (${d.theater} ${d.strength}${d.kind ? `, ${d.kind}: ${d.text}` : ''})`;
};

export const HAND_SIZE = 6;
export const BATTLE_VP = 6;
export const FACEDOWN_STRENGTH = 2;
export const BOOSTED_STRENGTH = 4;
export const SUPPORT_BONUS = 3;

/** VPs the winner gains when the other player withdraws holding `cards` cards (appendix G), by the winner's commander. */
export function withdrawalVp(winnerIsFirst: boolean, cards: number): number {
  if (winnerIsFirst) return cards >= 5 ? 2 : cards >= 3 ? 3 : cards === 2 ? 4 : 6;
  return cards >= 4 ? 2 : cards >= 2 ? 3 : cards === 1 ? 4 : 6;
}

export const configSchema = z.object({
  /** Victory points that win the war (GameBench: 12). */
  targetVp: z.number().int().min(1).max(60).default(12),
});
export type AlsConfig = z.infer<typeof configSchema>;

const cardEnum = z.enum(CARD_IDS);
const theaterEnum = z.enum(THEATERS);
export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('deploy'), card: cardEnum, theater: theaterEnum }),
  z.object({ type: z.literal('improvise'), card: cardEnum, theater: theaterEnum }),
  z.object({ type: z.literal('withdraw') }),
  z.object({ type: z.literal('flip'), theater: theaterEnum, owner: z.number().int().min(0).max(1) }),
  z.object({ type: z.literal('move'), card: cardEnum, theater: theaterEnum }),
  z.object({ type: z.literal('return'), card: cardEnum }),
  z.object({ type: z.literal('reinforce'), theater: theaterEnum }),
  z.object({ type: z.literal('skip') }),
]);
export type AlsAction = z.infer<typeof actionSchema>;

export interface Placed {
  card: CardId;
  faceUp: boolean;
}

/** A choice an ability asks of `seat` before play goes on. */
export type Decision =
  | { kind: 'maneuver' | 'ambush'; seat: Seat; source: CardId }
  | { kind: 'disrupt'; seat: Seat; source: CardId; owner: Seat }
  | { kind: 'transport' | 'redeploy'; seat: Seat; source: CardId }
  | { kind: 'redeploy-play'; seat: Seat; source: CardId }
  | { kind: 'reinforce'; seat: Seat; source: CardId; drawn: CardId };

/** An instant ability waiting to resolve. */
export interface Trigger {
  seat: Seat;
  card: CardId;
}

export interface AlsEvent {
  text: string;
  private?: { seat: Seat; text: string };
}

export interface BattleResult {
  battle: number;
  winner: Seat;
  vp: number;
  how: string;
}

export interface AlsState {
  config: AlsConfig;
  vp: number[];
  battle: number;
  /** The seat holding the 1st Player Supreme Commander card this battle. */
  first: Seat;
  /** The theaters from left to right. */
  order: Theater[];
  hands: CardId[][];
  /** The deck, top first; destroyed cards go to the bottom. */
  deck: CardId[];
  /** board[theater][seat]: that side's stack, bottom first (the last card is uncovered). */
  board: Record<Theater, Placed[][]>;
  /** The seat whose turn it is (its action, and the abilities it sets off). */
  toMove: Seat;
  decision: Decision | null;
  queue: Trigger[];
  /** Air Drop's permission, per seat. */
  airDrop: boolean[];
  results: BattleResult[];
  events: AlsEvent[];
  over: string | null;
}

/** The seats' names (the contract's "Player <n>"), as prompts, logs and boards say them: `seatName(SEAT_NAMES, seat)`. */
export const SEAT_NAMES = ['Player 1', 'Player 2'] as const;
const other = (seat: Seat) => 1 - seat;

function emptyBoard(): Record<Theater, Placed[][]> {
  return { Air: [[], []], Land: [[], []], Sea: [[], []] };
}

function deal(rng: Rng): { hands: CardId[][]; deck: CardId[] } {
  const d = rng.shuffle([...CARD_IDS]);
  return { hands: [d.slice(0, HAND_SIZE), d.slice(HAND_SIZE, 2 * HAND_SIZE)], deck: d.slice(2 * HAND_SIZE) };
}

export function setup(rng: Rng, config: AlsConfig, numPlayers: number): AlsState {
  if (numPlayers !== 2) throw new Error('Air, Land and Sea is played by 2 players');
  const order = rng.shuffle([...THEATERS]);
  const first = rng.int(2);
  const { hands, deck } = deal(rng);
  return startWith(config, { order, first, hands, deck });
}

/** The first turn of a battle with these cards (the deal, the worked example, tests). */
export function startWith(
  config: AlsConfig,
  p: { order: Theater[]; first: Seat; hands: CardId[][]; deck: CardId[]; vp?: number[]; battle?: number },
): AlsState {
  return {
    config,
    vp: p.vp ?? [0, 0],
    battle: p.battle ?? 1,
    first: p.first,
    order: [...p.order],
    hands: p.hands.map((h) => [...h]),
    deck: [...p.deck],
    board: emptyBoard(),
    toMove: p.first,
    decision: null,
    queue: [],
    airDrop: [false, false],
    results: [],
    events: [
      {
        text: `Battle ${p.battle ?? 1}: theaters ${p.order.join(', ')}; ${seatName(SEAT_NAMES, p.first)} is the 1st player.`,
      },
    ],
    over: null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The board

export const adjacent = (order: readonly Theater[], a: Theater, b: Theater) =>
  Math.abs(order.indexOf(a) - order.indexOf(b)) === 1;
export const adjacentTo = (order: readonly Theater[], t: Theater): Theater[] =>
  order.filter((x) => adjacent(order, x, t));

/** Where a card lies on the board, or null. */
export function locate(
  s: Pick<AlsState, 'board'>,
  card: CardId,
): { theater: Theater; seat: Seat; index: number } | null {
  for (const theater of THEATERS) {
    for (const seat of [0, 1]) {
      const index = s.board[theater][seat]!.findIndex((p) => p.card === card);
      if (index >= 0) return { theater, seat, index };
    }
  }
  return null;
}

/** Whether `seat` has this card face up anywhere (an ongoing ability in effect). */
export function active(s: Pick<AlsState, 'board'>, seat: Seat, card: CardId): boolean {
  const at = locate(s, card);
  return !!at && at.seat === seat && s.board[at.theater][seat]![at.index]!.faceUp;
}
const activeAnywhere = (s: Pick<AlsState, 'board'>, card: CardId): Seat | null =>
  active(s, 0, card) ? 0 : active(s, 1, card) ? 1 : null;

/** The strength of each card in a stack (facedown 2; 4 with Escalation; 4 under Cover Fire). */
export function cardStrengths(s: Pick<AlsState, 'board'>, theater: Theater, seat: Seat): number[] {
  const stack = s.board[theater][seat]!;
  const escalation = active(s, seat, 'S2');
  const coverFire = stack.findIndex((p) => p.card === 'L4' && p.faceUp);
  return stack.map((p, i) => {
    if (coverFire >= 0 && i < coverFire) return BOOSTED_STRENGTH;
    if (p.faceUp) return CARDS[p.card].strength;
    return escalation ? BOOSTED_STRENGTH : FACEDOWN_STRENGTH;
  });
}

/** A side's total strength in a theater, Support included. */
export function theaterStrength(s: Pick<AlsState, 'board' | 'order'>, theater: Theater, seat: Seat): number {
  const base = cardStrengths(s, theater, seat).reduce((a, b) => a + b, 0);
  const support = locate(s, 'A1');
  const bonus =
    support &&
    support.seat === seat &&
    s.board[support.theater][seat]![support.index]!.faceUp &&
    adjacent(s.order, support.theater, theater)
      ? SUPPORT_BONUS
      : 0;
  return base + bonus;
}

/** Who controls a theater now (the 1st player wins ties, empty theaters included). */
export function controller(s: Pick<AlsState, 'board' | 'order' | 'first'>, theater: Theater): Seat {
  const f = theaterStrength(s, theater, s.first);
  const o = theaterStrength(s, theater, other(s.first));
  return f >= o ? s.first : other(s.first);
}

const stackOf = (s: AlsState, t: Theater, seat: Seat) => s.board[t][seat]!;
const uncovered = (s: AlsState, t: Theater, seat: Seat) => stackOf(s, t, seat).at(-1) ?? null;
const occupied = (s: AlsState, t: Theater) => stackOf(s, t, 0).length + stackOf(s, t, 1).length;

/** Whether `seat` may play this card face up to this theater (matching, Aerodrome for strength ≤ 3, Air Drop). */
export function mayDeploy(s: AlsState, seat: Seat, card: CardId, theater: Theater): boolean {
  if (CARDS[card].theater === theater) return true;
  if (s.airDrop[seat]) return true;
  return active(s, seat, 'A4') && CARDS[card].strength <= 3;
}

// ---------------------------------------------------------------------------------------------------------------
// Moves

export function activeSeats(s: AlsState): Seat[] {
  if (s.over) return [];
  return [s.decision ? s.decision.seat : s.toMove];
}

function playActions(s: AlsState, seat: Seat): AlsAction[] {
  const out: AlsAction[] = [];
  for (const card of s.hands[seat]!) {
    for (const theater of s.order) if (mayDeploy(s, seat, card, theater)) out.push({ type: 'deploy', card, theater });
  }
  for (const card of s.hands[seat]!) for (const theater of s.order) out.push({ type: 'improvise', card, theater });
  return out;
}

/** The uncovered cards a flip may target for this decision: [theater, owner]. */
export function flipTargets(s: AlsState, d: Decision): { theater: Theater; owner: Seat }[] {
  const out: { theater: Theater; owner: Seat }[] = [];
  const from = locate(s, d.source)?.theater ?? null;
  for (const theater of s.order) {
    for (const owner of [0, 1]) {
      if (!uncovered(s, theater, owner)) continue;
      if (d.kind === 'maneuver' && !(from && adjacent(s.order, from, theater))) continue;
      if (d.kind === 'disrupt' && owner !== d.seat) continue;
      out.push({ theater, owner });
    }
  }
  return out;
}

export function legalActions(s: AlsState, seat: Seat): AlsAction[] {
  if (s.over || activeSeats(s)[0] !== seat) return [];
  const d = s.decision;
  if (!d) return [...playActions(s, seat), { type: 'withdraw' }];
  switch (d.kind) {
    case 'maneuver':
    case 'ambush':
    case 'disrupt':
      return flipTargets(s, d).map((t) => ({ type: 'flip', ...t }));
    case 'transport': {
      const out: AlsAction[] = [];
      for (const from of s.order)
        for (const p of stackOf(s, from, seat))
          for (const to of s.order) if (to !== from) out.push({ type: 'move', card: p.card, theater: to });
      return [...out, { type: 'skip' }];
    }
    case 'redeploy': {
      const out: AlsAction[] = [];
      for (const t of s.order)
        for (const p of stackOf(s, t, seat)) if (!p.faceUp) out.push({ type: 'return', card: p.card });
      return [...out, { type: 'skip' }];
    }
    case 'redeploy-play':
      return playActions(s, seat);
    case 'reinforce': {
      const from = locate(s, d.source)?.theater;
      return from ? adjacentTo(s.order, from).map((theater) => ({ type: 'reinforce', theater })) : [];
    }
  }
}

/** A key that identifies an action whatever the order of its fields. */
export const actionKey = (a: AlsAction) =>
  [a.type, 'card' in a ? a.card : '', 'theater' in a ? a.theater : '', 'owner' in a ? a.owner : ''].join('|');
const sameAction = (a: AlsAction, b: AlsAction) => actionKey(a) === actionKey(b);

export function reject(s: AlsState, seat: Seat, a: AlsAction): string | null {
  const legal = legalActions(s, seat);
  if (legal.some((x) => sameAction(x, a))) return null;
  const d = s.decision;
  const play = a.type === 'deploy' || a.type === 'improvise';
  if (d && d.kind !== 'redeploy-play' && (play || a.type === 'withdraw'))
    return `First finish ${CARDS[d.source].name}'s ability: ${decisionText(d)}. Choose one of the listed moves.`;
  if (d?.kind === 'redeploy-play' && a.type === 'withdraw')
    return 'Redeploy says "play a card": you cannot withdraw now. Deploy or improvise a card from your hand.';
  if (!d && !play && a.type !== 'withdraw')
    return 'No ability is waiting for a choice: deploy a card face up, improvise one facedown, or withdraw.';
  if (d && !play && !legal.some((x) => x.type === a.type))
    return `That does not answer ${CARDS[d.source].name} (${decisionText(d)}). Choose one of the listed moves.`;
  switch (a.type) {
    case 'deploy':
    case 'improvise':
      if (!s.hands[seat]!.includes(a.card)) return `${cardName(a.card)} is not in your hand.`;
      if (a.type === 'deploy')
        return `${cardName(a.card)} is a ${CARDS[a.card].theater} card: face up it goes only to ${CARDS[a.card].theater}${active(s, seat, 'A4') ? ' (Aerodrome allows only strength 3 or less elsewhere)' : ''}. Play it facedown (improvise) to go elsewhere.`;
      return 'That play is not allowed.';
    case 'flip':
      if (!uncovered(s, a.theater, a.owner)) return `${seatName(SEAT_NAMES, a.owner)} has no card in ${a.theater}.`;
      if (d?.kind === 'maneuver')
        return `Maneuver flips an uncovered card in a theater adjacent to ${locate(s, d.source)?.theater ?? 'it'}.`;
      if (d?.kind === 'disrupt') return 'Disrupt: each player flips one of their own uncovered cards.';
      return 'That card cannot be flipped now. Choose one of the listed moves.';
    case 'move':
      if (locate(s, a.card)?.seat !== seat) return `${cardName(a.card)} is not one of your cards on the board.`;
      return 'Transport moves a card to a different theater.';
    case 'return':
      return `Redeploy returns one of your own facedown cards; ${cardName(a.card)} is not one.`;
    case 'reinforce':
      return `Reinforce plays the drawn card to a theater adjacent to ${locate(s, d!.source)?.theater ?? 'it'}.`;
    case 'skip':
      return d
        ? `${CARDS[d.source].name}'s ability is not optional here (${decisionText(d)}).`
        : 'There is nothing to skip.';
    case 'withdraw':
      return 'You cannot withdraw now.';
  }
}

export function decisionText(d: Decision): string {
  switch (d.kind) {
    case 'maneuver':
      return 'flip an uncovered card in an adjacent theater';
    case 'ambush':
      return 'flip any uncovered card';
    case 'disrupt':
      return 'flip one of your own uncovered cards';
    case 'transport':
      return 'you may move 1 of your cards to a different theater, or skip';
    case 'redeploy':
      return 'you may return 1 of your facedown cards to your hand, then play a card; or skip';
    case 'redeploy-play':
      return 'play a card (deploy or improvise)';
    case 'reinforce':
      return `play the drawn card facedown to an adjacent theater`;
  }
}

/** Plays a card from outside the board (hand or deck) to a theater; Containment and Blockade may destroy it. */
function playCard(
  s: AlsState,
  seat: Seat,
  card: CardId,
  theater: Theater,
  faceUp: boolean,
  how: string,
  secretHow: string,
): void {
  const containment = activeAnywhere(s, 'A5');
  const blockade = locate(s, 'S5');
  const blockadeOn = blockade && s.board[blockade.theater][blockade.seat]![blockade.index]!.faceUp;
  let destroyedBy: string | null = null;
  if (!faceUp && containment !== null) destroyedBy = 'Containment';
  else if (blockadeOn && adjacent(s.order, blockade.theater, theater) && occupied(s, theater) >= 3)
    destroyedBy = 'Blockade';
  const pub = `${seatName(SEAT_NAMES, seat)} ${how}`;
  if (destroyedBy) {
    s.deck.push(card);
    s.events.push(
      faceUp
        ? { text: `${pub}; ${destroyedBy} destroys it.` }
        : {
            text: `${pub}; ${destroyedBy} destroys it.`,
            private: { seat, text: `${seatName(SEAT_NAMES, seat)} ${secretHow}; ${destroyedBy} destroys it.` },
          },
    );
    return;
  }
  stackOf(s, theater, seat).push({ card, faceUp });
  s.events.push(
    faceUp
      ? { text: `${pub}.` }
      : { text: `${pub}.`, private: { seat, text: `${seatName(SEAT_NAMES, seat)} ${secretHow}.` } },
  );
  if (faceUp && CARDS[card].kind === 'Instant') s.queue.push({ seat, card });
}

function playFromHand(s: AlsState, seat: Seat, a: Extract<AlsAction, { type: 'deploy' | 'improvise' }>): void {
  const hand = s.hands[seat]!;
  hand.splice(hand.indexOf(a.card), 1);
  s.airDrop[seat] = false;
  if (a.type === 'deploy')
    playCard(s, seat, a.card, a.theater, true, `deploys ${cardName(a.card)} to ${a.theater}`, '');
  else
    playCard(
      s,
      seat,
      a.card,
      a.theater,
      false,
      `improvises a card facedown to ${a.theater}`,
      `improvises ${cardName(a.card)} facedown to ${a.theater}`,
    );
}

function flip(s: AlsState, by: Seat, theater: Theater, owner: Seat, why: string): void {
  const p = uncovered(s, theater, owner)!;
  p.faceUp = !p.faceUp;
  if (p.faceUp) {
    s.events.push({
      text: `${seatName(SEAT_NAMES, by)} (${why}) flips ${seatName(SEAT_NAMES, owner)}'s card in ${theater} face up: ${cardName(p.card)}.`,
    });
    if (CARDS[p.card].kind === 'Instant') s.queue.push({ seat: owner, card: p.card });
  } else {
    s.events.push({
      text: `${seatName(SEAT_NAMES, by)} (${why}) flips ${seatName(SEAT_NAMES, owner)}'s ${cardName(p.card)} in ${theater} facedown.`,
    });
  }
}

/** Starts the next queued instant ability; returns when one asks a choice or none is left. */
function resolveQueue(s: AlsState): void {
  while (!s.decision && s.queue.length > 0) {
    const { seat, card } = s.queue.shift()!;
    const at = locate(s, card);
    const name = CARDS[card].name;
    switch (name) {
      case 'Air Drop':
        s.airDrop[seat] = true;
        s.events.push({
          text: `${seatName(SEAT_NAMES, seat)}'s Air Drop: their next card may be played to any theater.`,
        });
        break;
      case 'Maneuver':
      case 'Ambush': {
        const d: Decision = { kind: name === 'Ambush' ? 'ambush' : 'maneuver', seat, source: card };
        if (flipTargets(s, d).length > 0) s.decision = d;
        else s.events.push({ text: `${seatName(SEAT_NAMES, seat)}'s ${name} has no card to flip.` });
        break;
      }
      case 'Disrupt': {
        const first: Decision = { kind: 'disrupt', seat, source: card, owner: seat };
        const second: Decision = { kind: 'disrupt', seat: other(seat), source: card, owner: seat };
        if (flipTargets(s, first).length > 0) s.decision = first;
        else if (flipTargets(s, second).length > 0) s.decision = second;
        break;
      }
      case 'Transport':
        s.decision = { kind: 'transport', seat, source: card };
        break;
      case 'Redeploy': {
        const any = THEATERS.some((t) => stackOf(s, t, seat).some((p) => !p.faceUp));
        if (any) s.decision = { kind: 'redeploy', seat, source: card };
        else s.events.push({ text: `${seatName(SEAT_NAMES, seat)}'s Redeploy has no facedown card to return.` });
        break;
      }
      case 'Reinforce': {
        if (s.deck.length === 0 || !at) {
          s.events.push({ text: `${seatName(SEAT_NAMES, seat)}'s Reinforce has no card to draw.` });
          break;
        }
        const drawn = s.deck.shift()!;
        s.decision = { kind: 'reinforce', seat, source: card, drawn };
        s.events.push({
          text: `${seatName(SEAT_NAMES, seat)}'s Reinforce draws a card.`,
          private: { seat, text: `${seatName(SEAT_NAMES, seat)}'s Reinforce draws ${cardName(drawn)}.` },
        });
        break;
      }
    }
  }
}

function scoreBattle(s: AlsState, winner: Seat, vp: number, how: string, rng: Rng): void {
  s.vp[winner]! += vp;
  s.results.push({ battle: s.battle, winner, vp, how });
  s.events.push({
    text: `Battle ${s.battle}: ${seatName(SEAT_NAMES, winner)} wins (${how}) and scores ${vp} VP. VPs: ${s.vp.map((v, i) => `${seatName(SEAT_NAMES, i)} ${v}`).join(', ')}.`,
  });
  if (s.vp[winner]! >= s.config.targetVp) {
    s.over = `${seatName(SEAT_NAMES, winner)} reaches ${s.vp[winner]} VP`;
    s.decision = null;
    s.queue = [];
    return;
  }
  // The next battle: collect and shuffle, deal 6 each, rotate the theaters (rightmost to the far left), swap commanders.
  s.battle++;
  s.order = [s.order[2]!, s.order[0]!, s.order[1]!];
  s.first = other(s.first);
  const { hands, deck } = deal(rng);
  s.hands = hands;
  s.deck = deck;
  s.board = emptyBoard();
  s.toMove = s.first;
  s.decision = null;
  s.queue = [];
  s.airDrop = [false, false];
  s.events.push({
    text: `Battle ${s.battle}: theaters ${s.order.join(', ')}; ${seatName(SEAT_NAMES, s.first)} is the 1st player.`,
  });
}

/** After a choice or a play: resolve the queue, then end the turn when nothing waits. */
function advance(s: AlsState, rng: Rng): void {
  resolveQueue(s);
  if (s.decision || s.over) return;
  if (s.hands[0]!.length === 0 && s.hands[1]!.length === 0) {
    const won = s.order.map((t) => controller(s, t));
    const winner = won.filter((w) => w === 0).length >= 2 ? 0 : 1;
    const held = s.order.filter((_, i) => won[i] === winner);
    const strengths = s.order.map((t) => `${t} ${theaterStrength(s, t, 0)}-${theaterStrength(s, t, 1)}`).join(', ');
    scoreBattle(s, winner, BATTLE_VP, `controls ${held.join(' and ')}; strengths ${strengths}`, rng);
    return;
  }
  const next = other(s.toMove);
  s.toMove = s.hands[next]!.length > 0 ? next : s.toMove;
  if (s.toMove !== next) s.events.push({ text: `${seatName(SEAT_NAMES, next)} has no cards left and passes.` });
}

export function apply(prev: AlsState, seat: Seat, a: AlsAction, rng: Rng): AlsState {
  const s: AlsState = structuredClone(prev);
  const d = s.decision;
  switch (a.type) {
    case 'withdraw': {
      const winner = other(seat);
      const cards = s.hands[seat]!.length;
      s.events.push({
        text: `${seatName(SEAT_NAMES, seat)} withdraws holding ${cards} card${cards === 1 ? '' : 's'}.`,
      });
      scoreBattle(s, winner, withdrawalVp(winner === s.first, cards), `${seatName(SEAT_NAMES, seat)} withdrew`, rng);
      return s;
    }
    case 'deploy':
    case 'improvise':
      s.decision = null;
      playFromHand(s, seat, a);
      break;
    case 'flip': {
      const why = CARDS[d!.source].name;
      if (d!.kind === 'disrupt') {
        s.decision = null;
        flip(s, seat, a.theater, a.owner, why);
        if (seat === d!.owner) {
          const second: Decision = { kind: 'disrupt', seat: other(seat), source: d!.source, owner: d!.owner };
          if (flipTargets(s, second).length > 0) s.decision = second;
        }
      } else {
        s.decision = null;
        flip(s, seat, a.theater, a.owner, why);
      }
      break;
    }
    case 'move': {
      s.decision = null;
      const at = locate(s, a.card)!;
      const [p] = stackOf(s, at.theater, seat).splice(at.index, 1);
      stackOf(s, a.theater, seat).push(p!);
      s.events.push(
        p!.faceUp
          ? {
              text: `${seatName(SEAT_NAMES, seat)} (Transport) moves ${cardName(a.card)} from ${at.theater} to ${a.theater}.`,
            }
          : {
              text: `${seatName(SEAT_NAMES, seat)} (Transport) moves a facedown card from ${at.theater} to ${a.theater}.`,
              private: {
                seat,
                text: `${seatName(SEAT_NAMES, seat)} (Transport) moves their facedown ${cardName(a.card)} from ${at.theater} to ${a.theater}.`,
              },
            },
      );
      break;
    }
    case 'return': {
      const at = locate(s, a.card)!;
      stackOf(s, at.theater, seat).splice(at.index, 1);
      s.hands[seat]!.push(a.card);
      s.decision = { kind: 'redeploy-play', seat, source: d!.source };
      s.events.push({
        text: `${seatName(SEAT_NAMES, seat)} (Redeploy) returns a facedown card from ${at.theater} to their hand.`,
        private: {
          seat,
          text: `${seatName(SEAT_NAMES, seat)} (Redeploy) returns their facedown ${cardName(a.card)} from ${at.theater} to their hand.`,
        },
      });
      return s;
    }
    case 'reinforce': {
      const drawn = (d as Extract<Decision, { kind: 'reinforce' }>).drawn;
      s.decision = null;
      playCard(
        s,
        seat,
        drawn,
        a.theater,
        false,
        `(Reinforce) plays the drawn card facedown to ${a.theater}`,
        `(Reinforce) plays the drawn ${cardName(drawn)} facedown to ${a.theater}`,
      );
      break;
    }
    case 'skip':
      s.events.push({ text: `${seatName(SEAT_NAMES, seat)} does not use ${CARDS[d!.source].name}.` });
      s.decision = null;
      break;
  }
  advance(s, rng);
  return s;
}

export function outcome(s: AlsState): Outcome | null {
  if (!s.over) return null;
  const total = s.vp[0]! + s.vp[1]!;
  const scores = total > 0 ? s.vp.map((v) => v / total) : [0.5, 0.5];
  const winner = s.vp[0]! > s.vp[1]! ? 0 : s.vp[1]! > s.vp[0]! ? 1 : null;
  return {
    scores,
    rewards: s.vp.slice(),
    winner,
    reason: `${s.over} after ${s.battle} battle${s.battle === 1 ? '' : 's'}: ${winner === null ? 'tie' : `${seatName(SEAT_NAMES, winner)} wins`} (${s.vp.map((v, i) => `${seatName(SEAT_NAMES, i)} ${v} VP`).join(', ')})`,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Views

export interface ViewCard {
  /**
   * The battle it was played in: the same card is dealt again each battle, so a facedown card is one secret per battle
   * (a card a seat played facedown in battle 1 may be the other seat's facedown card in battle 2).
   */
  battle: number;
  /** Null for a facedown card of another seat. */
  card: CardId | null;
  faceUp: boolean;
  strength: number;
}

export interface ViewTheater {
  name: Theater;
  /** stacks[seat], bottom first. */
  stacks: ViewCard[][];
  strength: number[];
  controller: Seat;
}

export interface AlsView {
  you: Seat | null;
  vp: number[];
  targetVp: number;
  battle: number;
  first: Seat;
  theaters: ViewTheater[];
  /** The viewer's own hand (null for spectators). */
  hand: CardId[] | null;
  /** Every hand, only for omniscient viewers and once the match is over. */
  hands: (CardId[] | null)[];
  handCounts: number[];
  deckCount: number;
  toMove: Seat | null;
  /** The seat whose turn it is (an ability's choice may be asked of the other seat meanwhile). */
  turn: Seat;
  /** The choice an ability waits for; `drawn` (Reinforce's card) only for its seat. */
  decision: {
    kind: Decision['kind'];
    seat: Seat;
    source: CardId;
    text: string;
    battle: number;
    drawn: CardId | null;
  } | null;
  queue: Trigger[];
  airDrop: boolean[];
  results: BattleResult[];
  events: string[];
  result: string | null;
}

export const EVENTS_SHOWN = 14;

export function view(s: AlsState, v: Viewer): AlsView {
  const omni = 'omniscient' in v || !!s.over;
  const you = 'seat' in v ? v.seat : null;
  const sees = (seat: Seat) => omni || you === seat;
  const d = s.decision;
  return {
    you,
    vp: s.vp.slice(),
    targetVp: s.config.targetVp,
    battle: s.battle,
    // Right after the battle: the same cards are dealt again each battle, so a hand is a secret of its battle (secrets).
    hand: you !== null ? s.hands[you]!.slice() : null,
    first: s.first,
    theaters: s.order.map((name) => ({
      name,
      stacks: [0, 1].map((seat) => {
        const str = cardStrengths(s, name, seat);
        return stackOf(s, name, seat).map((p, i) => ({
          battle: s.battle,
          card: p.faceUp || sees(seat) ? p.card : null,
          faceUp: p.faceUp,
          strength: str[i]!,
        }));
      }),
      strength: [theaterStrength(s, name, 0), theaterStrength(s, name, 1)],
      controller: controller(s, name),
    })),
    hands: s.hands.map((h) => (omni ? h.slice() : null)),
    handCounts: s.hands.map((h) => h.length),
    deckCount: s.deck.length,
    toMove: activeSeats(s)[0] ?? null,
    turn: s.toMove,
    decision: d
      ? {
          kind: d.kind,
          seat: d.seat,
          source: d.source,
          text: decisionText(d),
          battle: s.battle,
          drawn: d.kind === 'reinforce' && sees(d.seat) ? d.drawn : null,
        }
      : null,
    queue: s.queue.map((t) => ({ ...t })),
    airDrop: s.airDrop.slice(),
    results: s.results.map((r) => ({ ...r })),
    events: s.events.slice(-EVENTS_SHOWN).map((e) => (e.private && sees(e.private.seat) ? e.private.text : e.text)),
    result: outcome(s)?.reason ?? null,
  };
}

export function describe(prev: AlsState, next: AlsState): LogLine[] {
  return next.events
    .slice(prev.events.length)
    .flatMap((e): LogLine[] =>
      e.private ? [{ text: e.text }, { text: e.private.text, visibleTo: [e.private.seat] }] : [{ text: e.text }],
    );
}

/** Each seat's hand and the identities of its facedown cards (and Reinforce's drawn card): only that seat may see them. */
export function secrets(s: AlsState): { seat: Seat; values: string[] }[] {
  if (s.over) return [];
  return [0, 1].map((seat) => {
    // Written as the omniscient view writes them. A hand is its list of cards (`hands[seat]`; `hand` for its holder):
    // the two hands of a battle never hold the same card. A facedown card goes with its battle: the cards are dealt
    // again every battle (a facedown card of battle 1 may be the other seat's in battle 2, and was rightly seen then).
    const values = s.hands[seat]!.length ? [JSON.stringify(s.hands[seat])] : [];
    for (const t of THEATERS)
      for (const p of stackOf(s, t, seat))
        if (!p.faceUp) values.push(`{"battle":${s.battle},"card":"${p.card}","faceUp":false`);
    if (s.decision?.kind === 'reinforce' && s.decision.seat === seat)
      values.push(`"battle":${s.battle},"drawn":"${s.decision.drawn}"`);
    // The private lines of the events shown (which card went facedown, what Reinforce drew): they name their seat.
    for (const e of s.events.slice(-EVENTS_SHOWN)) if (e.private?.seat === seat) values.push(e.private.text);
    return { seat, values };
  });
}
