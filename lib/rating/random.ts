// Seeded uniform random numbers for the bootstrap: sfc32, as lib/engine/rng.ts's first generator, tuned for hot loops.
// The bootstrap's draws are no secret (anyone may rerun them from the published seed), so speed decides here.

/** 32-bit FNV-1a hash of a string. */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/**
 * Uniform floats in [0, 1), fully determined by the seed string (the same stream as legacyRng(seed).next()).
 * A class with its state in an Int32Array, so that a draw allocates nothing and the call inlines even when
 * a new generator is made per bootstrap round.
 */
export class SeededRandom {
  private readonly s: Int32Array;

  constructor(seed: string) {
    this.s = Int32Array.of(hash32(seed + '#a'), hash32(seed + '#b'), hash32(seed + '#c'), hash32(seed + '#d'));
    for (let i = 0; i < 12; i++) this.next();
  }

  /** The next uniform float in [0, 1). */
  next(): number {
    const s = this.s;
    const a = s[0]!;
    const b = s[1]!;
    const c = s[2]!;
    const d = (s[3]! + 1) | 0;
    const t = (a + b + d) | 0;
    s[0] = b ^ (b >>> 9);
    s[1] = (c + (c << 3)) | 0;
    s[2] = (((c << 21) | (c >>> 11)) + t) | 0;
    s[3] = d;
    return (t >>> 0) / 4294967296;
  }
}

/** Smallest mean drawn by transformed rejection (BTRS needs n·p ≥ 10); below it, by inversion. */
const REJECTION_MEAN = 10;
/** Farthest k from the mode whose probability ratio the rejection step multiplies out; beyond it, by logarithms. */
const RATIO_STEPS = 15;

/**
 * A Binomial(n, p) draw. A mean below 10 is drawn by inversion (BINV: walking the distribution from 0, the pmf by its
 * recurrence, one uniform: exact, in about n·p steps); a mean of 10 or more by Hörmann's transformed rejection ("The
 * generation of binomial random variates", 1993: BTRS's hat, BTRD's exact test), in constant expected time: two
 * uniforms a try, a try accepted at once 40 % (mean 10) to 79 % (large means) of the time, else tested exactly,
 * f(k)/f(m) multiplied out from the mode m when k is within 15 of it and by logarithms beyond, log j! by Stirling's
 * series to 1/(1260 (j+1)⁵) (a relative error below 1e-10 of a probability that far out). p > ½ as
 * n − Binomial(n, 1 − p).
 */
export function binomial(random: SeededRandom, n: number, p: number): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (p > 0.5) return n - binomial(random, n, 1 - p);
  if (n * p >= REJECTION_MEAN) return btrs(random, n, p);
  return binv(random, n, p);
}

/** Binomial(n, p) by inversion, for p ≤ ½ and n·p < 10. */
function binv(random: SeededRandom, n: number, p: number): number {
  const s = p / (1 - p);
  const a = (n + 1) * s;
  const p0 = Math.exp(n * Math.log1p(-p));
  for (;;) {
    let u = random.next();
    let r = p0;
    let x = 0;
    while (u > r) {
      u -= r;
      x++;
      if (x > n) break; // rounding left a sliver of u beyond the last term: draw again
      r *= a / x - s;
    }
    if (x <= n) return x;
  }
}

/** log k! − Stirling's log k! without its series: exact values to k = 9, then the series to its third term. */
const STIRLING_TAIL = [
  0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509, 0.0166446911898211,
  0.0138761288230707, 0.0118967099458917, 0.010411265261972, 0.00925546218271273, 0.00833056343336287,
];
function stirlingTail(k: number): number {
  if (k <= 9) return STIRLING_TAIL[k]!;
  const k1 = k + 1;
  const k1sq = k1 * k1;
  return (1 / 12 - (1 / 360 - 1 / 1260 / k1sq) / k1sq) / k1;
}

/** Binomial(n, p) by transformed rejection (Hörmann 1993: BTRS's hat and box, BTRD's exact test), p ≤ ½, n·p ≥ 10. */
function btrs(random: SeededRandom, n: number, p: number): number {
  const spq = Math.sqrt(n * p * (1 - p));
  const b = 1.15 + 2.53 * spq;
  const a = -0.0873 + 0.0248 * b + 0.01 * p;
  const c = n * p + 0.5;
  const vr = 0.92 - 4.2 / b;
  const alpha = (2.83 + 5.1 / b) * spq;
  const m = Math.floor((n + 1) * p);
  const r = p / (1 - p);
  const nr = (n + 1) * r;
  for (;;) {
    const u = random.next() - 0.5;
    let v = random.next();
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + c);
    // Inside the box where the hat is below the distribution: accepted at once.
    if (us >= 0.07 && v <= vr) return k;
    if (k < 0 || k > n) continue;
    // Under the hat: accepted when v ≤ f(k) / f(m).
    v *= alpha / (a / (us * us) + b);
    if (Math.abs(k - m) <= RATIO_STEPS) {
      // f(i) / f(i − 1) = (n − i + 1) p / (i (1 − p)) = nr / i − r, multiplied from m to k.
      let f = 1;
      if (m < k) for (let i = m + 1; i <= k; i++) f *= nr / i - r;
      else for (let i = k + 1; i <= m; i++) v *= nr / i - r;
      if (v <= f) return k;
    } else if (Math.log(v) <= binomialLogRatio(n, p, k)) return k;
  }
}

/** log(f(k) / f(m)) for the Binomial(n, p) pmf f and its mode m = ⌊(n + 1) p⌋, with log j! by Stirling plus its tail. */
export function binomialLogRatio(n: number, p: number, k: number): number {
  const m = Math.floor((n + 1) * p);
  return (
    (m + 0.5) * Math.log((m + 1) / (n - m + 1)) +
    (n + 1) * Math.log((n - m + 1) / (n - k + 1)) +
    (k + 0.5) * Math.log((n - k + 1) / (k + 1)) +
    (k - m) * Math.log(p / (1 - p)) +
    stirlingTail(m) +
    stirlingTail(n - m) -
    stirlingTail(k) -
    stirlingTail(n - k)
  );
}

/**
 * An exact multinomial draw of n trials over categories weighted by integer `weight[from .. to − 1]` (summing to
 * `total`), added into `out[category[k]]`: category by category, each a binomial of the trials left with its share of
 * the weight left. Costs O(categories + n·…) — see `binomial` — instead of one uniform per trial.
 */
export function multinomialInto(
  random: SeededRandom,
  n: number,
  weight: Int32Array,
  category: Int32Array,
  from: number,
  to: number,
  total: number,
  out: Int32Array,
): void {
  let left = n;
  let mass = total;
  for (let k = from; k < to && left > 0; k++) {
    const w = weight[k]!;
    const x = w >= mass ? left : binomial(random, left, w / mass);
    out[category[k]!]! += x;
    left -= x;
    mass -= w;
  }
}

/**
 * An exact multinomial draw of n trials over `k` equally likely categories, added into `out[0 .. k − 1]`: the same
 * draws as `multinomialInto` with every weight 1 (the same random numbers, so the same results).
 */
export function equalMultinomialInto(random: SeededRandom, n: number, k: number, out: Int32Array): void {
  let left = n;
  for (let c = 0; c < k && left > 0; c++) {
    const x = c === k - 1 ? left : binomial(random, left, 1 / (k - c));
    out[c]! += x;
    left -= x;
  }
}
