// The slow files Vitest starts first (vitest.config.ts) still exist: a renamed one would silently run last again.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLOW_FIRST } from '../vitest.config';

describe('SLOW_FIRST', () => {
  it('names test files that exist, each once', () => {
    expect(SLOW_FIRST.filter((f) => !existsSync(path.join(import.meta.dirname, '..', f)))).toEqual([]);
    expect(new Set(SLOW_FIRST).size).toBe(SLOW_FIRST.length);
  });
});
