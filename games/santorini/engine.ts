// Santorini search baseline: alpha-beta negamax over whole turns (the turn's pawn moves, then builds), to a fixed
// depth in turns, over a height-and-mobility valuation; placements go to the free square with the most neighbours.
import type { EngineOptions, Rng, Seat } from '../../lib/engine/types';
import { DOME, NEIGHBOURS, PAWNS, SIZE, WIN_LEVEL, indexOf, type SantoriniAction, type SantoriniView } from './rules';

/** Search depth in turns when the options give none (this turn, the opponent's reply, the next own turn). */
export const DEFAULT_DEPTH = 3;
/** Value of a won position (plus the depth left, so faster wins score higher and slower losses less low). */
const WIN = 1_000_000;

/** Pawn squares by PAWNS order (A, X, B, Y), -1 while unplaced. */
type Position = { levels: Int8Array; pos: Int8Array };

function fromView(v: SantoriniView): Position {
  return {
    levels: Int8Array.from(v.levels.flat()),
    pos: Int8Array.from(PAWNS.map((p) => (v.pawns[p] === null ? -1 : indexOf(v.pawns[p]!)))),
  };
}

const occupied = (pos: Int8Array, i: number): boolean => pos[0] === i || pos[1] === i || pos[2] === i || pos[3] === i;

/** Heuristic value of the position for `seat` (positive = good for it): each pawn's height and the heights it can reach. */
function evaluate({ levels, pos }: Position, seat: Seat): number {
  let score = 0;
  for (let k = 0; k < PAWNS.length; k++) {
    const at = pos[k]!;
    const h = levels[at]!;
    let value = 12 * h;
    let moves = 0;
    for (const n of NEIGHBOURS[at]!) {
      const l = levels[n]!;
      if (l >= DOME || l > h + 1 || occupied(pos, n)) continue;
      moves++;
      value += l; // higher ground within reach
    }
    if (moves === 0) value -= 25; // stuck: its turn would lose the game
    score += k % 2 === seat ? value : -value;
  }
  return score;
}

/** Negamax value for the side to move at `ply` (its pawn is PAWNS[ply % 4]), searching `depth` turns. */
function search(p: Position, ply: number, depth: number, alpha: number, beta: number): number {
  const { levels, pos } = p;
  const k = ply % PAWNS.length;
  const from = pos[k]!;
  const h = levels[from]!;
  const targets: number[] = [];
  for (const n of NEIGHBOURS[from]!) {
    const l = levels[n]!;
    if (l >= DOME || l > h + 1 || occupied(pos, n)) continue;
    if (l === WIN_LEVEL) return WIN + depth; // climbs onto level 3
    targets.push(n);
  }
  if (targets.length === 0) return -(WIN + depth); // cannot complete a turn
  if (depth === 0) return evaluate(p, ply % 2);
  // Climbing moves first: they tend to be best, which makes the cut-offs come earlier.
  targets.sort((a, b) => levels[b]! - levels[a]!);
  let best = -Infinity;
  for (const to of targets) {
    pos[k] = to;
    for (const b of NEIGHBOURS[to]!) {
      if (levels[b]! >= DOME || occupied(pos, b)) continue;
      levels[b]!++;
      const value = -search(p, ply + 1, depth - 1, -beta, -Math.max(alpha, best));
      levels[b]!--;
      if (value > best) best = value;
      if (best >= beta) break;
    }
    pos[k] = from;
    if (best >= beta) break;
  }
  return best;
}

/** Placement: the free square with the most neighbours (the centre first), among the best ones at random. */
function place(p: Position, legal: SantoriniAction[], rng: Rng): SantoriniAction {
  let best = -Infinity;
  let choices: SantoriniAction[] = [];
  for (const a of legal) {
    if (a.type !== 'place') continue;
    const i = indexOf(a.at);
    const r = Math.floor(i / SIZE);
    const c = i % SIZE;
    const value = NEIGHBOURS[i]!.length * 10 - (Math.abs(r - 2) + Math.abs(c - 2));
    if (value > best) [best, choices] = [value, [a]];
    else if (value === best) choices.push(a);
  }
  return choices.length ? rng.pick(choices) : rng.pick(legal);
}

/**
 * The best turn found searching `opts.depth` turns (default 3); placements by the heuristic above. Equally good moves
 * are chosen between with the rng. Works on the seat's view (the game has no hidden information).
 */
export function santoriniEngine(
  view: SantoriniView,
  _seat: Seat,
  legal: SantoriniAction[],
  rng: Rng,
  opts: EngineOptions = {},
): SantoriniAction {
  const p = fromView(view);
  if (view.phase === 'placement') return place(p, legal, rng);
  const depth = Math.max(1, opts.depth ?? DEFAULT_DEPTH);
  const k = PAWNS.indexOf(view.pawnToMove ?? PAWNS[0]);
  const ply = k; // only ply % 4 matters to the search
  let best = -Infinity;
  let choices: SantoriniAction[] = [];
  for (const a of legal) {
    if (a.type !== 'turn') continue;
    const to = indexOf(a.to);
    let value: number;
    if (p.levels[to] === WIN_LEVEL) value = WIN + depth;
    else {
      const from = p.pos[k]!;
      const b = indexOf(a.build!);
      p.pos[k] = to;
      p.levels[b]!++;
      // Moves that tie the best so far are searched exactly (window just below it); worse ones fail low.
      value = -search(p, ply + 1, depth - 1, -Infinity, -(best - 1));
      p.levels[b]!--;
      p.pos[k] = from;
    }
    if (value > best) [best, choices] = [value, [a]];
    else if (value === best) choices.push(a);
  }
  return choices.length ? rng.pick(choices) : rng.pick(legal);
}
