// The Arctic Scavengers engine baseline: a heuristic on the seat's own view. It hires the mercenary with the most tribe
// members it can pay for (hunting just enough food with the cards that fight least), draws when the draw gains
// cards, digs with its weakest fighters, keeps the most useful junkyard card, trashes only Junk (never tribe members),
// and in the skirmish snipes and sabotages the opposing card with the most FIGHT.
import type { Rng, Seat } from '../../lib/engine/types';
import { CARDS, fightOf, valueOf, type ArcAction, type ArcView, type CardName, type Merc } from './rules';

/** How much the engine wants a junkyard card (people first, then medicine to hire with, then fighting tools). */
export function keepValue(c: CardName): number {
  const info = CARDS[c];
  return (
    info.people * 10 +
    (info.abilities.medicine?.v ?? 0) * 3 +
    (info.abilities.fight?.v ?? 0) +
    (info.abilities.dig?.v ?? 0) * 0.5 -
    (c === 'Junk' ? 5 : 0)
  );
}

/** How good a mercenary is to hire: tribe members (the score), then fight. */
export const mercValue = (m: Merc) =>
  CARDS[m].people * 10 + (CARDS[m].abilities.fight?.v ?? 0) + (m === 'Sniper Team' ? 2 : 0);

const fightLost = (cards: readonly CardName[]) =>
  fightOf(cards) + cards.filter((c) => CARDS[c].people > 0).length * 0.1;

export function arcEngine(view: ArcView, seat: Seat, legal: ArcAction[], rng: Rng): ArcAction {
  const me = view.tribes[seat]!;
  const hand = me.hand ?? [];
  const of = <T extends ArcAction['type']>(t: T) =>
    legal.filter((a): a is Extract<ArcAction, { type: T }> => a.type === t);
  const stop = legal.find((a) => a.type === 'stop');

  if (view.phase === 'dig') {
    return of('keep').sort((a, b) => keepValue(b.card) - keepValue(a.card))[0] ?? rng.pick(legal);
  }
  if (view.phase === 'skirmish') {
    const strikes = [
      ...of('snipe').map((a) => ({ a, v: (CARDS[a.target].abilities.fight?.v ?? 0) * 10 + CARDS[a.target].people })),
      ...of('sabotage').map((a) => ({ a, v: (CARDS[a.target].abilities.fight?.v ?? 0) * 10 })),
    ];
    strikes.sort((x, y) => y.v - x.v);
    return strikes[0]?.a ?? stop ?? rng.pick(legal);
  }

  // Gathering. 1) Hire the best mercenary affordable now, paying the least medicine.
  const hires = of('hire');
  if (hires.length) {
    hires.sort(
      (a, b) => mercValue(b.merc) - mercValue(a.merc) || valueOf(a.cards, 'medicine') - valueOf(b.cards, 'medicine'),
    );
    return hires[0]!;
  }
  // 2) Hunt for a mercenary: the best one the hand's hunting and medicine could pay for, with the cheapest hunt.
  const hunts = of('hunt');
  if (hunts.length && !me.used.includes('hire')) {
    const meds = valueOf(hand, 'medicine');
    const targets = view.mercs
      .filter((m) => m.count > 0 && m.medicine <= meds && m.food > me.food)
      .sort((a, b) => mercValue(b.merc) - mercValue(a.merc));
    for (const t of targets) {
      const need = t.food - me.food;
      const ok = hunts
        .filter((a) => valueOf(a.cards, 'hunt') >= need)
        .sort((a, b) => fightLost(a.cards) - fightLost(b.cards));
      if (ok.length) return ok[0]!;
    }
  }
  // 3) Draw when it gains cards.
  const draws = of('draw').filter((a) => valueOf(a.cards, 'draw') > a.cards.length);
  if (draws.length)
    return draws.sort(
      (a, b) => valueOf(b.cards, 'draw') - a.cards.length - (valueOf(a.cards, 'draw') - b.cards.length),
    )[0]!;
  // 4) Dig with cards that fight little.
  const digs = of('dig').filter((a) => valueOf(a.cards, 'dig') >= 1 && fightOf(a.cards) <= 1);
  if (digs.length && view.junkyard > 0)
    return digs.sort(
      (a, b) => valueOf(b.cards, 'dig') - fightLost(b.cards) - (valueOf(a.cards, 'dig') - fightLost(a.cards)),
    )[0]!;
  // 5) Trash Junk.
  const junk = hand.filter((c) => c === 'Junk');
  const trash = of('trash').find((a) => a.cards.length === junk.length && a.cards.every((c) => c === 'Junk'));
  if (trash) return trash;
  return stop ?? rng.pick(legal);
}
