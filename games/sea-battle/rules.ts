// Sea Battle (GameBench's SB): two teams of three ships on a 24×24 sea with rocks. Every turn each ship afloat orders
// a movement and a broadside at the same time; all orders are resolved together: movement, then shots. Shots, rocks
// and collisions do damage; a ship sinks at 10 damage. A team wins with at least one ship afloat when all the
// opponents' ships have sunk.
//
// SOURCES: the GameBench paper (appendix G, Sea Battle: the rules text and the withheld topics Damage, Sinking, Winning,
// Board, Gameplay, Teams; appendix F: "awarded 1 point if they eliminate all enemy ships before themselves becoming
// eliminated"; Table 1: abstract strategy, non-deterministic, cooperation) and GameBench's implementation,
// games/sea_battle.py in Joshuaclymer/GameBench, for every fact the paper leaves out:
//  - the board: 24×24, coordinates (x, y) from 0 to 23, x growing East and y growing North; the border squares are
//    rocks; 6 ships and 14 more rocks are placed on distinct random interior squares (x, y in 1..22); each ship faces
//    a random direction (East, North, West, South);
//  - the orders, exactly GameBench's eight: "move left|move forward|move right|don't move" then "shoot left|shoot
//    right". Moving forward: one square ahead. Moving left/right: one square ahead, turn 90° to that side, then one
//    more square ahead in the new direction. A shot flies sideways (to the ship's left or right) up to 3 squares and
//    stops at the first rock or ship;
//  - damage: a cannon hit 2, sailing into a rock 1, a collision 1; a ship sinks at 10 (DamageCounter);
//  - resolution order (move_ships, fire_cannons): first steps of every moving ship; turns (made even when the first
//    step was blocked); second steps of the turning ships (a rock still does 1 damage; running into a ship blocks it
//    without damage); then every ship still afloat fires; ships that sank from movement damage neither fire nor are
//    hit; sunk ships leave the sea;
//  - what a ship sees (get_observation): every ship afloat, with its square and heading, whether it is its own, a
//    teammate's or an opponent's; the rocks; its own damage and the sinking threshold;
//  - scoring (play): (1, 0) to the side left afloat, (0.5, 0.5) when the last ships of both sides sink together.
//
// DEVIATIONS, each with its reason:
//  1. A turn cap (`maxTurns`, default 50) ends the match as a draw (0.5 per side), so every match ends: GameBench's
//     loop has none, and ships that stay out of each other's range would sail forever. The `gamebench` preset lifts
//     it (`maxTurns: null`), keeping only a far backstop (below).
//  2. Ships never share a square and never pass through each other. In GameBench a ship blocked by a rock or by a
//     collision is not an obstacle to a third ship that moves onto its square in the same step (both then stand on
//     one square), and two ships facing each other swap squares unharmed. Here a ship that does not move (it did not
//     mean to, or was blocked) blocks whoever sails into its square, as a ship that stayed does in GameBench: in the
//     first step both take the collision damage (1 each, as GameBench's stationary ship does), in the second step the
//     mover is stopped without damage (GameBench's rule for that step); two ships that would swap squares collide the
//     same way. A ship takes at most 1 collision damage per step, as in GameBench.
//  3. Shots resolve truly at once: every shot is traced against the ships afloat after movement and all damage is
//     applied together. GameBench fires ship by ship and drops a ship sunk by an earlier shot of the same volley from
//     the sea, so a later cannonball could fly through its square: the result depended on the seat order.
//  4. What a ship knows: its own damage and its teammates' (GameBench shows a ship its own only) — in GameBench one
//     agent plays a whole team, and the arena lets it, so a side's knowledge is shared; the staged orders of its own
//     team. The opponents' damage stays hidden, as in GameBench, until the match ends. New here, and public: the last
//     turn's orders, moves, collisions and shots (the board draws them; GameBench showed none), since everyone at sea
//     sees cannonballs fly. Positions and headings of every ship afloat are public, as in GameBench.
//  5. An order that is not one of the eight is refused with the reason and asked again (the arena's retry policy);
//     GameBench replaced it with a random order at once.
//  6. `rewards` (not in GameBench): the damage each ship's cannon dealt to enemy ships.
// Settings (`size`, `rocks`, `sinkAt`, `maxTurns`) default to GameBench's numbers; the turn cap is the arena's.
//
// THE `gamebench` PRESET (index.ts; the rules. What GameBench's own agent is shown and its menu of eight orders are
// GameBench's, through the game's `gamebench` hook, gamebench.ts; the arena's agents still read the arena's prompt, and
// an unreadable order is handled as deviation 5 says). What it keeps from GameBench's code:
//  - No turn cap. SeaBattle.play (games/sea_battle.py, l. 256-270) is `while True:` one round after another, and
//    returns only when no ship is afloat (0.5, 0.5) or every ship afloat is one team's (1, 0) / (0, 1); nothing counts
//    turns. Under the arena's 50-turn cap random orders draw 64% of matches, since a random match lasts ~60 turns;
//    uncapped they draw 0.9%, as GameBench's own code does (figures below), and the 49 Sea Battle matches of
//    GameBench's matches.json are all decisive (no 0.5).
//  - A backstop, `BACKSTOP_TURNS` (500), is the arena's and not GameBench's: a match still going then is a draw.
//    GameBench's match ends with probability 1 under random orders (a random walk meets the border rocks, and every
//    bump is damage) but never if the ships keep clear of rocks and of each other, as two cautious ships can (the
//    heuristic engine against itself reached the backstop in 6 of 10 seeded matches, mostly one ship a side).
//    500 turns is 2.5 times the longest of 6000 random matches in either code (197 here, 184 in GameBench's) and 8
//    times their mean (~60).
//  Every other rule difference is left as the deviations above say; they are GameBench's plain bugs or accidents of
//  its sequential loops, and none moves the win or draw rates of random play: seat-order-dependent movement
//  (ll. 189-199, 221-231: resolved ship by ship, and `t != player` compares positions (Player.__eq__, l. 67), so
//  ships on one square ignore each other: two ships can share a square or pass through each other), a volley in
//  which a ship sunk by an earlier shot still fires but no longer stops a later ball (ll. 234-252: the loop's list is
//  fixed, `self.players` is re-read per square), and a ship sunk by its first step's bump skipping its turn and
//  second step (l. 114). The paper's rule is "all players' choices are executed simultaneously", which the arena's
//  resolution does; keeping the bugs would make a match depend on the seat order. Measured with random orders (every
//  ship a uniformly random order, as GameBench's RandomAgent; matches seeded):
//    this game, `npx tsx games/sea-battle/gamebench-random.ts 6000`: Red 49.9%, Blue 49.2%, draws 0.9%; mean 59.7
//      turns (sd 21.0), median 57, 63.7% past turn 50, longest 197 (the defaults, 1000 matches: 63.9% draws);
//    GameBench's sea_battle.py itself with its RandomAgent (Python 3.10, PIL stubbed, `random.seed(i)` for i < 6000):
//      Red 49.6%, Blue 49.4%, draws 0.9%; mean 61.2 turns (sd ~21.5), median 58-59, 65.9% past turn 50, longest 184.
//  Win and draw rates agree within sampling error; matches here are ~1.5 turns (2.5%) shorter, likely because a swap
//  or a sail into a blocked ship is a collision here (1 damage each) where GameBench lets the ships through or stack.
import { z } from 'zod';
import { seatName, type LogLine, type Outcome, type Rng, type Seat, type Viewer } from '../../lib/engine/types';

export const SHIPS_PER_TEAM = 3;
export const NUM_SEATS = 2 * SHIPS_PER_TEAM;
export const TEAMS = ['Red', 'Blue'] as const;
export type Team = (typeof TEAMS)[number];
export const SEAT_NAMES = ['Red 1', 'Red 2', 'Red 3', 'Blue 1', 'Blue 2', 'Blue 3'] as const;

/** GameBench's damage numbers (DamageCounter). */
export const DAMAGE = { cannon: 2, rock: 1, ram: 1 } as const;
/** How far a cannonball flies, in squares (fire_cannons). */
export const SHOT_RANGE = 3;
/**
 * With no turn cap (`maxTurns: null`, GameBench's rule) a match that reaches this turn still ends in a draw: ships
 * that keep clear of rocks and of each other would otherwise sail forever. Random orders end far sooner (longest of
 * 6000 random matches 197 turns, mean ~60; see the note on the `gamebench` preset above).
 */
export const BACKSTOP_TURNS = 500;

export const configSchema = z
  .object({
    /** The sea is size × size squares, its border all rocks (GameBench: 24). */
    size: z.number().int().min(8).max(40).default(24),
    /** Rocks scattered inside the border (GameBench: 14). */
    rocks: z.number().int().min(0).max(200).default(14),
    /** Damage at which a ship sinks (GameBench: 10). */
    sinkAt: z.number().int().min(1).max(100).default(10),
    /**
     * Turns before the match ends in a draw (the arena's cap; GameBench has none). Null: no cap, as in GameBench's
     * code (the `gamebench` preset), with only the far backstop `BACKSTOP_TURNS` so that every match still ends.
     */
    maxTurns: z.number().int().min(1).max(150).nullable().default(50),
  })
  .strict()
  .refine((c) => c.rocks + NUM_SEATS <= (c.size - 2) * (c.size - 2), {
    message: 'too many rocks for the size of the sea: the ships need room',
  });
export type SeaBattleConfig = z.infer<typeof configSchema>;

export const MOVES = ['left', 'forward', 'right', 'stay'] as const;
export type Move = (typeof MOVES)[number];
export const SIDES = ['left', 'right'] as const;
export type Side = (typeof SIDES)[number];

export const actionSchema = z.object({
  type: z.literal('order'),
  move: z.enum(MOVES),
  shoot: z.enum(SIDES),
});
export type SeaBattleAction = z.infer<typeof actionSchema>;

export type Heading = 'N' | 'E' | 'S' | 'W';
export const HEADING_NAMES: Record<Heading, string> = { N: 'North', E: 'East', S: 'South', W: 'West' };
const VECTORS: Record<Heading, [number, number]> = { N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0] };
/** Counter-clockwise order (y grows North): a left turn is the next one. */
const CCW: Heading[] = ['E', 'N', 'W', 'S'];
export type Pos = [number, number];

export interface Ship {
  seat: Seat;
  x: number;
  y: number;
  heading: Heading;
  damage: number;
  /** Sunk ships leave the sea; x, y and heading are where they sank. */
  sunk: boolean;
}

/** What one ship did in a resolved turn. */
export interface ShipTurn {
  seat: Seat;
  order: SeaBattleAction;
  from: Pos;
  to: Pos;
  /** Heading before and after the turn. */
  fromHeading: Heading;
  heading: Heading;
}

/** A move that did not happen: into a rock (1 damage), a collision (first step: 1 damage), or a blocked second step. */
export interface Bump {
  seat: Seat;
  kind: 'rock' | 'ram' | 'blocked';
  /** 1: the first step, 2: the second step of a turn. */
  step: 1 | 2;
  /** The square it tried to enter. */
  at: Pos;
  /** The ships it collided with (ram and blocked). */
  with: Seat[];
  damage: number;
}

export interface Shot {
  seat: Seat;
  side: Side;
  /** The direction the cannonball flies. */
  dir: Heading;
  from: Pos;
  /** The squares it crossed, the last one where it stopped. */
  path: Pos[];
  /** The ship it hit, 'rock', or null when it fell into the sea. */
  hit: Seat | 'rock' | null;
}

export interface TurnReport {
  turn: number;
  ships: ShipTurn[];
  bumps: Bump[];
  shots: Shot[];
  /** Ships that sank this turn, in seat order. */
  sunk: Seat[];
}

export interface SeaBattleState {
  size: number;
  sinkAt: number;
  /** Null: no turn cap (GameBench's rule), only `BACKSTOP_TURNS`. */
  maxTurns: number | null;
  /** The turn being ordered, from 1. */
  turn: number;
  /** The scattered rocks (the border is rocks too). */
  rocks: Pos[];
  ships: Ship[];
  /** Orders staged this turn, by seat (private to the seat's team until the turn resolves). */
  orders: (SeaBattleAction | null)[];
  last: TurnReport | null;
  /** Damage each ship's cannon dealt to enemy ships. */
  dealt: number[];
  result: { winner: Team | null; reason: string } | null;
}

export interface ShipView {
  seat: Seat;
  name: string;
  team: Team;
  x: number;
  y: number;
  heading: Heading;
  afloat: boolean;
  /** Null where the viewer does not know it (an opponent afloat, for a seat or a spectator). */
  damage: number | null;
}

export interface SeaBattleView {
  /** The seat this view is for; null for spectators and omniscient viewers. */
  viewer: Seat | null;
  /** The viewer's team; null for spectators. */
  team: Team | null;
  size: number;
  sinkAt: number;
  /** Null: no turn cap (GameBench's rule), only `BACKSTOP_TURNS`. */
  maxTurns: number | null;
  turn: number;
  rocks: Pos[];
  ships: ShipView[];
  /** Public: which ships have given their orders this turn. */
  ordered: boolean[];
  /** The staged orders the viewer may know (its team's); null elsewhere. */
  orders: (SeaBattleAction | null)[];
  /** The viewer's team's private notes (damage, staged orders) as distinctive text; see `secrets`. */
  notes: string[];
  last: TurnReport | null;
  toAct: Seat[];
  result: string | null;
  winner: Team | null;
  over: boolean;
}

export const teamOf = (seat: Seat): Team => (seat < SHIPS_PER_TEAM ? 'Red' : 'Blue');
export const teamSeats = (team: Team): Seat[] =>
  Array.from({ length: NUM_SEATS }, (_, s) => s).filter((s) => teamOf(s) === team);
export const matesOf = (seat: Seat): Seat[] => teamSeats(teamOf(seat)).filter((s) => s !== seat);
export const otherTeam = (team: Team): Team => (team === 'Red' ? 'Blue' : 'Red');

export const turnLeft = (h: Heading): Heading => CCW[(CCW.indexOf(h) + 1) % 4]!;
export const turnRight = (h: Heading): Heading => CCW[(CCW.indexOf(h) + 3) % 4]!;
export const ahead = (p: Pos, h: Heading, k = 1): Pos => [p[0] + VECTORS[h][0] * k, p[1] + VECTORS[h][1] * k];
/** The direction of a broadside to that side of a ship facing `h`. */
export const sideDir = (h: Heading, side: Side): Heading => (side === 'left' ? turnLeft(h) : turnRight(h));
export const fmtPos = (p: Pos): string => `(${p[0]}, ${p[1]})`;
const same = (a: Pos, b: Pos) => a[0] === b[0] && a[1] === b[1];

/** Whether (x, y) is a rock: the border or a scattered rock. */
export function isRock(s: Pick<SeaBattleState, 'size' | 'rocks'>, p: Pos): boolean {
  const [x, y] = p;
  if (x <= 0 || y <= 0 || x >= s.size - 1 || y >= s.size - 1) return true;
  return s.rocks.some((r) => same(r, p));
}

/** Every order, in GameBench's order. */
export const ALL_ORDERS: SeaBattleAction[] = MOVES.flatMap((move) =>
  SIDES.map((shoot) => ({ type: 'order' as const, move, shoot })),
);

/** GameBench's wording of an order: "move left then shoot right", "don't move then shoot left". */
export function orderText(a: Pick<SeaBattleAction, 'move' | 'shoot'>): string {
  return `${a.move === 'stay' ? "don't move" : `move ${a.move}`} then shoot ${a.shoot}`;
}

/** The private note for a ship's damage: a bracketed token no other text in the game produces. */
export const damageNote = (seat: Seat, damage: number, sinkAt: number): string =>
  `[${seatName(SEAT_NAMES, seat)} · damage ${damage} of ${sinkAt}]`;
/** The private note for a staged order. */
export const orderNote = (seat: Seat, turn: number, a: SeaBattleAction): string =>
  `[${seatName(SEAT_NAMES, seat)} · turn ${turn} · order: ${orderText(a)}]`;

const afloat = (s: SeaBattleState) => s.ships.filter((sh) => !sh.sunk);

export function setup(rng: Rng, config: SeaBattleConfig, numPlayers: number = NUM_SEATS): SeaBattleState {
  if (numPlayers !== NUM_SEATS)
    throw new Error(`Sea Battle is played by ${NUM_SEATS} ships (3 a side), not ${numPlayers}`);
  const inner: Pos[] = [];
  for (let x = 1; x < config.size - 1; x++) for (let y = 1; y < config.size - 1; y++) inner.push([x, y]);
  const squares = rng.shuffle(inner);
  const headings: Heading[] = ['E', 'N', 'W', 'S'];
  const ships: Ship[] = Array.from({ length: NUM_SEATS }, (_, seat) => ({
    seat,
    x: squares[seat]![0],
    y: squares[seat]![1],
    heading: rng.pick(headings),
    damage: 0,
    sunk: false,
  }));
  return makeState(ships, squares.slice(NUM_SEATS, NUM_SEATS + config.rocks), config);
}

/** A state with ships and rocks placed by hand (tests, the prompt's worked example). */
export function makeState(
  ships: (Omit<Ship, 'damage' | 'sunk' | 'seat'> & Partial<Pick<Ship, 'damage' | 'sunk'>>)[],
  rocks: Pos[],
  config: Partial<SeaBattleConfig> = {},
): SeaBattleState {
  const cfg = configSchema.parse(config);
  return {
    size: cfg.size,
    sinkAt: cfg.sinkAt,
    maxTurns: cfg.maxTurns,
    turn: 1,
    rocks: rocks.map((r) => [r[0], r[1]]),
    ships: ships.map((sh, seat) => ({
      seat,
      x: sh.x,
      y: sh.y,
      heading: sh.heading,
      damage: sh.damage ?? 0,
      sunk: sh.sunk ?? false,
    })),
    orders: ships.map(() => null),
    last: null,
    dealt: ships.map(() => 0),
    result: null,
  };
}

/** Every ship afloat that has not given its order this turn; [] once the match is over. */
export function activeSeats(s: SeaBattleState): Seat[] {
  if (s.result) return [];
  return afloat(s)
    .filter((sh) => s.orders[sh.seat] === null)
    .map((sh) => sh.seat);
}

export function legalActions(s: SeaBattleState, seat: Seat): SeaBattleAction[] {
  return activeSeats(s).includes(seat) ? ALL_ORDERS.map((a) => ({ ...a })) : [];
}

export function reject(s: SeaBattleState, seat: Seat, a: SeaBattleAction): string | null {
  const example = '"move forward then shoot left"';
  if (a?.type !== 'order') return `give one order of movement and one of shooting, e.g. ${example}`;
  if (!MOVES.includes(a.move))
    return `the movement must be move left, move forward, move right or don't move, e.g. ${example}`;
  if (!SIDES.includes(a.shoot)) return `the shot must be shoot left or shoot right, e.g. ${example}`;
  return null;
}

/** Stages the order (one `reject` accepted); the last order of the turn resolves it. Deterministic: the rng is not used. */
export function apply(s: SeaBattleState, seat: Seat, a: SeaBattleAction, _rng?: Rng): SeaBattleState {
  const orders = s.orders.map((o, i) =>
    i === seat ? { type: 'order' as const, move: a.move, shoot: a.shoot } : o ? { ...o } : null,
  );
  const next: SeaBattleState = { ...copyState(s), orders };
  if (afloat(next).some((sh) => orders[sh.seat] === null)) return next;
  return resolveTurn(next);
}

function copyState(s: SeaBattleState): SeaBattleState {
  return {
    ...s,
    rocks: s.rocks.map((r) => [r[0], r[1]]),
    ships: s.ships.map((sh) => ({ ...sh })),
    orders: s.orders.map((o) => (o ? { ...o } : null)),
    dealt: s.dealt.slice(),
    result: s.result ? { ...s.result } : null,
  };
}

/**
 * One step of movement for the ships in `movers` (seat → the square it claims), the others staying put. A claimed rock
 * stops the ship (1 damage); two ships claiming one square, two ships swapping squares, and a ship sailing into a
 * ship that does not move (cascading) are stopped; `ram` says whether that does collision damage.
 */
function step(s: SeaBattleState, movers: Map<Seat, Pos>, stepNo: 1 | 2, ram: boolean, bumps: Bump[]): void {
  const live = afloat(s);
  const pos = new Map<Seat, Pos>(live.map((sh) => [sh.seat, [sh.x, sh.y]]));
  const stays = new Set<Seat>(live.map((sh) => sh.seat).filter((seat) => !movers.has(seat)));
  const rammed = new Map<Seat, Set<Seat>>();
  const collide = (a: Seat, b: Seat) => {
    if (!rammed.has(a)) rammed.set(a, new Set());
    rammed.get(a)!.add(b);
  };
  const going = new Set<Seat>();
  for (const [seat, claim] of movers) {
    if (isRock(s, claim)) {
      stays.add(seat);
      bumps.push({ seat, kind: 'rock', step: stepNo, at: claim, with: [], damage: DAMAGE.rock });
      s.ships[seat]!.damage += DAMAGE.rock;
    } else going.add(seat);
  }
  // Two or more ships claiming one square, or two ships swapping squares: all of them stop.
  for (const a of going) {
    for (const b of going) {
      if (a === b) continue;
      const ca = movers.get(a)!;
      const cb = movers.get(b)!;
      if (same(ca, cb) || (same(ca, pos.get(b)!) && same(cb, pos.get(a)!))) collide(a, b);
    }
  }
  for (const a of rammed.keys()) {
    going.delete(a);
    stays.add(a);
  }
  // Sailing into a ship that stays where it is stops the mover; a stopped ship stops the next one in turn.
  for (let changed = true; changed;) {
    changed = false;
    for (const a of [...going].sort((x, y) => x - y)) {
      const claim = movers.get(a)!;
      const occupant = [...stays].find((b) => same(pos.get(b)!, claim));
      if (occupant !== undefined) {
        going.delete(a);
        stays.add(a);
        collide(a, occupant);
        collide(occupant, a);
        changed = true;
      }
    }
  }
  for (const [seat, others] of [...rammed].sort((x, y) => x[0] - y[0])) {
    // In the second step only the mover is stopped; the ship it would have sailed into is untouched.
    if (!ram && !movers.has(seat)) continue;
    const damage = ram ? DAMAGE.ram : 0;
    const claimed = movers.get(seat);
    bumps.push({
      seat,
      kind: ram ? 'ram' : 'blocked',
      step: stepNo,
      at: claimed ?? pos.get(seat)!,
      with: [...others].sort((x, y) => x - y),
      damage,
    });
    s.ships[seat]!.damage += damage;
  }
  for (const seat of going) {
    const [x, y] = movers.get(seat)!;
    s.ships[seat]!.x = x;
    s.ships[seat]!.y = y;
  }
}

/** Resolves a turn whose orders are all in: movement (two steps), sinking, then every broadside at once. */
export function resolveTurn(prev: SeaBattleState): SeaBattleState {
  const s = copyState(prev);
  const orders = s.orders;
  const start = afloat(s).map((sh) => ({ seat: sh.seat, from: [sh.x, sh.y] as Pos, fromHeading: sh.heading }));
  const bumps: Bump[] = [];
  // 1. Every ship that moves claims the square ahead.
  const first = new Map<Seat, Pos>();
  for (const sh of afloat(s)) if (orders[sh.seat]!.move !== 'stay') first.set(sh.seat, ahead([sh.x, sh.y], sh.heading));
  step(s, first, 1, true, bumps);
  // 2. Turning ships turn, even when their first step was stopped.
  for (const sh of afloat(s)) {
    const m = orders[sh.seat]!.move;
    if (m === 'left') sh.heading = turnLeft(sh.heading);
    if (m === 'right') sh.heading = turnRight(sh.heading);
  }
  // 3. Turning ships claim the square ahead again; a ship in the way stops them without damage.
  const second = new Map<Seat, Pos>();
  for (const sh of afloat(s)) {
    const m = orders[sh.seat]!.move;
    if (m === 'left' || m === 'right') second.set(sh.seat, ahead([sh.x, sh.y], sh.heading));
  }
  step(s, second, 2, false, bumps);
  // 4. Movement damage sinks ships before the shooting: they neither fire nor are hit.
  const sunk: Seat[] = [];
  for (const sh of afloat(s)) {
    if (sh.damage >= s.sinkAt) {
      sh.sunk = true;
      sunk.push(sh.seat);
    }
  }
  // 5. Every ship afloat fires one broadside; all are traced on the same sea, then the damage is done together.
  const shots: Shot[] = [];
  const floating = afloat(s);
  for (const sh of floating) {
    const side = orders[sh.seat]!.shoot;
    const dir = sideDir(sh.heading, side);
    const from: Pos = [sh.x, sh.y];
    const path: Pos[] = [];
    let hit: Shot['hit'] = null;
    for (let k = 1; k <= SHOT_RANGE; k++) {
      const sq = ahead(from, dir, k);
      path.push(sq);
      if (isRock(s, sq)) {
        hit = 'rock';
        break;
      }
      const target = floating.find((t) => t.x === sq[0] && t.y === sq[1]);
      if (target) {
        hit = target.seat;
        break;
      }
    }
    shots.push({ seat: sh.seat, side, dir, from, path, hit });
  }
  for (const shot of shots) {
    if (typeof shot.hit !== 'number') continue;
    s.ships[shot.hit]!.damage += DAMAGE.cannon;
    if (teamOf(shot.hit) !== teamOf(shot.seat)) s.dealt[shot.seat]! += DAMAGE.cannon;
  }
  for (const sh of afloat(s)) {
    if (sh.damage >= s.sinkAt) {
      sh.sunk = true;
      sunk.push(sh.seat);
    }
  }
  const report: TurnReport = {
    turn: s.turn,
    ships: start.map(({ seat, from, fromHeading }) => {
      const sh = s.ships[seat]!;
      return { seat, order: { ...orders[seat]! }, from, to: [sh.x, sh.y], fromHeading, heading: sh.heading };
    }),
    bumps,
    shots,
    sunk: sunk.sort((a, b) => a - b),
  };
  const red = afloat(s).filter((sh) => teamOf(sh.seat) === 'Red').length;
  const blue = afloat(s).filter((sh) => teamOf(sh.seat) === 'Blue').length;
  let result: SeaBattleState['result'] = null;
  const ships = (n: number) => `${n} ship${n === 1 ? '' : 's'}`;
  if (red === 0 && blue === 0)
    result = { winner: null, reason: `The last ships of both sides sank together on turn ${s.turn}: a draw` };
  else if (blue === 0)
    result = { winner: 'Red', reason: `Red sank every Blue ship on turn ${s.turn} with ${ships(red)} afloat` };
  else if (red === 0)
    result = { winner: 'Blue', reason: `Blue sank every Red ship on turn ${s.turn} with ${ships(blue)} afloat` };
  else if (s.maxTurns !== null && s.turn >= s.maxTurns)
    result = {
      winner: null,
      reason: `Turn limit of ${s.maxTurns} reached with Red ${ships(red)} and Blue ${ships(blue)} afloat: a draw`,
    };
  else if (s.maxTurns === null && s.turn >= BACKSTOP_TURNS)
    result = {
      winner: null,
      reason: `No side sunk after ${BACKSTOP_TURNS} turns (the arena's backstop) with Red ${ships(red)} and Blue ${ships(blue)} afloat: a draw`,
    };
  return { ...s, turn: result ? s.turn : s.turn + 1, orders: s.ships.map(() => null), last: report, result };
}

export function outcome(s: SeaBattleState): Outcome | null {
  if (!s.result) return null;
  const { winner, reason } = s.result;
  const n = s.ships.length;
  const winners = winner ? teamSeats(winner) : [];
  // GameBench scores a side 1 (win), 0 (loss) or 0.5 (draw); the side's score is shared by its three seats.
  const scores = Array.from({ length: n }, (_, seat) =>
    winner === null ? 1 / n : winners.includes(seat) ? 1 / winners.length : 0,
  );
  return {
    scores,
    reason,
    rewards: s.dealt.slice(),
    winner: null,
    teams: Array.from({ length: n }, (_, seat) => teamOf(seat)),
    summary: winner ? `${winner} wins` : 'Draw',
  };
}

export function view(s: SeaBattleState, v: Viewer): SeaBattleView {
  const viewer = 'seat' in v ? v.seat : null;
  const all = 'omniscient' in v || s.result !== null;
  const team = viewer !== null ? teamOf(viewer) : null;
  // HIDDEN INFORMATION: a seat knows its own team's damage and staged orders (one agent may play the whole side);
  // opponents' damage and orders stay hidden until the match ends; spectators' public view holds neither. Positions,
  // headings, sinkings and the last resolved turn are public.
  const knows = (seat: Seat) => all || (team !== null && teamOf(seat) === team);
  const result = outcome(s);
  return {
    viewer,
    team,
    size: s.size,
    sinkAt: s.sinkAt,
    maxTurns: s.maxTurns,
    turn: s.turn,
    rocks: s.rocks.map((r) => [r[0], r[1]]),
    ships: s.ships.map((sh) => ({
      seat: sh.seat,
      name: seatName(SEAT_NAMES, sh.seat),
      team: teamOf(sh.seat),
      x: sh.x,
      y: sh.y,
      heading: sh.heading,
      afloat: !sh.sunk,
      damage: knows(sh.seat) || sh.sunk ? sh.damage : null,
    })),
    ordered: s.orders.map((o) => o !== null),
    orders: s.orders.map((o, seat) => (o && knows(seat) ? { ...o } : null)),
    notes: s.ships.flatMap((sh) => (knows(sh.seat) ? notesOf(s, sh.seat) : [])),
    last: s.last ? copyReport(s.last) : null,
    toAct: activeSeats(s),
    result: result?.reason ?? null,
    winner: s.result?.winner ?? null,
    over: s.result !== null,
  };
}

function notesOf(s: SeaBattleState, seat: Seat): string[] {
  const sh = s.ships[seat]!;
  if (sh.sunk || s.result) return [];
  const o = s.orders[seat];
  return [damageNote(seat, sh.damage, s.sinkAt), ...(o ? [orderNote(seat, s.turn, o)] : [])];
}

const copyReport = (r: TurnReport): TurnReport => JSON.parse(JSON.stringify(r)) as TurnReport;

/**
 * For the conformance suite and the leak tests: each ship's damage while afloat and its staged order, as the
 * distinctive notes of `view`, shared with its teammates. The bare numbers would collide with other numbers of a view.
 */
export function secrets(s: SeaBattleState): { seat: Seat; values: string[]; sharedWith: Seat[] }[] {
  if (s.result) return [];
  return s.ships
    .filter((sh) => !sh.sunk)
    .map((sh) => ({ seat: sh.seat, values: notesOf(s, sh.seat), sharedWith: matesOf(sh.seat) }));
}

/** The public lines telling what happened in a resolved turn. */
export function reportLines(r: TurnReport): string[] {
  const lines: string[] = [];
  for (const t of r.ships) {
    const moved = same(t.from, t.to) ? `stays at ${fmtPos(t.to)}` : `sails from ${fmtPos(t.from)} to ${fmtPos(t.to)}`;
    const facing =
      t.heading === t.fromHeading ? `facing ${HEADING_NAMES[t.heading]}` : `now facing ${HEADING_NAMES[t.heading]}`;
    lines.push(`Turn ${r.turn}: ${seatName(SEAT_NAMES, t.seat)} orders "${orderText(t.order)}", ${moved}, ${facing}.`);
  }
  for (const b of r.bumps) {
    const who = seatName(SEAT_NAMES, b.seat);
    if (b.kind === 'rock') lines.push(`${who} runs into the rock at ${fmtPos(b.at)} (${b.damage} damage).`);
    else if (b.kind === 'ram')
      lines.push(
        `${who} collides with ${b.with.map((p) => seatName(SEAT_NAMES, p)).join(' and ')} (${b.damage} damage).`,
      );
    else
      lines.push(
        `${who} is stopped by ${b.with.map((p) => seatName(SEAT_NAMES, p)).join(' and ')} on its second step (no damage).`,
      );
  }
  for (const shot of r.shots) {
    const end = shot.path.at(-1)!;
    const what =
      shot.hit === null
        ? `splashes into the sea at ${fmtPos(end)}`
        : shot.hit === 'rock'
          ? `hits the rock at ${fmtPos(end)}`
          : `hits ${seatName(SEAT_NAMES, shot.hit)} at ${fmtPos(end)} (${DAMAGE.cannon} damage)`;
    lines.push(
      `${seatName(SEAT_NAMES, shot.seat)} fires to its ${shot.side} (${HEADING_NAMES[shot.dir]}): the shot ${what}.`,
    );
  }
  for (const seat of r.sunk) lines.push(`${seatName(SEAT_NAMES, seat)} sinks.`);
  return lines;
}

export function describe(prev: SeaBattleState, next: SeaBattleState, seat: Seat, a: SeaBattleAction): LogLine[] {
  const turn = prev.turn;
  const order = orderText(a);
  const mates = matesOf(seat);
  // HIDDEN INFORMATION: that a ship gave its order is public; the order itself is for its own team until the turn
  // resolves (then the report below makes every order public).
  const lines: LogLine[] = [
    { text: `${seatName(SEAT_NAMES, seat)} gives its order for turn ${turn}.` },
    // One line for the whole team (the ship itself included), so replays and spectators read it once.
    { text: `${seatName(SEAT_NAMES, seat)} orders for turn ${turn}: ${order}.`, visibleTo: [seat, ...mates] },
  ];
  if (next.last && next.last.turn === turn) {
    for (const text of reportLines(next.last)) lines.push({ text });
    if (next.result) lines.push({ text: `${next.result.reason}.` });
  }
  return lines;
}
