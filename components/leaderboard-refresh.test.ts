// The stale leaderboard's re-render schedule: backs off from 5 s to every 30 s.
import { describe, expect, it } from 'vitest';
import { refreshDelay } from './leaderboard-refresh';

describe('refreshDelay', () => {
  it('backs off 5, 10, 20 s, then stays at 30 s', () => {
    expect([0, 1, 2, 3, 4, 50].map(refreshDelay)).toEqual([5000, 10000, 20000, 30000, 30000, 30000]);
  });
});
