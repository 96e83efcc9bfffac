// The preset `gamebench`: Hive as GameBench's code plays it (no Beetles, its movement checks, the Queen forced on the
// fourth turn only), next to the arena's default rules; the conformance harness under it.
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import { createRng } from '../../lib/engine/rng';
import { LONG_COMPUTATION_TIMEOUT_MS, scaled } from '../../lib/test-scale';
import { hive } from '.';
import { legalActions, reject, setup, type HiveConfig, type HiveState } from './rules';
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
