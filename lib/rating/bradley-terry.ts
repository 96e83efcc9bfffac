// Bradley-Terry log-strengths by the MM algorithm (Hunter 2004), with a small prior so every strength stays finite.
import { indexMatches, type IndexedMatches } from './comparisons';
import { componentMembers, componentWinMatrix, winMatrixComponents, type Components } from './components';
import { NEWTON_STEPS, newtonFit, virtualDrawPrior } from './newton';
import type { PairwiseComparison, RatedMatch } from './types';

/** Options of the MM fit. */
export interface BradleyTerryOptions {
  /**
   * Prior strength: every agent plays this many virtual games, all drawn, against a virtual opponent fixed at β = 0
   * (default 1, i.e. one 0.5–0.5 comparison). The virtual opponent ends up at the centre of the field, so the prior
   * pulls each β gently towards the average and keeps undefeated or winless agents finite.
   * 0 = plain maximum likelihood (every agent then needs a win and a loss in a connected comparison graph).
   */
  prior?: number;
  /** Converged when no strength e^β changes by a factor further from 1 than this in one iteration, ≈ no β moves by more (default 1e-10). */
  tolerance?: number;
  /** Throw if not converged after this many iterations, MM's and Newton's together (default 10,000). */
  maxIterations?: number;
  /**
   * Called between iterations of a long fit (and between the bootstrap's rounds): throws to stop the computation (a
   * deadline passed, nobody waits for it any more; server/leaderboard/compute-worker.ts). Never sent to a thread.
   */
  checkpoint?: () => void;
}

/**
 * MM iterations before a fit that has not converged goes on by Newton's method (newton.ts): MM's steps shrink with the
 * gaps between agents, so on nearly separated data (agents winning, or losing, almost all their games) it crawls and
 * never reaches its tolerance, where Newton takes a few dozen steps. Data MM fits in fewer iterations is fitted by MM
 * alone, as before.
 */
export const MM_ITERATIONS_BEFORE_NEWTON = 500;

/** Pairwise win totals over a list of agent pairs, as typed arrays (what the MM iterations run on). */
export interface WinMatrix {
  /** Number of agents. */
  n: number;
  /** First agent of each pair. */
  pairI: Int32Array;
  /** Second agent of each pair. */
  pairJ: Int32Array;
  /** Wins of pairI[p] over pairJ[p]. */
  winsI: Float64Array;
  /** Wins of pairJ[p] over pairI[p]. */
  winsJ: Float64Array;
}

/** Elo points per unit of β: an Elo-like rating is ELO_PER_BETA·β + offset (400·log10 e ≈ 173.7). */
export const ELO_PER_BETA = 400 * Math.LOG10E;

/** The Elo-like rating of a log-strength β (a 400-point gap = 10:1 odds). */
export function toEloScale(beta: number, offset = 1000): number {
  return ELO_PER_BETA * beta + offset;
}

/** Bradley-Terry probability that an agent with log-strength bi beats one with bj. */
export function winProbability(bi: number, bj: number): number {
  return 1 / (1 + Math.exp(bj - bi));
}

/** Packs comparisons into a win matrix over n agents. */
export function winMatrix(n: number, comparisons: readonly PairwiseComparison[]): WinMatrix {
  const m: WinMatrix = {
    n,
    pairI: new Int32Array(comparisons.length),
    pairJ: new Int32Array(comparisons.length),
    winsI: new Float64Array(comparisons.length),
    winsJ: new Float64Array(comparisons.length),
  };
  comparisons.forEach((c, p) => {
    if (c.i === c.j || c.i < 0 || c.j < 0 || c.i >= n || c.j >= n)
      throw new Error(`bad comparison between agents ${c.i} and ${c.j} (of ${n})`);
    if (!(Number.isFinite(c.wi) && c.wi >= 0 && Number.isFinite(c.wj) && c.wj >= 0)) {
      throw new Error(
        `bad comparison between agents ${c.i} and ${c.j}: wins ${c.wi} and ${c.wj} must be finite and not negative`,
      );
    }
    m.pairI[p] = c.i;
    m.pairJ[p] = c.j;
    m.winsI[p] = c.wi;
    m.winsJ[p] = c.wj;
  });
  return m;
}

/**
 * The common factor x = e^c that maximises the objective along π·x. The real comparisons do not depend on it, so
 * without a prior any x will do (we keep Σπ = n); with a prior only the virtual games do, and their optimum solves
 * Σ_k π_k·x / (1 + π_k·x) = n/2 (Newton's method in c, steps capped at 1; the left side increases with c).
 */
function bestScale(pi: Float64Array, prior: number): number {
  const n = pi.length;
  if (prior === 0) return n / pi.reduce((s, p) => s + p, 0);
  let c = 0;
  let x = 1;
  for (let step = 0; step < 100; step++) {
    let g = -n / 2;
    let slope = 0;
    for (let k = 0; k < n; k++) {
      const q = (pi[k]! * x) / (1 + pi[k]! * x);
      g += q;
      slope += q * (1 - q);
    }
    const delta = Math.max(-1, Math.min(1, g / slope));
    c -= delta;
    x = Math.exp(c);
    if (Math.abs(delta) < 1e-13) return x;
  }
  throw new Error('Bradley-Terry: the scale of the prior did not converge');
}

/**
 * Fits log-strengths β to a win matrix, each connected component of its comparison graph (components.ts) on its
 * own: agents that never met, directly or through others, are not put on one scale by the prior's weak pull (which
 * took ~8,800 MM iterations instead of ~120 on two groups of 100 agents, and placed the groups by the prior, not by
 * any game). A connected graph is fitted exactly as before (fitConnected on the whole matrix).
 *
 * Each component is fitted as if it were the whole graph, so it is placed on the scale by the prior as a connected
 * graph is: its virtual opponent sits at the centre of that component's own field (without a prior, the component
 * is centred, mean β = 0). The β of different components are therefore NOT comparable: they share a scale only in
 * name, and nothing should compare or rank them across components (compute-leaderboard.ts ranks within a group).
 * `iterations` is that of the slowest component. `components` may pass the components already computed (the
 * bootstrap computes them once for every round); default: those of `m` (winMatrixComponents).
 * Throws if a strength goes to 0 or infinity, or if the iterations do not converge.
 */
export function fitWinMatrix(
  m: WinMatrix,
  opts: BradleyTerryOptions = {},
  start?: ArrayLike<number>,
  components?: Components,
): { beta: Float64Array; iterations: number } {
  const comps = components ?? winMatrixComponents(m);
  if (comps.n !== m.n)
    throw new Error(`Bradley-Terry: components of ${comps.n} agents given for a win matrix of ${m.n}`);
  if (comps.count <= 1) return fitConnected(m, opts, start);
  const beta = new Float64Array(m.n);
  let iterations = 0;
  for (let c = 0; c < comps.count; c++) {
    const members = componentMembers(comps, c);
    const fit = fitConnected(
      componentWinMatrix(m, comps, c),
      opts,
      start && Float64Array.from(members, (k) => start[k]!),
      members,
    );
    members.forEach((k, l) => (beta[k] = fit.beta[l]!));
    iterations = Math.max(iterations, fit.iterations);
  }
  return { beta, iterations };
}

/**
 * Fits log-strengths β to a win matrix by MM: π_k ← (W_k + prior/2) / (Σ_j n_kj/(π_k + π_j) + prior/(π_k + 1)),
 * with π = e^β, W_k the wins of k, n_kj the comparisons between k and j; the prior terms are the virtual games
 * against the opponent at π = 1. Each MM step is followed by the exact best common scaling of all π (see bestScale):
 * the data alone leave the scale free, so plain MM would creep along it at the pace of the weak prior.
 * Without a prior the result is centred (mean β = 0). `start` warm-starts the iterations.
 * With a prior, a fit MM has not finished in MM_ITERATIONS_BEFORE_NEWTON iterations (or whose strengths leave the
 * range of doubles: e^β overflows beyond β ≈ 709, which a strictly ordered league of a few hundred agents reaches)
 * goes on by Newton's method on β from where MM stopped: the same maximum (the prior makes it unique), reached.
 * Throws if a strength goes to 0 or infinity without a prior, or if the iterations do not converge.
 */
function fitConnected(
  m: WinMatrix,
  opts: BradleyTerryOptions,
  start?: ArrayLike<number>,
  ids?: ArrayLike<number>,
): { beta: Float64Array; iterations: number } {
  const prior = opts.prior ?? 1;
  const tolerance = opts.tolerance ?? 1e-10;
  const maxIterations = opts.maxIterations ?? 10_000;
  const { n, pairI, pairJ, winsI, winsJ } = m;
  if (n === 0) return { beta: new Float64Array(0), iterations: 0 };
  const wins = new Float64Array(n);
  for (let p = 0; p < pairI.length; p++) {
    wins[pairI[p]!]! += winsI[p]!;
    wins[pairJ[p]!]! += winsJ[p]!;
  }
  const pi = new Float64Array(n);
  for (let k = 0; k < n; k++) pi[k] = Math.exp(start ? start[k]! : 0);
  const denom = new Float64Array(n);
  const next = new Float64Array(n);
  let change = Infinity;
  const mmIterations = prior > 0 ? Math.min(maxIterations, MM_ITERATIONS_BEFORE_NEWTON) : maxIterations;
  let iteration = 1;
  mm: for (; iteration <= mmIterations; iteration++) {
    if (iteration % 64 === 0) opts.checkpoint?.();
    denom.fill(0);
    for (let p = 0; p < pairI.length; p++) {
      const i = pairI[p]!;
      const j = pairJ[p]!;
      const t = (winsI[p]! + winsJ[p]!) / (pi[i]! + pi[j]!);
      denom[i]! += t;
      denom[j]! += t;
    }
    for (let k = 0; k < n; k++) {
      next[k] = (wins[k]! + prior / 2) / (denom[k]! + prior / (pi[k]! + 1));
      if (!(next[k]! > 0 && next[k]! < Infinity)) {
        if (prior > 0) break mm; // out of the range of doubles: Newton goes on in β from the last strengths
        throw new Error(
          `Bradley-Terry diverged: agent #${ids ? ids[k] : k}'s strength went to ${next[k]}; with prior 0 every agent needs a win and a loss in a connected comparison graph`,
        );
      }
    }
    const scale = bestScale(next, prior);
    change = 0;
    for (let k = 0; k < n; k++) {
      const strength = next[k]! * scale;
      change = Math.max(change, Math.abs(strength / pi[k]! - 1));
      pi[k] = strength;
    }
    if (change < tolerance) {
      const beta = pi.map(Math.log);
      if (prior === 0) anchorBetas(beta);
      return { beta, iterations: iteration };
    }
  }
  const used = Math.min(iteration, mmIterations);
  if (prior > 0 && used < maxIterations) {
    const beta = pi.map(Math.log);
    if (!beta.every(Number.isFinite)) beta.fill(0);
    const fit = newtonFit(m, virtualDrawPrior(prior), beta, {
      tolerance,
      maxIterations: Math.min(NEWTON_STEPS, maxIterations - used),
      checkpoint: opts.checkpoint,
    });
    return { beta: fit.beta, iterations: used + fit.iterations };
  }
  throw new Error(
    `Bradley-Terry did not converge in ${maxIterations} iterations (last change ${change} > tolerance ${tolerance})`,
  );
}

/**
 * Shifts β in place so the anchor agent sits at 0, or, without an anchor, so the mean is 0. Given the `components`
 * of a graph with more than one, each component is shifted on its own: the anchor's component so the anchor sits at
 * 0, every other one (and all of them without an anchor) so its mean is 0. β of different components are not
 * comparable (see fitWinMatrix); this only places each one where a connected graph would be placed.
 */
export function anchorBetas(beta: Float64Array | number[], anchor?: number, components?: Components): void {
  if (components && components.count > 1) {
    if (components.n !== beta.length)
      throw new Error(`anchorBetas: components of ${components.n} agents given for ${beta.length} strengths`);
    for (let c = 0; c < components.count; c++) {
      const members = componentMembers(components, c);
      let shift = 0;
      if (anchor !== undefined && components.of[anchor] === c) shift = beta[anchor]!;
      else for (const k of members) shift += beta[k]! / members.length;
      for (const k of members) beta[k]! -= shift;
    }
    return;
  }
  let shift = 0;
  if (anchor === undefined) {
    for (const b of beta) shift += b / beta.length;
  } else {
    shift = beta[anchor]!;
  }
  for (let k = 0; k < beta.length; k++) beta[k]! -= shift;
}

/** Options of a Bradley-Terry fit on matches. */
export interface BradleyTerryFitOptions extends BradleyTerryOptions {
  /**
   * Agent whose β is fixed at 0 (its Elo-scale rating at `offset`); default: the mean β is 0. On a disconnected
   * comparison graph it anchors its own component only; every other component is centred (mean β = 0).
   */
  anchorAgentId?: string;
  /** Elo-scale rating of β = 0 (default 1000). */
  offset?: number;
}

/** Bradley-Terry fit on matches; arrays are parallel to `agents`. */
export interface BradleyTerryFit {
  /** Agent ids (sorted). */
  agents: string[];
  /** Log-strength per agent, anchored. */
  beta: number[];
  /** Elo-scale rating per agent: ELO_PER_BETA·β + offset. */
  rating: number[];
  /** MM iterations used (of the slowest component). */
  iterations: number;
  /**
   * Connected component of the comparison graph of each agent (components.ts: 0 = the largest; all 0 when connected).
   * β of agents in different components are not comparable: each component is fitted and placed on the scale on its
   * own (the anchor's component by the anchor, every other one centred at mean β = 0).
   */
  group: number[];
  /** Number of components (1 when every agent met every other, directly or through others; 0 without agents). */
  groups: number;
}

/** Index of the anchor agent in `agents` (undefined = centre); throws if the anchor is not rated. */
export function anchorIndex(agents: readonly string[], anchorAgentId?: string): number | undefined {
  if (anchorAgentId === undefined) return undefined;
  const k = agents.indexOf(anchorAgentId);
  if (k < 0) throw new Error(`anchor agent ${anchorAgentId} has no rated matches`);
  return k;
}

/** The win matrix of indexed matches, each match counted `multiplicity[k]` times (default once). */
export function indexedWinMatrix(x: IndexedMatches, multiplicity?: ArrayLike<number>): WinMatrix {
  const m: WinMatrix = {
    n: x.agents.length,
    pairI: x.pairI,
    pairJ: x.pairJ,
    winsI: new Float64Array(x.pairI.length),
    winsJ: new Float64Array(x.pairI.length),
  };
  for (let k = 0; k < x.matches.length; k++) {
    const c = multiplicity ? multiplicity[k]! : 1;
    for (let e = x.matchStart[k]!; e < x.matchStart[k + 1]!; e++) {
      m.winsI[x.entryPair[e]!]! += c * x.entryWinsI[e]!;
      m.winsJ[x.entryPair[e]!]! += c * x.entryWinsJ[e]!;
    }
  }
  return m;
}

/** Fits Bradley-Terry to the rated (non-cooperative) matches; see comparisons.ts for how a match becomes comparisons. */
export function bradleyTerry(matches: readonly RatedMatch[], opts: BradleyTerryFitOptions = {}): BradleyTerryFit {
  const x = indexMatches(matches);
  const anchor = anchorIndex(x.agents, opts.anchorAgentId);
  const m = indexedWinMatrix(x);
  const components = winMatrixComponents(m);
  const { beta, iterations } = fitWinMatrix(m, opts, undefined, components);
  anchorBetas(beta, anchor, components);
  const b = [...beta];
  return {
    agents: x.agents,
    beta: b,
    rating: b.map((v) => toEloScale(v, opts.offset)),
    iterations,
    group: [...components.of],
    groups: components.count,
  };
}
