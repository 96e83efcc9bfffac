// Match and tournament seeds come from the cryptographic generator, never from Math.random.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newSeed } from './rng';

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
