// Reads what the leaderboard rates from Postgres: finished matches as rated matches, agents, reliability counts.
import { games } from '../../games/registry';
import type { Db } from '../../lib/db';
import { HUMANS_ID, HUMANS_NAME, type LeaderboardQuery } from '../../lib/leaderboard';
import { ratedMatchesFromRows } from '../../lib/rating/from-rows';
import type { RatedMatch } from '../../lib/rating/types';

export interface AgentInfo {
  id: string;
  name: string;
  kind: string;
  simulated: boolean;
  model: string | null;
  scaffold: string | null;
  promptVersion: string | null;
}

export interface ReliabilityCounts {
  illegal: number;
  forfeits: number;
  moves: number;
  replies: number;
  voided: number;
}

export interface LeaderboardData {
  gameIds: string[];
  matches: RatedMatch[];
  agents: AgentInfo[];
  reliability: Map<string, ReliabilityCounts>;
}

/** The games a query covers: one game, the games of one reasoning category, or all. */
export function gamesFor(q: Pick<LeaderboardQuery, 'game' | 'category'>): string[] {
  return games
    .filter((g) => (!q.game || g.id === q.game) && (!q.category || g.meta.categories.includes(q.category)))
    .map((g) => g.id);
}

export async function loadLeaderboardData(db: Db, q: Pick<LeaderboardQuery, 'game' | 'category' | 'humans'>): Promise<LeaderboardData> {
  const gameIds = gamesFor(q);
  const [rows, agents, counts] = await Promise.all([
    db.$queryRaw<{ id: string; game_id: string; finished_at: Date | null; seat: number; agent_id: string; score: number | null }[]>`
      SELECT m.id, m.game_id, m.finished_at, s.seat, s.agent_id, s.score
      FROM matches m JOIN seats s ON s.match_id = m.id
      WHERE m.status = 'finished' AND m.game_id = ANY(${gameIds})
      ORDER BY m.finished_at, m.id, s.seat`,
    db.agent.findMany({ include: { provider: { select: { simulated: true } } } }),
    db.$queryRaw<{ agent_id: string; illegal: bigint; forfeits: bigint; moves: bigint; replies: bigint; voided: bigint }[]>`
      SELECT s.agent_id,
        COALESCE(SUM(s.illegal_count) FILTER (WHERE m.status = 'finished'), 0) AS illegal,
        COALESCE(SUM(s.forfeit_count) FILTER (WHERE m.status = 'finished'), 0) AS forfeits,
        COALESCE(SUM(s.move_count) FILTER (WHERE m.status = 'finished'), 0) AS moves,
        COALESCE(SUM(s.reply_count) FILTER (WHERE m.status = 'finished'), 0) AS replies,
        COUNT(*) FILTER (WHERE m.status = 'failed') AS voided
      FROM seats s JOIN matches m ON m.id = s.match_id
      WHERE m.status IN ('finished', 'failed') AND m.game_id = ANY(${gameIds})
      GROUP BY s.agent_id`,
  ]);

  const data: LeaderboardData = {
    gameIds,
    matches: ratedMatchesFromRows(rows),
    agents: agents.map((a) => ({
      id: a.id,
      name: a.name,
      kind: a.kind,
      simulated: a.simulated || !!a.provider?.simulated,
      model: a.model,
      scaffold: a.scaffold,
      promptVersion: a.promptVersion,
    })),
    reliability: new Map(
      counts.map((c) => [
        c.agent_id,
        { illegal: Number(c.illegal), forfeits: Number(c.forfeits), moves: Number(c.moves), replies: Number(c.replies), voided: Number(c.voided) },
      ]),
    ),
  };
  return withHumans(data, q.humans ?? 'each');
}

/** Applies the people filter to what is rated (see `humans` in lib/leaderboard.ts). */
export function withHumans(data: LeaderboardData, mode: LeaderboardQuery['humans']): LeaderboardData {
  if (mode === 'each') return data;
  const human = new Set(data.agents.filter((a) => a.kind === 'human').map((a) => a.id));
  const people = (m: RatedMatch) => m.seats.filter((s) => human.has(s.agentId)).length;
  if (mode === 'hide') return { ...data, matches: data.matches.filter((m) => people(m) === 0) };
  // Together: every person becomes one player. A match between people says nothing about that player, so it is left out.
  const matches = data.matches
    .filter((m) => people(m) <= 1)
    .map((m) => (people(m) === 0 ? m : { ...m, seats: m.seats.map((s) => (human.has(s.agentId) ? { ...s, agentId: HUMANS_ID } : s)) }));
  const total: ReliabilityCounts = { illegal: 0, forfeits: 0, moves: 0, replies: 0, voided: 0 };
  for (const id of human) {
    const r = data.reliability.get(id);
    if (r) for (const k of Object.keys(total) as (keyof ReliabilityCounts)[]) total[k] += r[k];
  }
  return {
    ...data,
    matches,
    agents: [
      ...data.agents.filter((a) => !human.has(a.id)),
      { id: HUMANS_ID, name: HUMANS_NAME, kind: 'human', simulated: false, model: null, scaffold: null, promptVersion: null },
    ],
    reliability: new Map([...[...data.reliability].filter(([id]) => !human.has(id)), [HUMANS_ID, total]]),
  };
}
