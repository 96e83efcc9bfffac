// Read-only database queries behind the pages and exports: the lobby, one match, the agents with their records and
// model usage, the match exports (read in batches), the health check, the tournaments. Lists that grow with use are
// read a page at a time (lib/pagination.ts).
import 'server-only';
import { db } from './db';
import { movesOf, matchEventOf, storedEventOf } from './engine/events';
import { dealOf } from './engine/replay';
import { exportEvent, type CallPurpose, type ExportEvent, type ExportLlmCall, type ExportMatch } from './exports';
import { summarizeGame, type GameMetrics, type MoveRow, type ResultRow } from './metrics';
import { paged, PAGE_SIZE, type Page } from './pagination';
import { blindEvaluations, withheldFromExports } from './simulbench/blind';
import { getGame } from '../games/registry';
import type { FinishedMatch, Judgment, MetricsPage } from './engine/types';
import type { Prisma } from './generated/prisma/client.ts';
import { isPlayable, playableAgentWhere } from './play';
import { cooperativeGameIds, evaluationGameIds, recordGameIds } from './records';
import type { MatchStatus } from './protocol';
import { tournamentProgress, tournamentStandings, type Standing } from './tournament/progress';
import type { TournamentProgress } from './tournament/spec';

export interface SeatSummary {
  seat: number;
  agentId: string;
  agentName: string;
  agentKind: string;
  /** True when the agent or its provider is the simulated LLM endpoint. */
  simulated: boolean;
  score: number | null;
  /** win | draw | loss | shared, once finished. */
  outcome: string | null;
}

export interface MatchSummary {
  id: string;
  gameId: string;
  status: MatchStatus;
  tournamentName: string | null;
  seats: SeatSummary[];
  /** `teams`: each seat's side where seats play as sides (Who is the spy, cooperative games), else absent. */
  result: {
    scores: number[];
    reason: string;
    winner: number | null;
    teams?: string[];
    rewards?: number[];
    summary?: string;
  } | null;
  failureReason: string | null;
  /** False for a finished match that rates no one (a person gave up before a move of their own); why in `unrated`. */
  rated: boolean;
  unrated: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

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

const matchInclude = {
  tournament: { select: { name: true } },
  seats: {
    orderBy: { seat: 'asc' },
    include: {
      agent: { select: { name: true, kind: true, simulated: true, provider: { select: { simulated: true } } } },
    },
  },
} satisfies Prisma.MatchInclude;

type MatchWithSeats = Prisma.MatchGetPayload<{ include: typeof matchInclude }>;

function findMatches(
  args: Pick<Prisma.MatchFindManyArgs, 'where' | 'orderBy' | 'take' | 'skip'>,
): Promise<MatchWithSeats[]> {
  return db().match.findMany({ ...args, include: matchInclude });
}

function toSummary(m: MatchWithSeats): MatchSummary {
  const result = m.result as {
    scores: number[];
    reason: string;
    winner?: number | null;
    unrated?: string;
    teams?: unknown;
    rewards?: unknown;
    summary?: unknown;
  } | null;
  const teams = Array.isArray(result?.teams) ? (result.teams as unknown[]).map(String) : undefined;
  const rewards = Array.isArray(result?.rewards) ? (result.rewards as unknown[]).map(Number) : undefined;
  return {
    id: m.id,
    gameId: m.gameId,
    status: m.status as MatchStatus,
    tournamentName: m.tournament?.name ?? null,
    seats: m.seats.map((s) => ({
      seat: s.seat,
      agentId: s.agentId,
      agentName: s.agent.name,
      agentKind: s.agent.kind,
      simulated: s.agent.simulated || !!s.agent.provider?.simulated,
      score: s.score,
      outcome: s.outcome,
    })),
    result: result
      ? {
          scores: result.scores,
          reason: result.reason,
          winner: result.winner ?? null,
          ...(teams ? { teams } : {}),
          ...(rewards ? { rewards } : {}),
          // The game's own sentence for the result ("Villagers win: …"), so the first paint says what the live page says.
          ...(typeof result.summary === 'string' ? { summary: result.summary } : {}),
        }
      : null,
    failureReason: m.failureReason,
    rated: m.rated,
    unrated: m.rated ? null : (result?.unrated ?? 'not rated'),
    createdAt: m.createdAt,
    startedAt: m.startedAt,
    finishedAt: m.finishedAt,
  };
}

/** Matches in play a page lists at most (people's games can be many at once); the rest are counted. */
export const LIVE_LIMIT = 50;

/** Running matches of `where`, newest first at most LIVE_LIMIT of them, and how many there are. */
async function liveMatches(
  where: Prisma.MatchWhereInput,
  order: 'asc' | 'desc',
): Promise<{ live: MatchSummary[]; liveTotal: number }> {
  const w = { ...where, status: 'running' };
  const [live, liveTotal] = await Promise.all([
    findMatches({ where: w, orderBy: [{ startedAt: order }, { createdAt: order }, { id: order }], take: LIVE_LIMIT }),
    db().match.count({ where: w }),
  ]);
  return { live: live.map(toSummary), liveTotal };
}

/** Ended matches of `where` (finished or void), newest first, one page of them. */
async function endedMatches(
  where: Prisma.MatchWhereInput,
  page: number,
  pageSize = PAGE_SIZE,
): Promise<Page<MatchSummary>> {
  const w = { ...where, status: { in: ['finished', 'failed'] } };
  const p = await paged(
    page,
    () => db().match.count({ where: w }),
    (win) =>
      findMatches({ where: w, orderBy: [{ finishedAt: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }], ...win }),
    pageSize,
  );
  return { ...p, items: p.items.map(toSummary) };
}

/**
 * The home page: running matches (newest first, at most LIVE_LIMIT, with their number), one page of the finished or
 * void ones, and how many wait in the queue.
 */
export async function getLobby(
  page = 1,
): Promise<{ live: MatchSummary[]; liveTotal: number; recent: Page<MatchSummary>; queued: number }> {
  const [{ live, liveTotal }, recent, queued] = await Promise.all([
    liveMatches({}, 'desc'),
    endedMatches({}, page, 20),
    db().match.count({ where: { status: 'queued' } }),
  ]);
  return { live, liveTotal, recent, queued };
}

export async function getMatch(id: string): Promise<MatchSummary | null> {
  const m = await db().match.findUnique({ where: { id }, include: matchInclude });
  return m && toSummary(m);
}

/**
 * A finished match's judged statements (Who is the spy's descriptions, scored by its tournament's judge), and whether
 * a judge is still expected to score them (the tournament has one and no verdict is in yet).
 */
export async function getMatchJudgments(id: string): Promise<{ judgments: Judgment[]; awaited: boolean }> {
  const m = await db().match.findUnique({
    where: { id },
    select: {
      status: true,
      tournament: { select: { config: true } },
      judgments: { orderBy: { item: 'asc' }, include: { judge: { select: { name: true } } } },
    },
  });
  if (!m) return { judgments: [], awaited: false };
  const judgeId = (m.tournament?.config as { judgeId?: string } | null)?.judgeId;
  return {
    judgments: m.judgments.map((j) => ({
      item: j.item,
      seat: j.seat,
      judge: j.judge.name,
      score: j.score,
      consistent: j.consistent,
      reason: j.error ? `no verdict: ${j.error}` : j.reason,
    })),
    awaited:
      !!judgeId &&
      m.judgments.length === 0 &&
      (m.status === 'queued' || m.status === 'running' || m.status === 'finished'),
  };
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

/** An agent's matches in play (at most LIVE_LIMIT, with their number) and one page of its ended ones, newest first. */
export async function getAgentMatches(
  id: string,
  page = 1,
): Promise<{ live: MatchSummary[]; liveTotal: number; ended: Page<MatchSummary> }> {
  const mine = { seats: { some: { agentId: id } } } satisfies Prisma.MatchWhereInput;
  const [{ live, liveTotal }, ended] = await Promise.all([liveMatches(mine, 'desc'), endedMatches(mine, page)]);
  return { live, liveTotal, ended };
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

const exportInclude = {
  tournament: { select: { name: true } },
  seats: {
    orderBy: { seat: 'asc' },
    include: {
      agent: {
        select: {
          name: true,
          kind: true,
          model: true,
          scaffold: true,
          promptVersion: true,
          simulated: true,
          provider: { select: { simulated: true } },
        },
      },
    },
  },
} satisfies Prisma.MatchInclude;

type ExportRow = Prisma.MatchGetPayload<{ include: typeof exportInclude }>;

function toExportMatch(m: ExportRow): ExportMatch {
  return {
    id: m.id,
    gameId: m.gameId,
    tournamentId: m.tournamentId,
    tournamentName: m.tournament?.name ?? null,
    seed: m.seed,
    status: m.status,
    config: m.config,
    result: m.result,
    rated: m.rated,
    failureReason: m.failureReason,
    createdAt: m.createdAt,
    startedAt: m.startedAt,
    finishedAt: m.finishedAt,
    seats: m.seats.map((s) => ({
      seat: s.seat,
      agentId: s.agentId,
      agentName: s.agent.name,
      agentKind: s.agent.kind,
      model: s.agent.model,
      scaffold: s.agent.scaffold,
      promptVersion: s.agent.promptVersion,
      simulated: s.agent.simulated || !!s.agent.provider?.simulated,
      score: s.score,
      outcome: s.outcome,
      illegalCount: s.illegalCount,
      forfeitCount: s.forfeitCount,
    })),
  };
}

/**
 * Ended matches in batches, oldest first, read with keyset pagination on (finished_at, id) so an export of a large
 * database holds one batch in memory at a time. `statuses` is finished and/or failed: running or queued matches are
 * never exported.
 */
export async function* exportMatchBatches(opts: {
  statuses: ('finished' | 'failed')[];
  game?: string;
  /** Only these games (lib/exports.ts `exportScope`); absent = every game. */
  games?: string[];
  batchSize?: number;
}): AsyncGenerator<ExportMatch[]> {
  const take = opts.batchSize ?? 100;
  let after: { finishedAt: Date; id: string } | null = null;
  for (;;) {
    const where: Prisma.MatchWhereInput = {
      status: { in: opts.statuses },
      finishedAt: { not: null },
      ...(opts.game ? { gameId: opts.game } : {}),
      ...(opts.games ? { gameId: { in: opts.games } } : {}),
      ...(after
        ? { OR: [{ finishedAt: { gt: after.finishedAt } }, { finishedAt: after.finishedAt, id: { gt: after.id } }] }
        : {}),
    };
    const rows: ExportRow[] = await db().match.findMany({
      where,
      orderBy: [{ finishedAt: 'asc' }, { id: 'asc' }],
      take,
      include: exportInclude,
    });
    if (rows.length === 0) return;
    // Hidden-information decision: a paired design plays each seed twice (seats swapped); a seed is published only
    // once no match dealt from it is left to play.
    const open = new Set(
      (
        await db().match.findMany({
          where: { seed: { in: [...new Set(rows.map((r) => r.seed))] }, status: { in: ['queued', 'running'] } },
          select: { seed: true },
          distinct: ['seed'],
        })
      ).map((r) => r.seed),
    );
    yield rows.map((r) => ({ ...toExportMatch(r), seed: open.has(r.seed) ? null : r.seed }));
    if (rows.length < take) return;
    const last = rows[rows.length - 1]!;
    after = { finishedAt: last.finishedAt!, id: last.id };
  }
}

/** Every event and model call of the given matches, grouped by match id (in seq and call order). */
export async function getMatchLogs(
  matchIds: string[],
): Promise<Map<string, { events: ExportEvent[]; llmCalls: ExportLlmCall[] }>> {
  const [matches, events, calls] = await Promise.all([
    db().match.findMany({ where: { id: { in: matchIds } }, select: { id: true, gameId: true, tournamentId: true } }),
    db().matchEvent.findMany({ where: { matchId: { in: matchIds } }, orderBy: [{ matchId: 'asc' }, { seq: 'asc' }] }),
    db().llmCall.findMany({ where: { matchId: { in: matchIds } }, orderBy: [{ matchId: 'asc' }, { id: 'asc' }] }),
  ]);
  const gameOf = new Map(matches.map((m) => [m.id, m.gameId]));
  const logs = new Map(matchIds.map((id) => [id, { events: [] as ExportEvent[], llmCalls: [] as ExportLlmCall[] }]));
  for (const e of events) {
    // Each row checked (a malformed one is named), then exported as lib/engine/visibility.ts allows (never a seed).
    logs.get(e.matchId)?.events.push(exportEvent(gameOf.get(e.matchId) ?? '', storedEventOf(e.matchId, e)));
  }
  // SimulBench's blind votes (lib/simulbench/blind.ts): while an evaluation's answers are open for votes, the calls that
  // carry them (the answer, its rating, its comparisons) are left out.
  const blind = await blindEvaluations(db(), [
    ...new Set(matches.flatMap((m) => (m.gameId === 'simulbench' && m.tournamentId ? [m.tournamentId] : []))),
  ]);
  const tournamentOf = new Map(matches.map((m) => [m.id, m.tournamentId]));
  for (const c of calls) {
    if (withheldFromExports(c, blind.has(tournamentOf.get(c.matchId) ?? ''))) continue;
    logs.get(c.matchId)?.llmCalls.push({
      purpose: c.purpose as CallPurpose,
      seat: c.seat,
      ply: c.ply,
      attempt: c.attempt,
      agentId: c.agentId,
      model: c.model,
      messages: c.messages,
      reply: c.reply,
      parsedAction: c.parsedAction,
      tokensIn: c.tokensIn,
      tokensOut: c.tokensOut,
      latencyMs: c.latencyMs,
      error: c.error,
      at: c.createdAt,
    });
  }
  return logs;
}

/** Throws when the database does not answer. */
export async function pingDatabase(): Promise<void> {
  await db().$queryRaw`SELECT 1`;
}

// ---- Tournaments (the public list and page, the admin dashboard) ----

/** One page of the tournaments, newest first, with their progress. */
export async function getTournamentsPage(page: number, pageSize = PAGE_SIZE): Promise<Page<TournamentProgress>> {
  const p = await paged(
    page,
    () => db().tournament.count(),
    (w) => db().tournament.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { id: true }, ...w }),
    pageSize,
  );
  return {
    ...p,
    items: p.items.length
      ? await tournamentProgress(
          db(),
          p.items.map((t) => t.id),
        )
      : [],
  };
}

/** How many tournaments there are, and how many are running or paused. */
export async function getTournamentCounts(): Promise<{ total: number; open: number }> {
  const [total, open] = await Promise.all([
    db().tournament.count(),
    db().tournament.count({ where: { status: { in: ['running', 'paused'] } } }),
  ]);
  return { total, open };
}

export interface TournamentDetail {
  progress: TournamentProgress;
  gameIds: string[];
  /** The evaluated agents, then the gauntlet's baselines or the host/guest format's hosts (names looked up). */
  agents: { id: string; name: string; kind: string; simulated: boolean }[];
  baselines: { id: string; name: string; kind: string; simulated: boolean }[];
  hosts: { id: string; name: string; kind: string; simulated: boolean }[];
  /** Format settings as words, e.g. "2 games per pair". */
  settings: string[];
  /** The tournament's seed, once none of its matches is left to play (null before: every match seed derives from it). */
  seed: string | null;
  /** The tournament has matches left to play, so its seed is withheld. */
  seedWithheld: boolean;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * One tournament: its progress and its setup as stored (spec + seed); null when there is no such tournament.
 * Hidden-information decision: every match seed derives from the tournament's seed, and games deal from match seeds,
 * so the seed is given only once no match of it is left to play, or to an admin (`revealSeed`).
 */
export async function getTournament(id: string, opts: { revealSeed?: boolean } = {}): Promise<TournamentDetail | null> {
  const [progress] = await tournamentProgress(db(), [id]);
  if (!progress) return null;
  const row = await db().tournament.findUnique({ where: { id }, select: { config: true } });
  const c = (row?.config ?? {}) as Record<string, unknown>;
  const agentIds = strings(c.agentIds);
  const baselineIds = strings(c.baselineIds);
  const hostIds = strings(c.hostIds);
  const rows = await db().agent.findMany({
    where: { id: { in: [...agentIds, ...baselineIds, ...hostIds] } },
    select: { id: true, name: true, kind: true, simulated: true, provider: { select: { simulated: true } } },
  });
  const look = (ids: string[]) =>
    ids.map((aid) => {
      const a = rows.find((r) => r.id === aid);
      return {
        id: aid,
        name: a?.name ?? aid,
        kind: a?.kind ?? '?',
        simulated: !!(a?.simulated || a?.provider?.simulated),
      };
    });
  const n = (k: string) => (typeof c[k] === 'number' ? (c[k] as number) : null);
  const settings: string[] = [];
  const plural = (v: number, one: string, many: string) => `${v} ${v === 1 ? one : many}`;
  if (n('gamesPerPair') !== null)
    settings.push(
      `${plural(n('gamesPerPair')!, 'game', 'games')} per pair${progress.format === 'adaptive' ? ' per batch' : ''} (seats swapped)`,
    );
  if (n('seedsPerPair') !== null)
    settings.push(`${plural(n('seedsPerPair')! * 2, 'game', 'games')} per pair (seats swapped)`);
  if (n('gamesPerGuest') !== null) settings.push(`${plural(n('gamesPerGuest')!, 'game', 'games')} per guest`);
  if (n('numPlayers') !== null) settings.push(`${n('numPlayers')} players`);
  if (progress.format === 'host-guest')
    settings.push(n('guestSeat') !== null ? `guest in seat ${n('guestSeat')! + 1}` : 'guest seat rotates');
  if (n('confidence') !== null)
    settings.push(`stops when adjacent agents separate at ${Math.round(n('confidence')! * 100)}% confidence`);
  if (n('pairsPerBatch') !== null) settings.push(`${plural(n('pairsPerBatch')!, 'pair', 'pairs')} per batch`);
  const withheld =
    progress.counts.queued + progress.counts.running > 0 ||
    progress.status === 'running' ||
    progress.status === 'paused';
  return {
    progress,
    gameIds: strings(c.gameIds),
    agents: look(agentIds),
    baselines: look(baselineIds),
    hosts: look(hostIds),
    settings,
    seed: typeof c.seed === 'string' && (opts.revealSeed || !withheld) ? c.seed : null,
    seedWithheld: withheld,
  };
}

/** A tournament's matches in play (oldest start first, at most LIVE_LIMIT) and one page of its ended ones (finished or void). */
export async function getTournamentMatches(
  id: string,
  page = 1,
): Promise<{ live: MatchSummary[]; liveTotal: number; recent: Page<MatchSummary> }> {
  const [{ live, liveTotal }, recent] = await Promise.all([
    liveMatches({ tournamentId: id }, 'asc'),
    endedMatches({ tournamentId: id }, page, 10),
  ]);
  return { live, liveTotal, recent };
}

/** The standings so far (Bradley-Terry over this tournament's finished matches, with a small bootstrap). */
export async function getTournamentStandings(id: string): Promise<Standing[]> {
  return tournamentStandings(db(), id);
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

/** A person's games: those in progress, and the most recent that ended. */
export async function getPersonMatches(
  agentId: string,
  recentLimit = 10,
): Promise<{ open: MatchSummary[]; recent: MatchSummary[] }> {
  const mine = { seats: { some: { agentId } } };
  const [open, recent] = await Promise.all([
    findMatches({ where: { ...mine, status: { in: ['queued', 'running'] } }, orderBy: [{ createdAt: 'desc' }] }),
    findMatches({
      where: { ...mine, status: { in: ['finished', 'failed', 'cancelled'] } },
      orderBy: [{ finishedAt: 'desc' }],
      take: recentLimit,
    }),
  ]);
  return { open: open.map(toSummary), recent: recent.map(toSummary) };
}

/** Moves read for a game's analysis: the most recent of its finished matches. */
const MAX_ANALYSED_MOVES = 100_000;

/**
 * LLMArena's per-environment analysis of one game (finished matches only: no running match's private moves). Matches
 * and wins count once per match for an agent however many seats it held (seats.outcome is by side: a seat of the
 * winning side won).
 */
export async function getGameMetrics(gameId: string): Promise<GameMetrics> {
  const [results, moves] = await Promise.all([
    db().$queryRaw<ResultRow[]>`
      SELECT s.agent_id, a.name, a.kind, (a.simulated OR COALESCE(p.simulated, false)) AS simulated,
        COUNT(DISTINCT m.id)::int AS matches, (COUNT(DISTINCT m.id) FILTER (WHERE s.outcome = 'win'))::int AS wins,
        AVG((m.result->'rewards'->>s.seat)::float) AS avg_reward,
        COALESCE(SUM(s.illegal_count), 0)::int AS illegal, COALESCE(SUM(s.reply_count), 0)::int AS replies
      FROM seats s JOIN matches m ON m.id = s.match_id JOIN agents a ON a.id = s.agent_id LEFT JOIN providers p ON p.id = a.provider_id
      WHERE m.status = 'finished' AND m.rated AND m.game_id = ${gameId}
      GROUP BY s.agent_id, a.name, a.kind, a.simulated, p.simulated
      ORDER BY COUNT(DISTINCT m.id) FILTER (WHERE s.outcome = 'win')::float / COUNT(DISTINCT m.id) DESC, a.name`,
    // The newest matches' moves, match by match, so that only the oldest match read can be cut short by the limit.
    db().$queryRaw<MoveRow[]>`
      SELECT e.match_id, e.seat, s.agent_id, e.payload->'action'->>'type' AS type, e.payload->'metrics' AS metrics
      FROM match_events e JOIN matches m ON m.id = e.match_id JOIN seats s ON s.match_id = e.match_id AND s.seat = e.seat
      WHERE m.status = 'finished' AND m.game_id = ${gameId} AND e.kind = 'move'
      ORDER BY m.finished_at DESC, e.match_id, e.id LIMIT ${MAX_ANALYSED_MOVES}`,
  ]);
  // At the limit the last match read may be incomplete: it is left out, so per-match sums cover whole matches only.
  const cut = moves.length >= MAX_ANALYSED_MOVES ? moves.at(-1)?.match_id : undefined;
  return summarizeGame(
    gameId,
    getGame(gameId)?.meta.analysis,
    results,
    cut === undefined ? moves : moves.filter((m) => m.match_id !== cut),
  );
}

/** The last analysis per game, with the state of the data it was computed from. */
const analyses = new Map<string, { key: string; value: unknown }>();

/**
 * A game's own analysis (its results page, games/metrics.ts) of its newest finished matches, each replayed from its
 * seed and moves (`npm run bench:analysis`: about 1 s for 3,000 matches), computed again only when a match of that
 * game has finished or been judged since the last visit.
 */
export async function getGameAnalysis<T>(
  gameId: string,
  page: Pick<MetricsPage<T>, 'maxMatches' | 'analyse'>,
): Promise<T> {
  const { maxMatches: take, analyse } = page;
  const [state] = await db().$queryRaw<{ n: bigint; last: Date | null; judged: bigint }[]>`
    SELECT COUNT(*) AS n, MAX(finished_at) AS last,
      (SELECT COUNT(*) FROM judgments j JOIN matches jm ON jm.id = j.match_id WHERE jm.game_id = ${gameId}) AS judged
    FROM matches WHERE game_id = ${gameId} AND status = 'finished' AND rated`;
  const key = `${state?.n}|${state?.last?.toISOString() ?? ''}|${state?.judged}`;
  const cached = analyses.get(gameId);
  if (cached?.key === key) return cached.value as T;
  const value = analyse(await finishedForReplay(gameId, take));
  analyses.set(gameId, { key, value });
  return value;
}

/**
 * The newest finished matches of a game with what replaying them needs (config, seed, seats, moves in order): for
 * the analysis pages that read a game's own state.
 */
async function finishedForReplay(gameId: string, take: number): Promise<FinishedMatch[]> {
  const rows = await db().match.findMany({
    where: { gameId, status: 'finished', rated: true },
    orderBy: { finishedAt: 'desc' },
    take,
    select: {
      id: true,
      config: true,
      seed: true,
      generator: true,
      numPlayers: true,
      seats: { select: { seat: true, agentId: true, agent: { select: { name: true, kind: true } } } },
      events: {
        where: { kind: 'move' },
        orderBy: { seq: 'asc' },
        select: { seq: true, kind: true, seat: true, payload: true },
      },
      judgments: { select: { item: true, score: true, consistent: true, judge: { select: { name: true } } } },
    },
  });
  return rows.map((m) => {
    const events = m.events.map((e) => matchEventOf(m.id, e));
    return {
      judgments: m.judgments.map((j) => ({
        item: j.item,
        judgeName: j.judge.name,
        score: j.score,
        consistent: j.consistent,
      })),
      id: m.id,
      config: m.config,
      ...dealOf(m),
      numPlayers: m.numPlayers,
      seats: m.seats.map((x) => ({ seat: x.seat, agentId: x.agentId, agentName: x.agent.name, kind: x.agent.kind })),
      moves: movesOf(events),
      // Moves the turn policy chose for a seat (analyses that read a seat's own choices leave them out).
      forfeitedPlies: events.flatMap((ev) => (ev.kind === 'move' && ev.payload.forfeited ? [ev.payload.ply] : [])),
    };
  });
}
