// Tests of the bootstrap: determinism, interval behaviour, lowData, game weighting.
import { describe, expect, it } from 'vitest';
import { createRng } from '../engine/rng';
import {
  bootstrap,
  drawResample,
  prepareBootstrap,
  quantile,
  runRounds,
  summarise,
  type BootstrapResult,
} from './bootstrap';
import { fitIlsr, gamebenchWinMatrix } from './ilsr';
import { anchorBetas, bradleyTerry, fitWinMatrix, indexedWinMatrix, winProbability } from './bradley-terry';
import { indexMatches } from './comparisons';
import { rankAgents } from './ranks';
import type { Interval, RatedMatch } from './types';

let nextId = 0;
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
/** `wins` wins of a over b then `losses` losses, in one game. */
function record(a: string, b: string, wins: number, losses: number, gameId = 'g'): RatedMatch[] {
  return [
    ...Array.from({ length: wins }, () => duel(a, b, 1, gameId)),
    ...Array.from({ length: losses }, () => duel(a, b, 0, gameId)),
  ];
}
/** Random duels among four agents of known strength, over three games. */
function simulate(n: number, seed: string): RatedMatch[] {
  const rng = createRng(seed);
  const strength: Record<string, number> = { a: 1, b: 0.5, c: 0, d: -0.5 };
  const ids = Object.keys(strength);
  return Array.from({ length: n }, () => {
    const [x, y] = rng.shuffle(ids);
    const u = rng.next();
    const score = u < 0.1 ? 0.5 : rng.next() < winProbability(strength[x!]!, strength[y!]!) ? 1 : 0;
    return duel(x!, y!, score, rng.pick(['g1', 'g2', 'g3']));
  });
}
const agent = (r: BootstrapResult, id: string) => r.agents.find((a) => a.agentId === id)!;
const width = (i: Interval | null) => i!.upper - i!.lower;

describe('bootstrap', () => {
  const matches = simulate(400, 'boot');

  it('is reproducible from its seed and changes with it', () => {
    const one = bootstrap(matches, { rounds: 200, seed: 7 });
    expect(bootstrap(matches, { rounds: 200, seed: 7 })).toEqual(one);
    const other = bootstrap(matches, { rounds: 200, seed: 8 });
    expect(other.agents.map((a) => a.beta.ci95)).not.toEqual(one.agents.map((a) => a.beta.ci95));
    expect(other.agents.map((a) => a.beta.point)).toEqual(one.agents.map((a) => a.beta.point));
    // the matches are put in a canonical order first, so the input order does not matter
    expect(bootstrap(createRng('shuffle').shuffle(matches), { rounds: 200, seed: 7 })).toEqual(one);
  });

  it('reports the plain point estimate inside its 95% interval, and both scales consistently', () => {
    const r = bootstrap(matches, { rounds: 300 });
    const fit = bradleyTerry(matches);
    for (const a of r.agents) {
      expect(a.beta.point).toBeCloseTo(fit.beta[fit.agents.indexOf(a.agentId)]!, 8);
      expect(a.beta.ci95!.lower).toBeLessThanOrEqual(a.beta.point);
      expect(a.beta.ci95!.upper).toBeGreaterThanOrEqual(a.beta.point);
      expect(a.beta.ci95!.lower).toBeLessThanOrEqual(a.beta.ci90!.lower);
      expect(a.beta.ci95!.upper).toBeGreaterThanOrEqual(a.beta.ci90!.upper);
      expect(a.rating.ci95!.upper - a.rating.ci95!.lower).toBeCloseTo((400 / Math.LN10) * width(a.beta.ci95), 9);
    }
  });

  it('narrows its intervals when there are ten times more matches', () => {
    const small = bootstrap(simulate(300, 'small'), { rounds: 300 });
    const large = bootstrap(simulate(3000, 'large'), { rounds: 300 });
    for (const id of ['a', 'b', 'c', 'd'])
      expect(width(agent(large, id).beta.ci95)).toBeLessThan(0.5 * width(agent(small, id).beta.ci95));
  });

  it('matches the textbook spread: 1000 matches at 30% wins give β_A − β_B ≈ ln(3/7) ± 1.96/√(n·p·(1 − p))', () => {
    const r = bootstrap(record('A', 'B', 300, 700), { rounds: 2000, seed: 1, anchorAgentId: 'B' });
    const a = agent(r, 'A');
    expect(agent(r, 'B').beta.ci95).toEqual({ lower: 0, upper: 0 }); // the anchor is fixed in every round
    expect(a.beta.median!).toBeCloseTo(Math.log(3 / 7), 2);
    expect(width(a.beta.ci95) / ((2 * 1.96) / Math.sqrt(1000 * 0.21))).toBeGreaterThan(0.9);
    expect(width(a.beta.ci95) / ((2 * 1.96) / Math.sqrt(1000 * 0.21))).toBeLessThan(1.1);
  });

  it('game-weighted gives every game the same weight: a small game can flip the ranking', () => {
    // G1: 900 matches, A wins 60%. G2: 100 matches, B wins 90%. Plain: A 550 vs B 450. Per game: A (0.6 + 0.1)/2 = 35%.
    const data = [...record('A', 'B', 540, 360, 'G1'), ...record('A', 'B', 10, 90, 'G2')];
    const plain = bootstrap(data, { rounds: 500, scheme: 'plain' });
    const weighted = bootstrap(data, { rounds: 500, scheme: 'game-weighted' });
    expect(agent(plain, 'A').beta.point).toBeGreaterThan(agent(plain, 'B').beta.point);
    expect(agent(weighted, 'B').beta.point).toBeGreaterThan(agent(weighted, 'A').beta.point);
    expect(rankAgents(plain.agents)).toEqual([1, 2]); // agents are A, B
    expect(rankAgents(weighted.agents)).toEqual([2, 1]);
    // The game-weighted point estimate is the fit to the expected resample: 500 matches per game, A winning 300 + 50.
    const balanced = bradleyTerry(record('A', 'B', 350, 650));
    expect(agent(weighted, 'A').beta.point).toBeCloseTo(balanced.beta[0]!, 8);
    // and its spread is that of 1000 draws at 35%.
    const diff = bootstrap(data, { rounds: 2000, scheme: 'game-weighted', anchorAgentId: 'B' });
    expect(agent(diff, 'A').beta.median!).toBeCloseTo(Math.log(0.35 / 0.65), 2);
    expect(width(agent(diff, 'A').beta.ci95) / ((2 * 1.96) / Math.sqrt(1000 * 0.35 * 0.65))).toBeGreaterThan(0.9);
    expect(width(agent(diff, 'A').beta.ci95) / ((2 * 1.96) / Math.sqrt(1000 * 0.35 * 0.65))).toBeLessThan(1.1);
  });

  it('flags agents with fewer than minMatches matches and gives them no interval', () => {
    const r = bootstrap([...matches, ...record('newcomer', 'a', 2, 1)], { rounds: 100 });
    const newcomer = agent(r, 'newcomer');
    expect(newcomer).toMatchObject({ matches: 3, lowData: true, beta: { median: null, ci90: null, ci95: null } });
    expect(Number.isFinite(newcomer.beta.point)).toBe(true);
    expect(agent(r, 'a').lowData).toBe(false);
    expect(agent(bootstrap(matches, { rounds: 10, minMatches: 1000 }), 'a').lowData).toBe(true);
  });

  it('merges matches with identical contributions into outcome types', () => {
    const data = prepareBootstrap([...record('A', 'B', 30, 20), duel('A', 'B', 0.5)]);
    expect(data.typeStart).toHaveLength(3 + 1); // A wins, B wins, draw
    expect(data.draws).toBe(51);
  });

  it('interpolates quantiles like numpy', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4], 0.025)).toBeCloseTo(1.075, 12);
    expect(quantile([5], 0.9)).toBe(5);
  });
});

// GameBench Eq. 3: θ̂_k = (1/B) Σ_b θ_{b,k}, the mean of the B resamples' fitted log-strengths.
describe('bootstrap mean (GameBench Eq. 3)', () => {
  it('is the arithmetic mean of the resample fits, on both scales', () => {
    // Four hand-made resample fits of two agents (round-major: A then B per round), B anchored at 0.
    const data = prepareBootstrap(record('A', 'B', 5, 5), { anchorAgentId: 'B' });
    const samples = Float64Array.of(0.1, 0, 0.4, 0, -0.2, 0, 0.9, 0);
    const r = summarise(data, samples);
    const a = agent(r, 'A');
    expect(r.rounds).toBe(4);
    expect(a.beta.mean).toBeCloseTo(0.3, 15); // (0.1 + 0.4 − 0.2 + 0.9) / 4
    expect(a.beta.median).toBeCloseTo(0.25, 15); // (0.1 + 0.4) / 2: not the mean
    // 1000 + 400·log10(e)·0.3 = 1000 + 173.7177927613007 · 0.3
    expect(a.rating.mean).toBeCloseTo(1052.11533782839, 9);
    expect(agent(r, 'B').beta.mean).toBe(0);
    expect(agent(r, 'B').rating.mean).toBe(1000);
  });

  it('averages exactly the fits of the resamples it draws (checked by refitting them here)', () => {
    // Four agents over two games of unequal size; "d" has 2 matches (lowData: no interval, but Eq. 3 still gives a mean).
    // Every match has its own outcome (pair and result), so outcome type k is the k-th match in (game, id) order.
    const m = (id: string, gameId: string, a: string, b: string, sa: number): RatedMatch => ({
      id,
      gameId,
      seats: [
        { agentId: a, score: sa },
        { agentId: b, score: 1 - sa },
      ],
    });
    const matches = [
      m('x01', 'g1', 'a', 'b', 1),
      m('x02', 'g1', 'a', 'b', 0),
      m('x03', 'g1', 'a', 'b', 0.5),
      m('x04', 'g1', 'b', 'c', 1),
      m('x05', 'g1', 'b', 'c', 0.5),
      m('x06', 'g1', 'a', 'c', 1),
      m('x07', 'g1', 'c', 'a', 1),
      m('x08', 'g1', 'b', 'c', 0),
      m('y01', 'g2', 'a', 'b', 0.25),
      m('y02', 'g2', 'c', 'b', 0.75),
      m('y03', 'g2', 'd', 'a', 1),
      m('y04', 'g2', 'd', 'c', 0),
    ];
    const sorted = [...matches].sort((p, q) =>
      p.gameId < q.gameId ? -1 : p.gameId > q.gameId ? 1 : p.id < q.id ? -1 : 1,
    );
    const x = indexMatches(sorted);
    expect(x.agents).toEqual(['a', 'b', 'c', 'd']);
    for (const scheme of ['plain', 'game-weighted'] as const) {
      const rounds = 40;
      const seed = `eq3-${scheme}`;
      const opts = { scheme, rounds, seed, anchorAgentId: 'b', roundTolerance: 1e-11 };
      const r = bootstrap(matches, opts);
      const data = prepareBootstrap(matches, opts);
      expect(data.typeStart.length - 1).toBe(sorted.length);
      // Each resample as multiplicities of the matches, refitted from scratch (no warm start) over all four agents:
      // the prior's virtual games involve every agent, so an agent a resample happens to miss still takes part.
      const sums = [0, 0, 0, 0];
      for (let b = 0; b < rounds; b++) {
        const times = drawResample(data, b);
        expect(times.reduce((s, v) => s + v, 0)).toBe(sorted.length);
        const { beta } = fitWinMatrix(indexedWinMatrix(x, times), { tolerance: 1e-11 });
        anchorBetas(beta, 1);
        beta.forEach((v, k) => (sums[k]! += v));
      }
      const mean = new Map(x.agents.map((id, k) => [id, sums[k]! / rounds]));
      for (const a of r.agents) {
        if (a.agentId === 'b') continue;
        expect(a.beta.mean, `${scheme} ${a.agentId}`).toBeCloseTo(mean.get(a.agentId)!, 7);
        expect(a.rating.mean).toBeCloseTo(1000 + (400 / Math.LN10) * a.beta.mean!, 9);
      }
      const d = agent(r, 'd');
      expect(d.lowData).toBe(true);
      expect(d.beta.median).toBeNull();
      expect(d.beta.mean).not.toBeNull();

      // The resamples are draws with replacement of 12 matches: uniformly (plain), or a game uniformly and then a match
      // of it (GameBench: P(m) = 1 / (2 · N_game)). Over 6,000 rounds each match's mean multiplicity and variance are
      // those of Binomial(12, P(m)), and under game-weighted the draws per game are Binomial(12, ½) (within 5 σ).
      const R = 6000;
      const sum = new Float64Array(12);
      const sq = new Float64Array(12);
      let g1 = 0;
      let g1sq = 0;
      for (let b = 0; b < R; b++) {
        const t = drawResample(data, 1000 + b);
        t.forEach((v, k) => ((sum[k]! += v), (sq[k]! += v * v)));
        const inG1 = t.slice(0, 8).reduce((s, v) => s + v, 0);
        g1 += inG1;
        g1sq += inG1 * inG1;
      }
      for (let k = 0; k < 12; k++) {
        const p = scheme === 'plain' ? 1 / 12 : 1 / (2 * (k < 8 ? 8 : 4));
        const mu = 12 * p;
        const v = 12 * p * (1 - p);
        expect(Math.abs(sum[k]! / R - mu), `${scheme} match ${k} mean`).toBeLessThan(5 * Math.sqrt(v / R));
        expect(Math.abs(sq[k]! / R - sum[k]! ** 2 / R ** 2 - v), `${scheme} match ${k} variance`).toBeLessThan(
          0.1 * v + 0.02,
        );
      }
      const gp = scheme === 'plain' ? 8 / 12 : 0.5;
      expect(Math.abs(g1 / R - 12 * gp)).toBeLessThan(5 * Math.sqrt((12 * gp * (1 - gp)) / R));
      expect(g1sq / R - (g1 / R) ** 2).toBeCloseTo(12 * gp * (1 - gp), 0);
    }
  });
});

describe('a resample drawn type by type (many matches per outcome type)', () => {
  it('gives every outcome type its share of the draws, under both schemes (each within 5 σ over 4,000 rounds)', () => {
    // 4 outcome types in 2 games: g1 holds 40 + 20 matches of types A and B, g2 30 + 10 of C and D. 100 draws over
    // 4 types (and 60 or 40 over 2 per game) is far above 8 a type: the multinomial path.
    const duel = (id: string, gameId: string, a: string, b: string, sa: number): RatedMatch => ({
      id,
      gameId,
      seats: [
        { agentId: a, score: sa },
        { agentId: b, score: 1 - sa },
      ],
    });
    const make = (n: number, g: string, a: string, b: string, sa: number, tag: string) =>
      Array.from({ length: n }, (_, i) => duel(`${tag}${String(i).padStart(3, '0')}`, g, a, b, sa));
    const matches = [
      ...make(40, 'g1', 'a', 'b', 1, 'A'),
      ...make(20, 'g1', 'b', 'c', 1, 'B'),
      ...make(30, 'g2', 'a', 'c', 0, 'C'),
      ...make(10, 'g2', 'a', 'b', 0.5, 'D'),
    ];
    for (const scheme of ['plain', 'game-weighted'] as const) {
      const data = prepareBootstrap(matches, { scheme, seed: `types-${scheme}` });
      expect(data.typeStart.length - 1).toBe(4);
      // Types are numbered in order of first appearance in (end time, id) order (the index's): A, B, C, D.
      const share =
        scheme === 'plain'
          ? [0.4, 0.2, 0.3, 0.1]
          : [0.5 * (40 / 60), 0.5 * (20 / 60), 0.5 * (30 / 40), 0.5 * (10 / 40)];
      const R = 4000;
      const sum = new Float64Array(4);
      const sq = new Float64Array(4);
      for (let b = 0; b < R; b++) {
        const c = drawResample(data, b);
        expect(c.reduce((s, v) => s + v, 0)).toBe(100);
        c.forEach((v, k) => ((sum[k]! += v), (sq[k]! += v * v)));
      }
      share.forEach((p, k) => {
        const v = 100 * p * (1 - p);
        expect(Math.abs(sum[k]! / R - 100 * p), `${scheme} type ${k} mean`).toBeLessThan(5 * Math.sqrt(v / R));
        expect(Math.abs(sq[k]! / R - (sum[k]! / R) ** 2 - v) / v, `${scheme} type ${k} variance`).toBeLessThan(0.1);
      });
    }
  });
});

describe("the bootstrap with GameBench's fit (estimator: 'gamebench')", () => {
  const duel = (id: string, gameId: string, a: string, b: string, sa: number): RatedMatch => ({
    id,
    gameId,
    seats: [
      { agentId: a, score: sa },
      { agentId: b, score: 1 - sa },
    ],
  });
  const matches = [
    duel('1', 'x', 'a', 'b', 1),
    duel('2', 'x', 'a', 'b', 0),
    duel('3', 'x', 'a', 'c', 1),
    duel('4', 'y', 'b', 'c', 0.75),
    duel('5', 'y', 'c', 'a', 0),
    duel('6', 'y', 'b', 'c', 1),
    duel('7', 'y', 'a', 'b', 1),
  ];
  it('fits the point estimate and every resample with ILSR, ties left out', () => {
    const data = prepareBootstrap(matches, { estimator: 'gamebench', scheme: 'plain' });
    const { beta } = fitIlsr(gamebenchWinMatrix(indexMatches(matches)));
    data.point.forEach((b, k) => expect(b).toBeCloseTo(beta[k]!, 7));
    // A tie adds nothing to GameBench's fit (the arena's MM fit moves).
    const tied = [...matches, duel('8', 'y', 'a', 'c', 0.5), duel('9', 'y', 'a', 'c', 0.5)];
    prepareBootstrap(tied, { estimator: 'gamebench' }).point.forEach((b, k) =>
      expect(b).toBeCloseTo(data.point[k]!, 7),
    );
    expect(prepareBootstrap(tied).point[0]).not.toBeCloseTo(prepareBootstrap(matches).point[0]!, 3);
    // Round r resamples exactly as the MM bootstrap does; only the fit differs.
    const rounds = runRounds(data, 0, 3);
    expect(rounds.length).toBe(9);
    expect([...rounds].every(Number.isFinite)).toBe(true);
    expect(bootstrap(matches, { estimator: 'gamebench', rounds: 50 }).agents.map((a) => a.beta.mean)).not.toEqual(
      bootstrap(matches, { rounds: 50 }).agents.map((a) => a.beta.mean),
    );
  });
});
