// What counts in an agent's record: one definition for the leaderboard, the agents list, an agent's page and its match
// list, and how each of an agent's matches is labelled in lists. The leaderboard applies it through the rating library
// (lib/rating/from-rows.ts, comparisons.ts `agentResult`); the lists through `agentRecords` in lib/db/agents.ts (SQL).
import { games, getGame, ratedGames } from '../games/registry';
import { agentResult, type MatchResult } from './rating/comparisons';

/**
 * THE RECORD RULE. A match counts in an agent's record (Played, W / D / L, Avg score) when
 * 1. it finished and rates (`matches.rated`: not void, not given up by a person too soon, not left out by the people
 *    rule: lib/people-rating.ts);
 * 2. its game is a rated, competitive game: not a judged evaluation (DEEP, listed apart) and not cooperative (Hanabi:
 *    the seats play together; rated by team score in its own table);
 * 3. the agent has an opponent in it: another agent on another side (self-play rates no one).
 * It counts once per match however many seats the agent held. Seats with the same side label (`result.teams`: Who is
 * the spy's villagers and spy) are one side; an agent's seats on one side are one player there (a host filling every
 * villager seat is one villager). Its result: its best side against the best side it does not sit on — higher wins,
 * equal draws, lower loses (every seat of a winning side wins, however the score is split); an agent on every side
 * draws. Avg score is the mean of its share of each match's score (the scores of a match sum to 1; several seats of
 * one side add up).
 */
export const RECORD_RULE =
  'Records count finished, rated matches of competitive games, once per match however many seats an agent held; ' +
  'an agent’s seats on one side play as one player, and a side that wins is a win for each of its seats. Judged ' +
  'evaluations (DEEP), cooperative games (Hanabi), void matches and matches nobody is rated in are listed apart.';

/** Games whose matches count in records: rated (not evaluations) and competitive (not cooperative). */
export function recordGameIds(): string[] {
  return ratedGames.filter((g) => g.meta.scoring === 'contest').map((g) => g.id);
}

/** Judged evaluations (DEEP): listed, never rated. */
export function evaluationGameIds(): string[] {
  return games.filter((g) => g.meta.scoring === 'evaluation').map((g) => g.id);
}

/** Cooperative games (Hanabi): rated by team score, apart from records. */
export function cooperativeGameIds(): string[] {
  return ratedGames.filter((g) => g.meta.scoring === 'cooperative').map((g) => g.id);
}

/** Whether the seats of this game's matches play together (the rating library rates them by team score). */
export function isCooperative(gameId: string): boolean {
  return getGame(gameId)?.meta.scoring === 'cooperative';
}

/**
 * Where one of an agent's matches stands, in the order a list explains it:
 * counted (in the record) | no-opponent (self-play) | cooperative | evaluation | unrated (a person gave up too soon,
 * or the people rule left it out) | void (an infrastructure failure) | other-game (a game the leaderboard does not list, e.g. the test game) |
 * open (queued or running) | cancelled.
 */
export type MatchKind =
  'counted' | 'no-opponent' | 'cooperative' | 'evaluation' | 'unrated' | 'void' | 'other-game' | 'open' | 'cancelled';

export interface RecordMatch {
  gameId: string;
  status: string;
  rated: boolean;
  /** Side label per seat (`result.teams`), absent when every seat is a side of its own. */
  teams?: readonly (string | null)[] | null;
  seats: readonly { seat: number; agentId: string; score: number | null }[];
}

/** Where a match stands for one agent (see MatchKind); the SQL of `agentRecords` classifies the same way. */
export function matchKind(m: RecordMatch, agentId: string): MatchKind {
  if (m.status === 'failed') return 'void';
  if (m.status === 'cancelled') return 'cancelled';
  if (m.status !== 'finished') return 'open';
  const game = getGame(m.gameId);
  if (game?.meta.scoring === 'evaluation') return 'evaluation';
  if (!m.rated) return 'unrated';
  if (!game || !ratedGames.includes(game)) return 'other-game';
  if (game.meta.scoring === 'cooperative') return 'cooperative';
  const sides = new Set(m.seats.map((s) => sideOf(m, s.seat)));
  const agents = new Set(m.seats.map((s) => s.agentId));
  if (!agents.has(agentId) || agents.size < 2 || sides.size < 2) return 'no-opponent';
  return 'counted';
}

/** The agent's result in a counted match (the rating library's `agentResult`, on the same sides); null otherwise. */
export function recordResult(m: RecordMatch, agentId: string): MatchResult | null {
  return matchKind(m, agentId) === 'counted' ? sideResult(m, agentId) : null;
}

/**
 * How a finished competitive match ended for the agent by the same rule, whether or not it counts (a match nobody
 * is rated in still ended in a win or a loss); null for cooperative games, evaluations, unfinished matches and seats
 * it did not hold.
 */
export function sideResult(m: RecordMatch, agentId: string): MatchResult | null {
  const game = getGame(m.gameId);
  if (
    m.status !== 'finished' ||
    (game && game.meta.scoring !== 'contest') ||
    !m.seats.some((s) => s.agentId === agentId)
  )
    return null;
  return agentResult(
    {
      id: '',
      gameId: m.gameId,
      seats: m.seats.map((s) => ({
        agentId: s.agentId,
        score: s.score ?? 0,
        ...(typeof m.teams?.[s.seat] === 'string' ? { team: m.teams[s.seat]! } : {}),
      })),
    },
    agentId,
  );
}

function sideOf(m: RecordMatch, seat: number): string {
  const t = m.teams?.[seat];
  return typeof t === 'string' ? `team:${t}` : `#${seat}`;
}

/** What a list says of a match that is not in the record, in a few words. */
export const KIND_LABELS: Record<Exclude<MatchKind, 'counted'>, string> = {
  'no-opponent': 'self-play: no opponent, not rated',
  cooperative: 'cooperative: rated by team score',
  evaluation: 'judged evaluation: never rated',
  unrated: 'not rated',
  void: 'void: not rated',
  'other-game': 'not a leaderboard game',
  open: 'not over yet',
  cancelled: 'cancelled',
};
