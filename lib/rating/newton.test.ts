// Nearly separated data (issue 35, item 7): a league where every agent beats every agent below it. MM and GameBench's
// ILSR iteration crawl there (not converged in 10,000 and 100,000 iterations); the fits now go on by Newton's method
// and reach the maximum, checked by its own equations, and a whole leaderboard of such a league is computed.
import { describe, expect, it } from 'vitest';
import { fitWinMatrix, winMatrix, type WinMatrix } from './bradley-terry';
import { computeLeaderboard } from './compute-leaderboard';
import { fitIlsr, GAMEBENCH_ALPHA } from './ilsr';
import type { PairwiseComparison, RatedMatch } from './types';

/** `agents` agents, `games` games per pair, the higher index winning every one. */
function strictLeague(agents: number, games: number): WinMatrix {
  const c: PairwiseComparison[] = [];
  for (let i = 0; i < agents; i++) for (let j = i + 1; j < agents; j++) c.push({ i, j, wi: 0, wj: games });
  return winMatrix(agents, c);
}

const sigmoid = (x: number) => (x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x)));

/** ∂F/∂β_k of the arena's fit (the likelihood and one virtual draw against β = 0 per agent, `prior` games). */
function mmGradient(m: WinMatrix, beta: ArrayLike<number>, prior = 1): number[] {
  const g = Array.from({ length: m.n }, (_, k) => prior * (0.5 - sigmoid(beta[k]!)));
  for (let p = 0; p < m.pairI.length; p++) {
    const i = m.pairI[p]!;
    const j = m.pairJ[p]!;
    const r = m.winsI[p]! - (m.winsI[p]! + m.winsJ[p]!) * sigmoid(beta[i]! - beta[j]!);
    g[i]! += r;
    g[j]! -= r;
  }
  return g;
}

describe('fits of nearly separated data', () => {
  it('MM: a strictly ordered league of 30 agents converges (it crawled past 10,000 iterations) at the maximum', () => {
    const m = strictLeague(30, 40);
    const { beta, iterations } = fitWinMatrix(m);
    expect(iterations).toBeLessThan(1000); // MM's 500, then a few dozen Newton steps
    // The maximum: every agent's likelihood equation holds, to 1e-9 of its 1,160 games.
    for (const g of mmGradient(m, beta)) expect(Math.abs(g)).toBeLessThan(1e-9 * 1160);
    // Strictly ordered, as the results are.
    for (let k = 1; k < 30; k++) expect(beta[k]!).toBeGreaterThan(beta[k - 1]!);
  });

  it('MM: strengths beyond the range of doubles (e^β overflows past β ≈ 709) are fitted in β', () => {
    // A chain of 150 agents, each beating the one below it a million times out of a million: the fitted strengths
    // spread over more than ±709, where MM's π = e^β overflowed ("diverged").
    const m = winMatrix(
      150,
      Array.from({ length: 149 }, (_, k) => ({ i: k, j: k + 1, wi: 0, wj: 1e6 })),
    );
    const { beta } = fitWinMatrix(m);
    expect(Math.max(...beta)).toBeGreaterThan(709);
    expect(Math.min(...beta)).toBeLessThan(-709);
    for (const g of mmGradient(m, beta)) expect(Math.abs(g)).toBeLessThan(1e-9 * 2e6);
  });

  it("GameBench's ILSR: the same league converges (it crawled past 100,000 iterations) at ILSR's fixed point", () => {
    const m = strictLeague(30, 40);
    const { beta } = fitIlsr(m, { alpha: GAMEBENCH_ALPHA });
    // The balance of every agent at Σw = n: w_i·(α·n + Σ_j N_ij/(w_i + w_j)) = S_i + α·n (ilsr.ts).
    const n = m.n;
    const e = beta.map(Math.exp);
    const sum = e.reduce((s, v) => s + v, 0);
    const w = e.map((v) => (v * n) / sum);
    const out = new Array<number>(n).fill(GAMEBENCH_ALPHA * n);
    const wins = new Array<number>(n).fill(GAMEBENCH_ALPHA * n);
    for (let p = 0; p < m.pairI.length; p++) {
      const i = m.pairI[p]!;
      const j = m.pairJ[p]!;
      const t = (m.winsI[p]! + m.winsJ[p]!) / (w[i]! + w[j]!);
      out[i]! += t;
      out[j]! += t;
      wins[i]! += m.winsI[p]!;
      wins[j]! += m.winsJ[p]!;
    }
    for (let k = 0; k < n; k++) expect(Math.abs(w[k]! * out[k]! - wins[k]!)).toBeLessThan(1e-8 * (wins[k]! + 1));
    for (let k = 1; k < 30; k++) expect(beta[k]!).toBeGreaterThan(beta[k - 1]!);
  });

  it('the whole leaderboard of such a league, with either fit, bootstrap included', async () => {
    const matches: RatedMatch[] = [];
    for (let i = 0; i < 12; i++) {
      for (let j = i + 1; j < 12; j++) {
        for (let g = 0; g < 20; g++)
          matches.push({
            id: `${i}-${j}-${g}`,
            gameId: g % 2 ? 'a' : 'b',
            seats: [
              { agentId: `p${i}`, score: 0 },
              { agentId: `p${j}`, score: 1 },
            ],
          });
      }
    }
    for (const estimator of ['mm', 'gamebench'] as const) {
      const board = await computeLeaderboard(matches, {
        rounds: 30,
        seed: 'separated',
        estimator,
        trueSkill: false,
        scheme: estimator === 'gamebench' ? 'game-weighted' : 'plain',
      });
      expect(board.rows.map((r) => r.agentId)).toEqual(Array.from({ length: 12 }, (_, k) => `p${11 - k}`));
      expect(board.rows.every((r) => Number.isFinite(r.rating.point) && r.rating.ci95 !== null)).toBe(true);
    }
  });

  it('a checkpoint that throws stops a fit between iterations', () => {
    let calls = 0;
    const stop = () => {
      if (++calls > 3) throw new Error('stopped');
    };
    expect(() => fitWinMatrix(strictLeague(30, 40), { checkpoint: stop })).toThrow('stopped');
    calls = 0;
    expect(() => fitIlsr(strictLeague(30, 40), { checkpoint: stop })).toThrow('stopped');
  });
});
