// What the page shows of the arena's own robustness views (lib/rating/robust.ts), for the shown agents: each one's
// overall rank and its rank without each game, both among the shown agents of its group, and its general-factor score.
import type { LeaderboardResult } from '../../lib/leaderboard-contract';
import { shownGroups, type Leaderboard } from '../../lib/rating';
import type { AgentInfo } from './data';

/**
 * Ordinal ranks among the shown agents: 1 + the shown agents of the same group ranked strictly better (the order is
 * the fit's; agents of different groups never met, directly or through others, and are not ranked against each other).
 */
function reRank(ranks: Map<string, { rank: number | null; group: number | null }>): Map<string, number | null> {
  const present = [...ranks.values()].filter((r) => r.rank !== null);
  return new Map(
    [...ranks].map(([id, r]) => [
      id,
      r.rank === null ? null : 1 + present.filter((x) => x.group === r.group && x.rank! < r.rank!).length,
    ]),
  );
}

export function presentRobust(
  board: Leaderboard,
  agents: ReadonlyMap<string, AgentInfo>,
  visible: (agentId: string) => boolean,
): LeaderboardResult['robust'] {
  const { leaveOneOut, factor } = board.robust;
  if (leaveOneOut.games.length < 2) return null;
  const shown = leaveOneOut.agents.filter((a) => visible(a.agentId) && agents.has(a.agentId));
  if (shown.length === 0) return null;
  const overall = reRank(new Map(shown.map((a) => [a.agentId, { rank: a.rank, group: a.group ?? null }])));
  // Stored before groups were: every agent in one group.
  const without = Object.fromEntries(
    leaveOneOut.games.map((g) => [
      g,
      reRank(
        new Map(shown.map((a) => [a.agentId, { rank: a.without[g] ?? null, group: a.groupWithout?.[g] ?? null }])),
      ),
    ]),
  );
  // The groups as the board numbers them among the shown agents (1, 2, … largest first; null when one).
  const groups = shownGroups(shown.map((a) => a.group));
  const groupOf = new Map(shown.map((a, k) => [a.agentId, groups.group[k] ?? null]));
  const scores = new Map((factor?.agents ?? []).map((a) => [a.agentId, a]));
  const rows = shown.map((a) => {
    const info = agents.get(a.agentId)!;
    const rank = overall.get(a.agentId)!;
    const perGame = Object.fromEntries(leaveOneOut.games.map((g) => [g, without[g]!.get(a.agentId) ?? null]));
    const shifts = Object.values(perGame).flatMap((r) => (r === null || rank === null ? [] : [Math.abs(r - rank)]));
    const f = scores.get(a.agentId);
    return {
      agentId: a.agentId,
      agentName: info.name,
      agentKind: info.kind,
      simulated: info.simulated,
      rank: rank!,
      group: groupOf.get(a.agentId) ?? null,
      without: perGame,
      maxShift: Math.max(0, ...shifts),
      factor: f ? { score: f.score, games: f.games } : null,
    };
  });
  rows.sort((x, y) => (x.group ?? 0) - (y.group ?? 0) || x.rank - y.rank || x.agentName.localeCompare(y.agentName));
  return {
    games: leaveOneOut.games,
    rows,
    factor: factor ? { games: factor.games, loadings: factor.loadings, explained: factor.explained } : null,
  };
}
