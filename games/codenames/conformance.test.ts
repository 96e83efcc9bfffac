// The arena's conformance suite over Codenames: termination, determinism, views, the key kept from operatives and
// spectators, the Legal moves convention, parse(format), outcomes and the engine's legality. Spymasters' open-ended
// clues are played by the fallback ("NONE 1") in one run and by random valid clues in the other.
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import { codenames } from '.';
import { randomClue } from './engine';
import type { CnState } from './rules';

describe('codenames conformance', () => {
  it('keeps the game contract over 30 seeded playouts (spymasters play the fallback clue)', () => {
    expect(checkConformance(codenames, { seeds: 30 })).toEqual([]);
  });
  it('also with random valid clues and numbers', () => {
    expect(
      checkConformance(codenames, { seeds: 30, randomAction: (s, _seat, rng) => randomClue(s as CnState, rng) }),
    ).toEqual([]);
  });
  it('also with the key hidden from spectators', () => {
    expect(checkConformance(codenames, { seeds: 5, config: { spectatorsSeeKey: false } })).toEqual([]);
  });
});
