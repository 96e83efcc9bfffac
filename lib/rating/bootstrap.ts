// Bootstrap intervals for Bradley-Terry: seeded resampling of matches (plain or game-weighted), refit, percentiles.
import {
  anchorBetas,
  anchorIndex,
  fitWinMatrix,
  toEloScale,
  type BradleyTerryOptions,
  type WinMatrix,
} from './bradley-terry';
import { compareStrings } from './comparisons';
import { connectedComponents, type Components } from './components';
import { fitIlsr, GAMEBENCH_ALPHA } from './ilsr';
import { entryKey, MatchIndex } from './match-index';
import { equalMultinomialInto, multinomialInto, SeededRandom } from './random';
import type { Interval, RatedMatch } from './types';

/** plain: every match equally likely; game-weighted (GameBench): a match's probability ∝ 1/(matches of its game). */
export type BootstrapScheme = 'plain' | 'game-weighted';

/**
 * How each resample is fitted: `mm`, the arena's Bradley-Terry (MM with a prior, ties as half a win each), or
 * `gamebench`, GameBench's rating.py (choix's ILSR with alpha 0.001, exact ties dropped: ilsr.ts).
 */
export type Estimator = 'mm' | 'gamebench';

/** Options of the bootstrap. */
export interface BootstrapOptions extends BradleyTerryOptions {
  /** Fit of the point estimate and of every resample (default 'mm'). */
  estimator?: Estimator;
  /** Resampling scheme (default 'plain'). */
  scheme?: BootstrapScheme;
  /** Number of resamples (default 1000). */
  rounds?: number;
  /** Seed; round r draws from the stream (seed, r), so results do not depend on how rounds are split up (default 0). */
  seed?: string | number;
  /** Agents with fewer rated matches are lowData: point estimate only, no intervals (default 5). */
  minMatches?: number;
  /**
   * Agent whose β is fixed at 0 in every round (so its interval has zero width); default: mean β = 0. On a
   * disconnected comparison graph it anchors its own group only; every other group is centred (mean β = 0).
   */
  anchorAgentId?: string;
  /** Elo-scale rating of β = 0 (default 1000). */
  offset?: number;
  /**
   * Convergence tolerance of each resample's refit (default 1e-7; `tolerance` applies to the point estimate).
   * Far below the Monte Carlo error of the percentiles, and it saves a third of the MM iterations.
   */
  roundTolerance?: number;
}

/**
 * Everything a bootstrap round needs, precomputed once and structured-clonable (it is what a worker receives).
 * Matches with identical contributions to the win matrix (same pairs, same results) share an outcome type, and a
 * resample is just a vector of multiplicities per type. Drawing n matches with replacement, each type by its share, is
 * a multinomial draw over the types, so a round draws it type by type (binomials, random.ts `multinomialInto`):
 * O(types) instead of one uniform per match, the same distribution. Then O(entries of the types) builds its win
 * matrix and O(pairs × iterations) refits it.
 */
export interface BootstrapData {
  /** Rated agents (sorted). */
  agents: string[];
  /** Rated matches per agent. */
  matchCounts: Int32Array;
  /** Index of the anchor agent, undefined = centred. */
  anchor: number | undefined;
  /** Options of every round's refit. */
  fit: BradleyTerryOptions;
  /** The fit of every round (and of the point estimate). */
  estimator: Estimator;
  /** Seed as a string. */
  seed: string;
  /** Resampling scheme. */
  scheme: BootstrapScheme;
  /** Matches drawn per resample (= number of rated matches). */
  draws: number;
  /**
   * What a resample draws from, in strata: the plain scheme has one (every match), the game-weighted one a stratum per
   * game (sorted), each drawn as often as a multinomial over the games with equal chances gives. Stratum s holds the
   * outcome types stratumType[k] with stratumWeight[k] matches each, for k in stratumStart[s] .. stratumStart[s + 1] − 1.
   */
  stratumStart: Int32Array;
  stratumType: Int32Array;
  stratumWeight: Int32Array;
  /** Matches in each stratum (the sum of its weights). */
  stratumSize: Int32Array;
  /** Stratum s's matches are typeOf[stratumMatchStart[s]] .. (by outcome type; in the index's order: end time, then id). */
  stratumMatchStart: Int32Array;
  /** Outcome type of each match, in that order. */
  typeOf: Int32Array;
  /** Distinct agent pairs (pairI[p] < pairJ[p]). */
  pairI: Int32Array;
  pairJ: Int32Array;
  /** Outcome type t has win-matrix entries typeStart[t] .. typeStart[t + 1] − 1. */
  typeStart: Int32Array;
  /** Pair index of each entry. */
  entryPair: Int32Array;
  /** Wins of pairI over pairJ that one match of this type adds. */
  entryWinsI: Float64Array;
  /** Wins of pairJ over pairI that one match of this type adds. */
  entryWinsJ: Float64Array;
  /** Unanchored fit to the expected resample (every match at its expected multiplicity): every round's warm start. */
  start: Float64Array;
  /** Anchored point estimate: the plain fit, or under game-weighted the fit with every game weighted equally. */
  point: Float64Array;
  /**
   * Connected components of the comparison graph of all the matches (components.ts: an edge for every pair that has
   * a comparison, whichever the estimator). With more than one, the MM fit of every round and of the point estimate
   * fits each component on its own, and each is anchored on its own (anchorBetas): the β of different components
   * are not comparable. A resample that happens to split a component further is fitted as before (the prior holds
   * it together): components are those of the data, not of one round. GameBench's ILSR is fitted whole, as its
   * rating.py does (its α, not any game, places the groups), then anchored per component like the MM fit.
   */
  components: Components;
}

/** Precomputes the bootstrap of the rated matches: outcome types, games, point estimate. */
export function prepareBootstrap(matches: readonly RatedMatch[], opts: BootstrapOptions = {}): BootstrapData {
  return bootstrapOf(MatchIndex.of(matches), opts);
}

/**
 * The bootstrap's data from an index of the matches (match-index.ts): O(outcome types + pairs + matches) here, the
 * matches themselves were summed into the index as they came. The matches are in the index's order (end time, then
 * id), so that the resamples do not depend on the order the matches came in, nor on the ids of an export imported
 * elsewhere (an imported match's end time is its place in the file, lib/datasets.ts); under game-weighted, game by
 * game (sorted by id), each in that order. Outcome types are numbered in order of first appearance, and a stratum
 * lists its types in order of their first appearance in it.
 */
export function bootstrapOf(ix: MatchIndex, opts: BootstrapOptions = {}): BootstrapData {
  const { agents, rank, pairI, pairJ } = ix.sorted();
  const n = agents.length;
  const estimator = opts.estimator ?? 'mm';
  const draws = ix.rated;
  const T = ix.typeCount.length;
  // The estimator's outcome types: the index's, or GameBench's (its types without the tied entries: GameBench drops a
  // comparison whose sides scored the same, rating.py `if match[a] == match[b]: continue`), numbered in order of first
  // appearance too (the first index type that maps to one appears first).
  let typeStart: number[] | readonly number[] = ix.typeStart;
  let entries: { pair: readonly number[]; wi: readonly number[]; wj: readonly number[] } = {
    pair: ix.entryPair,
    wi: ix.entryWinsI,
    wj: ix.entryWinsJ,
  };
  let toType: (t: number) => number = (t) => t;
  if (estimator === 'gamebench') {
    const map = new Int32Array(T);
    const keys = new Map<string, number>();
    const starts = [0];
    const pair: number[] = [];
    const wi: number[] = [];
    const wj: number[] = [];
    for (let t = 0; t < T; t++) {
      let key = '';
      const kept: number[] = [];
      for (let e = ix.typeStart[t]!; e < ix.typeStart[t + 1]!; e++) {
        if (ix.entryWinsI[e] === ix.entryWinsJ[e]) continue;
        kept.push(e);
        key += entryKey(ix.entryPair[e]!, ix.entryWinsI[e]!, ix.entryWinsJ[e]!);
      }
      let u = keys.get(key);
      if (u === undefined) {
        u = keys.size;
        keys.set(key, u);
        for (const e of kept) {
          pair.push(ix.entryPair[e]!);
          wi.push(ix.entryWinsI[e]!);
          wj.push(ix.entryWinsJ[e]!);
        }
        starts.push(pair.length);
      }
      map[t] = u;
    }
    typeStart = starts;
    entries = { pair, wi, wj };
    toType = (t) => map[t]!;
  }
  const types = typeStart.length - 1;

  const scheme = opts.scheme ?? 'plain';
  // The strata: one (plain), or one per game (sorted by id). Per stratum, each outcome type's number of matches.
  const strata =
    scheme === 'plain'
      ? [{ types: ix.typeCount.map((_, t) => t), counts: ix.typeCount, size: draws, game: -1, id: '' }]
      : ix.games
          .map((game, g) => ({ types: game.types, counts: game.counts, size: game.size, game: g, id: game.id }))
          .sort((a, b) => compareStrings(a.id, b.id));
  const stratumStart = [0];
  const stratumType: number[] = [];
  const stratumWeight: number[] = [];
  const place = new Int32Array(types).fill(-1);
  for (const s of strata) {
    const from = stratumType.length;
    s.types.forEach((t0, k) => {
      const t = toType(t0);
      if (place[t]! < from) {
        place[t] = stratumType.push(t) - 1;
        stratumWeight.push(0);
      }
      stratumWeight[place[t]!]! += s.counts[k]!;
    });
    stratumStart.push(stratumType.length);
  }
  // The matches' types, stratum by stratum, each in the index's order.
  const stratumMatchStart = [0];
  for (const s of strata) stratumMatchStart.push(stratumMatchStart.at(-1)! + s.size);
  const typeOf = new Int32Array(draws);
  if (scheme === 'plain') for (let k = 0; k < draws; k++) typeOf[k] = toType(ix.typeOf[k]!);
  else {
    const next = new Int32Array(ix.games.length);
    strata.forEach((s, k) => (next[s.game] = stratumMatchStart[k]!));
    for (let k = 0; k < draws; k++) typeOf[next[ix.gameOf[k]!]!++] = toType(ix.typeOf[k]!);
  }

  const matchCounts = new Int32Array(n);
  ix.matchCounts.forEach((c, o) => (matchCounts[rank[o]!] = c));
  const data = {
    agents,
    matchCounts,
    anchor: anchorIndex(agents, opts.anchorAgentId),
    fit: { prior: opts.prior, tolerance: opts.roundTolerance ?? 1e-7, maxIterations: opts.maxIterations },
    estimator,
    seed: String(opts.seed ?? 0),
    scheme,
    draws,
    stratumStart: Int32Array.from(stratumStart),
    stratumType: Int32Array.from(stratumType),
    stratumWeight: Int32Array.from(stratumWeight),
    stratumSize: Int32Array.from(strata, (s) => s.size),
    stratumMatchStart: Int32Array.from(stratumMatchStart),
    typeOf,
    pairI,
    pairJ,
    typeStart: Int32Array.from(typeStart),
    entryPair: Int32Array.from(entries.pair),
    entryWinsI: Float64Array.from(entries.wi),
    entryWinsJ: Float64Array.from(entries.wj),
  };
  // The fit to the expected resample (every match at its expected multiplicity: 1, or under game-weighted
  // draws / (games · matches of its game)): the point estimate, and each round's warm start.
  const pairs = pairI.length;
  const expected: WinMatrix = { n, pairI, pairJ, winsI: new Float64Array(pairs), winsJ: new Float64Array(pairs) };
  strata.forEach((s, k) => {
    const each = scheme === 'plain' ? 1 : draws / (strata.length * s.size);
    const from = stratumStart[k]!;
    for (let q = from; q < stratumStart[k + 1]!; q++) {
      const t = stratumType[q]!;
      const c = each * stratumWeight[q]!;
      for (let e = data.typeStart[t]!; e < data.typeStart[t + 1]!; e++) {
        expected.winsI[data.entryPair[e]!]! += c * data.entryWinsI[e]!;
        expected.winsJ[data.entryPair[e]!]! += c * data.entryWinsJ[e]!;
      }
    }
  });
  // The comparison graph: every pair that met (each comparison weighs more than 0), whichever the estimator.
  const components = connectedComponents(n, pairI, pairJ, () => true);
  const start = fitRound(
    { estimator, fit: { prior: opts.prior, tolerance: opts.tolerance, maxIterations: opts.maxIterations }, components },
    expected,
    undefined,
    opts.checkpoint,
  );
  const point = start.slice();
  anchorBetas(point, data.anchor, components);
  return { ...data, start, point, components };
}

/**
 * One fit of a resample's win matrix, unanchored: the MM fit warm-started from `start`, or GameBench's ILSR (from
 * `start` too: it reaches the same fixed point as from GameBench's equal weights, in fewer steps).
 */
function fitRound(
  data: Pick<BootstrapData, 'fit' | 'estimator' | 'components'>,
  m: WinMatrix,
  start?: Float64Array,
  checkpoint?: () => void,
): Float64Array {
  if (data.estimator === 'gamebench') return fitIlsr(m, { alpha: GAMEBENCH_ALPHA, start, checkpoint }).beta;
  return fitWinMatrix(m, { ...data.fit, checkpoint }, start, data.components).beta;
}

/**
 * Below this many draws per outcome type a stratum is drawn match by match (one uniform each, ~5 ns); above it, type
 * by type (one binomial each, ~50 ns): whichever is cheaper for the data, decided by the data alone (so the same
 * data still gives the same numbers). Both draw the same distribution.
 */
const DRAWS_PER_TYPE_FOR_MULTINOMIAL = 8;

/**
 * Draws one resample: how many times each outcome type was drawn. Plain: `draws` matches, each uniformly; game-weighted
 * (GameBench): `draws` times a game uniformly, then a match of it uniformly, P(match) = 1 / (games · matches of its
 * game). Both in strata (see BootstrapData): first how many draws each stratum gets (a multinomial over the games with
 * equal chances), then its matches, uniformly, one by one or as a multinomial over its outcome types.
 */
function resample(data: BootstrapData, random: SeededRandom, counts: Int32Array, perStratum: Int32Array): void {
  const { draws, stratumStart, stratumType, stratumWeight, stratumSize, stratumMatchStart, typeOf } = data;
  const S = stratumStart.length - 1;
  counts.fill(0);
  perStratum.fill(0);
  if (S === 1) perStratum[0] = draws;
  else equalMultinomialInto(random, draws, S, perStratum);
  for (let g = 0; g < S; g++) {
    const from = stratumStart[g]!;
    const to = stratumStart[g + 1]!;
    const n = perStratum[g]!;
    const size = stratumSize[g]!;
    if (n < DRAWS_PER_TYPE_FOR_MULTINOMIAL * (to - from)) {
      const first = stratumMatchStart[g]!;
      for (let d = 0; d < n; d++) counts[typeOf[first + Math.floor(random.next() * size)]!]!++;
    } else {
      // A stratum's weights sum to its matches: all of them (plain), or its game's.
      multinomialInto(random, n, stratumWeight, stratumType, from, to, size, counts);
    }
  }
}

/** Round r's resample as runRounds draws it: how many times each outcome type was drawn (for tests and checks). */
export function drawResample(data: BootstrapData, r: number): Int32Array {
  const S = data.stratumStart.length - 1;
  const counts = new Int32Array(data.typeStart.length - 1);
  resample(data, new SeededRandom(`${data.seed}:${r}`), counts, new Int32Array(S));
  return counts;
}

/** Fills the win matrix from multiplicities per outcome type. */
function accumulate(data: BootstrapData, counts: Int32Array, m: WinMatrix): void {
  m.winsI.fill(0);
  m.winsJ.fill(0);
  for (let t = 0; t < counts.length; t++) {
    const c = counts[t]!;
    if (c === 0) continue;
    for (let e = data.typeStart[t]!; e < data.typeStart[t + 1]!; e++) {
      const p = data.entryPair[e]!;
      m.winsI[p]! += c * data.entryWinsI[e]!;
      m.winsJ[p]! += c * data.entryWinsJ[e]!;
    }
  }
}

/**
 * Runs rounds from .. to − 1 and returns their anchored β, round-major (to − from rows of agents.length).
 * Round r depends only on (data, r): its random stream is (seed, r) and it warm-starts from data.start. `checkpoint`
 * is called before each round and within long fits (BradleyTerryOptions.checkpoint): it throws to stop them.
 */
export function runRounds(data: BootstrapData, from: number, to: number, checkpoint?: () => void): Float64Array {
  const n = data.agents.length;
  const pairs = data.pairI.length;
  const out = new Float64Array((to - from) * n);
  const counts = new Int32Array(data.typeStart.length - 1);
  const S = data.stratumStart.length - 1;
  const perStratum = new Int32Array(S);
  const m: WinMatrix = {
    n,
    pairI: data.pairI,
    pairJ: data.pairJ,
    winsI: new Float64Array(pairs),
    winsJ: new Float64Array(pairs),
  };
  for (let r = from; r < to; r++) {
    checkpoint?.();
    resample(data, new SeededRandom(`${data.seed}:${r}`), counts, perStratum);
    accumulate(data, counts, m);
    const beta = fitRound(data, m, data.start, checkpoint);
    anchorBetas(beta, data.anchor, data.components);
    out.set(beta, (r - from) * n);
  }
  return out;
}

/** Point estimate, bootstrap mean, median and percentile intervals of one quantity (median and intervals null when the agent is lowData). */
export interface Summary {
  /** Point estimate (fit on the data, not on a resample). */
  point: number;
  /**
   * Mean over the resamples' fits: GameBench's rating (Eq. 3, θ̂_k = (1/B) Σ_b θ_{b,k}, with B = `rounds`). Given for every
   * agent, lowData or not (Eq. 3 excludes no one); null only without rounds. Anchoring and the Elo scale are affine, so
   * the rating's mean is the mean of the resamples' ratings exactly.
   */
  mean: number | null;
  /** Median over the resamples. */
  median: number | null;
  /** 5th–95th percentile. */
  ci90: Interval | null;
  /** 2.5th–97.5th percentile. */
  ci95: Interval | null;
}

/** Bootstrap result for one agent. */
export interface AgentBootstrap {
  /** Agent id. */
  agentId: string;
  /** Rated matches played. */
  matches: number;
  /** Fewer than minMatches rated matches: intervals and median are null (the mean is still given). */
  lowData: boolean;
  /**
   * Connected component of the comparison graph the agent is in (0 = the largest; always 0 when the graph is
   * connected, see BootstrapResult.groups). β and intervals compare only with agents of the same group.
   */
  group: number;
  /** Log-strength β. */
  beta: Summary;
  /** Elo-scale rating (ELO_PER_BETA·β + offset). */
  rating: Summary;
}

/** Bootstrap result. */
export interface BootstrapResult {
  /** Resampling scheme used. */
  scheme: BootstrapScheme;
  /** Number of resamples. */
  rounds: number;
  /**
   * Number of groups: connected components of the comparison graph, agents that never played each other, directly
   * or through others (1 when connected; 0 without agents). Each group is fitted and placed on the scale on its own.
   */
  groups: number;
  /** Per agent, in agent-id order. */
  agents: AgentBootstrap[];
}

/** Quantile of sorted values by linear interpolation (numpy's default). */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Summarises round-major samples (rounds × agents.length) into per-agent means, medians and intervals. */
export function summarise(data: BootstrapData, samples: Float64Array, opts: BootstrapOptions = {}): BootstrapResult {
  const n = data.agents.length;
  const rounds = n === 0 ? 0 : samples.length / n;
  const minMatches = opts.minMatches ?? 5;
  const column = new Float64Array(rounds);
  const agents = data.agents.map((agentId, k): AgentBootstrap => {
    const matches = data.matchCounts[k]!;
    const lowData = matches < minMatches;
    const point = data.point[k]!;
    let mean: number | null = null;
    if (rounds > 0) {
      // Eq. 3 of GameBench: the plain average of the B fits (summed in round order, so it is reproducible).
      let sum = 0;
      for (let r = 0; r < rounds; r++) sum += samples[r * n + k]!;
      mean = sum / rounds;
    }
    let beta: Summary = { point, mean, median: null, ci90: null, ci95: null };
    if (!lowData && rounds > 0) {
      for (let r = 0; r < rounds; r++) column[r] = samples[r * n + k]!;
      column.sort();
      const q = (p: number) => quantile(column, p);
      beta = {
        point,
        mean,
        median: q(0.5),
        ci90: { lower: q(0.05), upper: q(0.95) },
        ci95: { lower: q(0.025), upper: q(0.975) },
      };
    }
    const elo = (x: number) => toEloScale(x, opts.offset);
    const rating: Summary = {
      point: elo(beta.point),
      mean: beta.mean === null ? null : elo(beta.mean),
      median: beta.median === null ? null : elo(beta.median),
      ci90: beta.ci90 && { lower: elo(beta.ci90.lower), upper: elo(beta.ci90.upper) },
      ci95: beta.ci95 && { lower: elo(beta.ci95.lower), upper: elo(beta.ci95.upper) },
    };
    return { agentId, matches, lowData, group: data.components.of[k]!, beta, rating };
  });
  return { scheme: data.scheme, rounds, groups: data.components.count, agents };
}

/** The bootstrap: `rounds` resamples of the rated matches, each refitted by Bradley-Terry. */
export function bootstrap(matches: readonly RatedMatch[], opts: BootstrapOptions = {}): BootstrapResult {
  const data = prepareBootstrap(matches, opts);
  return summarise(data, runRounds(data, 0, opts.rounds ?? 1000), opts);
}
