// LLMArena's normalized score (its Table 1, raw values in its Appendix C): per environment, each agent's value of the
// environment's own metric as a percentage of the best agent's, 100 · x / max; then the average over environments.
import { compareStrings } from './comparisons';
import { trueSkillRatings, trueSkillTeams, type TrueSkillRating } from './trueskill';
import type { RatedMatch } from './types';
import { assertRatedMatches } from './validate';

/**
 * The metric LLMArena normalizes an environment by (a game declares it: `meta.normalizedBy`, lib/engine/types.ts):
 * - `trueskill`: TrueSkill μ from that game's matches alone (TicTacToe, Connect Four, Texas Hold'em, Bargain);
 * - `reward`: average reward — a competitive game's seat reward (`RatedSeat.reward`, Bid: the value won minus the bid),
 *   a cooperative game's team score over the matches with the agent in every seat (Hanabi: "the same two LLMs" as a team);
 * - `{ winRateAs: side }`: the share of its matches on that side that the side won (Undercover: the undercover's win rate).
 */
export type NormalizedBy = 'trueskill' | 'reward' | { winRateAs: string };

/** An agent's raw metric (Appendix C) and normalized score (Table 1) in one game. */
export interface GameNormalizedScore {
  /** Game id. */
  gameId: string;
  /** The raw metric: μ, the mean reward, or the win rate as a fraction. */
  raw: number;
  /** What it stands on: matches TrueSkill rated it in, seats (competitive reward), matches (team score, win rate). */
  samples: number;
  /** 100 · raw / (best agent's raw in this game). */
  percent: number;
}

/** An agent's normalized scores. */
export interface NormalizedScore {
  /** Agent id. */
  agentId: string;
  /** One entry per game of the table the agent has a value in, sorted by game id. */
  games: GameNormalizedScore[];
  /** Unweighted average of `percent` over those games (LLMArena's "Average" column). */
  average: number;
}

/** A game's raw metric per agent. */
export type RawTable = Map<string, Map<string, { raw: number; samples: number }>>;

/**
 * The raw metric per (game, agent) of every game in `by`; games not in `by` are left out. `trueSkill` gives the
 * TrueSkill ratings of one game's matches (so a caller that already has them can pass them in).
 */
export function rawMetrics(
  matches: readonly RatedMatch[],
  by: Readonly<Record<string, NormalizedBy>>,
  trueSkill: ReadonlyMap<string, ReadonlyMap<string, TrueSkillRating>> = new Map(),
): RawTable {
  const sums = new RawMetricSums(by);
  for (const m of matches) sums.add(m);
  return sums.table(trueSkill);
}

/**
 * The sums behind rawMetrics, match by match (so a leaderboard kept up to date adds only new matches: match-index.ts).
 * `table` gives rawMetrics of the matches added so far.
 */
export class RawMetricSums {
  private readonly acc = new Map<string, Map<string, { sum: number; samples: number }>>();

  constructor(private readonly by: Readonly<Record<string, NormalizedBy>>) {}

  private put(gameId: string, agentId: string, x: number): void {
    let game = this.acc.get(gameId);
    if (!game) this.acc.set(gameId, (game = new Map()));
    const e = game.get(agentId);
    if (e) {
      e.sum += x;
      e.samples += 1;
    } else game.set(agentId, { sum: x, samples: 1 });
  }

  /** The metric of a game (an own property only: a dataset's game may be called "constructor"). */
  private metric(gameId: string): NormalizedBy | undefined {
    return Object.hasOwn(this.by, gameId) ? this.by[gameId] : undefined;
  }

  add(m: RatedMatch): void {
    const metric = this.metric(m.gameId);
    if (!metric) return;
    if (metric === 'trueskill') {
      // Samples: the matches TrueSkill rated the agent in (its teams, trueskill.ts); the value is μ, set below.
      for (const t of trueSkillTeams(m) ?? []) for (const id of t.agentIds) this.put(m.gameId, id, 0);
    } else if (metric === 'reward') {
      if (m.cooperative) {
        const ids = new Set(m.seats.map((s) => s.agentId));
        if (ids.size === 1)
          this.put(m.gameId, m.seats[0]!.agentId, m.teamScore ?? m.seats.reduce((s, seat) => s + seat.score, 0));
      } else {
        for (const seat of m.seats) if (seat.reward !== undefined) this.put(m.gameId, seat.agentId, seat.reward);
      }
    } else if (!m.cooperative) {
      // The side won when its score (the sum of its seats') is above every other side's (seats without a label are
      // sides of their own), as the record rule decides (lib/rating/comparisons.ts `agentResult`).
      const side = metric.winRateAs;
      const on = m.seats.filter((s) => s.team === side);
      if (on.length === 0) return;
      const own = on.reduce((sum, s) => sum + s.score, 0);
      const others = new Map<string, number>();
      m.seats.forEach((s, i) => {
        if (s.team === side) return;
        const key = s.team ?? `\u0000seat ${i}`;
        others.set(key, (others.get(key) ?? 0) + s.score);
      });
      const won = own > Math.max(-Infinity, ...others.values()) + 1e-9 ? 1 : 0;
      for (const id of new Set(on.map((s) => s.agentId))) this.put(m.gameId, id, won);
    }
  }

  /** The raw table of the matches added so far; `trueSkill` as in rawMetrics. */
  table(trueSkill: ReadonlyMap<string, ReadonlyMap<string, TrueSkillRating>> = new Map()): RawTable {
    const out: RawTable = new Map();
    for (const [gameId, game] of this.acc) {
      const ts = this.metric(gameId) === 'trueskill' ? trueSkill.get(gameId) : undefined;
      const table = new Map<string, { raw: number; samples: number }>();
      for (const [agentId, { sum, samples }] of game) {
        if (this.metric(gameId) === 'trueskill') {
          const r = ts?.get(agentId);
          if (r) table.set(agentId, { raw: r.mu, samples });
        } else table.set(agentId, { raw: sum / samples, samples });
      }
      if (table.size) out.set(gameId, table);
    }
    return out;
  }
}

/**
 * LLMArena's normalization of a raw table: per game, 100 · x / max over the agents (the best agent = 100; Appendix C
 * → Table 1: e.g. TicTacToe 24.03 / 29.02 = 82.81), then each agent's average over its games. A game whose best value
 * is not positive has no meaningful percentage and is left out. Sorted by agent id.
 */
export function normalizeTable(raw: RawTable): NormalizedScore[] {
  const perAgent = new Map<string, GameNormalizedScore[]>();
  for (const [gameId, game] of [...raw].sort(([a], [b]) => compareStrings(a, b))) {
    const best = Math.max(...[...game.values()].map((e) => e.raw));
    if (!(best > 0)) continue;
    for (const [agentId, { raw: x, samples }] of game) {
      const list = perAgent.get(agentId) ?? [];
      list.push({ gameId, raw: x, samples, percent: (100 * x) / best });
      perAgent.set(agentId, list);
    }
  }
  return [...perAgent]
    .sort(([a], [b]) => compareStrings(a, b))
    .map(([agentId, games]) => ({ agentId, games, average: games.reduce((s, g) => s + g.percent, 0) / games.length }));
}

/** TrueSkill per game, from each game's own matches, for the games normalized by it. */
export async function trueSkillByGame(
  matches: readonly RatedMatch[],
  by: Readonly<Record<string, NormalizedBy>>,
): Promise<Map<string, Map<string, TrueSkillRating>>> {
  const perGame = new Map<string, RatedMatch[]>();
  for (const m of matches) {
    if (!Object.hasOwn(by, m.gameId) || by[m.gameId] !== 'trueskill' || m.cooperative) continue;
    const list = perGame.get(m.gameId);
    if (list) list.push(m);
    else perGame.set(m.gameId, [m]);
  }
  const out = new Map<string, Map<string, TrueSkillRating>>();
  for (const [gameId, ms] of perGame) out.set(gameId, await trueSkillRatings(ms));
  return out;
}

/**
 * LLMArena's normalized scores per agent (Table 1) for the games in `by`, each by its own metric. `trueSkill` may
 * hold TrueSkill ratings already computed from one game's matches; the others are computed here.
 */
export async function normalizedScores(
  matches: readonly RatedMatch[],
  by: Readonly<Record<string, NormalizedBy>>,
  trueSkill: ReadonlyMap<string, ReadonlyMap<string, TrueSkillRating>> = new Map(),
): Promise<NormalizedScore[]> {
  assertRatedMatches(matches, 'normalized score');
  const missing = Object.fromEntries(
    Object.entries(by).filter(([g, metric]) => metric === 'trueskill' && !trueSkill.has(g)),
  );
  const ts = new Map<string, ReadonlyMap<string, TrueSkillRating>>([
    ...trueSkill,
    ...(await trueSkillByGame(matches, missing)),
  ]);
  return normalizeTable(rawMetrics(matches, by, ts));
}
