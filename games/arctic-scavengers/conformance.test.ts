// The conformance suite over Arctic Scavengers: termination, determinism, views JSON-safe, parse(format) round trips,
// the Legal moves convention, outcomes, the engine answering legally.
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import { arcticScavengers } from '.';

describe('arctic scavengers conformance', () => {
  it('keeps the game contract over 30 seeded playouts', () => {
    expect(checkConformance(arcticScavengers, { seeds: 30 })).toEqual([]);
  }, 60_000);
  it('and with 3 rounds', () => {
    expect(checkConformance(arcticScavengers, { seeds: 10, config: { rounds: 3 } })).toEqual([]);
  }, 60_000);
});
