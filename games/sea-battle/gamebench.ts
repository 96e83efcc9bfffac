// Sea Battle's turn as GameBench's own code shows it to its agents (issue 38, items 1–2): games/sea_battle.py of
// Joshuaclymer/GameBench (HEAD), its `Rules` (l. 73-84), `get_observation` (l. 120-148) and the eight orders of its
// `AvailableActions`, word for word, made from the seat's view only. GameBench's agent (lib/agents/gamebench-gpt.ts)
// reads it, and so does GameBench's random baseline under the `gamebench` preset (lib/engine/gamebench-random.ts).
// Checked against their code run on the same position (gamebench.test.ts).
//
// What is GameBench's, exactly:
//  - Rules: title, summary and the six `additional_details` topics in their order (Damage, Sinking, Winning, Board,
//    Gameplay, Teams), their text only: the arena's own topics (numbers, collisions, answer format) are not shown.
//  - The observation (l. 122-127): "Rocks line the border of the 24 by 24 board.", one line per ship afloat in seat
//    order (GameBench's `self.players`: agents 0-2 Red, 3-5 Blue, sunk ships left out), "Your ship" / "A teammate's
//    ship" / "An opponent's ship" "is located at (x, y) facing <North|East|South|West>." — GameBench's (x, y) is
//    (position.real, position.imag), x growing East and y North, and its cardinal names 1 / 1j / -1 / -1j East /
//    North / West / South, the arena's own coordinates and headings (rules.ts) —, then "There are more rocks located
//    at " and the last 20 entries of GameBench's rock list (l. 126: the border lists l. 105-108, left column, top
//    row, right column, bottom row, 24 each, then the 14 scattered rocks), which shows the last six rocks of the
//    bottom border, (18, 0) … (23, 0), before the 14 scattered ones; then "You've sustained N damage. If you reach
//    10, you will sink." No last turn, no teammates' damage, no staged orders, no landing squares or shot lines: the
//    view has them, GameBench shows none of them.
//  - The menu (l. 133-146): its instructions, its eight ids and descriptions in its order, no open-ended actions.
//    Each id is one of the arena's eight orders, and every order has its id: the two lists are the same.
//
// Where the settings differ from GameBench's numbers (the arena's `size`, `rocks`, `sinkAt`), the text follows them
// as GameBench's code would with those numbers: the board's size in the first line and the border lists, the sinking
// threshold in the last; still the last 20 rocks of the list (GameBench's `[-20:]` is fixed).
import type { GameBenchTurn } from '../../lib/engine/gamebench-turn';
import type { Seat } from '../../lib/engine/types';
import {
  HEADING_NAMES,
  orderText,
  teamOf,
  type Pos,
  type SeaBattleAction,
  type SeaBattleConfig,
  type SeaBattleView,
} from './rules';

/** games/sea_battle.py l. 73-84: GameBench's `Rules`, verbatim. */
export const GAMEBENCH_TITLE = 'Sea Battle';
export const GAMEBENCH_SUMMARY = "Sink all of your opponent team's ships before they sink all of your team's ships.";
export const GAMEBENCH_DETAILS: ReadonlyArray<readonly [string, string]> = [
  [
    'Damage',
    'Players can be damaged in three ways: (1) by getting shot at by another player, (2) by sailing into a rock, (3) by colliding with another ship.',
  ],
  ['Sinking', 'After a player has sustained enough damage, they sink and cannot play the rest of the round.'],
  ['Winning', 'A team wins if they have at least one live ship when all of their opponents have sunken.'],
  ['Board', "The board is a 24x24 grid. Some squares are occupied by rocks and some are occupied by players' ships."],
  [
    'Gameplay',
    "Each turn, all players choose how they want to move and how they want to shoot. All players' choices are executed simultaneously.",
  ],
  ['Teams', 'At the start of the game, there are three players on each team.'],
];

/** l. 134. */
export const GAMEBENCH_INSTRUCTIONS = 'Decide how you will move and shoot this turn.';

/** l. 135-144: the eight ids and descriptions in GameBench's order, each with the arena's order. */
const MOVE_TEXT: Record<SeaBattleAction['move'], string> = {
  left: 'Move forward one square, rotate left, move forward another square, then ',
  forward: 'Move forward one square, then ',
  right: 'Move forward one square, rotate right, move forward another square, then ',
  stay: "Don't move, then ",
};
export const GAMEBENCH_ORDERS: readonly { id: string; description: string; action: SeaBattleAction }[] = (
  ['left', 'forward', 'right', 'stay'] as const
).flatMap((move) =>
  (['left', 'right'] as const).map((shoot) => {
    const action: SeaBattleAction = { type: 'order', move, shoot };
    return { id: orderText(action), description: `${MOVE_TEXT[move]}shoot to your ${shoot}.`, action };
  }),
);

/** Python's `str((x, y))`. */
const tuple = (p: Pos): string => `(${p[0]}, ${p[1]})`;

/** GameBench's rock list (l. 104-109): the four border lists, then the scattered rocks; l. 126 shows its last 20. */
function rockList(size: number, rocks: readonly Pos[]): Pos[] {
  const idx = Array.from({ length: size }, (_, i) => i);
  return [
    ...idx.map((i): Pos => [0, i]),
    ...idx.map((i): Pos => [i, size - 1]),
    ...idx.map((i): Pos => [size - 1, i]),
    ...idx.map((i): Pos => [i, 0]),
    ...rocks,
  ];
}

/** `get_observation`'s text (l. 122-127) for `seat`, from its view. */
export function gamebenchObservation(view: SeaBattleView, seat: Seat): string {
  let s = `Rocks line the border of the ${view.size} by ${view.size} board.\n`;
  for (const sh of view.ships) {
    if (!sh.afloat) continue;
    const q =
      sh.seat === seat ? 'Your ship' : teamOf(sh.seat) === teamOf(seat) ? "A teammate's ship" : "An opponent's ship";
    s += `${q} is located at ${tuple([sh.x, sh.y])} facing ${HEADING_NAMES[sh.heading]}.\n`;
  }
  s += `There are more rocks located at ${rockList(view.size, view.rocks).slice(-20).map(tuple).join(', ')}\n`;
  const own = view.ships[seat]!;
  s += `You've sustained ${own.damage ?? 0} damage. If you reach ${view.sinkAt}, you will sink.`;
  return s;
}

/** The turn of `seat` as GameBench shows it (the `gamebench` hook of index.ts). */
export function gamebenchTurn(
  view: SeaBattleView,
  seat: Seat,
  legal: SeaBattleAction[] | null,
  _config: SeaBattleConfig,
): GameBenchTurn {
  return {
    source: 'gamebench',
    title: GAMEBENCH_TITLE,
    summary: GAMEBENCH_SUMMARY,
    details: GAMEBENCH_DETAILS,
    observation: gamebenchObservation(view, seat),
    instructions: GAMEBENCH_INSTRUCTIONS,
    predefined: GAMEBENCH_ORDERS.map(({ id, description }) => ({ id, description })),
    openended: [],
    resolve(id) {
      const order = GAMEBENCH_ORDERS.find((o) => o.id === id);
      if (!order)
        return {
          error: `"${id}" is not one of GameBench's eight orders (${GAMEBENCH_ORDERS.map((o) => o.id).join(', ')})`,
        };
      const { move, shoot } = order.action;
      if (legal && !legal.some((a) => a.move === move && a.shoot === shoot))
        return { error: `"${id}" is not a legal order now: this ship has no order to give` };
      return { action: { ...order.action } };
    },
  };
}
