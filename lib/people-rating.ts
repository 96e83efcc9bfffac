// How a person's games count for ratings: the arena's own rule (in no paper), so that one person — or a swarm of
// fresh guest names — moves a model's rating only as much as one person should. Pure: the numbers, the verdicts and
// the sentences that explain them. The runner applies it when a match ends (server/workers/run-match.ts, and
// server/workers/people-verdict.ts for the person's history); a match it leaves out rates no one (matches.rated =
// false, the sentence in its result), exactly like any other unrated match: Bradley-Terry, Elo and TrueSkill leave it
// out alike, and so do the records, the exports' GameBench format and the tables.

/** The rule's numbers. */
export const PEOPLE_RULE = {
  /**
   * A game a person gives up (resigns, or loses by running out of time) counts only from this many moves of their own
   * (moves chosen by them: a turn forfeited for them is not theirs). Below it the game rates no one. One number for
   * every game: in the short ones (Tic-Tac-Toe, Hold'em, Bid) a whole game is about this long, so there a game given up
   * never counts — play it out.
   */
  fairShareMoves: 5,
  /** A person's first games played to a real end (not given up early) are practice: they rate no one. */
  practiceGames: 3,
  /** At most this many of a person's games against any one agent count: the first ones; later ones rate no one. */
  gamesPerOpponent: 5,
} as const;

const moves = (n: number) => `${n} ${n === 1 ? 'move' : 'moves'}`;

/**
 * Why a game that `name` gave up after `ownMoves` moves of their own rates no one (fewer than the fair share), or null
 * when it counts as a loss like any other (subject to `peopleVerdict`).
 */
export function earlyEndReason(name: string, ownMoves: number): string | null {
  if (ownMoves >= PEOPLE_RULE.fairShareMoves) return null;
  if (ownMoves <= 0) return `${name} gave up before making a move of their own, so this match rates no one`;
  return `${name} gave up after ${moves(ownMoves)} of their own (a game given up counts from ${PEOPLE_RULE.fairShareMoves}), so this match rates no one`;
}

/** One person of a match that ended for real, with their history before it. */
export interface PersonHistory {
  name: string;
  /** Their earlier games played to a real end (finished, and not given up before the fair share); any game counts. */
  realEnds: number;
  /** Every other agent of the match, with how many of the person's games against it already count. */
  opponents: readonly { name: string; counted: number }[];
}

/**
 * Why a match that ended for real rates no one under the rule (practice, or a person past their games against one
 * agent), or null when it counts. Called with every person in the match; the first reason found is the one given.
 */
export function peopleVerdict(people: readonly PersonHistory[]): string | null {
  const { practiceGames, gamesPerOpponent } = PEOPLE_RULE;
  for (const p of people) {
    if (p.realEnds < practiceGames) {
      return `${p.name}'s first ${practiceGames} games played to their end are practice (this is game ${p.realEnds + 1} of ${practiceGames}), so this match rates no one`;
    }
    const full = p.opponents.find((o) => o.counted >= gamesPerOpponent);
    if (full) {
      return `${p.name} already has ${gamesPerOpponent} rated games against ${full.name} (a person counts at most ${gamesPerOpponent} against one agent), so this match rates no one`;
    }
  }
  return null;
}

/** The rule in plain words, with its numbers (the leaderboard page and docs/security.md say it this way). */
export const PEOPLE_RULE_TEXT =
  `How people’s games count (the arena’s own rule): a person’s first ${PEOPLE_RULE.practiceGames} games played to their end are practice; ` +
  `after that, at most ${PEOPLE_RULE.gamesPerOpponent} of their games against any one agent count (the first ${PEOPLE_RULE.gamesPerOpponent}); and a game a person ` +
  `gives up (resigns, or runs out of time) before ${PEOPLE_RULE.fairShareMoves} moves of their own counts for no one. A game left out is ` +
  `left out of every method (Bradley-Terry, Elo, TrueSkill) and of the records, and its page says why; a game that counts weighs ` +
  `like any other. So one person moves a model by at most ${PEOPLE_RULE.gamesPerOpponent} games, and a new name by none until it has played ` +
  `${PEOPLE_RULE.practiceGames} real games.`;
