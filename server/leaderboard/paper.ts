// What the page shows of LLMArena's tables (a part of `present`, service.ts): the normalized score (Table 1) with its
// raw metric (Appendix C), and the cooperative games' team scores — LLMArena's one-model teams, and the arena's mixed ones.
import {
  MIN_MATCHES,
  type CooperativeRow,
  type CooperativeTeamRow,
  type Interval,
  type LeaderboardQuery,
  type LeaderboardResult,
  type NormalizedCell,
} from '../../lib/leaderboard-contract';
import type { Leaderboard } from '../../lib/rating';
import type { AgentInfo } from './data';

/** LLMArena's Table 1 for the shown agents (`visible`), with the raw metric of each cell. */
export function presentNormalized(
  board: Leaderboard,
  agents: ReadonlyMap<string, AgentInfo>,
  visible: (agentId: string) => boolean,
  metrics: LeaderboardResult['normalized']['metrics'],
): LeaderboardResult['normalized'] {
  const games = [...new Set(board.normalized.flatMap((n) => n.games.map((g) => g.gameId)))].sort();
  return {
    games,
    metrics: Object.fromEntries(games.flatMap((g) => (Object.hasOwn(metrics, g) ? [[g, metrics[g]!]] : []))),
    rows: board.normalized
      .filter((n) => visible(n.agentId))
      .map((n) => {
        const a = agents.get(n.agentId)!;
        const perGame = Object.fromEntries(
          games.map((g): [string, NormalizedCell | null] => {
            const x = n.games.find((y) => y.gameId === g);
            return [
              g,
              x ? { percent: x.percent, raw: x.raw, matches: x.samples, lowData: x.samples < MIN_MATCHES } : null,
            ];
          }),
        );
        return {
          agentId: n.agentId,
          agentName: a.name,
          agentKind: a.kind,
          simulated: a.simulated,
          perGame,
          average: n.games.length ? n.average : null,
          averageLowData: n.games.some((x) => x.samples < MIN_MATCHES),
        };
      }),
  };
}

/** The cooperative tables for the shown agents: one-model teams per agent (LLMArena's), mixed teams per line-up. */
export function presentCooperative(
  board: Leaderboard,
  agents: ReadonlyMap<string, AgentInfo>,
  visible: (agentId: string) => boolean,
  interval: LeaderboardQuery['interval'],
): { cooperative: CooperativeRow[]; cooperativeMixed: CooperativeTeamRow[] } {
  const ci = (c: { ci90: Interval | null; ci95: Interval | null }) => (interval === '90' ? c.ci90 : c.ci95);
  const cooperative: CooperativeRow[] = board.cooperative
    .filter((c) => visible(c.key))
    .map((c) => {
      const a = agents.get(c.key)!;
      return {
        gameId: c.gameId,
        agentId: a.id,
        agentName: a.name,
        agentKind: a.kind,
        simulated: a.simulated,
        matches: c.matches,
        mean: c.mean,
        interval: ci(c),
      };
    })
    .sort((x, y) => x.gameId.localeCompare(y.gameId) || y.mean - x.mean);
  const cooperativeMixed: CooperativeTeamRow[] = (board.cooperativeMixed ?? [])
    .filter((c) => c.agentIds.every(visible))
    .map((c) => ({
      gameId: c.gameId,
      agents: c.agentIds
        .map((id) => {
          const a = agents.get(id)!;
          return { agentId: a.id, agentName: a.name, agentKind: a.kind, simulated: a.simulated };
        })
        .sort((x, y) => x.agentName.localeCompare(y.agentName)),
      matches: c.matches,
      mean: c.mean,
      interval: ci(c),
    }))
    .sort((x, y) => x.gameId.localeCompare(y.gameId) || y.mean - x.mean);
  return { cooperative, cooperativeMixed };
}
