// Keeps the home page live: re-renders it when the server says a match changed, and every few seconds while matches are open.
'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef } from 'react';
import { connectArena } from './socket';

const MIN_GAP_MS = 1000;
const FALLBACK_MS = 5000;

export function LobbyRefresh({ active }: { active: boolean }) {
  const router = useRouter();
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // At most one refresh a second: a burst of changes becomes one refresh at the end of the window.
  const refresh = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      last.current = Date.now();
      router.refresh();
    }, Math.max(0, last.current + MIN_GAP_MS - Date.now()));
  }, [router]);

  useEffect(() => {
    const socket = connectArena();
    socket.on('connect', () => socket.emit('lobby:join')); // on every (re)connect
    socket.on('lobby:changed', refresh);
    return () => {
      socket.disconnect();
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [refresh]);

  useEffect(() => {
    if (!active) return;
    const fallback = setInterval(refresh, FALLBACK_MS);
    return () => clearInterval(fallback);
  }, [active, refresh]);

  return null;
}
