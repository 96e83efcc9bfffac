import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { santorini } from '.';
import { santoriniEngine } from './engine';
import { measureEngine } from '../../lib/engine/playout';
import { apply, legalActions, outcome, setup, view, type SantoriniAction } from './rules';
import { position } from './test-helpers';

describe('santorini engine', () => {
  it('climbs onto level 3 when it can', () => {
    const s = position(['0. 0. 0. 0. 0.', '0. 0. 3. 0. 0.', '0. 0. 2A 1. 0.', '0X 0. 0. 0. 0B', '0. 0. 0. 0. 0Y']);
    const a = santoriniEngine(view(s), 0, legalActions(s, 0), createRng('win'), { depth: 1 });
    expect(a).toEqual({ type: 'turn', pawn: 'A', to: 'c4', build: null });
  });

  it('domes the square the opponent’s next pawn would climb onto', () => {
    // X, next to play, stands on level 2 at d4 next to e5 at level 3: A (at e3) must move next to e5 (e4 or d5)
    // and dome it, or X climbs it.
    const s = position(['0. 0. 0. 0. 3.', '0. 0. 0. 2X 0.', '0. 0. 0. 0. 0A', '0. 0. 0. 0. 0.', '0B 0. 0. 0. 0Y']);
    const a = santoriniEngine(view(s), 0, legalActions(s, 0), createRng('block'), { depth: 2 }) as Extract<
      SantoriniAction,
      { type: 'turn' }
    >;
    const next = apply(s, 0, a);
    // After its turn, X has no winning move.
    expect(legalActions(next, 1).some((b) => b.type === 'turn' && b.build === null)).toBe(false);
  });

  it('places on a central square and always answers legally', () => {
    const a = santoriniEngine(view(setup()), 0, legalActions(setup(), 0), createRng('place'));
    expect(a).toEqual({ type: 'place', pawn: 'A', at: expect.stringMatching(/^[b-d][2-4]$/) });
  });

  it('beats a random player in at least 95% of 200 seeded matches, seats alternating', () => {
    // The measure `npm run bench:engine santorini` prints: 200 of 200 here, where random wins 105 on the same seeds.
    const m = measureEngine(santorini, { matches: 200, seed: 'santorini-engine', engineOptions: { depth: 3 } });
    expect(m.engine.wins).toBeGreaterThanOrEqual(190);
    expect(m.engine.meanScore).toBeGreaterThan(m.random.meanScore);
  });

  it('plays legal moves only, and a whole game against itself ends with a winner', () => {
    const rng = createRng('self');
    let s = setup();
    for (let seat = santorini.activeSeats(s)[0]; seat !== undefined; seat = santorini.activeSeats(s)[0]) {
      const a = santorini.engine(santorini.view(s, { seat }), seat, legalActions(s, seat), rng, { depth: 2 });
      expect(santorini.reject(s, seat, a)).toBeNull();
      s = apply(s, seat, a);
    }
    expect(outcome(s)?.winner).not.toBeNull();
  });
});
