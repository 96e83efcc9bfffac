// Reads what the leaderboard rates from Postgres: finished matches as rated matches (never one that rates no one:
// matches.rated), agents, reliability counts (every finished match's replies count there: they are real behaviour).
import { ratedGames } from '../../games/registry';
import type { Db } from '../../lib/db/client';
import { HUMANS_ID, HUMANS_NAME, type LeaderboardQuery, type RulesChoice } from '../../lib/leaderboard-contract';
import { loadRules, underRules, type RulesFilter } from '../../lib/db/rules';
import { gamesFor } from '../../lib/rated-games';
import { mergeSideSeats, ratedMatchesFromRows } from '../../lib/rating/from-rows';
import { isCooperative } from '../../lib/records';
import type { NormalizedBy } from '../../lib/rating/normalized';
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
  /** Replies that asked to read a rules topic (Explain), and the finished matches they fall in. */
  explains: number;
  finished: number;
  voided: number;
}

export interface LeaderboardData {
  gameIds: string[];
  /** The rules versions of these games, and which of them the matches were read under (loadRules). */
  rules: RulesChoice[];
  filter: RulesFilter;
  /** Finished rated matches of these games when the data was read (self-play included), to count those finished since. */
  finishedCount: number;
  matches: RatedMatch[];
  agents: AgentInfo[];
  reliability: Map<string, ReliabilityCounts>;
  /** LLMArena's Table 1: the metric of each of these games that declares one (`meta.normalizedBy`); absent: none. */
  normalizedBy?: Record<string, NormalizedBy>;
  /** Where the matches read end, in the read's order (absent: not resumable, e.g. a match without a finish time). */
  watermark?: Watermark;
  /** Where the reliability counts were read up to (absent: read them whole next time). */
  reliabilityMark?: Watermark;
}

/**
 * The last match read in the leaderboard's order (finished_at, id) — the order TrueSkill and Elo replay (SQL sorts by
 * it and `inPlayOrder` sorts stably by finishedAt) — with the count of the matches read up to it and the sum of their
 * ids' `hashtext`. finished_at is set by the worker's clock when a match ends, so it is not a commit order: a match
 * can commit after another that finished later, or be deleted or unrated. Reading on from a watermark is therefore
 * only trusted when the matches up to it are still exactly those counted (same count, same hash sum: `loadSince`);
 * otherwise the leaderboard is read and replayed from scratch.
 */
export interface Watermark {
  /** finished_at of the last match, in ms (the column is TIMESTAMP(3): exact). */
  finishedAt: number;
  id: string;
  /** Matches (as read: before self-play is dropped) up to and including it. */
  count: number;
  /** Sum of hashtext(id) over them (for the reliability counts: of id and status, a voided match replayed changes it). */
  hash: number;
}

type MatchRow = {
  id: string;
  game_id: string;
  finished_at: Date | null;
  seat: number;
  agent_id: string;
  score: number | null;
  team_score: number | null;
  team: string | null;
  reward: number | null;
  h: number;
};

/** The part of a query that says which matches a live view reads. */
export type LiveQuery = Pick<LeaderboardQuery, 'game' | 'category' | 'humans'> &
  Partial<Pick<LeaderboardQuery, 'protocol' | 'suite'>>;

/** Two filters read the same matches. */
const sameFilter = (a: RulesFilter, b: RulesFilter) => JSON.stringify(a) === JSON.stringify(b);

/** The metric LLMArena normalizes each of these games by (`meta.normalizedBy`); games without one are not in its table. */
export function normalizedByOf(gameIds: readonly string[]): Record<string, NormalizedBy> {
  return Object.fromEntries(
    ratedGames.flatMap((g) => (gameIds.includes(g.id) && g.meta.normalizedBy ? [[g.id, g.meta.normalizedBy]] : [])),
  );
}

export async function loadLeaderboardData(db: Db, q: LiveQuery): Promise<LeaderboardData> {
  const gameIds = gamesFor(q);
  const mode = q.humans ?? 'each';
  const { rules, filter } = await loadRules(db, gameIds, q.protocol ?? 'current');
  const [rows, rest] = await Promise.all([
    db.$queryRaw<MatchRow[]>`
      SELECT m.id, m.game_id, m.finished_at, s.seat, s.agent_id, s.score, (m.result->'rewards'->>0)::float AS team_score,
        m.result->'teams'->>s.seat AS team, (m.result->'rewards'->>s.seat)::float AS reward, hashtext(m.id) AS h
      FROM matches m JOIN seats s ON s.match_id = m.id
      WHERE m.status = 'finished' AND m.rated AND m.game_id = ANY(${gameIds})
        AND ${underRules(filter)}
      ORDER BY m.finished_at, m.id, s.seat`,
    loadAgentsAndCounts(db, gameIds, mode),
  ]);
  const read = readRows(rows, { count: 0, hash: 0 });
  const data: LeaderboardData = {
    gameIds,
    rules,
    filter,
    finishedCount: read.count,
    matches: read.matches,
    ...rest,
    normalizedBy: normalizedByOf(gameIds),
    ...(read.watermark ? { watermark: read.watermark } : {}),
  };
  return withHumans(data, mode);
}

/**
 * Only the matches finished after `since` (the people filter applied), with the agents and counts read afresh; null
 * when the matches up to `since` are no longer exactly those read before (one committed late with an earlier finish
 * time, or deleted, or unrated, or without a finish time): then read everything again (loadLeaderboardData).
 * `finishedCount` counts every match read so far; `matches` holds the new ones only. The check counts the matches
 * themselves, not those with a seat as the read does (with a semi-join on the seats it took 1.2 s at a million matches,
 * 0.33 s without): every match is created with its seats, and should one ever finish without, the counts differ and the view
 * is read whole, exact again. Also null when the view's rules filter has changed since (another rules version became
 * a game's current one): the matches read before are no longer the view's.
 */
export async function loadLeaderboardSince(
  db: Db,
  q: LiveQuery,
  since: Watermark,
  prev?: Pick<LeaderboardData, 'reliability' | 'reliabilityMark'> & Partial<Pick<LeaderboardData, 'filter'>>,
): Promise<LeaderboardData | null> {
  const gameIds = gamesFor(q);
  const mode = q.humans ?? 'each';
  const at = since.finishedAt;
  const { rules, filter } = await loadRules(db, gameIds, q.protocol ?? 'current');
  if (prev?.filter && !sameFilter(prev.filter, filter)) return null;
  const [[prefix], rows, rest] = await Promise.all([
    db.$queryRaw<{ n: number; h: bigint | null }[]>`
      SELECT COUNT(*)::int AS n, SUM(hashtext(m.id)) AS h FROM matches m
      WHERE m.status = 'finished' AND m.rated AND m.game_id = ANY(${gameIds})
        AND ${underRules(filter)}
        AND (m.finished_at IS NULL OR (m.finished_at, m.id) <= (TIMESTAMP '1970-01-01' + ${at}::bigint * INTERVAL '1 millisecond', ${since.id}))`,
    db.$queryRaw<MatchRow[]>`
      SELECT m.id, m.game_id, m.finished_at, s.seat, s.agent_id, s.score, (m.result->'rewards'->>0)::float AS team_score,
        m.result->'teams'->>s.seat AS team, (m.result->'rewards'->>s.seat)::float AS reward, hashtext(m.id) AS h
      FROM matches m JOIN seats s ON s.match_id = m.id
      WHERE m.status = 'finished' AND m.rated AND m.game_id = ANY(${gameIds})
        AND ${underRules(filter)}
        AND (m.finished_at, m.id) > (TIMESTAMP '1970-01-01' + ${at}::bigint * INTERVAL '1 millisecond', ${since.id})
      ORDER BY m.finished_at, m.id, s.seat`,
    loadAgentsAndCounts(db, gameIds, mode, prev),
  ]);
  if (!prefix || prefix.n !== since.count || Number(prefix.h ?? 0) !== since.hash) return null;
  const read = readRows(rows, since);
  const data: LeaderboardData = {
    gameIds,
    rules,
    filter,
    finishedCount: read.count,
    matches: read.matches,
    ...rest,
    normalizedBy: normalizedByOf(gameIds),
    watermark: read.watermark ?? since,
  };
  return withHumans(data, mode);
}

/** Rows (ordered by match) as rated matches, and the watermark after them counting on from `from`. */
function readRows(
  rows: readonly MatchRow[],
  from: { count: number; hash: number },
): { matches: RatedMatch[]; count: number; watermark?: Watermark } {
  let count = from.count;
  let hash = from.hash;
  let last: MatchRow | undefined;
  let timeless = false;
  for (const r of rows) {
    if (last?.id === r.id) continue;
    count++;
    hash += Number(r.h);
    if (!r.finished_at) timeless = true;
    last = r;
  }
  const matches = ratedMatchesFromRows(rows, { cooperative: isCooperative });
  if (!last || timeless) return { matches, count };
  return { matches, count, watermark: { finishedAt: last.finished_at!.getTime(), id: last.id, count, hash } };
}

/**
 * The agents (always read whole: a row each) and the reliability counts. The counts sum over every finished or voided
 * match of these games, so at a million matches a whole read is seconds of Postgres time (4.8 s here): they are read
 * on from where the last read ended (`prev`), like the rated matches, when the matches up to there are still those
 * counted (same count, same hash of ids and statuses), else whole.
 */
async function loadAgentsAndCounts(
  db: Db,
  gameIds: string[],
  mode: NonNullable<LeaderboardQuery['humans']>,
  prev?: Pick<LeaderboardData, 'reliability' | 'reliabilityMark'>,
): Promise<Pick<LeaderboardData, 'agents' | 'reliability' | 'reliabilityMark'>> {
  const [agents, counts] = await Promise.all([
    db.agent.findMany({ include: { provider: { select: { simulated: true } } } }),
    loadReliability(db, gameIds, mode, prev),
  ]);
  return {
    agents: agents.map((a) => ({
      id: a.id,
      name: a.name,
      kind: a.kind,
      simulated: a.simulated || !!a.provider?.simulated,
      model: a.model,
      scaffold: a.scaffold,
      promptVersion: a.promptVersion,
    })),
    ...counts,
  };
}

type CountRow = {
  agent_id: string | null;
  illegal: bigint;
  forfeits: bigint;
  moves: bigint;
  replies: bigint;
  explains: bigint;
  finished: bigint;
  voided: bigint;
  n: number | null;
  h: bigint | null;
};

async function loadReliability(
  db: Db,
  gameIds: string[],
  mode: NonNullable<LeaderboardQuery['humans']>,
  prev?: Pick<LeaderboardData, 'reliability' | 'reliabilityMark'>,
): Promise<Pick<LeaderboardData, 'reliability' | 'reliabilityMark'>> {
  // Where this read ends: the last finished or voided match in (finished_at, id) order; a match that commits later
  // with a later time is the next read's.
  const [last] = await db.$queryRaw<{ finished_at: Date; id: string }[]>`
    SELECT m.finished_at, m.id FROM matches m
    WHERE m.status IN ('finished', 'failed') AND m.game_id = ANY(${gameIds}) AND m.finished_at IS NOT NULL
    ORDER BY m.finished_at DESC, m.id DESC LIMIT 1`;
  const upTo = last ? { at: last.finished_at.getTime(), id: last.id } : null;
  let from = prev?.reliabilityMark ?? null;
  if (from) {
    const [prefix] = await db.$queryRaw<{ n: number; h: bigint | null }[]>`
      SELECT COUNT(*)::int AS n, SUM(hashtext(m.id || m.status)) AS h FROM matches m
      WHERE m.status IN ('finished', 'failed') AND m.game_id = ANY(${gameIds})
        AND (m.finished_at IS NULL OR (m.finished_at, m.id) <= (TIMESTAMP '1970-01-01' + ${from.finishedAt}::bigint * INTERVAL '1 millisecond', ${from.id}))`;
    if (!prefix || prefix.n !== from.count || Number(prefix.h ?? 0) !== from.hash) from = null;
  }
  // One statement (one snapshot): the counts of the matches after `from` (all without it) up to `upTo`, and the count
  // and hash of those matches (the row without an agent).
  const rows = await db.$queryRaw<CountRow[]>`
    WITH ms AS (
      SELECT m.id, m.status FROM matches m
      WHERE m.status IN ('finished', 'failed') AND m.game_id = ANY(${gameIds})
        AND (${upTo?.at ?? null}::bigint IS NULL OR m.finished_at IS NULL
             OR (m.finished_at, m.id) <= (TIMESTAMP '1970-01-01' + ${upTo?.at ?? null}::bigint * INTERVAL '1 millisecond', ${upTo?.id ?? ''}))
        AND (${from?.finishedAt ?? null}::bigint IS NULL
             OR (m.finished_at, m.id) > (TIMESTAMP '1970-01-01' + ${from?.finishedAt ?? null}::bigint * INTERVAL '1 millisecond', ${from?.id ?? ''}))
    )
    -- Reliability follows the people filter too: 'together' counts every person's seats under the one player (a voided
    -- match once, however many people sat in it); 'hide' leaves out every match with a person, as the fit does.
    SELECT CASE WHEN ${mode === 'together'}::boolean AND a.kind = 'human' THEN ${HUMANS_ID}::text ELSE s.agent_id END AS agent_id,
      COALESCE(SUM(s.illegal_count) FILTER (WHERE ms.status = 'finished'), 0) AS illegal,
      COALESCE(SUM(s.forfeit_count) FILTER (WHERE ms.status = 'finished'), 0) AS forfeits,
      COALESCE(SUM(s.move_count) FILTER (WHERE ms.status = 'finished'), 0) AS moves,
      COALESCE(SUM(s.reply_count) FILTER (WHERE ms.status = 'finished'), 0) AS replies,
      COALESCE(SUM(s.explain_count) FILTER (WHERE ms.status = 'finished'), 0) AS explains,
      COUNT(DISTINCT ms.id) FILTER (WHERE ms.status = 'finished') AS finished,
      COUNT(DISTINCT ms.id) FILTER (WHERE ms.status = 'failed') AS voided,
      NULL::int AS n, NULL::bigint AS h
    FROM seats s JOIN ms ON ms.id = s.match_id JOIN agents a ON a.id = s.agent_id
    WHERE NOT (${mode === 'hide'}::boolean AND EXISTS (
      SELECT 1 FROM seats ps JOIN agents pa ON pa.id = ps.agent_id WHERE ps.match_id = ms.id AND pa.kind = 'human'))
    GROUP BY 1
    UNION ALL
    SELECT NULL, 0, 0, 0, 0, 0, 0, 0, COUNT(*)::int, SUM(hashtext(ms.id || ms.status)) FROM ms`;
  const reliability = new Map<string, ReliabilityCounts>(
    from ? [...prev!.reliability].map(([id, c]) => [id, { ...c }]) : [],
  );
  let read = { n: 0, h: 0 };
  for (const c of rows) {
    if (c.agent_id === null) {
      read = { n: c.n ?? 0, h: Number(c.h ?? 0) };
      continue;
    }
    const r = reliability.get(c.agent_id) ?? {
      illegal: 0,
      forfeits: 0,
      moves: 0,
      replies: 0,
      explains: 0,
      finished: 0,
      voided: 0,
    };
    r.illegal += Number(c.illegal);
    r.forfeits += Number(c.forfeits);
    r.moves += Number(c.moves);
    r.replies += Number(c.replies);
    r.explains += Number(c.explains);
    r.finished += Number(c.finished);
    r.voided += Number(c.voided);
    reliability.set(c.agent_id, r);
  }
  // Read on from here next time (when every match counted up to here has a time; else whole again).
  const mark = upTo
    ? { finishedAt: upTo.at, id: upTo.id, count: (from?.count ?? 0) + read.n, hash: (from?.hash ?? 0) + read.h }
    : from;
  return { reliability, ...(mark ? { reliabilityMark: mark } : {}) };
}

/** Finished rated matches of these games under these rules now (what `finishedCount` counted when a leaderboard was read). */
export async function countFinished(db: Db, gameIds: string[], filter: RulesFilter): Promise<number> {
  // The matches themselves, not only those with a seat (every match is created with its seats): the semi-join with
  // the seats made it a 1.2 s scan at a million matches, 0.33 s without.
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT COUNT(*)::int AS n FROM matches m
    WHERE m.status = 'finished' AND m.rated AND m.game_id = ANY(${gameIds})
      AND ${underRules(filter)}`;
  return row?.n ?? 0;
}

/**
 * Applies the people filter to the matches that are rated (see `humans` in lib/leaderboard-contract.ts); the
 * reliability counts are already read per mode by loadLeaderboardData.
 */
export function withHumans(data: LeaderboardData, mode: LeaderboardQuery['humans']): LeaderboardData {
  if (mode === 'each') return data;
  const human = new Set(data.agents.filter((a) => a.kind === 'human').map((a) => a.id));
  const people = (m: RatedMatch) => m.seats.filter((s) => human.has(s.agentId)).length;
  if (mode === 'hide') {
    // Every match with a person in any seat is left out of the fit itself, not only the people's rows: Bradley-Terry,
    // the bootstrap, TrueSkill and Elo never see it, so the models' ratings are exactly those without human games.
    return { ...data, matches: data.matches.filter((m) => people(m) === 0) };
  }
  // Together: every person becomes one player (HUMANS_ID) before the fit, so every method sees one player. People who
  // faced each other are that player on both sides: the rating library never compares an agent with itself, so those
  // comparisons drop out, and a match with people in every seat (nothing left to compare) is dropped whole.
  const matches = data.matches.flatMap((m) => {
    const n = people(m);
    if (n === 0) return [m];
    if (n === m.seats.length) return [];
    // People on one side are one player there, like an agent in several seats of a side (lib/rating/from-rows.ts).
    return [
      mergeSideSeats({ ...m, seats: m.seats.map((s) => (human.has(s.agentId) ? { ...s, agentId: HUMANS_ID } : s)) }),
    ];
  });
  return {
    ...data,
    matches,
    agents: [
      ...data.agents.filter((a) => !human.has(a.id)),
      {
        id: HUMANS_ID,
        name: HUMANS_NAME,
        kind: 'human',
        simulated: false,
        model: null,
        scaffold: null,
        promptVersion: null,
      },
    ],
  };
}

/** Per agent, the non-cooperative matches it sat in (what a match index keeps up to date: lib/rating/match-index.ts `played`). */
function playedCounts(matches: readonly RatedMatch[]): Map<string, number> {
  const played = new Map<string, number>();
  for (const m of matches)
    if (!m.cooperative)
      for (const id of new Set(m.seats.map((s) => s.agentId))) played.set(id, (played.get(id) ?? 0) + 1);
  return played;
}

/**
 * The reference of the BT scale: the random baseline that played most rated matches (ties: by name), so the scale is
 * stable. Cooperative matches are not rated, so they do not count.
 */
export function anchorAgent(
  data: Pick<LeaderboardData, 'matches' | 'agents'>,
  played: ReadonlyMap<string, number> = playedCounts(data.matches),
) {
  return (
    data.agents
      // An imported dataset's random agent (GameBench's "random") anchors its scale the same way.
      .filter(
        (a) =>
          (a.kind === 'random' || (a.kind === 'imported' && a.name.toLowerCase() === 'random')) && played.has(a.id),
      )
      .sort((x, y) => played.get(y.id)! - played.get(x.id)! || x.name.localeCompare(y.name))[0]
  );
}

/**
 * What a leaderboard view needs besides its computed board, without the matches themselves (those stay in the
 * worker thread that read them: server/leaderboard/compute-worker.ts).
 */
export interface ViewMeta {
  gameIds: string[];
  /** The rules versions of these games and which the view rates (none for an imported dataset). */
  rules: RulesChoice[];
  filter: RulesFilter;
  finishedCount: number;
  agents: AgentInfo[];
  reliability: Map<string, ReliabilityCounts>;
  normalizedBy?: Record<string, NormalizedBy>;
  /** The agent fixed at 1000 on the BT scale (anchorAgent), or null. */
  anchorId: string | null;
  /** Rated competitive matches, and cooperative ones. */
  matchesUsed: number;
  cooperativeMatches: number;
}

export function metaOf(data: LeaderboardData, anchorId: string | null): ViewMeta {
  const cooperativeMatches = data.matches.filter((m) => m.cooperative).length;
  return {
    gameIds: data.gameIds,
    rules: data.rules,
    filter: data.filter,
    finishedCount: data.finishedCount,
    agents: data.agents,
    reliability: data.reliability,
    ...(data.normalizedBy ? { normalizedBy: data.normalizedBy } : {}),
    anchorId,
    matchesUsed: data.matches.length - cooperativeMatches,
    cooperativeMatches,
  };
}
