// The Hive engine: it takes a winning move, avoids handing one over, and beats random play. The full measure
// (200 seeded matches) is `npm run bench:hive`; this test plays a seeded sample to keep the suite fast.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { hive } from '.';
import { hiveEngine } from './engine';
import { legalActions, view } from './rules';
import { move, position } from './test-helpers';

describe('hive engine', () => {
  it('surrounds the opposing Queen when it can', () => {
    const s = position({ '0,0': 'gQ', '1,0': 'bQ', '1,-1': 'gA', '0,-1': 'bG', '-1,0': 'gS', '-1,1': 'bS', '1,1': 'bA' });
    for (let i = 0; i < 3; i++) expect(hiveEngine(view(s), 0, legalActions(s, 0), createRng(`w${i}`), {})).toEqual(move([1, 1], [0, 1]));
  });

  it('beats a random player in at least 18 of 20 seeded matches, seats alternating', () => {
    let wins = 0;
    for (let i = 0; i < 20; i++) {
      const engineSeat = i % 2;
      const rng = createRng(`hive-engine-test-${i}`);
      let s = hive.setup({ numPlayers: 2, config: {}, rng });
      for (let seat = hive.activeSeats(s)[0]; seat !== undefined; seat = hive.activeSeats(s)[0]) {
        const legal = hive.legalActions(s, seat)!;
        s = hive.apply(s, seat, seat === engineSeat ? hive.engine(hive.view(s, { seat }), seat, legal, rng, {}) : rng.pick(legal), rng);
      }
      if (hive.outcome(s)!.winner === engineSeat) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(18);
  });
});
