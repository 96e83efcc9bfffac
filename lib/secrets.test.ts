import { afterEach, describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, maskSecret } from './secrets';

const saved = process.env.ARENA_SECRET;
afterEach(() => {
  process.env.ARENA_SECRET = saved;
});

describe('API key encryption', () => {
  it('round-trips, never stores the plain key, and uses a fresh IV each time', () => {
    process.env.ARENA_SECRET = 'a-test-secret-of-some-length';
    const a = encryptSecret('sk-live-1234567890');
    const b = encryptSecret('sk-live-1234567890');
    expect(a).not.toContain('sk-live');
    expect(a).not.toBe(b);
    expect(decryptSecret(a)).toBe('sk-live-1234567890');
  });

  it('explains when the server secret changed', () => {
    process.env.ARENA_SECRET = 'first-secret-first-secret';
    const enc = encryptSecret('sk-abc-def-ghi');
    process.env.ARENA_SECRET = 'other-secret-other-secret';
    expect(() => decryptSecret(enc)).toThrow(/ARENA_SECRET changed/);
    expect(() => decryptSecret('garbage')).toThrow(/unknown format/);
  });

  it('masks keys for display', () => {
    expect(maskSecret('sk-proj-abcdefgh1234')).toBe('sk-…1234');
    expect(maskSecret('short')).toBe('••••');
  });
});
