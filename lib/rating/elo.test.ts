// Tests of sequential Elo: the textbook update, draws between unequal ratings, N-player K/(N − 1), match order.
import { describe, expect, it } from 'vitest';
import { eloRatings } from './elo';
import type { RatedMatch } from './types';

function match(id: string, seats: [agentId: string, score: number][], finishedAt?: number): RatedMatch {
  return { id, gameId: 'g', seats: seats.map(([agentId, score]) => ({ agentId, score })), finishedAt };
}

describe('Elo', () => {
  it('moves 1000 vs 1000 to 1008 / 992 with K = 16', () => {
    const r = eloRatings([
      match('1', [
        ['a', 1],
        ['b', 0],
      ]),
    ]);
    expect(r.get('a')).toBeCloseTo(1008, 12);
    expect(r.get('b')).toBeCloseTo(992, 12);
  });

  it('moves unequal ratings toward each other on a draw by K·(0.5 − expected)', () => {
    // After a wins at K = 400: a = 1200, b = 800. Then a draw: expected(a) = 1/(1 + 10^(−400/400)) = 10/11.
    const r = eloRatings(
      [
        match(
          '1',
          [
            ['a', 1],
            ['b', 0],
          ],
          1,
        ),
        match(
          '2',
          [
            ['a', 0.5],
            ['b', 0.5],
          ],
          2,
        ),
      ],
      { k: 400 },
    );
    expect(r.get('a')).toBeCloseTo(1200 + 400 * (0.5 - 10 / 11), 9);
    expect(r.get('b')).toBeCloseTo(800 - 400 * (0.5 - 10 / 11), 9);
  });

  it('rates an N-player match as pairs with K/(N − 1)', () => {
    const r = eloRatings([
      match('1', [
        ['a', 1],
        ['b', 0],
        ['c', 0],
        ['d', 0],
      ]),
    ]);
    expect(r.get('a')).toBeCloseTo(1000 + 3 * (16 / 3) * 0.5, 12); // beat three equals
    expect(r.get('b')).toBeCloseTo(1000 - (16 / 3) * 0.5, 12); // lost to a, tied c and d
  });

  it('replays matches in finishedAt order, not input order', () => {
    const first = match(
      'x',
      [
        ['a', 1],
        ['b', 0],
      ],
      10,
    );
    const second = match(
      'y',
      [
        ['a', 0],
        ['b', 1],
      ],
      20,
    );
    expect(eloRatings([second, first])).toEqual(eloRatings([first, second]));
    expect(eloRatings([first, second]).get('b')).toBeGreaterThan(1000); // the later, upset win counts more
  });
});
