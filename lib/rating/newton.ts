// Newton's method for the Bradley-Terry fits where their MM-style iterations crawl: nearly separated data (agents that
// win, or lose, almost every game against others), where MM's steps shrink with the gaps and never reach its tolerance
// (a strictly ordered league of 50 agents and 200,000 matches: not converged after 200,000 MM iterations). Both fits
// maximise a strictly concave objective in β,
//   F(β) = Σ_pairs [wi·log σ(βi − βj) + wj·log σ(βj − βi)] + Σ_k g(βk),
// where g is the fit's prior (bradley-terry.ts: a virtual draw against β = 0; ilsr.ts: GameBench's α as a Gamma prior
// on e^β), so Newton's steps from anywhere, damped by a backtracking line search, reach the one maximum in a few dozen
// steps. Each step solves H·s = ∇F with H = −∇²F (a weighted graph Laplacian plus the prior's diagonal) by conjugate
// gradients preconditioned by H's diagonal: O(pairs) per CG iteration, no n×n matrix, so any number of agents fits.
import type { WinMatrix } from './bradley-terry';

/** A separable prior Σ_k g(β_k): its value, first and second derivative (g″ < 0 everywhere: strictly concave). */
export interface NewtonPrior {
  g(beta: number): number;
  d1(beta: number): number;
  d2(beta: number): number;
}

/** log σ(x), without overflow or cancellation at either end. */
export function logSigmoid(x: number): number {
  return x >= 0 ? -Math.log1p(Math.exp(-x)) : x - Math.log1p(Math.exp(x));
}

/** σ(x) = 1 / (1 + e^−x), without overflow. */
export function sigmoid(x: number): number {
  if (x >= 0) return 1 / (1 + Math.exp(-x));
  const e = Math.exp(x);
  return e / (1 + e);
}

/** The arena's MM prior: `prior` virtual games, all drawn, against an opponent at β = 0 (bradley-terry.ts). */
export function virtualDrawPrior(prior: number): NewtonPrior {
  return {
    g: (b) => prior * 0.5 * (logSigmoid(b) + logSigmoid(-b)),
    d1: (b) => prior * (0.5 - sigmoid(b)),
    d2: (b) => {
      const s = sigmoid(b);
      return -prior * s * (1 - s);
    },
  };
}

/**
 * GameBench's ILSR with regularisation α over n agents (ilsr.ts): its fixed point is the maximum of the likelihood
 * with c·(β − e^β) per agent, c = α·n (a Gamma(c + 1, c) prior on the weight e^β).
 */
export function gammaPrior(c: number): NewtonPrior {
  return { g: (b) => c * (b - Math.exp(b)), d1: (b) => c * (1 - Math.exp(b)), d2: (b) => -c * Math.exp(b) };
}

/** The longest step (in β, any one agent) Newton takes at once. */
const MAX_STEP = 10;
/** Below this, a Newton step that is not half the one before means rounding has taken over (see newtonFit). */
const STALL_STEP = 1e-6;

/** F(β), −Infinity where it is not finite (a step too far). */
function objective(m: WinMatrix, prior: NewtonPrior, beta: Float64Array): number {
  let f = 0;
  for (let p = 0; p < m.pairI.length; p++) {
    const d = beta[m.pairI[p]!]! - beta[m.pairJ[p]!]!;
    if (m.winsI[p]! > 0) f += m.winsI[p]! * logSigmoid(d);
    if (m.winsJ[p]! > 0) f += m.winsJ[p]! * logSigmoid(-d);
  }
  for (let k = 0; k < beta.length; k++) f += prior.g(beta[k]!);
  return Number.isFinite(f) ? f : -Infinity;
}

/** φ′ = ∇F(β)·s: how F changes along s at β. */
function directional(m: WinMatrix, prior: NewtonPrior, beta: Float64Array, s: Float64Array): number {
  let d = 0;
  for (let p = 0; p < m.pairI.length; p++) {
    const i = m.pairI[p]!;
    const j = m.pairJ[p]!;
    d += (m.winsI[p]! - (m.winsI[p]! + m.winsJ[p]!) * sigmoid(beta[i]! - beta[j]!)) * (s[i]! - s[j]!);
  }
  for (let k = 0; k < beta.length; k++) d += prior.d1(beta[k]!) * s[k]!;
  return d;
}

export interface NewtonOptions {
  /** Converged when a full Newton step moves no β by more than this (default 1e-10, MM's tolerance). */
  tolerance?: number;
  /** Newton steps at most (default NEWTON_STEPS). */
  maxIterations?: number;
  /** Called before each step: throws to stop the fit (bradley-terry.ts, BradleyTerryOptions.checkpoint). */
  checkpoint?: () => void;
}

/** Newton steps a fit may take: far more than it needs (a few dozen from anywhere; 10 to 35 on 200,000 matches). */
export const NEWTON_STEPS = 500;

/**
 * Maximises F from `start` (log-strengths). Returns β and the Newton steps taken; throws when it has not converged
 * in `maxIterations` steps (which a strictly concave F only does on numbers beyond double precision).
 */
export function newtonFit(
  m: WinMatrix,
  prior: NewtonPrior,
  start: ArrayLike<number>,
  opts: NewtonOptions = {},
): { beta: Float64Array; iterations: number } {
  const tolerance = opts.tolerance ?? 1e-10;
  const maxIterations = opts.maxIterations ?? NEWTON_STEPS;
  const { n, pairI, pairJ, winsI, winsJ } = m;
  const P = pairI.length;
  let beta = Float64Array.from(start);
  const grad = new Float64Array(n);
  const weight = new Float64Array(P); // N·σ(1 − σ) of each pair: the Laplacian's edge weights
  const diag = new Float64Array(n); // H's diagonal (the preconditioner)
  const prec = new Float64Array(n);
  const s = new Float64Array(n);
  const r = new Float64Array(n);
  const z = new Float64Array(n);
  const dir = new Float64Array(n);
  const hd = new Float64Array(n);
  const trial = new Float64Array(n);
  let f = objective(m, prior, beta);
  if (f === -Infinity) throw new Error('Bradley-Terry (Newton): the starting point is not finite');
  let change = Infinity;
  let previous = Infinity;
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    opts.checkpoint?.();
    // Gradient and curvature at β.
    for (let k = 0; k < n; k++) {
      grad[k] = prior.d1(beta[k]!);
      diag[k] = -prior.d2(beta[k]!);
    }
    for (let p = 0; p < P; p++) {
      const i = pairI[p]!;
      const j = pairJ[p]!;
      const total = winsI[p]! + winsJ[p]!;
      const q = sigmoid(beta[i]! - beta[j]!);
      const res = winsI[p]! - total * q;
      grad[i]! += res;
      grad[j]! -= res;
      const w = total * q * (1 - q);
      weight[p] = w;
      diag[i]! += w;
      diag[j]! += w;
    }
    // H·s = ∇F by preconditioned conjugate gradients, to a relative residual that tightens as ∇F shrinks (an
    // inexact Newton method: superlinear near the maximum, cheap far from it).
    let gnorm = 0;
    for (let k = 0; k < n; k++) gnorm = Math.max(gnorm, Math.abs(grad[k]!));
    if (gnorm === 0) return { beta, iterations: iteration - 1 };
    for (let k = 0; k < n; k++) prec[k] = diag[k]! > 0 ? 1 / diag[k]! : 1;
    const hv = (v: Float64Array, out: Float64Array) => {
      for (let k = 0; k < n; k++) out[k] = -prior.d2(beta[k]!) * v[k]!;
      for (let p = 0; p < P; p++) {
        const i = pairI[p]!;
        const j = pairJ[p]!;
        const t = weight[p]! * (v[i]! - v[j]!);
        out[i]! += t;
        out[j]! -= t;
      }
    };
    s.fill(0);
    r.set(grad);
    let rz = 0;
    for (let k = 0; k < n; k++) rz += r[k]! * (z[k] = prec[k]! * r[k]!);
    dir.set(z);
    const r0 = Math.sqrt(rz);
    const eta = Math.min(0.1, Math.sqrt(gnorm)) * 1e-3;
    for (let cg = 0; cg < 2 * n + 20 && Math.sqrt(rz) > eta * r0; cg++) {
      if (cg % 64 === 63) opts.checkpoint?.();
      hv(dir, hd);
      let dHd = 0;
      for (let k = 0; k < n; k++) dHd += dir[k]! * hd[k]!;
      if (!(dHd > 0)) break;
      const a = rz / dHd;
      let rzNext = 0;
      for (let k = 0; k < n; k++) {
        s[k]! += a * dir[k]!;
        r[k]! -= a * hd[k]!;
        rzNext += r[k]! * (z[k] = prec[k]! * r[k]!);
      }
      const b = rzNext / rz;
      rz = rzNext;
      for (let k = 0; k < n; k++) dir[k] = z[k]! + b * dir[k]!;
    }
    // Backtracking line search (Armijo): the full step when it gains what the quadratic model promises.
    let full = 0;
    for (let k = 0; k < n; k++) full = Math.max(full, Math.abs(s[k]!));
    // Far from the maximum an agent whose games are all won (or lost) has almost no curvature, and its Newton step
    // is huge: steps are capped (still uphill), so the line search starts from a sensible length.
    if (full > MAX_STEP) {
      for (let k = 0; k < n; k++) s[k]! *= MAX_STEP / full;
      full = MAX_STEP;
    }
    let slope = 0;
    for (let k = 0; k < n; k++) slope += grad[k]! * s[k]!;
    // Line search along s: φ(t) = F(β + t·s) is concave, so a step whose end still climbs (φ′(t) ≥ 0) gained; else
    // one that gains what the slope promises (Armijo). The first test does not depend on F's rounding, which near the
    // maximum is larger than what a step gains.
    let t = 1;
    let next = -Infinity;
    let accepted = false;
    for (let halvings = 0; halvings < 60; halvings++, t /= 2) {
      for (let k = 0; k < n; k++) trial[k] = beta[k]! + t * s[k]!;
      next = objective(m, prior, trial);
      if (next === -Infinity) continue;
      if (next >= f + 1e-4 * t * slope || directional(m, prior, trial, s) >= 0) {
        accepted = true;
        break;
      }
    }
    change = t * full;
    // Converged: a Newton step below the tolerance; or steps that stopped shrinking once below STALL_STEP (Newton's
    // steps shrink quadratically near the maximum until rounding in the gradient, a sum over every match, is all that
    // is left: that is the maximum at double precision). Near the maximum F is flat to within its rounding, so the
    // line search cannot tell such a step from none; it is taken when it does not lower F.
    if (full < tolerance || (full < STALL_STEP && full > 0.5 * previous))
      return { beta: accepted ? Float64Array.from(trial) : beta, iterations: iteration };
    previous = full;
    if (!accepted)
      throw new Error(
        `Bradley-Terry (Newton): no step along the Newton direction increases the likelihood (step ${full})`,
      );
    [beta, f] = [Float64Array.from(trial), next];
  }
  throw new Error(
    `Bradley-Terry (Newton) did not converge in ${maxIterations} steps (last step ${change} > tolerance ${tolerance})`,
  );
}
