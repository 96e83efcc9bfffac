// A mean with seeded percentile-bootstrap intervals: for per-agent averages (team scores, win rates, probe accuracy).
import { quantile } from './bootstrap';
import { SeededRandom } from './random';
import type { Interval } from './types';

export interface MeanInterval {
  mean: number;
  /** 5th–95th percentile of the bootstrapped mean. */
  ci90: Interval;
  /** 2.5th–97.5th percentile of the bootstrapped mean. */
  ci95: Interval;
}

/** The mean of `values` and its bootstrap intervals (`rounds` resamples, seeded); values must not be empty. */
export function bootstrapMean(values: readonly number[], seed: string, rounds = 1000): MeanInterval {
  const n = values.length;
  const mean = values.reduce((s, x) => s + x, 0) / n;
  const random = new SeededRandom(seed);
  const means = new Float64Array(rounds);
  for (let r = 0; r < rounds; r++) {
    let sum = 0;
    for (let d = 0; d < n; d++) sum += values[Math.floor(random.next() * n)]!;
    means[r] = sum / n;
  }
  means.sort();
  const q = (p: number) => quantile(means, p);
  return { mean, ci90: { lower: q(0.05), upper: q(0.95) }, ci95: { lower: q(0.025), upper: q(0.975) } };
}

/** A mean for a results table: its interval is null below `minSamples` values (too few to say anything). */
export interface Stat {
  n: number;
  mean: number;
  /** [low, high], as the tables' Wilson intervals (lib/rating/proportion.ts). */
  ci95: [number, number] | null;
}

/** Below this many values a table shows the mean without an interval. */
export const MIN_SAMPLES = 5;

export function meanStat(values: readonly number[], seed: string, rounds = 1000, minSamples = MIN_SAMPLES): Stat {
  if (values.length === 0) return { n: 0, mean: NaN, ci95: null };
  const mean = values.reduce((s, x) => s + x, 0) / values.length;
  if (values.length < minSamples) return { n: values.length, mean, ci95: null };
  const { ci95 } = bootstrapMean(values, seed, rounds);
  return { n: values.length, mean, ci95: [ci95.lower, ci95.upper] };
}
