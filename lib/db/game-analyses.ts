// LLMArena's per-environment analysis of a game (lib/game-metrics.ts computes it from the rows read here) and a game's
// own results page (games/metrics.ts), each replayed from its newest finished matches under the rules asked
// (lib/db/rules.ts: the game's current rules unless a page asks for another version or all pooled). Read-only.
import 'server-only';
import { getGame } from '../../games/registry';
import { matchEventOf, movesOf } from '../engine/events';
import { dealOf } from '../engine/replay';
import type { FinishedMatch, MetricsPage } from '../engine/types';
import { summarizeGame, type GameMetrics, type MoveRow, type ResultRow } from '../game-metrics';
import { db } from './client';
import { rulesWhere, underRules, type RulesFilter } from './rules';

/** Moves read for a game's analysis: the most recent of its finished matches. */
const MAX_ANALYSED_MOVES = 100_000;

/**
 * LLMArena's per-environment analysis of one game (finished matches only: no running match's private moves). Matches
 * and wins count once per match for an agent however many seats it held (seats.outcome is by side: a seat of the
 * winning side won).
 */
export async function getGameMetrics(gameId: string, rules: RulesFilter): Promise<GameMetrics> {
  const [results, moves] = await Promise.all([
    db().$queryRaw<ResultRow[]>`
      SELECT s.agent_id, a.name, a.kind, (a.simulated OR COALESCE(p.simulated, false)) AS simulated,
        COUNT(DISTINCT m.id)::int AS matches, (COUNT(DISTINCT m.id) FILTER (WHERE s.outcome = 'win'))::int AS wins,
        AVG((m.result->'rewards'->>s.seat)::float) AS avg_reward,
        COALESCE(SUM(s.illegal_count), 0)::int AS illegal, COALESCE(SUM(s.reply_count), 0)::int AS replies
      FROM seats s JOIN matches m ON m.id = s.match_id JOIN agents a ON a.id = s.agent_id LEFT JOIN providers p ON p.id = a.provider_id
      WHERE m.status = 'finished' AND m.rated AND m.game_id = ${gameId} AND ${underRules(rules)}
      GROUP BY s.agent_id, a.name, a.kind, a.simulated, p.simulated
      ORDER BY COUNT(DISTINCT m.id) FILTER (WHERE s.outcome = 'win')::float / COUNT(DISTINCT m.id) DESC, a.name`,
    // The newest matches' moves, match by match, so that only the oldest match read can be cut short by the limit.
    db().$queryRaw<MoveRow[]>`
      SELECT e.match_id, e.seat, s.agent_id, e.payload->'action'->>'type' AS type, e.payload->'metrics' AS metrics
      FROM match_events e JOIN matches m ON m.id = e.match_id JOIN seats s ON s.match_id = e.match_id AND s.seat = e.seat
      WHERE m.status = 'finished' AND m.game_id = ${gameId} AND e.kind = 'move' AND ${underRules(rules)}
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
  rules: RulesFilter,
): Promise<T> {
  const { maxMatches: take, analyse } = page;
  const [state] = await db().$queryRaw<{ n: bigint; last: Date | null; judged: bigint }[]>`
    SELECT COUNT(*) AS n, MAX(m.finished_at) AS last,
      (SELECT COUNT(*) FROM judgments j JOIN matches jm ON jm.id = j.match_id WHERE jm.game_id = ${gameId}) AS judged
    FROM matches m WHERE m.game_id = ${gameId} AND m.status = 'finished' AND m.rated AND ${underRules(rules)}`;
  const key = `${JSON.stringify(rules)}|${state?.n}|${state?.last?.toISOString() ?? ''}|${state?.judged}`;
  const cached = analyses.get(gameId);
  if (cached?.key === key) return cached.value as T;
  const value = analyse(await finishedForReplay(gameId, take, rules));
  analyses.set(gameId, { key, value });
  return value;
}

/**
 * The newest finished matches of a game with what replaying them needs (config, seed, seats, moves in order): for
 * the analysis pages that read a game's own state.
 */
async function finishedForReplay(gameId: string, take: number, rules: RulesFilter): Promise<FinishedMatch[]> {
  const rows = await db().match.findMany({
    where: { gameId, status: 'finished', rated: true, ...rulesWhere(rules) },
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
