// Re-renders the current page from the server at most once a second however many changes arrive, and every
// `fallbackMs` while `active` (in case a socket message was missed while the connection was down).
'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef } from 'react';

const MIN_GAP_MS = 1000;

/** Returns `refresh`: a burst of calls becomes one refresh at the end of the one-second window. */
export function useThrottledRefresh(active: boolean, fallbackMs: number): () => void {
  const router = useRouter();
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(
      () => {
        timer.current = undefined;
        last.current = Date.now();
        router.refresh();
      },
      Math.max(0, last.current + MIN_GAP_MS - Date.now()),
    );
  }, [router]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    },
    [],
  );

  useEffect(() => {
    if (!active) return;
    const fallback = setInterval(refresh, fallbackMs);
    return () => clearInterval(fallback);
  }, [active, fallbackMs, refresh]);

  return refresh;
}
