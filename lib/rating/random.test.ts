// Tests of the bootstrap's random stream: sfc32, the same stream as lib/engine/rng.ts's first generator (legacyRng),
// uniform in [0, 1). Nothing the bootstrap draws is secret, so it keeps the fast generator.
import { describe, expect, it } from 'vitest';
import { legacyRng } from '../engine/rng';
import { binomial, binomialLogRatio, equalMultinomialInto, multinomialInto, SeededRandom } from './random';

describe('SeededRandom', () => {
  it('reproduces legacyRng(seed).next() exactly', () => {
    for (const seed of ['0:0', 'abc', '7:123']) {
      const mine = new SeededRandom(seed);
      const reference = legacyRng(seed);
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

describe('binomial', () => {
  /** Binomial(n, p) pmf by the product formula (exact enough for n ≤ 60). */
  const pmf = (n: number, p: number, k: number) => {
    let c = 1;
    for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
    return c * p ** k * (1 - p) ** (n - k);
  };

  it('draws the exact distribution by inversion, and by reflection for p > ½ (every value within 5 σ of its probability)', () => {
    for (const [n, p] of [
      [10, 0.3],
      [40, 0.05],
      [25, 0.8],
      [60, 0.5],
    ] as const) {
      const r = new SeededRandom(`binomial:${n}:${p}`);
      const R = 40_000;
      const seen = new Array<number>(n + 1).fill(0);
      for (let i = 0; i < R; i++) {
        const x = binomial(r, n, p);
        expect(Number.isInteger(x) && x >= 0 && x <= n).toBe(true);
        seen[x]!++;
      }
      for (let k = 0; k <= n; k++) {
        const q = pmf(n, p, k);
        expect(Math.abs(seen[k]! / R - q), `n ${n}, p ${p}, k ${k}`).toBeLessThanOrEqual(
          5 * Math.sqrt((q * (1 - q)) / R) + 1e-9,
        );
      }
    }
  });

  it('a mean of 10 or more (BTRS): every value within 5 σ of its exact probability, and never one outside 0 .. n', () => {
    /** The pmf from its mode by the ratio f(k + 1) / f(k) = (n − k) p / ((k + 1)(1 − p)), normalized over ±40 σ. */
    const exact = (n: number, p: number) => {
      const mode = Math.floor((n + 1) * p);
      const span = Math.ceil(40 * Math.sqrt(n * p * (1 - p))) + 10;
      const from = Math.max(0, mode - span);
      const to = Math.min(n, mode + span);
      const f = new Map<number, number>([[mode, 1]]);
      for (let k = mode; k < to; k++) f.set(k + 1, (f.get(k)! * (n - k) * p) / ((k + 1) * (1 - p)));
      for (let k = mode; k > from; k--) f.set(k - 1, (f.get(k)! * k * (1 - p)) / ((n - k + 1) * p));
      const total = [...f.values()].reduce((x, y) => x + y, 0);
      return (k: number) => (f.get(k) ?? 0) / total;
    };
    for (const [n, p] of [
      [20, 0.5],
      [40, 0.3],
      [1_000_000, 0.00001],
      [1_000_000, 0.000017],
      [5_000, 0.01],
      [2_000, 0.35],
      [100_000, 0.9997],
    ] as const) {
      const r = new SeededRandom(`btrs:${n}:${p}`);
      const R = 200_000;
      const seen = new Map<number, number>();
      let invalid = 0;
      for (let i = 0; i < R; i++) {
        const x = binomial(r, n, p);
        if (!(Number.isInteger(x) && x >= 0 && x <= n)) invalid++;
        seen.set(x, (seen.get(x) ?? 0) + 1);
      }
      expect(invalid).toBe(0);
      const q = exact(n, p);
      const mean = n * p;
      const sd = Math.sqrt(n * p * (1 - p));
      // Each value expected 10 times or more on its own; the rarer ones of each tail pooled.
      const close = (observed: number, pk: number, what: string) =>
        expect(Math.abs(observed / R - pk), `n ${n}, p ${p}, ${what}`).toBeLessThanOrEqual(
          5 * Math.sqrt((pk * (1 - pk)) / R) + 1e-9,
        );
      const tails = { below: [0, 0], above: [0, 0] };
      let chi2 = 0;
      let df = -1;
      for (let k = Math.max(0, Math.floor(mean - 8 * sd)); k <= Math.min(n, Math.ceil(mean + 8 * sd)); k++) {
        const pk = q(k);
        const got = seen.get(k) ?? 0;
        seen.delete(k);
        if (pk * R >= 10) {
          close(got, pk, `k ${k}`);
          chi2 += (got - pk * R) ** 2 / (pk * R);
          df++;
        } else {
          const tail = k < mean ? tails.below : tails.above;
          tail[0]! += got;
          tail[1]! += pk;
        }
      }
      close(tails.below[0]!, tails.below[1]!, 'the rare values below the mean');
      close(tails.above[0]!, tails.above[1]!, 'the rare values above it');
      expect([...seen.keys()], 'values beyond 8 σ').toEqual([]);
      // And all together: Pearson's χ² over the values within 5 of its degrees of freedom's standard deviations.
      expect(chi2, `n ${n}, p ${p}: χ² over ${df} degrees of freedom`).toBeLessThan(df + 5 * Math.sqrt(2 * df));
    }
  });

  it('BTRS accepts by log(f(k) / f(m)) as the exact sums of logarithms give it, to 1e-9', () => {
    const logFactorial = (j: number) => {
      let s = 0;
      for (let i = 2; i <= j; i++) s += Math.log(i);
      return s;
    };
    const logPmf = (n: number, p: number, k: number) =>
      logFactorial(n) - logFactorial(k) - logFactorial(n - k) + k * Math.log(p) + (n - k) * Math.log1p(-p);
    for (const [n, p, k] of [
      [20, 0.5, 3],
      [40, 0.3, 12],
      [5_000, 0.01, 80],
      [5_000, 0.01, 20],
      [2_000, 0.35, 600],
      [100_000, 0.0002, 0],
      [100_000, 0.0002, 45],
    ] as const) {
      const m = Math.floor((n + 1) * p);
      expect(
        Math.abs(binomialLogRatio(n, p, k) - (logPmf(n, p, k) - logPmf(n, p, m))),
        `n ${n}, p ${p}, k ${k}`,
      ).toBeLessThan(1e-9);
    }
  });

  it('a large mean: mean n·p and variance n·p·(1 − p)', () => {
    for (const [n, p] of [
      [100_000, 0.3],
      [1_000_000, 0.00002],
      [5_000, 0.97],
    ] as const) {
      const r = new SeededRandom(`big:${n}:${p}`);
      const R = 4000;
      let s = 0;
      let s2 = 0;
      for (let i = 0; i < R; i++) {
        const x = binomial(r, n, p);
        s += x;
        s2 += x * x;
      }
      const mu = n * p;
      const v = n * p * (1 - p);
      expect(Math.abs(s / R - mu)).toBeLessThan(5 * Math.sqrt(v / R));
      expect(Math.abs(s2 / R - (s / R) ** 2 - v) / v).toBeLessThan(0.1);
    }
  });

  it('edge cases: no trials, p = 0, p = 1', () => {
    const r = new SeededRandom('edges');
    expect(binomial(r, 0, 0.5)).toBe(0);
    expect(binomial(r, 7, 0)).toBe(0);
    expect(binomial(r, 7, 1)).toBe(7);
  });
});

describe('multinomialInto', () => {
  it('spreads exactly n trials over the categories by weight, into the categories named', () => {
    const r = new SeededRandom('multi');
    const weight = Int32Array.of(5, 1, 0, 4);
    const category = Int32Array.of(3, 0, 1, 2);
    const R = 20_000;
    const sum = new Float64Array(4);
    for (let i = 0; i < R; i++) {
      const out = new Int32Array(4);
      multinomialInto(r, 20, weight, category, 0, 4, 10, out);
      expect(out.reduce((s, v) => s + v, 0)).toBe(20);
      expect(out[1]).toBe(0); // weight 0
      out.forEach((v, k) => (sum[k]! += v));
    }
    // Expected: 20 · weight / 10 into each weight's category.
    for (const [k, w] of [
      [3, 5],
      [0, 1],
      [2, 4],
    ] as const) {
      const p = w / 10;
      expect(Math.abs(sum[k]! / R - 20 * p)).toBeLessThan(5 * Math.sqrt((20 * p * (1 - p)) / R));
    }
  });
});

describe('equalMultinomialInto', () => {
  it('draws exactly what multinomialInto draws with every weight 1, from the same random numbers', () => {
    for (const [n, k] of [
      [0, 3],
      [1, 1],
      [7, 2],
      [50, 4],
      [1000, 9],
      [12345, 30],
    ] as const) {
      const a = new SeededRandom(`eq:${n}:${k}`);
      const b = new SeededRandom(`eq:${n}:${k}`);
      const equal = new Int32Array(k);
      const weighted = new Int32Array(k);
      equalMultinomialInto(a, n, k, equal);
      multinomialInto(
        b,
        n,
        new Int32Array(k).fill(1),
        Int32Array.from({ length: k }, (_, i) => i),
        0,
        k,
        k,
        weighted,
      );
      expect([...equal]).toEqual([...weighted]);
      expect(equal.reduce((x, y) => x + y, 0)).toBe(n);
      expect(a.next()).toBe(b.next()); // and left the stream at the same place
    }
  });
});
