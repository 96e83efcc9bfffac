// Seeded random numbers: one stream per (seed, label), so a match replays exactly from its seed.
import type { Rng } from '../../games/types';

/** 32-bit FNV-1a hash of a string, used to derive stream seeds. */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** sfc32, a small fast generator with good statistical quality, seeded from four hashes. */
export function createRng(seed: string): Rng {
  let a = hash32(seed + '#a');
  let b = hash32(seed + '#b');
  let c = hash32(seed + '#c');
  let d = hash32(seed + '#d');
  const next = () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const rng: Rng = {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    shuffle: (items) => {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
  return rng;
}

/** The rng a game receives at setup. */
export const setupRng = (seed: string) => createRng(`${seed}:setup`);
/** The rng a game receives when applying the move at `ply` (0-based). */
export const plyRng = (seed: string, ply: number) => createRng(`${seed}:ply:${ply}`);

/**
 * A fresh seed for a new match or tournament (recorded with it): 128 bits from the platform's cryptographic generator.
 * Games deal from it, so it must not be guessable from other seats' cards or from seeds revealed earlier (which
 * Math.random's generator would allow).
 */
export function newSeed(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
