// A tournament's progress and standings read from Postgres: shared by the tournament pages, the CLI and the scheduler.
import type { Db } from './client';
import { computeLeaderboard } from '../rating/compute-leaderboard';
import { ratedMatchesFromRows } from '../rating/from-rows';
import { isCooperative } from '../records';
import type { RatedMatch } from '../rating/types';
import {
  budgetSchema,
  estimateSecondsLeft,
  type TournamentFormat,
  type TournamentProgress,
  type TournamentStatus,
} from '../tournament/spec';

interface CountRow {
  tournament_id: string;
  status: string;
  n: bigint;
}
interface SpendRow {
  tournament_id: string;
  tokens: bigint | number | null;
  cost: number | null;
}

/**
 * Tokens and US dollars the tournaments' matches have spent: every recorded call, plus what runs interrupted by a
 * crash spent before their match restarted from its seed.
 */
export async function tournamentSpend(
  db: Db,
  ids: string[],
): Promise<Map<string, { tokens: number; costUsd: number }>> {
  const rows = await db.$queryRaw<SpendRow[]>`
    SELECT m.tournament_id,
      SUM(m.discarded_tokens + COALESCE(c.tokens, 0)) AS tokens, SUM(m.discarded_cost_usd + COALESCE(c.cost, 0)) AS cost
    FROM matches m
    LEFT JOIN (
      SELECT match_id, SUM(COALESCE(tokens_in, 0) + COALESCE(tokens_out, 0)) AS tokens, SUM(cost_usd) AS cost
      FROM llm_calls WHERE match_id IN (SELECT id FROM matches WHERE tournament_id = ANY(${ids}))
      GROUP BY match_id
    ) c ON c.match_id = m.id
    WHERE m.tournament_id = ANY(${ids})
    GROUP BY m.tournament_id`;
  return new Map(rows.map((r) => [r.tournament_id, { tokens: Number(r.tokens ?? 0), costUsd: Number(r.cost ?? 0) }]));
}

/** Progress of the given tournaments (all when ids is absent), newest first. */
export async function tournamentProgress(db: Db, ids?: string[], now = new Date()): Promise<TournamentProgress[]> {
  const rows = await db.tournament.findMany({
    where: ids ? { id: { in: ids } } : undefined,
    orderBy: { createdAt: 'desc' },
    take: ids ? undefined : 200,
  });
  if (rows.length === 0) return [];
  const tids = rows.map((t) => t.id);
  const [counts, spend, failures] = await Promise.all([
    db.$queryRaw<CountRow[]>`
      SELECT tournament_id, status, COUNT(*) AS n FROM matches WHERE tournament_id = ANY(${tids}) GROUP BY tournament_id, status`,
    tournamentSpend(db, tids),
    // The first failure of each tournament, in the provider's words: what an admin fixes first.
    db.$queryRaw<{ tournament_id: string; reason: string | null }[]>`
      SELECT DISTINCT ON (tournament_id) tournament_id, failure_reason AS reason FROM matches
      WHERE tournament_id = ANY(${tids}) AND status = 'failed'
      ORDER BY tournament_id, finished_at ASC NULLS LAST, created_at, id`,
  ]);
  return rows.map((t) => {
    const by = (s: string) => Number(counts.find((c) => c.tournament_id === t.id && c.status === s)?.n ?? 0);
    const c = {
      done: by('finished'),
      running: by('running'),
      queued: by('queued'),
      failed: by('failed'),
      cancelled: by('cancelled'),
      total: 0,
    };
    c.total = c.done + c.running + c.queued + c.failed + c.cancelled;
    const s = spend.get(t.id);
    const config = (t.config ?? {}) as { format?: TournamentFormat; budget?: unknown };
    return {
      id: t.id,
      name: t.name,
      status: t.status as TournamentStatus,
      format: config.format ?? 'round-robin',
      stopReason: t.stopReason,
      createdAt: t.createdAt,
      startedAt: t.startedAt,
      finishedAt: t.finishedAt,
      counts: c,
      firstFailure:
        c.failed > 0 ? (failures.find((f) => f.tournament_id === t.id)?.reason ?? 'no reason was recorded') : null,
      tokens: s?.tokens ?? 0,
      costUsd: s?.costUsd ?? 0,
      etaSeconds: t.status === 'running' ? estimateSecondsLeft(c, t.startedAt, now) : null,
      budget: budgetSchema.catch({}).parse(config.budget ?? {}),
    };
  });
}

/** A tournament's finished rated matches, as the rating library reads them. */
export async function tournamentRatedMatches(db: Db, tournamentId: string): Promise<RatedMatch[]> {
  // The same rows and the same rule as the leaderboard (server/leaderboard/data.ts): sides from the stored result,
  // cooperative games by team score.
  const rows = await db.$queryRaw<
    {
      id: string;
      game_id: string;
      finished_at: Date | null;
      agent_id: string;
      score: number | null;
      team_score: number | null;
      team: string | null;
    }[]
  >`
    SELECT m.id, m.game_id, m.finished_at, s.agent_id, s.score, (m.result->'rewards'->>0)::float AS team_score,
      m.result->'teams'->>s.seat AS team
    FROM matches m JOIN seats s ON s.match_id = m.id
    WHERE m.tournament_id = ${tournamentId} AND m.status = 'finished' AND m.rated
    ORDER BY m.finished_at, m.id, s.seat`;
  return ratedMatchesFromRows(rows, { cooperative: isCooperative });
}

export interface Standing {
  agentId: string;
  name: string;
  rank: number;
  rating: number;
  /** 95% bootstrap interval; null while the agent has too few matches. */
  lo: number | null;
  hi: number | null;
  matches: number;
  wins: number;
  draws: number;
  losses: number;
}

/** The standings' numbers per tournament, with the version they were computed at (a few tournaments are looked at). */
const standingsCache = new Map<string, { version: string; rows: Promise<Omit<Standing, 'name'>[]> }>();
const STANDINGS_CACHED = 32;

/**
 * The tournament's version: its finished rated matches' count and the sum of their ids' hashtext (a match finished,
 * deleted or unrated since changes it), and the rounds asked for.
 */
async function standingsVersion(db: Db, tournamentId: string, rounds: number): Promise<string> {
  const [row] = await db.$queryRaw<{ n: number; h: bigint | null }[]>`
    SELECT COUNT(*)::int AS n, SUM(hashtext(m.id)) AS h FROM matches m
    WHERE m.tournament_id = ${tournamentId} AND m.status = 'finished' AND m.rated`;
  return `${row?.n ?? 0}:${row?.h ?? 0}:${rounds}`;
}

/**
 * The standings so far: the leaderboard's Bradley-Terry fit with a small bootstrap over this tournament's matches.
 * Computed once per tournament version (`standingsVersion`) and cached in this process (the last 32 tournaments),
 * so a view costs one small query until a match of the tournament finishes; visits meanwhile share one computation.
 */
export async function tournamentStandings(db: Db, tournamentId: string, rounds = 200): Promise<Standing[]> {
  const version = await standingsVersion(db, tournamentId, rounds);
  let cached = standingsCache.get(tournamentId);
  if (!cached || cached.version !== version) {
    const rows = computeStandings(db, tournamentId, rounds);
    cached = { version, rows };
    standingsCache.set(tournamentId, cached);
    rows.catch(() => {
      if (standingsCache.get(tournamentId)?.rows === rows) standingsCache.delete(tournamentId);
    });
  } else {
    // Most recently used last: the oldest is evicted first.
    standingsCache.delete(tournamentId);
    standingsCache.set(tournamentId, cached);
  }
  while (standingsCache.size > STANDINGS_CACHED) standingsCache.delete(standingsCache.keys().next().value!);
  const rows = await cached.rows;
  if (rows.length === 0) return [];
  // Names are read each time (an agent renamed shows its new name at once).
  const names = new Map(
    (
      await db.agent.findMany({ where: { id: { in: rows.map((r) => r.agentId) } }, select: { id: true, name: true } })
    ).map((a) => [a.id, a.name]),
  );
  return rows.map((r) => ({ ...r, name: names.get(r.agentId) ?? r.agentId }));
}

async function computeStandings(db: Db, tournamentId: string, rounds: number): Promise<Omit<Standing, 'name'>[]> {
  const matches = await tournamentRatedMatches(db, tournamentId);
  if (matches.length === 0) return [];
  const board = await computeLeaderboard(matches, { rounds, seed: tournamentId, trueSkill: false });
  return board.rows.map((r) => ({
    agentId: r.agentId,
    rank: r.rank,
    rating: Math.round(r.rating.point),
    lo: r.rating.ci95 ? Math.round(r.rating.ci95.lower) : null,
    hi: r.rating.ci95 ? Math.round(r.rating.ci95.upper) : null,
    matches: r.matches,
    wins: r.wins,
    draws: r.draws,
    losses: r.losses,
  }));
}
