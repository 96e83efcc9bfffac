// Where the match runner writes: Postgres through Prisma (and a no-op store for the persistence benchmark).
import type { Db } from '../../lib/db';
import type { Outcome } from '../../games/types';
import { storedEventOf, type StoredEvent } from '../../lib/engine/events';
import { seatOutcomes } from '../../lib/outcomes';
import type { CallRecord } from '../agents/types';

export interface AgentRow {
  id: string;
  name: string;
  kind: string;
  model: string | null;
  temperature: number | null;
  maxTokens: number | null;
  scaffold: string | null;
  /** The prompt version the agent plays (v1: before Explain; lib/agents/scaffolds.ts). */
  promptVersion?: string | null;
  settings: unknown;
  simulated: boolean;
  provider: {
    id: string; baseUrl: string; apiKeyEnc: string | null; simulated: boolean;
    rpm: number | null; tpm: number | null; maxConcurrent: number | null;
    priceInPer1k: number; priceOutPer1k: number; modelPrices: unknown;
  } | null;
}

export interface MatchSetup {
  id: string;
  gameId: string;
  config: unknown;
  seed: string;
  numPlayers: number;
  status: string;
  /** Seconds a person has for one move (null: the game's default). */
  moveSeconds?: number | null;
  seats: { seat: number; agent: AgentRow }[];
}

export type { StoredEvent };

export interface SeatStats {
  illegal: number;
  forfeits: number;
  moves: number;
  replies: number;
  /** Replies that asked to read a rules topic (Explain) instead of moving; counted in `replies` too. */
  explains: number;
}

/** A model call as llm_calls keeps it: the CallRecord (with its purpose) and where in the match it belongs. */
export interface CallRow extends CallRecord {
  /** The player's seat (`move`), or the seat whose statement was judged (`judge`). */
  seat: number;
  /** The move being decided (`move`); null for a call outside the moves (`judge`). */
  ply: number | null;
  /** The try: a move's attempt after rejections, or a judge's correction. */
  attempt: number;
  agentId: string;
  parsedAction: unknown;
}

export interface MatchStore {
  load(matchId: string): Promise<MatchSetup | null>;
  /** Marks the match running; a match that was mid-play (a crash) restarts from its seed, so its partial log is cleared. */
  begin(matchId: string): Promise<void>;
  /**
   * For matches with a person: marks the match running and returns the log stored so far (each row checked), so the
   * run carries on from it (a person's moves cannot be regenerated from the seed, unlike a model's or an engine's).
   */
  resume(matchId: string): Promise<StoredEvent[]>;
  /** The one way the runner writes: a turn's events and model calls in one statement. */
  appendBatch(matchId: string, evs: StoredEvent[], calls: CallRow[]): Promise<void>;
  /** Model calls outside the moves (the consistency judge's, after the match). */
  recordCall(matchId: string, ...calls: CallRow[]): Promise<void>;
  /** `unrated`: why the finished match rates no one (matches.rated = false, the reason kept in its result). */
  finish(matchId: string, outcome: Outcome, stats: SeatStats[], lastSeq: number, unrated?: string): Promise<void>;
  fail(matchId: string, reason: string, stats: SeatStats[], lastSeq: number): Promise<void>;
}


const seatCounts = (st: SeatStats) => ({ illegalCount: st.illegal, forfeitCount: st.forfeits, moveCount: st.moves, replyCount: st.replies, explainCount: st.explains });

/**
 * The one statement that writes model calls ($1: the match, $2: the rows as JSON, from `callsJson`), alone or as the
 * first part of a turn's batch.
 */
const INSERT_CALLS = `INSERT INTO llm_calls (match_id, purpose, seat, ply, attempt, agent_id, model, messages, reply, parsed_action, error, tokens_in, tokens_out, latency_ms, cost_usd)
  SELECT $1, x.purpose, x.seat, x.ply, x.attempt, x.agent_id, x.model, x.messages, x.reply, x.parsed_action, x.error, x.tokens_in, x.tokens_out, x.latency_ms, x.cost_usd
  FROM jsonb_to_recordset($2::jsonb) AS x(purpose text, seat int, ply int, attempt int, agent_id text, model text, messages jsonb, reply text,
                                          parsed_action jsonb, error text, tokens_in int, tokens_out int, latency_ms int, cost_usd float8)`;

const callsJson = (calls: CallRow[]) =>
  JSON.stringify(calls.map((c) => ({
    purpose: c.purpose, seat: c.seat, ply: c.ply, attempt: c.attempt, agent_id: c.agentId, model: c.model, messages: c.messages, reply: c.reply,
    parsed_action: c.parsedAction ?? null, error: c.error, tokens_in: c.tokensIn, tokens_out: c.tokensOut, latency_ms: c.latencyMs, cost_usd: c.costUsd ?? null,
  })));

export function prismaStore(db: Db): MatchStore {
  return {
    async load(matchId) {
      const m = await db.match.findUnique({
        where: { id: matchId },
        include: { seats: { orderBy: { seat: 'asc' }, include: { agent: { include: { provider: true } } } } },
      });
      if (!m) return null;
      return { ...m, seats: m.seats.map((s) => ({ seat: s.seat, agent: s.agent })) };
    },
    async resume(matchId) {
      await db.match.update({ where: { id: matchId }, data: { status: 'running', failureReason: null } });
      const rows = await db.matchEvent.findMany({ where: { matchId }, orderBy: { seq: 'asc' } });
      return rows.map((row) => storedEventOf(matchId, row));
    },
    async begin(matchId) {
      // One statement (atomic): clear a partial log left by a crash, mark the match running. What the cleared calls
      // spent is kept on the match: it was spent, and budgets count it.
      await db.$executeRawUnsafe(
        `WITH e AS (DELETE FROM match_events WHERE match_id = $1),
              c AS (DELETE FROM llm_calls WHERE match_id = $1 RETURNING tokens_in, tokens_out, cost_usd)
         UPDATE matches SET status = 'running', started_at = $2::timestamp(3), last_seq = 0, failure_reason = NULL,
           discarded_tokens = discarded_tokens + (SELECT COALESCE(SUM(COALESCE(tokens_in, 0) + COALESCE(tokens_out, 0)), 0) FROM c),
           discarded_cost_usd = discarded_cost_usd + (SELECT COALESCE(SUM(cost_usd), 0) FROM c)
         WHERE id = $1`,
        matchId, new Date().toISOString(),
      );
    },
    async appendBatch(matchId, evs, calls) {
      await db.$executeRawUnsafe(
        `WITH c AS (${INSERT_CALLS})
         INSERT INTO match_events (match_id, seq, kind, seat, payload, visible_to, created_at)
         SELECT $1, x.seq, x.kind, x.seat, x.payload, x.visible_to, x.created_at
         FROM jsonb_to_recordset($3::jsonb) AS x(seq int, kind text, seat int, payload jsonb, visible_to int[], created_at timestamp(3))`,
        matchId,
        callsJson(calls),
        JSON.stringify(evs.map((e) => ({ seq: e.seq, kind: e.kind, seat: e.seat, payload: e.payload, visible_to: e.visibleTo, created_at: e.at.toISOString() }))),
      );
    },
    async recordCall(matchId, ...calls) {
      if (calls.length) await db.$executeRawUnsafe(INSERT_CALLS, matchId, callsJson(calls));
    },
    async finish(matchId, outcome, stats, lastSeq, unrated) {
      const outcomes = seatOutcomes(outcome);
      await db.$executeRawUnsafe(
        `WITH s AS (
           UPDATE seats SET score = x.score, outcome = x.outcome, illegal_count = x.illegal, forfeit_count = x.forfeits, move_count = x.moves, reply_count = x.replies, explain_count = x.explains
           FROM jsonb_to_recordset($2::jsonb) AS x(seat int, score float8, outcome text, illegal int, forfeits int, moves int, replies int, explains int)
           WHERE seats.match_id = $1 AND seats.seat = x.seat)
         UPDATE matches SET status = 'finished', finished_at = $3::timestamp(3), last_seq = $4, result = $5::jsonb, rated = $6 WHERE id = $1`,
        matchId,
        // Each seat's outcome by side: a side that wins is a win for every seat of it (lib/outcomes.ts).
        JSON.stringify(stats.map((st, seat) => ({ seat, score: outcome.scores[seat] ?? 0, outcome: outcomes[seat] ?? 'loss', illegal: st.illegal, forfeits: st.forfeits, moves: st.moves, replies: st.replies, explains: st.explains }))),
        new Date().toISOString(), lastSeq, JSON.stringify({ ...outcome, winner: outcome.winner ?? null, ...(unrated ? { unrated } : {}) }), !unrated,
      );
    },
    async fail(matchId, reason, stats, lastSeq) {
      await db.$transaction([
        ...stats.map((st, seat) =>
          db.seat.update({ where: { matchId_seat: { matchId, seat } }, data: seatCounts(st) }),
        ),
        db.match.update({ where: { id: matchId }, data: { status: 'failed', finishedAt: new Date(), lastSeq, failureReason: reason } }),
      ]);
    },
  };
}

/** Keeps nothing: only for measuring what persistence costs (`npm run bench`). */
export function nullStore(setup: (matchId: string) => MatchSetup): MatchStore {
  return {
    load: async (id) => setup(id),
    begin: async () => {},
    resume: async () => [],
    appendBatch: async () => {},
    recordCall: async () => {},
    finish: async () => {},
    fail: async () => {},
  };
}
