// The leaderboard's data from imported datasets (lib/datasets.ts, lib/db/datasets-store.ts) instead of the arena's
// matches.
import { ratedGames } from '../games/registry';
import { datasetMatches, importedAgentId } from '../lib/datasets';
import { findDatasets } from '../lib/db/datasets-store';
import type { Db } from '../lib/db/client';
import type { LeaderboardQuery } from '../lib/leaderboard-contract';
import type { RatedMatch } from '../lib/rating/types';
import type { AgentInfo, LeaderboardData } from './leaderboard/data';
import { POOLED } from '../lib/db/rules';

/**
 * The leaderboard's data from datasets instead of the arena's matches: the games asked for (an arena game id, or the
 * file's own id for a game the arena does not have), agents by name, marked imported (one name in two datasets is one
 * agent: the page lists the datasets it combines). Imported matches have no replies, so no reliability counts.
 */
export async function loadDatasetData(
  db: Db,
  names: readonly string[],
  q: Pick<LeaderboardQuery, 'game' | 'category'> = {},
): Promise<LeaderboardData> {
  const datasets = await findDatasets(db, names);
  const rows = await db.dataset.findMany({
    where: { id: { in: datasets.map((d) => d.id) } },
    select: { name: true, entries: true },
    orderBy: { name: 'asc' },
  });
  const all: RatedMatch[] = rows.flatMap((d) => datasetMatches(d, ratedGames));
  const present = [...new Set(all.map((m) => m.gameId))].sort();
  const chosen = new Set(
    present.filter((id) => (!q.game || id === q.game) && (!q.category || categoriesOf(id).includes(q.category))),
  );
  const matches = all.filter((m) => chosen.has(m.gameId));
  const agentNames = [...new Set(datasets.flatMap((d) => d.agents))].sort();
  const agents: AgentInfo[] = agentNames.map((n) => ({
    id: importedAgentId(n),
    name: n,
    kind: 'imported',
    simulated: false,
    model: null,
    scaffold: null,
    promptVersion: null,
  }));
  return {
    gameIds: [...chosen].sort(),
    // An imported file records no protocol: its own rules, whatever they were, all rated.
    rules: [],
    filter: POOLED,
    finishedCount: matches.length,
    matches,
    agents,
    reliability: new Map(),
  };
}

/** A dataset game's reasoning categories: the arena game's; none for a game the arena does not have. */
export function categoriesOf(gameId: string): readonly string[] {
  return ratedGames.find((g) => g.id === gameId)?.meta.categories ?? [];
}
