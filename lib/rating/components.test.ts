// Tests of the comparison graph's components (hand-built graphs) and of the fits on a disconnected graph (issue 23, item 5).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bootstrap, prepareBootstrap, runRounds, type BootstrapOptions } from './bootstrap';
import { anchorBetas, bradleyTerry, fitWinMatrix, indexedWinMatrix, winMatrix } from './bradley-terry';
import { indexMatches } from './comparisons';
import { componentMembers, componentWinMatrix, connectedComponents, winMatrixComponents } from './components';
import { computeLeaderboard } from './compute-leaderboard';
import type { RatedMatch } from './types';

let nextId = 0;
/** A two-seat match where a scores `scoreA`. */
function duel(a: string, b: string, scoreA: number, gameId = 'g'): RatedMatch {
  nextId++;
  return {
    id: `m${nextId}`,
    gameId,
    finishedAt: nextId,
    seats: [
      { agentId: a, score: scoreA },
      { agentId: b, score: 1 - scoreA },
    ],
  };
}
const times = (n: number, make: () => RatedMatch) => Array.from({ length: n }, make);
const members = (comps: ReturnType<typeof connectedComponents>) =>
  Array.from({ length: comps.count }, (_, c) => [...componentMembers(comps, c)]);

describe('connectedComponents', () => {
  it('finds the components, largest first, ties by the smallest agent', () => {
    // 0-5, 5-2 (one of 3); 1-4, 4-7 (one of 3, smallest agent 1); 3-6 (2); 8 alone.
    const pairs: [number, number][] = [
      [4, 7],
      [0, 5],
      [6, 3],
      [5, 2],
      [1, 4],
    ];
    const comps = connectedComponents(
      9,
      pairs.map((p) => p[0]),
      pairs.map((p) => p[1]),
    );
    expect(comps.count).toBe(4);
    expect(members(comps)).toEqual([[0, 2, 5], [1, 4, 7], [3, 6], [8]]);
    expect([...comps.of]).toEqual([0, 1, 0, 2, 1, 0, 2, 1, 3]);
    expect([...comps.local]).toEqual([0, 0, 1, 0, 1, 2, 1, 2, 0]);
    // pairs by component, in input order: [0,5] (1) and [5,2] (3); [4,7] (0) and [1,4] (4); [6,3] (2).
    expect(
      Array.from({ length: comps.count }, (_, c) => [
        ...comps.pairs.subarray(comps.pairStart[c], comps.pairStart[c + 1]),
      ]),
    ).toEqual([[1, 3], [0, 4], [2], []]);
  });

  it('puts the larger component first whatever its smallest agent, and one connected graph in component 0', () => {
    const comps = connectedComponents(5, [0, 2, 3], [1, 3, 4]);
    expect(members(comps)).toEqual([
      [2, 3, 4],
      [0, 1],
    ]);
    const one = connectedComponents(4, [0, 1, 2], [1, 2, 3]);
    expect(one.count).toBe(1);
    expect([...one.of]).toEqual([0, 0, 0, 0]);
    expect(connectedComponents(0, [], []).count).toBe(0);
    expect(connectedComponents(3, [], []).count).toBe(3);
  });

  it('merges along long chains and does not depend on the order of the pairs', () => {
    const n = 1000;
    const i = Array.from({ length: n - 1 }, (_, k) => k);
    const j = i.map((k) => k + 1);
    expect(connectedComponents(n, i, j).count).toBe(1);
    expect(connectedComponents(n, [...i].reverse(), [...j].reverse()).count).toBe(1);
    // every other link missing: pairs (2k, 2k+1) only
    const even = i.filter((k) => k % 2 === 0);
    const halves = connectedComponents(
      n,
      even,
      even.map((k) => k + 1),
    );
    expect(halves.count).toBe(500);
    expect([...componentMembers(halves, 499)]).toEqual([998, 999]);
  });

  it('counts a pair of a win matrix as an edge only when it holds a comparison', () => {
    const m = winMatrix(4, [
      { i: 0, j: 1, wi: 1, wj: 0 },
      { i: 1, j: 2, wi: 0, wj: 0 },
      { i: 2, j: 3, wi: 0.5, wj: 0.5 },
    ]);
    const comps = winMatrixComponents(m);
    expect(members(comps)).toEqual([
      [0, 1],
      [2, 3],
    ]);
    // the empty pair (1, 2) joins two components: it belongs to neither
    expect(comps.pairs.length).toBe(2);
    const sub = componentWinMatrix(m, comps, 1);
    expect(sub).toEqual({
      n: 2,
      pairI: Int32Array.from([0]),
      pairJ: Int32Array.from([1]),
      winsI: Float64Array.from([0.5]),
      winsJ: Float64Array.from([0.5]),
    });
  });

  it('rejects a pair outside the agents', () => {
    expect(() => connectedComponents(2, [0], [2])).toThrow(/bad pair 0/);
  });
});

/** Two groups that never met: A beats B 3–1, C beats D 2–0. */
const twoGroups = (): RatedMatch[] => [
  duel('A', 'B', 1),
  duel('A', 'B', 1),
  duel('B', 'A', 0),
  duel('B', 'A', 1),
  duel('C', 'D', 1),
  duel('D', 'C', 0),
];

describe('Bradley-Terry on a disconnected comparison graph', () => {
  it('fits each group on its own, in few iterations (the fit of the whole graph needed 178)', () => {
    const fit = bradleyTerry(twoGroups());
    expect(fit.agents).toEqual(['A', 'B', 'C', 'D']);
    expect(fit.groups).toBe(2);
    expect(fit.group).toEqual([0, 0, 1, 1]); // equal sizes: the group of the smaller agent first
    // Measured before this change: 178 MM iterations at tolerance 1e-10 (114 at 1e-7); each group alone needs 12 and 19.
    expect(fit.iterations).toBeLessThanOrEqual(40);
    // Each group is exactly the fit of its matches alone (the prior centres it, then it is centred at mean β = 0).
    const ab = bradleyTerry(twoGroups().slice(0, 4));
    const cd = bradleyTerry(twoGroups().slice(4));
    expect(fit.beta).toEqual([...ab.beta, ...cd.beta]);
    // By hand, with the prior (one virtual draw against β = 0): A–B symmetric, so β_A = −β_B = b with
    // 3 + ½ = 4·e^b/(e^b + e^−b) + e^b/(e^b + 1) → b ≈ 0.4744; C–D: 2 + ½ = 2·e^c/(e^c + e^−c) + e^c/(e^c + 1).
    const score = (b: number, wins: number, games: number) =>
      wins + 0.5 - games / (1 + Math.exp(-2 * b)) - 1 / (1 + Math.exp(-b));
    expect(score(fit.beta[0]!, 3, 4)).toBeCloseTo(0, 9);
    expect(score(fit.beta[2]!, 2, 2)).toBeCloseTo(0, 9);
    expect(fit.beta[0]).toBeCloseTo(-fit.beta[1]!, 12);
  });

  it('anchors the anchor group only; the other group is centred', () => {
    const fit = bradleyTerry(twoGroups(), { anchorAgentId: 'B' });
    expect(fit.beta[1]).toBe(0);
    expect(fit.beta[0]).toBeCloseTo(2 * 0.4744434506, 8);
    expect(fit.beta[2]! + fit.beta[3]!).toBeCloseTo(0, 12);
    const beta = Float64Array.from([1, 3, 10, 20, 30]);
    anchorBetas(beta, 4, connectedComponents(5, [0, 2, 3], [1, 3, 4]));
    expect([...beta]).toEqual([-1, 1, -20, -10, 0]);
  });

  it('fits without a prior too, each group centred (where the whole fit could only centre all of them)', () => {
    const ms = [...twoGroups(), duel('B', 'A', 1), duel('D', 'C', 1)]; // A–B 3:2, C–D 2:1
    const fit = bradleyTerry(ms, { prior: 0 });
    expect(fit.beta[0]! - fit.beta[1]!).toBeCloseTo(Math.log(3 / 2), 8);
    expect(fit.beta[2]! - fit.beta[3]!).toBeCloseTo(Math.log(2), 8);
    expect(fit.beta[0]! + fit.beta[1]!).toBeCloseTo(0, 12);
    expect(fit.beta[2]! + fit.beta[3]!).toBeCloseTo(0, 12);
  });

  it('gives the iterations of the slowest group, and the whole-graph start split by group', () => {
    const x = indexMatches(twoGroups());
    const m = indexedWinMatrix(x);
    const cold = fitWinMatrix(m);
    const warm = fitWinMatrix(m, {}, cold.beta);
    expect(warm.iterations).toBeLessThanOrEqual(2);
    for (let k = 0; k < 4; k++) expect(warm.beta[k]).toBeCloseTo(cold.beta[k]!, 9);
    expect(() => fitWinMatrix(m, {}, undefined, connectedComponents(3, [], []))).toThrow(/components of 3 agents/);
  });
});

describe('the bootstrap and the leaderboard on a disconnected comparison graph', () => {
  const ms = [
    ...twoGroups(),
    ...times(6, () => duel('A', 'B', 1)),
    ...times(3, () => duel('B', 'A', 1)),
    ...times(5, () => duel('C', 'D', 0.5)),
    duel('E', 'C', 1),
    duel('F', 'G', 1),
  ];
  // Groups: {A, B} (13 matches) is not larger than {C, D, E} (8 matches, 3 agents): C–D–E is group 0, A–B group 1, F–G group 2.

  it('says which group every agent is in, and anchors and resamples each group on its own', () => {
    const boot = bootstrap(ms, { rounds: 50, seed: 1, minMatches: 1 });
    expect(boot.groups).toBe(3);
    expect(boot.agents.map((a) => [a.agentId, a.group])).toEqual([
      ['A', 1],
      ['B', 1],
      ['C', 0],
      ['D', 0],
      ['E', 0],
      ['F', 2],
      ['G', 2],
    ]);
    const data = prepareBootstrap(ms, { seed: 1 });
    const samples = runRounds(data, 0, 50);
    for (let r = 0; r < 50; r++) {
      const row = samples.subarray(r * 7, r * 7 + 7);
      expect(row[0]! + row[1]!).toBeCloseTo(0, 9); // every round centres every group
      expect(row[2]! + row[3]! + row[4]!).toBeCloseTo(0, 9);
      expect(row[5]! + row[6]!).toBeCloseTo(0, 9);
    }
    // Each group's point estimate is that of its matches alone (up to the tolerance of the point fit).
    const alone = bradleyTerry(ms.filter((m) => m.seats.some((s) => 'CDE'.includes(s.agentId))));
    alone.beta.forEach((b, k) => expect(data.point[2 + k]).toBeCloseTo(b, 9));
  });

  it('ranks within each group, rows group by group, and counts the groups', async () => {
    const board = await computeLeaderboard(ms, { rounds: 100, seed: 2, minMatches: 1, trueSkill: false });
    expect(board.groups).toBe(3);
    expect(new Set(board.rows.slice(0, 3).map((r) => r.agentId))).toEqual(new Set(['C', 'D', 'E']));
    // every group has its own rank 1, and ranks never count agents of another group
    for (const g of [0, 1, 2]) {
      const rows = board.rows.filter((r) => r.group === g);
      expect(Math.min(...rows.map((r) => r.rank))).toBe(1);
      expect(Math.max(...rows.map((r) => r.rank))).toBeLessThanOrEqual(rows.length);
    }
    expect(board.rows.map((r) => r.group)).toEqual([0, 0, 0, 1, 1, 2, 2]);
    // the two-agent groups: the winner first (A 9:4 against B; F beat G once, rank by point estimate since minMatches 1)
    expect(board.rows.slice(3).map((r) => r.agentId)).toEqual(['A', 'B', 'F', 'G']);
    expect(board.rows.find((r) => r.agentId === 'G')!.rank).toBe(2);
    // No pair of the head-to-head table crosses groups.
    for (const p of board.pairwise)
      expect(board.rows.find((r) => r.agentId === p.i)!.group).toBe(board.rows.find((r) => r.agentId === p.j)!.group);
  });
});

/** Fits of connected graphs captured from the code before components.ts (fixtures/connected-fits.json): still exactly equal. */
describe('connected comparison graphs: exactly the fits from before', () => {
  const fixture = JSON.parse(readFileSync(new URL('./fixtures/connected-fits.json', import.meta.url), 'utf8')) as {
    cases: {
      name: string;
      matches: RatedMatch[];
      opts: BootstrapOptions;
      fit: object;
      boot: { agents: object[] };
      pointBefore: number[];
      rows: object[];
      pairwise: object[];
    }[];
  };
  it.each(fixture.cases.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const fit = bradleyTerry(c.matches, { prior: c.opts.prior, anchorAgentId: c.opts.anchorAgentId });
    const { group, groups, ...rest } = fit;
    expect(rest).toEqual(c.fit);
    expect(groups).toBe(1);
    expect(new Set(group)).toEqual(new Set([0]));
    const boot = bootstrap(c.matches, c.opts);
    expect(boot.groups).toBe(1);
    expect({
      ...boot,
      groups: undefined,
      agents: boot.agents.map(({ group: g, ...a }) => (expect(g).toBe(0), a)),
    }).toEqual({ ...c.boot, groups: undefined });
    // The bootstrap's point estimate is the fit from before (its win matrix summed in another order: to 12 decimals).
    boot.agents.forEach((a, k) => expect(a.beta.point).toBeCloseTo(c.pointBefore[k]!, 12));
    const board = await computeLeaderboard(c.matches, {
      ...c.opts,
      interval: c.opts.anchorAgentId ? 0.9 : 0.95,
      trueSkill: false,
    });
    expect(board.groups).toBe(1);
    expect(board.rows.map(({ group: g, ...r }) => (expect(g).toBeNull(), r))).toEqual(c.rows);
    const pairwise = c.pairwise as { winProbModel: number }[];
    expect(board.pairwise.map(({ winProbModel: _, ...p }) => p)).toEqual(
      pairwise.map(({ winProbModel: _, ...p }) => p),
    );
    board.pairwise.forEach((p, k) => expect(p.winProbModel).toBeCloseTo(pairwise[k]!.winProbModel, 12));
  });
});
