// Re-renders the leaderboard every few seconds while it was served stale (a recompute is running), until it is fresh.
'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

const EVERY_MS = 3000;

export function LeaderboardRefresh({ stale }: { stale: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!stale) return;
    const t = setInterval(() => router.refresh(), EVERY_MS);
    return () => clearInterval(t);
  }, [stale, router]);
  return null;
}
