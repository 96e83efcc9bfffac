// Texas Hold'em cards and hand evaluation: card codes, the best five cards of five to seven, hand names, comparison,
// and a Monte Carlo estimate of the chance to win a showdown against a random hand.
import type { Rng } from '../../lib/engine/types';

/** Ranks from low to high; a card's rank index is its position here (0 = two, 12 = ace). */
export const RANKS = '23456789TJQKA';
/** Suits: clubs, diamonds, hearts, spades. */
export const SUITS = 'cdhs';
/** A card code: rank then suit, e.g. "Ah" (ace of hearts), "Td" (ten of diamonds), "2c". */
export type Card = string;

/** The 52 cards in a fixed order (every rank of clubs, then diamonds, hearts, spades). */
export const FULL_DECK: readonly Card[] = [...SUITS].flatMap((s) => [...RANKS].map((r) => r + s));

/** Hand categories from worst to best; the index is the category's strength. A royal flush is the best straight flush. */
export const CATEGORIES = [
  'high card',
  'pair',
  'two pair',
  'three of a kind',
  'straight',
  'flush',
  'full house',
  'four of a kind',
  'straight flush',
] as const;
export type Category = (typeof CATEGORIES)[number];

const RANK_NAMES = [
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'jack',
  'queen',
  'king',
  'ace',
];
const RANK_PLURALS = [
  'twos',
  'threes',
  'fours',
  'fives',
  'sixes',
  'sevens',
  'eights',
  'nines',
  'tens',
  'jacks',
  'queens',
  'kings',
  'aces',
];
const SUIT_NAMES = ['clubs', 'diamonds', 'hearts', 'spades'];
const SUIT_SYMBOLS = ['♣', '♦', '♥', '♠'];

export function isCard(code: unknown): code is Card {
  return typeof code === 'string' && code.length === 2 && RANKS.includes(code[0]!) && SUITS.includes(code[1]!);
}

/** A card as a number 0-51: rank index * 4 + suit index. */
export function cardIndex(code: Card): number {
  if (!isCard(code)) throw new Error(`not a card: ${JSON.stringify(code)}`);
  return RANKS.indexOf(code[0]!) * 4 + SUITS.indexOf(code[1]!);
}

export function cardCode(index: number): Card {
  return RANKS[index >> 2]! + SUITS[index & 3]!;
}

export const rankIndex = (code: Card): number => RANKS.indexOf(code[0]!);
export const suitIndex = (code: Card): number => SUITS.indexOf(code[1]!);
/** "ace of hearts". */
export const cardName = (code: Card): string => `${RANK_NAMES[rankIndex(code)]} of ${SUIT_NAMES[suitIndex(code)]}`;
/** "A♥", "10♦": for display. */
export const cardSymbol = (code: Card): string => `${code[0] === 'T' ? '10' : code[0]}${SUIT_SYMBOLS[suitIndex(code)]}`;
/** Hearts and diamonds are red. */
export const isRed = (code: Card): boolean => code[1] === 'h' || code[1] === 'd';

/** Score encoding: the category times 16^5, plus up to five deciding rank indices as base-16 digits, most important first. */
const DIGIT = [16 ** 4, 16 ** 3, 16 ** 2, 16, 1];
const CATEGORY_UNIT = 16 ** 5;

function encode(category: number, ranks: number[]): number {
  let score = category * CATEGORY_UNIT;
  for (let i = 0; i < ranks.length; i++) score += ranks[i]! * DIGIT[i]!;
  return score;
}

/** The top card's rank index of the highest straight in a 13-bit rank mask (the wheel A-2-3-4-5 counts as five high), or -1. */
function straightHigh(mask: number): number {
  // Bit 0 is the ace played low, bit r + 1 is rank r.
  const m = (mask << 1) | ((mask >> 12) & 1);
  for (let top = 13; top >= 4; top--) if (((m >> (top - 4)) & 0x1f) === 0x1f) return top - 1;
  return -1;
}

/** The highest `n` ranks set in a mask, high to low, skipping the ranks in `except`. */
function topRanks(mask: number, n: number, except: number[] = []): number[] {
  const out: number[] = [];
  for (let r = 12; r >= 0 && out.length < n; r--) if (mask & (1 << r) && !except.includes(r)) out.push(r);
  return out;
}

/**
 * The strength of the best five-card hand among `cards` (card indices 0-51, five to seven of them) as one number:
 * a higher number is a better hand, equal numbers are equal hands (suits never break ties).
 */
export function scoreIndices(cards: ArrayLike<number>): number {
  const counts = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const suitMasks = [0, 0, 0, 0];
  const suitCounts = [0, 0, 0, 0];
  let rankMask = 0;
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i]!;
    const r = c >> 2;
    const s = c & 3;
    counts[r]!++;
    rankMask |= 1 << r;
    suitMasks[s]! |= 1 << r;
    suitCounts[s]!++;
  }
  let flushMask = 0;
  for (let s = 0; s < 4; s++) {
    if (suitCounts[s]! >= 5) {
      const high = straightHigh(suitMasks[s]!);
      if (high >= 0) return encode(8, [high]);
      flushMask = suitMasks[s]!;
    }
  }
  let quad = -1;
  const trips: number[] = [];
  const pairs: number[] = [];
  for (let r = 12; r >= 0; r--) {
    const n = counts[r]!;
    if (n === 4) quad = r;
    else if (n === 3) trips.push(r);
    else if (n === 2) pairs.push(r);
  }
  if (quad >= 0) return encode(7, [quad, ...topRanks(rankMask, 1, [quad])]);
  if (trips.length > 0 && trips.length + pairs.length >= 2) {
    // The best trips, and the best other rank held at least twice (a second set of trips counts as the pair).
    return encode(6, [trips[0]!, Math.max(trips[1] ?? -1, pairs[0] ?? -1)]);
  }
  if (flushMask) return encode(5, topRanks(flushMask, 5));
  const high = straightHigh(rankMask);
  if (high >= 0) return encode(4, [high]);
  if (trips.length > 0) return encode(3, [trips[0]!, ...topRanks(rankMask, 2, [trips[0]!])]);
  if (pairs.length >= 2) return encode(2, [pairs[0]!, pairs[1]!, ...topRanks(rankMask, 1, [pairs[0]!, pairs[1]!])]);
  if (pairs.length === 1) return encode(1, [pairs[0]!, ...topRanks(rankMask, 3, [pairs[0]!])]);
  return encode(0, topRanks(rankMask, 5));
}

/** A hand's value: its category, a comparable score, the five cards that make it and its name in words. */
export interface HandValue {
  category: Category;
  /** Higher is better; equal scores split the pot. */
  score: number;
  /** The best five cards, the most important first (e.g. the pair, then the kickers high to low). */
  best: Card[];
  /** In words, e.g. "two pair, aces and kings", "straight, five high", "royal flush". */
  name: string;
}

/** The deciding rank indices stored in a score, for a category (how many digits it uses). */
function decode(score: number): { category: number; ranks: number[] } {
  const category = Math.floor(score / CATEGORY_UNIT);
  const used = [5, 4, 3, 3, 1, 5, 2, 2, 1][category]!;
  const ranks = DIGIT.slice(0, used).map((unit) => Math.floor(score / unit) % 16);
  return { category, ranks };
}

/** The ranks of the five cards of a straight whose top card has rank index `high` (the wheel ends with the ace). */
const straightRanks = (high: number) => [0, 1, 2, 3, 4].map((i) => (high - i + 13) % 13);

function describe(category: number, ranks: number[]): string {
  const [a = 0, b = 0] = ranks;
  switch (category) {
    case 8:
      return a === 12 ? 'royal flush' : `straight flush, ${RANK_NAMES[a]} high`;
    case 7:
      return `four of a kind, ${RANK_PLURALS[a]}`;
    case 6:
      return `full house, ${RANK_PLURALS[a]} full of ${RANK_PLURALS[b]}`;
    case 5:
      return `flush, ${RANK_NAMES[a]} high`;
    case 4:
      return `straight, ${RANK_NAMES[a]} high`;
    case 3:
      return `three of a kind, ${RANK_PLURALS[a]}`;
    case 2:
      return `two pair, ${RANK_PLURALS[a]} and ${RANK_PLURALS[b]}`;
    case 1:
      return `pair of ${RANK_PLURALS[a]}`;
    default:
      return `high card, ${RANK_NAMES[a]}`;
  }
}

/** Evaluates the best five-card hand among five to seven distinct cards. */
export function evaluate(cards: readonly Card[]): HandValue {
  if (cards.length < 5 || cards.length > 7) throw new Error(`evaluate needs 5 to 7 cards, got ${cards.length}`);
  if (new Set(cards).size !== cards.length) throw new Error(`duplicate cards: ${cards.join(' ')}`);
  const indices = cards.map(cardIndex);
  const score = scoreIndices(indices);
  const { category, ranks } = decode(score);
  // Pick the actual cards: by suit for flushes, one card per rank for straights, by multiplicity otherwise.
  const pool = [...cards].sort((x, y) => rankIndex(y) - rankIndex(x) || suitIndex(x) - suitIndex(y));
  const take = (rank: number, n: number, suit?: number) => {
    const out: Card[] = [];
    for (const c of pool) {
      if (out.length < n && rankIndex(c) === rank && (suit === undefined || suitIndex(c) === suit)) out.push(c);
    }
    pool.splice(0, pool.length, ...pool.filter((c) => !out.includes(c)));
    return out;
  };
  let best: Card[];
  if (category === 8 || category === 5) {
    const counts = [0, 1, 2, 3].map((s) => cards.filter((c) => suitIndex(c) === s).length);
    const suit = counts.findIndex((n) => n >= 5);
    const rs = category === 8 ? straightRanks(ranks[0]!) : ranks;
    best = rs.flatMap((r) => take(r, 1, suit));
  } else if (category === 4) {
    best = straightRanks(ranks[0]!).flatMap((r) => take(r, 1));
  } else {
    const shape = [[1, 1, 1, 1, 1], [2, 1, 1, 1], [2, 2, 1], [3, 1, 1], [], [], [3, 2], [4, 1]][category]!;
    best = shape.flatMap((n, i) => take(ranks[i]!, n));
  }
  return { category: CATEGORIES[category]!, score, best, name: describe(category, ranks) };
}

/** How many of a category's deciding ranks its name says ("pair of fours": 1, "two pair, aces and kings": 2). */
const NAMED = [1, 1, 2, 1, 1, 1, 2, 1, 1];

/**
 * The hands' names as a dealer says them at a showdown: where two hands have the same name but one is better, each
 * name goes on to the cards that decide — the kickers ("pair of fours, ace kicker" against "pair of fours, king
 * kicker"; "…, ace-queen kickers" when the first kickers tie), or a flush's next cards ("flush, ace-queen high").
 * Equal hands, and hands that differ in what their names already say, keep their plain names.
 */
export function showdownNames(values: readonly HandValue[]): string[] {
  const decoded = values.map((v) => decode(v.score));
  return values.map((v, i) => {
    const mine = decoded[i]!;
    // The first deciding rank (after the named ones) on which this hand differs from another hand of the same name.
    let decides = -1;
    decoded.forEach((other, j) => {
      if (j === i || other.category !== mine.category || values[j]!.name !== v.name || values[j]!.score === v.score)
        return;
      const k = mine.ranks.findIndex((r, x) => x >= NAMED[mine.category]! && r !== other.ranks[x]);
      if (k > decides) decides = k;
    });
    if (decides < 0) return v.name;
    const named = NAMED[mine.category]!;
    if (mine.category === 5)
      return `flush, ${mine.ranks
        .slice(0, decides + 1)
        .map((r) => RANK_NAMES[r])
        .join('-')} high`;
    const kickers = mine.ranks.slice(named, decides + 1).map((r) => RANK_NAMES[r]);
    return `${v.name}, ${kickers.join('-')} ${kickers.length === 1 ? 'kicker' : 'kickers'}`;
  });
}

/** Positive when hand `a` beats hand `b`, negative when it loses, 0 for a tie (each five to seven cards). */
export function compareHands(a: readonly Card[], b: readonly Card[]): number {
  return Math.sign(scoreIndices(a.map(cardIndex)) - scoreIndices(b.map(cardIndex)));
}

/**
 * The Monte Carlo probability that `hole` wins a showdown against one uniformly random opponent hand, given the
 * board dealt so far (0 to 5 cards): each sample deals the opponent two unseen cards and completes the board;
 * ties count half. Uses only the given rng.
 */
export function winProbability(hole: readonly Card[], board: readonly Card[], rng: Rng, samples = 300): number {
  const known = [...hole, ...board].map(cardIndex);
  const unseen = Array.from({ length: 52 }, (_, i) => i).filter((i) => !known.includes(i));
  const missing = 5 - board.length;
  const draw = 2 + missing;
  const mine = [...known, ...Array<number>(missing).fill(0)];
  const theirs = [0, 0, ...board.map(cardIndex), ...Array<number>(missing).fill(0)];
  let total = 0;
  for (let n = 0; n < samples; n++) {
    // A partial Fisher-Yates shuffle: the first `draw` places of `unseen` become a uniform random sample.
    for (let i = 0; i < draw; i++) {
      const j = i + rng.int(unseen.length - i);
      const t = unseen[i]!;
      unseen[i] = unseen[j]!;
      unseen[j] = t;
    }
    theirs[0] = unseen[0]!;
    theirs[1] = unseen[1]!;
    for (let k = 0; k < missing; k++) {
      mine[known.length + k] = unseen[2 + k]!;
      theirs[2 + board.length + k] = unseen[2 + k]!;
    }
    const diff = scoreIndices(mine) - scoreIndices(theirs);
    total += diff > 0 ? 1 : diff === 0 ? 0.5 : 0;
  }
  return total / samples;
}
