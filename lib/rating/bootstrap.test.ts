// Tests of the bootstrap: determinism, interval behaviour, lowData, game weighting.
import { describe, expect, it } from 'vitest';
import { createRng } from '../engine/rng';
import { bootstrap, prepareBootstrap, quantile, type BootstrapResult } from './bootstrap';
import { bradleyTerry, winProbability } from './bradley-terry';
import { rankAgents } from './ranks';
import type { Interval, RatedMatch } from './types';

let nextId = 0;
function duel(a: string, b: string, scoreA: number, gameId = 'g'): RatedMatch {
  return { id: `m${nextId++}`, gameId, seats: [{ agentId: a, score: scoreA }, { agentId: b, score: 1 - scoreA }] };
}
/** `wins` wins of a over b then `losses` losses, in one game. */
function record(a: string, b: string, wins: number, losses: number, gameId = 'g'): RatedMatch[] {
  return [...Array.from({ length: wins }, () => duel(a, b, 1, gameId)), ...Array.from({ length: losses }, () => duel(a, b, 0, gameId))];
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
    for (const id of ['a', 'b', 'c', 'd']) expect(width(agent(large, id).beta.ci95)).toBeLessThan(0.5 * width(agent(small, id).beta.ci95));
  });

  it('matches the textbook spread: 1000 matches at 30% wins give β_A − β_B ≈ ln(3/7) ± 1.96/√(n·p·(1 − p))', () => {
    const r = bootstrap(record('A', 'B', 300, 700), { rounds: 2000, seed: 1, anchorAgentId: 'B' });
    const a = agent(r, 'A');
    expect(agent(r, 'B').beta.ci95).toEqual({ lower: 0, upper: 0 }); // the anchor is fixed in every round
    expect(a.beta.median!).toBeCloseTo(Math.log(3 / 7), 2);
    expect(width(a.beta.ci95) / (2 * 1.96 / Math.sqrt(1000 * 0.21))).toBeGreaterThan(0.9);
    expect(width(a.beta.ci95) / (2 * 1.96 / Math.sqrt(1000 * 0.21))).toBeLessThan(1.1);
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
    expect(width(agent(diff, 'A').beta.ci95) / (2 * 1.96 / Math.sqrt(1000 * 0.35 * 0.65))).toBeGreaterThan(0.9);
    expect(width(agent(diff, 'A').beta.ci95) / (2 * 1.96 / Math.sqrt(1000 * 0.35 * 0.65))).toBeLessThan(1.1);
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
