// The Pit engine: its choices in hand-checked spots, legality, and that it beats a random player (`npm run bench:engine
// pit` runs the same measure over 200 matches).
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { pit } from '.';
import { pitEngine, target } from './engine';
import { measureEngine } from '../../lib/engine/playout';
import { apply, configSchema, handCards, legalActions, view, type PitState } from './rules';

const cfg = configSchema.parse({});
const position = (hands: number[][]): PitState => ({
  config: cfg,
  numPlayers: hands.length,
  hands,
  points: hands.map(() => 0),
  round: 1,
  turn: 0,
  offerer: 0,
  pending: null,
  corners: [],
  events: [],
  over: null,
});
const rng = createRng('engine');

describe('pit engine', () => {
  it('collects the commodity it holds most of (the more valuable on ties)', () => {
    expect(target(handCards([2, 3, 2, 2, 0, 0]))).toBe('Barley');
    expect(target(handCards([3, 0, 3, 3, 0, 0]))).toBe('Wheat');
  });

  it('sheds the Bear first, then the kind it holds fewest of, one card at a time, never its collection or the Bull', () => {
    const s = position([
      [1, 4, 2, 0, 1, 1],
      [2, 2, 2, 3, 0, 0],
    ]);
    expect(pitEngine(view(s, { seat: 0 }), 0, legalActions(s, 0), rng)).toEqual({
      type: 'offer',
      card: 'Bear',
      count: 1,
      to: 1,
    });
    const t = position([[1, 4, 2, 0, 2, 0].map((x, i) => (i === 4 ? 1 : x)), [2, 2, 2, 3, 0, 0]]);
    expect(pitEngine(view(t, { seat: 0 }), 0, legalActions(t, 0), rng)).toEqual({
      type: 'offer',
      card: 'Wheat',
      count: 1,
      to: 1,
    });
  });

  it('accepts 1 or 2 cards when it can pay without its collection or the Bull; refuses blocks of 3-4 and the rest', () => {
    let s = apply(
      position([
        [3, 3, 3, 0, 0, 0],
        [1, 5, 3, 0, 0, 0],
      ]),
      0,
      { type: 'offer', card: 'Corn', count: 3, to: 1 },
      rng,
    );
    expect(pitEngine(view(s, { seat: 1 }), 1, legalActions(s, 1), rng)).toEqual({ type: 'refuse' });
    s = apply(
      position([
        [3, 3, 3, 0, 0, 0],
        [1, 5, 3, 0, 0, 0],
      ]),
      0,
      { type: 'offer', card: 'Corn', count: 1, to: 1 },
      rng,
    );
    expect(pitEngine(view(s, { seat: 1 }), 1, legalActions(s, 1), rng)).toEqual({ type: 'accept', card: 'Wheat' });
    s = apply(
      position([
        [3, 3, 3, 0, 0, 0],
        [1, 5, 2, 0, 1, 0],
      ]),
      0,
      { type: 'offer', card: 'Corn', count: 2, to: 1 },
      rng,
    );
    expect(pitEngine(view(s, { seat: 1 }), 1, legalActions(s, 1), rng)).toEqual({ type: 'accept', card: 'Corn' });
    s = apply(
      position([[3, 3, 3, 0, 0, 0], [1, 6, 1, 0, 1, 0].map((x, i) => (i === 1 ? 5 : i === 3 ? 1 : x))]),
      0,
      { type: 'offer', card: 'Corn', count: 3, to: 1 },
      rng,
    );
    expect(pitEngine(view(s, { seat: 1 }), 1, legalActions(s, 1), rng)).toEqual({ type: 'refuse' });
  });

  it('beats a random player over 100 seeded matches', () => {
    // The measure `npm run bench:engine pit` prints (a win: more points; the score: the share of the points), without
    // its random baseline (as long to play as the engine's matches; the bench prints it).
    const m = measureEngine(pit, { matches: 100, seed: 'pit-engine-test', baseline: false });
    expect(m.engine.meanScore).toBeGreaterThan(0.6);
    expect(m.engine.wins).toBeGreaterThan(2 * m.engine.losses);
  });
});
