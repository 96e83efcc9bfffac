// Cooperative games (e.g. Hanabi): mean team score per agent or per team, with a seeded bootstrap interval.
// LLMArena's Hanabi teams are one model in every seat ("we form the same two LLMs into a cooperation team"): that is
// the per-agent summary (`by: 'agent'`); teams of different agents are the arena's own (`by: 'mixed'`).
import { compareStrings } from './comparisons';
import { bootstrapMean } from './mean-interval';
import type { Interval, RatedMatch } from './types';
import { assertRatedMatches } from './validate';

/** Options of the cooperative summary. */
export interface CooperativeOptions {
  /**
   * How matches are grouped (default 'agent'):
   * - 'agent': LLMArena's teams, one agent in every seat, per agent (a match with different agents is not counted);
   * - 'mixed': the arena's own, teams of two or more different agents, per line-up;
   * - 'team': every line-up, one agent's teams and mixed ones alike.
   */
  by?: 'agent' | 'mixed' | 'team';
  /** Bootstrap resamples (default 1000). */
  rounds?: number;
  /** Seed of the resampling (default 0). */
  seed?: string | number;
  /** Groups with fewer matches are lowData: mean only, no interval (default 5). */
  minMatches?: number;
}

/** Mean team score of one agent (or team) in one cooperative game. */
export interface CooperativeScore {
  /** Game id (scores of different games are not comparable, so every game is summarised on its own). */
  gameId: string;
  /** The agent id, or for by: 'team' and 'mixed' the team's distinct agent ids sorted and joined with ' + '. */
  key: string;
  /** Distinct agents of the group. */
  agentIds: string[];
  /** Cooperative matches of this group (a match counts once however many seats an agent holds). */
  matches: number;
  /** Mean team score. */
  mean: number;
  /** Fewer than minMatches matches: intervals are null. */
  lowData: boolean;
  /** 5th–95th percentile of the bootstrapped mean. */
  ci90: Interval | null;
  /** 2.5th–97.5th percentile of the bootstrapped mean. */
  ci95: Interval | null;
}

/** Team score of a cooperative match: teamScore, or else the sum of the seat scores. */
function teamScore(m: RatedMatch): number {
  return m.teamScore ?? m.seats.reduce((s, seat) => s + seat.score, 0);
}

/** Mean team score with a percentile bootstrap interval per (game, agent or team), sorted by game then key. */
export function cooperativeScores(matches: readonly RatedMatch[], opts: CooperativeOptions = {}): CooperativeScore[] {
  assertRatedMatches(matches, 'cooperative scores');
  const rounds = opts.rounds ?? 1000;
  const groups = new Map<string, { gameId: string; key: string; agentIds: string[]; scores: number[] }>();
  for (const m of matches) {
    if (!m.cooperative) continue;
    const agents = [...new Set(m.seats.map((s) => s.agentId))].sort();
    const by = opts.by ?? 'agent';
    if (by === 'agent' ? agents.length !== 1 : by === 'mixed' && agents.length < 2) continue;
    const key = agents.join(' + ');
    const id = `${m.gameId}\u0000${key}`;
    let g = groups.get(id);
    if (!g) {
      g = { gameId: m.gameId, key, agentIds: agents, scores: [] };
      groups.set(id, g);
    }
    g.scores.push(teamScore(m));
  }
  return [...groups.values()]
    .sort((x, y) => compareStrings(x.gameId, y.gameId) || compareStrings(x.key, y.key))
    .map(({ gameId, key, agentIds, scores }): CooperativeScore => {
      const n = scores.length;
      const mean = scores.reduce((s, x) => s + x, 0) / n;
      const lowData = n < (opts.minMatches ?? 5);
      if (lowData || rounds === 0) return { gameId, key, agentIds, matches: n, mean, lowData, ci90: null, ci95: null };
      const { ci90, ci95 } = bootstrapMean(scores, `${opts.seed ?? 0}:${gameId}:${key}`, rounds);
      return { gameId, key, agentIds, matches: n, mean, lowData, ci90, ci95 };
    });
}
