// Where the match runner writes: Postgres through Prisma's raw statements, matches' writes coalesced into shared
// statements (group commit), and a no-op store for the persistence benchmark.
import type { Db } from '../../lib/db/client';
import type { GeneratorId, Outcome } from '../../lib/engine/types';
import { storedEventOf, type StoredEvent } from '../../lib/engine/events';
import { seatOutcomes } from '../../lib/outcomes';
import type { CallRecord } from '../agents/types';
import { decidePeopleCount } from './people-verdict';
import { WriteCoalescer, type CoalescerLimits } from './write-coalescer';

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
    id: string;
    baseUrl: string;
    apiKeyEnc: string | null;
    simulated: boolean;
    rpm: number | null;
    tpm: number | null;
    maxConcurrent: number | null;
    priceInPer1k: number;
    priceOutPer1k: number;
    modelPrices: unknown;
  } | null;
}

export interface MatchSetup {
  id: string;
  gameId: string;
  config: unknown;
  seed: string;
  /** The generator that deals it (lib/engine/rng.ts). */
  generator: GeneratorId;
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
  /**
   * For a match with a person that ends for real: why it rates no one under the people rule (their practice game, or
   * past their games against one of its agents), or null when it counts (server/workers/people-verdict.ts). A store
   * without it counts every such match.
   */
  peopleVerdict?(setup: MatchSetup): Promise<string | null>;
  /** `unrated`: why the finished match rates no one (matches.rated = false, the reason kept in its result). */
  finish(matchId: string, outcome: Outcome, stats: SeatStats[], lastSeq: number, unrated?: string): Promise<void>;
  fail(matchId: string, reason: string, stats: SeatStats[], lastSeq: number): Promise<void>;
}

const seatCounts = (st: SeatStats) => ({
  illegalCount: st.illegal,
  forfeitCount: st.forfeits,
  moveCount: st.moves,
  replyCount: st.replies,
  explainCount: st.explains,
});

/** A model call as a row of llm_calls' JSON input (`INSERT_CALLS`). */
const callRecords = (matchId: string, calls: CallRow[]) =>
  calls.map((c) => ({
    match_id: matchId,
    purpose: c.purpose,
    seat: c.seat,
    ply: c.ply,
    attempt: c.attempt,
    agent_id: c.agentId,
    model: c.model,
    messages: c.messages,
    reply: c.reply,
    parsed_action: c.parsedAction ?? null,
    error: c.error,
    tokens_in: c.tokensIn,
    tokens_out: c.tokensOut,
    latency_ms: c.latencyMs,
    cost_usd: c.costUsd ?? null,
  }));

/** The one statement that writes model calls (`$n`: the rows as JSON, from `callRecords`), alone or within a batch. */
const insertCalls = (
  n: number,
) => `INSERT INTO llm_calls (match_id, purpose, seat, ply, attempt, agent_id, model, messages, reply, parsed_action, error, tokens_in, tokens_out, latency_ms, cost_usd)
  SELECT x.match_id, x.purpose, x.seat, x.ply, x.attempt, x.agent_id, x.model, x.messages, x.reply, x.parsed_action, x.error, x.tokens_in, x.tokens_out, x.latency_ms, x.cost_usd
  FROM jsonb_to_recordset($${n}::jsonb) AS x(match_id text, purpose text, seat int, ply int, attempt int, agent_id text, model text, messages jsonb, reply text,
                                          parsed_action jsonb, error text, tokens_in int, tokens_out int, latency_ms int, cost_usd float8)`;

type Json = Record<string, unknown>;

/** A write the store coalesces with other matches' (server/workers/write-coalescer.ts). */
export type StoreOp =
  | { kind: 'begin'; matchId: string; at: string }
  | { kind: 'append'; matchId: string; events: Json[]; calls: Json[] }
  | { kind: 'finish'; matchId: string; seats: Json[]; at: string; lastSeq: number; result: unknown; rated: boolean };

/**
 * One statement for a batch of writes (at most one op per match: the coalescer's rule, so no match's rows meet in one
 * statement where Postgres leaves their order undefined): begins, appended events and calls, finishes, each kind as
 * data-modifying CTEs over JSON rows. Relaxed: the statement's own transaction commits with synchronous_commit = off
 * (set_config's local value lasts until that commit).
 */
export function batchStatement(ops: StoreOp[], relaxed: boolean): { sql: string; params: string[] } {
  const params: string[] = [];
  const param = (rows: unknown[]) => params.push(JSON.stringify(rows));
  const ctes: string[] = [];
  const begins = ops.filter((o) => o.kind === 'begin');
  const appends = ops.filter((o) => o.kind === 'append');
  const finishes = ops.filter((o) => o.kind === 'finish');
  if (begins.length) {
    param(begins.map((o) => ({ match_id: o.matchId, at: o.at })));
    ctes.push(
      `b AS (SELECT * FROM jsonb_to_recordset($${params.length}::jsonb) AS x(match_id text, at timestamp(3)))`,
      `b_e AS (DELETE FROM match_events WHERE match_id IN (SELECT match_id FROM b))`,
      `b_c AS (DELETE FROM llm_calls WHERE match_id IN (SELECT match_id FROM b) RETURNING match_id, tokens_in, tokens_out, cost_usd)`,
      `b_s AS (SELECT match_id, SUM(COALESCE(tokens_in, 0) + COALESCE(tokens_out, 0)) AS tokens, SUM(cost_usd) AS cost FROM b_c GROUP BY match_id)`,
      `b_m AS (UPDATE matches SET status = 'running', started_at = b.at, last_seq = 0, failure_reason = NULL,
         discarded_tokens = matches.discarded_tokens + COALESCE(b_s.tokens, 0), discarded_cost_usd = matches.discarded_cost_usd + COALESCE(b_s.cost, 0)
         FROM b LEFT JOIN b_s ON b_s.match_id = b.match_id WHERE matches.id = b.match_id)`,
    );
  }
  const calls = appends.flatMap((o) => o.calls);
  if (calls.length) {
    param(calls);
    ctes.push(`a_c AS (${insertCalls(params.length)})`);
  }
  const events = appends.flatMap((o) => o.events);
  if (events.length) {
    param(events);
    ctes.push(`a_e AS (INSERT INTO match_events (match_id, seq, kind, seat, payload, visible_to, created_at)
       SELECT x.match_id, x.seq, x.kind, x.seat, x.payload, x.visible_to, x.created_at
       FROM jsonb_to_recordset($${params.length}::jsonb) AS x(match_id text, seq int, kind text, seat int, payload jsonb, visible_to int[], created_at timestamp(3)))`);
  }
  if (finishes.length) {
    param(finishes.flatMap((o) => o.seats));
    ctes.push(`f_s AS (
       UPDATE seats SET score = x.score, outcome = x.outcome, illegal_count = x.illegal, forfeit_count = x.forfeits, move_count = x.moves, reply_count = x.replies, explain_count = x.explains
       FROM jsonb_to_recordset($${params.length}::jsonb) AS x(match_id text, seat int, score float8, outcome text, illegal int, forfeits int, moves int, replies int, explains int)
       WHERE seats.match_id = x.match_id AND seats.seat = x.seat)`);
    param(
      finishes.map((o) => ({ match_id: o.matchId, at: o.at, last_seq: o.lastSeq, result: o.result, rated: o.rated })),
    );
    ctes.push(`f_m AS (UPDATE matches SET status = 'finished', finished_at = x.at, last_seq = x.last_seq, result = x.result, rated = x.rated
       FROM jsonb_to_recordset($${params.length}::jsonb) AS x(match_id text, at timestamp(3), last_seq int, result jsonb, rated boolean)
       WHERE matches.id = x.match_id)`);
  }
  // Data-modifying CTEs run to completion whether or not the main query reads them.
  const main = relaxed ? `SELECT set_config('synchronous_commit', 'off', true) AS relaxed` : `SELECT 'on' AS relaxed`;
  return { sql: ctes.length ? `WITH ${ctes.join(',\n')}\n${main}` : main, params };
}

const MATCH_FIELDS = `'id', m.id, 'tournamentId', m.tournament_id, 'gameId', m.game_id, 'config', m.config, 'seed', m.seed, 'generator', m.generator, 'status', m.status,
  'attempt', m.attempt, 'discardedTokens', m.discarded_tokens, 'discardedCostUsd', m.discarded_cost_usd, 'numPlayers', m.num_players,
  'lastSeq', m.last_seq, 'result', m.result, 'rated', m.rated, 'failureReason', m.failure_reason, 'moveSeconds', m.move_seconds,
  'stagesPending', m.stages_pending, 'peopleCounted', m.people_counted, 'protocol', m.protocol, 'protocolKey', m.protocol_key, 'rulesKey', m.rules_key,
  'createdAt', m.created_at, 'startedAt', m.started_at, 'finishedAt', m.finished_at`;
const AGENT_FIELDS = `'id', a.id, 'name', a.name, 'kind', a.kind, 'providerId', a.provider_id, 'model', a.model, 'temperature', a.temperature,
  'maxTokens', a.max_tokens, 'scaffold', a.scaffold, 'promptVersion', a.prompt_version, 'settings', a.settings, 'simulated', a.simulated,
  'familyId', a.family_id, 'version', a.version, 'retired', a.retired, 'archivedAt', a.archived_at, 'playable', a.playable, 'createdAt', a.created_at`;
const PROVIDER_FIELDS = `'id', p.id, 'name', p.name, 'baseUrl', p.base_url, 'models', p.models, 'apiKeyEnc', p.api_key_enc, 'simulated', p.simulated,
  'rpm', p.rpm, 'tpm', p.tpm, 'maxConcurrent', p.max_concurrent, 'priceInPer1k', p.price_in_per_1k, 'priceOutPer1k', p.price_out_per_1k,
  'modelPrices', p.model_prices, 'peopleDailyBudgetUsd', p.people_daily_budget_usd, 'createdAt', p.created_at`;

/**
 * A match with its seats, their agents and the agents' providers in one statement (what Prisma's nested `include`
 * fetched in four): the same rows and fields, timestamps as Dates.
 */
const LOAD_SETUP = `SELECT jsonb_build_object(${MATCH_FIELDS},
  'seats', COALESCE((
    SELECT jsonb_agg(jsonb_build_object('seat', s.seat, 'agent', jsonb_build_object(${AGENT_FIELDS},
             'provider', CASE WHEN p.id IS NULL THEN NULL ELSE jsonb_build_object(${PROVIDER_FIELDS}) END)) ORDER BY s.seat)
    FROM seats s JOIN agents a ON a.id = s.agent_id LEFT JOIN providers p ON p.id = a.provider_id
    WHERE s.match_id = m.id), '[]'::jsonb)) AS setup
  FROM matches m WHERE m.id = $1`;

/** JSON's timestamp text (UTC, as Prisma stores timestamp(3)) back to a Date; null stays null. */
const dateOf = (v: unknown) => (typeof v === 'string' ? new Date(`${v}Z`) : null);
const withDates = <T extends Json>(row: T, keys: string[]): T => {
  const out: Json = { ...row };
  for (const k of keys) out[k] = dateOf(row[k]);
  return out as T;
};

/** Loads a match's setup in one statement (`LOAD_SETUP`); null for an unknown match. */
export async function loadSetup(db: Db, matchId: string): Promise<MatchSetup | null> {
  const rows = await db.$queryRawUnsafe<{ setup: Json }[]>(LOAD_SETUP, matchId);
  const m = rows[0]?.setup;
  if (!m) return null;
  const seats = (m.seats as { seat: number; agent: Json & { provider: Json | null } }[]).map((s) => ({
    seat: s.seat,
    agent: withDates({ ...s.agent, provider: s.agent.provider && withDates(s.agent.provider, ['createdAt']) }, [
      'archivedAt',
      'createdAt',
    ]),
  }));
  return { ...withDates(m, ['createdAt', 'startedAt', 'finishedAt']), seats } as unknown as MatchSetup;
}

/** What one coalesced statement carried (for tests and benchmarks): its ops' kinds and matches, and whether it was relaxed. */
export interface StoreBatchInfo {
  ops: { kind: StoreOp['kind']; matchId: string }[];
  relaxed: boolean;
}

export interface PrismaStoreOptions {
  /** Called once per coalesced statement, after it committed. */
  onBatch?: (info: StoreBatchInfo) => void;
  /** Bounds of one coalesced statement (default: 500 rows, 4 MB of JSON). */
  limits?: Partial<CoalescerLimits>;
}

/**
 * Whether a match's writes may commit without waiting for the WAL flush (synchronous_commit = off). Only when no seat
 * is a person: such a match restarts from its seed after a crash, so writes lost in one are regenerated, and any later
 * durable commit (the queue's, another match's) flushes them first anyway. A person's moves cannot be regenerated: a
 * match with a person keeps full durability for every write.
 */
export function mayRelaxDurability(setup: Pick<MatchSetup, 'seats'>): boolean {
  return !setup.seats.some((s) => s.agent.kind === 'human');
}

/** Matches remembered as relaxed between `load` and `finish`/`fail` (a bound, for matches that never end here). */
const MAX_REMEMBERED = 10_000;

export function prismaStore(db: Db, opts: PrismaStoreOptions = {}): MatchStore {
  // Per match: may its writes be relaxed? Known from `load`; a match this store did not load is written durably.
  const relaxed = new Map<string, boolean>();
  const coalescer = new WriteCoalescer<StoreOp>(async (batch) => {
    const { sql, params } = batchStatement(batch.ops, batch.relaxed);
    await db.$queryRawUnsafe(sql, ...params);
    opts.onBatch?.({ ops: batch.ops.map((o) => ({ kind: o.kind, matchId: o.matchId })), relaxed: batch.relaxed });
  }, opts.limits);
  const submit = (op: StoreOp, rows: number, bytes: number) =>
    coalescer.submit(op.matchId, op, { rows, bytes, relaxed: relaxed.get(op.matchId) === true });
  const forget = (matchId: string) => relaxed.delete(matchId);
  return {
    async load(matchId) {
      const setup = await loadSetup(db, matchId);
      if (setup) {
        if (relaxed.size >= MAX_REMEMBERED) forget(relaxed.keys().next().value!);
        relaxed.set(matchId, mayRelaxDurability(setup));
      }
      return setup;
    },
    async resume(matchId) {
      await db.match.update({ where: { id: matchId }, data: { status: 'running', failureReason: null } });
      const rows = await db.matchEvent.findMany({ where: { matchId }, orderBy: { seq: 'asc' } });
      return rows.map((row) => storedEventOf(matchId, row));
    },
    async begin(matchId) {
      // With the batch's other writes, one statement (atomic): clear a partial log left by a crash, mark the match
      // running. What the cleared calls spent is kept on the match: it was spent, and budgets count it.
      await submit({ kind: 'begin', matchId, at: new Date().toISOString() }, 1, 64);
    },
    async appendBatch(matchId, evs, calls) {
      if (!evs.length && !calls.length) return;
      const events = evs.map((e) => ({
        match_id: matchId,
        seq: e.seq,
        kind: e.kind,
        seat: e.seat,
        payload: e.payload,
        visible_to: e.visibleTo,
        created_at: e.at.toISOString(),
      }));
      const callRows = callRecords(matchId, calls);
      // The size in bytes is estimated from the JSON it becomes (a call's messages dominate).
      const bytes = JSON.stringify(events).length + JSON.stringify(callRows).length;
      await submit({ kind: 'append', matchId, events, calls: callRows }, evs.length + calls.length, bytes);
    },
    async recordCall(matchId, ...calls) {
      if (calls.length) await db.$executeRawUnsafe(insertCalls(1), JSON.stringify(callRecords(matchId, calls)));
    },
    peopleVerdict: (setup) => decidePeopleCount(db, setup),
    async finish(matchId, outcome, stats, lastSeq, unrated) {
      const outcomes = seatOutcomes(outcome);
      // Each seat's outcome by side: a side that wins is a win for every seat of it (lib/outcomes.ts).
      const seats = stats.map((st, seat) => ({
        match_id: matchId,
        seat,
        score: outcome.scores[seat] ?? 0,
        outcome: outcomes[seat] ?? 'loss',
        illegal: st.illegal,
        forfeits: st.forfeits,
        moves: st.moves,
        replies: st.replies,
        explains: st.explains,
      }));
      const result = { ...outcome, winner: outcome.winner ?? null, ...(unrated ? { unrated } : {}) };
      try {
        await submit(
          { kind: 'finish', matchId, seats, at: new Date().toISOString(), lastSeq, result, rated: !unrated },
          seats.length + 1,
          JSON.stringify(result).length + 200 * seats.length,
        );
      } finally {
        forget(matchId);
      }
    },
    async fail(matchId, reason, stats, lastSeq) {
      await db.$transaction([
        ...stats.map((st, seat) =>
          db.seat.update({ where: { matchId_seat: { matchId, seat } }, data: seatCounts(st) }),
        ),
        db.match.update({
          where: { id: matchId },
          data: { status: 'failed', finishedAt: new Date(), lastSeq, failureReason: reason },
        }),
      ]);
      forget(matchId);
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
