// The socket hook behind the match page: joins the match room, applies the snapshot and live events, resyncs on gaps and reconnects.
import { useEffect, useState } from 'react';
import { applyEvent, fromSnapshot, type MatchLog } from '@/lib/match-log';
import { connectArena } from './socket';

export interface MatchStream {
  /** Null until the first snapshot arrives. */
  log: MatchLog | null;
  connected: boolean;
  /** The latest `arena:error` message for this match. */
  error: string | null;
}

export function useMatchStream(matchId: string): MatchStream {
  const [log, setLog] = useState<MatchLog | null>(null);
  const [connected, setConnected] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const socket = connectArena();
    let current: MatchLog | null = null;
    /** A resync was asked for; further gaps wait for its answer. */
    let resyncing = false;
    const update = (next: MatchLog) => {
      current = next;
      setLog(next);
    };
    const join = () => {
      resyncing = current !== null;
      socket.emit('match:join', current ? { matchId, lastSeq: current.lastSeq } : { matchId });
    };

    socket.on('connect', () => {
      setConnected(true);
      join(); // on a reconnect this asks only for what was missed
    });
    socket.on('disconnect', () => setConnected(false));
    socket.on('match:snapshot', (s) => {
      if (s.matchId !== matchId) return;
      resyncing = false;
      setError(null);
      update(fromSnapshot(s));
    });
    socket.on('match:event', ({ matchId: id, event }) => {
      if (id !== matchId || !current) return; // before the snapshot: it will include this event
      const next = applyEvent(current, event);
      if (next === 'restart') {
        current = null; // the match is being replayed from its seed: start over from a fresh snapshot
        join();
        return;
      }
      if (next === 'resync') {
        if (!resyncing) join();
        return;
      }
      if (next === current) return; // duplicate
      resyncing = false;
      update(next);
    });
    socket.on('arena:error', (e) => {
      if (!e.matchId || e.matchId === matchId) setError(e.message);
    });
    return () => {
      socket.disconnect();
    };
  }, [matchId]);

  return { log, connected, error };
}
