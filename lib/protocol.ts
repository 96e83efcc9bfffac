// Typed socket.io events between the arena server and browsers, with zod schemas for what clients send.
import { z } from 'zod';

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

/** cancelled: never played, because its tournament was cancelled or ran out of budget. */
export type MatchStatus = 'queued' | 'running' | 'finished' | 'failed' | 'cancelled';

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

/** One match event as one viewer receives it. A hidden event carries only its seq. */
export type WireEvent =
  | { seq: number; hidden: true }
  | {
      seq: number;
      hidden?: false;
      kind: EventKind;
      seat: number | null;
      /** ISO time the event was recorded. */
      at: string;
      payload: EventPayload;
      /** For `start` and `move`: the board as this viewer may see it after the event. */
      view?: unknown;
    };

export type EventKind = 'start' | 'reply' | 'illegal' | 'turn' | 'move' | 'resign' | 'end' | 'failed';

/**
 * Payloads by kind:
 * - start: { seats }                         — match began
 * - reply: { text, attempt, latencyMs, tokensIn?, tokensOut? } — an LLM seat's words (reasoning and answer)
 * - illegal: { text, error, attempt }        — an unparsable or illegal answer, with the reason sent back
 * - turn: { ply, seconds, deadline, legal? } — a person's seat must move by `deadline`; only that seat's copy
 *                                              carries its `legal` actions (they may reveal its private state)
 * - move: { ply, action, lines, forfeited?, reason?, timedOut? } — a move applied (forfeited = chosen by policy;
 *                                              timedOut = { count, limit }: a person's time ran out, count turns in a
 *                                              row of the limit that loses the match)
 * - resign: { reason }                       — a seat gave up (resigned, or ran out of time too often)
 * - end: { scores, reason, winner, summary? } — the outcome
 * - failed: { reason }                       — infrastructure failure; the match is void
 */
export type EventPayload = Record<string, unknown>;

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
  /** `summary`: the result as a person says it ("Villagers win", "Team score 14 of 25"), when the game gives one. */
  outcome: { scores: number[]; reason: string; winner?: number | null; summary?: string } | null;
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

export interface ClientToServerEvents {
  'match:join': (m: MatchJoin) => void;
  'match:leave': (m: MatchLeave) => void;
  'lobby:join': () => void;
  'tournament:join': (t: TournamentJoin) => void;
  'tournament:leave': (t: TournamentJoin) => void;
  'match:act': (m: MatchAct, ack?: (r: ActAck) => void) => void;
  'match:resign': (m: MatchResign, ack?: (r: ActAck) => void) => void;
}
