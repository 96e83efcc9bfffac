// The Hive game definition (server-safe: no React).
import { defineGame } from '../../lib/engine/define-game';
import { hiveEngine } from './engine';
import { hiveGamebench } from './gamebench';
import { prompt } from './prompt';
import * as rules from './rules';
import { hiveSvg } from './svg';

export const hive = defineGame({
  id: 'hive',
  // v2: under the gamebench preset the Random baseline chooses over GameBench's menus (the gamebench hook), not over
  // the legal moves.
  version: 2,
  reducer: rules,
  publicInformation:
    'a perfect-information game: no cards, no dice and no hidden pieces; every viewer sees the hive and both reserves',
  prompt,
  engine: hiveEngine,
  // GameBench showed models the Hive board as an image: an agent with `vision` gets this drawing as a PNG (the board
  // people see is the same drawing).
  image: (view) => hiveSvg(view),
  // The turn as GameBench's code showed it (games/hive/gamebench.ts): its rules text, observation and two-step menu.
  gamebench: (view, seat, legal, config) => hiveGamebench(view, seat, legal, config),
  // The demo (and the e2e "watch to the end" flow) plays a 24-turn cap: two simulated models playing at random
  // rarely surround a Queen, and 250 turns each at the simulated latency would take minutes per match.
  demoConfig: { maxTurns: 24, beetles: 2 },
  meta: {
    title: 'Hive',
    blurb:
      'Place and move bugs on a hex grid to surround the opposing Queen Bee: tests spatial reading and planning on a board without edges.',
    minPlayers: 2,
    maxPlayers: 2,
    info: 'perfect',
    chance: false,
    // GameBench's Table 1 lists HV under Abstract Strategy only.
    // Its id in GameBench's results files (imported datasets).
    gamebenchId: 'hive',
    categories: ['abstract-strategy'],
    seatNames: [...rules.SEAT_NAMES],
    humanMoveSeconds: 120,
    settingsPresets: [
      {
        label: 'gamebench',
        help: "The rules as GameBench's code plays them (games/hive/rules.ts): no Beetles; the Queen, Spider and Ant move by its checks (each step to an empty neighbouring hex that still touches the hive, never from a hex with five or six occupied neighbours nor into one with five or six counting the mover, so a step may pass between two pieces, and only the Spider needs a piece beside each step; the Ant never crosses its own start hex); and an unplaced Queen is forced on the fourth turn only; rules only for the arena's own agents, whose rules text, prompts and one-answer move list stay the arena's; GameBench's agent and the Random baseline see the turn as GameBench's code showed it (its rules text, observation and two-step menu: first the bug to place or the piece to move, then where).",
        config: { maxTurns: 250, beetles: 0, movement: 'gamebench', queenForced: 'fourthTurnOnly' },
      },
    ],
  },
  rules: {
    // GameBench's summary and topics (appendix G, config.py), verbatim; the coordinates and answers are the arena's.
    summary:
      "Hive is a bug-themed abstract strategy game. The object of Hive is to capture the opponent's queen bee by allowing it to become completely surrounded by pieces belonging to either player, while avoiding the capture of one's own queen. Tiles can be moved to other positions after being placed according to various rules, much like chess pieces.",
    topics: {
      'Placing the Queen Bee':
        'Players must place their Queen Bee by their fourth turn. Until then, they cannot move any placed pieces.',
      'Queen Bee Movement': 'The Queen Bee can only move one space at a time around the hive.',
      'Spider Movement': 'The Spider can move exactly three spaces.',
      'Ant Movement':
        'Able to move to any empty space around the hive as long as other movement rules are not violated.',
      'Grasshopper Movement': 'The Grasshopper can jump over over adjacent pieces, landing on the first empty space.',
      'One Hive Rule':
        'The tiles must always be connected; you cannot move a piece if it would break the hive into separate groups.',
      'Freedom to Move':
        'A piece can only move if it can physically slide to its new position without disturbing other tiles.',
      'Max Turns':
        'The game ends after 250 turns. If no Queen Bee is surrounded by the end of the game, the game is a draw.',
      // The arena's additions (GameBench had no Beetles and other coordinates and answers).
      'Beetle Movement':
        'The Beetle moves one space at a time, and may climb on top of the hive and move along it. A piece under a Beetle cannot move, and the stack counts as the colour of its top piece. Only a gate of two stacks both higher than where the Beetle starts and where it lands stops it.',
      'Placing Pieces':
        'A new piece goes on an empty hex touching at least one of your pieces and none of your opponent’s; only the first piece of each player is exempt (the first piece of the game goes at (0,0), the second next to it). A player with no legal action passes.',
      Coordinates:
        'Hexes are pointy-topped with axial coordinates (q,r): r grows downwards, q to the right along a row, each row half a hex to the right of the one above. The neighbours of (q,r) are (q+1,r) E, (q-1,r) W, (q+1,r-1) NE, (q,r-1) NW, (q,r+1) SE and (q-1,r+1) SW.',
      'answer-format':
        'Models answer with one move as the list of legal moves writes it: "place Ant at (1,0)", "move Ant (0,0) to (2,-1)" or "pass". Reasoning first is fine: the last move written counts. GameBench\'s "place_(1,0)_Ant" and "move_(0,0)_(2,-1)" are read too.',
      Scoring:
        "Surrounding the opposing Queen wins (1 point, the loser 0). Both Queens surrounded by the same move, or the turn cap (the first player's 250th turn), is a draw: 0.5 each.",
      strategy:
        'The engine baseline looks one move ahead and checks its six best candidates against every reply, valuing the occupied neighbours of both Queens, the pieces free to move and a Beetle on the opposing Queen.',
    },
  },
});
