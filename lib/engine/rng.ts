// Seeded random numbers: one stream per (seed, label), so a match replays exactly from its seed and its generator.
//
// Hidden information: games deal from these streams, so what a viewer sees (their own cards, the public words) must
// not let them compute the rest. The generator every match is dealt by now keys each stream with HMAC-SHA-256(seed,
// label) (256 bits) and reads its numbers from a ChaCha20 key stream (node:crypto): no output reveals the key, and no
// two seeds share a stream unless SHA-256 collides. The first generator (sfc32 seeded through 32-bit FNV-1a hashes)
// is kept for replaying the matches it dealt, and only for that: its whole state followed from one 32-bit hash of
// "seed:label", so a search over 2^32 states recovered any deal from a seat's own cards.
import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import type { GeneratorId, Rng } from './types';

export type { GeneratorId };

/** The generators a match can be dealt by; each match records its own (`matches.generator`). */
export const GENERATORS: readonly GeneratorId[] = ['hmac-sha256-chacha20', 'sfc32-fnv1a'];
/** What new matches are dealt by. */
export const CURRENT_GENERATOR: GeneratorId = 'hmac-sha256-chacha20';
/** The first generator: replays of the matches it dealt, never a new deal. */
export const LEGACY_GENERATOR: GeneratorId = 'sfc32-fnv1a';

export function isGeneratorId(s: unknown): s is GeneratorId {
  return typeof s === 'string' && (GENERATORS as readonly string[]).includes(s);
}

/** An Rng over a source of uniform 32-bit words. */
export function rngOf(word: () => number): Rng {
  const next = () => word() / 4294967296;
  return {
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
}

const NONCE = Buffer.alloc(16); // OpenSSL's chacha20 IV: a 32-bit block counter and a 96-bit nonce, all zero (one key per stream)
const ZEROS = Buffer.alloc(1024);

/** The 256-bit key of the stream `label` of `seed`: HMAC-SHA-256 keyed by the seed. */
export function streamKey(seed: string, label: string): Buffer {
  return createHmac('sha256', seed).update(label).digest();
}

/**
 * The ChaCha20 key stream of a key, as 32-bit words. The key stream is the encryption of zeros; it is read in blocks
 * of 64 bytes at first (most streams draw a few numbers), then 1 KiB: the words are the same whatever the block size.
 */
export function chachaWords(key: Buffer): () => number {
  const cipher = createCipheriv('chacha20', key, NONCE);
  let block = cipher.update(ZEROS.subarray(0, 64));
  let at = 0;
  return () => {
    if (at === block.length) {
      block = cipher.update(ZEROS);
      at = 0;
    }
    const w = block.readUInt32LE(at);
    at += 4;
    return w;
  };
}

/** 32-bit FNV-1a hash of a string, from the offset basis or carrying on from the hash `h` of a prefix. */
export function fnv1a(s: string, h = 0x811c9dc5): number {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The first generator's four state words from the hash of the string it was seeded with: each word hashes the string
 * and a letter, so all four follow from the string's 32-bit hash. This is its weakness: 2^32 states in all.
 */
export function legacyStateOfHash(h: number): [number, number, number, number] {
  return [fnv1a('#a', h), fnv1a('#b', h), fnv1a('#c', h), fnv1a('#d', h)];
}

/** The first generator's four state words for the string it was seeded with ("seed:label"). */
export function legacyState(s: string): [number, number, number, number] {
  return legacyStateOfHash(fnv1a(s));
}

/** sfc32 from four state words, after its 12 warm-up draws: the first generator's stream. */
export function sfc32Words([a, b, c, d]: readonly [number, number, number, number]): () => number {
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

/**
 * The first generator on a string, as `createRng` was before: only to regenerate what it made (a checked-in data set
 * such as the Hold'em risk spots, which are public), never for anything a viewer must not compute.
 */
export function legacyRng(s: string): Rng {
  return rngOf(sfc32Words(legacyState(s)));
}

/** The stream `label` of a match's `seed`, from the generator that deals it. */
export function streamRng(generator: GeneratorId, seed: string, label: string): Rng {
  if (generator === 'hmac-sha256-chacha20') return rngOf(chachaWords(streamKey(seed, label)));
  if (generator === 'sfc32-fnv1a') return legacyRng(`${seed}:${label}`);
  throw new Error(`unknown random generator "${String(generator)}"`);
}

/**
 * Random numbers from a string, by the current generator: for everything that is not a match's deal (a tournament's
 * order, the simulated endpoint, engines' own sampling, tests). A match's streams go through `streamRng` with the
 * generator the match records.
 */
export function createRng(seed: string): Rng {
  return rngOf(chachaWords(streamKey(seed, '')));
}

/** The rng a game receives at setup. */
export const setupRng = (seed: string, generator: GeneratorId) => streamRng(generator, seed, 'setup');
/** The rng a game receives when applying the move at `ply` (0-based). */
export const plyRng = (seed: string, ply: number, generator: GeneratorId) => streamRng(generator, seed, `ply:${ply}`);

/**
 * A fresh seed for a new match or tournament (recorded with it): 128 bits from the platform's cryptographic generator.
 * Games deal from it, so it must not be guessable from other seats' cards or from seeds revealed earlier (which
 * Math.random's generator would allow).
 */
export function newSeed(): string {
  return randomBytes(16).toString('hex');
}
