// Tests of LLMArena's normalized score (its Table 1) on hand-computed tables: each environment by its own metric
// (TrueSkill μ from that game's matches, average reward, the undercover's win rate), 100 · x / max, then the average.
import { describe, expect, it } from 'vitest';
import { normalizedScores, normalizeTable, rawMetrics, type NormalizedBy, type RawTable } from './normalized';
import type { RatedMatch, RatedSeat } from './types';

let nextId = 0;
const m = (gameId: string, seats: RatedSeat[], extra: Partial<RatedMatch> = {}): RatedMatch => ({
  id: `m${nextId++}`,
  gameId,
  seats,
  finishedAt: nextId,
  ...extra,
});
const duel = (gameId: string, winner: string, loser: string) =>
  m(gameId, [
    { agentId: winner, score: 1 },
    { agentId: loser, score: 0 },
  ]);
const bid = (a: number, b: number) =>
  m('bid', [
    { agentId: 'a', score: a > b ? 1 : 0, reward: a },
    { agentId: 'b', score: a > b ? 0 : 1, reward: b },
  ]);
const hanabi = (x: string, y: string, points: number) =>
  m(
    'hanabi',
    [
      { agentId: x, score: 0.5 },
      { agentId: y, score: 0.5 },
    ],
    { cooperative: true, teamScore: points },
  );
/** Who is the spy: `spy` in the spy seat, `host` in three villager seats; the spy side wins or not. */
const spy = (spyAgent: string, host: string, spyWins: boolean) =>
  m('spy', [
    { agentId: spyAgent, score: spyWins ? 1 : 0, team: 'spy' },
    ...[0, 1, 2].map((): RatedSeat => ({ agentId: host, score: spyWins ? 0 : 1 / 3, team: 'villager' })),
  ]);

const BY: Record<string, NormalizedBy> = {
  ttt: 'trueskill',
  c4: 'trueskill',
  bid: 'reward',
  hanabi: 'reward',
  spy: { winRateAs: 'spy' },
};
// One 1v1 win from default ratings: ts-trueskill's known values (lib/rating/trueskill.test.ts).
const WIN_MU = 29.39583201999916;
const LOSS_MU = 20.604167980000835;

describe('LLMArena normalized score', () => {
  it('normalizes Appendix C into Table 1 as 100 · x / max (the paper’s own rows)', () => {
    const raw: RawTable = new Map([
      [
        'tictactoe',
        new Map([
          ['gpt-4', { raw: 29.02, samples: 50 }],
          ['gpt-3.5', { raw: 24.03, samples: 50 }],
        ]),
      ],
      [
        'undercover',
        new Map([
          ['gpt-4', { raw: 27, samples: 100 }],
          ['gpt-3.5', { raw: 25, samples: 100 }],
          ['qwen-72b', { raw: 17, samples: 100 }],
        ]),
      ],
    ]);
    const by = Object.fromEntries(normalizeTable(raw).map((n) => [n.agentId, n]));
    // Table 1: GPT-3.5-Turbo 82.81 in TicTacToe (from μ before Appendix C rounded them: 24.03 / 29.02 gives 82.805),
    // 92.59 in Undercover; Qwen-72B 62.96 in Undercover (win counts: exact).
    const [ttt, undercover] = by['gpt-3.5']!.games;
    expect(ttt!.percent).toBeCloseTo(82.81, 1);
    expect(undercover!.percent).toBeCloseTo(92.59, 2);
    expect(by['qwen-72b']!.games[0]!.percent).toBeCloseTo(62.96, 2);
    expect(by['gpt-4']!.average).toBe(100);
    expect(by['gpt-3.5']!.average).toBeCloseTo(((100 * 24.03) / 29.02 + (100 * 25) / 27) / 2, 12);
  });

  it('takes each game’s own metric: TrueSkill μ per game, average reward, one-model team score, undercover win rate', async () => {
    const matches = [
      duel('ttt', 'a', 'b'), // TicTacToe: a 29.396, b 20.604
      duel('c4', 'b', 'a'), // Connect Four, rated on its own: b 29.396, a 20.604 (pooled, they would be level)
      bid(30, 10),
      bid(20, 0), // a's rewards 30 and 20 (mean 25), b's 10 and 0 (mean 5)
      hanabi('a', 'a', 8),
      hanabi('a', 'a', 6),
      hanabi('b', 'b', 3.5),
      hanabi('a', 'b', 10), // a 7, b 3.5; a + b is not LLMArena's team
      spy('a', 'h', true),
      spy('a', 'h', false), // a as the spy: 1 of 2
      spy('b', 'h', true),
      spy('b', 'h', false),
      spy('b', 'h', false),
      spy('b', 'h', false), // b: 1 of 4
      spy('h', 'b', false), // b as a villager: not the undercover's metric
      m('chess', [
        { agentId: 'a', score: 1 },
        { agentId: 'b', score: 0 },
      ]), // not in the table
    ];
    const raw = rawMetrics(
      matches,
      BY,
      new Map([
        [
          'ttt',
          new Map([
            ['a', { mu: WIN_MU, sigma: 0, conservative: 0 }],
            ['b', { mu: LOSS_MU, sigma: 0, conservative: 0 }],
          ]),
        ],
        [
          'c4',
          new Map([
            ['b', { mu: WIN_MU, sigma: 0, conservative: 0 }],
            ['a', { mu: LOSS_MU, sigma: 0, conservative: 0 }],
          ]),
        ],
      ]),
    );
    expect(raw.get('bid')).toEqual(
      new Map([
        ['a', { raw: 25, samples: 2 }],
        ['b', { raw: 5, samples: 2 }],
      ]),
    );
    expect(raw.get('hanabi')).toEqual(
      new Map([
        ['a', { raw: 7, samples: 2 }],
        ['b', { raw: 3.5, samples: 1 }],
      ]),
    );
    expect(raw.get('spy')).toEqual(
      new Map([
        ['a', { raw: 0.5, samples: 2 }],
        ['b', { raw: 0.25, samples: 4 }],
        ['h', { raw: 0, samples: 1 }],
      ]),
    );
    expect(raw.has('chess')).toBe(false);

    const scores = await normalizedScores(matches, BY);
    const pct = (id: string) =>
      Object.fromEntries(scores.find((n) => n.agentId === id)!.games.map((g) => [g.gameId, g.percent]));
    const loser = (100 * LOSS_MU) / WIN_MU; // 70.092…: μ over the best μ, not min-max (which would give 0)
    const a = pct('a');
    const b = pct('b');
    expect(a.ttt).toBe(100);
    expect(b.ttt).toBeCloseTo(loser, 9);
    expect(a.c4).toBeCloseTo(loser, 9);
    expect(b.c4).toBe(100);
    expect([a.bid, b.bid]).toEqual([100, 20]);
    expect([a.hanabi, b.hanabi]).toEqual([100, 50]);
    expect([a.spy, b.spy]).toEqual([100, 50]);
    const avg = (id: string) => scores.find((n) => n.agentId === id)!.average;
    expect(avg('a')).toBeCloseTo((100 + loser + 100 + 100 + 100) / 5, 9);
    expect(avg('b')).toBeCloseTo((loser + 100 + 20 + 50 + 50) / 5, 9);
    // The raw TrueSkill values are μ from each game alone; samples count the matches TrueSkill rated.
    const aTtt = scores.find((n) => n.agentId === 'a')!.games.find((g) => g.gameId === 'ttt')!;
    expect(aTtt.raw).toBeCloseTo(WIN_MU, 9);
    expect(aTtt.samples).toBe(1);
    // h only ever lost as the spy: 0 of the best, in the one game it has a value in.
    expect(scores.find((n) => n.agentId === 'h')!.games.map((g) => [g.gameId, g.percent])).toEqual([['spy', 0]]);
  });

  it('leaves out games nobody scores in (best ≤ 0) and games without a metric', async () => {
    const scores = await normalizedScores([bid(0, 0), duel('chess', 'a', 'b')], { bid: 'reward' });
    expect(scores).toEqual([]);
  });
});
