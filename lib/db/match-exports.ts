// What the match exports read (app/api/export/*): ended matches in batches (keyset pagination, so a large export holds
// one batch in memory), and every event and model call of a batch, as lib/exports.ts formats them. Seeds still dealing
// a match and the answers of blind SimulBench evaluations are left out.
import 'server-only';
import { storedEventOf } from '../engine/events';
import { exportEvent, type CallPurpose, type ExportEvent, type ExportLlmCall, type ExportMatch } from '../exports';
import type { Prisma } from '../generated/prisma/client.ts';
import { games } from '../../games/registry';
import { db } from './client';
import { loadRules, POOLED, rulesWhere, type RulesFilter } from './rules';
import { withheldFromExports } from '../simulbench/voting';
import { blindEvaluations } from './simulbench/blind';

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
    protocol: m.protocol,
    protocolKey: m.protocolKey,
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
  /** Only matches under these rules (exportRules); absent = every rules version. */
  rules?: RulesFilter;
  batchSize?: number;
}): AsyncGenerator<ExportMatch[]> {
  const underRules = rulesWhere(opts.rules ?? POOLED);
  const take = opts.batchSize ?? 100;
  let after: { finishedAt: Date; id: string } | null = null;
  for (;;) {
    const where: Prisma.MatchWhereInput = {
      status: { in: opts.statuses },
      finishedAt: { not: null },
      ...(opts.game ? { gameId: opts.game } : {}),
      ...(opts.games ? { gameId: { in: opts.games } } : {}),
      AND: [
        underRules,
        after
          ? { OR: [{ finishedAt: { gt: after.finishedAt } }, { finishedAt: after.finishedAt, id: { gt: after.id } }] }
          : {},
      ],
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

/**
 * The rules an export covers (`protocol` of lib/exports.ts `exportScope`) as a filter of matches: each game's current
 * rules (lib/db/rules.ts, as the leaderboard chooses them), one rules key, or every version (`pooled`).
 */
export async function exportRules(gameIds: readonly string[] | undefined, protocol: string): Promise<RulesFilter> {
  if (protocol === 'pooled') return POOLED;
  return (await loadRules(db(), [...(gameIds ?? games.map((g) => g.id))], protocol)).filter;
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
  // SimulBench's blind votes (lib/db/simulbench/blind.ts): while an evaluation's answers are open for votes, the calls that
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
