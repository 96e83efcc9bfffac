// The Pit engine baseline: a heuristic on the seat's own view. It picks the commodity to collect (the one it holds
// most of, the more valuable on ties), offers away its other cards (the Bear first, then the kind it holds fewest of,
// one card at a time), accepts an offer of 1 or 2 cards it can pay for without touching its collection or the Bull,
// and refuses otherwise (paying back 3 or 4 cards of one kind hands the other player a block towards a corner).
import type { Rng, Seat } from '../../lib/engine/types';
import { COMMODITIES, VALUES, type Card, type Commodity, type PitAction, type PitView } from './rules';

/** Offers of this many cards or more are refused (`npm run bench:engine pit`: refusing them beats accepting them). */
export const BIG_OFFER = 3;

const countOf = (cards: readonly Card[], c: Card) => cards.filter((x) => x === c).length;

/** The commodity this hand collects. */
export function target(cards: readonly Card[]): Commodity {
  return [...COMMODITIES].sort((a, b) => countOf(cards, b) - countOf(cards, a) || VALUES[b] - VALUES[a])[0]!;
}

/** How much a seat wants to keep a card: lower = gladder to give it away. */
function keep(cards: readonly Card[], c: Card, goal: Commodity): number {
  if (c === goal) return 100;
  if (c === 'Bull') return 90;
  if (c === 'Bear') return -10;
  return countOf(cards, c);
}

export function pitEngine(view: PitView, _seat: Seat, legal: PitAction[], rng: Rng): PitAction {
  const cards = view.myHand?.cards ?? [];
  const goal = target(cards);
  if (legal.some((a) => a.type === 'refuse')) {
    // A block of 3 or 4 cards paid back is the other player's fastest way to a corner: refuse those.
    if ((view.pending?.count ?? 0) >= BIG_OFFER) return { type: 'refuse' };
    const accepts = legal
      .flatMap((a) => (a.type === 'accept' ? [a.card] : []))
      .filter((c) => c !== goal && c !== 'Bull');
    if (accepts.length === 0) return { type: 'refuse' };
    // Give the kind it needs least; prefer giving exactly all of a kind (nothing left of it to collect).
    const best = accepts.sort((a, b) => keep(cards, a, goal) - keep(cards, b, goal))[0]!;
    return { type: 'accept', card: best };
  }
  const offers = legal.filter(
    (a): a is Extract<PitAction, { type: 'offer' }> => a.type === 'offer' && a.card !== goal && a.card !== 'Bull',
  );
  if (offers.length === 0) return rng.pick(legal);
  // The card to shed, one at a time (a large offer risks handing a corner over); the receiver at random.
  const card = offers.map((a) => a.card).sort((a, b) => keep(cards, a, goal) - keep(cards, b, goal))[0]!;
  return rng.pick(offers.filter((a) => a.card === card && a.count === 1));
}
