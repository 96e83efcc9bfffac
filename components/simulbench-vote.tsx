// A blind vote between two SimulBench answers: A, B or a tie; after it, a receipt. Who wrote which answer is not told
// here: the same answers are in other pairs still open for votes; the evaluation's page names them once voting closes.
'use client';

import Link from 'next/link';
import { simulbenchVoteAction } from '@/lib/actions/play';
import { VOTING_DAYS } from '@/lib/simulbench/voting';
import { FormError, primaryButtonClass, secondaryButtonClass, Spinner } from './admin-form';
import { useFormAction } from './admin-form-action';

const label = { first: 'A', second: 'B', tie: 'a tie' } as const;

export function SimulbenchVote({ token, next }: { token: string; next: string }) {
  const { state, action, pending, onSubmit } = useFormAction(simulbenchVoteAction, null);
  const receipt = state?.ok ? state.receipt : null;
  if (receipt) {
    const closes = receipt.closesAt
      ? `on ${new Date(receipt.closesAt).toUTCString().slice(0, 16)}`
      : `${VOTING_DAYS} days after the evaluation ends`;
    return (
      <div
        className="flex flex-col gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm dark:border-emerald-900 dark:bg-emerald-950/40"
        role="status"
        data-testid="simulbench-reveal"
      >
        <p>
          Your vote is recorded: you chose <strong>{label[receipt.choice]}</strong>.
        </p>
        <p data-testid="simulbench-reveal-when">
          Who wrote which answer stays hidden while people vote on them (the same answers come back in other pairs): the{' '}
          <Link
            href={`/simulbench/${receipt.evaluationId}`}
            className="font-medium text-indigo-700 underline dark:text-indigo-300"
          >
            evaluation’s page
          </Link>{' '}
          names them once its voting closes, {closes}.
        </p>
        <Link href={next} className={`${primaryButtonClass} w-fit`} data-testid="simulbench-next">
          Next pair
        </Link>
      </div>
    );
  }
  return (
    <form action={action} onSubmit={onSubmit} className="flex flex-col gap-2" data-testid="simulbench-vote-form">
      <input type="hidden" name="ballot" value={token} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="choice" value="first" disabled={pending} className={primaryButtonClass}>
          A is better
        </button>
        <button type="submit" name="choice" value="tie" disabled={pending} className={secondaryButtonClass}>
          Tie
        </button>
        <button type="submit" name="choice" value="second" disabled={pending} className={primaryButtonClass}>
          B is better
        </button>
        {pending && <Spinner />}
      </div>
      <FormError error={state && !state.ok ? state.error : null} testId="simulbench-vote-error" />
    </form>
  );
}
