// The interval of a proportion (k successes in n trials): the Wilson score interval, by its formula; every rate in the arena with an interval uses it.
import type { Stat } from './mean-interval';

/** The standard normal quantile of 97.5%: a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval for k successes in n trials:
 * (p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n), with p̂ = k/n.
 * With p̂ = 0 it is [0, z²/(n + z²)] and with p̂ = 1 it is [n/(n + z²), 1]: never a zero-width interval. n = 0 says
 * nothing: [0, 1].
 */
export function wilsonInterval(k: number, n: number, z = Z95): [number, number] {
  if (!Number.isInteger(n) || n < 0 || !Number.isInteger(k) || k < 0 || k > n) {
    throw new RangeError(`a proportion needs whole numbers 0 ≤ k ≤ n, not k = ${k}, n = ${n}`);
  }
  if (n === 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const d = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / d;
  // The formula's own bounds at p̂ = 0 and 1 are exactly 0 and 1; written so, rounding cannot push them past.
  return [k === 0 ? 0 : Math.max(0, centre - half), k === n ? 1 : Math.min(1, centre + half)];
}

/** A share for a results table: k of n, the rate, and its Wilson 95% interval (null when there is no trial). */
export interface ProportionStat extends Stat {
  k: number;
}

export function proportionStat(k: number, n: number): ProportionStat {
  if (n === 0) return { k: 0, n: 0, mean: NaN, ci95: null };
  return { k, n, mean: k / n, ci95: wilsonInterval(k, n) };
}

/** proportionStat of a list of 0/1 outcomes. */
export function proportionOf(outcomes: readonly (0 | 1 | boolean | number)[]): ProportionStat {
  let k = 0;
  for (const x of outcomes) {
    if (x !== 0 && x !== 1 && x !== true && x !== false)
      throw new RangeError(`a proportion counts 0/1 outcomes, not ${String(x)}`);
    if (x === 1 || x === true) k++;
  }
  return proportionStat(k, outcomes.length);
}
