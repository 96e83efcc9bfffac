// The protocols the leaderboard's matches were played under: for a leaderboard query, each protocol key of
// the finished rated matches of its games, with its one-line label and how many matches it holds.
import 'server-only';
import { ratedGames } from '../../games/registry';
import type { LeaderboardQuery } from '../leaderboard-contract';
import { protocolLabel, readProtocol } from '../match-protocol';
import type { Db } from './client';

export interface ProtocolCount {
  /** The protocol's key (lib/match-protocol.ts `protocolKey`); null for matches stored without one. */
  key: string | null;
  label: string;
  matches: number;
}

/**
 * The protocols of the matches a leaderboard view rates: finished, rated matches of its games (one game, a category's,
 * or all rated games), people's matches left out when the view hides people (as the fit does). Most matches first.
 */
export async function leaderboardProtocols(
  db: Db,
  q: Pick<LeaderboardQuery, 'game' | 'category' | 'humans'>,
): Promise<ProtocolCount[]> {
  const gameIds = ratedGames
    .filter((g) => (!q.game || g.id === q.game) && (!q.category || g.meta.categories.includes(q.category)))
    .map((g) => g.id);
  const hide = q.humans === 'hide';
  const rows = await db.$queryRaw<{ key: string | null; protocol: unknown; n: number }[]>`
    SELECT m.protocol_key AS key, (array_agg(m.protocol))[1] AS protocol, COUNT(*)::int AS n
    FROM matches m
    WHERE m.status = 'finished' AND m.rated AND m.game_id = ANY(${gameIds})
      AND EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id)
      AND NOT (${hide}::boolean AND EXISTS (
        SELECT 1 FROM seats s JOIN agents a ON a.id = s.agent_id WHERE s.match_id = m.id AND a.kind = 'human'))
    GROUP BY m.protocol_key
    ORDER BY n DESC, key`;
  return rows.map((r) => {
    const p = r.key === null ? null : readProtocol(r.protocol);
    return { key: r.key, label: p ? protocolLabel(p) : 'not recorded', matches: r.n };
  });
}
