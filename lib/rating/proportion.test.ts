// The Wilson score interval against values computed by hand from its formula, at p̂ = 0 and 1 and in between.
import { describe, expect, it } from 'vitest';
import { proportionOf, proportionStat, wilsonInterval, Z95 } from './proportion';

describe('wilsonInterval', () => {
  it('at p̂ = 0 is [0, z²/(n + z²)], not [0, 0]', () => {
    // n = 5: z² = 3.84146, 3.84146 / 8.84146 = 0.43448.
    const [lo, hi] = wilsonInterval(0, 5);
    expect(lo).toBe(0);
    expect(hi).toBeCloseTo(0.4345, 4);
    expect(wilsonInterval(0, 8)[1]).toBeCloseTo(0.3244, 4);
    expect(wilsonInterval(0, 24)).toEqual([0, expect.closeTo(0.138, 4)]);
  });

  it('at p̂ = 1 is [n/(n + z²), 1], not [1, 1]', () => {
    // n = 24: 24 / 27.84146 = 0.86202; n = 5: 5 / 8.84146 = 0.56552.
    expect(wilsonInterval(24, 24)).toEqual([expect.closeTo(0.862, 4), 1]);
    expect(wilsonInterval(5, 5)).toEqual([expect.closeTo(0.5655, 4), 1]);
    expect(wilsonInterval(1, 1)).toEqual([expect.closeTo(0.2065, 4), 1]);
  });

  it('in between, the textbook values', () => {
    // 25 of 100: centre (0.25 + 0.019207) / 1.038415 = 0.25925, half 1.96·√(0.001875 + 0.0000960) / 1.038415 = 0.08379.
    const [lo, hi] = wilsonInterval(25, 100);
    expect(lo).toBeCloseTo(0.1755, 4);
    expect(hi).toBeCloseTo(0.343, 4);
    // 2 of 3.
    expect(wilsonInterval(2, 3)[0]).toBeCloseTo(0.2077, 4);
    expect(wilsonInterval(2, 3)[1]).toBeCloseTo(0.9385, 4);
  });

  it('is symmetric (k of n mirrors n − k of n), uses z = 1.96 by default, and says nothing for n = 0', () => {
    const [a, b] = wilsonInterval(3, 11);
    const [c, d] = wilsonInterval(8, 11);
    expect(a).toBeCloseTo(1 - d, 12);
    expect(b).toBeCloseTo(1 - c, 12);
    expect(Z95).toBeCloseTo(1.96, 2);
    // A 90% interval (z = 1.645) is narrower.
    expect(wilsonInterval(0, 5, 1.6448536)[1]).toBeCloseTo(1.6448536 ** 2 / (5 + 1.6448536 ** 2), 10);
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });

  it('refuses what is not a count', () => {
    expect(() => wilsonInterval(6, 5)).toThrow(/0 ≤ k ≤ n/);
    expect(() => wilsonInterval(-1, 5)).toThrow(RangeError);
    expect(() => wilsonInterval(1.5, 5)).toThrow(RangeError);
    expect(() => wilsonInterval(1, NaN)).toThrow(RangeError);
  });
});

describe('proportionStat', () => {
  it('carries k, n, the rate and the Wilson interval; nothing to say without a trial', () => {
    expect(proportionStat(0, 5)).toEqual({ k: 0, n: 5, mean: 0, ci95: [0, expect.closeTo(0.4345, 4)] });
    expect(proportionStat(0, 0)).toEqual({ k: 0, n: 0, mean: NaN, ci95: null });
    expect(proportionOf([1, 0, true, false, 1])).toMatchObject({ k: 3, n: 5, mean: 0.6 });
    expect(() => proportionOf([0.5])).toThrow(/0\/1 outcomes/);
  });
});
