// The Sea Battle game definition (server-safe: no React): GameBench's SB, three ships a side, simultaneous orders.
import { defineGame } from '../../lib/engine/define-game';
import { seaBattleEngine } from './engine';
import { gamebenchTurn } from './gamebench';
import { prompt } from './prompt';
import * as rules from './rules';

export const seaBattle = defineGame({
  id: 'sea-battle',
  // v2: under the gamebench preset the Random baseline chooses over GameBench's menus (the gamebench hook), not over
  // the legal moves.
  version: 2,
  reducer: rules,
  prompt,
  engine: seaBattleEngine,
  // The demo (and the per-game watch flow) plays 12 turns, so a match of simulated ships ends in a minute or two.
  demoConfig: { maxTurns: 12 },
  meta: {
    title: 'Sea Battle',
    blurb:
      'Two teams of three ships on a rocky 24×24 sea give their orders at once — sail and fire broadsides — until one side is sunk.',
    minPlayers: rules.NUM_SEATS,
    maxPlayers: rules.NUM_SEATS,
    // Simultaneous orders and the opponents' hidden damage: a ship never knows what the others are about to do.
    info: 'imperfect',
    // The rules have no dice; the start (ships, headings, rocks) is drawn from the seed.
    chance: true,
    // GameBench's Table 1: SB is abstract strategy, non-deterministic and cooperation.
    // Its id in GameBench's results files (imported datasets).
    gamebenchId: 'sea_battle',
    categories: ['abstract-strategy', 'non-deterministic', 'cooperation'],
    seatNames: [...rules.SEAT_NAMES],
    // GameBench's protocol (lib/presets.ts), so far its rules only: see the note at the head of rules.ts.
    settingsPresets: [
      {
        label: 'gamebench',
        help: `Follows GameBench's code in the one rule that changes results: no 50-turn cap, so a match goes on until a side (or both at once) is sunk, with only a backstop draw at turn ${rules.BACKSTOP_TURNS}; the arena's collision rules, what a ship is shown and how it answers are unchanged.`,
        config: { maxTurns: null },
      },
    ],
    // GameBench plays agent against agent: in round robins and gauntlets one agent commands a whole side.
    sides: [
      [0, 1, 2],
      [3, 4, 5],
    ],
  },
  // Watching the orders and every ship's damage play out is the point for spectators of a model-only match (the hub
  // never opens a match with a person in it).
  spectatorsSeeAll: () => true,
  // The turn as GameBench's code showed it: its rules text, observation and eight orders (gamebench.ts).
  gamebench: gamebenchTurn,
  rules: {
    summary:
      "Sink all of your opponent team's ships before they sink all of your team's ships. (GameBench's Sea Battle: two teams of three ships on a 24×24 sea with rocks; each turn every ship afloat chooses how it moves and to which side it fires, and all choices are executed simultaneously.)",
    topics: {
      // GameBench's withheld rules (appendix G), word for word, then the details of its implementation.
      Damage:
        'Players can be damaged in three ways: (1) by getting shot at by another player, (2) by sailing into a rock, (3) by colliding with another ship. A cannon hit does 2 damage, a rock 1 and a collision 1 (GameBench’s numbers).',
      Sinking:
        'After a player has sustained enough damage, they sink and cannot play the rest of the round. A ship sinks at 10 damage; sunk ships leave the sea. A ship sunk by rocks or collisions while moving does not fire that turn.',
      Winning:
        'A team wins if they have at least one live ship when all of their opponents have sunken. The side that wins scores 1 (shared by its three seats), the other 0; if the last ships of both sides sink on the same turn, or the turn limit (50 by default, the arena’s addition) is reached, it is a draw (0.5 a side).',
      Board:
        "The board is a 24x24 grid. Some squares are occupied by rocks and some are occupied by players' ships. Squares are (x, y) from 0 to 23, x growing East and y North; the border is rock, and 14 more rocks and the six ships are placed at random inside, each ship facing a random direction.",
      Gameplay:
        "Each turn, all players choose how they want to move and how they want to shoot. All players' choices are executed simultaneously. The eight orders are GameBench's: move left, move forward, move right or don't move, then shoot left or shoot right. Moving forward is one square ahead; moving left or right is one square ahead, a 90° turn to that side, then one more square ahead. A broadside flies up to 3 squares to the ship's left or right and stops at the first rock or ship (teammates too).",
      Teams:
        'At the start of the game, there are three players on each team: Red 1–3 against Blue 1–3. One agent may command its whole side; each ship sees every ship afloat with its square and heading, its own team’s damage and orders, and the last turn’s moves and shots, but not the opponents’ damage.',
      Collisions:
        'Two ships entering one square, two ships swapping squares, or a ship sailing into one that does not move: neither moves and each takes 1 damage (at most 1 per ship per step). On the second step of a turn a ship in the way only stops the mover, without damage. A ship turns even when its first step was blocked.',
      'answer-format':
        'Models answer with one order exactly as listed, e.g. "move forward then shoot left"; reasoning before it is fine, the last order written counts. An order that is not one of the eight is refused with the reason.',
      deviations:
        'The arena’s changes to GameBench’s implementation: a turn limit with a draw; ships never share a square or pass through each other; a volley resolves truly at once; a ship sees its teammates’ damage; the last turn’s shots are shown. The reasons are in games/sea-battle/rules.ts.',
    },
  },
});
