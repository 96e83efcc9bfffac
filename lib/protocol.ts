// Typed socket.io events between the arena server and browsers, with zod schemas for what clients send.
import { z } from 'zod';
import type { EventKind, EventOf, MatchOutcome, MatchStatus } from './engine/events';
import type { SeenPayloads } from './engine/visibility';

export const MAX_CLIENT_PAYLOAD_BYTES = 4096;

/** Client → server: join a match room. `lastSeq` asks only for what was missed since then. */
export const matchJoinSchema = z.object({
  matchId: z.string().min(1).max(64),
  lastSeq: z.number().int().min(0).optional(),
});
export type MatchJoin = z.infer<typeof matchJoinSchema>;

export const matchLeaveSchema = z.object({ matchId: z.string().min(1).max(64) });
export type MatchLeave = z.infer<typeof matchLeaveSchema>;

/**
 * Client → server: a person's move for their seat. `ply` is the turn it answers (from the `turn` event), so a
 * double-submit or a stale click is recognised. The seat is never sent: it follows from who is signed in.
 */
export const matchActSchema = z.object({
  matchId: z.string().min(1).max(64),
  ply: z.number().int().min(0).max(1_000_000),
  action: z.object({ type: z.string().min(1).max(40) }).passthrough(),
});
export type MatchAct = z.infer<typeof matchActSchema>;

/** Client → server: the person gives up their seat's match (they lose it). */
export const matchResignSchema = z.object({ matchId: z.string().min(1).max(64) });
export type MatchResign = z.infer<typeof matchResignSchema>;

/** The server's answer to an act or a resignation, sent to that client only. */
export type ActAck = { ok: true; duplicate?: boolean } | { ok: false; error: string };

/** Client → server: follow a tournament's progress (its page refreshes on `tournament:changed`). */
export const tournamentJoinSchema = z.object({ tournamentId: z.string().min(1).max(64) });
export type TournamentJoin = z.infer<typeof tournamentJoinSchema>;

export type { MatchStatus } from './engine/events';

export interface SeatInfo {
  seat: number;
  /** Seat label in the game, e.g. "X". */
  label: string;
  agentId: string;
  agentName: string;
  agentKind: string;
  simulated: boolean;
  score: number | null;
}

/**
 * One match event as one viewer receives it: the log's event (lib/engine/events.ts, `MatchEvent`: every kind and its
 * payload) as that viewer may read it (lib/engine/visibility.ts, `SeenPayloads`), which differs from the stored one in
 * three kinds only:
 * - start: never the seed;
 * - turn: `legal`, the seat's legal actions then, in that seat's own copy only (they may reveal its private state);
 * - move: `action` (and `metrics`) null for a viewer who may not know them, `lines` only those it may read.
 * An event hidden from the viewer carries only its seq.
 */
export type WireEvent = { seq: number; hidden: true } | VisibleWireEvent;

export type VisibleWireEvent = {
  [K in EventKind]: {
    seq: number;
    hidden?: false;
    kind: K;
    seat: EventOf<K>['seat'];
    /** ISO time the event was recorded. */
    at: string;
    payload: SeenPayloads[K];
    /** For `start` and `move`: the board as this viewer may see it after the event. */
    view?: unknown;
    /**
     * Spectators are sent no placeholder for an event hidden from them (a sealed reply): their next visible event
     * carries `after`, the seq of the last event their room was sent, and every seq between it and this one was hidden
     * from them. Absent when nothing was skipped.
     */
    after?: number;
  };
}[EventKind];

export type { EventKind };

export interface MatchSnapshot {
  matchId: string;
  gameId: string;
  status: MatchStatus;
  /** Highest seq included. */
  seq: number;
  seats: SeatInfo[];
  events: WireEvent[];
  /** Current board for this viewer. */
  view: unknown;
  outcome: MatchOutcome | null;
  failureReason: string | null;
  /** The seat this viewer plays (a signed-in person in their own match), or null for spectators. */
  you: { seat: number } | null;
  /** The server's clock when the snapshot was made, so move timers survive a skewed client clock. */
  serverTime: string;
}

export interface ServerToClientEvents {
  'match:snapshot': (s: MatchSnapshot) => void;
  'match:event': (e: { matchId: string; event: WireEvent }) => void;
  'match:status': (e: { matchId: string; status: MatchStatus }) => void;
  'lobby:changed': (e: { matchId: string; status: MatchStatus }) => void;
  /** A tournament's counts or status changed (a match started or ended, paused, resumed, cancelled, finished). */
  'tournament:changed': (e: { tournamentId: string }) => void;
  'arena:error': (e: { message: string; matchId?: string }) => void;
}

/** The events a client may send, once for the server's check (the type makes it name each of ClientToServerEvents, no more). */
const clientEvents: Record<keyof ClientToServerEvents, true> = {
  'match:join': true,
  'match:leave': true,
  'lobby:join': true,
  'tournament:join': true,
  'tournament:leave': true,
  'match:act': true,
  'match:resign': true,
};
export const CLIENT_EVENTS = Object.keys(clientEvents) as (keyof ClientToServerEvents)[];

export interface ClientToServerEvents {
  'match:join': (m: MatchJoin) => void;
  'match:leave': (m: MatchLeave) => void;
  'lobby:join': () => void;
  'tournament:join': (t: TournamentJoin) => void;
  'tournament:leave': (t: TournamentJoin) => void;
  'match:act': (m: MatchAct, ack?: (r: ActAck) => void) => void;
  'match:resign': (m: MatchResign, ack?: (r: ActAck) => void) => void;
}
