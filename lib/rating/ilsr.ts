// GameBench's estimator: choix's iterative Luce spectral ranking (`ilsr_pairwise`) as GameBench's rating.py modifies
// it — fractional scores count as fractional wins, exact ties are dropped, and a regularisation α (GameBench: 0.001)
// adds a rate α between every two agents. The arena's own Bradley-Terry is the MM fit in bradley-terry.ts; this one is
// here so that GameBench-format results show the numbers GameBench's own code gives.
//
// One LSR step, with weights w (Σw = n): a continuous-time Markov chain whose rate from i to j is
//   q_ij = α + Σ_{matches of i and j} score_j / (w_i + w_j),
// and the new weights are its stationary distribution π (π Q = 0, Σπ = n). ILSR repeats the step until the centred
// log-weights settle (spectralIlsr, as choix runs it). Its fixed point solves, for every i, the balance
//   Σ_j w_i·q_ij(w) = Σ_j w_j·q_ji(w),
// which is Bradley-Terry's likelihood equation when α = 0; fitIlsr reaches the same fixed point by a cheaper
// iteration (tested against the spectral steps, an independent solve and GameBench's own numbers in ilsr.test.ts).
import type { IndexedMatches } from './comparisons';
import { MM_ITERATIONS_BEFORE_NEWTON, type WinMatrix } from './bradley-terry';
import { gammaPrior, NEWTON_STEPS, newtonFit } from './newton';

/** Options of GameBench's fit (its defaults: alpha 0.001 as rating.py calls it; choix's max_iter 100, tol 1e-8). */
export interface IlsrOptions {
  alpha?: number;
  /** Log-strengths to start from (default: all equal, as GameBench starts); the fixed point does not depend on it. */
  start?: ArrayLike<number>;
  maxIterations?: number;
  tolerance?: number;
  /** Called between iterations: throws to stop the fit (BradleyTerryOptions.checkpoint). */
  checkpoint?: () => void;
}

/** GameBench's α in rating.py (`ilsr_pairwise(..., alpha=0.001)`). */
export const GAMEBENCH_ALPHA = 0.001;

/**
 * The stationary distribution of the generator `q` (n×n, row-major, rows summing to 0), scaled to Σπ = n: solves
 * Qᵀπ = 0 with its last equation replaced by Σπ = n, by Gaussian elimination with partial pivoting. Throws when the
 * chain has no unique stationary distribution (agents in two groups that never met, with α = 0).
 */
export function stationary(q: Float64Array, n: number): Float64Array {
  // a = Qᵀ with the last row all ones; b = (0, …, 0, n).
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) a[i * n + j] = q[j * n + i]!;
  for (let j = 0; j < n; j++) a[(n - 1) * n + j] = 1;
  const b = new Float64Array(n);
  b[n - 1] = n;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r * n + col]!) > Math.abs(a[pivot * n + col]!)) pivot = r;
    const p = a[pivot * n + col]!;
    if (!(Math.abs(p) > 1e-300))
      throw new Error(
        'GameBench ILSR: the comparisons do not connect every agent (no unique stationary distribution); use alpha > 0',
      );
    if (pivot !== col) {
      for (let j = 0; j < n; j++) [a[col * n + j], a[pivot * n + j]] = [a[pivot * n + j]!, a[col * n + j]!];
      [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    }
    for (let r = col + 1; r < n; r++) {
      const f = a[r * n + col]! / p;
      if (f === 0) continue;
      for (let j = col; j < n; j++) a[r * n + j]! -= f * a[col * n + j]!;
      b[r]! -= f * b[col]!;
    }
  }
  const pi = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let j = r + 1; j < n; j++) s -= a[r * n + j]! * pi[j]!;
    pi[r] = s / a[r * n + r]!;
  }
  return pi;
}

/** Centred logs (choix's log_transform). */
function centredLog(w: Float64Array): Float64Array {
  const beta = w.map(Math.log);
  const mean = beta.reduce((s, v) => s + v, 0) / beta.length;
  return beta.map((v) => v - mean);
}

/** Weights from log-strengths, scaled to sum n (choix's exp_transform). */
function weightsOf(beta: Float64Array): Float64Array<ArrayBuffer> {
  const mean = beta.reduce((s, v) => s + v, 0) / beta.length;
  const e = beta.map((v) => Math.exp(v - mean));
  const sum = e.reduce((s, v) => s + v, 0);
  return e.map((v) => (v * beta.length) / sum);
}

/** One LSR step from weights `w` (Σw = n): the stationary distribution of the chain above. */
export function lsrStep(m: WinMatrix, alpha: number, w: Float64Array): Float64Array {
  const { n, pairI, pairJ, winsI, winsJ } = m;
  const q = new Float64Array(n * n).fill(alpha);
  for (let p = 0; p < pairI.length; p++) {
    const i = pairI[p]!;
    const j = pairJ[p]!;
    const d = w[i]! + w[j]!;
    q[i * n + j]! += winsJ[p]! / d; // i → j at the rate of j's score
    q[j * n + i]! += winsI[p]! / d;
  }
  for (let i = 0; i < n; i++) {
    let row = 0;
    for (let j = 0; j < n; j++) if (j !== i) row += q[i * n + j]!;
    q[i * n + i] = -row;
  }
  const pi = stationary(q, n);
  for (let k = 0; k < n; k++) {
    if (!(pi[k]! > 0 && pi[k]! < Infinity)) {
      throw new Error(
        `GameBench ILSR: agent #${k}'s weight went to ${pi[k]} (an agent without a win or without a loss needs alpha > 0)`,
      );
    }
  }
  return pi;
}

/**
 * GameBench's fit of a win matrix: centred log-strengths β (mean 0). The result is ILSR's fixed point; it is not
 * reached by ILSR's spectral steps (each a dense n×n solve: 50 s per 1,000 bootstrap rounds at 200 agents) but by
 * the same balance equations rearranged. With S_i the wins of i, N_ij the comparisons of i and j and Σw = n, the
 * balance Σ_j w_i·q_ij = Σ_j w_j·q_ji reads
 *   w_i = (S_i + α·n) / (α·n + Σ_j N_ij / (w_i + w_j)),
 * an MM-style update (cost: the pairs, per step) iterated from `start` (default: equal weights) and rescaled to
 * Σw = n, until no weight changes by a factor further from 1 than `tolerance`. ilsr.test.ts checks it against
 * choix's spectral iteration (lsrStep, and a numpy restatement of GameBench's rating.py on its own results).
 * That fixed point is the maximum of Bradley-Terry's likelihood with α·n·(β − e^β) per agent (newton.ts, gammaPrior:
 * the balance above is that maximum's equation, and Σw = n holds there), a strictly concave function of β when α > 0;
 * where the iteration crawls (nearly separated data: not converged in MM_ITERATIONS_BEFORE_NEWTON steps), Newton's
 * method goes on from where it stopped to the same point.
 */
export function fitIlsr(m: WinMatrix, opts: IlsrOptions = {}): { beta: Float64Array; iterations: number } {
  const alpha = opts.alpha ?? GAMEBENCH_ALPHA;
  const maxIterations = opts.maxIterations ?? 100_000;
  const tolerance = opts.tolerance ?? 1e-12;
  if (!(alpha >= 0 && Number.isFinite(alpha)))
    throw new Error(`GameBench ILSR: alpha must be a number ≥ 0, not ${alpha}`);
  const { n, pairI, pairJ, winsI, winsJ } = m;
  if (n === 0) return { beta: new Float64Array(0), iterations: 0 };
  if (alpha === 0) {
    // Without α the chain must connect everyone, both ways: every agent needs a win and a loss.
    const won = new Float64Array(n);
    const lost = new Float64Array(n);
    for (let p = 0; p < pairI.length; p++) {
      won[pairI[p]!]! += winsI[p]!;
      lost[pairJ[p]!]! += winsI[p]!;
      won[pairJ[p]!]! += winsJ[p]!;
      lost[pairI[p]!]! += winsJ[p]!;
    }
    for (let k = 0; k < n; k++)
      if (!(won[k]! > 0 && lost[k]! > 0))
        throw new Error(`GameBench ILSR: with alpha 0, agent #${k} needs a win and a loss (use alpha > 0)`);
  }
  const wins = new Float64Array(n);
  for (let p = 0; p < pairI.length; p++) {
    wins[pairI[p]!]! += winsI[p]!;
    wins[pairJ[p]!]! += winsJ[p]!;
  }
  const w: Float64Array = opts.start ? weightsOf(Float64Array.from(opts.start)) : new Float64Array(n).fill(1);
  const denom = new Float64Array(n);
  const next = new Float64Array(n);
  const before = alpha > 0 ? Math.min(maxIterations, MM_ITERATIONS_BEFORE_NEWTON) : maxIterations;
  let iteration = 1;
  ilsr: for (; iteration <= before; iteration++) {
    if (iteration % 64 === 0) opts.checkpoint?.();
    denom.fill(alpha * n);
    for (let p = 0; p < pairI.length; p++) {
      const i = pairI[p]!;
      const j = pairJ[p]!;
      const t = (winsI[p]! + winsJ[p]!) / (w[i]! + w[j]!);
      denom[i]! += t;
      denom[j]! += t;
    }
    let sum = 0;
    for (let k = 0; k < n; k++) sum += next[k] = (wins[k]! + alpha * n) / denom[k]!;
    let change = 0;
    for (let k = 0; k < n; k++) {
      const v = (next[k]! * n) / sum;
      if (!(v > 0 && v < Infinity)) {
        if (alpha > 0) break ilsr; // beyond the range of doubles: Newton goes on in β from the weights so far
        throw new Error(`GameBench ILSR: agent #${k}'s weight went to ${v}`);
      }
      change = Math.max(change, Math.abs(v / w[k]! - 1));
      w[k] = v;
    }
    if (change < tolerance) return { beta: centredLog(w), iterations: iteration };
  }
  const used = Math.min(iteration, before);
  if (alpha > 0 && used < maxIterations) {
    const fit = newtonFit(m, gammaPrior(alpha * n), w.map(Math.log), {
      tolerance,
      maxIterations: Math.min(NEWTON_STEPS, maxIterations - used),
      checkpoint: opts.checkpoint,
    });
    const mean = fit.beta.reduce((s, v) => s + v, 0) / n;
    return { beta: fit.beta.map((v) => v - mean), iterations: used + fit.iterations };
  }
  throw new Error(`GameBench ILSR did not converge in ${maxIterations} iterations`);
}

/**
 * choix's ILSR as GameBench runs it (`ilsr_pairwise`: spectral steps from equal weights until the centred
 * log-weights move less than `tolerance`, L1, max 100 steps): the reference fitIlsr is tested against.
 */
export function spectralIlsr(m: WinMatrix, opts: IlsrOptions = {}): Float64Array {
  const alpha = opts.alpha ?? GAMEBENCH_ALPHA;
  const maxIterations = opts.maxIterations ?? 100;
  const tolerance = opts.tolerance ?? 1e-8;
  let w: Float64Array = new Float64Array(m.n).fill(1);
  let prev: Float64Array | null = null;
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    const beta = centredLog(lsrStep(m, alpha, w));
    if (prev && beta.reduce((d, b, k) => d + Math.abs(b - prev![k]!), 0) <= tolerance) return beta;
    prev = beta;
    w = weightsOf(beta);
  }
  throw new Error(`GameBench ILSR did not converge in ${maxIterations} iterations`);
}

/**
 * The win matrix GameBench fits, from indexed matches: each match's comparisons as fractional wins, except that a
 * comparison whose two sides scored the same (an exact tie) is dropped, as rating.py's get_params skips
 * `match[a] == match[b]`. `multiplicity[k]` counts match k that many times (a bootstrap resample).
 */
export function gamebenchWinMatrix(x: IndexedMatches, multiplicity?: ArrayLike<number>): WinMatrix {
  const m: WinMatrix = {
    n: x.agents.length,
    pairI: x.pairI,
    pairJ: x.pairJ,
    winsI: new Float64Array(x.pairI.length),
    winsJ: new Float64Array(x.pairI.length),
  };
  for (let k = 0; k < x.matches.length; k++) {
    const c = multiplicity ? multiplicity[k]! : 1;
    if (c === 0) continue;
    for (let e = x.matchStart[k]!; e < x.matchStart[k + 1]!; e++) {
      const wi = x.entryWinsI[e]!;
      const wj = x.entryWinsJ[e]!;
      if (wi === wj) continue;
      m.winsI[x.entryPair[e]!]! += c * wi;
      m.winsJ[x.entryPair[e]!]! += c * wj;
    }
  }
  return m;
}
