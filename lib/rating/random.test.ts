// Tests of the bootstrap's random stream: the same sfc32 stream as lib/engine/rng.ts, uniform in [0, 1).
import { describe, expect, it } from 'vitest';
import { createRng } from '../engine/rng';
import { SeededRandom } from './random';

describe('SeededRandom', () => {
  it('reproduces createRng(seed).next() exactly', () => {
    for (const seed of ['0:0', 'abc', '7:123']) {
      const mine = new SeededRandom(seed);
      const reference = createRng(seed);
      for (let i = 0; i < 1000; i++) expect(mine.next()).toBe(reference.next());
    }
  });

  it('draws uniform floats in [0, 1)', () => {
    const r = new SeededRandom('u');
    const bins = new Array<number>(10).fill(0);
    let min = 1;
    let max = 0;
    for (let i = 0; i < 100_000; i++) {
      const x = r.next();
      min = Math.min(min, x);
      max = Math.max(max, x);
      bins[Math.floor(x * 10)]!++;
    }
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
    for (const b of bins) expect(Math.abs(b - 10_000)).toBeLessThan(500);
  });
});
