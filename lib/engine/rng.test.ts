// The random generators: the current one is HMAC-SHA-256 and ChaCha20 exactly (known answers), its streams never
// share a state, the first one still replays what it dealt, and seeds come from the cryptographic generator.
import { createCipheriv, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LONG_COMPUTATION_TIMEOUT_MS, scaled } from '../test-scale';
import {
  chachaWords,
  createRng,
  CURRENT_GENERATOR,
  fnv1a,
  legacyRng,
  legacyState,
  newSeed,
  plyRng,
  setupRng,
  streamKey,
  streamRng,
} from './rng';

const words = (next: () => number, n: number) => Array.from({ length: n }, next);

describe('the current generator', () => {
  it('keys a stream with HMAC-SHA-256 of its label, keyed by the seed (RFC 4231, test case 2)', () => {
    expect(streamKey('Jefe', 'what do ya want for nothing?').toString('hex')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('reads ChaCha20 key stream (RFC 8439 A.1, test vector 1: zero key, zero nonce, block 0)', () => {
    const first = words(chachaWords(Buffer.alloc(32)), 4).map((w) => w.toString(16).padStart(8, '0'));
    // 76 b8 e0 ad a0 f1 3d 90 40 5d 6a e5 53 86 bd 28, as little-endian words.
    expect(first).toEqual(['ade0b876', '903df1a0', 'e56a5d40', '28bd8653']);
  });

  it('gives the same words whatever block it reads them in (the first 64 bytes, then 1 KiB at a time)', () => {
    const key = randomBytes(32);
    const stream = createCipheriv('chacha20', key, Buffer.alloc(16)).update(Buffer.alloc(4 * 700));
    const expected = Array.from({ length: 700 }, (_, i) => stream.readUInt32LE(4 * i));
    expect(words(chachaWords(key), 700)).toEqual(expected);
  });

  it('deals a match from its seed and label alone: the same stream again, another for another label or seed', () => {
    const seed = newSeed();
    const draw = (r: { next(): number }) => words(() => r.next(), 8);
    expect(draw(setupRng(seed, CURRENT_GENERATOR))).toEqual(draw(setupRng(seed, CURRENT_GENERATOR)));
    expect(draw(plyRng(seed, 3, CURRENT_GENERATOR))).toEqual(draw(streamRng(CURRENT_GENERATOR, seed, 'ply:3')));
    expect(draw(plyRng(seed, 3, CURRENT_GENERATOR))).not.toEqual(draw(plyRng(seed, 4, CURRENT_GENERATOR)));
    expect(draw(setupRng(seed, CURRENT_GENERATOR))).not.toEqual(draw(setupRng(newSeed(), CURRENT_GENERATOR)));
    expect(draw(createRng('x'))).toEqual(draw(createRng('x')));
  });

  it('draws uniformly: 200,000 draws of int(10) within 5 sigma of 20,000 each', () => {
    const rng = setupRng(newSeed(), CURRENT_GENERATOR);
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 200_000; i++) counts[rng.int(10)]!++;
    const sigma = Math.sqrt(200_000 * 0.1 * 0.9);
    for (const c of counts) expect(Math.abs(c - 20_000)).toBeLessThan(5 * sigma);
  });

  // A million seeds in full, ARENA_TEST_SCALE of them in a run (lib/test-scale.ts; 200,000 by default): the same
  // seeds every run (a fixed ChaCha20 stream), so the count of the first generator's pairs is the same too.
  const count = scaled(1_000_000, 200_000);
  it(
    `gives no two of ${count} seeds the same state; the first generator gave many (so the check can fail)`,
    () => {
      const bytes = createCipheriv('chacha20', Buffer.alloc(32, 'seeds'), Buffer.alloc(16)).update(
        Buffer.alloc(16 * count),
      );
      const hex = bytes.toString('hex');
      const seeds = Array.from({ length: count }, (_, i) => hex.slice(32 * i, 32 * i + 32));
      expect(new Set(seeds).size).toBe(count);
      const current = new Set(seeds.map((s) => streamKey(s, 'setup').toString('base64')));
      expect(current.size).toBe(seeds.length);
      // The first generator's four state words all follow from the 32-bit hash of "seed:setup": n seeds give about
      // n^2 / 2^33 pairs of hashes alike (a million: ≈ 116; 200,000: ≈ 4.7), so the same state and the same deal.
      const byHash = new Map<number, string>();
      const pairs: [string, string][] = [];
      for (const s of seeds) {
        const h = fnv1a(`${s}:setup`);
        const other = byHash.get(h);
        if (other === undefined) byHash.set(h, s);
        else pairs.push([other, s]);
      }
      expect(pairs.length).toBeGreaterThan(count ** 2 / 2 ** 33 / 2);
      for (const [a, b] of pairs.slice(0, 5)) {
        expect(legacyState(`${a}:setup`)).toEqual(legacyState(`${b}:setup`));
        expect(words(() => setupRng(a, 'sfc32-fnv1a').next(), 4)).toEqual(
          words(() => setupRng(b, 'sfc32-fnv1a').next(), 4),
        );
      }
    },
    LONG_COMPUTATION_TIMEOUT_MS,
  );

  it('refuses a generator it does not know, in words', () => {
    expect(() => streamRng('mersenne' as never, 'seed', 'setup')).toThrow('unknown random generator "mersenne"');
  });
});

describe('the first generator (replays of the matches it dealt)', () => {
  // Pinned from the implementation that dealt those matches: a stored match must replay exactly.
  it('draws what it drew before', () => {
    expect(words(() => legacyRng('pinned').next(), 1)).toEqual([0.5376215016003698]);
    const a = legacyRng('pinned');
    expect(words(() => a.next(), 5)).toEqual([
      0.5376215016003698, 0.8003162238746881, 0.9650782444514334, 0.7637009369209409, 0.27223714883439243,
    ]);
    const seed = '0123456789abcdef0123456789abcdef';
    const b = setupRng(seed, 'sfc32-fnv1a');
    expect([b.int(1000), b.int(1000), b.int(1000), b.next()]).toEqual([339, 205, 484, 0.04621674702502787]);
    expect(plyRng(seed, 7, 'sfc32-fnv1a').shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toEqual([
      9, 5, 2, 6, 10, 3, 7, 4, 8, 1,
    ]);
  });
});

describe('newSeed', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is 128 random bits as 32 hex characters, whatever Math.random says', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const seeds = Array.from({ length: 100 }, newSeed);
    for (const s of seeds) expect(s).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(seeds).size).toBe(100);
    expect(Math.random).not.toHaveBeenCalled();
  });
});
