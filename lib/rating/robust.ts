// Beyond the papers, the arena's own: is the overall ranking one game's doing? GameBench found that one game (Sea
// Battle) swung its overall ranking and proposed a general factor over the games as future work. Two views:
// - leave one game out: the overall Bradley-Terry fit again without each game, and every agent's rank in it;
// - a general factor: the first principal component of the agents' per-game ratings (games as variables,
//   standardised), its loading on each game and each agent's score on it.
import { fitWinMatrix, indexedWinMatrix, type BradleyTerryOptions } from './bradley-terry';
import { compareStrings, indexMatches, isRated } from './comparisons';
import type { RatedMatch } from './types';

/** Ordinal ranks of values, highest first (equal values share the better rank). */
function ranksOf(values: readonly number[]): number[] {
  return values.map((v) => 1 + values.filter((u) => u > v).length);
}

/** The point fit of some matches: β per agent id (centred). */
function pointFit(matches: readonly RatedMatch[], opts: BradleyTerryOptions): Map<string, number> {
  const x = indexMatches(matches);
  if (x.agents.length === 0) return new Map();
  const { beta } = fitWinMatrix(indexedWinMatrix(x), opts);
  return new Map(x.agents.map((id, k) => [id, beta[k]!]));
}

export interface LeaveOneOut {
  /** The games of the rated matches, sorted; one left-out fit each (only with two games or more). */
  games: string[];
  agents: {
    agentId: string;
    /** Rank by the overall point fit, highest first. */
    rank: number;
    /** Rank without each game's matches; null when the agent played only that game. */
    without: Record<string, number | null>;
    /** Largest rank change over the left-out games (0 = the ranking does not hinge on any one game for this agent). */
    maxShift: number;
  }[];
}

/**
 * The overall point ranking, and again without each game. Ranks are by the Bradley-Terry point fit (ordinal: the
 * question is whether the order changes, not whether intervals overlap); agents without a match outside the left-out
 * game have no rank there, and the others are ranked among themselves.
 */
export function leaveOneGameOut(matches: readonly RatedMatch[], opts: BradleyTerryOptions = {}): LeaveOneOut {
  const rated = matches.filter(isRated);
  const games = [...new Set(rated.map((m) => m.gameId))].sort(compareStrings);
  const overall = pointFit(rated, opts);
  const ids = [...overall.keys()];
  const rank = new Map(ranksOf(ids.map((id) => overall.get(id)!)).map((r, k) => [ids[k]!, r]));
  const without: Record<string, Map<string, number>> = {};
  if (games.length >= 2) {
    for (const g of games) {
      const fit = pointFit(rated.filter((m) => m.gameId !== g), opts);
      const kept = [...fit.keys()];
      without[g] = new Map(ranksOf(kept.map((id) => fit.get(id)!)).map((r, k) => [kept[k]!, r]));
    }
  }
  const agents = ids
    .map((agentId) => {
      const w: Record<string, number | null> = {};
      let maxShift = 0;
      for (const g of Object.keys(without)) {
        const r = without[g]!.get(agentId) ?? null;
        w[g] = r;
        if (r !== null) maxShift = Math.max(maxShift, Math.abs(r - rank.get(agentId)!));
      }
      return { agentId, rank: rank.get(agentId)!, without: w, maxShift };
    })
    .sort((a, b) => a.rank - b.rank || compareStrings(a.agentId, b.agentId));
  return { games: Object.keys(without), agents };
}

export interface GeneralFactor {
  /** The games that enter (rated by at least `minAgents` agents, with spread), sorted. */
  games: string[];
  /**
   * Each game's loading: the component's eigenvector scaled by √eigenvalue (in principal components, the game's
   * correlation with the component); signed so that the loadings sum to ≥ 0 (a higher score = stronger).
   */
  loadings: Record<string, number>;
  /** Share of the games' standardised variance the factor explains (its eigenvalue / number of games). */
  explained: number;
  /** Agents rated in at least `minGames` of those games, with their factor score (standardised units) and games used. */
  agents: { agentId: string; score: number; games: number }[];
}

/** The first eigenvector and eigenvalue of a symmetric positive semi-definite matrix (power iteration, deflation-free). */
export function firstEigen(c: number[][]): { vector: number[]; value: number } {
  const n = c.length;
  let v = Array.from({ length: n }, (_, k) => 1 + k / (10 * n)); // not orthogonal to the top eigenvector in practice
  let value = 0;
  for (let it = 0; it < 10_000; it++) {
    const next = c.map((row) => row.reduce((s, x, j) => s + x * v[j]!, 0));
    const norm = Math.hypot(...next);
    if (norm === 0) return { vector: v.map(() => 0), value: 0 };
    const u = next.map((x) => x / norm);
    const diff = Math.max(...u.map((x, k) => Math.abs(x - v[k]!)));
    v = u;
    value = norm;
    if (diff < 1e-13) break;
  }
  return { vector: v, value };
}

/**
 * The general factor of per-game ratings: per game, the Bradley-Terry point fit of that game alone (β); each game's
 * ratings standardised over the agents it rated (mean 0, sd 1); an agent's missing game counts as that game's mean
 * (0): the usual mean imputation, which pulls the loadings towards 0 rather than inventing results; then the first
 * principal component of the games' correlation matrix. An agent's score is its standardised ratings weighted by the
 * component, over the games it played, divided by the weights used (so agents with fewer games are on the same scale).
 */
export function generalFactor(matches: readonly RatedMatch[], opts: BradleyTerryOptions & { minAgents?: number; minGames?: number } = {}): GeneralFactor | null {
  const minAgents = opts.minAgents ?? 3;
  const minGames = opts.minGames ?? 2;
  const rated = matches.filter(isRated);
  const byGame = new Map<string, RatedMatch[]>();
  for (const m of rated) byGame.set(m.gameId, [...(byGame.get(m.gameId) ?? []), m]);
  const z = new Map<string, Map<string, number>>();
  for (const [g, ms] of [...byGame].sort((a, b) => compareStrings(a[0], b[0]))) {
    const fit = pointFit(ms, opts);
    if (fit.size < minAgents) continue;
    const vals = [...fit.values()];
    const mean = vals.reduce((s, v) => s + v, 0) / vals.length;
    const sd = Math.sqrt(vals.reduce((s, v) => s + (v - mean) ** 2, 0) / vals.length);
    if (!(sd > 1e-12)) continue;
    z.set(g, new Map([...fit].map(([id, b]) => [id, (b - mean) / sd])));
  }
  const games = [...z.keys()];
  if (games.length < 2) return null;
  const agentIds = [...new Set(games.flatMap((g) => [...z.get(g)!.keys()]))].sort(compareStrings);
  const value = (g: string, id: string) => z.get(g)!.get(id) ?? 0;
  // Correlation of the standardised, mean-imputed columns (1/N over all agents).
  const N = agentIds.length;
  const corr = games.map((g) => games.map((h) => agentIds.reduce((s, id) => s + value(g, id) * value(h, id), 0) / N));
  const scale = corr.map((row, k) => Math.sqrt(row[k]!) || 1);
  const c = corr.map((row, i) => row.map((x, j) => x / (scale[i]! * scale[j]!)));
  const { vector, value: eigen } = firstEigen(c);
  const sign = vector.reduce((s, x) => s + x, 0) < 0 ? -1 : 1;
  const w = vector.map((x) => sign * x);
  const loadings = Object.fromEntries(games.map((g, k) => [g, w[k]! * Math.sqrt(eigen)]));
  const agents = agentIds.flatMap((id) => {
    const played = games.map((g, k) => [k, z.get(g)!.get(id)] as const).filter(([, v]) => v !== undefined);
    if (played.length < minGames) return [];
    const weight = played.reduce((s, [k]) => s + Math.abs(w[k]!), 0);
    const score = weight > 0 ? played.reduce((s, [k, v]) => s + w[k]! * v!, 0) / weight : 0;
    return [{ agentId: id, score, games: played.length }];
  });
  agents.sort((a, b) => b.score - a.score || compareStrings(a.agentId, b.agentId));
  return { games, loadings, explained: eigen / games.length, agents };
}
