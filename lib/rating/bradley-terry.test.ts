// Tests of the Bradley-Terry MM fit: closed forms, an independent Newton solver, invariances, prior and failures.
import { describe, expect, it } from 'vitest';
import { createRng } from '../engine/rng';
import { ELO_PER_BETA, bradleyTerry, fitWinMatrix, toEloScale, winMatrix, winProbability } from './bradley-terry';
import type { PairwiseComparison, RatedMatch } from './types';

let nextId = 0;
/** A two-seat match where a scores `scoreA`. */
function duel(a: string, b: string, scoreA: number, gameId = 'g'): RatedMatch {
  return {
    id: `m${nextId++}`,
    gameId,
    seats: [
      { agentId: a, score: scoreA },
      { agentId: b, score: 1 - scoreA },
    ],
  };
}
function repeat(n: number, make: () => RatedMatch): RatedMatch[] {
  return Array.from({ length: n }, make);
}
const betaOf = (fit: { agents: string[]; beta: number[] }, id: string) => fit.beta[fit.agents.indexOf(id)]!;

/**
 * Independent reference: Newton's method on the Bradley-Terry log-likelihood
 * L(β) = Σ_pairs wi·βi + wj·βj − (wi + wj)·log(e^βi + e^βj), with the agents in `fixed` held at β = 0
 * (which removes the free shift) and a dense Hessian solved by Gaussian elimination.
 */
function newtonReference(n: number, comparisons: PairwiseComparison[], fixed: number[]): number[] {
  const beta = new Array<number>(n).fill(0);
  const free = Array.from({ length: n }, (_, k) => k).filter((k) => !fixed.includes(k));
  const pos = new Map(free.map((k, r) => [k, r]));
  for (let step = 0; step < 100; step++) {
    const g = new Array<number>(free.length).fill(0);
    const H = free.map(() => new Array<number>(free.length).fill(0));
    for (const { i, j, wi, wj } of comparisons) {
      const p = 1 / (1 + Math.exp(beta[j]! - beta[i]!));
      const total = wi + wj;
      const curv = total * p * (1 - p);
      const ri = pos.get(i);
      const rj = pos.get(j);
      if (ri !== undefined) {
        g[ri]! += wi - total * p;
        H[ri]![ri]! += curv;
      }
      if (rj !== undefined) {
        g[rj]! += wj - total * (1 - p);
        H[rj]![rj]! += curv;
      }
      if (ri !== undefined && rj !== undefined) {
        H[ri]![rj]! -= curv;
        H[rj]![ri]! -= curv;
      }
    }
    // Solve H·d = g (H is the negated Hessian, positive definite), then β += d.
    const m = free.length;
    const A = H.map((row, r) => [...row, g[r]!]);
    for (let c = 0; c < m; c++) {
      for (let r = c + 1; r < m; r++) {
        const f = A[r]![c]! / A[c]![c]!;
        for (let k = c; k <= m; k++) A[r]![k]! -= f * A[c]![k]!;
      }
    }
    const d = new Array<number>(m).fill(0);
    for (let r = m - 1; r >= 0; r--) {
      let s = A[r]![m]!;
      for (let k = r + 1; k < m; k++) s -= A[r]![k]! * d[k]!;
      d[r] = s / A[r]![r]!;
    }
    free.forEach((k, r) => (beta[k]! += d[r]!));
    if (Math.max(...d.map(Math.abs)) < 1e-14) break;
  }
  return beta;
}

const fixture: PairwiseComparison[] = [
  { i: 0, j: 1, wi: 7, wj: 3 },
  { i: 0, j: 2, wi: 5.5, wj: 4.5 },
  { i: 1, j: 2, wi: 2, wj: 6 },
  { i: 1, j: 3, wi: 4, wj: 1 },
  { i: 2, j: 3, wi: 3, wj: 3 },
  { i: 0, j: 3, wi: 1, wj: 2 },
];

describe('Bradley-Terry MM', () => {
  it('two agents without prior: β_A − β_B = ln(a/b)', () => {
    const matches = [...repeat(7, () => duel('A', 'B', 1)), ...repeat(3, () => duel('A', 'B', 0))];
    const fit = bradleyTerry(matches, { prior: 0 });
    expect(betaOf(fit, 'A') - betaOf(fit, 'B')).toBeCloseTo(Math.log(7 / 3), 6);
    // draws count half a win each way: 3 wins + 2 draws vs 1 win → 4 : 2
    const withDraws = bradleyTerry(
      [...repeat(3, () => duel('A', 'B', 1)), ...repeat(2, () => duel('A', 'B', 0.5)), duel('A', 'B', 0)],
      { prior: 0 },
    );
    expect(betaOf(withDraws, 'A') - betaOf(withDraws, 'B')).toBeCloseTo(Math.log(4 / 2), 6);
  });

  it('agrees with an independent Newton solver on a 4-agent fixture, without and with the prior', () => {
    // Without prior: the reference fixes agent 0 at 0; MM is centred, so compare differences to agent 0.
    const mm = fitWinMatrix(winMatrix(4, fixture), { prior: 0 }).beta;
    const ref = newtonReference(4, fixture, [0]);
    for (let k = 1; k < 4; k++) expect(mm[k]! - mm[0]!).toBeCloseTo(ref[k]!, 5);
    // With the prior: the prior is exactly a virtual agent 4 fixed at 0 that every agent draws `prior` games with.
    const prior = 2;
    const augmented = [...fixture, ...[0, 1, 2, 3].map((k) => ({ i: k, j: 4, wi: prior / 2, wj: prior / 2 }))];
    const mmPrior = fitWinMatrix(winMatrix(4, fixture), { prior }).beta;
    const refPrior = newtonReference(5, augmented, [4]);
    for (let k = 0; k < 4; k++) expect(mmPrior[k]!).toBeCloseTo(refPrior[k]!, 5);
  });

  it('does not depend on match order', () => {
    const rng = createRng('order');
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const matches = repeat(300, () => {
      const [x, y] = rng.shuffle(ids);
      return duel(x!, y!, rng.pick([0, 0.5, 1]));
    });
    const fit = bradleyTerry(matches);
    const shuffled = bradleyTerry(rng.shuffle(matches));
    expect(shuffled.agents).toEqual(fit.agents);
    shuffled.beta.forEach((b, k) => expect(b).toBeCloseTo(fit.beta[k]!, 9));
  });

  it('changing the anchor shifts every β by the same constant; the anchor sits at 0 and rating 1000', () => {
    const matches = [
      ...repeat(6, () => duel('a', 'b', 1)),
      ...repeat(4, () => duel('b', 'c', 1)),
      ...repeat(3, () => duel('c', 'a', 1)),
      duel('a', 'c', 0.5),
    ];
    const byA = bradleyTerry(matches, { anchorAgentId: 'a' });
    const byC = bradleyTerry(matches, { anchorAgentId: 'c' });
    expect(betaOf(byA, 'a')).toBe(0);
    expect(byA.rating[byA.agents.indexOf('a')]).toBe(1000);
    const shift = byA.beta[0]! - byC.beta[0]!;
    byA.beta.forEach((b, k) => expect(b - byC.beta[k]!).toBeCloseTo(shift, 12));
    expect(() => bradleyTerry(matches, { anchorAgentId: 'nobody' })).toThrow(/anchor agent nobody/);
  });

  it('keeps an undefeated and a winless agent finite with the prior, and throws without it', () => {
    const matches = [
      ...repeat(5, () => duel('top', 'mid', 1)),
      ...repeat(5, () => duel('mid', 'low', 1)),
      duel('top', 'low', 1),
    ];
    const fit = bradleyTerry(matches);
    for (const b of fit.beta) expect(Number.isFinite(b)).toBe(true);
    expect(betaOf(fit, 'top')).toBeGreaterThan(betaOf(fit, 'mid'));
    expect(betaOf(fit, 'mid')).toBeGreaterThan(betaOf(fit, 'low'));
    expect(() => bradleyTerry(matches, { prior: 0 })).toThrow(/diverged/);
  });

  it('gives every agent the same β when every match is drawn', () => {
    const matches = [
      ...repeat(4, () => duel('a', 'b', 0.5)),
      ...repeat(2, () => duel('b', 'c', 0.5)),
      duel('a', 'c', 0.5),
    ];
    for (const prior of [0, 1]) {
      const fit = bradleyTerry(matches, { prior });
      for (const b of fit.beta) expect(b).toBeCloseTo(0, 9);
    }
  });

  it('rates team members alike and N-player winners above losers', () => {
    const teamMatch = (id: number): RatedMatch => ({
      id: `t${id}`,
      gameId: 'team',
      seats: [
        ['a', 'red'],
        ['b', 'red'],
        ['c', 'blue'],
        ['d', 'blue'],
      ].map(([agentId, team]) => ({ agentId: agentId!, team, score: (team === 'red') === (id % 4 !== 0) ? 0.5 : 0 })),
    });
    const teams = bradleyTerry(
      Array.from({ length: 40 }, (_, k) => teamMatch(k)),
      { prior: 0 },
    );
    expect(betaOf(teams, 'a')).toBeCloseTo(betaOf(teams, 'b'), 9);
    expect(betaOf(teams, 'c')).toBeCloseTo(betaOf(teams, 'd'), 9);
    // red wins 3 of 4: each cross pair (a, c) has 0.5-weight comparisons won 3:1, so β_a − β_c = ln 3
    expect(betaOf(teams, 'a') - betaOf(teams, 'c')).toBeCloseTo(Math.log(3), 6);
    const ffa = (scores: number[]): RatedMatch => ({
      id: `f${nextId++}`,
      gameId: 'ffa',
      seats: scores.map((score, k) => ({ agentId: 'wxyz'[k]!, score })),
    });
    const ffaFit = bradleyTerry([
      ...repeat(6, () => ffa([1, 0, 0, 0])),
      ...repeat(3, () => ffa([0, 1, 0, 0])),
      ...repeat(1, () => ffa([0, 0, 1, 0])),
    ]);
    expect(betaOf(ffaFit, 'w')).toBeGreaterThan(betaOf(ffaFit, 'x'));
    expect(betaOf(ffaFit, 'x')).toBeGreaterThan(betaOf(ffaFit, 'y'));
    expect(betaOf(ffaFit, 'y')).toBeGreaterThan(betaOf(ffaFit, 'z'));
  });

  it('throws when it cannot converge in maxIterations', () => {
    expect(() => fitWinMatrix(winMatrix(4, fixture), { maxIterations: 1, tolerance: 1e-15 })).toThrow(
      /did not converge in 1 iterations/,
    );
  });

  it('converts β to the Elo scale and to win probabilities', () => {
    expect(toEloScale(0)).toBe(1000);
    expect(toEloScale(1, 1500)).toBeCloseTo(1500 + 400 / Math.LN10, 9);
    expect(ELO_PER_BETA * Math.log(10)).toBeCloseTo(400, 9); // 400 points = 10:1 odds
    expect(winProbability(Math.log(3), 0)).toBeCloseTo(0.75, 12);
  });

  // How long it takes is npm run bench:rating's to measure (a test never times itself): here, the work it does.
  it('fits 20,000 matches among 30 agents in fewer than 200 MM iterations (92)', () => {
    const rng = createRng('speed');
    const strength = Array.from({ length: 30 }, () => rng.next() * 3);
    const matches = repeat(20_000, () => {
      const a = rng.int(30);
      const b = (a + 1 + rng.int(29)) % 30;
      return duel(`a${a}`, `a${b}`, rng.next() < winProbability(strength[a]!, strength[b]!) ? 1 : 0);
    });
    const fit = bradleyTerry(matches);
    expect(fit.iterations).toBeLessThan(200);
    expect(fit.agents).toHaveLength(30);
  });
});
