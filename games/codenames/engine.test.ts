// The Codenames engine: clues that point to its team's words and never to the assassin, guesses that follow the clue,
// and a team that clearly beats the random team over seeded matches (`npm run bench:engine codenames`
// measures more).
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { codenames } from '.';
import { ASSOCIATIONS, engineClue, engineGuess, pointsTo, randomClue } from './engine';
import { measureEngine } from '../../lib/engine/playout';
import { playout } from './playout';
import { apply, clueProblem, legalActions, setup, view, WORD_LIST, configSchema } from './rules';

const cfg = configSchema.parse({});

describe('codenames engine', () => {
  it('gives valid clues pointing only to its own words, never the assassin, on 100 boards', () => {
    let clean = 0;
    for (let i = 0; i < 100; i++) {
      const s = setup(createRng(`e${i}`), cfg, 4);
      const v = view(s, { seat: 0 });
      const c = engineClue(v, 0, createRng(`c${i}`));
      expect(clueProblem(c.word, s.words)).toBeNull();
      const hits = pointsTo(c.word, v);
      const colors = hits.map((w) => s.key[s.words.indexOf(w)]);
      expect(colors).not.toContain('assassin');
      if (colors.every((k) => k === 'red')) clean++;
      expect(c.count).toBe(colors.filter((k) => k === 'red').length || 1);
    }
    expect(clean).toBeGreaterThan(80);
  });
  it('guesses the words its clue points to, then stops', () => {
    const s0 = setup(createRng('g'), cfg, 4);
    const clue = engineClue(view(s0, { seat: 0 }), 0, createRng('c'));
    let s = apply(s0, 0, clue, createRng('a'));
    const targets = pointsTo(clue.word, view(s, { seat: 1 }));
    for (let k = 0; k < clue.count; k++) {
      const a = engineGuess(view(s, { seat: 1 }), 1, legalActions(s, 1)!, createRng(`k${k}`));
      expect(a.type).toBe('guess');
      expect(targets).toContain(a.type === 'guess' ? a.word : '');
      s = apply(s, 1, a, createRng('a'));
    }
    expect(engineGuess(view(s, { seat: 1 }), 1, legalActions(s, 1)!, createRng('z'))).toEqual({ type: 'stop' });
  });
  it('random clues are valid words of the list', () => {
    const s = setup(createRng('r'), cfg, 4);
    for (let i = 0; i < 50; i++) {
      const c = randomClue(view(s, { seat: 0 }), createRng(`r${i}`));
      expect(WORD_LIST).toContain(c.word);
      expect(clueProblem(c.word, s.words)).toBeNull();
      expect(c.count).toBeGreaterThanOrEqual(0);
      expect(c.count).toBeLessThanOrEqual(9);
    }
    expect(Object.keys(ASSOCIATIONS).length).toBeGreaterThan(100);
  });
  it('clearly beats the random team over 200 seeded matches, on either side', () => {
    // The measure `npm run bench:engine codenames` prints, with the game's own playout (a random spymaster's clue).
    const m = measureEngine(codenames, { matches: 200, seed: 'engine-test', playout });
    expect(m.engine.wins).toBeGreaterThan(170);
    expect(m.engine.meanScore).toBeGreaterThan(0.75);
    expect(m.engine.meanScore).toBeGreaterThan(m.random.meanScore);
  });
});
