// The Air, Land and Sea engine: legal, sensible choices in hand-checked spots, a determinization consistent with the
// view, and a clear win over a random player (`npm run bench:engine air-land-sea` runs the
// same measure over 200 matches).
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { airLandSea } from '.';
import { alsEngine, determinize } from './engine';
import { measureEngine } from '../../lib/engine/playout';
import { legalActions, view } from './rules';
import { play, position } from './testkit';

describe('air-land-sea engine', () => {
  it('fills only the unseen cards when it guesses the hidden state', () => {
    const s = position({
      hands: [
        ['A6', 'L3'],
        ['S6', 'A1'],
      ],
      board: { Land: [['~S1'], ['~L6']] },
    });
    const d = determinize(view(s, { seat: 0 }), 0, createRng('d'));
    expect(d.hands[0]).toEqual(['A6', 'L3']);
    expect(d.hands[1]).toHaveLength(2);
    expect(d.board.Land[0]).toEqual([{ card: 'S1', faceUp: false }]);
    expect(new Set([...d.hands.flat(), ...d.deck, 'S1', d.board.Land[1]![0]!.card]).size).toBe(18);
  });

  it('flips the strongest enemy card facedown with Maneuver and never withdraws from an even battle', () => {
    const s = position({
      hands: [['L3', 'A6'], ['S1']],
      board: { Air: [['A1'], ['A6'.replace('6', '5')]] },
      order: ['Air', 'Land', 'Sea'],
    });
    const t = play(s, { type: 'deploy', card: 'L3', theater: 'Land' });
    expect(alsEngine(view(t, { seat: 0 }), 0, legalActions(t, 0), createRng('e'))).toEqual({
      type: 'flip',
      theater: 'Air',
      owner: 1,
    });
    const a = alsEngine(view(s, { seat: 0 }), 0, legalActions(s, 0), createRng('e'));
    expect(a.type).not.toBe('withdraw');
  });

  it('beats a random player over 60 seeded matches', () => {
    // The measure `npm run bench:engine air-land-sea` prints (a win: more VPs; the score: the share of the VPs).
    const m = measureEngine(airLandSea, { matches: 60, seed: 'als-engine-test' });
    expect(m.engine.meanScore).toBeGreaterThan(0.8);
    expect(m.engine.wins).toBeGreaterThan(50);
    expect(m.engine.meanScore).toBeGreaterThan(m.random.meanScore);
  });
});
