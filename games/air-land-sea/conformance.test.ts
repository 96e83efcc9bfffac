// The conformance suite over Air, Land and Sea: random playouts (default and demo config) keep the game contract.
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import { scaled } from '../../lib/test-scale';
import { airLandSea } from '.';

describe('air-land-sea conformance', () => {
  // 30 in full, ARENA_TEST_SCALE of them in a run (lib/test-scale.ts).
  it(`keeps the game contract over ${scaled(30, 3)} seeded playouts`, () => {
    expect(checkConformance(airLandSea, { seeds: scaled(30, 3) })).toEqual([]);
  });
});
