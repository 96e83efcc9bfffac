// Read-only database queries behind the pages: the lobby, one match, the agents with their records, the health check.
import 'server-only';
import { db } from './db';
import type { Prisma } from './generated/prisma/client.ts';
import type { MatchStatus } from './protocol';

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
  result: { scores: number[]; reason: string; winner: number | null } | null;
  failureReason: string | null;
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
  /** Finished matches (wins + draws + losses); void matches are not counted. */
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
    include: { agent: { select: { name: true, kind: true, simulated: true, provider: { select: { simulated: true } } } } },
  },
} satisfies Prisma.MatchInclude;

type MatchWithSeats = Prisma.MatchGetPayload<{ include: typeof matchInclude }>;

function findMatches(args: Pick<Prisma.MatchFindManyArgs, 'where' | 'orderBy' | 'take'>): Promise<MatchWithSeats[]> {
  return db().match.findMany({ ...args, include: matchInclude });
}

function toSummary(m: MatchWithSeats): MatchSummary {
  const result = m.result as { scores: number[]; reason: string; winner?: number | null } | null;
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
    result: result ? { scores: result.scores, reason: result.reason, winner: result.winner ?? null } : null,
    failureReason: m.failureReason,
    createdAt: m.createdAt,
    startedAt: m.startedAt,
    finishedAt: m.finishedAt,
  };
}

/** The home page: running matches (newest first), the latest finished or void ones, and how many wait in the queue. */
export async function getLobby(recentLimit = 20): Promise<{ live: MatchSummary[]; recent: MatchSummary[]; queued: number }> {
  const [live, recent, queued] = await Promise.all([
    findMatches({ where: { status: 'running' }, orderBy: [{ startedAt: 'desc' }, { createdAt: 'desc' }] }),
    findMatches({ where: { status: { in: ['finished', 'failed'] } }, orderBy: [{ finishedAt: 'desc' }], take: recentLimit }),
    db().match.count({ where: { status: 'queued' } }),
  ]);
  return { live: live.map(toSummary), recent: recent.map(toSummary), queued };
}

export async function getMatch(id: string): Promise<MatchSummary | null> {
  const m = await db().match.findUnique({ where: { id }, include: matchInclude });
  return m && toSummary(m);
}

/** Every agent with its record, from the seats table (seat.outcome: win / draw or shared / loss). */
export async function getAgents(): Promise<AgentSummary[]> {
  const [agents, byOutcome, totals] = await Promise.all([
    db().agent.findMany({ orderBy: { name: 'asc' }, include: { provider: { select: { name: true, simulated: true } } } }),
    db().seat.groupBy({ by: ['agentId', 'outcome'], where: { outcome: { not: null } }, _count: { _all: true } }),
    db().seat.groupBy({ by: ['agentId'], _sum: { illegalCount: true, forfeitCount: true } }),
  ]);
  return agents.map((a) => {
    const count = (...outcomes: string[]) =>
      byOutcome.filter((r) => r.agentId === a.id && outcomes.includes(r.outcome ?? '')).reduce((n, r) => n + r._count._all, 0);
    const sums = totals.find((t) => t.agentId === a.id)?._sum;
    const [wins, draws, losses] = [count('win'), count('draw', 'shared'), count('loss')];
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
      played: wins + draws + losses,
      wins,
      draws,
      losses,
      illegalReplies: sums?.illegalCount ?? 0,
      forfeitedTurns: sums?.forfeitCount ?? 0,
    };
  });
}

/** Throws when the database does not answer. */
export async function pingDatabase(): Promise<void> {
  await db().$queryRaw`SELECT 1`;
}
