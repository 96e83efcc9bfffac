// The SimulBench dialogue keeps the game contract: seeded playouts with its fallbacks (the user stops at once) and with
// random requests and replies (dialogues that run to the last turn), replayed and checked by lib/engine/conformance.ts.
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import type { Rng, Seat } from '../../lib/engine/types';
import { simulbench } from './index';
import { STRATEGIES, USER } from './types';

/** A random open-ended move: mostly requests (now and then a stop) for the user, replies (sometimes empty) for the simulator. */
function randomAction(_state: unknown, seat: Seat, rng: Rng) {
  if (seat === USER) {
    if (rng.next() < 0.15) return { type: 'stop' };
    const strategy = rng.pick(STRATEGIES);
    return strategy === 'others'
      ? { type: 'request', strategy, text: `request ${rng.int(100)}`, note: 'a random note' }
      : { type: 'request', strategy, text: `request ${rng.int(100)}` };
  }
  return { type: 'respond', text: rng.next() < 0.2 ? '' : `reply ${rng.int(100)}` };
}

describe('SimulBench conformance', () => {
  it('conforms when played with its fallbacks', () => {
    expect(checkConformance(simulbench, { seeds: 20 })).toEqual([]);
  });
  it('conforms with random requests and replies, up to the last turn, for several turn limits', () => {
    for (const turns of [1, 4, 10]) {
      expect(checkConformance(simulbench, { seeds: 20, randomAction, config: { turns } })).toEqual([]);
    }
  });
  it('has the meta the brief asks for', () => {
    expect(simulbench.meta).toMatchObject({
      title: 'SimulBench dialogue',
      minPlayers: 2,
      maxPlayers: 2,
      info: 'perfect',
      chance: false,
      categories: ['language-communication'],
      seatNames: ['User', 'Simulator'],
      humanMoveSeconds: 600,
      scoring: 'evaluation',
    });
    expect(simulbench.spectatorsSeeAll({})).toBe(true);
    expect(simulbench.demoConfig?.turns).toBe(3);
    expect(Object.keys(simulbench.rules.topics)).toEqual(['tasks', 'turns', 'strategies', 'sampling', 'scoring']);
  });
});
