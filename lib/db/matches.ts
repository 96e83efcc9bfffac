// The match lists behind the pages: the lobby (running, ended, queued), one match and its judged statements, an
// agent's, a tournament's and a person's matches. Read-only; lists that grow with use are read a page at a time
// (lib/pagination.ts).
import 'server-only';
import type { Judgment } from '../engine/types';
import type { Prisma } from '../generated/prisma/client.ts';
import { protocolSummary, type ProtocolSummary } from '../match-protocol';
import { paged, PAGE_SIZE, type Page } from '../pagination';
import type { MatchStatus } from '../protocol';
import { isFinal } from '../engine/events';
import { db } from './client';

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

/** One match, with the protocol it is played under (lib/match-protocol.ts). */
export async function getMatch(id: string): Promise<(MatchSummary & { protocol: ProtocolSummary | null }) | null> {
  const m = await db().match.findUnique({ where: { id }, include: matchInclude });
  // A custom config's values only once the match is over (they may fix its secrets: lib/match-protocol.ts).
  return (
    m && {
      ...toSummary(m),
      protocol: protocolSummary(m.protocol, m.protocolKey, { hideConfig: !isFinal(m.status as MatchStatus) }),
    }
  );
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

/** An agent's matches in play (at most LIVE_LIMIT, with their number) and one page of its ended ones, newest first. */
export async function getAgentMatches(
  id: string,
  page = 1,
): Promise<{ live: MatchSummary[]; liveTotal: number; ended: Page<MatchSummary> }> {
  const mine = { seats: { some: { agentId: id } } } satisfies Prisma.MatchWhereInput;
  const [{ live, liveTotal }, ended] = await Promise.all([liveMatches(mine, 'desc'), endedMatches(mine, page)]);
  return { live, liveTotal, ended };
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
