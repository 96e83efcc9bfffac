// Keeps the home page live: re-renders it when the server says a match changed, and every few seconds while matches are open.
'use client';

import { useEffect } from 'react';
import { connectArena } from './socket';
import { useThrottledRefresh } from './use-throttled-refresh';

export function LobbyRefresh({ active }: { active: boolean }) {
  const refresh = useThrottledRefresh(active, 5000);

  useEffect(() => {
    const socket = connectArena();
    socket.on('connect', () => socket.emit('lobby:join')); // on every (re)connect
    socket.on('lobby:changed', refresh);
    return () => {
      socket.disconnect();
    };
  }, [refresh]);

  return null;
}
