// The Hive definition: metadata from GameBench's Table 1, its rules topics, and the conformance harness.
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import { hive } from '.';

describe('hive definition', () => {
  it('is a two-player, perfect-information, deterministic abstract strategy game with GameBench’s topics', () => {
    expect(hive.meta).toMatchObject({
      minPlayers: 2,
      maxPlayers: 2,
      info: 'perfect',
      chance: false,
      categories: ['abstract-strategy'],
      seatNames: ['Blue', 'Green'],
    });
    for (const topic of [
      'Placing the Queen Bee',
      'Queen Bee Movement',
      'Spider Movement',
      'Ant Movement',
      'Grasshopper Movement',
      'One Hive Rule',
      'Freedom to Move',
      'Max Turns',
    ]) {
      expect(hive.rules.topics[topic], topic).toBeTruthy();
    }
    expect(hive.defaultConfig).toEqual({ maxTurns: 250, beetles: 2 });
  });

  it('keeps the game contract over seeded random playouts (the registry-wide suite runs 50)', () => {
    expect(checkConformance(hive, { seeds: 4, engineSeeds: 1 })).toEqual([]);
    expect(checkConformance(hive, { seeds: 2, engineSeeds: 0, config: { beetles: 0, maxTurns: 40 } })).toEqual([]);
  });
});
