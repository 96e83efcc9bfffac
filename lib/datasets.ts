// Imported datasets (issue 21, item 3): named, read-only sets of results in GameBench's format, rated on the
// leaderboard on their own. Pure code shared by the server (import, leaderboard) and the pages: the name rules, how a
// file's game ids meet the arena's games, and how a dataset's matches become rated matches.
import { z } from 'zod';
import { readGamebench } from './imports/gamebench';
import type { RatedMatch } from './rating/types';

/** A dataset's name: what the CLI, the upload and the leaderboard's `dataset=` parameter use. */
export const datasetNameSchema = z
  .string()
  .trim()
  .min(1, 'a dataset needs a name')
  .max(64, 'a dataset name is at most 64 characters')
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    'a dataset name is letters, digits, dots, dashes and underscores, starting with a letter or digit (e.g. gamebench-2024)',
  );

/**
 * The leaderboard's `dataset=` parameter: one name or several, comma-separated (absent: the arena's own matches),
 * kept as one canonical string (sorted, no repeats) so that one choice of datasets is one view.
 */
export const datasetParamSchema = z
  .string()
  .max(600)
  .transform((s) =>
    [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ].sort(),
  )
  .pipe(z.array(datasetNameSchema).min(1, 'name a dataset').max(8, 'at most 8 datasets at once'))
  .transform((names) => names.join(','));

/** The names in a `dataset=` value. */
export const datasetNames = (param: string): string[] => param.split(',').filter(Boolean);

/** The largest file the admin upload takes (Next's limit on a server action's body is 1 MB); the CLI reads larger ones. */
export const UPLOAD_LIMIT_BYTES = 900 * 1024;

/** The agent id an imported agent gets on the leaderboard: never an arena agent's id, so the two never merge. */
export const IMPORTED_PREFIX = 'imported:';
export const importedAgentId = (name: string) => `${IMPORTED_PREFIX}${name}`;
export const isImportedAgentId = (id: string) => id.startsWith(IMPORTED_PREFIX);

/** What the dataset code needs of a registered game (games/registry.ts passes its games). */
export interface KnownGame {
  id: string;
  meta: { title: string; categories: readonly string[]; gamebenchId?: string };
}

/**
 * The arena game a file's game id names, when there is one: the arena's own id, or the game that declares it as its
 * GameBench id (`meta.gamebenchId`: GameBench's `sea_battle` is the arena's `sea-battle`), so per-game and
 * per-category views of a dataset line up with the arena's; a game the arena does not have keeps the file's id.
 */
export function arenaGameId(fileGameId: string, registry: readonly KnownGame[]): string {
  return (
    (registry.find((g) => g.id === fileGameId) ?? registry.find((g) => g.meta.gamebenchId === fileGameId))?.id ??
    fileGameId
  );
}

/**
 * A dataset's matches as the rating library rates them: agents by their imported id, games by the arena's id where
 * there is one, each match's id naming its dataset and entry. The stored entries were checked at import; reading
 * them again checks them again.
 */
export function datasetMatches(
  dataset: { name: string; entries: unknown },
  registry: readonly KnownGame[],
): RatedMatch[] {
  const { matches } = readGamebench(dataset.entries, { idPrefix: `${dataset.name}#` });
  // GameBench's files carry no times: a match's place in the file is its order, for TrueSkill and Elo (the arena's
  // export lists matches oldest first) and for the bootstrap's order within a game.
  return matches.map((m, k) => ({
    ...m,
    finishedAt: k,
    gameId: arenaGameId(m.gameId, registry),
    seats: m.seats.map((s) => ({ ...s, agentId: importedAgentId(s.agentId) })),
  }));
}

/**
 * A dataset's games as the leaderboard's filters list them: the arena's id, title and categories where the arena has
 * the game, else the file's own id (no category).
 */
export function datasetGameList(
  fileGameIds: readonly string[],
  registry: readonly KnownGame[],
): { id: string; title: string; categories: readonly string[] }[] {
  const byId = new Map<string, { id: string; title: string; categories: readonly string[] }>();
  for (const raw of fileGameIds) {
    const id = arenaGameId(raw, registry);
    const game = registry.find((g) => g.id === id);
    byId.set(id, { id, title: game?.meta.title ?? raw, categories: game?.meta.categories ?? [] });
  }
  return [...byId.values()].sort((a, b) => a.title.localeCompare(b.title));
}
