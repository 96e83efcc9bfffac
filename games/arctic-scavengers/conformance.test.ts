// The conformance suite over Arctic Scavengers: termination, determinism, views JSON-safe, parse(format) round trips,
// the Legal moves convention, outcomes, the engine answering legally.
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import { scaled } from '../../lib/test-scale';
import { arcticScavengers } from '.';

describe('arctic scavengers conformance', () => {
  // 30 in full, ARENA_TEST_SCALE of them in a run (lib/test-scale.ts).
  it(`keeps the game contract over ${scaled(30, 3)} seeded playouts`, () => {
    expect(checkConformance(arcticScavengers, { seeds: scaled(30, 3) })).toEqual([]);
  });
  it('and with 3 rounds', () => {
    expect(checkConformance(arcticScavengers, { seeds: scaled(10, 2), config: { rounds: 3 } })).toEqual([]);
  });
});
