// Hive as GameBench's own code shows a turn to its agents (issue 38, items 1–2; lib/engine/gamebench-turn.ts): its
// `Rules`, its observation text and its two-step menu — first a bug to place or a piece to move, then where — read by
// GameBench's agent (lib/agents/gamebench-gpt.ts) and chosen from by GameBench's random baseline under the `gamebench`
// preset (lib/engine/gamebench-random.ts). Line numbers are of Joshuaclymer/GameBench's games/hive/{config,game,board,
// pieces}.py at the mirrored HEAD.
//
// Exactly as their code:
// - Rules (config.py lines 10–21): the title, the summary and the eight `additional_details` headings and texts, word
//   for word, including "…after 250 turns.If no Queen Bee…" (two strings joined without a space, line 19; the turn count
//   is the config's `maxTurns`, 250 under the preset, as theirs is MAX_TURNS).
// - Observation (game.py lines 72–102): `get_observation` wraps the Observation that `generate_observation` returns in a
//   second Observation (line 88: `Observation(observation)`), so the text the agent reads is the inner dataclass's repr
//   — `Observation(text='Blue to move. Surround the enemy Queen. You have 250 left.', image=<PIL.PngImagePlugin
//   .PngImageFile image mode=RGBA size=512x512 at 0x…>)` — and the outer image is None: agents/gpt.py (line 77) never
//   sends the board drawing, and no board text is built (image_mode is True, line 20; the text board of line 101 would
//   call a `text_representation` the visualizer does not have, board.py line 171). GameBench's models played Hive
//   from this line and the menu's coordinates only. The one thing not reproducible is the image object's memory address
//   (a new one every turn of every run): here a fixed one, IMAGE_ADDRESS. "left" counts MAX_TURNS − max(turn_count)
//   (line 98), the seat is named Blue or Green (line 99).
// - First menu (game.py lines 149–177, `list_actionable_pieces`): `list_place_<Type>` "Place the <Type> piece." for each
//   bug type in hand with somewhere to go, in the order of their starting pieces (Queen, Spider, Hopper, Ant, lines
//   60–70; a Beetle, which GameBench's set has not, after them), then, once the Queen is placed, `list_move_<Type>_(x,y)`
//   "Move the <Type> piece." for each piece with a move; with neither, {"pass": "Pass the turn."} (lines 85–86). Type
//   names are GameBench's: Queen, Spider, Hopper (the Grasshopper), Ant (and Beetle, pieces.py line 301).
// - Second menu (the dict `update` returns for a `list_…` id, lines 112–145 and 218–239; asked in a second take_action
//   with the same rules and observation and "Choose a move:", lines 285–288): `place_(x,y)_<Type>` with an empty
//   description, or `move_(x,y)_(x,y)` "Move the piece to (x,y)".
// - Coordinates: GameBench's odd-r offset coordinates (board.py `Hex`, `__str__` "(x,y)"), converted from the arena's
//   axial (q, r) as x = q + (r − (r & 1)) / 2, y = r (the inverse of the conversion its rules.ts header's cross-check
//   used). GameBench's six directions (board.py lines 94–95) are, in axial terms, the arena's DIRECTIONS in the same
//   order (E, NE, NW, W, SW, SE).
// - The ids lead to exactly the arena's legal actions: the menus are built from them (under the preset they are
//   GameBench's own, rules.ts header), so every legal move is reachable and every id is legal.
//
// Where it differs, and why:
// - Order of the pieces to move and of some destinations. GameBench lists the pieces on the board (line 170) and the
//   hexes to place on (lines 131–145: each occupied hex's empty neighbours, by direction) in the insertion order of
//   its board dict, which its own move checks keep reshuffling (board.py lines 255–263 and 281–284 delete and re-add
//   hexes; pieces.py lines 78–95 and 174–194 too), and a Spider's or an Ant's destinations in the iteration order of a
//   Python set (pieces.py lines 97 and 196). Neither follows from a position; here the board's hexes go in row order
//   (y, then x: the arena's own order of its stacks), placements are found the same way over that order, and a
//   Spider's or an Ant's destinations are in row order. The Queen's, a Hopper's and a Beetle's destinations are in
//   GameBench's direction order, as its code lists them (pieces.py lines 31–34, 121–125). The ids and their
//   descriptions are GameBench's in every position; only the order of the list may differ.
// - An id not on the menu. GameBench replaces it at once by a random id of the same menu (lines 277–280, 293–295);
//   here it is `{ error }`, and the arena's agent (its tries) or its fallback decides.
// - A pass is offered exactly when the arena's only legal action is the pass (GameBench: when the first menu is empty,
//   which under the preset is the same positions); `pass` resolves to it.
import type { GameBenchAction, GameBenchChoice, GameBenchTurn } from '../../lib/engine/gamebench-turn';
import type { Seat } from '../../lib/engine/types';
import {
  DIRECTIONS,
  configSchema,
  legalActions,
  stateOfView,
  type Bug,
  type Hex,
  type HiveAction,
  type HiveConfig,
  type HiveView,
} from './rules';

/** GameBench's piece type names (pieces.py: `QueenBee` "Queen", `Spider`, `Grasshopper` "Hopper", `SoldierAnt` "Ant"). */
export const GAMEBENCH_TYPES: Record<Bug, string> = { Q: 'Queen', S: 'Spider', G: 'Hopper', A: 'Ant', B: 'Beetle' };
/** The order of a hand's types in GameBench's `pieces_remaining` (game.py lines 60–70); Beetles are not in its set. */
const TYPE_ORDER: readonly Bug[] = ['Q', 'S', 'G', 'A', 'B'];

export const GAMEBENCH_TITLE = 'Hive';
/** config.py line 11. */
export const GAMEBENCH_SUMMARY =
  "Hive is a bug-themed abstract strategy game. The object of Hive is to capture the opponent's queen bee by allowing it to become completely surrounded by pieces belonging to either player, while avoiding the capture of one's own queen. Tiles can be moved to other positions after being placed according to various rules, much like chess pieces.";

/** config.py lines 12–19, in their order; the turn cap as str(MAX_TURNS). */
export function gamebenchDetails(maxTurns: number): [string, string][] {
  return [
    [
      'Placing the Queen Bee',
      'Players must place their Queen Bee by their fourth turn. Until then, they cannot move any placed pieces.',
    ],
    ['Queen Bee Movement', 'The Queen Bee can only move one space at a time around the hive.'],
    ['Spider Movement', 'The Spider can move exactly three spaces.'],
    [
      'Ant Movement',
      'Able to move to any empty space around the hive as long as other movement rules are not violated.',
    ],
    ['Grasshopper Movement', 'The Grasshopper can jump over over adjacent pieces, landing on the first empty space.'],
    [
      'One Hive Rule',
      'The tiles must always be connected; you cannot move a piece if it would break the hive into separate groups.',
    ],
    [
      'Freedom to Move',
      'A piece can only move if it can physically slide to its new position without disturbing other tiles.',
    ],
    [
      'Max Turns',
      `The game ends after ${maxTurns} turns.If no Queen Bee is surrounded by the end of the game, the game is a draw.`,
    ],
  ];
}

/** game.py lines 86, 88, 286: the menus' instructions and the pass. */
export const GAMEBENCH_INSTRUCTIONS = 'Choose a move:';
export const GAMEBENCH_PASS: GameBenchAction = { id: 'pass', description: 'Pass the turn.' };

/**
 * The memory address in the repr of the board drawing (a PIL PngImageFile), which differs on every turn of every run of
 * their code: a fixed one here (the one of the first turn of `random.seed(1)` in one run).
 */
export const IMAGE_ADDRESS = '0x7FA19A4A5090';

/** game.py lines 98–99 and 88: the observation text an agent reads (the repr of the inner Observation). */
export function gamebenchObservation(seat: Seat, turns: readonly number[], maxTurns: number): string {
  const remaining = maxTurns - Math.max(...turns);
  const text = `${seat === 1 ? 'Green' : 'Blue'} to move. Surround the enemy Queen. You have ${remaining} left.`;
  // Python's repr of a str without quotes or backslashes in it: single quotes around it.
  return `Observation(text='${text}', image=<PIL.PngImagePlugin.PngImageFile image mode=RGBA size=512x512 at ${IMAGE_ADDRESS}>)`;
}

/** GameBench's odd-r offset coordinates of an axial hex (board.py `Hex`). */
export const offsetOf = (h: Hex): { x: number; y: number } => ({ x: h.q + (h.r - (h.r & 1)) / 2, y: h.r });
/** board.py `Hex.__str__`: "(x,y)". */
export const gamebenchHex = (h: Hex): string => {
  const { x, y } = offsetOf(h);
  return `(${x},${y})`;
};
/** Row order: y, then x (for axial hexes: r, then q). */
const byRow = (a: Hex, b: Hex): number => a.r - b.r || a.q - b.q;
const hexKey = (h: Hex): string => `${h.q},${h.r}`;

/** Which of the six straight lines from `from` holds `to` (GameBench's direction index), or 6. */
function directionOf(from: Hex, to: Hex): number {
  const dq = to.q - from.q;
  const dr = to.r - from.r;
  const i = DIRECTIONS.findIndex((d) => {
    const k = d.dq !== 0 ? dq / d.dq : dr / d.dr;
    return k > 0 && Number.isInteger(k) && dq === k * d.dq && dr === k * d.dr;
  });
  return i < 0 ? 6 : i;
}

type PlaceAction = Extract<HiveAction, { type: 'place' }>;
type MoveAction = Extract<HiveAction, { type: 'move' }>;
type Entry = { id: string; description: string | null; action: HiveAction };

/** The turn as GameBench's code shows it to `seat`: the first menu, whose ids lead to the second. */
export function hiveGamebench(view: HiveView, seat: Seat, legal: HiveAction[] | null, config: unknown): GameBenchTurn {
  const cfg: HiveConfig = configSchema.parse(config ?? {});
  const actions = legal ?? (view.toMove === seat ? legalActions(stateOfView(view), seat) : []);
  const occupied = [...view.stacks].sort(byRow);
  const topOf = new Map(occupied.map((s) => [hexKey(s), s.pieces[s.pieces.length - 1]!]));
  const base = {
    source: 'gamebench' as const,
    title: GAMEBENCH_TITLE,
    summary: GAMEBENCH_SUMMARY,
    details: gamebenchDetails(cfg.maxTurns),
    observation: gamebenchObservation(seat, view.turns, view.maxTurns),
    instructions: GAMEBENCH_INSTRUCTIONS,
    openended: [],
  };
  const menu = (entries: readonly Entry[]): GameBenchTurn => ({
    ...base,
    predefined: entries.map(({ id, description }) => ({ id, description })),
    resolve: (id): GameBenchChoice => {
      const e = entries.find((x) => x.id === id);
      return e ? { action: e.action } : { error: `${id} is not one of the actions offered` };
    },
  });

  // Second menus: the placements of each bug (game.py lines 131–145: each occupied hex's empty neighbours in direction
  // order, first occurrence), the moves of each piece.
  const places = new Map<Bug, PlaceAction[]>();
  const moves = new Map<string, MoveAction[]>();
  let pass: HiveAction | null = null;
  for (const a of actions) {
    if (a.type === 'place') places.set(a.bug, [...(places.get(a.bug) ?? []), a]);
    else if (a.type === 'move') moves.set(hexKey(a.from), [...(moves.get(hexKey(a.from)) ?? []), a]);
    else pass = a;
  }
  const candidates: string[] = [];
  for (const h of occupied)
    for (const d of DIRECTIONS) {
      const k = hexKey({ q: h.q + d.dq, r: h.r + d.dr });
      if (!topOf.has(k) && !candidates.includes(k)) candidates.push(k);
    }
  const rank = (k: string) => {
    const i = candidates.indexOf(k);
    return i < 0 ? candidates.length : i;
  };

  const first: { id: string; description: string | null; resolve: () => GameBenchChoice }[] = [];
  for (const bug of TYPE_ORDER) {
    const list = places.get(bug);
    if (!list) continue;
    const type = GAMEBENCH_TYPES[bug];
    const second = [...list]
      .sort((a, b) => rank(hexKey(a.to)) - rank(hexKey(b.to)))
      .map((a) => ({ id: `place_${gamebenchHex(a.to)}_${type}`, description: '', action: a }));
    first.push({
      id: `list_place_${type}`,
      description: `Place the ${type} piece.`,
      resolve: () => ({ next: menu(second) }),
    });
  }
  for (const h of occupied) {
    const list = moves.get(hexKey(h));
    if (!list) continue;
    const bug = topOf.get(hexKey(h))!.bug;
    const type = GAMEBENCH_TYPES[bug];
    const ordered = [...list].sort((a, b) =>
      // The Queen, a Hopper and a Beetle list their moves by direction (pieces.py); a Spider and an Ant by a set.
      bug === 'S' || bug === 'A' ? byRow(a.to, b.to) : directionOf(h, a.to) - directionOf(h, b.to) || byRow(a.to, b.to),
    );
    const second = ordered.map((a) => {
      const to = gamebenchHex(a.to);
      return { id: `move_${gamebenchHex(h)}_${to}`, description: `Move the piece to ${to}`, action: a };
    });
    first.push({
      id: `list_move_${type}_${gamebenchHex(h)}`,
      description: `Move the ${type} piece.`,
      resolve: () => ({ next: menu(second) }),
    });
  }
  const passAction = pass;
  if (!first.length && passAction) first.push({ ...GAMEBENCH_PASS, resolve: () => ({ action: passAction }) });

  return {
    ...base,
    predefined: first.map(({ id, description }) => ({ id, description })),
    resolve: (id) => first.find((x) => x.id === id)?.resolve() ?? { error: `${id} is not one of the actions offered` },
  };
}
