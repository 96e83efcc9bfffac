// Tests of computeLeaderboard: rows (records, ratings, ranks, flags), the pairwise table, options.
import { describe, expect, it } from 'vitest';
import { bootstrap } from './bootstrap';
import { winProbability } from './bradley-terry';
import { eloRatings } from './elo';
import { computeLeaderboard } from './compute-leaderboard';
import { trueSkillRatings } from './trueskill';
import type { RatedMatch } from './types';

let nextId = 0;
function match(seats: [agentId: string, score: number][], extra: Partial<RatedMatch> = {}): RatedMatch {
  return {
    id: `m${nextId++}`,
    gameId: 'chess',
    finishedAt: nextId,
    seats: seats.map(([agentId, score]) => ({ agentId, score })),
    ...extra,
  };
}
const times = (n: number, make: () => RatedMatch) => Array.from({ length: n }, make);

const matches: RatedMatch[] = [
  ...times(16, () =>
    match([
      ['a', 1],
      ['b', 0],
    ]),
  ),
  ...times(4, () =>
    match([
      ['a', 0.5],
      ['b', 0.5],
    ]),
  ),
  ...times(14, () =>
    match([
      ['b', 1],
      ['c', 0],
    ]),
  ),
  ...times(6, () =>
    match([
      ['c', 1],
      ['b', 0],
    ]),
  ),
  ...times(18, () =>
    match([
      ['a', 1],
      ['c', 0],
    ]),
  ),
  ...times(2, () =>
    match([
      ['c', 1],
      ['a', 0],
    ]),
  ),
  match(
    [
      ['a', 1],
      ['b', 0],
      ['c', 0],
    ],
    { gameId: 'ffa' },
  ),
  match(
    [
      ['a', 0.5],
      ['b', 0.5],
      ['c', 0],
    ],
    { gameId: 'ffa' },
  ),
  match([
    ['z', 1],
    ['c', 0],
  ]),
  match([
    ['z', 0],
    ['a', 1],
  ]),
  match(
    [
      ['a', 0.5],
      ['c', 0.5],
    ],
    { gameId: 'hanabi', cooperative: true, teamScore: 18 },
  ),
];

describe('computeLeaderboard', () => {
  it('assembles ratings, intervals, ranks, records and flags per agent', async () => {
    const board = await computeLeaderboard(matches, {
      rounds: 200,
      seed: 1,
      normalizedBy: { chess: 'trueskill', hanabi: 'reward' },
    });
    const row = (id: string) => board.rows.find((r) => r.agentId === id)!;
    const [a, b, c, z] = ['a', 'b', 'c', 'z'].map(row);
    expect(board.rows).toHaveLength(4); // not the cooperative-only view: every agent here has rated matches
    expect(board.rows.map((r) => r.rank)).toEqual([...board.rows.map((r) => r.rank)].sort((x, y) => x - y));
    expect(b!.rating.point).toBeGreaterThan(c!.rating.point);
    expect(a!.rank).toBe(1);
    expect(b!.rank).toBeGreaterThan(1);
    expect(a).toMatchObject({ matches: 43, wins: 16 + 18 + 1 + 1, draws: 4 + 1, losses: 2, lowData: false });
    expect(a!.averageScore).toBeCloseTo((16 + 2 + 18 + 1 + 0.5 + 1) / 43, 12);
    expect(c).toMatchObject({ matches: 43, wins: 6 + 2, draws: 0, losses: 14 + 18 + 2 + 1 });
    expect(z).toMatchObject({ matches: 2, wins: 1, losses: 1, lowData: true, beta: { ci95: null, median: null } });
    expect(a!.rating.point).toBeCloseTo(1000 + (400 / Math.LN10) * a!.beta.point, 9);
    expect(board.rows.reduce((s, r) => s + r.beta.point, 0)).toBeCloseTo(0, 9); // centred without an anchor
    const elo = eloRatings(matches);
    for (const r of board.rows) expect(r.elo).toBe(elo.get(r.agentId));
    expect(a!.trueSkill!.mu).toBeGreaterThan(c!.trueSkill!.mu);
    // a + c is a mixed team: LLMArena's per-agent table has only one-model teams, the mixed ones are apart.
    expect(board.cooperative).toEqual([]);
    expect(board.cooperativeMixed.map((s) => [s.key, s.mean])).toEqual([['a + c', 18]]);
    // LLMArena's Table 1 covers the games given a metric (not ffa), chess by TrueSkill μ from chess matches alone.
    expect(board.normalized.map((n) => [n.agentId, n.games.map((g) => g.gameId)])).toEqual([
      ['a', ['chess']],
      ['b', ['chess']],
      ['c', ['chess']],
      ['z', ['chess']],
    ]);
    const chess = await trueSkillRatings(matches.filter((m) => m.gameId === 'chess'));
    const best = Math.max(...[...chess.values()].map((r) => r.mu));
    for (const n of board.normalized) {
      expect(n.games[0]!.raw).toBeCloseTo(chess.get(n.agentId)!.mu, 12);
      expect(n.games[0]!.percent).toBeCloseTo((100 * chess.get(n.agentId)!.mu) / best, 12);
    }
    expect(board.normalized.find((n) => n.agentId === 'a')!.games[0]!.raw).not.toBeCloseTo(a!.trueSkill!.mu, 6); // not the pooled μ
    expect(board).toMatchObject({ scheme: 'plain', rounds: 200, interval: 0.95 });
  });

  it('lists every pair that met, with observed and model win probabilities', async () => {
    const board = await computeLeaderboard(matches, { rounds: 50, trueSkill: false });
    const beta = Object.fromEntries(board.rows.map((r) => [r.agentId, r.beta.point]));
    const ab = board.pairwise.find((p) => p.i === 'a' && p.j === 'b')!;
    // 20 duels (16 wins, 4 draws) + two 3-player matches at weight 1/2 (a win, a draw)
    expect(ab.matches).toBe(22);
    expect(ab.winProbObserved).toBeCloseTo((16 + 2 + 0.5 + 0.25) / (20 + 1), 12);
    expect(ab.winProbModel).toBeCloseTo(winProbability(beta.a!, beta.b!), 12);
    expect(board.pairwise.map((p) => `${p.i}${p.j}`)).toEqual(['ab', 'ac', 'az', 'bc', 'cz']);
    expect(board.rows.every((r) => r.trueSkill === null)).toBe(true);
  });

  it('passes its options through: anchor, interval, scheme, minMatches, Elo K', async () => {
    const board = await computeLeaderboard(matches, {
      rounds: 100,
      anchorAgentId: 'c',
      interval: 0.9,
      scheme: 'game-weighted',
      minMatches: 1,
      eloK: 32,
      trueSkill: false,
    });
    const c = board.rows.find((r) => r.agentId === 'c')!;
    expect(c.rating.point).toBe(1000);
    expect(c.rating.ci90).toEqual({ lower: 1000, upper: 1000 });
    expect(board.rows.find((r) => r.agentId === 'z')!.lowData).toBe(false);
    expect(board).toMatchObject({ scheme: 'game-weighted', interval: 0.9 });
    expect(board.rows.find((r) => r.agentId === 'a')!.elo).toBe(eloRatings(matches, { k: 32 }).get('a'));
    const boot = bootstrap(matches, { rounds: 100, anchorAgentId: 'c', scheme: 'game-weighted', minMatches: 1 });
    expect(board.rows.find((r) => r.agentId === 'a')!.beta).toEqual(boot.agents[0]!.beta);
  });

  it('copes with no rated matches at all', async () => {
    const board = await computeLeaderboard(
      matches.filter((m) => m.cooperative),
      { rounds: 10 },
    );
    expect(board.rows).toEqual([]);
    expect(board.pairwise).toEqual([]);
    expect(board.cooperative).toEqual([]); // the one match is a mixed team
    expect(board.cooperativeMixed).toHaveLength(1);
  });
});

describe("GameBench's total score (Table 3)", () => {
  it("sums an agent's seats per match: commanding a whole side that wins scores 1, not a seat's 1/3", async () => {
    // Sea Battle: x commands red (three seats), y blue; the winning side's seats score 1/3 each.
    const side = (winner: 'x' | 'y'): RatedMatch => ({
      id: `m${nextId++}`,
      gameId: 'sea',
      seats: [0, 1, 2, 3, 4, 5].map((k) => ({
        agentId: k < 3 ? 'x' : 'y',
        team: k < 3 ? 'red' : 'blue',
        score: k < 3 === (winner === 'x') ? 1 / 3 : 0,
      })),
    });
    const board = await computeLeaderboard([side('x'), side('x'), side('y')], { rounds: 0, trueSkill: false });
    const x = board.rows.find((r) => r.agentId === 'x')!;
    expect(x.matches).toBe(3);
    expect(x.totalScore).toBeCloseTo(2, 12);
    expect(x.totalScore / x.matches).toBeCloseTo(2 / 3, 12);
    // The seat average is another number: a third of that.
    expect(x.averageScore).toBeCloseTo(2 / 9, 12);
  });
});

describe('a side commanded by one agent is one player', () => {
  it('A wins Sea Battle 3–1 commanding all three ships and loses Santorini 1–3: A = B, as GameBench rates them', async () => {
    // Hand-computed: one comparison per match, so A has 4 wins in 8 against B, and the fit is symmetric (β_A = β_B).
    // Counting a comparison per pair of ships gave Sea Battle three times Santorini's weight: A 3·3 + 1 = 10 wins of 16.
    const sea = (winner: 'A' | 'B'): RatedMatch => ({
      id: `m${nextId++}`,
      gameId: 'sea-battle',
      seats: [0, 1, 2, 3, 4, 5].map((k) => ({
        agentId: k < 3 ? 'A' : 'B',
        team: k < 3 ? 'red' : 'blue',
        score: k < 3 === (winner === 'A') ? 1 / 3 : 0,
      })),
    });
    const santorini = (winner: 'A' | 'B'): RatedMatch => ({
      id: `m${nextId++}`,
      gameId: 'santorini',
      seats: [
        { agentId: 'A', score: winner === 'A' ? 1 : 0 },
        { agentId: 'B', score: winner === 'B' ? 1 : 0 },
      ],
    });
    const matches = [
      sea('A'),
      sea('A'),
      sea('A'),
      sea('B'),
      santorini('A'),
      santorini('B'),
      santorini('B'),
      santorini('B'),
    ];
    for (const estimator of ['mm', 'gamebench'] as const) {
      const board = await computeLeaderboard(matches, { rounds: 0, trueSkill: false, estimator });
      const [a, b] = ['A', 'B'].map((id) => board.rows.find((r) => r.agentId === id)!);
      expect(a!.beta.point - b!.beta.point, estimator).toBeCloseTo(0, 6);
    }
    // Elo moves as far for one Sea Battle as for one Santorini: K/2 = 8 points from level.
    expect(eloRatings([sea('A')], { k: 16 }).get('A')).toBeCloseTo(1008, 9);
    expect(eloRatings([santorini('A')], { k: 16 }).get('A')).toBeCloseTo(1008, 9);
  });
});
