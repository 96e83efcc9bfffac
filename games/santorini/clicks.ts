// What each square of the Santorini board does for a person on turn (pure, so the tests can walk through the clicks):
// while placing, a free square places the turn's pawn; in play, a first click chooses where the pawn moves (a move
// onto level 3 is sent at once: it builds nothing) and a second where it builds; the chosen square again takes the
// move back. A square that cannot be chosen says why, in the rules' words (`reject`).
import {
  PAWNS,
  ownerOf,
  reject,
  type Pawn,
  type SantoriniAction,
  type SantoriniState,
  type SantoriniView,
  type Square,
  type TurnAction,
} from './rules';

/** A square's effect: send a move, choose the move target, take it back, or nothing (then `why` says why). */
export type Click = { send: SantoriniAction } | { choose: Square } | { cancel: true } | null;

export interface SquareControl {
  /** The button's accessible name. */
  label: string;
  click: Click;
  /** Why the square cannot be chosen now; null when it can. */
  why: string | null;
}

/** The state the view shows (the game has no hidden information), to ask the rules why a square cannot be chosen. */
export function stateOf(v: SantoriniView): SantoriniState {
  const pawn = v.pawnToMove ?? 'A';
  return {
    levels: v.levels.flat(),
    pawns: { ...v.pawns },
    ply: v.phase === 'placement' ? PAWNS.indexOf(pawn) : v.turn + PAWNS.length,
    last: v.last,
  };
}

/** The control of square `sq` for the seat on turn, with `target` the move square chosen so far (null: none yet). */
export function squareControl(
  v: SantoriniView,
  legal: readonly SantoriniAction[],
  target: Square | null,
  sq: Square,
): SquareControl {
  const seat = v.toMove ?? 0;
  const pawn: Pawn = v.pawnToMove ?? 'A';
  const state = stateOf(v);
  let on: Pawn | null = null;
  for (const p of PAWNS) if (v.pawns[p] === sq) on = p;
  if (v.phase === 'placement') {
    const a: SantoriniAction = { type: 'place', pawn, at: sq };
    const ok = legal.some((l) => l.type === 'place' && l.at === sq);
    return {
      label: `Place ${pawn} at ${sq}`,
      click: ok ? { send: a } : null,
      why: ok ? null : (reject(state, seat, a) ?? 'Not a legal move now'),
    };
  }
  const turns = legal.filter((a): a is TurnAction => a.type === 'turn');
  if (target === null) {
    if (on === pawn)
      return {
        label: `Pawn ${pawn} at ${sq}`,
        click: null,
        why: `Pawn ${pawn} plays this turn: choose a square next to it to move to`,
      };
    if (on && ownerOf(on) === seat)
      return {
        label: `Pawn ${on} at ${sq}`,
        click: null,
        why: `Pawns alternate: this turn you play pawn ${pawn}, not ${on}`,
      };
    const moves = turns.filter((a) => a.to === sq);
    if (moves.length === 0) {
      const why = reject(state, seat, { type: 'turn', pawn, to: sq, build: null });
      return { label: `Move ${pawn} to ${sq}`, click: null, why: why ?? 'Not a legal move now' };
    }
    if (moves.some((a) => a.build === null))
      return {
        label: `Move ${pawn} to ${sq} (wins)`,
        click: { send: { type: 'turn', pawn, to: sq, build: null } },
        why: null,
      };
    return { label: `Move ${pawn} to ${sq}`, click: { choose: sq }, why: null };
  }
  if (sq === target) return { label: `Change the move to ${sq}`, click: { cancel: true }, why: null };
  const a: SantoriniAction = { type: 'turn', pawn, to: target, build: sq };
  const ok = turns.some((l) => l.to === target && l.build === sq);
  return {
    label: `Build on ${sq}`,
    click: ok ? { send: a } : null,
    why: ok ? null : (reject(state, seat, a) ?? 'Not a legal build now'),
  };
}
