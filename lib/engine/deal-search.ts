// The attack that broke the first generator, as the deal tests run it (games/deal-search.test.ts): a viewer who sees
// part of a deal (their own cards, the public words) tries generator states until one deals what they see, and reads
// the rest of the deal off it. The first generator's setup stream had 2^32 states (all four words follow from the
// 32-bit hash of "seed:setup"), so the whole search is 2^32 deals (~2 core-minutes for Hold'em); the tests search a
// slice of that space around the true hash, which finds the deal on the first generator and nothing on the current
// one, whose streams are keyed by 256-bit HMACs of the seed.
import type { GameDef } from './types';
import { fnv1a, legacyStateOfHash, rngOf, sfc32Words } from './rng';

/** The first generator's stream from a given hash (what `setupRng(seed, 'sfc32-fnv1a')` is when fnv1a("seed:setup") = h). */
const legacyRngOfHash = (h: number) => rngOf(sfc32Words(legacyStateOfHash(h)));

/** The 32-bit hash the first generator's setup stream of a seed followed from: the search's true answer. */
export const setupHashOf = (seed: string) => fnv1a(`${seed}:setup`);

/**
 * Every start dealt by the first generator from one of `hashes` whose observation (what the attacker sees, as a
 * string) equals `observed`: the candidates for the deal. One candidate, or several that agree on the secrets, means
 * the deal is recovered.
 */
export function searchLegacyDeals<S>(
  game: GameDef<S>,
  config: unknown,
  numPlayers: number,
  observe: (start: S) => string,
  observed: string,
  hashes: Iterable<number>,
): S[] {
  const found: S[] = [];
  for (const h of hashes) {
    let start: S;
    try {
      start = game.setup({ numPlayers, config, rng: legacyRngOfHash(h >>> 0) });
    } catch {
      continue;
    }
    if (observe(start) === observed) found.push(start);
  }
  return found;
}

/** `size` hashes around `h` (the slice of the 2^32 space a test searches). */
export function* hashesAround(h: number, size: number): Generator<number> {
  const from = (h - Math.floor(size / 2)) >>> 0;
  for (let i = 0; i < size; i++) yield (from + i) >>> 0;
}
