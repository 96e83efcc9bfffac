// Which rules versions a view rates (lib/match-protocol.ts `rulesKey`): each game's rules versions among its finished
// rated matches, the current one of each game, and the filter a `protocol` parameter makes of them, for the
// leaderboard (server/leaderboard/data.ts, also in its worker thread: no `server-only` here, lib/db/client.ts says
// why) and the exports (app/api/export) alike.
import { getGame } from '../../games/registry';
import { Prisma } from '../generated/prisma/client.ts';
import { protocolParamSchema, type LeaderboardQuery, type RulesChoice } from '../leaderboard-contract';
import { jsonbText, readRules, rulesLabel } from '../match-protocol';
import type { Db } from './client';

/**
 * Which matches of a view's games are read: every rules version (`pooled`), else those whose rules key is one of
 * `keys`, and of the games in `unrecorded`, their matches stored without a protocol (a game whose only matches have
 * none: rows older than protocols, or written by hand).
 */
export interface RulesFilter {
  pooled: boolean;
  keys: string[];
  unrecorded: string[];
}

/** Every rules version of every game: no filter. */
export const POOLED: RulesFilter = { pooled: true, keys: [], unrecorded: [] };

/**
 * The rules versions of these games' finished rated matches (lib/match-protocol.ts `rulesKey`), and the filter a
 * query's `protocol` makes of them. A game's current rules: of its rules at its current version and data sets' versions,
 * the most played (ties: its defaults, then by key); a game with none, its matches stored without a protocol if it has
 * any. The counts are read by the index (game_id, rules_key); each key's rules from one of its matches.
 * `presets: 'separate'`: a page that tells the game's settings presets apart itself (a paper's table per preset) takes
 * every rules version at the current version and data sets' versions as current, whatever the preset.
 */
export async function loadRules(
  db: Db,
  gameIds: string[],
  protocol: LeaderboardQuery['protocol'],
  opts: { presets?: 'separate' } = {},
): Promise<{ rules: RulesChoice[]; filter: RulesFilter }> {
  const rows = await db.$queryRaw<{ game_id: string; key: string | null; rules: unknown; n: number }[]>`
    SELECT c.game_id, c.key, c.n,
      (SELECT r.protocol - 'agents' - 'generator' - 'judges' FROM matches r
       WHERE r.game_id = c.game_id AND r.rules_key = c.key LIMIT 1) AS rules
    FROM (SELECT m.game_id, m.rules_key AS key, COUNT(*)::int AS n FROM matches m
          WHERE m.status = 'finished' AND m.rated AND m.game_id = ANY(${gameIds})
          GROUP BY m.game_id, m.rules_key) c`;
  const rules: RulesChoice[] = [];
  for (const gameId of gameIds) {
    const game = getGame(gameId);
    const choices = rows
      .filter((r) => r.game_id === gameId)
      .map((r) => {
        const read = r.key === null ? null : readRules(r.rules);
        const now = !!read && !!game && read.version === game.version && jsonbText(read.data) === jsonbText(game.data);
        return {
          choice: {
            game: gameId,
            key: r.key,
            label:
              r.key === null
                ? `${gameId} · protocol not recorded`
                : read
                  ? rulesLabel(read)
                  : `${gameId} · unreadable protocol`,
            matches: r.n,
            current: false,
            rated: false,
          },
          now,
          defaults: read?.preset === 'defaults',
        };
      })
      .sort(
        (a, b) =>
          b.choice.matches - a.choice.matches ||
          Number(b.defaults) - Number(a.defaults) ||
          String(a.choice.key).localeCompare(String(b.choice.key)),
      );
    const first = choices.find((c) => c.now);
    const current = first
      ? choices.filter((c) => (opts.presets === 'separate' ? c.now : c === first))
      : choices.filter((c) => c.choice.key === null);
    for (const c of current) c.choice.current = true;
    rules.push(...[...current, ...choices.filter((c) => !current.includes(c))].map((c) => c.choice));
  }
  const filter: RulesFilter =
    protocol === 'pooled'
      ? POOLED
      : protocol === 'current'
        ? {
            pooled: false,
            keys: rules.flatMap((r) => (r.current && r.key !== null ? [r.key] : [])),
            unrecorded: rules.flatMap((r) => (r.current && r.key === null ? [r.game] : [])),
          }
        : { pooled: false, keys: [protocol], unrecorded: [] };
  for (const r of rules)
    r.rated = filter.pooled || (r.key === null ? filter.unrecorded.includes(r.game) : filter.keys.includes(r.key));
  return { rules, filter };
}

/** The filter as a condition on `matches m`. */
export const underRules = (f: RulesFilter) =>
  Prisma.sql`(${f.pooled}::boolean OR m.rules_key = ANY(${f.keys}::text[])
    OR (m.rules_key IS NULL AND m.game_id = ANY(${f.unrecorded}::text[])))`;

/** The filter as a Prisma condition on matches. */
export function rulesWhere(f: RulesFilter): Prisma.MatchWhereInput {
  return f.pooled ? {} : { OR: [{ rulesKey: { in: f.keys } }, { rulesKey: null, gameId: { in: f.unrecorded } }] };
}

/**
 * A page's `protocol` parameter read against its games' rules versions: the rules to rate, and what was wrong with the
 * parameter (not a choice, or a key none of these games' matches was played under), the page then showing each game's
 * current rules.
 */
export async function pageRules(
  db: Db,
  gameIds: string[],
  asked: unknown,
  opts: { presets?: 'separate' } = {},
): Promise<{ protocol: string; rules: RulesChoice[]; filter: RulesFilter; problem: string | null }> {
  const parsed = protocolParamSchema.safeParse(typeof asked === 'string' && asked !== '' ? asked : undefined);
  let problem = parsed.success
    ? null
    : `protocol: "${String(asked)}" is not valid (${parsed.error.issues[0]!.message})`;
  let protocol = parsed.data ?? 'current';
  let read = await loadRules(db, gameIds, protocol, opts);
  if (protocol !== 'current' && protocol !== 'pooled' && !read.rules.some((r) => r.key === protocol)) {
    problem = `protocol: no finished rated match of ${gameIds.join(', ')} was played under the rules "${protocol}"`;
    protocol = 'current';
    read = await loadRules(db, gameIds, protocol, opts);
  }
  return { protocol, ...read, problem };
}
