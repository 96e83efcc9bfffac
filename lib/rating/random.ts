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
