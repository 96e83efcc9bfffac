import { describe, expect, it } from 'vitest';
import { bradleyTerry } from './bradley-terry';
import { firstEigen, generalFactor, leaveOneGameOut, robustness } from './robust';
import type { RatedMatch } from './types';

let id = 0;
/** `n` matches of a against b in game g, a scoring `sa` in each. */
const games = (g: string, a: string, b: string, n: number, sa: number): RatedMatch[] =>
  Array.from({ length: n }, () => ({
    id: `m${id++}`,
    gameId: g,
    seats: [
      { agentId: a, score: sa },
      { agentId: b, score: 1 - sa },
    ],
  }));

describe('leave one game out', () => {
  it('ranks the agents again without each game: here the order hinges on one game', () => {
    // In "chess" a > b > c clearly; in "sea" c beats everyone by far, and sea has many matches: overall c leads.
    const ms = [
      ...games('chess', 'a', 'b', 6, 1),
      ...games('chess', 'b', 'c', 6, 1),
      ...games('chess', 'a', 'c', 6, 1),
      ...games('chess', 'b', 'a', 2, 1),
      ...games('chess', 'c', 'b', 2, 1),
      ...games('sea', 'c', 'a', 20, 1),
      ...games('sea', 'c', 'b', 20, 1),
      ...games('sea', 'a', 'c', 1, 1),
      ...games('sea', 'b', 'c', 1, 1),
      ...games('sea', 'a', 'b', 3, 1),
      ...games('sea', 'b', 'a', 3, 1),
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
    const order = fit.agents
      .map((a, k) => [a, fit.beta[k]!] as const)
      .sort((x, y) => y[1] - x[1])
      .map(([a]) => a);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('leaves an agent unranked where it played only the left-out game, and gives nothing to leave out with one game', () => {
    const ms = [
      ...games('g1', 'a', 'b', 3, 1),
      ...games('g1', 'b', 'a', 1, 1),
      ...games('g2', 'a', 'z', 2, 1),
      ...games('g2', 'z', 'a', 2, 1),
    ];
    const r = leaveOneGameOut(ms);
    expect(r.agents.find((x) => x.agentId === 'z')!.without).toEqual({ g1: 1, g2: null });
    expect(leaveOneGameOut(games('g1', 'a', 'b', 3, 1)).games).toEqual([]);
  });
  it("fits each subset from the games' sums exactly as a fit of those matches alone (random league, 4 games, a three-seat game)", () => {
    // A seeded league: 8 agents over 4 games, some games without some agents, one game of three seats; the left-out
    // fits (from summed per-game wins) must give the ranks that fitting the remaining matches themselves gives.
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const ms: RatedMatch[] = [];
    for (let i = 0; i < 400; i++) {
      const g = ['g1', 'g2', 'g3', 'g4'][i % 4]!;
      const pool = g === 'g4' ? ids.slice(0, 5) : ids;
      const x = pool[Math.floor(rnd() * pool.length)]!;
      const y = pool.filter((v) => v !== x)[Math.floor(rnd() * (pool.length - 1))]!;
      if (g === 'g3') {
        const z = pool.filter((v) => v !== x && v !== y)[0]!;
        ms.push({
          id: `r${i}`,
          gameId: g,
          seats: [
            { agentId: x, score: 1 },
            { agentId: y, score: 0 },
            { agentId: z, score: 0 },
          ],
        });
      } else
        ms.push({
          id: `r${i}`,
          gameId: g,
          seats: [
            { agentId: x, score: rnd() < 0.5 + ids.indexOf(x) / 20 ? 0 : 1 },
            { agentId: y, score: 0 },
          ].map((s, k, all) => (k === 1 ? { ...s, score: 1 - all[0]!.score } : s)),
        });
    }
    const r = leaveOneGameOut(ms);
    expect(r.games).toEqual(['g1', 'g2', 'g3', 'g4']);
    const ranksBy = (sub: RatedMatch[]) => {
      const fit = bradleyTerry(sub);
      return new Map(fit.agents.map((id, k) => [id, 1 + fit.beta.filter((b) => b > fit.beta[k]!).length]));
    };
    const overall = ranksBy(ms);
    for (const a of r.agents) {
      expect(a.rank).toBe(overall.get(a.agentId));
      expect(a.group).toBeNull();
      for (const g of r.games)
        expect(a.without[g]).toBe(ranksBy(ms.filter((m) => m.gameId !== g)).get(a.agentId) ?? null);
    }
    expect(robustness(ms).leaveOneOut).toEqual(r);
    expect(robustness(ms).factor).toEqual(generalFactor(ms));
  });

  it('ranks within groups: agents that never met are not ranked against each other, overall or without a game', () => {
    // Pool 1 (a, b, c) and pool 2 (x, y) never meet: two groups, each with its own rank 1. Without g2, the bridge
    // between c and d goes: d is alone in a group of its own there.
    const ms = [
      ...games('g1', 'a', 'b', 4, 1),
      ...games('g1', 'b', 'c', 4, 1),
      ...games('g1', 'b', 'a', 1, 1),
      ...games('g2', 'c', 'd', 3, 1),
      ...games('g2', 'd', 'c', 1, 1),
      ...games('g2', 'a', 'c', 2, 1),
      ...games('g1', 'x', 'y', 3, 1),
      ...games('g1', 'y', 'x', 1, 1),
      ...games('g2', 'x', 'y', 2, 1),
    ];
    const r = leaveOneGameOut(ms);
    const of = (id: string) => r.agents.find((a) => a.agentId === id)!;
    expect(of('a').group).toBe(0);
    expect(of('x').group).toBe(1);
    expect(of('x').rank).toBe(1);
    expect(of('y').rank).toBe(2);
    expect([of('a'), of('b'), of('c'), of('d')].map((a) => a.rank).sort()).toEqual([1, 2, 3, 4]);
    // Without g2: {a, b, c} and {x, y}; d played only g2.
    expect(of('d').without.g2).toBeNull();
    expect(of('x').without.g2).toBe(1);
    expect(of('a').without.g2).toBe(1);
    expect(of('a').groupWithout.g2).not.toBe(of('x').groupWithout.g2);
    // The rows come group by group.
    expect(r.agents.map((a) => a.group)).toEqual([0, 0, 0, 0, 1, 1]);
  });
});

describe('the general factor', () => {
  it('finds the top eigenvector of a symmetric matrix (by hand: 2 + √2, (1/2, √2/2, 1/2))', () => {
    const { vector, value } = firstEigen([
      [2, 1, 0],
      [1, 2, 1],
      [0, 1, 2],
    ]);
    expect(value).toBeCloseTo(2 + Math.SQRT2, 10);
    expect(vector.map(Math.abs)).toEqual([0.5, Math.SQRT1_2, 0.5].map((x) => expect.closeTo(x, 10)));
  });

  it('two games rated by the same agents: equal loadings √((1 + r)/2), explaining (1 + r)/2, with r their correlation', () => {
    // Four agents; in g1 the order is a > b > c > d, in g2 a > c > b > d.
    const league = (g: string, order: string[]) =>
      order.flatMap((x, i) =>
        order.slice(i + 1).flatMap((y, j) => [...games(g, x, y, 3 + j, 1), ...games(g, y, x, 1, 1)]),
      );
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
