// Tests of TrueSkill through ts-trueskill: the known 1v1 values, draws, teams and free-for-all ranks.
import { TrueSkill } from 'ts-trueskill';
import { describe, expect, it } from 'vitest';
import { createRng } from '../engine/rng';
import { rateHeadToHead, trueSkillRatings, trueSkillTeams } from './trueskill';
import type { RatedMatch } from './types';

function match(
  id: string,
  seats: [agentId: string, score: number, team?: string][],
  extra: Partial<RatedMatch> = {},
): RatedMatch {
  return { id, gameId: 'g', seats: seats.map(([agentId, score, team]) => ({ agentId, score, team })), ...extra };
}

describe('TrueSkill', () => {
  it('gives the known values after one 1v1 win from default ratings', async () => {
    const r = await trueSkillRatings([
      match('1', [
        ['w', 1],
        ['l', 0],
      ]),
    ]);
    expect(r.get('w')!.mu).toBeCloseTo(29.396, 3);
    expect(r.get('w')!.sigma).toBeCloseTo(7.171, 3);
    expect(r.get('l')!.mu).toBeCloseTo(20.604, 3);
    expect(r.get('l')!.sigma).toBeCloseTo(7.171, 3);
    expect(r.get('w')!.conservative).toBeCloseTo(r.get('w')!.mu - 3 * r.get('w')!.sigma, 12);
  });

  it('keeps μ equal after a draw between equals, and ignores cooperative and self-play matches', async () => {
    const r = await trueSkillRatings([
      match('1', [
        ['a', 0.5],
        ['b', 0.5],
      ]),
      match(
        '2',
        [
          ['a', 0.5],
          ['b', 0.5],
        ],
        { cooperative: true, teamScore: 10 },
      ),
      match('3', [
        ['a', 1],
        ['a', 0],
      ]),
    ]);
    expect(r.get('a')!.mu).toBeCloseTo(25, 9);
    expect(r.get('b')!.mu).toBeCloseTo(25, 9);
    expect(r.get('a')!.sigma).toBeLessThan(25 / 3);
  });

  it('rates teams as teams and a free-for-all by score, ties sharing a rank', async () => {
    const teams = await trueSkillRatings([
      match('1', [
        ['a', 0.5, 'x'],
        ['b', 0.5, 'x'],
        ['c', 0, 'y'],
        ['d', 0, 'y'],
      ]),
    ]);
    expect(teams.get('a')!.mu).toBeCloseTo(teams.get('b')!.mu, 9);
    expect(teams.get('a')!.mu).toBeGreaterThan(25);
    expect(teams.get('c')!.mu).toBeLessThan(25);
    // A free-for-all is a chain of adjacent comparisons solved approximately, so tied seats come out close, not equal.
    const ffa = await trueSkillRatings([
      match('1', [
        ['a', 0.5],
        ['b', 0.5],
        ['c', 0],
        ['d', 0],
      ]),
    ]);
    expect(ffa.get('a')!.mu).toBeCloseTo(ffa.get('b')!.mu, 1);
    expect(ffa.get('c')!.mu).toBeCloseTo(ffa.get('d')!.mu, 1);
    expect(ffa.get('a')!.mu).toBeGreaterThan(ffa.get('c')!.mu);
  });

  it('rates an agent holding several seats as one player: its seats are one team against the others (Undercover)', async () => {
    // h beats x first, so the ratings going in are not the defaults; then h holds three villager seats against g the spy.
    const villagers = (score: number): [string, number, string][] => [
      ['h', score, 'villager'],
      ['h', score, 'villager'],
      ['h', score, 'villager'],
    ];
    const r = await trueSkillRatings([
      match('1', [
        ['h', 1],
        ['x', 0],
      ]),
      match('2', [['g', 1, 'spy'], ...villagers(0)]),
    ]);
    // By hand with ts-trueskill: h is one player (not three teammates, not skipped), the spy's team beat it.
    const env = new TrueSkill(25, 25 / 3);
    const [[h1], [x1]] = env.rate([[env.createRating()], [env.createRating()]], [0, 1]);
    const [[g2], [h2]] = env.rate([[env.createRating()], [h1!]], [0, 1]);
    expect(r.get('h')!.mu).toBeCloseTo(h2!.mu, 9);
    expect(r.get('h')!.sigma).toBeCloseTo(h2!.sigma, 9);
    expect(r.get('g')!.mu).toBeCloseTo(g2!.mu, 9);
    expect(r.get('g')!.sigma).toBeCloseTo(g2!.sigma, 9);
    expect(r.get('x')!.mu).toBeCloseTo(x1!.mu, 9);
    expect(r.get('h')!.mu).toBeLessThan(h1!.mu);
  });

  it('merges an agent’s seats on several sides into one team, ranked by its best side; an agent on every side rates no one', async () => {
    // Free-for-all, a in three seats (0.1, 0.4, 0.2), b in one (0.3): a's best seat beat b.
    const ffa = match('1', [
      ['a', 0.1],
      ['a', 0.4],
      ['a', 0.2],
      ['b', 0.3],
    ]);
    expect(trueSkillTeams(ffa)).toEqual([
      { agentIds: ['a'], score: 0.4 },
      { agentIds: ['b'], score: 0.3 },
    ]);
    const r = await trueSkillRatings([ffa]);
    const env = new TrueSkill(25, 25 / 3);
    const [[a], [b]] = env.rate([[env.createRating()], [env.createRating()]], [0, 1]);
    expect(r.get('a')!.mu).toBeCloseTo(a!.mu, 9);
    expect(r.get('b')!.mu).toBeCloseTo(b!.mu, 9);
    // A team game where a sits on both teams: everything is one team, nothing to rate.
    expect(
      trueSkillTeams(
        match('2', [
          ['a', 0.5, 'x'],
          ['b', 0.5, 'x'],
          ['a', 0, 'y'],
          ['c', 0, 'y'],
        ]),
      ),
    ).toBeNull();
    expect(
      trueSkillTeams(
        match('3', [
          ['a', 1],
          ['a', 0],
        ]),
      ),
    ).toBeNull();
  });

  it("rates one player against one in closed form exactly as ts-trueskill's factor graph does (wins, losses, draws, upsets)", () => {
    const rng = createRng('head-to-head');
    for (const env of [new TrueSkill(), new TrueSkill(1500, 500)]) {
      const scale = env.mu / 25;
      for (let i = 0; i < 3000; i++) {
        // Means up to 40 default σ apart at the extremes (the v function's guard), σ from tiny to the prior's.
        const a = env.createRating(
          env.mu + scale * (rng.next() - 0.5) * (i % 10 === 0 ? 300 : 40),
          scale * (0.05 + 8.3 * rng.next()),
        );
        const b = env.createRating(env.mu + scale * (rng.next() - 0.5) * 40, scale * (0.05 + 8.3 * rng.next()));
        const ranks = [
          [0, 1],
          [1, 0],
          [0, 0],
        ][i % 3]!;
        let graph: ReturnType<TrueSkill['rate']> | Error;
        try {
          graph = env.rate([[a], [b]], ranks);
        } catch (err) {
          graph = err as Error;
        }
        if (graph instanceof Error) {
          // Where the graph gives up in floating point, so does the closed form, with the same words.
          expect(() => rateHeadToHead(env, a, b, ranks)).toThrow(graph.message);
          continue;
        }
        const [x, y] = rateHeadToHead(env, a, b, ranks);
        for (const [mine, theirs] of [
          [x, graph[0]![0]!],
          [y, graph[1]![0]!],
        ] as const) {
          expect(Math.abs(mine.mu - theirs.mu)).toBeLessThanOrEqual(1e-9 * scale);
          expect(Math.abs(mine.sigma - theirs.sigma)).toBeLessThanOrEqual(1e-9 * scale);
        }
      }
    }
  });

  it('replays a long run of two-player matches as the factor graph would, match after match', async () => {
    const rng = createRng('replay');
    const agents = ['a', 'b', 'c', 'd', 'e', 'f'];
    const matches: RatedMatch[] = Array.from({ length: 2000 }, (_, i) => {
      const [p, q] = rng.shuffle([...agents]);
      const u = rng.next();
      return match(
        String(i),
        [
          [p!, u < 0.45 ? 1 : u < 0.55 ? 0.5 : 0],
          [q!, u < 0.45 ? 0 : u < 0.55 ? 0.5 : 1],
        ],
        { finishedAt: i },
      );
    });
    const fast = await trueSkillRatings(matches);
    // The same matches through ts-trueskill's factor graph, one by one.
    const env = new TrueSkill();
    const slow = new Map<string, ReturnType<TrueSkill['createRating']>>();
    for (const m of matches) {
      const [p, q] = m.seats;
      const ranks = p!.score === q!.score ? [0, 0] : p!.score > q!.score ? [0, 1] : [1, 0];
      const [[x], [y]] = env.rate(
        [[slow.get(p!.agentId) ?? env.createRating()], [slow.get(q!.agentId) ?? env.createRating()]],
        ranks,
      ) as [[never], [never]];
      slow.set(p!.agentId, x);
      slow.set(q!.agentId, y);
    }
    for (const id of agents) {
      expect(Math.abs(fast.get(id)!.mu - slow.get(id)!.mu)).toBeLessThan(1e-9);
      expect(Math.abs(fast.get(id)!.sigma - slow.get(id)!.sigma)).toBeLessThan(1e-9);
    }
  });
});
