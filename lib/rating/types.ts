// Input and shared output types of the rating library (pure data, no runtime code).

/** One seat of a finished match. */
export interface RatedSeat {
  /** The agent that played this seat (the same agent may hold several seats). */
  agentId: string;
  /** Result in [0, 1]; scores sum to 1 over the seats (win 1/0, draw .5/.5). */
  score: number;
  /** Seats with the same team label play as one side; seats without a label are sides of their own. */
  team?: string;
  /** The seat's reward in the game's own units (`Outcome.rewards[seat]`: chips, points, value), when the game gives one. */
  reward?: number;
}

/** A finished match as the rating library sees it. */
export interface RatedMatch {
  /** Match id. */
  id: string;
  /** Game id; the game-weighted bootstrap gives every game the same weight. */
  gameId: string;
  /** One entry per seat. */
  seats: RatedSeat[];
  /** All seats play together against the game (e.g. Hanabi); excluded from Bradley-Terry, Elo and TrueSkill. */
  cooperative?: boolean;
  /** Raw team score of a cooperative match (e.g. Hanabi points). */
  teamScore?: number;
  /** End time in ms; orders the online methods (Elo, TrueSkill). */
  finishedAt?: number;
}

/** Weighted pairwise comparison between agents i and j (indices into an agent list). */
export interface PairwiseComparison {
  /** Index of the first agent. */
  i: number;
  /** Index of the second agent. */
  j: number;
  /** Wins of i over j (fractional allowed). */
  wi: number;
  /** Wins of j over i (fractional allowed). */
  wj: number;
}

/**
 * A closed interval: the one shape of every rating and score interval, from the bootstrap to the leaderboard's JSON
 * (`/api/leaderboard`). The metrics tables' Wilson intervals and bootstrap means (lib/rating/proportion.ts,
 * mean-interval.ts `meanStat`) are [low, high] pairs of their own.
 */
export interface Interval {
  lower: number;
  upper: number;
}
