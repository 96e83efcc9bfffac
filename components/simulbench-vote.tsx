// A blind vote between two SimulBench answers: A, B or a tie; after it, who wrote which answer and what the judge said.
'use client';

import Link from 'next/link';
import { simulbenchVoteAction } from '@/lib/actions/play';
import { FormError, primaryButtonClass, secondaryButtonClass, Spinner } from './admin-form';
import { useFormAction } from './admin-form-action';

const label = { first: 'A', second: 'B', tie: 'a tie' } as const;

export function SimulbenchVote({ token, next }: { token: string; next: string }) {
  const { state, action, pending, onSubmit } = useFormAction(simulbenchVoteAction, null);
  const reveal = state?.ok ? state.reveal : null;
  if (reveal) {
    const line = (k: 'first' | 'second') => (
      <li>
        <strong>{k === 'first' ? 'A' : 'B'}</strong> was <span data-testid={`simulbench-reveal-${k}`}>{reveal[k].name}</span>
        {reveal[k].score !== null ? ` (the judge rated it ${reveal[k].score}/10)` : ''}
      </li>
    );
    return (
      <div className="flex flex-col gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm dark:border-emerald-900 dark:bg-emerald-950/40" role="status" data-testid="simulbench-reveal">
        <p>
          You chose <strong>{label[reveal.choice]}</strong>.{' '}
          {reveal.judge === null
            ? 'The judge has not compared this pair.'
            : reveal.judge === reveal.choice
              ? `The judge agrees (${label[reveal.judge]}).`
              : `The judge chose ${label[reveal.judge]}.`}
        </p>
        <ul className="list-inside list-disc">
          {line('first')}
          {line('second')}
        </ul>
        <Link href={next} className={`${primaryButtonClass} w-fit`} data-testid="simulbench-next">Next pair</Link>
      </div>
    );
  }
  return (
    <form action={action} onSubmit={onSubmit} className="flex flex-col gap-2" data-testid="simulbench-vote-form">
      <input type="hidden" name="ballot" value={token} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="choice" value="first" disabled={pending} className={primaryButtonClass}>A is better</button>
        <button type="submit" name="choice" value="tie" disabled={pending} className={secondaryButtonClass}>Tie</button>
        <button type="submit" name="choice" value="second" disabled={pending} className={primaryButtonClass}>B is better</button>
        {pending && <Spinner />}
      </div>
      <FormError error={state && !state.ok ? state.error : null} testId="simulbench-vote-error" />
    </form>
  );
}
