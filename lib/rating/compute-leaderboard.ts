// The leaderboard in one call: Bradley-Terry with bootstrap intervals and ranks, records, Elo, TrueSkill, pairwise table.
import {
  bootstrapOf,
  runRounds,
  summarise,
  type AgentBootstrap,
  type BootstrapData,
  type BootstrapOptions,
  type BootstrapScheme,
  type Estimator,
  type Summary,
} from './bootstrap';
import { winProbability } from './bradley-terry';
import { compareStrings } from './comparisons';
import { cooperativeScores, type CooperativeScore } from './cooperative';
import { eloRatings } from './elo';
import { MatchIndex } from './match-index';
import { normalizeTable, trueSkillByGame, type NormalizedBy, type NormalizedScore } from './normalized';
import { rankAgents } from './ranks';
import { robustnessOf, type GeneralFactor, type LeaveOneOut } from './robust';
import { trueSkillRatings, type TrueSkillRating } from './trueskill';
import type { OnlineSnapshot } from './online';
import type { RatedMatch } from './types';

/** Options of computeLeaderboard. */
export interface LeaderboardOptions {
  /** Bootstrap scheme (default 'plain'). */
  scheme?: BootstrapScheme;
  /** Bootstrap resamples (default 1000). */
  rounds?: number;
  /** The Bradley-Terry fit: the arena's MM (default) or GameBench's ILSR (bootstrap.ts, Estimator). */
  estimator?: Estimator;
  /** Seed of every resampling (default 0). */
  seed?: string | number;
  /** Agent fixed at β = 0 / rating = offset; default: mean β = 0. */
  anchorAgentId?: string;
  /** Interval that ranks use (default 0.95). */
  interval?: 0.9 | 0.95;
  /** Fewer rated matches than this = lowData (default 5). */
  minMatches?: number;
  /** Elo K-factor (default 16). */
  eloK?: number;
  /** Bradley-Terry prior strength (default 1, see BradleyTerryOptions.prior). */
  prior?: number;
  /** Elo-scale rating of β = 0 (default 1000). */
  offset?: number;
  /** Compute TrueSkill (default true; about 0.1 ms per match). */
  trueSkill?: boolean;
  /** LLMArena's Table 1: the metric of each game in it (lib/engine/types.ts `meta.normalizedBy`); other games are left out. */
  normalizedBy?: Record<string, NormalizedBy>;
  /**
   * TrueSkill and Elo already computed incrementally over exactly these matches (online.ts `OnlineRatings`, with this
   * eloK, trueSkill and the games of `normalizedBy` rated by TrueSkill): used instead of replaying every match.
   */
  online?: OnlineSnapshot;
  /** Called between the steps of the computation: throws to stop it (BradleyTerryOptions.checkpoint; never sent to a thread). */
  checkpoint?: () => void;
}

/**
 * One agent's ratings and record as the library computes them (the page's row, LeaderboardRow, is
 * lib/leaderboard-contract.ts's).
 */
export interface AgentRating {
  /** Agent id. */
  agentId: string;
  /**
   * 1 + number of agents of the same group whose interval lies entirely above this agent's (ties share ranks). An
   * agent is never ranked against agents of another group: on a disconnected graph each group has its own rank 1.
   */
  rank: number;
  /**
   * The agent's group: the connected component of the comparison graph it is in, 0 = the largest (components.ts),
   * or null when the graph is connected (one group). Agents of different groups never played each other, directly
   * or through others: their ratings and intervals are fitted and placed on the scale apart and are not comparable.
   */
  group: number | null;
  /** Bradley-Terry log-strength: point, bootstrap median, 90% and 95% intervals. */
  beta: Summary;
  /** The same on the Elo scale (ELO_PER_BETA·β + offset). */
  rating: Summary;
  /** Rated (non-cooperative) matches played. */
  matches: number;
  /** Matches where the agent's best side scored strictly above every other agent's side (comparisons.ts, agentResult). */
  wins: number;
  /** Matches where the agent's best side tied the best other side (or the agent held every side). */
  draws: number;
  /** The other rated matches. */
  losses: number;
  /** Mean seat score over the agent's seats in rated matches. */
  averageScore: number;
  /**
   * Total score as GameBench counts it (its Table 3): per rated match, the sum of the agent's seats' scores (one agent
   * commanding a whole side scores the side's 1), summed over its matches; total / matches is GameBench's average score.
   */
  totalScore: number;
  /**
   * TrueSkill rating (null when TrueSkill is off or the agent has no match TrueSkill could rate). TrueSkill and Elo
   * are sequential ratings, not a fit, and do not solve the disconnected graph either: every agent starts from the
   * same value and a group's ratings only move against each other, so across groups their numbers are not comparable
   * (they are left as they are; the groups and ranks above say which agents may be compared).
   */
  trueSkill: TrueSkillRating | null;
  /** Sequential Elo rating (not comparable across groups either, see trueSkill). */
  elo: number;
  /** Fewer than minMatches rated matches: median and intervals are null, rank uses the point estimate. */
  lowData: boolean;
}

/** Head-to-head line between two agents (i < j by id). */
export interface PairwiseRow {
  /** First agent id. */
  i: string;
  /** Second agent id. */
  j: string;
  /** Rated matches in which they met on different sides. */
  matches: number;
  /** i's share of their comparisons (draws count half; N-player matches by comparison weight). */
  winProbObserved: number;
  /** Bradley-Terry probability that i beats j: e^βi / (e^βi + e^βj) at the point estimate. */
  winProbModel: number;
}

/** The whole leaderboard. */
export interface Leaderboard {
  /** Rated agents, group by group (the largest first; each group contiguous), then by rank, then rating. */
  rows: AgentRating[];
  /**
   * Number of groups: connected components of the comparison graph (agents that never played each other, directly
   * or through others, are in different groups). 1 = connected, one ranking; 0 = no rated agent. With more than one,
   * ranks and intervals compare agents within a group only, and the page must say so.
   */
  groups: number;
  /** Every pair of agents that met. */
  pairwise: PairwiseRow[];
  /** Cooperative games, per (game, agent): LLMArena's teams, one agent in every seat. */
  cooperative: CooperativeScore[];
  /** Cooperative games, per line-up of two or more different agents (the arena's own). */
  cooperativeMixed: CooperativeScore[];
  /** LLMArena's normalized scores per agent (Table 1, with the raw metric of Appendix C), for the games in `normalizedBy`. */
  normalized: NormalizedScore[];
  /**
   * The arena's own robustness views of the overall ranking (robust.ts): the point ranking without each game, and the
   * general factor of the per-game ratings (null with fewer than two games of three rated agents).
   */
  robust: { leaveOneOut: LeaveOneOut; factor: GeneralFactor | null };
  /** Bootstrap scheme used. */
  scheme: BootstrapScheme;
  /** Bootstrap resamples used. */
  rounds: number;
  /** Interval the ranks use. */
  interval: 0.9 | 0.95;
}

/** Observed head-to-head totals per pair of agents (i < j by id). */
function headToHead(ix: MatchIndex) {
  return ix.pairLo
    .map((lo, p) => ({
      i: ix.agentIds[lo]!,
      j: ix.agentIds[ix.pairHi[p]!]!,
      matches: ix.pairMatches[p]!,
      wi: ix.pairWins[p]!,
      total: ix.pairWeight[p]!,
    }))
    .sort((x, y) => compareStrings(x.i, y.i) || compareStrings(x.j, y.j));
}

/** Ranks (rankAgents) computed within each group alone; one group: exactly rankAgents over all. */
function ranksWithinGroups(agents: readonly AgentBootstrap[], groups: number, interval: 0.9 | 0.95): number[] {
  if (groups <= 1) return rankAgents(agents, interval);
  const ranks = new Array<number>(agents.length);
  const byGroup = Array.from({ length: groups }, (): number[] => []);
  agents.forEach((a, k) => byGroup[a.group]!.push(k));
  for (const members of byGroup) {
    const within = rankAgents(
      members.map((k) => agents[k]!),
      interval,
    );
    members.forEach((k, l) => (ranks[k] = within[l]!));
  }
  return ranks;
}

/** Computes the full leaderboard of a set of matches. */
export async function computeLeaderboard(
  matches: readonly RatedMatch[],
  opts: LeaderboardOptions = {},
): Promise<Leaderboard> {
  return leaderboardOf(MatchIndex.of(matches), opts, { given: matches });
}

/** How leaderboardOf runs. */
export interface LeaderboardRun {
  /**
   * The matches in the order the caller has them (default: the index's), for what depends on that order: Elo and
   * TrueSkill replayed from scratch (without `online`), and the cooperative scores' resamples.
   */
  given?: readonly RatedMatch[];
  /** Runs the bootstrap's rounds 0 .. rounds − 1 (default: here, runRounds); a server may split them over threads. */
  rounds?: (data: BootstrapData, rounds: number) => Promise<Float64Array>;
}

/** The leaderboard of indexed matches (match-index.ts): what a leaderboard kept up to date computes from. */
export async function leaderboardOf(
  ix: MatchIndex,
  opts: LeaderboardOptions = {},
  run: LeaderboardRun = {},
): Promise<Leaderboard> {
  const given = run.given ?? ix.matches;
  const interval = opts.interval ?? 0.95;
  const bootOpts: BootstrapOptions = {
    scheme: opts.scheme,
    estimator: opts.estimator,
    rounds: opts.rounds,
    seed: opts.seed,
    anchorAgentId: opts.anchorAgentId,
    minMatches: opts.minMatches,
    prior: opts.prior,
    offset: opts.offset,
    checkpoint: opts.checkpoint,
  };
  const data = bootstrapOf(ix, bootOpts);
  const rounds = opts.rounds ?? 1000;
  const boot = summarise(
    data,
    run.rounds ? await run.rounds(data, rounds) : runRounds(data, 0, rounds, opts.checkpoint),
    bootOpts,
  );
  opts.checkpoint?.();
  const online = opts.online;
  const trueSkill = opts.trueSkill === false ? undefined : online ? online.trueSkill : await trueSkillRatings(given);
  // LLMArena's TrueSkill is per environment: one game's matches only (reused when every match is of that game).
  const byGame = opts.normalizedBy ?? {};
  const by =
    opts.trueSkill === false ? Object.fromEntries(Object.entries(byGame).filter(([, x]) => x !== 'trueskill')) : byGame;
  const [onlyGame] = ix.gameIds;
  const known: ReadonlyMap<string, ReadonlyMap<string, TrueSkillRating>> = opts.trueSkill === false
    ? new Map()
    : online
      ? online.trueSkillByGame
      : ix.gameIds.size === 1 && trueSkill && onlyGame !== undefined
        ? new Map([[onlyGame, trueSkill]])
        : new Map();
  const missing = Object.fromEntries(
    Object.entries(by).filter(([g, metric]) => metric === 'trueskill' && !known.has(g)),
  );
  const perGame =
    Object.keys(missing).length > 0 ? new Map([...known, ...(await trueSkillByGame(given, missing))]) : known;
  const normalized = normalizeTable(ix.rawMetrics(by).table(perGame));
  const ranks = ranksWithinGroups(boot.agents, boot.groups, interval);
  const grouped = boot.groups > 1;
  const elo = online ? online.elo : eloRatings(given, { k: opts.eloK });
  const record = ix.records;
  const beta = new Map(boot.agents.map((a) => [a.agentId, a.beta.point]));

  const rows = boot.agents.map((a, k): AgentRating => {
    const r = record.get(a.agentId)!;
    return {
      agentId: a.agentId,
      rank: ranks[k]!,
      group: grouped ? a.group : null,
      beta: a.beta,
      rating: a.rating,
      matches: a.matches,
      wins: r.wins,
      draws: r.draws,
      losses: r.losses,
      averageScore: r.scoreSum / r.seats,
      totalScore: r.scoreSum,
      trueSkill: trueSkill?.get(a.agentId) ?? null,
      elo: elo.get(a.agentId)!,
      lowData: a.lowData,
    };
  });
  rows.sort(
    (x, y) =>
      (x.group ?? 0) - (y.group ?? 0) ||
      x.rank - y.rank ||
      y.rating.point - x.rating.point ||
      compareStrings(x.agentId, y.agentId),
  );

  const cooperative = run.given ? run.given.filter((m) => m.cooperative) : ix.cooperative;
  const pairwise = headToHead(ix).map(({ i, j, matches: n, wi, total }): PairwiseRow => ({
    i,
    j,
    matches: n,
    winProbObserved: wi / total,
    winProbModel: winProbability(beta.get(i)!, beta.get(j)!),
  }));

  return {
    rows,
    groups: boot.groups,
    pairwise,
    cooperative: cooperativeScores(cooperative, { rounds: opts.rounds, seed: opts.seed, minMatches: opts.minMatches }),
    cooperativeMixed: cooperativeScores(cooperative, {
      by: 'mixed',
      rounds: opts.rounds,
      seed: opts.seed,
      minMatches: opts.minMatches,
    }),
    normalized,
    robust: robustnessOf(ix, { prior: opts.prior, checkpoint: opts.checkpoint }),
    scheme: boot.scheme,
    rounds: boot.rounds,
    interval,
  };
}
