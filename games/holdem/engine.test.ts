// The Hold'em baseline: legal moves from its own view only, the decision thresholds, and profit against simple players.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import type { Rng, Seat } from '../../lib/engine/types';
import { measureEngine } from '../../lib/engine/playout';
import { FULL_DECK } from './hand';
import { decide, holdemEngine } from './engine';
import { holdem } from './index';
import {
  apply,
  configSchema,
  legalActions,
  newMatch,
  outcome,
  setup,
  view,
  type HoldemAction,
  type HoldemState,
} from './rules';

type Player = (s: HoldemState, seat: Seat, legal: HoldemAction[], rng: Rng) => HoldemAction;
const engine: Player = (s, seat, legal, rng) => holdemEngine(view(s, { seat }), seat, legal, rng);
const station: Player = (_s, _seat, legal) => legal.find((a) => a.type === 'check-call')!;

/** The engine's chips won and match score over `n` one-hand matches against `other`, alternating seats. */
function results(other: Player, n: number, seed: string): { chips: number; score: number } {
  let chips = 0;
  let score = 0;
  for (let i = 0; i < n; i++) {
    const rng = createRng(`${seed}-${i}`);
    const engineSeat = i % 2;
    let s = setup(rng, configSchema.parse({}));
    while (!s.ended) {
      const seat = s.toMove!;
      const legal = legalActions(s, seat);
      s = apply(s, seat, (seat === engineSeat ? engine : other)(s, seat, legal, rng), rng);
    }
    chips += outcome(s)!.rewards![engineSeat]!;
    score += outcome(s)!.scores[engineSeat]!;
  }
  return { chips, score: score / n };
}

describe('holdem engine', () => {
  it('always answers a legal move, from its own view', () => {
    for (let i = 0; i < 40; i++) {
      const rng = createRng(`legal-${i}`);
      let s = setup(rng, configSchema.parse({ hands: 3 }));
      while (!s.ended) {
        const seat = s.toMove!;
        const legal = legalActions(s, seat);
        const v = view(s, { seat });
        expect(v.hole[1 - seat]).toBeNull();
        const a = holdemEngine(v, seat, legal, rng);
        expect(legal).toContainEqual(a);
        s = apply(s, seat, a, rng);
      }
    }
  });

  it('wins most matches against a random player, and chips from a player who always calls', () => {
    // Against random: the measure `npm run bench:engine holdem` prints.
    expect(measureEngine(holdem, { matches: 200, seed: 'vs-random' }).engine.meanScore).toBeGreaterThan(0.55);
    expect(results(station, 200, 'vs-station').chips).toBeGreaterThan(0);
  });

  it('raises pocket aces, folds seven-deuce to an all-in, but calls when a fold would lose the match', () => {
    const deck = (top: string) => [...top.split(' '), ...FULL_DECK.filter((c) => !top.split(' ').includes(c))];
    const aces = newMatch(configSchema.parse({}), deck('Ah As 7c 2d'));
    const a = holdemEngine(view(aces, { seat: 0 }), 0, legalActions(aces, 0), createRng('aa'));
    expect(['raise-half-pot', 'raise-full-pot', 'all-in']).toContain(a.type);
    // Hand 1 of 3: folding seven-deuce to an all-in costs only the big blind.
    const early = apply(
      newMatch(configSchema.parse({ hands: 3 }), deck('Ah As 7c 2d'), createRng('r')),
      0,
      { type: 'all-in' },
      createRng('x'),
    );
    expect(holdemEngine(view(early, { seat: 1 }), 1, legalActions(early, 1), createRng('72'))).toEqual({
      type: 'fold',
    });
    // In a one-hand match the fold loses the match for sure; the call still wins about a third of the time.
    const last = apply(newMatch(configSchema.parse({}), deck('Ah As 7c 2d')), 0, { type: 'all-in' }, createRng('x'));
    expect(holdemEngine(view(last, { seat: 1 }), 1, legalActions(last, 1), createRng('72'))).toEqual({
      type: 'check-call',
      amount: 98,
    });
  });

  it('decides by thresholds on the win probability and the pot odds', () => {
    const s = newMatch(configSchema.parse({}), FULL_DECK);
    const v = view(s, { seat: 0 });
    const legal = legalActions(s, 0);
    const rng = createRng('d');
    expect(decide(0.95, v, 0, legal, rng)).toEqual({ type: 'all-in', amount: 99 });
    expect(decide(0.85, v, 0, legal, rng)).toEqual({ type: 'raise-full-pot', to: 6 });
    expect(decide(0.7, v, 0, legal, rng)).toEqual({ type: 'raise-half-pot', to: 4 });
    // Calling 1 into a pot of 3: pot odds 0.25, so 0.4 calls and 0.15 folds (when the match goes on after this hand).
    const early = { ...v, hands: 3 };
    expect(decide(0.4, early, 0, legal, rng)).toEqual({ type: 'check-call', amount: 1 });
    expect(decide(0.15, early, 0, legal, rng)).toEqual({ type: 'fold' });
    expect(decide(0.15, v, 0, legal, rng)).toEqual({ type: 'check-call', amount: 1 });
  });

  it('is the engine of the game definition', () => {
    const s = setup(createRng('def'), configSchema.parse({}));
    const legal = legalActions(s, 0);
    expect(holdem.engine!(view(s, { seat: 0 }), 0, legal, createRng('e'), {})).toEqual(
      holdemEngine(view(s, { seat: 0 }), 0, legal, createRng('e')),
    );
  });
});
