// Site settings an admin changes at /admin/settings, one row per key in the `settings` table, checked on the way in and
// on the way out (a bad stored value falls back to its default). Today: how the leaderboard shows people by default.
import { getGame, ratedGames } from '../../games/registry';
import { datasetNames } from '../datasets';
import { gamesFor } from '../rated-games';
import { parseLeaderboardQuery, unknownGame, type LeaderboardQuery, type QueryProblem } from '../leaderboard-contract';
import { SettingsError, settingsSchema, type Settings } from '../settings-schema';
import { parseOr } from '../validation';
import type { Db } from './client';

type Key = keyof Settings;

const DEFAULTS: Settings = settingsSchema.parse({});

export async function getSettings(db: Db): Promise<Settings> {
  const rows = await db.setting.findMany({ where: { key: { in: Object.keys(DEFAULTS) } } });
  const out: Settings = { ...DEFAULTS };
  for (const r of rows) {
    const key = r.key as Key;
    const v = settingsSchema.shape[key].safeParse(r.value);
    if (v.success) (out as Record<Key, unknown>)[key] = v.data;
  }
  return out;
}

/** Saves the settings given (the others stay as they are); a bad value is refused with a message and nothing is saved. */
export async function saveSettings(db: Db, raw: unknown): Promise<Settings> {
  const input = parseOr(settingsSchema.partial().strict(), raw, (m) => new SettingsError(m));
  await db.$transaction(
    Object.entries(input)
      .filter(([, v]) => v !== undefined)
      .map(([key, value]) =>
        db.setting.upsert({
          where: { key },
          create: { key, value: value as never },
          update: { value: value as never, updatedAt: new Date() },
        }),
      ),
  );
  return getSettings(db);
}

/**
 * The leaderboard's query from the address, with the site's defaults where the address says nothing (today: the
 * people filter), and every parameter that could not be used — an unknown value, a game that is not registered or is
 * a judged evaluation (never rated) — with what is shown instead. Used by the leaderboard page (a notice) and its JSON
 * API (400 with the same messages), so both say the same thing for the same address.
 */
export async function leaderboardQueryFor(
  db: Db,
  params: Record<string, string | string[] | undefined>,
): Promise<{
  query: LeaderboardQuery;
  problems: string[];
  issues: QueryProblem[];
  defaults: Pick<LeaderboardQuery, 'humans'>;
}> {
  const { peopleFilterDefault } = await getSettings(db);
  const defaults = { humans: peopleFilterDefault };
  const parsed = parseLeaderboardQuery(params, defaults);
  let query = parsed.query;
  const issues = [...parsed.issues];
  let datasetGames = new Set<string>();
  if (query.dataset) {
    // Every dataset named must exist: a view never rates fewer datasets than its address says without saying so.
    const names = datasetNames(query.dataset);
    const rows = await db.dataset.findMany({ where: { name: { in: names } }, select: { name: true, games: true } });
    const found = new Set(rows.map((d) => d.name));
    datasetGames = new Set(rows.flatMap((d) => d.games));
    const missing = names.filter((n) => !found.has(n));
    if (missing.length) {
      issues.unshift({
        key: 'dataset',
        message: `dataset: there is no dataset named ${missing.map((n) => `"${n}"`).join(', ')}`,
        instead: 'the arena’s own matches',
      });
      query = { ...query, dataset: undefined };
    }
  }
  const game = query.game ? getGame(query.game) : undefined;
  // A dataset may hold a game the arena does not have (under the file's id): its view of that game is its own.
  if (query.dataset && query.game && !game) {
    if (!datasetGames.has(query.game)) {
      issues.unshift({
        key: 'game',
        message: `game: "${query.game}" is neither an arena game nor a game of ${datasetNames(query.dataset).join(', ')}`,
        instead: 'all games',
      });
      query = { ...query, game: undefined };
    }
  } else if (query.game && (!game || (game.meta.scoring !== 'evaluation' && !ratedGames.includes(game)))) {
    issues.unshift({ key: 'game', message: unknownGame(query.game), instead: 'all games' });
    query = { ...query, game: undefined };
  } else if (query.game && game?.meta.scoring === 'evaluation') {
    issues.unshift({
      key: 'game',
      message: `game: ${game.meta.title} is a judged evaluation and is never rated (its results are at /metrics/${game.id})`,
      instead: 'all games',
    });
    query = { ...query, game: undefined };
  }
  if (query.version) {
    // Only a prompt version some agent has: a made-up one filters nothing real (every LLM row would be hidden), and is
    // named like any other unusable parameter (the API's 400) instead of being carried along.
    const known = (
      await db.agent.findMany({
        where: { kind: 'llm', promptVersion: { not: null } },
        select: { promptVersion: true },
        distinct: ['promptVersion'],
      })
    )
      .map((a) => a.promptVersion!)
      .sort();
    if (!known.includes(query.version)) {
      const oneOf = known.length
        ? `one of ${known.slice(0, 20).join(', ')}${known.length > 20 ? ', …' : ''}`
        : 'no agent has one yet';
      issues.push({
        key: 'version',
        message: `version: "${query.version}" is not the prompt version of any agent (${oneOf})`,
        instead: 'all prompt versions',
      });
      query = { ...query, version: undefined };
    }
  }
  if (query.protocol !== 'current' && query.protocol !== 'pooled') {
    // A rules key must be one some finished rated match of these games was played under: a made-up or mistyped one
    // would rate nothing and show an empty table as if no one had played.
    if (query.dataset) {
      issues.push({
        key: 'protocol',
        message: 'protocol: an imported dataset records no rules versions; it is rated as it is',
        instead: 'each game’s current rules',
      });
      query = { ...query, protocol: 'current' };
    } else {
      const gameIds = gamesFor(query);
      const [found] = await db.$queryRaw<{ game_id: string }[]>`
        SELECT game_id FROM matches
        WHERE rules_key = ${query.protocol} AND game_id = ANY(${gameIds}) AND status = 'finished' AND rated LIMIT 1`;
      if (!found) {
        issues.push({
          key: 'protocol',
          message: `protocol: no finished rated match ${query.game ? `of ${query.game} ` : ''}was played under the rules "${query.protocol}" (the API's \`rules\` lists each key with its matches)`,
          instead: 'each game’s current rules',
        });
        query = { ...query, protocol: 'current' };
      }
    }
  }
  return { query, problems: issues.map((i) => i.message), issues, defaults };
}
