// The Arctic Scavengers engine: its choices in hand-checked spots, and that it beats a random player (bench/
// arctic-scavengers.ts runs the full 200-match figure).
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { arcticScavengers } from '.';
import { arcEngine } from './engine';
import { measureEngine } from '../../lib/engine/playout';
import { apply, configSchema, legalActions, view, type ArcState } from './rules';
import { exampleStart } from './prompt';

const cfg = configSchema.parse({});
const rng = createRng('engine');
const choose = (s: ArcState, seat = 0) => arcEngine(view(s, { seat }), seat, legalActions(s, seat), rng);

describe('arctic scavengers engine', () => {
  it('hunts just enough food for the best mercenary it can afford, then hires it', () => {
    const s = exampleStart(cfg);
    const a = choose(s);
    expect(a).toMatchObject({ type: 'hunt' });
    const after = apply(s, 0, a, rng);
    expect(choose(after)).toMatchObject({ type: 'hire' });
  });
  it('keeps medicine over Junk, snipes the strongest fighter, never trashes tribe members', () => {
    let s = apply(exampleStart(cfg), 0, { type: 'dig', cards: ['Brawler', 'Shovel'] }, rng);
    expect(choose(s)).toEqual({ type: 'keep', card: 'Medkit' });
    s = exampleStart(cfg);
    s.tribes[0]!.hand = ['Sniper Team', 'Refugee'];
    s.tribes[1]!.hand = ['Thug', 'Scavenger'];
    s.phase = 'skirmish';
    expect(choose(s)).toEqual({ type: 'snipe', target: 'Thug' });
    s = exampleStart(cfg);
    s.tribes[0]!.hand = ['Junk', 'Refugee'];
    s.tribes[0]!.used = ['dig', 'hunt', 'draw', 'hire'];
    expect(choose(s)).toEqual({ type: 'trash', cards: ['Junk'] });
  });
  it('beats a random player over 60 seeded matches', () => {
    // The measure `npm run bench:engine arctic-scavengers` prints.
    const m = measureEngine(arcticScavengers, { matches: 60, seed: 'arc-engine-test' });
    expect(m.engine.meanScore).toBeGreaterThan(0.85);
    expect(m.engine.meanScore).toBeGreaterThan(m.random.meanScore);
  });
});
