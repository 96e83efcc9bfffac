// LLMArena's analysis per environment, from finished matches only (no unfinished match's private moves are read):
// results (win rate, average raw reward, illegal-reply rate), the mix of action types, the move metrics games record
// (a reward per move, an estimated win probability, a deviation from an equilibrium), bucketed, distributed, summed per
// match and named in words as the game asks (`meta.analysis`). Pure: lib/db/game-analyses.ts reads the rows.
import type { GameMeta } from './engine/types';

export interface AgentResults {
  agentId: string;
  name: string;
  kind: string;
  simulated: boolean;
  matches: number;
  /** Share of matches won outright. */
  winRate: number;
  /** Mean raw reward (chips, points, value) per match; null when the game has none. */
  avgReward: number | null;
  /** Rejected model replies per reply; null without replies (baselines, people). */
  illegalRate: number | null;
}

export interface AgentMoves {
  agentId: string;
  moves: number;
  /** Action type → share of this agent's moves. */
  mix: Record<string, number>;
  /** Metric name → mean over this agent's moves that recorded it. */
  means: Record<string, { mean: number; n: number }>;
  /**
   * For `analysis.perMatch`: metric name → the mean over this agent's matches of the sum of its values in one match
   * (`n` = matches). A match where the agent held two seats counts once per seat (each seat's moves are its own sum).
   */
  perMatch: Record<string, { mean: number; n: number }>;
  /** For `analysis.mixBy`: per bucket of the metric (0–0.2, …, 0.8–1), the action mix and the moves in it. */
  mixByBucket: { from: number; to: number; moves: number; mix: Record<string, number> }[] | null;
  /** For `analysis.distribution`: the metric's histogram over `bins`. */
  histogram: number[] | null;
}

export interface GameMetrics {
  gameId: string;
  results: AgentResults[];
  moves: AgentMoves[];
  actionTypes: string[];
  /** The metric the action mix is split by (`analysis.mixBy`), or null. */
  mixBy: string | null;
  /** The metric whose distribution is plotted (`analysis.distribution`), or null. */
  distribution: string | null;
  /** Bin edges of the distribution (shared by every agent), or null. */
  bins: { from: number; to: number }[] | null;
  /** The metrics reported per match (`analysis.perMatch`), with their labels, in the game's order. */
  perMatch: { key: string; label: string }[];
  /** Every move metric read (and `mixBy`, `distribution`) → its name in words (`metricLabel`). */
  labels: Record<string, string>;
  /** Moves read (the most recent of finished matches). */
  movesRead: number;
}

/**
 * A move metric's name in words: the game's own label (`meta.analysis.labels`), else its code name split out of
 * camelCase ("fooBar" → "foo bar"). The labels live with each game: this module knows no game.
 */
export function metricLabel(key: string, analysis: GameMeta['analysis'] = {}): string {
  return (
    analysis.labels?.[key] ??
    key
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/[-_]+/g, ' ')
      .toLowerCase()
  );
}

const BUCKETS = 5;
const BINS = 10;

/** One row per agent of a game's finished matches, as SQL sums them. */
export interface ResultRow {
  agent_id: string;
  name: string;
  kind: string;
  simulated: boolean;
  matches: number;
  wins: number;
  avg_reward: number | null;
  illegal: number;
  replies: number;
}

/** One move of a finished match: the match, the seat and its agent, its action type and the metrics recorded with it. */
export interface MoveRow {
  match_id: string;
  seat: number;
  agent_id: string;
  type: string | null;
  metrics: Record<string, unknown> | null;
}

export function summarizeGame(
  gameId: string,
  analysis: GameMeta['analysis'] = {},
  results: ResultRow[],
  moves: MoveRow[],
): GameMetrics {
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);
  // The distribution's range is shared by every agent, so their histograms compare.
  const dist = analysis?.distribution;
  const distValues = dist ? moves.map((m) => num(m.metrics?.[dist])).filter(Number.isFinite) : [];
  const lo = distValues.length ? Math.min(...distValues) : 0;
  const hi = distValues.length ? Math.max(...distValues) : 1;
  const width = (hi - lo || 1) / BINS;
  const bins = dist
    ? Array.from({ length: BINS }, (_, i) => ({ from: lo + i * width, to: lo + (i + 1) * width }))
    : null;

  const per = new Map<
    string,
    {
      moves: number;
      types: Map<string, number>;
      sums: Map<string, { s: number; n: number }>;
      buckets: Map<string, number>[];
      hist: number[];
    }
  >();
  const types = new Set<string>();
  // Per-match sums: metric → agent → "match seat" → the sum of that seat's values in that match.
  const perMatchKeys = Object.keys(analysis?.perMatch ?? {});
  const matchSums = new Map(perMatchKeys.map((k) => [k, new Map<string, Map<string, number>>()]));
  for (const m of moves) {
    let a = per.get(m.agent_id);
    if (!a)
      per.set(
        m.agent_id,
        (a = {
          moves: 0,
          types: new Map(),
          sums: new Map(),
          buckets: Array.from({ length: BUCKETS }, () => new Map()),
          hist: new Array(BINS).fill(0),
        }),
      );
    const type = m.type ?? 'unknown';
    types.add(type);
    a.moves++;
    a.types.set(type, (a.types.get(type) ?? 0) + 1);
    for (const [k, v] of Object.entries(m.metrics ?? {})) {
      const x = num(v);
      if (!Number.isFinite(x)) continue;
      const t = a.sums.get(k) ?? { s: 0, n: 0 };
      a.sums.set(k, { s: t.s + x, n: t.n + 1 });
      const byAgent = matchSums.get(k);
      if (byAgent) {
        let sums = byAgent.get(m.agent_id);
        if (!sums) byAgent.set(m.agent_id, (sums = new Map()));
        const key = `${m.match_id} ${m.seat}`;
        sums.set(key, (sums.get(key) ?? 0) + x);
      }
    }
    if (analysis?.mixBy) {
      const x = num(m.metrics?.[analysis.mixBy]);
      if (Number.isFinite(x)) {
        const b = a.buckets[Math.min(BUCKETS - 1, Math.max(0, Math.floor(x * BUCKETS)))]!;
        b.set(type, (b.get(type) ?? 0) + 1);
      }
    }
    if (dist) {
      const x = num(m.metrics?.[dist]);
      if (Number.isFinite(x)) a.hist[Math.min(BINS - 1, Math.floor((x - lo) / width))]!++;
    }
  }
  const labelled = new Set([...per.values()].flatMap((a) => [...a.sums.keys()]));
  if (analysis?.mixBy) labelled.add(analysis.mixBy);
  if (dist) labelled.add(dist);
  const share = (counts: Map<string, number>) => {
    const total = [...counts.values()].reduce((s, n) => s + n, 0);
    return Object.fromEntries([...counts].map(([k, n]) => [k, total ? n / total : 0]));
  };

  return {
    gameId,
    results: results.map((r) => ({
      agentId: r.agent_id,
      name: r.name,
      kind: r.kind,
      simulated: r.simulated,
      matches: r.matches,
      winRate: r.matches ? r.wins / r.matches : 0,
      avgReward: r.avg_reward,
      illegalRate: r.replies ? r.illegal / r.replies : null,
    })),
    moves: [...per].map(([agentId, a]) => ({
      agentId,
      moves: a.moves,
      mix: share(a.types),
      means: Object.fromEntries([...a.sums].map(([k, t]) => [k, { mean: t.s / t.n, n: t.n }])),
      perMatch: Object.fromEntries(
        perMatchKeys.flatMap((k) => {
          const sums = [...(matchSums.get(k)?.get(agentId)?.values() ?? [])];
          return sums.length ? [[k, { mean: sums.reduce((s, x) => s + x, 0) / sums.length, n: sums.length }]] : [];
        }),
      ),
      mixByBucket: analysis?.mixBy
        ? a.buckets.map((b, i) => ({
            from: i / BUCKETS,
            to: (i + 1) / BUCKETS,
            moves: [...b.values()].reduce((s, n) => s + n, 0),
            mix: share(b),
          }))
        : null,
      histogram: dist ? a.hist : null,
    })),
    actionTypes: [...types].sort(),
    mixBy: analysis?.mixBy ?? null,
    distribution: dist ?? null,
    bins,
    perMatch: perMatchKeys.map((key) => ({ key, label: analysis!.perMatch![key]! })),
    labels: Object.fromEntries([...labelled].map((k) => [k, metricLabel(k, analysis)])),
    movesRead: moves.length,
  };
}
