// Public API of the rating library (pure TypeScript, browser-safe). The server runs it off its event loop, in one
// worker thread (server/leaderboard/computer.ts).
export type { Interval, PairwiseComparison, RatedMatch, RatedSeat } from './types';
export {
  agentResult,
  buildComparisons,
  indexMatches,
  isRated,
  matchComparisons,
  matchSides,
  ratedAgents,
  type IndexedMatches,
  type MatchComparison,
  type MatchResult,
  type Side,
} from './comparisons';
export {
  anchorBetas,
  bradleyTerry,
  ELO_PER_BETA,
  fitWinMatrix,
  indexedWinMatrix,
  toEloScale,
  winMatrix,
  winProbability,
  type BradleyTerryFit,
  type BradleyTerryFitOptions,
  type BradleyTerryOptions,
  type WinMatrix,
} from './bradley-terry';
export {
  bootstrap,
  bootstrapOf,
  prepareBootstrap,
  type AgentBootstrap,
  type BootstrapData,
  type BootstrapOptions,
  type BootstrapResult,
  type BootstrapScheme,
  type Summary,
} from './bootstrap';
export { rankAgents, ranksFromIntervals, ranksWithinGroups, shownGroups } from './ranks';
export { connectedComponents, winMatrixComponents, type Components } from './components';
export { eloRatings, inPlayOrder, type EloOptions } from './elo';
export { OnlineRatings, type OnlineOptions, type OnlineSnapshot } from './online';
export {
  trueSkillRatings,
  trueSkillTeams,
  type TrueSkillOptions,
  type TrueSkillRating,
  type TrueSkillTeam,
} from './trueskill';
export { cooperativeScores, type CooperativeOptions, type CooperativeScore } from './cooperative';
export {
  normalizedScores,
  normalizeTable,
  rawMetrics,
  RawMetricSums,
  type GameNormalizedScore,
  type NormalizedBy,
  type NormalizedScore,
  type RawTable,
} from './normalized';
export {
  computeLeaderboard,
  leaderboardOf,
  type AgentRating,
  type Leaderboard,
  type LeaderboardOptions,
  type LeaderboardRun,
  type PairwiseRow,
} from './compute-leaderboard';
export { MatchIndex, type RatedRecord, type IndexedGame, type SortedAgents } from './match-index';
export { assertRatedMatches, RatingInputError } from './validate';
