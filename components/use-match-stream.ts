// The socket hook behind the match page: joins the match room, applies the snapshot and live events, resyncs on gaps and reconnects.
import { useCallback, useEffect, useRef, useState } from 'react';
import { applyEvent, fromSnapshot, type MatchLog } from '@/lib/match-log';
import type { ActAck } from '@/lib/protocol';
import { connectArena, type ArenaSocket } from './socket';

export interface MatchStream {
  /** Null until the first snapshot arrives. */
  log: MatchLog | null;
  connected: boolean;
  /** The latest `arena:error` message for this match. */
  error: string | null;
  /** Server clock minus this browser's clock, in ms (from the last snapshot), for move timers. */
  clockOffsetMs: number;
  /** A person's move for their seat; resolves with the server's answer (refusals carry the reason). */
  act(ply: number, action: unknown): Promise<ActAck>;
  /** The person gives up the match. */
  resign(): Promise<ActAck>;
}

const OFFLINE: ActAck = {
  ok: false,
  error: 'not connected to the server: wait for the connection to come back, then try again',
};
const NO_ANSWER: ActAck = {
  ok: false,
  error: 'the server did not answer in time: check your connection and try again',
};

export function useMatchStream(matchId: string): MatchStream {
  const [log, setLog] = useState<MatchLog | null>(null);
  const [connected, setConnected] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [clockOffsetMs, setClockOffset] = useState(0);
  const socketRef = useRef<ArenaSocket | null>(null);

  useEffect(() => {
    const socket = connectArena();
    socketRef.current = socket;
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
      const t = Date.parse(s.serverTime);
      if (Number.isFinite(t)) setClockOffset(t - Date.now());
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
      socketRef.current = null;
      socket.disconnect();
    };
  }, [matchId]);

  const send = useCallback((event: 'match:act' | 'match:resign', payload: object): Promise<ActAck> => {
    const socket = socketRef.current;
    if (!socket?.connected) return Promise.resolve(OFFLINE);
    return new Promise((resolve) => {
      const timed = socket.timeout(10_000) as unknown as {
        emit(e: string, p: object, cb: (err: Error | null, ack: ActAck) => void): void;
      };
      timed.emit(event, payload, (err, ack) => resolve(err ? NO_ANSWER : ack));
    });
  }, []);
  const act = useCallback(
    (ply: number, action: unknown) => send('match:act', { matchId, ply, action }),
    [send, matchId],
  );
  const resign = useCallback(() => send('match:resign', { matchId }), [send, matchId]);

  return { log, connected, error, clockOffsetMs, act, resign };
}
