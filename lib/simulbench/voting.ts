// How long people may vote on a SimulBench evaluation's pairs (pure, for pages and the vote form alike); what is hidden
// while they may is decided in lib/simulbench/blind.ts.

/** Days people may still vote on an evaluation's pairs after it ends (finished or cancelled); while it runs, they may. */
export const VOTING_DAYS = 7;

/** When people's votes on an evaluation close; null while it runs (they close VOTING_DAYS after it ends). */
export function votesCloseAt(finishedAt: Date | null): Date | null {
  return finishedAt ? new Date(finishedAt.getTime() + VOTING_DAYS * 86_400_000) : null;
}
