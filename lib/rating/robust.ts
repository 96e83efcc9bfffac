// Beyond the papers, the arena's own: is the overall ranking one game's doing? GameBench found that one game (Sea
// Battle) swung its overall ranking and proposed a general factor over the games as future work. Two views:
// - leave one game out: the overall Bradley-Terry fit again without each game, and every agent's rank in it;
// - a general factor: the first principal component of the agents' per-game ratings (games as variables,
//   standardised), its loading on each game and each agent's score on it.
import { fitWinMatrix, type BradleyTerryOptions, type WinMatrix } from './bradley-terry';
import { compareStrings } from './comparisons';
import { winMatrixComponents } from './components';
import { MatchIndex } from './match-index';
import type { RatedMatch } from './types';

/**
 * The rated matches summed per game (from their index, match-index.ts): the wins its matches add to every pair and
 * the agents that played it. Every fit below (the overall one, one without each game, one per game) sums games' wins
 * instead of indexing its matches again (at a million matches that was ten passes over them).
 */
interface GameSums {
  /** Rated agents, sorted; the pairs that met in their positions (pairI[p] < pairJ[p]). */
  agents: string[];
  pairI: Int32Array;
  pairJ: Int32Array;
  /** The games, sorted. */
  games: string[];
  /** Per game (in `games` order): wins of pairI over pairJ and back, per pair. */
  winsI: Float64Array[];
  winsJ: Float64Array[];
  /** Per game: 1 for every agent (index into agents) with a seat in one of its rated matches. */
  played: Uint8Array[];
}

function gameSums(ix: MatchIndex): GameSums {
  const { agents, rank, pairI, pairJ } = ix.sorted();
  const games = [...ix.games].sort((a, b) => compareStrings(a.id, b.id));
  const pairs = pairI.length;
  const winsI = games.map(() => new Float64Array(pairs));
  const winsJ = games.map(() => new Float64Array(pairs));
  const played = games.map(() => new Uint8Array(agents.length));
  games.forEach((game, g) => {
    const wi = winsI[g]!;
    const wj = winsJ[g]!;
    game.types.forEach((t, k) => {
      const c = game.counts[k]!;
      for (let e = ix.typeStart[t]!; e < ix.typeStart[t + 1]!; e++) {
        wi[ix.entryPair[e]!]! += c * ix.entryWinsI[e]!;
        wj[ix.entryPair[e]!]! += c * ix.entryWinsJ[e]!;
      }
    });
    for (const o of game.played) played[g]![rank[o]!] = 1;
  });
  return { agents, pairI, pairJ, games: games.map((g) => g.id), winsI, winsJ, played };
}

/** A point fit's β per agent id, and the agent's group: its connected component among those games' matches (0 = the largest). */
type PointFit = Map<string, { beta: number; group: number }>;

/** The Bradley-Terry point fit of the matches of some games (indices into s.games), over the agents who played them. */
function pointFit(s: GameSums, include: readonly number[], opts: BradleyTerryOptions): PointFit {
  const keep: number[] = [];
  const local = new Int32Array(s.agents.length).fill(-1);
  for (let k = 0; k < s.agents.length; k++) {
    if (include.some((g) => s.played[g]![k] === 1)) local[k] = keep.push(k) - 1;
  }
  if (keep.length === 0) return new Map();
  const pairI: number[] = [];
  const pairJ: number[] = [];
  const winsI: number[] = [];
  const winsJ: number[] = [];
  for (let p = 0; p < s.pairI.length; p++) {
    let wi = 0;
    let wj = 0;
    for (const g of include) {
      wi += s.winsI[g]![p]!;
      wj += s.winsJ[g]![p]!;
    }
    // Every comparison weighs more than 0, so a pair met in these games exactly when it has wins either way.
    if (wi + wj > 0) {
      pairI.push(local[s.pairI[p]!]!);
      pairJ.push(local[s.pairJ[p]!]!);
      winsI.push(wi);
      winsJ.push(wj);
    }
  }
  const m: WinMatrix = {
    n: keep.length,
    pairI: Int32Array.from(pairI),
    pairJ: Int32Array.from(pairJ),
    winsI: Float64Array.from(winsI),
    winsJ: Float64Array.from(winsJ),
  };
  const components = winMatrixComponents(m);
  const { beta } = fitWinMatrix(m, opts, undefined, components);
  return new Map(keep.map((k, l) => [s.agents[k]!, { beta: beta[l]!, group: components.of[l]! }]));
}

/**
 * Ordinal ranks by β, highest first, within each group (equal values share the better rank): agents that never met,
 * directly or through others, are not ranked against each other.
 */
function ranksOf(fit: PointFit): Map<string, number> {
  const all = [...fit.values()];
  return new Map([...fit].map(([id, v]) => [id, 1 + all.filter((u) => u.group === v.group && u.beta > v.beta).length]));
}

export interface LeaveOneOut {
  /** The games of the rated matches, sorted; one left-out fit each (only with two games or more). */
  games: string[];
  agents: {
    agentId: string;
    /** Rank by the overall point fit, highest first, within its group. */
    rank: number;
    /** The agent's group (connected component of all the matches, 0 = the largest), or null when there is one. */
    group: number | null;
    /** Rank without each game's matches, within its group there; null when the agent played only that game. */
    without: Record<string, number | null>;
    /**
     * The agent's group without each game (0 = the largest; leaving a game out can split a group), or null when those
     * matches form one group or the agent played only that game.
     */
    groupWithout: Record<string, number | null>;
    /** Largest rank change over the left-out games (0 = the ranking does not hinge on any one game for this agent). */
    maxShift: number;
  }[];
}

/**
 * The overall point ranking, and again without each game. Ranks are by the Bradley-Terry point fit (ordinal: the
 * question is whether the order changes, not whether intervals overlap), within each group of agents that met,
 * directly or through others; agents without a match outside the left-out game have no rank there, and the others
 * are ranked among themselves.
 */
export function leaveOneGameOut(matches: readonly RatedMatch[], opts: BradleyTerryOptions = {}): LeaveOneOut {
  return leaveOneOutOf(gameSums(MatchIndex.of(matches)), opts);
}

function leaveOneOutOf(s: GameSums, opts: BradleyTerryOptions): LeaveOneOut {
  const { games } = s;
  const all = games.map((_, g) => g);
  const overall = pointFit(s, all, opts);
  const rank = ranksOf(overall);
  const grouped = (fit: PointFit) => new Set([...fit.values()].map((v) => v.group)).size > 1;
  const overallGrouped = grouped(overall);
  // Game ids may come from an imported file ("__proto__", "constructor"): a Map, and records of own properties only
  // (Object.fromEntries defines them; `record[g] = …` would set the prototype for "__proto__").
  const without = new Map<string, { fit: PointFit; rank: Map<string, number>; grouped: boolean }>();
  if (games.length >= 2) {
    games.forEach((g, k) => {
      const fit = pointFit(
        s,
        all.filter((h) => h !== k),
        opts,
      );
      without.set(g, { fit, rank: ranksOf(fit), grouped: grouped(fit) });
    });
  }
  const agents = [...overall.keys()]
    .map((agentId) => {
      const w: [string, number | null][] = [];
      const wg: [string, number | null][] = [];
      let maxShift = 0;
      for (const [g, v] of without) {
        const r = v.rank.get(agentId) ?? null;
        w.push([g, r]);
        wg.push([g, v.grouped ? (v.fit.get(agentId)?.group ?? null) : null]);
        if (r !== null) maxShift = Math.max(maxShift, Math.abs(r - rank.get(agentId)!));
      }
      return {
        agentId,
        rank: rank.get(agentId)!,
        group: overallGrouped ? overall.get(agentId)!.group : null,
        without: Object.fromEntries(w),
        groupWithout: Object.fromEntries(wg),
        maxShift,
      };
    })
    .sort((a, b) => (a.group ?? 0) - (b.group ?? 0) || a.rank - b.rank || compareStrings(a.agentId, b.agentId));
  return { games: [...without.keys()], agents };
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
export function generalFactor(matches: readonly RatedMatch[], opts: FactorOptions = {}): GeneralFactor | null {
  return generalFactorOf(gameSums(MatchIndex.of(matches)), opts);
}

type FactorOptions = BradleyTerryOptions & { minAgents?: number; minGames?: number };

/** Both robustness views of the rated matches, from one index of them (what the leaderboard computes). */
export function robustness(
  matches: readonly RatedMatch[],
  opts: BradleyTerryOptions = {},
): { leaveOneOut: LeaveOneOut; factor: GeneralFactor | null } {
  return robustnessOf(MatchIndex.of(matches), opts);
}

/** robustness() of indexed matches. */
export function robustnessOf(
  ix: MatchIndex,
  opts: BradleyTerryOptions = {},
): { leaveOneOut: LeaveOneOut; factor: GeneralFactor | null } {
  const s = gameSums(ix);
  return { leaveOneOut: leaveOneOutOf(s, opts), factor: generalFactorOf(s, opts) };
}

function generalFactorOf(s: GameSums, opts: FactorOptions): GeneralFactor | null {
  const minAgents = opts.minAgents ?? 3;
  const minGames = opts.minGames ?? 2;
  const z = new Map<string, Map<string, number>>();
  for (const [k, g] of s.games.entries()) {
    const fit = new Map([...pointFit(s, [k], opts)].map(([id, v]) => [id, v.beta]));
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
