// LLMArena's normalized score: per game, an agent's mean score as a percentage of the best agent's mean.
import { compareStrings } from './comparisons';
import type { RatedMatch } from './types';
import { assertRatedMatches } from './validate';

/** An agent's normalized score in one game. */
export interface GameNormalizedScore {
  /** Game id. */
  gameId: string;
  /** Appearances counted: seats in competitive games, matches in cooperative ones. */
  samples: number;
  /** Mean score: seat score in competitive games, team score in cooperative ones. */
  mean: number;
  /** 100 · mean / (best agent's mean in this game). */
  percent: number;
}

/** An agent's normalized scores. */
export interface NormalizedScore {
  /** Agent id. */
  agentId: string;
  /** One entry per game the agent played, sorted by game id. */
  games: GameNormalizedScore[];
  /** Unweighted average of `percent` over those games. */
  average: number;
}

/**
 * Normalized scores per agent, sorted by agent id. Competitive games use every seat the agent held; cooperative
 * games use the team score (teamScore, else the sum of seat scores) once per match. Games whose best mean is not
 * positive have no meaningful percentage and are left out.
 */
export function normalizedScores(matches: readonly RatedMatch[]): NormalizedScore[] {
  assertRatedMatches(matches, 'normalized score');
  const sums = new Map<string, Map<string, { sum: number; samples: number }>>();
  const add = (gameId: string, agentId: string, score: number) => {
    let game = sums.get(gameId);
    if (!game) sums.set(gameId, (game = new Map()));
    const entry = game.get(agentId) ?? { sum: 0, samples: 0 };
    entry.sum += score;
    entry.samples += 1;
    game.set(agentId, entry);
  };
  for (const m of matches) {
    if (m.cooperative) {
      const score = m.teamScore ?? m.seats.reduce((s, seat) => s + seat.score, 0);
      for (const id of new Set(m.seats.map((s) => s.agentId))) add(m.gameId, id, score);
    } else {
      for (const seat of m.seats) add(m.gameId, seat.agentId, seat.score);
    }
  }
  const perAgent = new Map<string, GameNormalizedScore[]>();
  for (const [gameId, game] of [...sums].sort(([a], [b]) => compareStrings(a, b))) {
    const best = Math.max(...[...game.values()].map((e) => e.sum / e.samples));
    if (!(best > 0)) continue;
    for (const [agentId, { sum, samples }] of game) {
      const list = perAgent.get(agentId) ?? [];
      list.push({ gameId, samples, mean: sum / samples, percent: 100 * (sum / samples / best) });
      perAgent.set(agentId, list);
    }
  }
  return [...perAgent]
    .sort(([a], [b]) => compareStrings(a, b))
    .map(([agentId, games]) => ({ agentId, games, average: games.reduce((s, g) => s + g.percent, 0) / games.length }));
}
