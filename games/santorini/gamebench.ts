// Santorini's turn as GameBench's own code shows it to its agents (issue 38, items 1–2): games/santorini/santorini.py
// of Joshuaclymer/GameBench (HEAD) on santorinai 1.3.3 (Tomansion/SantorinAI ba20832, santorinai/board.py), its
// `Rules` (l. 34-38), `get_general_observation` (l. 152-160) and the menus of `get_pawn_placement_observation`
// (l. 233-253) and `get_move_build_observation` (l. 196-231), word for word, made from the seat's view (the game has
// no hidden information). GameBench's agent (lib/agents/gamebench-gpt.ts) reads it, and so does GameBench's random
// baseline (lib/engine/gamebench-random.ts). Checked against their code run on the same positions (gamebench.test.ts).
//
// What is GameBench's, exactly:
//  - Rules: the title, the summary (the arena's GAMEBENCH_RULES, the same text), and `additional_details=None`: no
//    topics, so no headings line (the arena's own topics, its coordinates and strategy hints, are not shown).
//  - The observation (l. 159): "Player 1|2, it is your turn. You control two pawns, represented as the letters A and
//    B …" and the board as `board_string_for_agent` writes it (l. 98-109): five rows, top row first, each square its
//    level then its pawn letter or ".", each followed by a space, rows joined by newlines. GameBench's (x, y) is
//    santorinai's (row, column) from the top-left: the arena's square `c4` is (1, 2); pawns A, X, B, Y are
//    santorinai's numbers 1-4 (`pawn_letter`, l. 58-65), owned as the arena's (A and B Player 1's). Shown in the
//    placement phase too, as GameBench does; no last move, no labels, no hints.
//  - Placement (l. 241-251): the instructions naming the pawn; one id per free square that is not a dome, "(r, c)" in
//    row-major order, described "Place pawn B at (r, c).". The same squares as the arena's legal placements.
//  - A turn (l. 213-229): the instructions naming the pawn; one id per (move, build) pair in santorinai's order (moves
//    by row offset then column offset, -1 to 1, builds the same way around the moved pawn; board.py l. 237-249,
//    270-278, 296-303), "Move <dir>, build <dir>" with the compass names of `DIRECTION_NAME_MATRIX` (north = up the
//    board, the arena's higher rank), described as GameBench writes it, with its slip kept: "Move pawn A from (1, 2)
//    to ((0, 1), (0, 0)) and then build a block on (0, 0)." (`to {play}` prints the (move, build) pair, l. 228).
//
// Where the two lists differ: a winning move (onto level 3) is one arena action with no build ("Move A to b4"), as
// santorinai's `play_move` builds nothing after it (board.py l. 396-399); GameBench's menu still lists it once per
// square it could build on ("Move west, build north", "Move west, build east", …), every one of those ids resolving to
// the arena's single winning move. So every legal move has at least one id and every id one legal move, but under
// GameBench's random agent a winning move is as likely as the builds it lists, not one among the legal moves.
import type { GameBenchAction, GameBenchTurn } from '../../lib/engine/gamebench-turn';
import type { Seat } from '../../lib/engine/types';
import { GAMEBENCH_RULES } from './prompt';
import {
  DOME,
  FILES,
  PAWNS,
  SIZE,
  WIN_LEVEL,
  ownerOf,
  type Pawn,
  type SantoriniAction,
  type SantoriniConfig,
  type SantoriniView,
  type Square,
} from './rules';

/** santorini.py l. 34-38: GameBench's `Rules`, verbatim (additional_details None). */
export const GAMEBENCH_TITLE = 'Santorini';
export const GAMEBENCH_SUMMARY = GAMEBENCH_RULES;

/** santorini.py l. 45-49. */
const DIRECTION_NAME_MATRIX = [
  ['northwest', 'north', 'northeast'],
  ['west', null, 'east'],
  ['southwest', 'south', 'southeast'],
] as const;

type RC = readonly [number, number];
/** santorinai's (row, column) of an arena square: `c4` → (1, 2). */
const rcOf = (sq: Square): RC => [SIZE - Number(sq[1]), FILES.indexOf(sq[0]!)];
const squareOf = ([r, c]: RC): Square => `${FILES[c]}${SIZE - r}`;
/** Python's `str((r, c))`. */
const tuple = ([r, c]: RC): string => `(${r}, ${c})`;
const direction = (from: RC, to: RC): string => DIRECTION_NAME_MATRIX[to[0] - from[0] + 1]![to[1] - from[1] + 1]!;

/** The letters of the seat's pawns in santorinai's pawn order (numbers 1-4 are A, X, B, Y): A, B or X, Y. */
const lettersOf = (seat: Seat): Pawn[] => PAWNS.filter((p) => ownerOf(p) === seat);

/** `get_general_observation`'s text (santorini.py l. 152-160) for `seat`. */
export function gamebenchObservation(view: SantoriniView, seat: Seat): string {
  const letters: string[][] = view.levels.map((row) => row.map(() => '.'));
  for (const p of PAWNS) {
    const at = view.pawns[p];
    if (at !== null) {
      const [r, c] = rcOf(at);
      letters[r]![c] = p;
    }
  }
  const board = view.levels.map((row, r) => row.map((level, c) => `${level}${letters[r]![c]} `).join('')).join('\n');
  const own = lettersOf(seat);
  const theirs = lettersOf(1 - seat);
  return `Player ${seat + 1}, it is your turn. You control two pawns, represented as the letters ${own[0]} and ${own[1]}, and your opponent controls pawns ${theirs[0]} and ${theirs[1]}. Each non-occupied square is represented as a digit corresponding to what level it is, from 0 to 4. Here is the board:\n\n${board}`;
}

interface Entry extends GameBenchAction {
  action: SantoriniAction;
}

/** The menu entries GameBench's code lists for the turn's pawn, each with the arena's action. */
function entries(view: SantoriniView, pawn: Pawn): { instructions: string; menu: Entry[] } {
  const level = ([r, c]: RC) => view.levels[r]![c]!;
  const occupied = ([r, c]: RC, ignore: Pawn | null = null) =>
    PAWNS.some((p) => p !== ignore && view.pawns[p] !== null && rcOf(view.pawns[p]!).join() === `${r},${c}`);
  const inside = ([r, c]: RC) => r >= 0 && r < SIZE && c >= 0 && c < SIZE;
  const around = (at: RC): RC[] => {
    const out: RC[] = [];
    for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) if (dr || dc) out.push([at[0] + dr, at[1] + dc]);
    return out.filter(inside);
  };
  const at = view.pawns[pawn];
  if (at === null) {
    // get_pawn_placement_observation, l. 241-251 (board.py l. 230-235: every square not a dome nor occupied).
    const menu: Entry[] = [];
    for (let r = 0; r < SIZE; r++)
      for (let c = 0; c < SIZE; c++) {
        const sq: RC = [r, c];
        if (level(sq) !== DOME && !occupied(sq))
          menu.push({
            id: tuple(sq),
            description: `Place pawn ${pawn} at ${tuple(sq)}.`,
            action: { type: 'place', pawn, at: squareOf(sq) },
          });
      }
    return {
      instructions: `You are in the "initial pawn placement" phase of the game. Decide where you want to place pawn ${pawn}.`,
      menu,
    };
  }
  // get_move_build_observation, l. 213-229, on board.py's get_possible_movement_and_building_positions.
  const from = rcOf(at);
  const menu: Entry[] = [];
  for (const move of around(from)) {
    // is_move_possible (board.py l. 74-119): not a dome, at most one level up, no pawn on it.
    if (level(move) === DOME || level(move) - level(from) > 1 || occupied(move)) continue;
    for (const build of around(move)) {
      // is_build_possible (l. 166-204) with the pawn moved: not a dome, no pawn on it (the square left is free).
      if (level(build) === DOME || occupied(build, pawn) || build.join() === move.join()) continue;
      menu.push({
        id: `Move ${direction(from, move)}, build ${direction(move, build)}`,
        description: `Move pawn ${pawn} from ${tuple(from)} to (${tuple(move)}, ${tuple(build)}) and then build a block on ${tuple(build)}.`,
        action: {
          type: 'turn',
          pawn,
          to: squareOf(move),
          build: level(move) === WIN_LEVEL ? null : squareOf(build),
        },
      });
    }
  }
  return {
    instructions: `For this turn, you are playing with pawn ${pawn}. Pick which direction you want to move pawn ${pawn} and where you want to build a block relative to it after it has moved.`,
    menu,
  };
}

const sameAction = (a: SantoriniAction, b: SantoriniAction): boolean =>
  a.type === 'place'
    ? b.type === 'place' && a.pawn === b.pawn && a.at === b.at
    : b.type === 'turn' && a.pawn === b.pawn && a.to === b.to && a.build === b.build;

/** The turn of `seat` as GameBench shows it (the `gamebench` hook of index.ts). */
export function gamebenchTurn(
  view: SantoriniView,
  seat: Seat,
  legal: SantoriniAction[] | null,
  _config: SantoriniConfig,
): GameBenchTurn {
  const pawn = view.pawnToMove;
  const { instructions, menu } =
    pawn === null
      ? { instructions: 'The game is over: there is nothing to play.', menu: [] as Entry[] }
      : entries(view, pawn);
  return {
    source: 'gamebench',
    title: GAMEBENCH_TITLE,
    summary: GAMEBENCH_SUMMARY,
    details: null,
    observation: gamebenchObservation(view, seat),
    instructions,
    predefined: menu.map(({ id, description }) => ({ id, description })),
    openended: [],
    resolve(id) {
      const entry = menu.find((e) => e.id === id);
      if (!entry)
        return {
          error: `"${id}" is not one of GameBench's actions this turn: answer with one of the ids listed (${pawn === null ? 'none' : view.phase === 'placement' ? 'a square as "(row, column)"' : 'e.g. "Move north, build southeast"'})`,
        };
      if (legal && !legal.some((a) => sameAction(a, entry.action)))
        return { error: `"${id}" is not a legal move now: it is not this seat's turn` };
      return { action: { ...entry.action } };
    },
  };
}
