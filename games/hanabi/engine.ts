// Hanabi baseline: a simple cooperative heuristic working on the seat's own view (never on its own hidden cards).
// 1. play a card known to be playable; 2. reveal what makes one of the partner's playable cards known to be playable;
// 3. reveal something about a partner's playable card; 4. save the partner's next discard when it is the last copy
// still needed; 5. discard a card known to be useless, else the oldest card nobody pointed at; 6. any reveal that
// tells something new; 7. whatever is left.
import type { EngineOptions, Rng, Seat } from '../../lib/engine/types';
import {
  COPIES,
  RANKS,
  hintAfterReveal,
  isPlayable,
  partnerOf,
  type Color,
  type HanabiAction,
  type HanabiView,
  type Hint,
} from './rules';

type Face = { color: Color; rank: number };
/** How many copies of each card (key "red 3") might still be anywhere not yet seen. */
type Counts = Map<string, number>;
const key = (color: Color, rank: number) => `${color} ${rank}`;

/**
 * Copies of each card not accounted for by public information (discards, fireworks) and, with `visible`, by the
 * cards the seat can see.
 */
export function unseenCounts(v: HanabiView, visible: Face[] = []): Counts {
  const counts: Counts = new Map();
  for (const color of v.colors) for (const rank of RANKS) counts.set(key(color, rank), COPIES[rank]!);
  const take = (c: Face) => counts.set(key(c.color, c.rank), (counts.get(key(c.color, c.rank)) ?? 0) - 1);
  v.discards.forEach(take);
  v.colors.forEach((color, i) => {
    for (let rank = 1; rank <= v.fireworks[i]!; rank++) take({ color, rank });
  });
  visible.forEach(take);
  return counts;
}

/** The faces a card may have, given what its holder was told and the copies still unaccounted for. */
export function possibilities(hint: Hint, colors: readonly Color[], counts: Counts): Face[] {
  const out: Face[] = [];
  for (const color of colors) {
    if (hint.color !== null ? color !== hint.color : hint.notColors.includes(color)) continue;
    for (const rank of RANKS) {
      if (hint.rank !== null ? rank !== hint.rank : hint.notRanks.includes(rank)) continue;
      if ((counts.get(key(color, rank)) ?? 0) > 0) out.push({ color, rank });
    }
  }
  return out;
}

const knownPlayable = (v: HanabiView, faces: Face[]) => faces.length > 0 && faces.every((f) => isPlayable(v, f));
const knownUseless = (v: HanabiView, faces: Face[]) =>
  faces.length > 0 && faces.every((f) => f.rank <= v.fireworks[v.colors.indexOf(f.color)]!);
const sameAction = (a: HanabiAction, b: HanabiAction) => JSON.stringify(a) === JSON.stringify(b);

/** The card a player would discard: one certainly useless, else the oldest nobody pointed at; -1 when none. */
function discardChoice(v: HanabiView, hints: Hint[], faces: Face[][]): number {
  const useless = faces.findIndex((f) => knownUseless(v, f));
  return useless >= 0 ? useless : hints.findIndex((h) => h.color === null && h.rank === null);
}

/** A card still needed whose every other copy is in the discard pile. */
function isCritical(v: HanabiView, c: Face): boolean {
  if (c.rank <= v.fireworks[v.colors.indexOf(c.color)]!) return false;
  const gone = v.discards.filter((d) => d.color === c.color && d.rank === c.rank).length;
  return gone === COPIES[c.rank]! - 1;
}

/** The heuristic's move for `seat`, always one of `legal`. */
export function hanabiEngine(
  v: HanabiView,
  seat: Seat,
  legal: HanabiAction[],
  rng: Rng,
  _opts: EngineOptions = {},
): HanabiAction {
  const isLegal = (a: HanabiAction) => legal.some((b) => sameAction(a, b));
  const pick = (a: HanabiAction | undefined) => (a && isLegal(a) ? a : undefined);
  const own = v.hands[seat] ?? [];
  const theirs = v.hands[partnerOf(seat)] ?? [];
  // Only the partner's cards are visible to a seat while the game runs (own cards are null in the view).
  const visible = [...theirs, ...own].flatMap((h) => (h.card ? [h.card] : []));
  const mine = unseenCounts(v, visible);
  const ownFaces = own.map((h) => possibilities(h.hint, v.colors, mine));

  // 1. A card certainly playable.
  const sure = ownFaces.findIndex((faces) => knownPlayable(v, faces));
  const play = pick(sure >= 0 ? { type: 'play', index: sure } : undefined);
  if (play) return play;

  // What the partner can infer at least: public counts only (they also see this seat's hand, which we cannot).
  const publicCounts = unseenCounts(v);
  const partnerKnows = (hints: Hint[]) =>
    hints.map((hint) => knownPlayable(v, possibilities(hint, v.colors, publicCounts)));
  const before = partnerKnows(theirs.map((h) => h.hint));
  const reveals = legal.filter((a) => a.type === 'reveal-color' || a.type === 'reveal-rank');
  const after = (a: HanabiAction) =>
    theirs.map((h) => (h.card ? hintAfterReveal(h.hint, h.card, a, v.colors) : h.hint));

  // 2. The reveal that makes the most playable cards known to be playable (ranks first on a tie).
  let best: { a: HanabiAction; gain: number } | null = null;
  for (const a of [...reveals].sort((x, y) => (x.type === y.type ? 0 : x.type === 'reveal-rank' ? -1 : 1))) {
    const now = partnerKnows(after(a));
    const gain = now.filter((k, i) => k && !before[i]).length;
    if (gain > 0 && (!best || gain > best.gain)) best = { a, gain };
  }
  if (best) return best.a;

  // 3. Something new about a playable card the partner does not know to be playable yet.
  for (let i = 0; i < theirs.length; i++) {
    const h = theirs[i]!;
    if (!h.card || before[i] || !isPlayable(v, h.card)) continue;
    const rank = h.hint.rank === null ? pick({ type: 'reveal-rank', rank: h.card.rank }) : undefined;
    const color = h.hint.color === null ? pick({ type: 'reveal-color', color: h.card.color }) : undefined;
    if (rank ?? color) return (rank ?? color)!;
  }

  // 4. Save: when the card the partner would discard next is the last copy still needed, point at it.
  const partnerDrop = discardChoice(
    v,
    theirs.map((h) => h.hint),
    theirs.map((h) => possibilities(h.hint, v.colors, publicCounts)),
  );
  const endangered = partnerDrop >= 0 ? theirs[partnerDrop]!.card : null;
  if (endangered && isCritical(v, endangered)) {
    const save =
      pick({ type: 'reveal-rank', rank: endangered.rank }) ?? pick({ type: 'reveal-color', color: endangered.color });
    if (save) return save;
  }

  // 5. Discard: a card certainly useless, else the oldest card nobody pointed at.
  const ownDrop = discardChoice(
    v,
    own.map((h) => h.hint),
    ownFaces,
  );
  const discard = pick(ownDrop >= 0 ? { type: 'discard', index: ownDrop } : undefined);
  if (discard) return discard;

  // 6. A reveal that tells the partner something new (a safe use of a token when discarding is not allowed).
  const informative = reveals.find((a) => JSON.stringify(after(a)) !== JSON.stringify(theirs.map((h) => h.hint)));
  if (informative) return informative;
  if (reveals.length > 0) return reveals[0]!;

  // 7. Left: discards of hinted cards, or plays; play the likeliest card.
  const discards = legal.filter((a) => a.type === 'discard');
  if (discards.length > 0) return discards[0]!;
  const odds = (i: number) => {
    const faces = ownFaces[i] ?? [];
    return faces.length ? faces.filter((f) => isPlayable(v, f)).length / faces.length : 0;
  };
  const plays = legal.filter((a): a is Extract<HanabiAction, { type: 'play' }> => a.type === 'play');
  if (plays.length > 0) {
    const top = Math.max(...plays.map((a) => odds(a.index)));
    return rng.pick(plays.filter((a) => odds(a.index) === top));
  }
  return rng.pick(legal);
}
