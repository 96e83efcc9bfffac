// The leaderboard's `estimate` parameter: the point fit (default) or GameBench's Eq. 3, which implies the game-weighted
// scheme; an unusable value is named with what is shown instead, as every other parameter.
import { describe, expect, it } from 'vitest';
import { leaderboardSearch, parseLeaderboardQuery } from './leaderboard-contract';

describe('estimate=point|gamebench', () => {
  it('defaults to the point fit and leaves it out of the address', () => {
    const { query, problems } = parseLeaderboardQuery({});
    expect(query.estimate).toBe('point');
    expect(query.scheme).toBe('plain');
    expect(problems).toEqual([]);
    expect(leaderboardSearch(query)).toBe('');
  });

  it('gamebench implies the game-weighted scheme (Eq. 3 averages game-weighted resamples)', () => {
    const { query, problems } = parseLeaderboardQuery({ estimate: 'gamebench' });
    expect(query).toMatchObject({ estimate: 'gamebench', scheme: 'game-weighted' });
    expect(problems).toEqual([]);
    expect(leaderboardSearch(query)).toBe('?scheme=game-weighted&estimate=gamebench');
    expect(parseLeaderboardQuery({ estimate: 'gamebench', scheme: 'game-weighted' }).problems).toEqual([]);
  });

  it('names an explicit plain scheme with gamebench, and an unknown estimate, with what is shown instead', () => {
    const both = parseLeaderboardQuery({ estimate: 'gamebench', scheme: 'plain' });
    expect(both.query.scheme).toBe('game-weighted');
    expect(both.issues).toEqual([
      {
        key: 'scheme',
        message:
          'scheme: "plain" does not go with estimate=gamebench (GameBench\'s Eq. 3 averages game-weighted resamples)',
        instead: 'the game-weighted bootstrap',
      },
    ]);
    const bad = parseLeaderboardQuery({ estimate: 'mean' });
    expect(bad.query.estimate).toBe('point');
    expect(bad.issues).toEqual([
      { key: 'estimate', message: 'estimate: "mean" is not valid (one of point, gamebench)', instead: 'the point fit' },
    ]);
  });
});
