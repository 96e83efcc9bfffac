// How long people may vote on a SimulBench evaluation's pairs (pure, for pages and the vote form alike), and which
// model calls the exports leave out of an evaluation that is blind; what is hidden while people may vote is decided in
// lib/db/simulbench/blind.ts.

/** Days people may still vote on an evaluation's pairs after it ends (finished or cancelled); while it runs, they may. */
export const VOTING_DAYS = 7;

/** When people's votes on an evaluation close; null while it runs (they close VOTING_DAYS after it ends). */
export function votesCloseAt(finishedAt: Date | null): Date | null {
  return finishedAt ? new Date(finishedAt.getTime() + VOTING_DAYS * 86_400_000) : null;
}

/** The model calls that carry a target's answer: the answer itself, and the judge's rating and comparisons of it. */
export const ANSWER_CALL_PURPOSES: readonly string[] = ['simul-answer', 'simul-score', 'simul-compare'];

/**
 * The exports' filter (lib/db/match-exports.ts, getMatchLogs): whether a model call is left out of the exports, being
 * one that carries an answer of a blind evaluation (lib/db/simulbench/blind.ts, blindEvaluations). The rest of its
 * match (the dialogue, the judge's search for hard turns) stays.
 */
export function withheldFromExports(call: { purpose: string }, evaluationIsBlind: boolean): boolean {
  return evaluationIsBlind && ANSWER_CALL_PURPOSES.includes(call.purpose);
}
