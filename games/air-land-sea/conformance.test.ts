// The conformance suite over Air, Land and Sea: random playouts (default and demo config) keep the game contract.
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import { airLandSea } from '.';

describe('air-land-sea conformance', () => {
  it('keeps the game contract over 30 seeded playouts', () => {
    expect(checkConformance(airLandSea, { seeds: 30 })).toEqual([]);
  }, 120_000);
});
