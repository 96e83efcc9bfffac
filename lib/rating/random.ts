// Seeded uniform random numbers for the bootstrap: sfc32, as in lib/engine/rng.ts, tuned for hot loops.

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
 * Uniform floats in [0, 1), fully determined by the seed string (the same stream as createRng(seed).next()).
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

/** Largest mean drawn by inversion in one piece: (1 − p)^n then stays above 1e-18, far from underflow. */
const INVERSION_MEAN = 30;

/**
 * An exact Binomial(n, p) draw. A mean up to 30 is drawn by inversion (BINV: walking the distribution from 0, the
 * pmf by its recurrence, one uniform); a larger one as the sum of draws over parts of n with means up to 30 (a sum of
 * independent Binomial(nᵢ, p) is Binomial(Σnᵢ, p)); p > ½ as n − Binomial(n, 1 − p). A draw costs about
 * n·min(p, 1 − p) steps: never more than the n trials drawn one by one, and one step when the mean is small.
 */
export function binomial(random: SeededRandom, n: number, p: number): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (p > 0.5) return n - binomial(random, n, 1 - p);
  const part = Math.max(1, Math.floor(INVERSION_MEAN / p));
  let x = 0;
  for (let left = n; left > 0; left -= part) x += binv(random, Math.min(part, left), p);
  return x;
}

/** Binomial(n, p) by inversion, for p ≤ ½ and n·p ≤ 30. */
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
