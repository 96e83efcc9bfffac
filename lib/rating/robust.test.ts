import { describe, expect, it } from 'vitest';
import { bradleyTerry } from './bradley-terry';
import { firstEigen, generalFactor, leaveOneGameOut } from './robust';
import type { RatedMatch } from './types';

let id = 0;
/** `n` matches of a against b in game g, a scoring `sa` in each. */
const games = (g: string, a: string, b: string, n: number, sa: number): RatedMatch[] =>
  Array.from({ length: n }, () => ({ id: `m${id++}`, gameId: g, seats: [{ agentId: a, score: sa }, { agentId: b, score: 1 - sa }] }));

describe('leave one game out', () => {
  it('ranks the agents again without each game: here the order hinges on one game', () => {
    // In "chess" a > b > c clearly; in "sea" c beats everyone by far, and sea has many matches: overall c leads.
    const ms = [
      ...games('chess', 'a', 'b', 6, 1), ...games('chess', 'b', 'c', 6, 1), ...games('chess', 'a', 'c', 6, 1),
      ...games('chess', 'b', 'a', 2, 1), ...games('chess', 'c', 'b', 2, 1),
      ...games('sea', 'c', 'a', 20, 1), ...games('sea', 'c', 'b', 20, 1), ...games('sea', 'a', 'c', 1, 1), ...games('sea', 'b', 'c', 1, 1),
      ...games('sea', 'a', 'b', 3, 1), ...games('sea', 'b', 'a', 3, 1),
    ];
    const r = leaveOneGameOut(ms);
    expect(r.games).toEqual(['chess', 'sea']);
    const c = r.agents.find((x) => x.agentId === 'c')!;
    expect(r.agents[0]!.agentId).toBe('c');
    expect(c.rank).toBe(1);
    // Without sea, c is last (chess alone: a, b, c); without chess, c still first.
    expect(c.without).toEqual({ chess: 1, sea: 3 });
    expect(c.maxShift).toBe(2);
    expect(r.agents.find((x) => x.agentId === 'a')!.without.sea).toBe(1);
    // The ranks are those of the point fit itself.
    const fit = bradleyTerry(ms.filter((m) => m.gameId !== 'sea'));
    const order = fit.agents.map((a, k) => [a, fit.beta[k]!] as const).sort((x, y) => y[1] - x[1]).map(([a]) => a);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('leaves an agent unranked where it played only the left-out game, and gives nothing to leave out with one game', () => {
    const ms = [...games('g1', 'a', 'b', 3, 1), ...games('g1', 'b', 'a', 1, 1), ...games('g2', 'a', 'z', 2, 1), ...games('g2', 'z', 'a', 2, 1)];
    const r = leaveOneGameOut(ms);
    expect(r.agents.find((x) => x.agentId === 'z')!.without).toEqual({ g1: 1, g2: null });
    expect(leaveOneGameOut(games('g1', 'a', 'b', 3, 1)).games).toEqual([]);
  });
});

describe('the general factor', () => {
  it('finds the top eigenvector of a symmetric matrix (by hand: 2 + √2, (1/2, √2/2, 1/2))', () => {
    const { vector, value } = firstEigen([[2, 1, 0], [1, 2, 1], [0, 1, 2]]);
    expect(value).toBeCloseTo(2 + Math.SQRT2, 10);
    expect(vector.map(Math.abs)).toEqual([0.5, Math.SQRT1_2, 0.5].map((x) => expect.closeTo(x, 10)));
  });

  it('two games rated by the same agents: equal loadings √((1 + r)/2), explaining (1 + r)/2, with r their correlation', () => {
    // Four agents; in g1 the order is a > b > c > d, in g2 a > c > b > d.
    const league = (g: string, order: string[]) => order.flatMap((x, i) => order.slice(i + 1).flatMap((y, j) => [...games(g, x, y, 3 + j, 1), ...games(g, y, x, 1, 1)]));
    const ms = [...league('g1', ['a', 'b', 'c', 'd']), ...league('g2', ['a', 'c', 'b', 'd'])];
    const f = generalFactor(ms)!;
    expect(f.games).toEqual(['g1', 'g2']);
    // r from the per-game fits, computed here independently.
    const z = (g: string) => {
      const fit = bradleyTerry(ms.filter((m) => m.gameId === g));
      const mean = fit.beta.reduce((s, v) => s + v, 0) / 4;
      const sd = Math.sqrt(fit.beta.reduce((s, v) => s + (v - mean) ** 2, 0) / 4);
      return fit.beta.map((b) => (b - mean) / sd);
    };
    const [z1, z2] = [z('g1'), z('g2')];
    const r = z1.reduce((s, v, k) => s + v * z2[k]!, 0) / 4;
    expect(r).toBeGreaterThan(0);
    expect(r).toBeLessThan(1);
    expect(f.loadings.g1).toBeCloseTo(Math.sqrt((1 + r) / 2), 9);
    expect(f.loadings.g2).toBeCloseTo(Math.sqrt((1 + r) / 2), 9);
    expect(f.explained).toBeCloseTo((1 + r) / 2, 9);
    // The score is the mean of the two standardised ratings (equal weights): a first, d last.
    expect(f.agents.map((a) => a.agentId)).toEqual(['a', expect.any(String), expect.any(String), 'd']);
    expect(f.agents[0]!.score).toBeCloseTo((z1[0]! + z2[0]!) / 2, 9);
  });

  it('needs two games rated by three agents or more', () => {
    expect(generalFactor(games('g1', 'a', 'b', 3, 1))).toBeNull();
  });
});
