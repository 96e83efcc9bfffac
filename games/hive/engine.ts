// The Hive engine baseline: a shallow search (depth 1: the best position after its own move; depth 2, the default: the
// few best candidates checked against every reply) over an evaluation of the Queens' liberties and the pieces free
// to move. It plays from the seat's view (perfect information: the view is the whole state).
import type { EngineOptions, Rng, Seat } from '../../lib/engine/types';
import {
  apply,
  freePieces,
  legalActions,
  outcome,
  queenOf,
  stateOfView,
  type HiveAction,
  type HiveState,
  type HiveView,
} from './rules';

const WIN = 1_000_000;
/** Candidates examined against every reply at depth 2. */
const CANDIDATES = 6;

/**
 * The position's value for `me`: a surrounded Queen decides; otherwise each occupied neighbour of the opponent's
 * Queen is worth 100 and each of one's own costs 120, a Beetle on the opponent's Queen 40, each piece free to move 8,
 * one's own Queen on the board 30 (pieces can move only then) and each piece on the board 3.
 */
export function evaluate(s: HiveState, me: Seat): number {
  const result = outcome(s);
  if (result) return result.winner === me ? WIN : result.winner === null ? 0 : -WIN;
  const opp = 1 - me;
  const mine = queenOf(s, me);
  const theirs = queenOf(s, opp);
  let score = 100 * theirs.occupied - 120 * mine.occupied;
  score += 8 * (freePieces(s, me) - freePieces(s, opp));
  if (mine.at) score += 30;
  if (theirs.at) score -= 30;
  for (const st of s.stacks) {
    const top = st.pieces.at(-1)!;
    score += top.seat === me ? 3 : -3;
    if (theirs.at && st.q === theirs.at.q && st.r === theirs.at.r && top.seat === me) score += 40;
    if (mine.at && st.q === mine.at.q && st.r === mine.at.r && top.seat === opp) score -= 40;
  }
  return score;
}

export function hiveEngine(
  v: HiveView,
  seat: Seat,
  legal: HiveAction[],
  rng: Rng,
  opts: EngineOptions = {},
): HiveAction {
  if (legal.length <= 1) return legal[0]!;
  const depth = opts.depth ?? 2;
  const s: HiveState = { ...stateOfView(v), toMove: seat };
  // A little noise breaks ties differently with every seed.
  const scored = legal.map((a) => {
    const next = apply(s, seat, a);
    return { a, next, score: evaluate(next, seat) + rng.next() };
  });
  scored.sort((x, y) => y.score - x.score);
  if (depth < 2 || scored[0]!.score >= WIN) return scored[0]!.a;
  let best = scored[0]!;
  let bestValue = -Infinity;
  for (const c of scored.slice(0, CANDIDATES)) {
    if (outcome(c.next)) {
      if (c.score > bestValue) [best, bestValue] = [c, c.score];
      continue;
    }
    const opp = 1 - seat;
    let worst = Infinity;
    for (const b of legalActions(c.next, opp)) {
      worst = Math.min(worst, evaluate(apply(c.next, opp, b), seat));
      if (worst <= -WIN) break;
    }
    const value = worst + (c.score - Math.floor(c.score));
    if (value > bestValue) [best, bestValue] = [c, value];
  }
  return best.a;
}
