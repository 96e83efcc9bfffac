// Hanabi (small) rules, after LLMArena's version: two players, two colours, hands of two cards, 3 information tokens
// and 1 life token. A cooperative game with unusual hidden information: each player sees the partner's cards but not
// their own, and learns about their own hand only through the partner's reveals.
//
// SCORING AND ENDING follow LLMArena by default (issue 17), each a config setting:
//  - `zeroOnLoss` (default true): the team scores 0 when the last life token is lost. LLMArena's rules text only says
//    "points are awarded based on the largest card value in each created firework", but its environment is the Hanabi
//    Learning Environment (PettingZoo hanabi_v5, in the authors' code), whose score is 0 once the lives are gone
//    (HanabiState::Score), and the paper's averages fit that convention (issue 17). false: the points made so far are
//    kept (the arena's rule before).
//  - `finalRound` (default false): LLMArena's rules text (appendix A.7) says "the game ends when either 3 life tokens
//    have been placed, all 2 fireworks have been completed, or all cards have been drawn from the deck", so by default
//    the game ends right after the move that draws the last card. true: each player then takes one more turn (the
//    drawer last), as in standard Hanabi and the arena before. DEVIATION NOTE: the authors' environment itself (the
//    Hanabi Learning Environment) plays that extra round; the default follows the paper's rules text, which is what
//    the models were told. A deal that leaves no deck at all (1 colour and 5-card hands) gives each player one turn
//    whatever the setting, as there is no last draw to end on.
import { z } from 'zod';
import { seatName, type LogLine, type Outcome, type Rng, type Seat, type Viewer } from '../../lib/engine/types';

/** Always two seats, who play together. */
export const NUM_SEATS = 2;
export const SEAT_NAMES = ['Player 1', 'Player 2'] as const;
/** Every colour a game may use, in the order of the Hanabi Learning Environment; a game uses the first `colors`. */
export const ALL_COLORS = ['red', 'yellow', 'green', 'white', 'blue'] as const;
export type Color = (typeof ALL_COLORS)[number];
/** One letter per colour, for the card ids ("R3b"). */
const LETTERS: Record<Color, string> = { red: 'R', yellow: 'Y', green: 'G', white: 'W', blue: 'B' };
/** Ranks run from 1 to MAX_RANK; a firework is complete at MAX_RANK. */
export const MAX_RANK = 5;
export const RANKS = [1, 2, 3, 4, 5] as const;
/** Copies of each rank in each colour: three 1s, two 2s, two 3s, two 4s, one 5 (10 cards per colour). */
export const COPIES: Record<number, number> = { 1: 3, 2: 2, 3: 2, 4: 2, 5: 1 };
export const CARDS_PER_COLOR = RANKS.reduce((n, r) => n + COPIES[r]!, 0);

export const configSchema = z
  .object({
    /** Colours in play (LLMArena: 2, red and yellow). */
    colors: z.number().int().min(1).max(ALL_COLORS.length).default(2),
    /** Cards in each hand (LLMArena: 2). */
    handSize: z.number().int().min(1).max(5).default(2),
    /** Information tokens, also the maximum the team may hold (LLMArena: 3). */
    infoTokens: z.number().int().min(1).max(8).default(3),
    /** Life tokens: the game ends when the last one is lost (LLMArena: 1). */
    lifeTokens: z.number().int().min(1).max(3).default(1),
    /**
     * The team scores 0 when the last life token is lost (LLMArena's Hanabi Learning Environment: default). false: the
     * fireworks' points are kept.
     */
    zeroOnLoss: z.boolean().default(true),
    /**
     * After the last card is drawn each player takes one more turn (standard Hanabi). false (LLMArena's rules, the
     * default): the game ends when the last card is drawn.
     */
    finalRound: z.boolean().default(false),
  })
  .strict();
export type HanabiConfig = z.infer<typeof configSchema>;
export const DEFAULT_CONFIG: HanabiConfig = {
  colors: 2,
  handSize: 2,
  infoTokens: 3,
  lifeTokens: 1,
  zeroOnLoss: true,
  finalRound: false,
};

export const actionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('play'),
    /** 0-based position in the player's own hand (prompts and the board say "card 1" for index 0). */
    index: z.number().int(),
  }),
  z.object({
    type: z.literal('discard'),
    /** 0-based position in the player's own hand (prompts and the board say "card 1" for index 0). */
    index: z.number().int(),
  }),
  z.object({
    type: z.literal('reveal-color'),
    /** Point out every card of this colour in the partner's hand (must be a colour in play that they hold). */
    color: z.enum(ALL_COLORS),
  }),
  z.object({
    type: z.literal('reveal-rank'),
    /** Point out every card of this rank in the partner's hand (1-5, one they hold; checked by `reject`). */
    rank: z.number().int(),
  }),
]);
export type HanabiAction = z.infer<typeof actionSchema>;

/** One physical card. */
export interface Card {
  /** Unique per physical card: colour letter, rank and copy letter, e.g. "R1a", "R1b", "R1c", "Y5a". */
  id: string;
  color: Color;
  rank: number;
}

/** What the holder of a card has been told about it (public: both players and spectators see every hint). */
export interface Hint {
  /** The colour, once a reveal pointed at this card; null while unknown. */
  color: Color | null;
  /** The rank, once a reveal pointed at this card; null while unknown. */
  rank: number | null;
  /** Colours a reveal showed this card is not (a reveal of red that skipped it), in game order. */
  notColors: Color[];
  /** Ranks a reveal showed this card is not, ascending. */
  notRanks: number[];
}

/** A card in a hand together with what its holder knows about it. */
export interface HandCard {
  card: Card;
  hint: Hint;
}

/** The most recent move with its public consequences, for the prompts, the board and the log. */
export interface LastMove {
  seat: Seat;
  action: HanabiAction;
  /** The card played or discarded (public once it leaves the hand); null for a reveal. */
  card: Card | null;
  /** For a play: whether the card extended its firework; null otherwise. */
  success: boolean | null;
  /** For a reveal: the 0-based positions pointed at in the partner's hand; null otherwise. */
  touched: number[] | null;
  /** Whether the player drew a replacement card. */
  drew: boolean;
  /** Whether the move regained an information token (a discard, or a completed firework). */
  regained: boolean;
}

export interface HanabiState {
  /** The colours in play, in order. */
  colors: Color[];
  handSize: number;
  maxInfoTokens: number;
  maxLifeTokens: number;
  /** The team scores 0 when the last life token is lost (config `zeroOnLoss`). */
  zeroOnLoss: boolean;
  /** Each player takes one more turn after the last card is drawn (config `finalRound`). */
  finalRound: boolean;
  /** HIDDEN FROM EVERY SEAT: the cards still to draw, next card first. */
  deck: Card[];
  /**
   * Each seat's hand, oldest card first (new cards are added at the end). HIDDEN FROM ITS OWNER: the partner sees the
   * cards, the owner sees only the hints.
   */
  hands: HandCard[][];
  /** Public: height of each colour's firework (0-5), aligned with `colors`. */
  fireworks: number[];
  /** Public: discarded and misplayed cards, in order. */
  discards: Card[];
  /** Public: information tokens the team holds (0 to maxInfoTokens). */
  infoTokens: number;
  /** Public: life tokens left; the game ends at 0. */
  lifeTokens: number;
  /** Seat whose turn it is; ignored once the game is over. */
  toMove: Seat;
  /**
   * Turns left in the final round once the deck ran out (each player gets one more), null while the deck still has
   * cards or without a final round (the game then ends at the last draw).
   */
  finalTurns: number | null;
  /** Moves made so far. */
  moves: number;
  /** Public: the most recent move, null before the first. */
  last: LastMove | null;
}

/** A hand card as one viewer may see it. */
export interface ViewCard {
  /** The card, or null where it is hidden from this viewer (a seat's own cards, every card for a spectator). */
  card: Card | null;
  /** What the holder knows about it (public). */
  hint: Hint;
}

/** The state as one viewer may see it. */
export interface HanabiView {
  /** The seat this view was made for; null for a spectator or an omniscient viewer. */
  viewer: Seat | null;
  colors: Color[];
  handSize: number;
  maxInfoTokens: number;
  maxLifeTokens: number;
  /** The team scores 0 when the last life token is lost. */
  zeroOnLoss: boolean;
  /** Each player takes one more turn after the last card is drawn; otherwise the game ends at the last draw. */
  finalRound: boolean;
  infoTokens: number;
  lifeTokens: number;
  fireworks: number[];
  /** Both hands, seat 0 first; cards this viewer may not see are null, the hints are always there. */
  hands: ViewCard[][];
  deckSize: number;
  /** The deck in draw order: for the omniscient viewer and once the game is over; null otherwise. */
  deck: Card[] | null;
  discards: Card[];
  /** Seat to move, null when the game is over. */
  toMove: Seat | null;
  /** Turns left in the final round after the deck ran out, null while it has cards or without a final round. */
  finalTurns: number | null;
  last: LastMove | null;
  /** The team's score: the sum of the fireworks' heights, or 0 once the last life is lost under `zeroOnLoss`. */
  score: number;
  /** The highest score possible with these colours (5 per colour). */
  maxScore: number;
  /** Why the game ended, null while it is running. */
  result: string | null;
}

/** The other seat: the one whose cards a seat sees and reveals. */
export const partnerOf = (seat: Seat): Seat => 1 - seat;
export const cardText = (c: { color: Color; rank: number }): string => `${c.color} ${c.rank}`;
export const emptyHint = (): Hint => ({ color: null, rank: null, notColors: [], notRanks: [] });
const copyHint = (h: Hint): Hint => ({
  color: h.color,
  rank: h.rank,
  notColors: h.notColors.slice(),
  notRanks: h.notRanks.slice(),
});
const copyCard = (c: Card): Card => ({ id: c.id, color: c.color, rank: c.rank });
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Every card of the game in a fixed order (colour, rank, copy). */
export function fullDeck(colors: readonly Color[]): Card[] {
  const out: Card[] = [];
  for (const color of colors) {
    for (const rank of RANKS) {
      for (let copy = 0; copy < COPIES[rank]!; copy++)
        out.push({ id: `${LETTERS[color]}${rank}${'abc'[copy]}`, color, rank });
    }
  }
  return out;
}

/**
 * A state dealt from the given deck order (next card first): seat 0 takes the first `handSize` cards, seat 1 the next.
 * For setup, examples and tests.
 */
export function deal(deck: Card[], partial: Partial<HanabiConfig> = DEFAULT_CONFIG): HanabiState {
  const config = { ...DEFAULT_CONFIG, ...partial };
  const cards = deck.map(copyCard);
  const hands = Array.from({ length: NUM_SEATS }, () =>
    cards.splice(0, config.handSize).map((card) => ({ card, hint: emptyHint() })),
  );
  const colors = ALL_COLORS.slice(0, config.colors);
  return {
    colors,
    handSize: config.handSize,
    maxInfoTokens: config.infoTokens,
    maxLifeTokens: config.lifeTokens,
    zeroOnLoss: config.zeroOnLoss,
    finalRound: config.finalRound,
    deck: cards,
    hands,
    fireworks: colors.map(() => 0),
    discards: [],
    infoTokens: config.infoTokens,
    lifeTokens: config.lifeTokens,
    toMove: 0,
    // A deck used up by the deal starts the final round at once (there is no last draw to end on), whatever the setting.
    finalTurns: cards.length === 0 ? NUM_SEATS : null,
    moves: 0,
    last: null,
  };
}

/** Shuffles the full deck with the seeded rng and deals both hands. */
export function setup(rng: Rng, config: HanabiConfig = DEFAULT_CONFIG): HanabiState {
  return deal(rng.shuffle(fullDeck(ALL_COLORS.slice(0, config.colors))), config);
}

/** The sum of the fireworks' heights: the points made, whatever happens to them at the end. */
export const score = (s: { fireworks: number[] }): number => s.fireworks.reduce((a, b) => a + b, 0);

/** The team's score: the points made, or 0 once the last life token is lost when the game scores 0 on a loss. */
export const teamScore = (s: { fireworks: number[]; lifeTokens: number; zeroOnLoss: boolean }): number =>
  s.zeroOnLoss && s.lifeTokens <= 0 ? 0 : score(s);

/** The deck ran out and the game ends on it: at the last draw without a final round, after it with one. */
const deckOver = (s: HanabiState): boolean =>
  s.finalTurns === 0 || (s.finalTurns === null && !s.finalRound && s.deck.length === 0 && s.last?.drew === true);

/** "red 3, yellow 5". */
export const fireworksText = (s: { colors: Color[]; fireworks: number[] }): string =>
  s.colors.map((c, i) => `${c} ${s.fireworks[i]}`).join(', ');

/** Whether a card would extend its firework now. */
export const isPlayable = (s: { colors: Color[]; fireworks: number[] }, c: { color: Color; rank: number }): boolean =>
  s.fireworks[s.colors.indexOf(c.color)] === c.rank - 1;

/**
 * The game ends when the last life token is lost, when every firework is complete, or when the deck runs out: at the
 * move that draws the last card, or (with `finalRound`) once both players had their final turn after it. Both seats
 * share the result: scores 0.5 / 0.5 (the arena's convention for a cooperative game), rewards = the team's score for
 * both: the sum of the fireworks' heights, or 0 when the last life was lost and `zeroOnLoss` is on (the default, the
 * Hanabi Learning Environment's convention behind LLMArena's numbers).
 */
export function outcome(s: HanabiState): Outcome | null {
  const complete = s.fireworks.every((h) => h === MAX_RANK);
  const lost = s.lifeTokens <= 0;
  const cause = lost
    ? s.zeroOnLoss
      ? 'the last life token was lost on a misplay, which scores 0'
      : 'the last life token was lost on a misplay'
    : complete
      ? 'every firework is complete'
      : s.finalTurns === 0
        ? 'the deck ran out and both players had their final turn'
        : deckOver(s)
          ? 'the last card was drawn from the deck'
          : null;
  if (!cause) return null;
  const points = teamScore(s);
  return {
    scores: [0.5, 0.5],
    winner: null,
    rewards: [points, points],
    reason: `fireworks: ${fireworksText(s)} — ${plural(points, 'point')} (${cause})`,
    // Cooperative: nobody wins or loses, the team scores; pages say so instead of "Draw".
    summary: `Team score ${points} of ${MAX_RANK * s.colors.length}`,
  };
}

export function activeSeats(s: HanabiState): Seat[] {
  return outcome(s) ? [] : [s.toMove];
}

/** Colours (in game order) and ranks (ascending) present in a hand. */
function present(hand: { card: Card }[], colors: Color[]): { colors: Color[]; ranks: number[] } {
  return {
    colors: colors.filter((c) => hand.some((h) => h.card.color === c)),
    ranks: RANKS.filter((r) => hand.some((h) => h.card.rank === r)),
  };
}

/**
 * For the seat to move: play each card, discard each card (unless the team holds every information token), reveal each
 * colour and rank the partner holds (if a token is left). [] for anyone else. HIDDEN INFORMATION: the list goes to
 * this seat only; the reveals follow the partner's hand, which the seat sees, and plays and discards name positions
 * only, so nothing tells the seat about its own cards.
 */
export function legalActions(s: HanabiState, seat: Seat): HanabiAction[] {
  if (!activeSeats(s).includes(seat)) return [];
  const own = s.hands[seat]!;
  const out: HanabiAction[] = own.map((_, index) => ({ type: 'play', index }));
  if (s.infoTokens < s.maxInfoTokens) out.push(...own.map((_, index): HanabiAction => ({ type: 'discard', index })));
  if (s.infoTokens > 0) {
    const { colors, ranks } = present(s.hands[partnerOf(seat)]!, s.colors);
    out.push(...colors.map((color): HanabiAction => ({ type: 'reveal-color', color })));
    out.push(...ranks.map((rank): HanabiAction => ({ type: 'reveal-rank', rank })));
  }
  return out;
}

export const listWords = (items: string[], last = 'and') =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;

/** "card 1 or 2", "card 1", "cards 1-3"-style wording for a hand of n cards. */
function positions(n: number): string {
  if (n === 1) return 'the only card is card 1';
  return `choose card ${Array.from({ length: n }, (_, i) => i + 1)
    .slice(0, -1)
    .join(', ')} or ${n}`;
}

/**
 * Why the action is illegal, in words the seat can act on. HIDDEN INFORMATION: the messages speak only of what the
 * seat may know: the size of its own hand (never its cards), the partner's hand (which it sees) and the tokens.
 */
export function reject(s: HanabiState, seat: Seat, a: HanabiAction): string | null {
  const partner = seatName(SEAT_NAMES, partnerOf(seat));
  switch (a?.type) {
    case 'play':
    case 'discard': {
      const n = s.hands[seat]!.length;
      if (!Number.isInteger(a.index) || a.index < 0 || a.index >= n) {
        return `you hold ${plural(n, 'card')}: ${positions(n)} (got card ${Number.isFinite(a.index) ? a.index + 1 : a.index})`;
      }
      if (a.type === 'discard' && s.infoTokens >= s.maxInfoTokens) {
        return `you cannot discard: the team already holds all ${s.maxInfoTokens} information tokens (a discard regains one); play a card or reveal something to ${partner} instead`;
      }
      return null;
    }
    case 'reveal-color':
    case 'reveal-rank': {
      if (s.infoTokens <= 0)
        return 'you cannot reveal: no information tokens are left; discard a card to regain one, or play a card';
      const hand = s.hands[partnerOf(seat)]!;
      const held = present(hand, s.colors);
      const holds = hand.length
        ? `${partner}'s cards: ${hand.map((h) => cardText(h.card)).join(', ')}`
        : `${partner} holds no cards`;
      if (a.type === 'reveal-color') {
        if (!s.colors.includes(a.color))
          return `${a.color} is not a colour in this game; the colours are ${listWords(s.colors)}`;
        if (!held.colors.includes(a.color))
          return `${partner} holds no ${a.color} card: a reveal must point to at least one card (${holds})`;
        return null;
      }
      if (!Number.isInteger(a.rank) || a.rank < 1 || a.rank > MAX_RANK)
        return `ranks run from 1 to ${MAX_RANK} (got ${a.rank})`;
      if (!held.ranks.includes(a.rank))
        return `${partner} holds no ${a.rank}: a reveal must point to at least one card (${holds})`;
      return null;
    }
    default:
      return 'the actions are playing a card, discarding a card and revealing a colour or a rank to your partner, e.g. "Play card 1", "Discard card 2", "Reveal red" or "Reveal 3"';
  }
}

/** The hint after a reveal: set on the cards pointed at, negative information on the others. */
export function hintAfterReveal(
  hint: Hint,
  card: { color: Color; rank: number },
  a: HanabiAction,
  colors: readonly Color[],
): Hint {
  const h = copyHint(hint);
  if (a.type === 'reveal-color') {
    if (card.color === a.color) {
      h.color = a.color;
      h.notColors = [];
    } else if (h.color === null && !h.notColors.includes(a.color)) {
      h.notColors = colors.filter((c) => c === a.color || h.notColors.includes(c));
    }
  } else if (a.type === 'reveal-rank') {
    if (card.rank === a.rank) {
      h.rank = a.rank;
      h.notRanks = [];
    } else if (h.rank === null && !h.notRanks.includes(a.rank)) {
      h.notRanks = [...h.notRanks, a.rank].sort((x, y) => x - y);
    }
  }
  return h;
}

function cloneState(s: HanabiState): HanabiState {
  return {
    ...s,
    colors: s.colors.slice(),
    deck: s.deck.map(copyCard),
    hands: s.hands.map((hand) => hand.map((h) => ({ card: copyCard(h.card), hint: copyHint(h.hint) }))),
    fireworks: s.fireworks.slice(),
    discards: s.discards.map(copyCard),
    last: s.last ? copyLast(s.last) : null,
  };
}

function copyLast(l: LastMove): LastMove {
  return {
    ...l,
    action: { ...l.action },
    card: l.card ? copyCard(l.card) : null,
    touched: l.touched ? l.touched.slice() : null,
  };
}

/** Applies a move `reject` accepted. Uses no randomness: the deck was shuffled at setup. */
export function apply(s: HanabiState, seat: Seat, a: HanabiAction): HanabiState {
  const next = cloneState(s);
  const last: LastMove = {
    seat,
    action: { ...a },
    card: null,
    success: null,
    touched: null,
    drew: false,
    regained: false,
  };
  const hand = next.hands[seat]!;
  if (a.type === 'play' || a.type === 'discard') {
    const { card } = hand.splice(a.index, 1)[0]!;
    last.card = copyCard(card);
    if (a.type === 'play') {
      const ci = next.colors.indexOf(card.color);
      if (next.fireworks[ci] === card.rank - 1) {
        next.fireworks[ci] = card.rank;
        last.success = true;
        // Completing a firework regains a token, if the team does not hold them all.
        if (card.rank === MAX_RANK && next.infoTokens < next.maxInfoTokens) {
          next.infoTokens++;
          last.regained = true;
        }
      } else {
        last.success = false;
        next.lifeTokens--;
        next.discards.push(card);
      }
    } else {
      next.discards.push(card);
      next.infoTokens++;
      last.regained = true;
    }
    // Draw a replacement, unless the move ended the game.
    const ended = next.lifeTokens <= 0 || next.fireworks.every((h) => h === MAX_RANK);
    if (!ended && next.deck.length > 0) {
      hand.push({ card: next.deck.shift()!, hint: emptyHint() });
      last.drew = true;
    }
  } else {
    next.infoTokens--;
    const target = next.hands[partnerOf(seat)]!;
    last.touched = [];
    target.forEach((h, i) => {
      const touched = a.type === 'reveal-color' ? h.card.color === a.color : h.card.rank === a.rank;
      if (touched) last.touched!.push(i);
      h.hint = hintAfterReveal(h.hint, h.card, a, next.colors);
    });
  }
  // The final round (with `finalRound`): once the last card is drawn each player (the one who drew it included) has one
  // more turn. Without it the game ends at that draw (`outcome`).
  if (s.finalTurns !== null) next.finalTurns = s.finalTurns - 1;
  else if (s.finalRound && last.drew && next.deck.length === 0) next.finalTurns = NUM_SEATS;
  next.toMove = partnerOf(seat);
  next.moves = s.moves + 1;
  next.last = last;
  return next;
}

/**
 * The state as one viewer may see it. HIDDEN INFORMATION (unusual in Hanabi: a hand is hidden from its OWNER):
 *  - a seat sees the partner's cards and only the hints about its own (its own cards are null);
 *  - a spectator, while the game runs, sees no hand card at all, only the hints. Spectators are not opponents in a
 *    cooperative game, but a player could open the spectator page of their own live match and read their own cards
 *    there, so the live public view holds only what both players know;
 *  - the omniscient viewer (replays and admins; the arena shows it once the match is over) sees every card and the deck;
 *  - once the game is over everything is revealed to everyone;
 *  - the deck is hidden from every seat and spectator while the game runs (only its size is public);
 *  - tokens, fireworks, discards, hints and the last move are public.
 */
export function view(s: HanabiState, v: Viewer): HanabiView {
  const result = outcome(s);
  const viewer = 'seat' in v ? v.seat : null;
  const all = 'omniscient' in v || result !== null;
  const mayRead = (owner: Seat) => all || (viewer !== null && viewer !== owner);
  return {
    viewer,
    colors: s.colors.slice(),
    handSize: s.handSize,
    maxInfoTokens: s.maxInfoTokens,
    maxLifeTokens: s.maxLifeTokens,
    zeroOnLoss: s.zeroOnLoss,
    finalRound: s.finalRound,
    infoTokens: s.infoTokens,
    lifeTokens: s.lifeTokens,
    fireworks: s.fireworks.slice(),
    hands: s.hands.map((hand, owner) =>
      hand.map((h) => ({ card: mayRead(owner) ? copyCard(h.card) : null, hint: copyHint(h.hint) })),
    ),
    deckSize: s.deck.length,
    deck: all ? s.deck.map(copyCard) : null,
    discards: s.discards.map(copyCard),
    toMove: result ? null : s.toMove,
    finalTurns: s.finalTurns,
    last: s.last ? copyLast(s.last) : null,
    score: teamScore(s),
    maxScore: MAX_RANK * s.colors.length,
    result: result?.reason ?? null,
  };
}

/** What a player has been told about one card: "red 3", "a 3, colour unknown (not red)", "unknown (not red; not 1 or 2)". */
export function hintText(hint: Hint): string {
  const nots: string[] = [];
  if (hint.color === null && hint.notColors.length) nots.push(`not ${listWords(hint.notColors, 'or')}`);
  if (hint.rank === null && hint.notRanks.length) nots.push(`not ${listWords(hint.notRanks.map(String), 'or')}`);
  const extra = nots.length ? ` (${nots.join('; ')})` : '';
  if (hint.color !== null && hint.rank !== null) return `${hint.color} ${hint.rank}`;
  if (hint.color !== null) return `${hint.color}, rank unknown${extra}`;
  if (hint.rank !== null) return `a ${hint.rank}, colour unknown${extra}`;
  return `unknown${extra}`;
}

/** "card 1", "cards 1 and 2" for 0-based positions. */
export const cardsText = (indices: number[]): string =>
  indices.length === 1 ? `card ${indices[0]! + 1}` : `cards ${listWords(indices.map((i) => String(i + 1)))}`;

/** The public sentence for a move, from its record: "Player 1 plays card 2, red 3: the red firework reaches 3". */
export function moveText(l: LastMove, fireworks?: { colors: Color[]; fireworks: number[] }): string {
  const who = seatName(SEAT_NAMES, l.seat);
  const a = l.action;
  if (a.type === 'reveal-color' || a.type === 'reveal-rank') {
    const what = a.type === 'reveal-color' ? `${a.color} cards` : `${a.rank}s`;
    return `${who} reveals ${seatName(SEAT_NAMES, partnerOf(l.seat))}'s ${what}: ${cardsText(l.touched ?? [])}`;
  }
  const card = l.card ? cardText(l.card) : 'a card';
  if (a.type === 'discard') return `${who} discards card ${a.index + 1}, ${card}, and regains an information token`;
  if (l.success) {
    const done =
      l.card?.rank === MAX_RANK
        ? `: the ${l.card.color} firework is complete${l.regained ? ' and the team regains an information token' : ''}`
        : `: the ${l.card?.color} firework reaches ${l.card?.rank}`;
    return `${who} plays card ${a.index + 1}, ${card}${done}`;
  }
  const at =
    fireworks && l.card
      ? ` (the ${l.card.color} firework was at ${fireworks.fireworks[fireworks.colors.indexOf(l.card.color)]})`
      : '';
  return `${who} plays card ${a.index + 1}, ${card}, which does not fit${at}: it is discarded and a life token is lost`;
}

/**
 * Event-log lines. HIDDEN INFORMATION: all public. A played or discarded card is public once it leaves the hand; the
 * drawn card is not named (its owner must not learn it; the partner sees it on the board).
 */
export function describe(prev: HanabiState, next: HanabiState, _seat: Seat, _a: HanabiAction): LogLine[] {
  const l = next.last;
  if (!l) return [];
  const lines: LogLine[] = [{ text: moveText(l, prev) }];
  const tokens = `${plural(next.infoTokens, 'information token')} and ${plural(next.lifeTokens, 'life token')} left`;
  if (l.drew) {
    lines.push({
      text:
        next.deck.length === 0
          ? next.finalTurns !== null
            ? `${seatName(SEAT_NAMES, l.seat)} draws the last card: each player has one more turn (${tokens})`
            : `${seatName(SEAT_NAMES, l.seat)} draws the last card (${tokens})`
          : `${seatName(SEAT_NAMES, l.seat)} draws a card, ${plural(next.deck.length, 'card')} left in the deck (${tokens})`,
    });
  } else {
    lines.push({ text: `${tokens.charAt(0).toUpperCase()}${tokens.slice(1)}` });
  }
  const result = outcome(next);
  if (result) lines.push({ text: `Game over: ${result.reason}` });
  return lines;
}

/**
 * For the conformance suite, while the game runs. The contract's secrets are "private to a seat: absent from the other
 * seats' and the spectator's views"; Hanabi hides a hand from its owner instead. With two seats that is the same as
 * saying each hand is private to the PARTNER: seat 0's secrets are the ids of seat 1's cards (which seat 1 and the
 * spectator must not see) and the other way round. The deck's ids are listed under both seats, which is how the
 * contract says "hidden from every seat and the spectator". Card ids ("R3b") are unique per physical card, so an id of
 * a card in a hand cannot appear legitimately elsewhere (discards and fireworks hold other physical cards).
 */
export function secrets(s: HanabiState): { seat: Seat; values: string[] }[] {
  if (outcome(s)) return [];
  const deck = s.deck.map((c) => c.id);
  return s.hands.map((_, seat) => ({ seat, values: [...s.hands[partnerOf(seat)]!.map((h) => h.card.id), ...deck] }));
}

/**
 * Numbers recorded with each move for the analysis pages: the action mix ({ play, discard, reveal } one-hot), misplay
 * 0/1, points = the team's score after the move (`teamScore`: 0 after the fatal misplay under `zeroOnLoss`).
 */
export function moveMetrics(
  _prev: HanabiState,
  next: HanabiState,
  _seat: Seat,
  a: HanabiAction,
): Record<string, number> {
  const play = a.type === 'play' ? 1 : 0;
  return {
    play,
    discard: a.type === 'discard' ? 1 : 0,
    reveal: a.type === 'reveal-color' || a.type === 'reveal-rank' ? 1 : 0,
    misplay: play && next.last?.success === false ? 1 : 0,
    points: teamScore(next),
  };
}
