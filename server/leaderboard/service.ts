// The leaderboard service: cached per (games, bootstrap scheme), recomputed off the event loop when matches finish.
import type { Db } from '../../lib/db';
import type { CooperativeRow, Interval, LeaderboardQuery, LeaderboardResult, LeaderboardRow, LeaderboardService, PairCell } from '../../lib/leaderboard';
import { ranksFromIntervals, type Leaderboard } from '../../lib/rating';
import type { Compute } from './computer';
import { gamesFor, loadLeaderboardData, type LeaderboardData } from './data';

interface Entry {
  /** Finished-match counter value the entry was computed from. */
  version: number;
  computedAt: Date;
  data: LeaderboardData;
  board: Leaderboard;
  /** The agent fixed at 1000 on the BT scale (the random baseline when it has played). */
  anchorId: string | null;
}

const BASELINE_KINDS = new Set(['random', 'engine']);
const Z = { '90': 1.6449, '95': 1.96 } as const;

export class ArenaLeaderboard implements LeaderboardService {
  private version = 0;
  private cache = new Map<string, Entry>();
  private inflight = new Map<string, Promise<Entry>>();

  constructor(
    private readonly db: () => Db,
    private readonly compute: Compute,
    private readonly opts: { rounds: number; seed?: string; log?: (m: string) => void } = { rounds: 1000 },
  ) {}

  /** A match finished (or was voided): cached leaderboards are out of date. */
  markStale = () => {
    this.version++;
  };

  async get(query: LeaderboardQuery): Promise<LeaderboardResult> {
    const gameIds = gamesFor(query);
    const key = JSON.stringify([gameIds, query.scheme, query.humans]);
    let entry = this.cache.get(key);
    if (!entry) {
      entry = await this.refresh(key, query);
    } else if (entry.version < this.version) {
      // Serve what we have at once; the recompute runs in the background (the page never waits on it).
      void this.refresh(key, query).catch((err: Error) => this.opts.log?.(`leaderboard recompute failed: ${err.message}`));
    }
    return present(entry, query, entry.version < this.version, this.opts.rounds);
  }

  private refresh(key: string, query: LeaderboardQuery): Promise<Entry> {
    let p = this.inflight.get(key);
    if (!p) {
      const version = this.version;
      p = (async () => {
        const data = await loadLeaderboardData(this.db(), query);
        const anchor = anchorAgent(data);
        const board: Leaderboard =
          data.matches.length === 0
            ? { rows: [], pairwise: [], cooperative: [], normalized: [], scheme: query.scheme, rounds: 0, interval: 0.95 }
            : await this.compute(data.matches, {
                scheme: query.scheme,
                rounds: this.opts.rounds,
                seed: this.opts.seed ?? 'arena-leaderboard',
                anchorAgentId: anchor?.id,
              });
        const entry: Entry = { version, computedAt: new Date(), data, board, anchorId: anchor?.id ?? null };
        this.cache.set(key, entry);
        return entry;
      })().finally(() => this.inflight.delete(key));
      this.inflight.set(key, p);
    }
    return p;
  }
}

/**
 * The reference of the BT scale: the random baseline that played most rated matches (ties: by name), so the scale is
 * stable. Cooperative matches are not rated, so they do not count.
 */
function anchorAgent(data: LeaderboardData) {
  const played = new Map<string, number>();
  for (const m of data.matches) if (!m.cooperative) for (const id of new Set(m.seats.map((s) => s.agentId))) played.set(id, (played.get(id) ?? 0) + 1);
  return data.agents
    .filter((a) => a.kind === 'random' && played.has(a.id))
    .sort((x, y) => played.get(y.id)! - played.get(x.id)! || x.name.localeCompare(y.name))[0];
}

const toInterval = (i: [number, number] | null): Interval | null => (i ? { lower: i[0], upper: i[1] } : null);

/** Turns a computed leaderboard into what the page shows for one query (method, interval, filters). */
export function present(entry: Entry, query: LeaderboardQuery, stale: boolean, rounds: number): LeaderboardResult {
  const { data, board } = entry;
  const agents = new Map(data.agents.map((a) => [a.id, a]));
  const visible = (id: string) => {
    const a = agents.get(id);
    if (!a) return false;
    if (query.baselines === 'hide' && BASELINE_KINDS.has(a.kind)) return false;
    if (query.simulated === 'hide' && a.simulated) return false;
    if (query.version && a.kind === 'llm' && a.promptVersion !== query.version) return false;
    return true;
  };
  const shown = board.rows.filter((r) => visible(r.agentId));
  const cooperative: CooperativeRow[] = board.cooperative
    .filter((c) => visible(c.key))
    .map((c) => {
      const a = agents.get(c.key)!;
      const ci = query.interval === '90' ? c.ci90 : c.ci95;
      return { gameId: c.gameId, agentId: a.id, agentName: a.name, agentKind: a.kind, simulated: a.simulated, matches: c.matches, mean: c.mean, interval: toInterval(ci) };
    })
    .sort((x, y) => x.gameId.localeCompare(y.gameId) || y.mean - x.mean);
  const versions = [
    ...new Set(board.rows.map((r) => agents.get(r.agentId)).flatMap((a) => (a?.kind === 'llm' && a.promptVersion ? [a.promptVersion] : []))),
  ].sort();

  const rows: LeaderboardRow[] = shown.map((r) => {
    const a = agents.get(r.agentId)!;
    const ci = query.interval === '90' ? r.rating.ci90 : r.rating.ci95;
    let rating: number;
    let interval: Interval | null;
    if (query.method === 'bt') {
      rating = r.rating.point;
      interval = r.lowData ? null : toInterval(ci);
    } else if (query.method === 'trueskill' && r.trueSkill) {
      rating = r.trueSkill.mu;
      const half = Z[query.interval] * r.trueSkill.sigma;
      interval = { lower: rating - half, upper: rating + half };
    } else {
      rating = r.elo;
      interval = null;
    }
    const rel = data.reliability.get(r.agentId);
    return {
      rank: 0,
      agentId: r.agentId,
      agentName: a.name,
      agentKind: a.kind,
      simulated: a.simulated,
      model: a.model,
      scaffold: a.scaffold,
      promptVersion: a.promptVersion,
      rating,
      interval,
      lowData: r.lowData,
      bt: {
        beta: r.beta.point,
        scaled: r.rating.point,
        median: r.rating.median,
        ci90: toInterval(r.rating.ci90),
        ci95: toInterval(r.rating.ci95),
      },
      trueskill: r.trueSkill,
      elo: r.elo,
      matches: r.matches,
      wins: r.wins,
      draws: r.draws,
      losses: r.losses,
      avgScore: r.averageScore,
      reliability: {
        illegalRate: rel && rel.replies > 0 ? rel.illegal / rel.replies : null,
        retriesPerMove: rel && rel.moves > 0 ? rel.illegal / rel.moves : null,
        forfeitedTurns: rel?.forfeits ?? 0,
        voided: rel?.voided ?? 0,
      },
    };
  });

  // Ranks among the shown agents: an interval entirely above yours puts you one rank lower (Chatbot Arena).
  const ranks = ranksFromIntervals(rows.map((r) => (r.interval ? [r.interval.lower, r.interval.upper] : [r.rating, r.rating])));
  rows.forEach((r, i) => (r.rank = ranks[i]!));
  rows.sort((x, y) => x.rank - y.rank || y.rating - x.rating);

  const ids = new Set(rows.map((r) => r.agentId));
  const pairs: PairCell[] = [];
  for (const p of board.pairwise) {
    if (!ids.has(p.i) || !ids.has(p.j)) continue;
    const model = query.method === 'bt' ? p.winProbModel : null;
    pairs.push({ a: p.i, b: p.j, matches: p.matches, observed: p.winProbObserved, model });
    pairs.push({ a: p.j, b: p.i, matches: p.matches, observed: 1 - p.winProbObserved, model: model === null ? null : 1 - model });
  }

  const normalizedGames = [...new Set(board.normalized.flatMap((n) => n.games.map((g) => g.gameId)))].sort();
  const normalized = {
    games: normalizedGames,
    rows: board.normalized
      .filter((n) => ids.has(n.agentId))
      .map((n) => ({
        agentId: n.agentId,
        perGame: Object.fromEntries(normalizedGames.map((g) => [g, n.games.find((x) => x.gameId === g)?.percent ?? null])),
        average: n.games.length ? n.average : null,
      })),
  };

  const anchor = entry.anchorId ? agents.get(entry.anchorId) : undefined;
  return {
    query,
    rows,
    pairs,
    normalized,
    cooperative,
    anchor: anchor ? { agentId: anchor.id, agentName: anchor.name } : null,
    versions,
    matchesUsed: data.matches.length,
    bootstrapRounds: rounds,
    computedAt: entry.computedAt.toISOString(),
    stale,
  };
}
