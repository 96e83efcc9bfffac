// The match log: one discriminated union of the events the runner writes (zod, checked wherever rows are read back from
// Postgres), the moves a log replays from, and the one reduction of a log to the match's status and result (the hub's
// and the browser's).
import { z } from 'zod';
import type { MoveRecord, Seat } from './types';

const seat = z.number().int().min(0);
const count = z.number().int().min(0);

/** An action a game accepted: its `type` and the game's own fields (a game's actionSchema checks the rest). */
const actionSchema = z.looseObject({ type: z.string() });

/** A line of the game's own account of a move (lib/engine/types.ts `LogLine`). */
const logLineSchema = z.object({
  text: z.string(),
  visibleTo: z.array(seat).optional(),
  yours: z.string().optional(),
});

/**
 * The payload of each kind of event, as the runner writes it and as older versions stored it (every field a version
 * ever wrote is named here; what one version did not write is optional).
 */
export const payloadSchemas = {
  /** The match began (with these seats). */
  start: z.object({
    seats: z.array(z.object({ seat, agentId: z.string(), agentName: z.string() })).optional(),
    /**
     * Stored by versions before the seed left the log. Hidden-information decision: never sent or exported
     * (lib/engine/visibility.ts drops it): games deal from the seed.
     */
    seed: z.string().optional(),
  }),
  /** A model's words for its turn (reasoning and answer), with what the call took; null or absent: not measured. */
  reply: z.object({
    text: z.string(),
    attempt: count,
    latencyMs: z.number().nullable().optional(),
    tokensIn: z.number().nullable().optional(),
    tokensOut: z.number().nullable().optional(),
    /**
     * The reply asked to read a rules topic instead of moving (GameBench's Explain): what it asked, the topic it
     * matched (null: none), and the text it was sent back. Not a move and not an illegal answer.
     */
    explain: z.object({ asked: z.string(), topic: z.string().nullable(), answer: z.string() }).optional(),
    /**
     * How the agent decided, in its scaffold's own terms (RAP's search tree: lib/agents/rap.ts), for spectators to open
     * in the transcript. The engine does not read it: `scaffold` names who wrote it, and that scaffold's reader checks
     * `data` where it is shown.
     */
    trace: z.object({ scaffold: z.string(), data: z.unknown() }).optional(),
  }),
  /** An answer that was no legal move, and why (the reason sent back to the player). */
  illegal: z.object({
    error: z.string(),
    attempt: count,
    /** The action it gave, as given (null when its reply could not be read as one). */
    action: z.unknown(),
  }),
  /** A person's seat must move by `deadline` (ISO time; `seconds` is the timer it was set from). */
  turn: z.object({ ply: count, seconds: z.number(), deadline: z.string() }),
  /** A move applied. */
  move: z.object({
    ply: count,
    action: actionSchema,
    /** The game's account of it (games' `describe`), each line for whom it is written. */
    lines: z.array(logLineSchema).optional(),
    /** The game's numbers about it (`moveMetrics`), for the analysis pages. */
    metrics: z.record(z.string(), z.number().nullable()).optional(),
    /** The move was chosen by the policy (no legal answer in time or in tries), not by the seat; `reason` says why. */
    forfeited: z.boolean().optional(),
    reason: z.string().optional(),
    /** A person's time ran out: `count` turns in a row, of the `limit` that loses the match. */
    timedOut: z.object({ count: count, limit: count }).optional(),
  }),
  /** A seat gave up (resigned, or ran out of time too often). */
  resign: z.object({ reason: z.string().optional() }),
  /** The outcome (lib/engine/types.ts `Outcome`); `rated: false` and `unrated` when it rates no one, and why. */
  end: z.object({
    scores: z.array(z.number()),
    reason: z.string(),
    winner: seat.nullable(),
    rewards: z.array(z.number()).nullable().optional(),
    summary: z.string().optional(),
    rated: z.boolean().optional(),
    unrated: z.string().optional(),
  }),
  /** An infrastructure failure: the match is void. */
  failed: z.object({ reason: z.string() }),
};

/** Events of the match as a whole carry no seat; the others carry the seat they are about. */
const event = <K extends keyof typeof payloadSchemas, S extends z.ZodType>(kind: K, seatSchema: S) =>
  z.object({ kind: z.literal(kind), seat: seatSchema, payload: payloadSchemas[kind] });

export const matchEventSchema = z.discriminatedUnion('kind', [
  event('start', z.null()),
  event('reply', seat),
  event('illegal', seat),
  event('turn', seat),
  event('move', seat),
  event('resign', seat),
  event('end', z.null()),
  event('failed', z.null()),
]);

/** One event of a match log: what happened (`kind`), to which seat, with what. */
export type MatchEvent = z.infer<typeof matchEventSchema>;
export type EventKind = MatchEvent['kind'];
export type EventOf<K extends EventKind> = Extract<MatchEvent, { kind: K }>;
export type PayloadOf<K extends EventKind> = EventOf<K>['payload'];

/** An event as the log keeps it: its place in the log, who may see it while the match runs, and when. */
export type StoredEvent<K extends EventKind = EventKind> = EventOf<K> & {
  seq: number;
  /** Seats allowed to see it while the match runs; [] = everyone. */
  visibleTo: Seat[];
  at: Date;
};

/** A match_events row as Prisma reads it. */
export interface EventRow {
  seq: number;
  kind: string;
  seat: number | null;
  payload: unknown;
}

/**
 * A row of the log, checked: throws an error naming the row (match, seq, kind) and what is wrong with it. The event is
 * the row as stored (its payload unchanged: the fields it has, in their order), once the schema has accepted it.
 */
export function matchEventOf(matchId: string, row: EventRow): MatchEvent {
  const r = matchEventSchema.safeParse({ kind: row.kind, seat: row.seat, payload: row.payload });
  if (!r.success) {
    const i = r.error.issues[0];
    const where = i?.path.length ? `${i.path.join('.')}: ` : '';
    throw new Error(`match ${matchId}, event ${row.seq} (${row.kind}): ${where}${i?.message ?? 'not a match event'}`);
  }
  return { kind: row.kind, seat: row.seat, payload: row.payload } as MatchEvent;
}

/** A stored row with its envelope (see `matchEventOf`). */
export function storedEventOf(matchId: string, row: EventRow & { visibleTo: number[]; createdAt: Date }): StoredEvent {
  return { seq: row.seq, ...matchEventOf(matchId, row), visibleTo: row.visibleTo, at: row.createdAt };
}

/** The moves of a log, in order: what replays it from its seed (lib/engine/replay.ts). */
export function movesOf(events: readonly MatchEvent[]): MoveRecord[] {
  const moves: MoveRecord[] = [];
  for (const ev of events)
    if (ev.kind === 'move') moves.push({ ply: ev.payload.ply, seat: ev.seat, action: ev.payload.action });
  return moves;
}

// ───────────────────────────── the match as a whole ─────────────────────────────

/** cancelled: never played, because its tournament was cancelled or ran out of budget. */
export type MatchStatus = 'queued' | 'running' | 'finished' | 'failed' | 'cancelled';

/** A match that will not change any more. */
export function isFinal(status: MatchStatus): boolean {
  return status === 'finished' || status === 'failed' || status === 'cancelled';
}

/** A match's result as pages show it. */
export interface MatchOutcome {
  scores: number[];
  reason: string;
  winner?: number | null;
  /** The result as a person says it ("Villagers win", "Team score 14 of 25"), when the game gives one. */
  summary?: string;
}

/** The outcome an `end` event carries (its summary included). */
export function outcomeOfEnd(p: PayloadOf<'end'>): MatchOutcome & { winner: number | null } {
  return { scores: p.scores, reason: p.reason, winner: p.winner, ...(p.summary ? { summary: p.summary } : {}) };
}

/** What a log says about the match as a whole. */
export interface MatchHead<S extends { seat: number; score: number | null }> {
  status: MatchStatus;
  outcome: MatchOutcome | null;
  failureReason: string | null;
  seats: S[];
}

/** An event as the reduction reads it: a stored one, or a viewer's copy (lib/protocol.ts `WireEvent`). */
export type HeadEvent =
  | { kind: 'end'; payload: PayloadOf<'end'> }
  | { kind: 'failed'; payload: PayloadOf<'failed'> }
  | { kind: Exclude<EventKind, 'end' | 'failed'> };

/**
 * The one reduction of a log to the match as a whole (the hub's copy of a log and the browser's): a start or a first
 * turn means it runs, an end gives the outcome and the seats' scores, a failure its reason.
 */
export function reduceHead<S extends { seat: number; score: number | null }>(
  head: MatchHead<S>,
  ev: HeadEvent,
): MatchHead<S> {
  const { status, outcome, failureReason, seats } = head;
  switch (ev.kind) {
    case 'start':
      return { status: 'running', outcome, failureReason, seats };
    case 'turn':
      return { status: status === 'queued' ? 'running' : status, outcome, failureReason, seats };
    case 'end': {
      const o = outcomeOfEnd(ev.payload);
      return {
        status: 'finished',
        outcome: o,
        failureReason,
        seats: seats.map((s) => ({ ...s, score: o.scores[s.seat] ?? null })),
      };
    }
    case 'failed':
      return { status: 'failed', outcome, failureReason: ev.payload.reason, seats };
    default:
      return { status, outcome, failureReason, seats };
  }
}
