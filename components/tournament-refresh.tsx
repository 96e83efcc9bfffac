// Keeps tournament pages live: follows the tournaments' socket rooms and re-renders the page (at most once a second)
// when the server says one changed; rejoins after a reconnect, leaves on unmount. While one is still running it also
// re-renders every so often, in case an event was missed while the connection was down.
'use client';

import { useEffect } from 'react';
import { connectArena } from './socket';
import { useThrottledRefresh } from './use-throttled-refresh';

export function TournamentRefresh({ ids, active }: { ids: string[]; active: boolean }) {
  const refresh = useThrottledRefresh(active, 10_000);
  const key = ids.join(' ');

  useEffect(() => {
    const followed = key ? key.split(' ') : [];
    if (followed.length === 0) return;
    const socket = connectArena();
    // 'connect' fires on the first connection and on every reconnection: join again each time.
    socket.on('connect', () => {
      for (const tournamentId of followed) socket.emit('tournament:join', { tournamentId });
    });
    socket.on('tournament:changed', ({ tournamentId }) => {
      if (followed.includes(tournamentId)) refresh();
    });
    return () => {
      if (socket.connected) for (const tournamentId of followed) socket.emit('tournament:leave', { tournamentId });
      socket.disconnect();
    };
  }, [key, refresh]);

  return null;
}
