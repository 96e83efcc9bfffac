// ARENA_TEST_SCALE: the share of the long seeded tests a run does, read with a clear refusal of a bad value.
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEST_SCALE, scaled, testScale } from './test-scale';

describe('testScale', () => {
  it('is the default when unset or blank, else the number given', () => {
    expect(testScale({})).toBe(DEFAULT_TEST_SCALE);
    expect(testScale({ ARENA_TEST_SCALE: ' ' })).toBe(DEFAULT_TEST_SCALE);
    expect(testScale({ ARENA_TEST_SCALE: '1' })).toBe(1);
    expect(testScale({ ARENA_TEST_SCALE: '2.5' })).toBe(2.5);
  });

  it('refuses anything but a number above 0, saying what it takes', () => {
    for (const bad of ['0', '-1', 'full', 'NaN', 'Infinity'])
      expect(() => testScale({ ARENA_TEST_SCALE: bad })).toThrow(
        `ARENA_TEST_SCALE must be a number above 0 (1 runs the seeded tests in full, 0.2 a fifth of them), not "${bad}"`,
      );
  });

  it('scales a full count, rounded, never below the minimum', () => {
    const n = testScale();
    expect(scaled(50)).toBe(Math.max(1, Math.round(50 * n)));
    expect(scaled(1, 3)).toBe(Math.max(3, Math.round(n)));
  });
});
