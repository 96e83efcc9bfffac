// The Sea Battle heuristic, on the ship's own view: it scores each of the eight orders by the expected damage its
// broadside deals to enemies (minus friendly fire), the damage it risks from rocks, collisions and the enemies'
// broadsides, and how much it closes in on the nearest enemy. Other ships are predicted to make any of their four
// movements with equal chance (a teammate's order is used when the team has already given it).
import type { EngineOptions, Rng, Seat } from '../../lib/engine/types';
import {
  DAMAGE,
  SHOT_RANGE,
  ahead,
  isRock,
  sideDir,
  type Heading,
  type Pos,
  type SeaBattleAction,
  type SeaBattleView,
  type ShipView,
} from './rules';

interface Place {
  pos: Pos;
  heading: Heading;
  p: number;
}

const same = (a: Pos, b: Pos) => a[0] === b[0] && a[1] === b[1];

/** Where a ship ends up after a movement, stopping at rocks (ships are ignored). */
function sail(
  v: SeaBattleView,
  from: Pos,
  h: Heading,
  move: SeaBattleAction['move'],
): { pos: Pos; heading: Heading; rocks: number } {
  if (move === 'stay') return { pos: from, heading: h, rocks: 0 };
  let pos = from;
  let rocks = 0;
  const one = ahead(from, h);
  if (isRock(v, one)) rocks++;
  else pos = one;
  if (move === 'forward') return { pos, heading: h, rocks };
  const nh = move === 'left' ? sideDir(h, 'left') : sideDir(h, 'right');
  const two = ahead(pos, nh);
  if (isRock(v, two)) rocks++;
  else pos = two;
  return { pos, heading: nh, rocks };
}

/** Where another ship may be after this turn, with probabilities. */
function predict(v: SeaBattleView, sh: ShipView): Place[] {
  const known = v.orders[sh.seat];
  const moves: SeaBattleAction['move'][] = known ? [known.move] : ['left', 'forward', 'right', 'stay'];
  return moves.map((m) => {
    const r = sail(v, [sh.x, sh.y], sh.heading, m);
    return { pos: r.pos, heading: r.heading, p: 1 / moves.length };
  });
}

/** The squares a broadside crosses, up to the first rock (excluded). */
function lineOfFire(v: SeaBattleView, from: Pos, dir: Heading): Pos[] {
  const out: Pos[] = [];
  for (let k = 1; k <= SHOT_RANGE; k++) {
    const sq = ahead(from, dir, k);
    if (isRock(v, sq)) break;
    out.push(sq);
  }
  return out;
}

export function seaBattleEngine(
  v: SeaBattleView,
  seat: Seat,
  legal: SeaBattleAction[],
  rng: Rng,
  _opts?: EngineOptions,
): SeaBattleAction {
  const me = v.ships[seat]!;
  const others = v.ships.filter((sh) => sh.afloat && sh.seat !== seat);
  const enemies = others.filter((sh) => sh.team !== me.team);
  const mates = others.filter((sh) => sh.team === me.team);
  const enemyPlaces = enemies.map((sh) => predict(v, sh));
  const matePlaces = mates.map((sh) => predict(v, sh));
  const probAt = (places: Place[][], sq: Pos) =>
    places.reduce((sum, ps) => sum + ps.reduce((a, pl) => a + (same(pl.pos, sq) ? pl.p : 0), 0), 0);
  const allPlaces = [...enemyPlaces, ...matePlaces];

  let best: SeaBattleAction[] = [];
  let bestScore = -Infinity;
  for (const a of legal) {
    const end = sail(v, [me.x, me.y], me.heading, a.move);
    let score = -DAMAGE.rock * end.rocks;
    // Collisions: another ship ending on my square (or me sailing into one that stays).
    score -= DAMAGE.ram * Math.min(1, probAt(allPlaces, end.pos)) * 1.5;
    // My broadside: the first ship on the line takes the ball.
    let open = 1;
    for (const sq of lineOfFire(v, end.pos, sideDir(end.heading, a.shoot))) {
      const pe = Math.min(1, probAt(enemyPlaces, sq));
      const pm = Math.min(1 - pe, probAt(matePlaces, sq));
      score += open * DAMAGE.cannon * (pe - 1.5 * pm);
      open *= Math.max(0, 1 - pe - pm);
    }
    // The enemies' broadsides: each fires to one side, chosen at random.
    for (const places of enemyPlaces) {
      for (const pl of places) {
        for (const side of ['left', 'right'] as const) {
          if (lineOfFire(v, pl.pos, sideDir(pl.heading, side)).some((sq) => same(sq, end.pos)))
            score -= DAMAGE.cannon * pl.p * 0.5 * 0.8;
        }
      }
    }
    // Close in: a little for every square nearer the closest enemy, best at broadside range.
    if (enemies.length) {
      const d = Math.min(...enemies.map((e) => Math.abs(e.x - end.pos[0]) + Math.abs(e.y - end.pos[1])));
      score -= 0.08 * Math.max(0, d - 2);
    }
    // Do not end facing a rock: next turn every movement but a standstill would hit it.
    if (isRock(v, ahead(end.pos, end.heading))) score -= 0.3;
    if (score > bestScore + 1e-9) {
      bestScore = score;
      best = [a];
    } else if (Math.abs(score - bestScore) <= 1e-9) best.push(a);
  }
  const pick = best.length ? rng.pick(best) : rng.pick(legal);
  return { ...pick };
}
