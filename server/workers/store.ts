// Where the match runner writes: Postgres through Prisma (and a no-op store for the persistence benchmark).
import type { Db } from '../../lib/db';
import type { Outcome } from '../../games/types';
import type { CallRecord } from '../agents/types';

export interface AgentRow {
  id: string;
  name: string;
  kind: string;
  model: string | null;
  temperature: number | null;
  maxTokens: number | null;
  scaffold: string | null;
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
  seats: { seat: number; agent: AgentRow }[];
}

export interface StoredEvent {
  seq: number;
  kind: string;
  seat: number | null;
  payload: Record<string, unknown>;
  /** Seats allowed to see it while the match runs; [] = everyone. */
  visibleTo: number[];
  at: Date;
}

export interface SeatStats {
  illegal: number;
  forfeits: number;
  moves: number;
  replies: number;
}

export interface CallRow extends CallRecord {
  seat: number;
  ply: number;
  attempt: number;
  agentId: string;
  parsedAction: unknown;
}

export interface MatchStore {
  load(matchId: string): Promise<MatchSetup | null>;
  /** Marks the match running; a match that was mid-play (a crash) restarts from its seed, so its partial log is cleared. */
  begin(matchId: string): Promise<void>;
  append(matchId: string, ev: StoredEvent): Promise<void>;
  recordCall(matchId: string, call: CallRow): Promise<void>;
  finish(matchId: string, outcome: Outcome, stats: SeatStats[], lastSeq: number): Promise<void>;
  fail(matchId: string, reason: string, stats: SeatStats[], lastSeq: number): Promise<void>;
}

function seatOutcome(outcome: Outcome, seat: number): string {
  if (outcome.winner === seat) return 'win';
  if (outcome.winner != null) return 'loss';
  const s = outcome.scores[seat] ?? 0;
  const max = Math.max(...outcome.scores);
  return s === max ? (outcome.scores.filter((x) => x === max).length > 1 ? 'draw' : 'win') : 'loss';
}

const seatCounts = (st: SeatStats) => ({ illegalCount: st.illegal, forfeitCount: st.forfeits, moveCount: st.moves, replyCount: st.replies });

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
    async begin(matchId) {
      await db.$transaction([
        db.matchEvent.deleteMany({ where: { matchId } }),
        db.llmCall.deleteMany({ where: { matchId } }),
        db.match.update({ where: { id: matchId }, data: { status: 'running', startedAt: new Date(), lastSeq: 0, failureReason: null } }),
      ]);
    },
    async append(matchId, ev) {
      await db.matchEvent.create({
        data: { matchId, seq: ev.seq, kind: ev.kind, seat: ev.seat, payload: ev.payload as object, visibleTo: ev.visibleTo, createdAt: ev.at },
      });
    },
    async recordCall(matchId, c) {
      await db.llmCall.create({
        data: {
          matchId, seat: c.seat, ply: c.ply, attempt: c.attempt, agentId: c.agentId, model: c.model,
          messages: c.messages, reply: c.reply, parsedAction: (c.parsedAction ?? undefined) as object | undefined,
          error: c.error, tokensIn: c.tokensIn, tokensOut: c.tokensOut, latencyMs: c.latencyMs, costUsd: c.costUsd ?? null,
        },
      });
    },
    async finish(matchId, outcome, stats, lastSeq) {
      await db.$transaction([
        ...stats.map((st, seat) =>
          db.seat.update({
            where: { matchId_seat: { matchId, seat } },
            data: { score: outcome.scores[seat] ?? 0, outcome: seatOutcome(outcome, seat), ...seatCounts(st) },
          }),
        ),
        db.match.update({
          where: { id: matchId },
          data: { status: 'finished', finishedAt: new Date(), lastSeq, result: { ...outcome, winner: outcome.winner ?? null } },
        }),
      ]);
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
    append: async () => {},
    recordCall: async () => {},
    finish: async () => {},
    fail: async () => {},
  };
}
