// The preset `gamebench`: Hive as GameBench's code plays it (no Beetles, its movement checks, the Queen forced on the
// fourth turn only), next to the arena's default rules; the conformance harness under it; and the turn as GameBench's
// code shows it (gamebench.ts: its rules, observation and two-step menu) and GameBench's random baseline over it.
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import { gamebenchRandomAction } from '../../lib/engine/gamebench-random';
import type { GameBenchTurn } from '../../lib/engine/gamebench-turn';
import { createRng } from '../../lib/engine/rng';
import { LONG_COMPUTATION_TIMEOUT_MS, scaled } from '../../lib/test-scale';
import { hive } from '.';
import { IMAGE_ADDRESS } from './gamebench';
import { legalActions, reject, setup, type HiveAction, type HiveConfig, type HiveState } from './rules';
import { move, place, position, targetsOf } from './test-helpers';

const preset = hive.meta.settingsPresets.find((p) => p.label === 'gamebench')!;
const blue = 0;
/** The same position under GameBench's movement and Queen rule. */
const gb = (s: HiveState): HiveState => ({ ...s, movement: 'gamebench', queenForced: 'fourthTurnOnly' });

describe('the gamebench preset', () => {
  it('parses, and leaves the defaults as they were', () => {
    expect(preset).toBeDefined();
    expect(preset.help).toMatch(/rules only/);
    const cfg = hive.parseConfig(preset.config) as HiveConfig;
    expect(cfg).toEqual({ maxTurns: 250, beetles: 0, movement: 'gamebench', queenForced: 'fourthTurnOnly' });
    expect(hive.defaultConfig).toEqual({ maxTurns: 250, beetles: 2 });
    const s = setup(null, cfg);
    expect(s.hands[0]).toEqual({ Q: 1, B: 0, S: 2, G: 3, A: 3 });
    expect(s).toMatchObject({ movement: 'gamebench', queenForced: 'fourthTurnOnly' });
    // The defaults' states and views carry no rule options (the golden playthrough is unchanged).
    expect(Object.keys(setup(null, hive.defaultConfig as HiveConfig))).not.toContain('movement');
    expect(
      Object.keys(
        hive.view(hive.setup({ numPlayers: 2, config: {}, rng: createRng('views') }) as HiveState, { spectator: true }),
      ),
    ).not.toContain('movement');
    // A view under the preset carries the rules, so the engine and the board judge moves by them.
    const v = hive.view(hive.setup({ numPlayers: 2, config: preset.config, rng: createRng('views') }) as HiveState, {
      spectator: true,
    });
    expect(v).toMatchObject({ movement: 'gamebench', queenForced: 'fourthTurnOnly' });
  });

  it('Queen: GameBench lets a step lose contact and forbids one into a hex with five occupied neighbours', () => {
    // Blue's Queen at (0,0) touches only (1,-1); (1,0) has (1,-1), (2,-1), (2,0), (1,1) and the Queen around it.
    const s = position({ '0,0': 'bQ', '1,-1': 'gA', '2,-1': 'gA', '2,0': 'gG', '1,1': 'gG' }, { beetles: 0 });
    // Standard: (1,0) slides along (1,-1); (0,1) has no piece beside the step (the Queen would leave the hive).
    expect(targetsOf(legalActions(s, blue), [0, 0])).toEqual(['0,-1', '1,0']);
    // GameBench: (0,1) touches (1,1), so the hive stays connected; (1,0) would have five occupied neighbours.
    expect(targetsOf(legalActions(gb(s), blue), [0, 0])).toEqual(['0,-1', '0,1']);
    expect(reject(gb(s), blue, move([0, 0], [1, 0]))).toMatch(
      /^your Queen at \(0,0\) cannot get to \(1,0\): under GameBench's movement rule/,
    );
  });

  it('Queen: GameBench lets a piece pass through a gate of two pieces', () => {
    // A ring around the empty (1,0), (2,-1), (2,0): the step (0,0) -> (1,0) passes between (1,-1) and (0,1).
    const ring = {
      '0,0': 'bQ',
      '1,-1': 'gA',
      '2,-2': 'gA',
      '3,-2': 'gA',
      '3,-1': 'gG',
      '3,0': 'gG',
      '2,1': 'gG',
      '1,1': 'gS',
      '0,1': 'gS',
    };
    const s = position(ring, { beetles: 0 });
    expect(targetsOf(legalActions(s, blue), [0, 0])).toEqual(['-1,1', '0,-1']);
    expect(targetsOf(legalActions(gb(s), blue), [0, 0])).toEqual(['-1,1', '0,-1', '1,0']);
  });

  // Each expected list below is also what GameBench's own pieces.py `valid_moves` returns for the position (converted
  // from axial to its odd-r coordinates).
  it('Spider and Ant: GameBench stops them short of a deep bay and lets them through a gate', () => {
    // (0,0) is a bay with four occupied neighbours: five with the mover, which GameBench refuses.
    const bay = { '1,0': 'bQ', '1,-1': 'gQ', '0,-1': 'gA', '-1,0': 'gA' };
    const from = (x: HiveState) => targetsOf(legalActions(x, blue), [2, 0]);
    const spider = position({ ...bay, '2,0': 'bS' }, { beetles: 0 });
    expect(from(spider)).toEqual(['0,0', '1,-2']);
    expect(from(gb(spider))).toEqual(['1,-2']);
    const ant = position({ ...bay, '2,0': 'bA' }, { beetles: 0 });
    expect(from(ant)).toContain('0,0');
    expect(from(gb(ant))).toEqual(from(ant).filter((h) => h !== '0,0'));
    // An open ring: (1,0) lies beyond the gate (1,-1)/(0,1), which only GameBench lets a piece through.
    const ring = {
      '1,-1': 'gA',
      '2,-2': 'gA',
      '3,-2': 'gA',
      '3,-1': 'gG',
      '3,0': 'gG',
      '2,1': 'gG',
      '1,1': 'gS',
      '0,1': 'gS',
      '4,-1': 'bQ',
    };
    const s2 = position({ ...ring, '-1,2': 'bS' }, { beetles: 0 });
    expect(targetsOf(legalActions(s2, blue), [-1, 2])).toEqual(['0,-1', '2,2']);
    expect(targetsOf(legalActions(gb(s2), blue), [-1, 2])).toEqual(['0,-1', '1,0', '2,2']);
    const a2 = position({ ...ring, '0,2': 'bA' }, { beetles: 0 });
    expect(targetsOf(legalActions(a2, blue), [0, 2])).not.toContain('1,0');
    expect(targetsOf(legalActions(gb(a2), blue), [0, 2])).toEqual(
      [...targetsOf(legalActions(a2, blue), [0, 2]), '1,0'].sort(),
    );
  });

  it('the Grasshopper jumps the same under both', () => {
    const hopper = position({ '0,0': 'bQ', '1,0': 'gQ', '-1,0': 'bG' }, { beetles: 0 });
    expect(targetsOf(legalActions(gb(hopper), blue), [-1, 0])).toEqual(['2,0']);
    expect(targetsOf(legalActions(hopper, blue), [-1, 0])).toEqual(['2,0']);
  });

  it('forces an unplaced Queen on the fourth turn only, where the default keeps forcing it', () => {
    const cells = { '0,0': 'bA', '1,0': 'gQ', '-1,0': 'bG', '-2,0': 'bS' };
    const fourth = position(cells, { beetles: 0, turns: [3, 3] });
    const fifth = position(cells, { beetles: 0, turns: [4, 4] });
    const bugs = (x: HiveState) => [
      ...new Set(legalActions(x, blue).map((a) => (a.type === 'place' ? a.bug : a.type))),
    ];
    expect(bugs(fourth)).toEqual(['Q']);
    expect(bugs(gb(fourth))).toEqual(['Q']);
    expect(bugs(fifth)).toEqual(['Q']);
    expect(bugs(gb(fifth))).toEqual(['Q', 'S', 'G', 'A']);
    expect(reject(gb(fifth), blue, place('A', -3, 0))).toBeNull();
  });

  // Three long playouts in full (~6 s), ARENA_TEST_SCALE of them in a run (at least one).
  it(
    'keeps the game contract over seeded playouts under the preset',
    () => {
      expect(checkConformance(hive, { seeds: scaled(3), engineSeeds: 1, config: preset.config })).toEqual([]);
    },
    LONG_COMPUTATION_TIMEOUT_MS,
  );
});

// ───────────────────────── The turn as GameBench's code shows it (games/hive/gamebench.ts) ─────────────────────────

interface GameBenchCase {
  name: string;
  cells: Record<string, string>;
  toMove: number;
  turns: number[];
  observation: string;
  first: [string, string][];
  second: Record<string, [string, string | null][]>;
}

// What GameBench's own code printed for these positions (Joshuaclymer/GameBench at the mirrored HEAD, Python 3.11, its
// board drawing made by real matplotlib and Pillow, nothing stubbed but Rules' hash, as scripts/reference/
// gamebench_random.py does): for `random.seed(1)` and `random.seed(2)`, its RandomAgent played both seats and, before the
// given ply, the script took `get_observation(agent)` (the observation as the agent's prompt writes it, f"{obs.text}")
// and its first menu, then `update(Action(id))` for each first id (the second menu); the last position was built by hand
// (pieces added in row order) to show the pass. The scripts are games/hive/gamebench-reference/ (GAMEBENCH_DIR names a
// checkout of their repository; to_ts.py writes the cases below); cells are converted to axial coordinates
// (q = x − (y − (y & 1)) / 2, r = y).
//   MPLBACKEND=Agg python3 dump_real.py 1 0,1,6,40; MPLBACKEND=Agg python3 dump_real.py 2 3,25,61
//   MPLBACKEND=Agg python3 dump_pos.py '{"cells": {"0,0": "bQ", "1,0": "gQ", "-1,0": "gA", "0,1": "gG"}, "turns": [4, 4], "toMove": 0}'
const GAMEBENCH_CASES: GameBenchCase[] = [
  {
    name: 'random.seed(1), ply 0',
    cells: {},
    toMove: 0,
    turns: [0, 0],
    observation:
      "Observation(text='Blue to move. Surround the enemy Queen. You have 250 left.', image=<PIL.PngImagePlugin.PngImageFile image mode=RGBA size=512x512 at 0x7FA19A4A5090>)",
    first: [
      ['list_place_Queen', 'Place the Queen piece.'],
      ['list_place_Spider', 'Place the Spider piece.'],
      ['list_place_Hopper', 'Place the Hopper piece.'],
      ['list_place_Ant', 'Place the Ant piece.'],
    ],
    second: {
      list_place_Queen: [['place_(0,0)_Queen', '']],
      list_place_Spider: [['place_(0,0)_Spider', '']],
      list_place_Hopper: [['place_(0,0)_Hopper', '']],
      list_place_Ant: [['place_(0,0)_Ant', '']],
    },
  },
  {
    name: 'random.seed(1), ply 1',
    cells: { '0,0': 'bS' },
    toMove: 1,
    turns: [1, 0],
    observation:
      "Observation(text='Green to move. Surround the enemy Queen. You have 249 left.', image=<PIL.PngImagePlugin.PngImageFile image mode=RGBA size=512x512 at 0x7FA19A240ED0>)",
    first: [
      ['list_place_Queen', 'Place the Queen piece.'],
      ['list_place_Spider', 'Place the Spider piece.'],
      ['list_place_Hopper', 'Place the Hopper piece.'],
      ['list_place_Ant', 'Place the Ant piece.'],
    ],
    second: {
      list_place_Queen: [
        ['place_(1,0)_Queen', ''],
        ['place_(0,-1)_Queen', ''],
        ['place_(-1,-1)_Queen', ''],
        ['place_(-1,0)_Queen', ''],
        ['place_(-1,1)_Queen', ''],
        ['place_(0,1)_Queen', ''],
      ],
      list_place_Spider: [
        ['place_(1,0)_Spider', ''],
        ['place_(0,-1)_Spider', ''],
        ['place_(-1,-1)_Spider', ''],
        ['place_(-1,0)_Spider', ''],
        ['place_(-1,1)_Spider', ''],
        ['place_(0,1)_Spider', ''],
      ],
      list_place_Hopper: [
        ['place_(1,0)_Hopper', ''],
        ['place_(0,-1)_Hopper', ''],
        ['place_(-1,-1)_Hopper', ''],
        ['place_(-1,0)_Hopper', ''],
        ['place_(-1,1)_Hopper', ''],
        ['place_(0,1)_Hopper', ''],
      ],
      list_place_Ant: [
        ['place_(1,0)_Ant', ''],
        ['place_(0,-1)_Ant', ''],
        ['place_(-1,-1)_Ant', ''],
        ['place_(-1,0)_Ant', ''],
        ['place_(-1,1)_Ant', ''],
        ['place_(0,1)_Ant', ''],
      ],
    },
  },
  {
    name: 'random.seed(1), ply 6',
    cells: { '0,0': 'bS', '1,0': 'gG', '-1,0': 'bA', '1,1': 'gA', '-1,1': 'bA', '0,2': 'gQ' },
    toMove: 0,
    turns: [3, 3],
    observation:
      "Observation(text='Blue to move. Surround the enemy Queen. You have 247 left.', image=<PIL.PngImagePlugin.PngImageFile image mode=RGBA size=512x512 at 0x7FA19A0A0D10>)",
    first: [['list_place_Queen', 'Place the Queen piece.']],
    second: {
      list_place_Queen: [
        ['place_(-1,-1)_Queen', ''],
        ['place_(-2,-1)_Queen', ''],
        ['place_(-2,0)_Queen', ''],
        ['place_(-2,1)_Queen', ''],
        ['place_(-1,2)_Queen', ''],
      ],
    },
  },
  {
    name: 'random.seed(1), ply 40',
    cells: {
      '0,0': 'bS',
      '-1,0': 'bA',
      '-1,1': 'bA',
      '-2,2': 'bQ',
      '-1,-1': 'bG',
      '-1,2': 'bG',
      '-2,0': 'bG',
      '2,0': 'bS',
      '3,-1': 'bA',
      '1,0': 'gG',
      '2,1': 'gG',
      '2,2': 'gS',
      '1,3': 'gA',
      '1,1': 'gQ',
      '3,2': 'gA',
      '1,4': 'gS',
      '2,-1': 'gA',
    },
    toMove: 0,
    turns: [20, 20],
    observation:
      "Observation(text='Blue to move. Surround the enemy Queen. You have 230 left.', image=<PIL.PngImagePlugin.PngImageFile image mode=RGBA size=512x512 at 0x7FA197DE4610>)",
    first: [
      ['list_move_Queen_(-1,2)', 'Move the Queen piece.'],
      ['list_move_Hopper_(-2,-1)', 'Move the Hopper piece.'],
      ['list_move_Hopper_(0,2)', 'Move the Hopper piece.'],
      ['list_move_Hopper_(-2,0)', 'Move the Hopper piece.'],
      ['list_move_Ant_(2,-1)', 'Move the Ant piece.'],
    ],
    second: {
      'list_move_Queen_(-1,2)': [
        ['move_(-1,2)_(-2,1)', 'Move the piece to (-2,1)'],
        ['move_(-1,2)_(-1,3)', 'Move the piece to (-1,3)'],
      ],
      'list_move_Hopper_(-2,-1)': [
        ['move_(-2,-1)_(-3,1)', 'Move the piece to (-3,1)'],
        ['move_(-2,-1)_(0,3)', 'Move the piece to (0,3)'],
      ],
      'list_move_Hopper_(0,2)': [
        ['move_(0,2)_(-2,-2)', 'Move the piece to (-2,-2)'],
        ['move_(0,2)_(-2,2)', 'Move the piece to (-2,2)'],
      ],
      'list_move_Hopper_(-2,0)': [
        ['move_(-2,0)_(3,0)', 'Move the piece to (3,0)'],
        ['move_(-2,0)_(-1,-2)', 'Move the piece to (-1,-2)'],
      ],
      'list_move_Ant_(2,-1)': [
        ['move_(2,-1)_(4,3)', 'Move the piece to (4,3)'],
        ['move_(2,-1)_(3,1)', 'Move the piece to (3,1)'],
        ['move_(2,-1)_(-3,0)', 'Move the piece to (-3,0)'],
        ['move_(2,-1)_(2,5)', 'Move the piece to (2,5)'],
        ['move_(2,-1)_(1,3)', 'Move the piece to (1,3)'],
        ['move_(2,-1)_(-1,-1)', 'Move the piece to (-1,-1)'],
        ['move_(2,-1)_(-1,-2)', 'Move the piece to (-1,-2)'],
        ['move_(2,-1)_(-2,-2)', 'Move the piece to (-2,-2)'],
        ['move_(2,-1)_(3,0)', 'Move the piece to (3,0)'],
        ['move_(2,-1)_(0,-1)', 'Move the piece to (0,-1)'],
        ['move_(2,-1)_(2,-2)', 'Move the piece to (2,-2)'],
        ['move_(2,-1)_(2,4)', 'Move the piece to (2,4)'],
        ['move_(2,-1)_(1,2)', 'Move the piece to (1,2)'],
        ['move_(2,-1)_(-2,3)', 'Move the piece to (-2,3)'],
        ['move_(2,-1)_(-1,3)', 'Move the piece to (-1,3)'],
        ['move_(2,-1)_(4,1)', 'Move the piece to (4,1)'],
        ['move_(2,-1)_(3,5)', 'Move the piece to (3,5)'],
        ['move_(2,-1)_(5,2)', 'Move the piece to (5,2)'],
        ['move_(2,-1)_(4,4)', 'Move the piece to (4,4)'],
        ['move_(2,-1)_(-3,-1)', 'Move the piece to (-3,-1)'],
        ['move_(2,-1)_(-3,1)', 'Move the piece to (-3,1)'],
        ['move_(2,-1)_(0,3)', 'Move the piece to (0,3)'],
        ['move_(2,-1)_(1,-2)', 'Move the piece to (1,-2)'],
        ['move_(2,-1)_(-2,2)', 'Move the piece to (-2,2)'],
      ],
    },
  },
  {
    name: 'random.seed(2), ply 3',
    cells: { '0,-1': 'gQ', '0,0': 'bQ', '0,1': 'bG' },
    toMove: 1,
    turns: [2, 1],
    observation:
      "Observation(text='Green to move. Surround the enemy Queen. You have 248 left.', image=<PIL.PngImagePlugin.PngImageFile image mode=RGBA size=512x512 at 0x7FA0D53D8E10>)",
    first: [
      ['list_place_Spider', 'Place the Spider piece.'],
      ['list_place_Hopper', 'Place the Hopper piece.'],
      ['list_place_Ant', 'Place the Ant piece.'],
      ['list_move_Queen_(-1,-1)', 'Move the Queen piece.'],
    ],
    second: {
      list_place_Spider: [
        ['place_(0,-2)_Spider', ''],
        ['place_(-1,-2)_Spider', ''],
        ['place_(-2,-1)_Spider', ''],
      ],
      list_place_Hopper: [
        ['place_(0,-2)_Hopper', ''],
        ['place_(-1,-2)_Hopper', ''],
        ['place_(-2,-1)_Hopper', ''],
      ],
      list_place_Ant: [
        ['place_(0,-2)_Ant', ''],
        ['place_(-1,-2)_Ant', ''],
        ['place_(-2,-1)_Ant', ''],
      ],
      'list_move_Queen_(-1,-1)': [
        ['move_(-1,-1)_(0,-1)', 'Move the piece to (0,-1)'],
        ['move_(-1,-1)_(-1,0)', 'Move the piece to (-1,0)'],
      ],
    },
  },
  {
    name: 'random.seed(2), ply 25',
    cells: {
      '0,-1': 'gQ',
      '0,-2': 'gA',
      '0,3': 'gS',
      '1,3': 'gA',
      '0,4': 'gG',
      '-2,2': 'gS',
      '0,0': 'bQ',
      '1,0': 'bG',
      '0,2': 'bG',
      '1,1': 'bS',
      '-1,2': 'bA',
      '0,-3': 'bG',
      '-1,-3': 'bS',
    },
    toMove: 1,
    turns: [13, 12],
    observation:
      "Observation(text='Green to move. Surround the enemy Queen. You have 237 left.', image=<PIL.PngImagePlugin.PngImageFile image mode=RGBA size=512x512 at 0x7FA0D5014A90>)",
    first: [
      ['list_place_Hopper', 'Place the Hopper piece.'],
      ['list_place_Ant', 'Place the Ant piece.'],
      ['list_move_Ant_(2,3)', 'Move the Ant piece.'],
      ['list_move_Hopper_(2,4)', 'Move the Hopper piece.'],
      ['list_move_Spider_(-1,2)', 'Move the Spider piece.'],
    ],
    second: {
      list_place_Hopper: [
        ['place_(0,-2)_Hopper', ''],
        ['place_(-2,-1)_Hopper', ''],
        ['place_(1,4)_Hopper', ''],
        ['place_(3,3)_Hopper', ''],
        ['place_(3,2)_Hopper', ''],
        ['place_(3,4)_Hopper', ''],
        ['place_(1,5)_Hopper', ''],
        ['place_(2,5)_Hopper', ''],
        ['place_(-2,1)_Hopper', ''],
        ['place_(-2,2)_Hopper', ''],
        ['place_(-2,3)_Hopper', ''],
      ],
      list_place_Ant: [
        ['place_(0,-2)_Ant', ''],
        ['place_(-2,-1)_Ant', ''],
        ['place_(1,4)_Ant', ''],
        ['place_(3,3)_Ant', ''],
        ['place_(3,2)_Ant', ''],
        ['place_(3,4)_Ant', ''],
        ['place_(1,5)_Ant', ''],
        ['place_(2,5)_Ant', ''],
        ['place_(-2,1)_Ant', ''],
        ['place_(-2,2)_Ant', ''],
        ['place_(-2,3)_Ant', ''],
      ],
      'list_move_Ant_(2,3)': [
        ['move_(2,3)_(3,4)', 'Move the piece to (3,4)'],
        ['move_(2,3)_(2,2)', 'Move the piece to (2,2)'],
        ['move_(2,3)_(2,5)', 'Move the piece to (2,5)'],
        ['move_(2,3)_(-2,-1)', 'Move the piece to (-2,-1)'],
        ['move_(2,3)_(-2,-2)', 'Move the piece to (-2,-2)'],
        ['move_(2,3)_(-2,1)', 'Move the piece to (-2,1)'],
        ['move_(2,3)_(-1,1)', 'Move the piece to (-1,1)'],
        ['move_(2,3)_(-3,-4)', 'Move the piece to (-3,-4)'],
        ['move_(2,3)_(0,-2)', 'Move the piece to (0,-2)'],
        ['move_(2,3)_(0,-1)', 'Move the piece to (0,-1)'],
        ['move_(2,3)_(2,1)', 'Move the piece to (2,1)'],
        ['move_(2,3)_(-4,-3)', 'Move the piece to (-4,-3)'],
        ['move_(2,3)_(1,5)', 'Move the piece to (1,5)'],
        ['move_(2,3)_(-1,-3)', 'Move the piece to (-1,-3)'],
        ['move_(2,3)_(-1,0)', 'Move the piece to (-1,0)'],
        ['move_(2,3)_(-2,3)', 'Move the piece to (-2,3)'],
        ['move_(2,3)_(-1,3)', 'Move the piece to (-1,3)'],
        ['move_(2,3)_(-3,-2)', 'Move the piece to (-3,-2)'],
        ['move_(2,3)_(0,3)', 'Move the piece to (0,3)'],
        ['move_(2,3)_(2,0)', 'Move the piece to (2,0)'],
        ['move_(2,3)_(1,-1)', 'Move the piece to (1,-1)'],
        ['move_(2,3)_(1,4)', 'Move the piece to (1,4)'],
        ['move_(2,3)_(-1,-4)', 'Move the piece to (-1,-4)'],
        ['move_(2,3)_(-2,-4)', 'Move the piece to (-2,-4)'],
        ['move_(2,3)_(-2,2)', 'Move the piece to (-2,2)'],
      ],
      'list_move_Hopper_(2,4)': [
        ['move_(2,4)_(3,2)', 'Move the piece to (3,2)'],
        ['move_(2,4)_(0,1)', 'Move the piece to (0,1)'],
      ],
      'list_move_Spider_(-1,2)': [
        ['move_(-1,2)_(-2,-1)', 'Move the piece to (-2,-1)'],
        ['move_(-1,2)_(1,4)', 'Move the piece to (1,4)'],
      ],
    },
  },
  {
    name: 'random.seed(2), ply 61',
    cells: {
      '0,-1': 'gQ',
      '0,-2': 'gA',
      '0,3': 'gS',
      '0,1': 'gG',
      '1,-3': 'gA',
      '-1,-2': 'gG',
      '-1,-3': 'gA',
      '-1,-1': 'gS',
      '2,-3': 'gG',
      '0,0': 'bQ',
      '0,2': 'bG',
      '0,4': 'bS',
      '1,4': 'bA',
      '2,3': 'bG',
      '2,-4': 'bA',
      '-2,-3': 'bS',
      '1,0': 'bG',
      '-3,-3': 'bA',
    },
    toMove: 1,
    turns: [31, 30],
    observation:
      "Observation(text='Green to move. Surround the enemy Queen. You have 219 left.', image=<PIL.PngImagePlugin.PngImageFile image mode=RGBA size=512x512 at 0x7FA0D2CC1F50>)",
    first: [
      ['list_move_Spider_(-2,-1)', 'Move the Spider piece.'],
      ['list_move_Hopper_(0,-3)', 'Move the Hopper piece.'],
    ],
    second: {
      'list_move_Spider_(-2,-1)': [
        ['move_(-2,-1)_(-4,-2)', 'Move the piece to (-4,-2)'],
        ['move_(-2,-1)_(0,2)', 'Move the piece to (0,2)'],
      ],
      'list_move_Hopper_(0,-3)': [
        ['move_(0,-3)_(-1,-5)', 'Move the piece to (-1,-5)'],
        ['move_(0,-3)_(-2,-3)', 'Move the piece to (-2,-3)'],
      ],
    },
  },
  {
    name: 'built by hand: Blue can neither place nor move',
    cells: { '0,0': 'bQ', '1,0': 'gQ', '-1,0': 'gA', '0,1': 'gG' },
    toMove: 0,
    turns: [4, 4],
    observation:
      "Observation(text='Blue to move. Surround the enemy Queen. You have 246 left.', image=<PIL.PngImagePlugin.PngImageFile image mode=RGBA size=512x512 at 0x7F0AFD2CB450>)",
    first: [['pass', 'Pass the turn.']],
    second: {},
  },
];

const pairs = (t: GameBenchTurn) => t.predefined.map((a) => [a.id, a.description] as [string, string | null]);
const sorted = <T>(xs: T[]) => [...xs].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
const gbState = (cells: Record<string, string>, toMove: number, turns: number[]): HiveState =>
  gb(position(cells, { beetles: 0, toMove, turns }));
const turnOf = (s: HiveState, seat: number) =>
  hive.gamebench!(hive.view(s, { seat }), seat, hive.legalActions(s, seat), preset.config);

describe("the turn as GameBench's code shows it", () => {
  it('has GameBench’s Rules word for word', () => {
    const t = turnOf(gbState({}, 0, [0, 0]), 0);
    expect(t.source).toBe('gamebench');
    expect(t.title).toBe('Hive');
    expect(t.summary).toBe(hive.rules.summary);
    // config.py: the same topics as the arena's first eight, but "turns.If" joined without a space.
    expect(t.details!.map(([h]) => h)).toEqual(Object.keys(hive.rules.topics).slice(0, 8));
    expect(t.details![7]![1]).toBe(
      'The game ends after 250 turns.If no Queen Bee is surrounded by the end of the game, the game is a draw.',
    );
    expect(t.openended).toEqual([]);
  });

  for (const c of GAMEBENCH_CASES)
    it(`shows ${c.name} as GameBench's code does`, () => {
      const s = gbState(c.cells, c.toMove, c.turns);
      const turn = turnOf(s, c.toMove);
      // The image's memory address is new on every turn of every run of their code: a fixed one here.
      expect(turn.observation).toBe(c.observation.replace(/ at 0x[0-9A-F]+>\)$/, ` at ${IMAGE_ADDRESS}>)`));
      expect(turn.instructions).toBe('Choose a move:');
      // The same ids and descriptions; the bugs to place first, in GameBench's order (the pieces to move follow its
      // board dict's order, which no position determines).
      expect(sorted(pairs(turn))).toEqual(sorted(c.first));
      const placeIds = (xs: [string, string | null][]) => xs.filter(([id]) => id.startsWith('list_place_'));
      expect(placeIds(pairs(turn))).toEqual(placeIds(c.first));
      for (const [id] of c.first) {
        const choice = turn.resolve(id, undefined);
        if (id === 'pass') {
          expect(choice).toEqual({ action: { type: 'pass' } });
          continue;
        }
        if (!('next' in choice)) throw new Error(`${id} leads to no menu`);
        const second = pairs(choice.next);
        expect(sorted(second)).toEqual(sorted(c.second[id]!));
        // In GameBench's own order where its code fixes one: the Queen's and a Hopper's moves by direction, and the
        // placements around a board of at most one piece.
        if (/^list_move_(Queen|Hopper)_/.test(id) || Object.keys(c.cells).length <= 1)
          expect(second).toEqual(c.second[id]);
        expect(choice.next.instructions).toBe('Choose a move:');
        expect(choice.next.observation).toBe(turn.observation);
        for (const [id2] of second) {
          const final = choice.next.resolve(id2, undefined);
          if (!('action' in final)) throw new Error(`${id2} leads to no action`);
          expect(hive.reject(s, c.toMove, final.action as HiveAction)).toBeNull();
        }
      }
    });

  it('answers an id not on the menu with an error', () => {
    const turn = turnOf(gbState({}, 0, [0, 0]), 0);
    expect(turn.resolve('list_place_Beetle', undefined)).toHaveProperty('error');
    const next = turn.resolve('list_place_Ant', undefined);
    if (!('next' in next)) throw new Error('no second menu');
    expect(next.next.predefined).toEqual([{ id: 'place_(0,0)_Ant', description: '' }]);
    expect(next.next.resolve('place_(0,0)_Ant', undefined)).toEqual({ action: place('A', 0, 0) });
    expect(next.next.resolve('place_(1,0)_Ant', undefined)).toHaveProperty('error');
  });

  // Seeded playouts (GameBench's random baseline choosing): every menu path is legal and every legal move reachable.
  it(
    'leads every menu path to a legal action and reaches every legal move, over seeded playouts under the preset',
    () => {
      for (let i = 0; i < scaled(5); i++) {
        const rng = createRng(`hive-gamebench-menus-${i}`);
        let s = hive.setup({ numPlayers: 2, config: preset.config, rng }) as HiveState;
        for (let active = hive.activeSeats(s); active.length; active = hive.activeSeats(s)) {
          const seat = active[0]!;
          const legal = hive.legalActions(s, seat) as HiveAction[];
          const turn = turnOf(s, seat);
          const reached: string[] = [];
          for (const { id } of turn.predefined) {
            const choice = turn.resolve(id, undefined);
            const finals =
              'next' in choice ? choice.next.predefined.map((a) => choice.next.resolve(a.id, undefined)) : [choice];
            for (const f of finals) {
              if (!('action' in f)) throw new Error(`a path from ${id} leads to no action`);
              expect(hive.reject(s, seat, f.action as HiveAction)).toBeNull();
              reached.push(JSON.stringify(f.action));
            }
          }
          expect(reached.sort()).toEqual(legal.map((a) => JSON.stringify(a)).sort());
          const chosen = gamebenchRandomAction(turn, rng);
          if ('error' in chosen) throw new Error(chosen.error);
          s = hive.apply(s, seat, chosen.action as HiveAction, rng) as HiveState;
        }
      }
    },
    LONG_COMPUTATION_TIMEOUT_MS,
  );

  // GameBench's code, 103 random-vs-random matches (docs/games.md): the first player wins 9.7 %, the second 5.8 %,
  // 84.5 % draws, 449 plies on average. The arena's random baseline under the preset (GameBench's RandomAgent over this
  // presentation), as games/hive/gamebench-random.ts gbagent plays it (the 200-match figures are in docs/games.md):
  // each rate within three standard errors of the difference of two samples.
  it(
    "plays GameBench's random baseline over its menus as GameBench's code does (random against random)",
    () => {
      const gamebench = { matches: 103, first: 0.097, second: 0.058, draws: 0.845 };
      const n = 40;
      let first = 0;
      let second = 0;
      for (let i = 0; i < n; i++) {
        const rng = createRng(`hive-random-gamebench-${i}`);
        let s = hive.setup({ numPlayers: 2, config: preset.config, rng }) as HiveState;
        for (let active = hive.activeSeats(s); active.length; active = hive.activeSeats(s)) {
          const seat = active[0]!;
          const chosen = gamebenchRandomAction(turnOf(s, seat), rng);
          if ('error' in chosen) throw new Error(chosen.error);
          s = hive.apply(s, seat, chosen.action as HiveAction, rng) as HiveState;
        }
        const w = hive.outcome(s)!.winner;
        if (w === 0) first++;
        else if (w === 1) second++;
      }
      const within = (rate: number, p: number) =>
        Math.abs(rate - p) <= 3 * Math.sqrt((p * (1 - p)) / n + (p * (1 - p)) / gamebench.matches);
      expect(within(first / n, gamebench.first)).toBe(true);
      expect(within(second / n, gamebench.second)).toBe(true);
      expect(within((n - first - second) / n, gamebench.draws)).toBe(true);
    },
    LONG_COMPUTATION_TIMEOUT_MS,
  );
});
