// Which games a leaderboard view rates: one game, a category's, GameBench's nine, all.
import { describe, expect, it } from 'vitest';
import { ratedGames } from '../games/registry';
import { gamesFor } from './rated-games';

describe('gamesFor', () => {
  it("suite=gamebench rates GameBench's nine games only, never the arena's own", () => {
    expect(gamesFor({ suite: 'gamebench' }).sort()).toEqual(
      [
        'air-land-sea',
        'arctic-scavengers',
        'are-you-the-traitor',
        'codenames',
        'hive',
        'pit',
        'santorini',
        'sea-battle',
        'two-rooms',
      ].sort(),
    );
    expect(gamesFor({ suite: 'all' })).toEqual(ratedGames.map((g) => g.id));
    expect(gamesFor({})).toContain('tictactoe');
  });

  it('game, category and suite all apply', () => {
    expect(gamesFor({ suite: 'gamebench', game: 'tictactoe' })).toEqual([]);
    expect(gamesFor({ suite: 'gamebench', game: 'hive' })).toEqual(['hive']);
    const strategy = gamesFor({ suite: 'gamebench', category: 'abstract-strategy' });
    expect(strategy).toContain('santorini');
    expect(strategy).not.toContain('connect-four');
    expect(gamesFor({ category: 'abstract-strategy' })).toContain('connect-four');
  });
});
