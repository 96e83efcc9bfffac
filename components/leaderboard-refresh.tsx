// Re-renders the leaderboard while it was served stale, backing off (5, 10, 20 s, then every 30 s) and only while the tab is visible.
'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';

/**
 * Waits between re-renders while the numbers are stale. The server recomputes a view at most every
 * max(5 s, 2 × its last computation) (server/leaderboard/service.ts), so asking every few seconds only re-renders the
 * same stale page (tens of MB at 200 agents): the first checks come soon (a recompute that was already running), then
 * about as often as new numbers can appear.
 */
export const REFRESH_DELAYS_MS = [5_000, 10_000, 20_000, 30_000] as const;

/** The wait before the n-th re-render (0-based) of a page still stale. */
export function refreshDelay(attempt: number): number {
  return REFRESH_DELAYS_MS[Math.min(attempt, REFRESH_DELAYS_MS.length - 1)]!;
}

export function LeaderboardRefresh({ stale }: { stale: boolean }) {
  const router = useRouter();
  // Re-renders keep this component mounted: the count carries over them and starts again once the page is fresh.
  const attempt = useRef(0);
  useEffect(() => {
    if (!stale) {
      attempt.current = 0;
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      timer = setTimeout(() => {
        timer = undefined;
        // A hidden tab asks nothing; it refreshes when shown again.
        if (document.visibilityState === 'hidden') return;
        attempt.current++;
        router.refresh();
        schedule();
      }, refreshDelay(attempt.current));
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible' && timer === undefined) schedule();
    };
    schedule();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [stale, router]);
  return null;
}
