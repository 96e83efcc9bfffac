// Santorini's `gamebench` hook (gamebench.ts): the turn exactly as GameBench's own code prints it for the same
// positions, every id resolving to a move the game accepts (GameBench's several ids of a winning move to its one), and
// GameBench's random agent over its menus giving GameBench's random-vs-random statistics.
import { describe, expect, it } from 'vitest';
import { gamebenchRandomAction } from '../../lib/engine/gamebench-random';
import type { GameBenchTurn } from '../../lib/engine/gamebench-turn';
import { createRng } from '../../lib/engine/rng';
import { santorini } from '.';
import { setup, type Pawn, type SantoriniAction, type SantoriniState } from './rules';

const config = santorini.defaultConfig;

const turnOf = (s: SantoriniState, seat: number): GameBenchTurn =>
  santorini.gamebench!(santorini.view(s, { seat }), seat, santorini.legalActions(s, seat) as SantoriniAction[], config);

/**
 * GameBench's own output for the positions below, produced by running its code (games/santorini/santorini.py at HEAD
 * of Joshuaclymer/GameBench on santorinai 1.3.3 = Tomansion/SantorinAI ba20832, Python 3.11, PIL stubbed and
 * `Rules.__hash__` set as scripts/reference/gamebench_random.py does; games/santorini/gamebench-reference.py) and
 * printed with json.dumps:
 *  - placement: `g = Santorini(); g.init_game(RandomAgent, RandomAgent); g.board.place_pawn((2, 2));
 *    g.board.place_pawn((1, 1))`, then `g.get_pawn_placement_observation(g.agents[0])` (Player 1 places B);
 *  - playA / playX: `g.board.board = [[0, 1, 2, 0, 0], [1, 3, 2, 4, 0], [0, 2, 2, 1, 0], [0, 0, 1, 0, 0],
 *    [4, 0, 0, 1, 2]]`, pawns 1-4 (A, X, B, Y) at (1, 2), (2, 3), (3, 2), (0, 4), `g.board.pawn_turn = 1` (A) or 2
 *    (X), then `g.get_move_build_observation(g.agents[0])` or `(g.agents[1])`.
 */
const GAMEBENCH = {
  title: 'Santorini',
  summary:
    'Win by moving one of your pawns to the third level of the board or forcing your opponent to be unable to finish their turn. The game is played on a five by five grid of squares, and each player controls two pawns. Play alternates between the players, starting with player 1. The pawn that a player plays with alternates during each of their turns: for example, player 1 plays pawn A on their first turn, pawn B on their next turn, then pawn A, and so on. Blocks can be placed on squares on the board up to four blocks high, creating four possible height levels.\n\nThe board begins with no blocks placed, so every square begins at level 0. Before the game starts, each of the players takes turns placing each of their pawns on the board. A square is occupied if a pawn is on it.\n\nEach turn consists of two stages: the "move" stage and the "build" stage. During the move stage, the player moves their pawn by one square (horizontally, vertically, or diagonally). They cannot move their pawn onto a square that is occupied by another pawn, more than one level higher than the pawn, or at level 4. They can move a pawn any number of levels down, to the same level, or one level higher, but not more than one level higher and not to level 4.\n\nDuring the build stage, the player must select an unoccupied square adjacent to the pawn they moved during the move stage and place a block on it. They can place a block onto an unoccupied square at any level less than 4. Once a square has been built to level 4, it is "complete", meaning pawns cannot move to it and blocks cannot be placed on it. The player instantly wins if they move their pawn onto a square at level 3 or if they force their opponent to not be able to finish their turn.',
  details: null,
  placement: {
    observation:
      'Player 1, it is your turn. You control two pawns, represented as the letters A and B, and your opponent controls pawns X and Y. Each non-occupied square is represented as a digit corresponding to what level it is, from 0 to 4. Here is the board:\n\n0. 0. 0. 0. 0. \n0. 0X 0. 0. 0. \n0. 0. 0A 0. 0. \n0. 0. 0. 0. 0. \n0. 0. 0. 0. 0. ',
    instructions: 'You are in the "initial pawn placement" phase of the game. Decide where you want to place pawn B.',
    predefined: {
      '(0, 0)': 'Place pawn B at (0, 0).',
      '(0, 1)': 'Place pawn B at (0, 1).',
      '(0, 2)': 'Place pawn B at (0, 2).',
      '(0, 3)': 'Place pawn B at (0, 3).',
      '(0, 4)': 'Place pawn B at (0, 4).',
      '(1, 0)': 'Place pawn B at (1, 0).',
      '(1, 2)': 'Place pawn B at (1, 2).',
      '(1, 3)': 'Place pawn B at (1, 3).',
      '(1, 4)': 'Place pawn B at (1, 4).',
      '(2, 0)': 'Place pawn B at (2, 0).',
      '(2, 1)': 'Place pawn B at (2, 1).',
      '(2, 3)': 'Place pawn B at (2, 3).',
      '(2, 4)': 'Place pawn B at (2, 4).',
      '(3, 0)': 'Place pawn B at (3, 0).',
      '(3, 1)': 'Place pawn B at (3, 1).',
      '(3, 2)': 'Place pawn B at (3, 2).',
      '(3, 3)': 'Place pawn B at (3, 3).',
      '(3, 4)': 'Place pawn B at (3, 4).',
      '(4, 0)': 'Place pawn B at (4, 0).',
      '(4, 1)': 'Place pawn B at (4, 1).',
      '(4, 2)': 'Place pawn B at (4, 2).',
      '(4, 3)': 'Place pawn B at (4, 3).',
      '(4, 4)': 'Place pawn B at (4, 4).',
    },
    openended: {},
  },
  playA: {
    observation:
      'Player 1, it is your turn. You control two pawns, represented as the letters A and B, and your opponent controls pawns X and Y. Each non-occupied square is represented as a digit corresponding to what level it is, from 0 to 4. Here is the board:\n\n0. 1. 2. 0. 0Y \n1. 3. 2A 4. 0. \n0. 2. 2. 1X 0. \n0. 0. 1B 0. 0. \n4. 0. 0. 1. 2. ',
    instructions:
      'For this turn, you are playing with pawn A. Pick which direction you want to move pawn A and where you want to build a block relative to it after it has moved.',
    predefined: {
      'Move northwest, build west': 'Move pawn A from (1, 2) to ((0, 1), (0, 0)) and then build a block on (0, 0).',
      'Move northwest, build east': 'Move pawn A from (1, 2) to ((0, 1), (0, 2)) and then build a block on (0, 2).',
      'Move northwest, build southwest':
        'Move pawn A from (1, 2) to ((0, 1), (1, 0)) and then build a block on (1, 0).',
      'Move northwest, build south': 'Move pawn A from (1, 2) to ((0, 1), (1, 1)) and then build a block on (1, 1).',
      'Move northwest, build southeast':
        'Move pawn A from (1, 2) to ((0, 1), (1, 2)) and then build a block on (1, 2).',
      'Move north, build west': 'Move pawn A from (1, 2) to ((0, 2), (0, 1)) and then build a block on (0, 1).',
      'Move north, build east': 'Move pawn A from (1, 2) to ((0, 2), (0, 3)) and then build a block on (0, 3).',
      'Move north, build southwest': 'Move pawn A from (1, 2) to ((0, 2), (1, 1)) and then build a block on (1, 1).',
      'Move north, build south': 'Move pawn A from (1, 2) to ((0, 2), (1, 2)) and then build a block on (1, 2).',
      'Move northeast, build west': 'Move pawn A from (1, 2) to ((0, 3), (0, 2)) and then build a block on (0, 2).',
      'Move northeast, build southwest':
        'Move pawn A from (1, 2) to ((0, 3), (1, 2)) and then build a block on (1, 2).',
      'Move northeast, build southeast':
        'Move pawn A from (1, 2) to ((0, 3), (1, 4)) and then build a block on (1, 4).',
      'Move west, build northwest': 'Move pawn A from (1, 2) to ((1, 1), (0, 0)) and then build a block on (0, 0).',
      'Move west, build north': 'Move pawn A from (1, 2) to ((1, 1), (0, 1)) and then build a block on (0, 1).',
      'Move west, build northeast': 'Move pawn A from (1, 2) to ((1, 1), (0, 2)) and then build a block on (0, 2).',
      'Move west, build west': 'Move pawn A from (1, 2) to ((1, 1), (1, 0)) and then build a block on (1, 0).',
      'Move west, build east': 'Move pawn A from (1, 2) to ((1, 1), (1, 2)) and then build a block on (1, 2).',
      'Move west, build southwest': 'Move pawn A from (1, 2) to ((1, 1), (2, 0)) and then build a block on (2, 0).',
      'Move west, build south': 'Move pawn A from (1, 2) to ((1, 1), (2, 1)) and then build a block on (2, 1).',
      'Move west, build southeast': 'Move pawn A from (1, 2) to ((1, 1), (2, 2)) and then build a block on (2, 2).',
      'Move southwest, build northwest':
        'Move pawn A from (1, 2) to ((2, 1), (1, 0)) and then build a block on (1, 0).',
      'Move southwest, build north': 'Move pawn A from (1, 2) to ((2, 1), (1, 1)) and then build a block on (1, 1).',
      'Move southwest, build northeast':
        'Move pawn A from (1, 2) to ((2, 1), (1, 2)) and then build a block on (1, 2).',
      'Move southwest, build west': 'Move pawn A from (1, 2) to ((2, 1), (2, 0)) and then build a block on (2, 0).',
      'Move southwest, build east': 'Move pawn A from (1, 2) to ((2, 1), (2, 2)) and then build a block on (2, 2).',
      'Move southwest, build southwest':
        'Move pawn A from (1, 2) to ((2, 1), (3, 0)) and then build a block on (3, 0).',
      'Move southwest, build south': 'Move pawn A from (1, 2) to ((2, 1), (3, 1)) and then build a block on (3, 1).',
      'Move south, build northwest': 'Move pawn A from (1, 2) to ((2, 2), (1, 1)) and then build a block on (1, 1).',
      'Move south, build north': 'Move pawn A from (1, 2) to ((2, 2), (1, 2)) and then build a block on (1, 2).',
      'Move south, build west': 'Move pawn A from (1, 2) to ((2, 2), (2, 1)) and then build a block on (2, 1).',
      'Move south, build southwest': 'Move pawn A from (1, 2) to ((2, 2), (3, 1)) and then build a block on (3, 1).',
      'Move south, build southeast': 'Move pawn A from (1, 2) to ((2, 2), (3, 3)) and then build a block on (3, 3).',
    },
    openended: {},
  },
  playX: {
    observation:
      'Player 2, it is your turn. You control two pawns, represented as the letters X and Y, and your opponent controls pawns A and B. Each non-occupied square is represented as a digit corresponding to what level it is, from 0 to 4. Here is the board:\n\n0. 1. 2. 0. 0Y \n1. 3. 2A 4. 0. \n0. 2. 2. 1X 0. \n0. 0. 1B 0. 0. \n4. 0. 0. 1. 2. ',
    instructions:
      'For this turn, you are playing with pawn X. Pick which direction you want to move pawn X and where you want to build a block relative to it after it has moved.',
    predefined: {
      'Move northeast, build northwest':
        'Move pawn X from (2, 3) to ((1, 4), (0, 3)) and then build a block on (0, 3).',
      'Move northeast, build southwest':
        'Move pawn X from (2, 3) to ((1, 4), (2, 3)) and then build a block on (2, 3).',
      'Move northeast, build south': 'Move pawn X from (2, 3) to ((1, 4), (2, 4)) and then build a block on (2, 4).',
      'Move west, build northwest': 'Move pawn X from (2, 3) to ((2, 2), (1, 1)) and then build a block on (1, 1).',
      'Move west, build west': 'Move pawn X from (2, 3) to ((2, 2), (2, 1)) and then build a block on (2, 1).',
      'Move west, build east': 'Move pawn X from (2, 3) to ((2, 2), (2, 3)) and then build a block on (2, 3).',
      'Move west, build southwest': 'Move pawn X from (2, 3) to ((2, 2), (3, 1)) and then build a block on (3, 1).',
      'Move west, build southeast': 'Move pawn X from (2, 3) to ((2, 2), (3, 3)) and then build a block on (3, 3).',
      'Move east, build north': 'Move pawn X from (2, 3) to ((2, 4), (1, 4)) and then build a block on (1, 4).',
      'Move east, build west': 'Move pawn X from (2, 3) to ((2, 4), (2, 3)) and then build a block on (2, 3).',
      'Move east, build southwest': 'Move pawn X from (2, 3) to ((2, 4), (3, 3)) and then build a block on (3, 3).',
      'Move east, build south': 'Move pawn X from (2, 3) to ((2, 4), (3, 4)) and then build a block on (3, 4).',
      'Move south, build northwest': 'Move pawn X from (2, 3) to ((3, 3), (2, 2)) and then build a block on (2, 2).',
      'Move south, build north': 'Move pawn X from (2, 3) to ((3, 3), (2, 3)) and then build a block on (2, 3).',
      'Move south, build northeast': 'Move pawn X from (2, 3) to ((3, 3), (2, 4)) and then build a block on (2, 4).',
      'Move south, build east': 'Move pawn X from (2, 3) to ((3, 3), (3, 4)) and then build a block on (3, 4).',
      'Move south, build southwest': 'Move pawn X from (2, 3) to ((3, 3), (4, 2)) and then build a block on (4, 2).',
      'Move south, build south': 'Move pawn X from (2, 3) to ((3, 3), (4, 3)) and then build a block on (4, 3).',
      'Move south, build southeast': 'Move pawn X from (2, 3) to ((3, 3), (4, 4)) and then build a block on (4, 4).',
      'Move southeast, build northwest':
        'Move pawn X from (2, 3) to ((3, 4), (2, 3)) and then build a block on (2, 3).',
      'Move southeast, build north': 'Move pawn X from (2, 3) to ((3, 4), (2, 4)) and then build a block on (2, 4).',
      'Move southeast, build west': 'Move pawn X from (2, 3) to ((3, 4), (3, 3)) and then build a block on (3, 3).',
      'Move southeast, build southwest':
        'Move pawn X from (2, 3) to ((3, 4), (4, 3)) and then build a block on (4, 3).',
      'Move southeast, build south': 'Move pawn X from (2, 3) to ((3, 4), (4, 4)) and then build a block on (4, 4).',
    },
    openended: {},
  },
};

/** santorinai's (row, column) → the arena's square: (1, 2) is c4. */
const sq = (r: number, c: number) => `${'abcde'[c]}${5 - r}`;

const placement = (): SantoriniState => ({ ...setup(), pawns: { A: sq(2, 2), X: sq(1, 1), B: null, Y: null }, ply: 2 });
const play = (ply: number): SantoriniState => ({
  ...setup(),
  levels: [0, 1, 2, 0, 0, 1, 3, 2, 4, 0, 0, 2, 2, 1, 0, 0, 0, 1, 0, 0, 4, 0, 0, 1, 2],
  pawns: { A: sq(1, 2), X: sq(2, 3), B: sq(3, 2), Y: sq(0, 4) } as Record<Pawn, string>,
  ply,
});

const menuOf = (t: GameBenchTurn) => Object.fromEntries(t.predefined.map((a) => [a.id, a.description]));

describe("Santorini's turn as GameBench shows it", () => {
  it('equals what GameBench’s code prints for the same positions: placement, Player 1’s and Player 2’s turns', () => {
    for (const [s, seat, expected] of [
      [placement(), 0, GAMEBENCH.placement],
      [play(8), 0, GAMEBENCH.playA],
      [play(9), 1, GAMEBENCH.playX],
    ] as const) {
      const t = turnOf(s, seat);
      expect(t.source).toBe('gamebench');
      expect(t.title).toBe(GAMEBENCH.title);
      expect(t.summary).toBe(GAMEBENCH.summary);
      // additional_details=None: no topics, no headings line.
      expect(GAMEBENCH.details).toBeNull();
      expect(t.details).toBeNull();
      expect(t.observation).toBe(expected.observation);
      expect(t.instructions).toBe(expected.instructions);
      expect(t.predefined.map((a) => a.id)).toEqual(Object.keys(expected.predefined));
      expect(menuOf(t)).toEqual(expected.predefined);
      expect(t.openended).toEqual([]);
    }
  });

  it('resolves ids to the arena’s moves: a square to its placement, every id of a winning move to the one move', () => {
    expect(turnOf(placement(), 0).resolve('(0, 4)', undefined)).toEqual({
      action: { type: 'place', pawn: 'B', at: 'e5' },
    });
    const t = turnOf(play(8), 0);
    expect(t.resolve('Move north, build east', undefined)).toEqual({
      action: { type: 'turn', pawn: 'A', to: 'c5', build: 'd5' },
    });
    // A onto b4, level 3: GameBench lists eight builds, santorinai builds none; the arena has one action.
    const wins = t.predefined.filter((a) => a.id.startsWith('Move west,'));
    expect(wins).toHaveLength(8);
    for (const a of wins)
      expect(t.resolve(a.id, undefined)).toEqual({ action: { type: 'turn', pawn: 'A', to: 'b4', build: null } });
    expect(t.resolve('Move east, build west', undefined)).toMatchObject({
      error: expect.stringMatching(/not one of GameBench's actions/) as unknown,
    });
    // Not this seat's turn: the ids resolve to no legal move.
    expect(turnOf(play(9), 0).resolve('Move north, build east', undefined)).toMatchObject({
      error: expect.any(String),
    });
  });

  it('over seeded playouts, every id is an accepted move and every legal move has an id', () => {
    for (let i = 0; i < 5; i++) {
      const rng = createRng(`santorini-gamebench-menus-${i}`);
      let s = santorini.setup({ numPlayers: 2, config, rng }) as SantoriniState;
      while (!santorini.outcome(s)) {
        const seat = santorini.activeSeats(s)[0]!;
        const legal = santorini.legalActions(s, seat) as SantoriniAction[];
        const t = turnOf(s, seat);
        const reached = new Set(
          t.predefined.map((a) => {
            const c = t.resolve(a.id, undefined);
            if (!('action' in c)) throw new Error(`${a.id}: ${JSON.stringify(c)}`);
            expect(santorini.reject(s, seat, c.action as SantoriniAction)).toBeNull();
            return JSON.stringify(c.action);
          }),
        );
        expect([...reached].sort()).toEqual(legal.map((a) => JSON.stringify(a)).sort());
        const chosen = gamebenchRandomAction(t, rng);
        if (!('action' in chosen)) throw new Error(chosen.error);
        s = santorini.apply(s, seat, chosen.action as SantoriniAction, rng);
      }
    }
  });

  it('GameBench’s random agent over the menus gives GameBench’s random-vs-random statistics', () => {
    // GameBench's santorini.py with its RandomAgent in both seats, 20,000 matches (match i seeded random.seed(i),
    // i < 20000, in four runs of 5,000: `python3 games/santorini/gamebench-random-reference.py 5000 <first seed>`, a runner in the style
    // of scripts/reference/gamebench_random.py counting play_turn calls): Player 1 wins 49.8 %, 27.6 % of matches end
    // with the player to move unable to move, mean 41.40 move-and-build turns (sd 10.99, median 41-42, longest 83).
    const ref = { matches: 20000, player1WinRate: 0.498, noMove: 0.27625, meanTurns: 41.3963, sdTurns: 10.987 };
    const n = 600;
    let first = 0;
    let noMove = 0;
    let turns = 0;
    for (let i = 0; i < n; i++) {
      const rng = createRng(`santorini-gamebench-random-${i}`);
      let s = santorini.setup({ numPlayers: 2, config, rng }) as SantoriniState;
      for (let o = santorini.outcome(s); !o; o = santorini.outcome(s)) {
        const seat = santorini.activeSeats(s)[0]!;
        const chosen = gamebenchRandomAction(turnOf(s, seat), rng);
        if (!('action' in chosen)) throw new Error(chosen.error);
        s = santorini.apply(s, seat, chosen.action as SantoriniAction, rng);
      }
      const out = santorini.outcome(s)!;
      if (out.winner === 0) first++;
      if (/cannot complete a turn/.test(out.reason)) noMove++;
      // Move-and-build turns after the four placements (GameBench: play_turn calls).
      turns += (s.ply - 4) / n;
    }
    for (const [k, p] of [
      [first, ref.player1WinRate],
      [noMove, ref.noMove],
    ] as const) {
      const se = Math.sqrt((p * (1 - p)) / n + (p * (1 - p)) / ref.matches);
      expect(Math.abs(k / n - p)).toBeLessThan(3 * se);
    }
    const seTurns = ref.sdTurns * Math.sqrt(1 / n + 1 / ref.matches);
    expect(Math.abs(turns - ref.meanTurns)).toBeLessThan(3 * seTurns);
  }, 60_000);
});
