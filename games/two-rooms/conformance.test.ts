// The arena's conformance suite over Two Rooms and a Boom: termination, determinism, views, secrets, the Legal moves
// convention, parse(format), outcomes and the engine's legality.
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import { twoRooms } from '.';

describe('two rooms conformance', () => {
  it('keeps the game contract over 30 seeded playouts', () => {
    expect(checkConformance(twoRooms, { seeds: 30 })).toEqual([]);
  });
  it('also with one round', () => {
    expect(checkConformance(twoRooms, { seeds: 10, config: { rounds: 1 } })).toEqual([]);
  });
});
