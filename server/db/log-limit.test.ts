// Repeated errors while the database is away: the first is logged at once, the rest summed up once per window.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorKey, limitedLog } from './log-limit';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('limitedLog', () => {
  it('writes the first of a kind, then one line per 30 s with how many more came', () => {
    const lines: string[] = [];
    const log = limitedLog((m) => lines.push(m));
    // ~100 pollers failing every second for 65 s.
    for (let s = 0; s < 65; s++) {
      for (let i = 0; i < 100; i++) log('ECONNREFUSED', `[queue] connect ECONNREFUSED 127.0.0.1:54329 (worker ${i})`);
      log('57P03', '[queue] the database system is starting up');
      vi.advanceTimersByTime(1000);
    }
    expect(lines).toEqual([
      '[queue] connect ECONNREFUSED 127.0.0.1:54329 (worker 0)',
      '[queue] the database system is starting up',
      '[queue] connect ECONNREFUSED 127.0.0.1:54329 (worker 99) (2999 more in the last 30 s)',
      '[queue] the database system is starting up (29 more in the last 30 s)',
      '[queue] connect ECONNREFUSED 127.0.0.1:54329 (worker 99) (3000 more in the last 30 s)',
      '[queue] the database system is starting up (30 more in the last 30 s)',
    ]);
    // Quiet for a whole window: the last count, then nothing; the next error is news again.
    vi.advanceTimersByTime(60_000);
    expect(lines).toHaveLength(8);
    expect(lines[6]).toBe('[queue] connect ECONNREFUSED 127.0.0.1:54329 (worker 99) (500 more in the last 30 s)');
    log('ECONNREFUSED', 'again');
    expect(lines.at(-1)).toBe('again');
  });

  it('keys errors by their code, or by their message without numbers', () => {
    expect(errorKey(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe(
      'ECONNREFUSED',
    );
    expect(errorKey(new Error('job 3f2a9c1e-1111-4222-8333-444455556666 failed after 12 s'))).toBe(
      errorKey(new Error('job 0b2a9c1e-1111-4222-8333-444455556666 failed after 7 s')),
    );
  });
});
