// Hive rules: the state, the actions and the pure reducer (placement, every bug's movement, the one-hive rule, freedom
// to move, the Queen by the fourth turn, surrounding, the turn cap, passing), with the hex geometry they need.
//
// Sources: GameBench (Costarelli et al. 2024), appendix G's Hive rules (the text shown to models; its bullets are the
// topics in index.ts), appendix F (the winner scores 1) and its implementation, games/hive/{game,board,pieces,config}.py
// of Joshuaclymer/GameBench (the piece set, the 250-turn cap, placement and movement checks, passing, scoring).
//
// Deviations from GameBench, each with its reason:
// - Beetles. GameBench's config.py sets NUM_BEETLE_CARDS = 0 and leaves its Beetle class commented out ("to simplify
//   the implementation"); issue 18 asks for the beetle, so each side has the standard 2 Beetles by default (config
//   `beetles`, 0–2). `beetles: 0` plays GameBench's exact set: 1 Queen, 2 Spiders, 3 Grasshoppers, 3 Ants.
// - Coordinates. GameBench labels hexes with odd-r offset coordinates (x, y) (board.py: `Hex`, rows shifted by parity),
//   whose neighbours differ between even and odd rows. Models here read and write AXIAL coordinates (q, r) on
//   pointy-topped hexes, r growing downwards: the six neighbours of (q, r) are the same six offsets everywhere, which
//   a model can compute from text. The first piece goes at (0, 0), as in GameBench.
// - Answers. GameBench asks in two steps (choose `list_place_Ant` / `list_move_…`, then `place_(x,y)_Ant` /
//   `move_(x,y)_(x,y)`); here one answer names the whole move ("place Ant at (1,0)", "move Ant (0,0) to (2,-1)", or
//   "pass"). The parser also accepts GameBench's `place_(1,0)_Ant` and `move_(0,0)_(2,-1)` spellings.
// - Movement. GameBench approximates freedom to move (board.py `has_freedom_to_move`, see the preset below); here the
//   standard rules apply by default: a slide from one hex to a neighbouring one needs exactly one of the two hexes
//   beside that step occupied (both = a gate too narrow to slide through; none = the piece would leave the hive in
//   transit), computed with the moving piece lifted; the Spider takes exactly three such slides without revisiting a
//   hex; the Ant any number; the Queen one; the Grasshopper jumps in a straight line over at least one piece to the
//   first empty hex (no sliding); a Beetle steps one hex, may climb onto and move along the top of the hive, and is
//   blocked only by a gate of two stacks both higher than its start and its destination. A piece whose removal would
//   split the hive cannot move (one-hive rule), and a piece under a Beetle cannot move.
// - Both Queens surrounded at once: GameBench's `play` returns [0, 0]; scores here sum to 1 and the issue calls it a
//   draw, so it scores 0.5 each (as does the turn cap, which GameBench's matches.json records as 0.5 / 0.5).
// Kept from GameBench: placement next to own pieces only and never touching the opponent's, except the first two pieces
// of the game (board.py: the check starts once two pieces are on the board); the Queen must be placed by a player's
// fourth turn (game.py: on turn index 3 only the Queen may be placed; here it stays forced on later turns until placed,
// see the preset) and no piece moves before its owner's Queen is placed; a player with no legal action passes, and a
// pass counts as a turn; the game ends as a draw once a player has taken `maxTurns` (250) turns (game.py
// `is_game_over`: max(turn_count) >= MAX_TURNS, so the first player has 250 turns and the second 249); a surrounded
// Queen (all six neighbours occupied, by anyone) loses, checked after every move, before the cap.
//
// The preset `gamebench` (index.ts; config `beetles: 0`, `movement: 'gamebench'`, `queenForced: 'fourthTurnOnly'`)
// plays the rules as GameBench's code does wherever they differ from the defaults above (checked: in 740 positions of
// six games of their code with random players, the first 60 plies of four and 250 of two, converted to axial
// coordinates, the preset's legal actions are exactly theirs, where the defaults' differ in 552):
// - Bugs: config.py NUM_BEETLE_CARDS = 0 (the Beetle class is commented out in pieces.py): 1 Queen, 2 Spiders,
//   3 Grasshoppers, 3 Ants each.
// - Movement (`movement: 'gamebench'`, Queen, Spider and Ant only). A step from hex a to its neighbour b is
//   board.py `can_move_piece`: b empty; `has_freedom_to_move`: neither a nor b "almost completely surrounded" (at most
//   one empty neighbour, i.e. five or six occupied; the mover on a counts for b); the hive without the mover connected
//   (`is_one_hive_if_removed`, the one-hive rule as here) and still connected with the mover on b, i.e. b touches
//   a piece other than the mover. There is no gate check, so a piece may pass between two pieces, and, for the Queen
//   and the Ant, no check that a piece beside the step keeps contact in transit (the step may cross from one arm of the
//   hive to another). On later steps of the Spider and the Ant the mover stands on its current hex and its start hex
//   is empty (pieces.py puts a temporary piece there). Queen (pieces.py `QueenBee.valid_moves`): one step. Spider
//   (`Spider.find_moves`): exactly three steps, none back onto a hex of its path, each also with a piece on one of the
//   two hexes beside it (`has_common_neighboring_piece`). Ant (`SoldierAnt.find_moves`): every hex reachable by
//   steps, never entering its own start hex (`neighbor_hex != start_hex`). The Grasshopper is the same in both
//   (its jump skips the freedom check; one-hive as here); a Beetle, should a config add Beetles to this movement,
//   moves as by default.
// - Queen (`queenForced: 'fourthTurnOnly'`): game.py `list_possible_moves_for_unplaced_piece` forces the Queen only
//   when `turn_count[player] == 3`; a player who had to pass on that turn (no hex to place on: moves are not offered
//   before the Queen is placed) may place any piece later. A plain bug against their own rules text ("must place their
//   Queen Bee by their fourth turn"), kept because it is what their matches played; it arises rarely.
// Not kept: both Queens surrounded at once scores [0, 0] in their `play`; arena scores sum to 1, so it stays a draw,
// 0.5 each. Unchanged because the defaults already play them as their code does: placement, passing, the 250-turn cap,
// a surrounded Queen losing. The preset changes the rules; the arena's own agents keep the arena's rules text, prompts
// (which describe the standard movement) and one-answer move list, while GameBench's agent, and under the preset the
// random baseline, see the turn as GameBench's code showed it: its rules text, observation and two-step menu
// (gamebench.ts, the game's `gamebench` hook).
import { z } from 'zod';
import { seatName, type LogLine, type Outcome, type Seat, type Viewer } from '../../lib/engine/types';

/** Bug letters, in the order hands and lists show them. */
export const BUGS = ['Q', 'B', 'S', 'G', 'A'] as const;
export type Bug = (typeof BUGS)[number];
export const BUG_NAMES: Record<Bug, string> = { Q: 'Queen', B: 'Beetle', S: 'Spider', G: 'Grasshopper', A: 'Ant' };
/** Seat names (GameBench's: the first player is Blue, the second Green). */
export const SEAT_NAMES = ['Blue', 'Green'] as const;

export const configSchema = z
  .object({
    /** The game ends as a draw once a player has taken this many turns (GameBench: 250). */
    maxTurns: z.number().int().min(4).max(1000).default(250),
    /** Beetles per side: 2 in the standard game, 0 in GameBench's set. */
    beetles: z.number().int().min(0).max(2).default(2),
    /**
     * How the Queen, Spider and Ant move: the standard rules when absent or 'standard'; 'gamebench' plays the checks of
     * GameBench's code (see the header). Grasshoppers and Beetles move the same either way.
     */
    movement: z.enum(['standard', 'gamebench']).optional(),
    /**
     * When a player whose Queen is still in hand must place it: from the fourth turn on until it is placed when absent
     * or 'fromFourthTurn'; 'fourthTurnOnly' is GameBench's code (only on the fourth turn; see the header).
     */
    queenForced: z.enum(['fromFourthTurn', 'fourthTurnOnly']).optional(),
  })
  .strict();
export type HiveConfig = z.infer<typeof configSchema>;

const hexSchema = z.object({ q: z.number().int(), r: z.number().int() }).strict();
export type Hex = z.infer<typeof hexSchema>;

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('place'), bug: z.enum(BUGS), to: hexSchema }).strict(),
  z.object({ type: z.literal('move'), from: hexSchema, to: hexSchema }).strict(),
  z.object({ type: z.literal('pass') }).strict(),
]);
export type HiveAction = z.infer<typeof actionSchema>;

export interface Piece {
  seat: Seat;
  bug: Bug;
}

/** The pieces on one hex, bottom first (more than one only under Beetles). */
export interface Stack {
  q: number;
  r: number;
  pieces: Piece[];
}

export type Hand = Record<Bug, number>;

/** The rules a match plays beyond the defaults (absent: the standard ones), carried by its states and views. */
export interface RuleOptions {
  movement?: 'standard' | 'gamebench';
  queenForced?: 'fromFourthTurn' | 'fourthTurnOnly';
}

/** The rule options of a state, config or view, only the keys set (the defaults' states and views stay unchanged). */
export function ruleOptions(o: RuleOptions): RuleOptions {
  return {
    ...(o.movement ? { movement: o.movement } : {}),
    ...(o.queenForced ? { queenForced: o.queenForced } : {}),
  };
}

export interface HiveState extends RuleOptions {
  maxTurns: number;
  /** Occupied hexes, sorted by r then q. */
  stacks: Stack[];
  /** Pieces not yet placed, per seat. */
  hands: Hand[];
  toMove: Seat;
  /** Turns each seat has taken (passes included). */
  turns: number[];
  last: { seat: Seat; action: HiveAction } | null;
}

/** What every viewer sees (perfect information): the state, and the result once over. */
export interface HiveView extends RuleOptions {
  maxTurns: number;
  stacks: Stack[];
  hands: Hand[];
  /** Seat to move, null when the game is over. */
  toMove: Seat | null;
  turns: number[];
  last: { seat: Seat; action: HiveAction } | null;
  /** Per seat: its Queen's hex (null in hand) and how many of its six neighbours are occupied. */
  queens: { at: Hex | null; occupied: number }[];
  result: string | null;
  winner: Seat | null;
}

// ───────────────────────── Hex geometry (axial, pointy-topped, r downwards) ─────────────────────────

/** The six directions, in order around a hex: neighbours i and i±1 are neighbours of each other too. */
export const DIRECTIONS: readonly { dq: number; dr: number; name: string }[] = [
  { dq: 1, dr: 0, name: 'E' },
  { dq: 1, dr: -1, name: 'NE' },
  { dq: 0, dr: -1, name: 'NW' },
  { dq: -1, dr: 0, name: 'W' },
  { dq: -1, dr: 1, name: 'SW' },
  { dq: 0, dr: 1, name: 'SE' },
];
const SPAN = 1024;
const OFF = 512;
/** A hex as one integer (coordinates stay far within ±500: a game has at most 22 pieces). */
export const keyOf = (q: number, r: number): number => (q + OFF) * SPAN + (r + OFF);
export const hexOfKey = (k: number): Hex => ({ q: Math.floor(k / SPAN) - OFF, r: (k % SPAN) - OFF });
const STEP = DIRECTIONS.map(({ dq, dr }) => dq * SPAN + dr);
export const neighbours = (h: Hex): Hex[] => DIRECTIONS.map(({ dq, dr }) => ({ q: h.q + dq, r: h.r + dr }));
export const hexText = (h: Hex): string => `(${h.q},${h.r})`;
export const sameHex = (a: Hex, b: Hex): boolean => a.q === b.q && a.r === b.r;
export const isAdjacent = (a: Hex, b: Hex): boolean =>
  DIRECTIONS.some(({ dq, dr }) => a.q + dq === b.q && a.r + dr === b.r);

// ───────────────────────── Setup ─────────────────────────

export function startingHand(cfg: HiveConfig): Hand {
  return { Q: 1, B: cfg.beetles, S: 2, G: 3, A: 3 };
}

export function setup(_rng: unknown, cfg: HiveConfig): HiveState {
  return {
    maxTurns: cfg.maxTurns,
    ...ruleOptions(cfg),
    stacks: [],
    hands: [startingHand(cfg), startingHand(cfg)],
    toMove: 0,
    turns: [0, 0],
    last: null,
  };
}

/** A state from a view (perfect information: the view holds all of it), for the engine. */
export function stateOfView(v: HiveView): HiveState {
  return {
    maxTurns: v.maxTurns,
    ...ruleOptions(v),
    stacks: v.stacks,
    hands: v.hands,
    toMove: v.toMove ?? 0,
    turns: v.turns,
    last: v.last,
  };
}

// ───────────────────────── The grid of one position (cached per state object; states are immutable) ─────────────────────────

interface Grid {
  stacks: Map<number, Piece[]>;
  /** Hexes whose piece cannot leave without splitting the hive (for stacks of one piece); computed when first needed. */
  readonly articulation: Set<number>;
  pieceCount: number;
}

const grids = new WeakMap<HiveState, Grid>();

function gridOf(s: HiveState): Grid {
  let g = grids.get(s);
  if (!g) {
    const stacks = new Map<number, Piece[]>();
    let pieceCount = 0;
    for (const st of s.stacks) {
      stacks.set(keyOf(st.q, st.r), st.pieces);
      pieceCount += st.pieces.length;
    }
    let articulation: Set<number> | null = null;
    g = {
      stacks,
      pieceCount,
      get articulation() {
        return (articulation ??= articulationPoints([...stacks.keys()]));
      },
    };
    grids.set(s, g);
  }
  return g;
}

/** Articulation points of the hive's adjacency graph (Tarjan's algorithm, iterative, over indices). */
function articulationPoints(keys: number[]): Set<number> {
  const out = new Set<number>();
  const n = keys.length;
  if (n < 3) return out;
  const index = new Map<number, number>();
  keys.forEach((k, i) => index.set(k, i));
  const adj: number[][] = keys.map((k) => {
    const list: number[] = [];
    for (const d of STEP) {
      const j = index.get(k + d);
      if (j !== undefined) list.push(j);
    }
    return list;
  });
  const disc = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const parent = new Int32Array(n).fill(-1);
  const next = new Int32Array(n);
  let time = 0;
  let rootChildren = 0;
  const stack = [0];
  disc[0] = low[0] = time++;
  while (stack.length) {
    const u = stack[stack.length - 1]!;
    if (next[u]! < adj[u]!.length) {
      const v = adj[u]![next[u]!++]!;
      if (disc[v] === -1) {
        parent[v] = u;
        disc[v] = low[v] = time++;
        if (u === 0) rootChildren++;
        stack.push(v);
      } else if (v !== parent[u]) {
        low[u] = Math.min(low[u]!, disc[v]!);
      }
    } else {
      stack.pop();
      const p = parent[u]!;
      if (p >= 0) {
        low[p] = Math.min(low[p]!, low[u]!);
        if (p !== 0 && low[u]! >= disc[p]!) out.add(keys[p]!);
      }
    }
  }
  if (rootChildren > 1) out.add(keys[0]!);
  return out;
}

const heightAt = (g: Grid, k: number): number => g.stacks.get(k)?.length ?? 0;

/** A slide at ground level from `a` in direction `i`: the target is empty and exactly one hex beside the step is occupied. */
function canSlide(occupied: (k: number) => boolean, a: number, i: number): boolean {
  const b = a + STEP[i]!;
  if (occupied(b)) return false;
  return occupied(a + STEP[(i + 5) % 6]!) !== occupied(a + STEP[(i + 1) % 6]!);
}

/**
 * One step of GameBench's movement (board.py `can_move_piece` and `has_freedom_to_move`) from `a` to its neighbour `b`
 * in direction `i`, for the piece that started on `k` and stands on `a` now (`k` is empty unless `a` is `k`): `b` is
 * empty, neither `a` nor `b` has five or six occupied neighbours (the mover on `a` counted for `b`), and `b` touches
 * the hive without the mover. With `side`, one of the two hexes beside the step must be occupied too (the Spider's
 * `has_common_neighboring_piece`).
 */
function gameBenchStep(g: Grid, k: number, a: number, i: number, side: boolean): boolean {
  const occupied = (x: number) => x === a || (x !== k && g.stacks.has(x));
  const b = a + STEP[i]!;
  if (occupied(b)) return false;
  let aCount = 0;
  let bCount = 0;
  let touches = false;
  for (const d of STEP) {
    if (occupied(a + d)) aCount++;
    if (occupied(b + d)) {
      bCount++;
      if (b + d !== a) touches = true;
    }
  }
  if (aCount >= 5 || bCount >= 5 || !touches) return false;
  return !side || occupied(a + STEP[(i + 5) % 6]!) || occupied(a + STEP[(i + 1) % 6]!);
}

/** GameBench's destinations of the Queen, Spider or Ant on `k` (pieces.py `valid_moves`; one-hive rule checked first). */
function gameBenchDestinations(g: Grid, k: number, bug: 'Q' | 'S' | 'A'): number[] {
  const out: number[] = [];
  if (bug === 'Q') {
    for (let i = 0; i < 6; i++) if (gameBenchStep(g, k, k, i, false)) out.push(k + STEP[i]!);
  } else if (bug === 'A') {
    // Every hex reachable by steps, never through its own start hex (pieces.py: `neighbor_hex != start_hex`).
    out.push(...reachable(k, (a, i) => gameBenchStep(g, k, a, i, false)));
  } else {
    // Exactly three steps, each with a piece beside it, never back on a hex of the path.
    out.push(...threeSteps(k, (a, i) => gameBenchStep(g, k, a, i, true)));
  }
  return out;
}

/** Every hex reachable from `k` by steps `canStep(from, direction)` allows, in the order found; never `k` itself. */
function reachable(k: number, canStep: (a: number, i: number) => boolean): number[] {
  const out: number[] = [];
  const seen = new Set<number>([k]);
  const queue = [k];
  while (queue.length) {
    const a = queue.shift()!;
    for (let i = 0; i < 6; i++) {
      const b = a + STEP[i]!;
      if (seen.has(b) || !canStep(a, i)) continue;
      seen.add(b);
      queue.push(b);
      out.push(b);
    }
  }
  return out;
}

/** The hexes exactly three allowed steps from `k` without coming back onto a hex of the path (the Spider). */
function threeSteps(k: number, canStep: (a: number, i: number) => boolean): number[] {
  const ends = new Set<number>();
  const walk = (a: number, path: number[], left: number) => {
    if (left === 0) {
      ends.add(a);
      return;
    }
    for (let i = 0; i < 6; i++) {
      const b = a + STEP[i]!;
      if (path.includes(b) || !canStep(a, i)) continue;
      path.push(b);
      walk(b, path, left - 1);
      path.pop();
    }
  };
  walk(k, [k], 3);
  return [...ends];
}

/** Where the piece on top of hex `k` may go (empty when it is pinned, covered or cannot move). */
function destinations(g: Grid, k: number, movement: HiveState['movement']): number[] {
  const pieces = g.stacks.get(k);
  if (!pieces) return [];
  const piece = pieces[pieces.length - 1]!;
  const height = pieces.length;
  if (height === 1 && g.articulation.has(k)) return []; // one-hive rule: the rest would fall apart
  if (movement === 'gamebench' && (piece.bug === 'Q' || piece.bug === 'S' || piece.bug === 'A'))
    return gameBenchDestinations(g, k, piece.bug);
  // The hive with this piece lifted off its hex.
  const occupied = (x: number) => (x !== k ? g.stacks.has(x) : height > 1);
  const out: number[] = [];
  switch (piece.bug) {
    case 'Q':
      for (let i = 0; i < 6; i++) if (canSlide(occupied, k, i)) out.push(k + STEP[i]!);
      break;
    case 'B': {
      const src = height - 1;
      for (let i = 0; i < 6; i++) {
        const b = k + STEP[i]!;
        const dst = heightAt(g, b);
        if (src === 0 && dst === 0) {
          if (canSlide(occupied, k, i)) out.push(b);
          continue;
        }
        const left = heightAt(g, k + STEP[(i + 5) % 6]!);
        const right = heightAt(g, k + STEP[(i + 1) % 6]!);
        if (Math.min(left, right) <= Math.max(src, dst)) out.push(b);
      }
      break;
    }
    case 'G':
      for (let i = 0; i < 6; i++) {
        let b = k + STEP[i]!;
        if (!g.stacks.has(b)) continue;
        while (g.stacks.has(b)) b += STEP[i]!;
        out.push(b);
      }
      break;
    case 'A':
      out.push(...reachable(k, (a, i) => canSlide(occupied, a, i)));
      break;
    case 'S':
      out.push(...threeSteps(k, (a, i) => canSlide(occupied, a, i)));
      break;
  }
  return out;
}

/** Empty hexes where `seat` may place a piece now (ignoring what is in hand). */
function placementHexes(g: Grid, seat: Seat): number[] {
  if (g.pieceCount === 0) return [keyOf(0, 0)];
  const candidates = new Set<number>();
  for (const k of g.stacks.keys()) for (const d of STEP) if (!g.stacks.has(k + d)) candidates.add(k + d);
  if (g.pieceCount === 1) return [...candidates].sort((a, b) => a - b);
  const out: number[] = [];
  for (const c of candidates) {
    let own = false;
    let enemy = false;
    for (const d of STEP) {
      const st = g.stacks.get(c + d);
      if (!st) continue;
      if (st[st.length - 1]!.seat === seat) own = true;
      else enemy = true;
    }
    if (own && !enemy) out.push(c);
  }
  return out.sort((a, b) => a - b);
}

// ───────────────────────── Legal actions (cached per state object) ─────────────────────────

const actionKey = (a: HiveAction): string =>
  a.type === 'place'
    ? `p${a.bug}${a.to.q},${a.to.r}`
    : a.type === 'move'
      ? `m${a.from.q},${a.from.r}>${a.to.q},${a.to.r}`
      : 'pass';

interface Legal {
  actions: HiveAction[];
  keys: Set<string>;
}
const legalCache = new WeakMap<HiveState, Legal>();

/** The Queen must be placed now: from the fourth turn on (GameBench's code: on the fourth turn only). */
const queenDue = (s: HiveState, seat: Seat) =>
  s.hands[seat]!.Q > 0 && (s.queenForced === 'fourthTurnOnly' ? s.turns[seat] === 3 : s.turns[seat]! >= 3);

function computeLegal(s: HiveState): Legal {
  const seat = s.toMove;
  const g = gridOf(s);
  const actions: HiveAction[] = [];
  const hand = s.hands[seat]!;
  const bugs = queenDue(s, seat) ? (['Q'] as Bug[]) : BUGS.filter((b) => hand[b] > 0);
  if (bugs.length) {
    const hexes = placementHexes(g, seat).map(hexOfKey);
    for (const bug of bugs) for (const to of hexes) actions.push({ type: 'place', bug, to });
  }
  if (hand.Q === 0) {
    const own = [...g.stacks.keys()].filter((k) => g.stacks.get(k)!.at(-1)!.seat === seat).sort((a, b) => a - b);
    for (const k of own) {
      const from = hexOfKey(k);
      for (const d of destinations(g, k, s.movement).sort((a, b) => a - b))
        actions.push({ type: 'move', from, to: hexOfKey(d) });
    }
  }
  if (actions.length === 0) actions.push({ type: 'pass' });
  return { actions, keys: new Set(actions.map(actionKey)) };
}

function legalOf(s: HiveState): Legal {
  let l = legalCache.get(s);
  if (!l) {
    l = computeLegal(s);
    legalCache.set(s, l);
  }
  return l;
}

export function activeSeats(s: HiveState): Seat[] {
  return outcome(s) ? [] : [s.toMove];
}

/** Every legal action of the seat to move ([] for anyone else): placements, then moves, or a lone pass. */
export function legalActions(s: HiveState, seat: Seat): HiveAction[] {
  if (!activeSeats(s).includes(seat)) return [];
  return legalOf(s).actions.slice();
}

/** The destinations of the piece on `from` for the seat to move, for boards and explanations. */
export function destinationsFrom(s: HiveState, from: Hex): Hex[] {
  return legalOf(s).actions.flatMap((a) => (a.type === 'move' && sameHex(a.from, from) ? [a.to] : []));
}

export function topAt(s: HiveState, h: Hex): Piece | null {
  return gridOf(s).stacks.get(keyOf(h.q, h.r))?.at(-1) ?? null;
}

/** "a" or "an" before a bug's name. */
export const article = (bug: Bug): string => (bug === 'A' ? 'an' : 'a');

const list = (hexes: Hex[]) => hexes.map(hexText).join(', ');

/** Why the seat's action is illegal, in words a player can act on; null when it is legal. */
export function reject(s: HiveState, seat: Seat, a: HiveAction): string | null {
  const legal = legalOf(s);
  if (legal.keys.has(actionKey(a))) return null;
  const g = gridOf(s);
  const hand = s.hands[seat]!;
  if (a.type === 'pass') return 'you may pass only when you have no legal move; you have legal moves';
  if (legal.actions.length === 1 && legal.actions[0]!.type === 'pass') return 'you have no legal move: answer "pass"';
  if (a.type === 'place') {
    const name = BUG_NAMES[a.bug] ?? a.bug;
    if (queenDue(s, seat) && a.bug !== 'Q')
      return 'this is your fourth turn and your Queen is not on the board: you must place your Queen now';
    if (!(hand[a.bug] > 0)) return `you have no ${name} left to place`;
    const k = keyOf(a.to.q, a.to.r);
    if (g.stacks.has(k)) return `${hexText(a.to)} is occupied: pieces are placed on empty hexes only`;
    if (g.pieceCount === 0) return 'the first piece of the game goes at (0,0)';
    const touches = STEP.map((d) => g.stacks.get(k + d)).filter((st): st is Piece[] => !!st);
    if (g.pieceCount === 1) return `the second piece of the game must touch the first one, at ${hexText(s.stacks[0]!)}`;
    if (!touches.length) return `${hexText(a.to)} does not touch the hive: place next to one of your own pieces`;
    if (touches.some((st) => st.at(-1)!.seat !== seat))
      return `${hexText(a.to)} touches a ${seatName(SEAT_NAMES, 1 - seat)} piece: a new piece may touch only your own pieces`;
    return `${hexText(a.to)} is not a legal place for a new piece`;
  }
  // A move.
  if (hand.Q > 0) return 'you cannot move pieces before your Queen is placed; place a piece instead';
  const from = g.stacks.get(keyOf(a.from.q, a.from.r));
  if (!from) return `there is no piece at ${hexText(a.from)}`;
  const top = from.at(-1)!;
  if (top.seat !== seat)
    return `the piece on top at ${hexText(a.from)} is ${seatName(SEAT_NAMES, top.seat)}'s ${BUG_NAMES[top.bug]}, not yours`;
  const name = `your ${BUG_NAMES[top.bug]} at ${hexText(a.from)}`;
  if (sameHex(a.from, a.to)) return `${name} must move to another hex`;
  const dests = destinationsFrom(s, a.from);
  if (!dests.length) {
    if (from.length === 1 && g.articulation.has(keyOf(a.from.q, a.from.r)))
      return `${name} cannot move: taking it away would split the hive in two (one-hive rule)`;
    return `${name} has no legal move now (it cannot slide out: freedom to move)`;
  }
  const can = `; it can go to ${list(dests)}`;
  const to = keyOf(a.to.q, a.to.r);
  if (top.bug !== 'B' && g.stacks.has(to))
    return `${hexText(a.to)} is occupied: only a Beetle may climb onto another piece${can}`;
  if (s.movement === 'gamebench' && (top.bug === 'Q' || top.bug === 'S' || top.bug === 'A')) {
    const steps = {
      Q: 'one step',
      S: 'exactly three steps, never back on a hex of its path',
      A: 'any number of steps',
    };
    return `${name} cannot get to ${hexText(a.to)}: under GameBench's movement rule it moves ${steps[top.bug]}, each to a neighbouring empty hex that touches the hive, never from a hex with five or six occupied neighbours nor into one with five or six counting itself${top.bug === 'S' ? ' (each step with a piece beside it)' : ''}${can}`;
  }
  switch (top.bug) {
    case 'Q':
      return `${isAdjacent(a.from, a.to) ? `${name} cannot slide to ${hexText(a.to)}: the gap is too narrow or it would leave the hive (freedom to move)` : `the Queen moves one hex only`}${can}`;
    case 'B':
      return `${isAdjacent(a.from, a.to) ? `${name} cannot get to ${hexText(a.to)}: two higher stacks block the way or it would leave the hive` : 'the Beetle moves one hex only'}${can}`;
    case 'G':
      return `the Grasshopper jumps in a straight line over at least one piece to the first empty hex; ${hexText(a.to)} is not such a landing${can}`;
    case 'S':
      return `the Spider slides exactly three hexes around the hive without going back; it cannot end on ${hexText(a.to)}${can}`;
    case 'A':
      return `the Ant cannot slide around the hive to ${hexText(a.to)} (freedom to move)${can}`;
  }
}

/** Plays an action `reject` accepted. */
export function apply(s: HiveState, seat: Seat, a: HiveAction): HiveState {
  let stacks = s.stacks;
  let hands = s.hands;
  if (a.type === 'place') {
    stacks = [...stacks, { q: a.to.q, r: a.to.r, pieces: [{ seat, bug: a.bug }] }];
    hands = hands.map((h, i) => (i === seat ? { ...h, [a.bug]: h[a.bug] - 1 } : h));
  } else if (a.type === 'move') {
    const src = stacks.find((st) => st.q === a.from.q && st.r === a.from.r)!;
    const piece = src.pieces.at(-1)!;
    const dst = stacks.find((st) => st.q === a.to.q && st.r === a.to.r);
    stacks = stacks.flatMap((st) => {
      if (st === src) return st.pieces.length > 1 ? [{ ...st, pieces: st.pieces.slice(0, -1) }] : [];
      if (st === dst) return [{ ...st, pieces: [...st.pieces, piece] }];
      return [st];
    });
    if (!dst) stacks.push({ q: a.to.q, r: a.to.r, pieces: [piece] });
  }
  stacks = stacks.slice().sort((x, y) => x.r - y.r || x.q - y.q);
  return {
    maxTurns: s.maxTurns,
    ...ruleOptions(s),
    stacks,
    hands,
    toMove: 1 - seat,
    turns: s.turns.map((t, i) => (i === seat ? t + 1 : t)),
    last: { seat, action: a },
  };
}

// ───────────────────────── Outcome, views, log ─────────────────────────

/** A seat's Queen: its hex (null while in hand) and how many of its neighbours are occupied. */
export function queenOf(s: HiveState, seat: Seat): { at: Hex | null; occupied: number } {
  const g = gridOf(s);
  for (const st of s.stacks) {
    if (st.pieces.some((p) => p.seat === seat && p.bug === 'Q')) {
      const k = keyOf(st.q, st.r);
      return { at: { q: st.q, r: st.r }, occupied: STEP.filter((d) => g.stacks.has(k + d)).length };
    }
  }
  return { at: null, occupied: 0 };
}

const outcomes = new WeakMap<HiveState, Outcome | null>();

export function outcome(s: HiveState): Outcome | null {
  let o = outcomes.get(s);
  if (o === undefined) {
    o = computeOutcome(s);
    outcomes.set(s, o);
  }
  return o && { ...o, scores: o.scores.slice() };
}

function computeOutcome(s: HiveState): Outcome | null {
  const surrounded = [0, 1].map((seat) => queenOf(s, seat).occupied === 6);
  if (surrounded[0] && surrounded[1])
    return { scores: [0.5, 0.5], winner: null, reason: 'Both Queens are surrounded at once: a draw' };
  for (const loser of [0, 1]) {
    if (!surrounded[loser]) continue;
    const winner = 1 - loser;
    return {
      scores: [0, 1].map((seat) => (seat === winner ? 1 : 0)),
      winner,
      reason: `${seatName(SEAT_NAMES, loser)}'s Queen is surrounded: ${seatName(SEAT_NAMES, winner)} wins`,
      summary: `${seatName(SEAT_NAMES, winner)} wins`,
    };
  }
  if (Math.max(...s.turns) >= s.maxTurns) {
    return {
      scores: [0.5, 0.5],
      winner: null,
      reason: `${s.maxTurns} turns are over and no Queen is surrounded: a draw`,
    };
  }
  return null;
}

const copyAction = (a: HiveAction): HiveAction =>
  a.type === 'place'
    ? { type: 'place', bug: a.bug, to: { ...a.to } }
    : a.type === 'move'
      ? { type: 'move', from: { ...a.from }, to: { ...a.to } }
      : { type: 'pass' };

export function view(s: HiveState, _v?: Viewer): HiveView {
  const result = outcome(s);
  return {
    maxTurns: s.maxTurns,
    ...ruleOptions(s),
    stacks: s.stacks.map((st) => ({ q: st.q, r: st.r, pieces: st.pieces.map((p) => ({ ...p })) })),
    hands: s.hands.map((h) => ({ ...h })),
    toMove: result ? null : s.toMove,
    turns: s.turns.slice(),
    last: s.last ? { seat: s.last.seat, action: copyAction(s.last.action) } : null,
    queens: [0, 1].map((seat) => queenOf(s, seat)),
    result: result?.reason ?? null,
    winner: result ? (result.winner ?? null) : null,
  };
}

export function describe(prev: HiveState, next: HiveState, seat: Seat, a: HiveAction): LogLine[] {
  const who = seatName(SEAT_NAMES, seat);
  if (a.type === 'pass') return [{ text: `${who} passes (no legal move)` }];
  if (a.type === 'place') return [{ text: `${who} places ${article(a.bug)} ${BUG_NAMES[a.bug]} at ${hexText(a.to)}` }];
  const piece = topAt(prev, a.from)!;
  const under = topAt(prev, a.to);
  const onto = under ? ` onto ${seatName(SEAT_NAMES, under.seat)}'s ${BUG_NAMES[under.bug]}` : '';
  const text = `${who} moves the ${BUG_NAMES[piece.bug]} from ${hexText(a.from)} to ${hexText(a.to)}${onto}`;
  const q = queenOf(next, 1 - seat);
  return [
    {
      text:
        q.at && q.occupied >= 5 && q.occupied < 6
          ? `${text} (${seatName(SEAT_NAMES, 1 - seat)}'s Queen has ${q.occupied} of 6 neighbours occupied)`
          : text,
    },
  ];
}

/** How many of the seat's pieces on top of the board are free to leave their hex (not pinned by the one-hive rule). */
export function freePieces(s: HiveState, seat: Seat): number {
  const g = gridOf(s);
  let n = 0;
  for (const [k, pieces] of g.stacks)
    if (pieces.at(-1)!.seat === seat && (pieces.length > 1 || !g.articulation.has(k))) n++;
  return n;
}
