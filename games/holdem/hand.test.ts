// The hand evaluator: every category, the best five of seven, kickers, ties, the wheel, the board playing, comparisons
// and the Monte Carlo win probability.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import {
  CATEGORIES,
  FULL_DECK,
  cardCode,
  cardIndex,
  cardName,
  cardSymbol,
  compareHands,
  evaluate,
  isCard,
  showdownNames,
  winProbability,
  type Card,
} from './hand';

const cards = (s: string): Card[] => s.split(' ');
const ev = (s: string) => evaluate(cards(s));
/** Sign of the comparison of two hands of seven cards given as "hole | board" strings sharing the board. */
const vs = (a: string, b: string, board: string) => compareHands(cards(`${a} ${board}`), cards(`${b} ${board}`));

describe('cards', () => {
  it('has 52 distinct codes that round-trip through indices', () => {
    expect(FULL_DECK).toHaveLength(52);
    expect(new Set(FULL_DECK).size).toBe(52);
    for (const c of FULL_DECK) {
      expect(isCard(c)).toBe(true);
      expect(cardCode(cardIndex(c))).toBe(c);
    }
    expect(isCard('1h')).toBe(false);
    expect(isCard('Ax')).toBe(false);
    expect(isCard('AH')).toBe(false);
    expect(() => cardIndex('Zz')).toThrow(/not a card/);
  });

  it('names and symbols', () => {
    expect(cardName('Ah')).toBe('ace of hearts');
    expect(cardName('Td')).toBe('ten of diamonds');
    expect(cardSymbol('Td')).toBe('10♦');
    expect(cardSymbol('2c')).toBe('2♣');
    expect(cardSymbol('Ks')).toBe('K♠');
  });
});

describe('categories, with names and the five cards that make them', () => {
  it.each([
    ['Ah Kh Qh Jh Th 2c 3d', 'straight flush', 'royal flush', 'Ah Kh Qh Jh Th'],
    ['9s 8s 7s 6s 5s As Ks', 'straight flush', 'straight flush, nine high', '9s 8s 7s 6s 5s'],
    ['5d 4d 3d 2d Ad Kc Kh', 'straight flush', 'straight flush, five high', '5d 4d 3d 2d Ad'],
    ['Qc Qd Qh Qs 2c 7d 9h', 'four of a kind', 'four of a kind, queens', 'Qc Qd Qh Qs 9h'],
    ['Kc Kd Kh 7s 7c 2d 3h', 'full house', 'full house, kings full of sevens', 'Kc Kd Kh 7c 7s'],
    ['Ac 9c 7c 4c 2c Kd Kh', 'flush', 'flush, ace high', 'Ac 9c 7c 4c 2c'],
    ['Tc 9d 8h 7s 6c 2d 2h', 'straight', 'straight, ten high', 'Tc 9d 8h 7s 6c'],
    ['Ah 2c 3d 4s 5h Kd Qc', 'straight', 'straight, five high', '5h 4s 3d 2c Ah'],
    ['Ac Kd Qh Js Tc 2d 3h', 'straight', 'straight, ace high', 'Ac Kd Qh Js Tc'],
    ['7c 7d 7h Ks 2c 9d 4h', 'three of a kind', 'three of a kind, sevens', '7c 7d 7h Ks 9d'],
    ['Ac Ad 8h 8s 3c 2d 5h', 'two pair', 'two pair, aces and eights', 'Ac Ad 8h 8s 5h'],
    ['Jc Jd 9h 6s 4c 3d 2h', 'pair', 'pair of jacks', 'Jc Jd 9h 6s 4c'],
    ['Ac Qd 9h 7s 5c 3d 2h', 'high card', 'high card, ace', 'Ac Qd 9h 7s 5c'],
  ])('%s is a %s (%s)', (hand, category, name, best) => {
    const v = ev(hand);
    expect(v.category).toBe(category);
    expect(v.name).toBe(name);
    expect(v.best).toEqual(cards(best));
  });

  it('categories are ordered: each beats the one before', () => {
    const examples = [
      'Ac Qd 9h 7s 5c 3d 2h',
      'Jc Jd 9h 6s 4c 3d 2h',
      'Ac Ad 8h 8s 3c 2d 5h',
      '7c 7d 7h Ks 2c 9d 4h',
      'Ah 2c 3d 4s 5h Kd Qc',
      'Ac 9c 7c 4c 2c Kd Kh',
      'Kc Kd Kh 7s 7c 2d 3h',
      'Qc Qd Qh Qs 2c 7d 9h',
      '5d 4d 3d 2d Ad Kc Kh',
    ];
    expect(examples.map((h) => ev(h).category)).toEqual([...CATEGORIES]);
    for (let i = 1; i < examples.length; i++)
      expect(compareHands(cards(examples[i]!), cards(examples[i - 1]!))).toBe(1);
  });

  it('works on five and six cards, and refuses other counts and duplicates', () => {
    expect(ev('Ac Ad 8h 8s 3c').name).toBe('two pair, aces and eights');
    expect(ev('Ac Ad 8h 8s 3c 3d').name).toBe('two pair, aces and eights');
    expect(() => ev('Ac Ad 8h 8s')).toThrow(/5 to 7/);
    expect(() => ev('Ac Ad 8h 8s 3c 3d 4d 5d')).toThrow(/5 to 7/);
    expect(() => ev('Ac Ac 8h 8s 3c')).toThrow(/duplicate/);
  });
});

describe('the best five of seven', () => {
  it('prefers a flush to the straight also present', () => {
    expect(ev('6h 7h 8s 9h Th 2h Kd').name).toBe('flush, ten high');
  });

  it('finds a straight flush among a flush and a straight', () => {
    expect(ev('6h 7h 8h 9h Th Ah 5s').name).toBe('straight flush, ten high');
  });

  it('takes the highest straight of six cards in a row', () => {
    expect(ev('4c 5d 6h 7s 8c 9d Kh').name).toBe('straight, nine high');
  });

  it('takes the five best flush cards of six', () => {
    expect(ev('Ac Kc 9c 7c 4c 2c Qd').best).toEqual(cards('Ac Kc 9c 7c 4c'));
  });

  it('two sets of trips make a full house with the higher trips', () => {
    expect(ev('9c 9d 9h 4s 4c 4d Ah').name).toBe('full house, nines full of fours');
  });

  it('trips and two pairs: the full house uses the higher pair', () => {
    expect(ev('5c 5d 5h Js Jc 8d 8h').name).toBe('full house, fives full of jacks');
  });

  it('three pairs: the best two, and the best remaining card as kicker', () => {
    const v = ev('Kc Kd 6h 6s 3c 3d Qh');
    expect(v.name).toBe('two pair, kings and sixes');
    expect(v.best).toEqual(cards('Kc Kd 6h 6s Qh'));
    // The kicker may come from the third pair.
    expect(ev('Kc Kd 6h 6s 5c 5d 2h').best).toEqual(cards('Kc Kd 6h 6s 5c'));
  });

  it('quads take the best kicker, even from a pair', () => {
    expect(ev('8c 8d 8h 8s Kc Kd 2h').best).toEqual(cards('8c 8d 8h 8s Kc'));
  });
});

describe('comparisons', () => {
  it('the wheel is the lowest straight', () => {
    expect(compareHands(cards('Ah 2c 3d 4s 5h'), cards('2c 3d 4s 5h 6h'))).toBe(-1);
    expect(compareHands(cards('Ah 2c 3d 4s 5h 9c Jd'), cards('Ac Kd Qh 9s 8c 7d 2h'))).toBe(1);
    // A-K-Q-J-T beats K-Q-J-T-9; Q-K-A-2-3 is no straight.
    expect(compareHands(cards('Ac Kd Qh Js Tc'), cards('Kd Qh Js Tc 9s'))).toBe(1);
    expect(ev('Qc Kd Ah 2s 3c').category).toBe('high card');
  });

  it('kickers decide between equal pairs, down to the last card', () => {
    const board = 'Ah Ad 9c 6s 2h';
    expect(vs('Kc 3d', 'Qc 3h', board)).toBe(1);
    expect(vs('Kc 3d', 'Kd 4h', board)).toBe(0); // the fifth card is the board's 6: a 3 or a 4 does not play
    expect(compareHands(cards('Jc Jd 9h 6s 4c'), cards('Jh Js 9d 6c 3c'))).toBe(1);
  });

  it('two pair: the top pair, then the second pair, then the kicker', () => {
    expect(compareHands(cards('Ac Ad 3h 3s 2c'), cards('Kc Kd Qh Qs Jc'))).toBe(1);
    expect(compareHands(cards('Ac Ad 5h 5s 2c'), cards('Ah As 4h 4s Kc'))).toBe(1);
    expect(compareHands(cards('Ac Ad 5h 5s 3c'), cards('Ah As 5d 5c 2c'))).toBe(1);
  });

  it('full houses: trips first, then the pair', () => {
    expect(compareHands(cards('3c 3d 3h 2s 2c'), cards('2d 2h 2s Ac Ad'))).toBe(1);
    expect(compareHands(cards('Kc Kd Kh 9s 9c'), cards('Kc Kd Kh 8s 8c'))).toBe(1);
  });

  it('flushes compare card by card; suits never decide', () => {
    expect(compareHands(cards('Ac Jc 9c 5c 3c'), cards('Ad Jd 9d 5d 2d'))).toBe(1);
    expect(compareHands(cards('Ac Jc 9c 5c 3c'), cards('Ah Jh 9h 5h 3h'))).toBe(0);
    expect(compareHands(cards('Tc 9d 8h 7s 6c'), cards('Td 9h 8s 7c 6d'))).toBe(0);
  });

  it('the board plays: equal hands split whatever the hole cards', () => {
    const board = 'Ac Kd Qh Js Tc';
    expect(vs('2c 3d', '4h 5s', board)).toBe(0);
    expect(ev(`2c 3d ${board}`).best).toEqual(cards(board));
    // A flush on the board: a player with a higher card of the suit beats it.
    expect(vs('2d 3d', 'Kh 7s', '9h 7h 5h 3h 2h')).toBe(-1);
    expect(vs('4d 4s', '2c 2s', 'Ah Ad Ac As Kd')).toBe(0); // quads on board, king kicker for both
  });

  it('the same best hand from different cards is a tie; a better kicker from the hand wins', () => {
    expect(vs('Ah 4c', 'Ad 4d', 'Kc Qd 8h 7s 2c')).toBe(0);
    expect(vs('Ah 9c', 'Ad 4d', 'Kc Qd 8h 7s 2c')).toBe(1);
  });

  it('is antisymmetric and agrees with the scores on random hands', () => {
    const rng = createRng('compare');
    for (let i = 0; i < 300; i++) {
      const deck = rng.shuffle(FULL_DECK);
      const a = deck.slice(0, 7);
      const b = deck.slice(7, 14);
      const c = compareHands(a, b);
      expect(compareHands(b, a)).toBe(-c);
      expect(Math.sign(evaluate(a).score - evaluate(b).score)).toBe(c);
      // The best five alone are worth as much as the seven.
      expect(evaluate(evaluate(a).best).score).toBe(evaluate(a).score);
    }
  });

  it('matches a brute force over the 21 five-card subsets', () => {
    const rng = createRng('brute');
    const subsets = (xs: Card[]) => {
      const out: Card[][] = [];
      for (let i = 0; i < 7; i++) for (let j = i + 1; j < 7; j++) out.push(xs.filter((_, k) => k !== i && k !== j));
      return out;
    };
    for (let n = 0; n < 200; n++) {
      const seven = rng.shuffle(FULL_DECK).slice(0, 7);
      const best = Math.max(...subsets(seven).map((five) => evaluate(five).score));
      expect(evaluate(seven).score).toBe(best);
    }
  });
});

describe('winProbability', () => {
  it('is deterministic for a seed and within [0, 1]', () => {
    const p = winProbability(cards('Ah Kd'), [], createRng('p'), 300);
    expect(p).toBe(winProbability(cards('Ah Kd'), [], createRng('p'), 300));
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1);
  });

  it('ranks pocket aces above seven-deuce, near the known equities', () => {
    const aces = winProbability(cards('Ah As'), [], createRng('aa'), 3000);
    const trash = winProbability(cards('7c 2d'), [], createRng('72'), 3000);
    expect(aces).toBeGreaterThan(0.8); // about 0.85
    expect(aces).toBeLessThan(0.9);
    expect(trash).toBeGreaterThan(0.28); // about 0.35
    expect(trash).toBeLessThan(0.42);
  });

  it('is 1 for the nuts on the river and 0.5 when the board plays a royal flush', () => {
    expect(winProbability(cards('Ah Kh'), cards('Qh Jh Th 2c 3d'), createRng('n'), 200)).toBe(1);
    expect(winProbability(cards('2c 3d'), cards('Ah Kh Qh Jh Th'), createRng('b'), 200)).toBe(0.5);
  });

  // Its speed is not timed here (a test never times itself): the work is bounded, 300 deals of the unseen cards.
  it('draws at most the 7 unseen cards of each of its 300 samples', () => {
    for (const board of [[], cards('Qs 7h 2c')]) {
      const base = createRng('t');
      let draws = 0;
      const counting = { ...base, int: (n: number) => (draws++, base.int(n)), next: () => (draws++, base.next()) };
      winProbability(cards('Ah Kd'), board, counting, 300);
      expect(draws).toBe(300 * (2 + 5 - board.length));
    }
  });
});

describe('showdown names', () => {
  const names = (a: string, b: string, board: string) => showdownNames([ev(`${a} ${board}`), ev(`${b} ${board}`)]);

  it('names the kicker where it decides between two equal pairs: "pair of fours, ace kicker"', () => {
    expect(names('4c Ah', '4d Kh', '4s 9d 7c 3h 2s')).toEqual([
      'pair of fours, ace kicker',
      'pair of fours, king kicker',
    ]);
  });

  it('goes down to the kicker that decides, naming the tied ones before it', () => {
    expect(names('4c Qh', '4d Jh', '4s Ad 9c 3h 2s')).toEqual([
      'pair of fours, ace-queen kickers',
      'pair of fours, ace-jack kickers',
    ]);
    expect(names('Ac Qh', 'Ad Jh', 'As 9d 9c 3h 2s')).toEqual([
      'two pair, aces and nines, queen kicker',
      'two pair, aces and nines, jack kicker',
    ]);
  });

  it('names the next cards of two flushes with the same top card, and the second card of two high-card hands', () => {
    expect(names('Qh 2c', 'Jh 3c', 'Ah 9h 6h 4h Kc')).toEqual(['flush, ace-queen high', 'flush, ace-jack high']);
    expect(names('Kc 5d', 'Qc 4d', 'Ah 9s 7d 3h 2s')).toEqual([
      'high card, ace, king kicker',
      'high card, ace, queen kicker',
    ]);
  });

  it('keeps the plain names when the names already differ or the hands are equal', () => {
    expect(names('Kc Kd', 'Qc Qd', 'Ah 9s 7d 3h 2s')).toEqual(['pair of kings', 'pair of queens']);
    expect(names('4c Ah', '4d Ad', '4s 9d 7c 3h 2s')).toEqual(['pair of fours', 'pair of fours']);
  });
});
