// The arena's conformance suite over Are You the Traitor?: termination, determinism, views, secrets, the Legal moves
// convention, parse(format), outcomes and the engine's legality; with the defaults and with the demo settings.
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import { areYouTheTraitor } from '.';

describe('are you the traitor conformance', () => {
  it('keeps the game contract over 30 seeded playouts', () => {
    expect(checkConformance(areYouTheTraitor, { seeds: 30 })).toEqual([]);
  });
  it('also with the demo settings', () => {
    expect(checkConformance(areYouTheTraitor, { seeds: 30, config: areYouTheTraitor.demoConfig })).toEqual([]);
  });
  it('also with one lap of talk and a low target', () => {
    expect(
      checkConformance(areYouTheTraitor, { seeds: 10, config: { talkLaps: 1, targetPoints: 3, maxRounds: 3 } }),
    ).toEqual([]);
  });
});
