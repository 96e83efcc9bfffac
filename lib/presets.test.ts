// A preset across games: each game's own config under one name, and the games without one named.
import { describe, expect, it } from 'vitest';
import { games } from '../games/registry';
import { GAMEBENCH_PRESET, presetConfigs } from './presets';

describe('presetConfigs', () => {
  it("gives each game's config for the label and names the games without it, in order", () => {
    const list = [
      { id: 'a', presets: [{ label: 'gamebench', config: { x: 1 } }] },
      { id: 'b', presets: [{ label: 'other', config: { y: 2 } }] },
      { id: 'c', presets: [] },
      {
        id: 'd',
        presets: [
          { label: 'other', config: {} },
          { label: 'gamebench', config: { z: 3 } },
        ],
      },
    ];
    expect(presetConfigs(list, GAMEBENCH_PRESET)).toEqual({
      configs: { a: { x: 1 }, d: { z: 3 } },
      missing: ['b', 'c'],
    });
    expect(presetConfigs([], GAMEBENCH_PRESET)).toEqual({ configs: {}, missing: [] });
  });

  it('a gamebench preset is only on GameBench’s games, and each parses as its game’s config', () => {
    for (const g of games) {
      const p = g.meta.settingsPresets.find((x) => x.label === GAMEBENCH_PRESET);
      if (!p) continue;
      expect(g.meta.gamebenchId, g.id).toBeDefined();
      expect(() => g.parseConfig(p.config), g.id).not.toThrow();
    }
  });
});
