// The agents as the public pages show them: the list (a page at a time, people apart) with each agent's record (the
// record rule, lib/records.ts, in SQL), one agent with its setup, its model usage, and the opponents people may pick
// on the Play page. Read-only.
import 'server-only';
import type { Prisma } from '../generated/prisma/client.ts';
import { paged, type Page } from '../pagination';
import { isPlayable, playableAgentWhere } from '../play';
import { cooperativeGameIds, evaluationGameIds, recordGameIds } from '../records';
import { db } from './client';

export interface AgentSummary {
  id: string;
  name: string;
  kind: string;
  model: string | null;
  providerName: string | null;
  scaffold: string | null;
  promptVersion: string | null;
  /** True when the agent or its provider is the simulated LLM endpoint. */
  simulated: boolean;
  providerSimulated: boolean;
  /** Matches counted in its record (lib/records.ts, the record rule): wins + draws + losses. */
  played: number;
  wins: number;
  draws: number;
  losses: number;
  illegalReplies: number;
  forfeitedTurns: number;
}

/** Which agents the public list shows: models and baselines, or the people who play in the browser. */
export type AgentListTab = 'agents' | 'people';

/** An agent's matches as the record rule sorts them (lib/records.ts): the record, and what is listed apart. */
export interface AgentRecord {
  played: number;
  wins: number;
  draws: number;
  losses: number;
  /** Finished matches apart from the record, by why: self-play, cooperative, judged evaluation, not rated, void, a game the leaderboard does not list. */
  apart: {
    noOpponent: number;
    cooperative: number;
    evaluation: number;
    unrated: number;
    voided: number;
    otherGame: number;
  };
  /** Queued or running, and cancelled. */
  open: number;
  cancelled: number;
}

const EMPTY_RECORD: AgentRecord = {
  played: 0,
  wins: 0,
  draws: 0,
  losses: 0,
  open: 0,
  cancelled: 0,
  apart: { noOpponent: 0, cooperative: 0, evaluation: 0, unrated: 0, voided: 0, otherGame: 0 },
};

/**
 * The record rule (lib/records.ts) in SQL, for many agents at once: each of their matches classified as `matchKind`
 * does, and a counted match's result as the rating library's `agentResult` (best side it sits on against the best side
 * it does not; equal within 1e-9 is a draw; no such side is a draw), once per match however many seats it held.
 */
export async function agentRecords(ids: string[]): Promise<Map<string, AgentRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db().$queryRaw<
    {
      agent_id: string;
      played: number;
      wins: number;
      draws: number;
      losses: number;
      no_opponent: number;
      cooperative: number;
      evaluation: number;
      unrated: number;
      voided: number;
      other_game: number;
      open: number;
      cancelled: number;
    }[]
  >`
    WITH mine AS (
      SELECT DISTINCT s.match_id, s.agent_id FROM seats s WHERE s.agent_id = ANY(${ids})
    ), m AS (
      SELECT mine.agent_id, mt.id, mt.status, mt.rated, mt.game_id
      FROM mine JOIN matches mt ON mt.id = mine.match_id
    ), sided AS (
      SELECT s.match_id, s.agent_id, COALESCE('team:' || (mt.result->'teams'->>s.seat), '#' || s.seat) AS side, COALESCE(s.score, 0) AS score
      FROM seats s JOIN matches mt ON mt.id = s.match_id
      WHERE s.match_id IN (SELECT id FROM m WHERE status = 'finished' AND rated AND game_id = ANY(${recordGameIds()}))
    ), sides AS (
      SELECT match_id, side, SUM(score) AS total, array_agg(DISTINCT agent_id) AS agents FROM sided GROUP BY match_id, side
    ), shape AS (
      SELECT match_id, COUNT(DISTINCT side) AS sides, COUNT(DISTINCT agent_id) AS agents FROM sided GROUP BY match_id
    ), best AS (
      SELECT m.agent_id, m.id, MAX(x.total) FILTER (WHERE m.agent_id = ANY(x.agents)) AS own, MAX(x.total) FILTER (WHERE NOT m.agent_id = ANY(x.agents)) AS other
      FROM m JOIN sides x ON x.match_id = m.id GROUP BY m.agent_id, m.id
    ), per AS (
      SELECT m.agent_id, b.own, b.other,
        CASE
          WHEN m.status = 'failed' THEN 'void'
          WHEN m.status = 'cancelled' THEN 'cancelled'
          WHEN m.status <> 'finished' THEN 'open'
          WHEN m.game_id = ANY(${evaluationGameIds()}) THEN 'evaluation'
          WHEN NOT m.rated THEN 'unrated'
          WHEN m.game_id = ANY(${cooperativeGameIds()}) THEN 'cooperative'
          WHEN NOT (m.game_id = ANY(${recordGameIds()})) THEN 'other-game'
          WHEN sh.sides < 2 OR sh.agents < 2 THEN 'no-opponent'
          ELSE 'counted'
        END AS kind
      FROM m LEFT JOIN shape sh ON sh.match_id = m.id LEFT JOIN best b ON b.agent_id = m.agent_id AND b.id = m.id
    )
    SELECT agent_id,
      COUNT(*) FILTER (WHERE kind = 'counted')::int AS played,
      COUNT(*) FILTER (WHERE kind = 'counted' AND other IS NOT NULL AND own - other >= 1e-9)::int AS wins,
      COUNT(*) FILTER (WHERE kind = 'counted' AND (other IS NULL OR abs(own - other) < 1e-9))::int AS draws,
      COUNT(*) FILTER (WHERE kind = 'counted' AND other IS NOT NULL AND other - own >= 1e-9)::int AS losses,
      COUNT(*) FILTER (WHERE kind = 'no-opponent')::int AS no_opponent,
      COUNT(*) FILTER (WHERE kind = 'cooperative')::int AS cooperative,
      COUNT(*) FILTER (WHERE kind = 'evaluation')::int AS evaluation,
      COUNT(*) FILTER (WHERE kind = 'unrated')::int AS unrated,
      COUNT(*) FILTER (WHERE kind = 'void')::int AS voided,
      COUNT(*) FILTER (WHERE kind = 'other-game')::int AS other_game,
      COUNT(*) FILTER (WHERE kind = 'open')::int AS open,
      COUNT(*) FILTER (WHERE kind = 'cancelled')::int AS cancelled
    FROM per GROUP BY agent_id`;
  return new Map(
    rows.map((r) => [
      r.agent_id,
      {
        played: r.played,
        wins: r.wins,
        draws: r.draws,
        losses: r.losses,
        open: r.open,
        cancelled: r.cancelled,
        apart: {
          noOpponent: r.no_opponent,
          cooperative: r.cooperative,
          evaluation: r.evaluation,
          unrated: r.unrated,
          voided: r.voided,
          otherGame: r.other_game,
        },
      },
    ]),
  );
}

/**
 * One page of the agents list with their records (the record rule: lib/records.ts), and how many agents each tab
 * holds. People (guests can be many) have a tab of their own.
 */
export async function getAgentsPage(
  page: number,
  tab: AgentListTab = 'agents',
): Promise<Page<AgentSummary> & { counts: Record<AgentListTab, number> }> {
  const where: Prisma.AgentWhereInput = tab === 'people' ? { kind: 'human' } : { kind: { not: 'human' } };
  const [p, agents, people] = await Promise.all([
    paged(
      page,
      () => db().agent.count({ where }),
      (w) => db().agent.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], include: agentInclude, ...w }),
    ),
    db().agent.count({ where: { kind: { not: 'human' } } }),
    db().agent.count({ where: { kind: 'human' } }),
  ]);
  const ids = p.items.map((a) => a.id);
  const [records, totals] = await Promise.all([
    agentRecords(ids),
    db().seat.groupBy({
      by: ['agentId'],
      where: { agentId: { in: ids } },
      _sum: { illegalCount: true, forfeitCount: true },
    }),
  ]);
  return {
    ...p,
    items: p.items.map((a) => toAgentSummary(a, records.get(a.id) ?? EMPTY_RECORD, totals)),
    counts: { agents, people },
  };
}

const agentInclude = { provider: { select: { name: true, simulated: true } } } satisfies Prisma.AgentInclude;
type AgentWithProvider = Prisma.AgentGetPayload<{ include: typeof agentInclude }>;
type SeatTotals = { agentId: string; _sum: { illegalCount: number | null; forfeitCount: number | null } };

function toAgentSummary(a: AgentWithProvider, record: AgentRecord, totals: SeatTotals[]): AgentSummary {
  const sums = totals.find((t) => t.agentId === a.id)?._sum;
  const { played, wins, draws, losses } = record;
  return {
    id: a.id,
    name: a.name,
    kind: a.kind,
    model: a.model,
    providerName: a.provider?.name ?? null,
    scaffold: a.scaffold,
    promptVersion: a.promptVersion,
    simulated: a.simulated || !!a.provider?.simulated,
    providerSimulated: !!a.provider?.simulated,
    played,
    wins,
    draws,
    losses,
    illegalReplies: sums?.illegalCount ?? 0,
    forfeitedTurns: sums?.forfeitCount ?? 0,
  };
}

export interface AgentDetail extends AgentSummary {
  temperature: number | null;
  maxTokens: number | null;
  /** Kind-specific settings, e.g. { depth } for engines. */
  settings: unknown;
  createdAt: Date;
  /** Void matches it sat in (infrastructure failures, not counted). */
  voided: number;
  /** Finished matches that rated no one (a person gave up before a move of their own; not counted). */
  unrated: number;
  /** Everything the record rule sorts its matches into (what the page lists apart from the record). */
  record: AgentRecord;
  /** People may pick it as an opponent on the Play page. */
  playable: boolean;
}

/** One agent with its setup and record; null when there is no such agent. */
export async function getAgent(id: string): Promise<AgentDetail | null> {
  const a = await db().agent.findUnique({ where: { id }, include: agentInclude });
  if (!a) return null;
  const [records, totals] = await Promise.all([
    agentRecords([id]),
    db().seat.groupBy({ by: ['agentId'], where: { agentId: id }, _sum: { illegalCount: true, forfeitCount: true } }),
  ]);
  const record = records.get(id) ?? EMPTY_RECORD;
  return {
    ...toAgentSummary(a, record, totals),
    temperature: a.temperature,
    maxTokens: a.maxTokens,
    settings: a.settings,
    createdAt: a.createdAt,
    voided: record.apart.voided,
    unrated: record.apart.unrated,
    record,
    playable: isPlayable(a),
  };
}

export interface LlmUsage {
  /** Requests sent to a model, retries included. */
  calls: number;
  /** Requests that ended in a provider error or timeout. */
  errors: number;
  tokensIn: number;
  tokensOut: number;
  /** Null when there are no calls. */
  meanLatencyMs: number | null;
  p95LatencyMs: number | null;
}

/** An agent's model calls from the llm_calls table: count, tokens, mean and 95th-percentile latency (computed by Postgres). */
export async function getAgentLlmUsage(id: string): Promise<LlmUsage> {
  const [row] = await db().$queryRaw<
    {
      calls: number;
      errors: number;
      tokens_in: number | null;
      tokens_out: number | null;
      mean_latency: number | null;
      p95_latency: number | null;
    }[]
  >`
    SELECT count(*)::int AS calls,
           count(error)::int AS errors,
           sum(tokens_in)::float8 AS tokens_in,
           sum(tokens_out)::float8 AS tokens_out,
           avg(latency_ms)::float8 AS mean_latency,
           percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms)::float8 AS p95_latency
      FROM llm_calls
     WHERE agent_id = ${id}`;
  return {
    calls: row?.calls ?? 0,
    errors: row?.errors ?? 0,
    tokensIn: row?.tokens_in ?? 0,
    tokensOut: row?.tokens_out ?? 0,
    meanLatencyMs: row?.mean_latency ?? null,
    p95LatencyMs: row?.p95_latency ?? null,
  };
}

/** An agent a person may pick as an opponent on the Play page (current versions; models first). */
export interface PlayableAgent {
  id: string;
  name: string;
  kind: string;
  simulated: boolean;
}

const KIND_ORDER: Record<string, number> = { llm: 0, engine: 1, random: 2 };

/** The opponents people may pick (lib/play.ts's isPlayable). */
export async function getPlayableAgents(): Promise<PlayableAgent[]> {
  const rows = await db().agent.findMany({
    where: playableAgentWhere,
    select: { id: true, name: true, kind: true, simulated: true, provider: { select: { simulated: true } } },
    orderBy: { name: 'asc' },
  });
  return rows
    .map((a) => ({ id: a.id, name: a.name, kind: a.kind, simulated: a.simulated || !!a.provider?.simulated }))
    .sort((a, b) => (KIND_ORDER[a.kind] ?? 9) - (KIND_ORDER[b.kind] ?? 9));
}
