import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fitWinMatrix, winMatrix, type WinMatrix } from './bradley-terry';
import { indexMatches } from './comparisons';
import { fitIlsr, gamebenchWinMatrix, GAMEBENCH_ALPHA, spectralIlsr, stationary } from './ilsr';
import type { RatedMatch } from './types';

const duel = (id: string, a: string, b: string, sa: number): RatedMatch => ({
  id,
  gameId: 'g',
  seats: [
    { agentId: a, score: sa },
    { agentId: b, score: 1 - sa },
  ],
});

/**
 * An independent solve of ILSR's fixed point: the balance equations Σ_j w_i·q_ij(w) = Σ_j w_j·q_ji(w) with
 * q_ij = α + (j's wins against i)/(w_i + w_j) and Σw = n, by Newton's method on log w with a finite-difference
 * Jacobian (n − 1 balance equations and the sum).
 */
function solveBalance(m: WinMatrix, alpha: number): number[] {
  const { n } = m;
  const wins = (i: number, j: number) => {
    let s = 0;
    for (let p = 0; p < m.pairI.length; p++) {
      if (m.pairI[p] === i && m.pairJ[p] === j) s += m.winsI[p]!;
      if (m.pairI[p] === j && m.pairJ[p] === i) s += m.winsJ[p]!;
    }
    return s;
  };
  const F = (x: number[]) => {
    const w = x.map(Math.exp);
    const out: number[] = [];
    for (let i = 0; i < n - 1; i++) {
      let f = 0;
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        f += w[i]! * (alpha + wins(j, i) / (w[i]! + w[j]!)) - w[j]! * (alpha + wins(i, j) / (w[i]! + w[j]!));
      }
      out.push(f);
    }
    out.push(w.reduce((s, v) => s + v, 0) - n);
    return out;
  };
  let x = new Array(n).fill(0);
  for (let step = 0; step < 100; step++) {
    const f = F(x);
    if (Math.max(...f.map(Math.abs)) < 1e-14) break;
    const J = Array.from({ length: n }, () => new Array(n).fill(0));
    for (let k = 0; k < n; k++) {
      const h = 1e-7;
      const xp = [...x];
      xp[k] += h;
      const fp = F(xp);
      for (let r = 0; r < n; r++) J[r]![k] = (fp[r]! - f[r]!) / h;
    }
    // Solve J·d = −f (Gauss-Jordan, small n).
    const A = J.map((row, r) => [...row, -f[r]!]);
    for (let c = 0; c < n; c++) {
      let p = c;
      for (let r = c + 1; r < n; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[p]![c]!)) p = r;
      [A[c], A[p]] = [A[p]!, A[c]!];
      for (let r = 0; r < n; r++) {
        if (r === c) continue;
        const g = A[r]![c]! / A[c]![c]!;
        for (let k = c; k <= n; k++) A[r]![k]! -= g * A[c]![k]!;
      }
    }
    x = x.map((v, k) => v + A[k]![n]! / A[k]![k]!);
  }
  const mean = x.reduce((s, v) => s + v, 0) / n;
  return x.map((v) => v - mean);
}

describe('GameBench ILSR (choix ilsr_pairwise as rating.py modifies it)', () => {
  it('two agents, by hand: w_i/w_j = (α + a/2)/(α + b/2) with a, b their wins and Σw = 2', () => {
    // i beats j 3 times, loses once; α = 0.001. At the fixed point w_i + w_j = 2, so the rate i → j is α + 1/2 and
    // j → i is α + 3/2: w_i/w_j = 1.501/0.501, β_i = −β_j = ½·ln(1.501/0.501) = 0.548640…
    const m = winMatrix(2, [{ i: 0, j: 1, wi: 3, wj: 1 }]);
    const { beta } = fitIlsr(m, { alpha: 0.001 });
    expect(beta[0]).toBeCloseTo(0.5 * Math.log(1.501 / 0.501), 9);
    expect(beta[0]).toBeCloseTo(0.54864, 6);
    expect(beta[1]).toBeCloseTo(-beta[0]!, 12);
    // Without α it is the plain odds: ½·ln 3.
    expect(fitIlsr(m, { alpha: 0 }).beta[0]).toBeCloseTo(0.5 * Math.log(3), 9);
  });

  it('with α = 0 it is the maximum-likelihood Bradley-Terry fit (the MM fit without prior), fractional wins included', () => {
    const m = winMatrix(4, [
      { i: 0, j: 1, wi: 2.5, wj: 1.5 },
      { i: 1, j: 2, wi: 3, wj: 1 },
      { i: 2, j: 3, wi: 1.2, wj: 2.8 },
      { i: 0, j: 3, wi: 1, wj: 2 },
      { i: 0, j: 2, wi: 2, wj: 1 },
    ]);
    const ilsr = fitIlsr(m, { alpha: 0, tolerance: 1e-13, maxIterations: 1000 });
    const mm = fitWinMatrix(m, { prior: 0, tolerance: 1e-14 });
    for (let k = 0; k < 4; k++) expect(ilsr.beta[k]).toBeCloseTo(mm.beta[k]!, 9);
  });

  it('with α = 0.001 it reaches the fixed point of the balance equations, solved independently', () => {
    // Agent 3 never loses and agent 4 never wins: only α keeps them finite.
    const m = winMatrix(5, [
      { i: 0, j: 1, wi: 2, wj: 1 },
      { i: 1, j: 2, wi: 0.7, wj: 0.3 },
      { i: 0, j: 2, wi: 1, wj: 1 },
      { i: 3, j: 0, wi: 2, wj: 0 },
      { i: 2, j: 4, wi: 1, wj: 0 },
    ]);
    const { beta } = fitIlsr(m, { alpha: GAMEBENCH_ALPHA, tolerance: 1e-12, maxIterations: 10_000 });
    const reference = solveBalance(m, GAMEBENCH_ALPHA);
    for (let k = 0; k < 5; k++) expect(beta[k]).toBeCloseTo(reference[k]!, 7);
    expect(beta[3]).toBeGreaterThan(beta[0]!);
    expect(beta[4]).toBeLessThan(beta[2]!);
  });

  it('drops exact ties, as rating.py skips match[a] == match[b]; a fractional score that is not a tie counts', () => {
    const base = [duel('1', 'a', 'b', 1), duel('2', 'a', 'b', 0), duel('3', 'a', 'b', 1)];
    const withTies = [...base, duel('4', 'a', 'b', 0.5), duel('5', 'a', 'b', 0.5)];
    const fit = (ms: RatedMatch[]) => fitIlsr(gamebenchWinMatrix(indexMatches(ms))).beta[0]!;
    expect(fit(withTies)).toBeCloseTo(fit(base), 12);
    // Two wins and a loss: ½·ln((α + 1)/(α + 1/2)) with Σw = 2 (the hand formula above).
    expect(fit(base)).toBeCloseTo(0.5 * Math.log((0.001 + 1) / (0.001 + 0.5)), 9);
    // A 0.75–0.25 result is 0.75 of a win and 0.25 of a loss: a has 2.75 wins, b 1.25.
    expect(fit([...base, duel('6', 'a', 'b', 0.75)])).toBeCloseTo(
      0.5 * Math.log((0.001 + 2.75 / 2) / (0.001 + 1.25 / 2)),
      9,
    );
    // A resample counts a match as many times as it was drawn (match 1 twice, match 2 never, match 3 once).
    const x = indexMatches(base);
    const drawn = gamebenchWinMatrix(x, [2, 0, 1]);
    expect(drawn.winsI[0]! + drawn.winsJ[0]!).toBe(3);
  });

  it('finds the stationary distribution of a generator, and refuses a chain that falls apart', () => {
    // Two states, rates 1 (0 → 1) and 3 (1 → 0): π ∝ (3, 1), scaled to sum 2.
    const pi = stationary(Float64Array.from([-1, 1, 3, -3]), 2);
    expect(pi[0]).toBeCloseTo(1.5, 12);
    expect(pi[1]).toBeCloseTo(0.5, 12);
    // Agents 0–1 and 2–3 never met and α = 0: no unique answer.
    const split = winMatrix(4, [
      { i: 0, j: 1, wi: 1, wj: 1 },
      { i: 2, j: 3, wi: 1, wj: 1 },
    ]);
    expect(() => spectralIlsr(split, { alpha: 0 })).toThrow(/do not connect every agent/);
    expect(() => fitIlsr(winMatrix(2, [{ i: 0, j: 1, wi: 2, wj: 0 }]), { alpha: 0 })).toThrow(/needs a win and a loss/);
    expect(() => fitIlsr(split, { alpha: -1 })).toThrow(/alpha must be/);
  });

  it("reaches the fixed point of choix's spectral steps, from any start", () => {
    // 12 agents, 60 seeded pairs with fractional results, some agents unbeaten: α carries them.
    let seed = 7;
    const r = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const comparisons = Array.from({ length: 60 }, () => {
      const i = Math.floor(r() * 12);
      const j = (i + 1 + Math.floor(r() * 11)) % 12;
      const wi = Math.round(r() * 4 * (i < 3 ? 1 : 0.3) * 4) / 4;
      return { i, j, wi: i >= 9 ? 0 : wi, wj: Math.round(r() * 3 * 4) / 4 };
    });
    const m = winMatrix(12, comparisons);
    const spectral = spectralIlsr(m, { tolerance: 1e-13, maxIterations: 10_000 });
    const mm = fitIlsr(m).beta;
    const warm = fitIlsr(m, { start: Array.from({ length: 12 }, (_, k) => k - 6) }).beta;
    for (let k = 0; k < 12; k++) {
      expect(mm[k]).toBeCloseTo(spectral[k]!, 8);
      expect(warm[k]).toBeCloseTo(spectral[k]!, 8);
    }
    // GameBench's own stopping rule (L1 change ≤ 1e-8, at most 100 steps) lands within 1e-6 of the fixed point.
    const gamebench = spectralIlsr(m);
    for (let k = 0; k < 12; k++) expect(gamebench[k]).toBeCloseTo(spectral[k]!, 6);
  });
});

describe("GameBench's own results (matches.json), against its rating.py fit computed with numpy", () => {
  // rating.py's fixed player order; a match's agents are its keys after "game", in file order.
  const PLAYERS = ['random', 'human', 'gpt-3', 'gpt-3-cot', 'gpt-4', 'gpt-4-cot', 'gpt-4-rap'];
  const fixture = (name: string) => JSON.parse(readFileSync(join(__dirname, 'fixtures', name), 'utf8'));
  const matches: Record<string, string | number>[] = fixture('gamebench-matches.json');
  const reference: Record<string, Record<string, number>> = fixture('gamebench-ilsr-reference.json');
  const fitGame = (game: string | null) => {
    const comparisons = matches
      .filter((m) => game === null || m.game === game)
      .map((m) => ({ m, agents: Object.keys(m).filter((k) => k !== 'game') }))
      .filter(({ agents, m }) => m[agents[0]!] !== m[agents[1]!])
      .map(({ agents, m }) => ({
        i: PLAYERS.indexOf(agents[0]!),
        j: PLAYERS.indexOf(agents[1]!),
        wi: Number(m[agents[0]!]),
        wj: Number(m[agents[1]!]),
      }));
    return fitIlsr(winMatrix(PLAYERS.length, comparisons)).beta;
  };

  it.each(Object.keys(reference))('%s', (key) => {
    const beta = fitGame(key === 'all' ? null : key);
    PLAYERS.forEach((p, k) => expect(beta[k], p).toBeCloseTo(reference[key]![p]!, 7));
  });
});
