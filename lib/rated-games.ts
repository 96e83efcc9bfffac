// Which rated games a view covers: one game, a reasoning category's, GameBench's nine or every one. The leaderboard and
// its API, its worker thread, the publication runs, the site's settings and the exports read the same set from here.
import { ratedGames } from '../games/registry';
import type { LeaderboardQuery } from './leaderboard-contract';

export type GameScope = Partial<Pick<LeaderboardQuery, 'game' | 'category' | 'suite'>>;

/**
 * The rated games (never a judged evaluation such as DEEP) of a scope: those of `game`, of `category`, and of the
 * suite (`gamebench`: GameBench's nine, the games with a GameBench id), all three applying when given.
 */
export function gamesFor(q: GameScope): string[] {
  return ratedGames
    .filter(
      (g) =>
        (!q.game || g.id === q.game) &&
        (!q.category || g.meta.categories.includes(q.category)) &&
        (q.suite !== 'gamebench' || g.meta.gamebenchId !== undefined),
    )
    .map((g) => g.id);
}
