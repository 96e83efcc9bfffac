// Every entry point of the rating library refuses scores that are not numbers in [0, 1], naming the match and seat.
import { describe, expect, it } from 'vitest';
import {
  bootstrap,
  bradleyTerry,
  computeLeaderboard,
  cooperativeScores,
  eloRatings,
  normalizedScores,
  RatingInputError,
  trueSkillRatings,
  winMatrix,
  type RatedMatch,
} from './index';

const good = (id: string, a: string, b: string, sa: number): RatedMatch => ({
  id,
  gameId: 'tictactoe',
  seats: [
    { agentId: a, score: sa },
    { agentId: b, score: 1 - sa },
  ],
  finishedAt: 1,
});
const field: RatedMatch[] = [good('m1', 'a', 'b', 1), good('m2', 'b', 'c', 1), good('m3', 'c', 'a', 0.5)];

const entries: [string, (ms: RatedMatch[]) => unknown][] = [
  ['bradleyTerry', (ms) => bradleyTerry(ms)],
  ['bootstrap', (ms) => bootstrap(ms, { rounds: 10 })],
  ['eloRatings', (ms) => eloRatings(ms)],
  ['trueSkillRatings', (ms) => trueSkillRatings(ms)],
  ['computeLeaderboard', (ms) => computeLeaderboard(ms, { rounds: 10 })],
  [
    'cooperativeScores',
    (ms) =>
      cooperativeScores(
        ms.map((m) => ({ ...m, cooperative: true })),
        { rounds: 10 },
      ),
  ],
  ['normalizedScores', (ms) => normalizedScores(ms, { g: 'reward' })],
];

describe('rating input', () => {
  for (const bad of [NaN, Infinity, -Infinity, -0.5, 1.5]) {
    for (const [name, run] of entries) {
      it(`${name} refuses a seat score of ${bad}, naming the match, seat and agent`, async () => {
        const ms = [
          ...field,
          {
            id: 'bad-1',
            gameId: 'tictactoe',
            seats: [
              { agentId: 'a', score: 0.5 },
              { agentId: 'x', score: bad },
            ],
          },
        ];
        const err = await Promise.resolve()
          .then(() => run(ms))
          .then(
            () => null,
            (e: unknown) => e,
          );
        expect(err).toBeInstanceOf(RatingInputError);
        expect((err as Error).message).toContain('match "bad-1", seat 1 (agent "x")');
        expect((err as Error).message).toContain(`score ${bad}`);
        expect((err as Error).message).not.toMatch(/prior/);
      });
    }
  }

  it('refuses a match without seats, an agent without an id and a non-finite team score', () => {
    expect(() => eloRatings([{ id: 'e', gameId: 'g', seats: [] }])).toThrow(/match "e" has no seats/);
    expect(() => eloRatings([{ id: 'e', gameId: 'g', seats: [{ agentId: '', score: 1 }] }])).toThrow(
      /seat 0 has no agent id/,
    );
    expect(() =>
      cooperativeScores([
        { id: 'h', gameId: 'hanabi', cooperative: true, teamScore: NaN, seats: [{ agentId: 'a', score: 1 }] },
      ]),
    ).toThrow(/team score NaN/);
  });

  it('valid input still rates: Elo stays finite and zero-sum', () => {
    const elo = eloRatings(field);
    expect([...elo.values()].every(Number.isFinite)).toBe(true);
    expect([...elo.values()].reduce((x, y) => x + y, 0)).toBeCloseTo(3000, 9);
    expect(elo.get('a')).toBeGreaterThan(1000); // a beat b, then drew c
  });

  it('winMatrix refuses negative or non-finite wins', () => {
    expect(() => winMatrix(2, [{ i: 0, j: 1, wi: -1, wj: 1 }])).toThrow(/must be finite and not negative/);
    expect(() => winMatrix(2, [{ i: 0, j: 1, wi: NaN, wj: 1 }])).toThrow(/must be finite and not negative/);
    expect(winMatrix(2, [{ i: 0, j: 1, wi: 2, wj: 1 }]).winsI[0]).toBe(2);
  });
});
