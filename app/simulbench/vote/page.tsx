// Blind votes on SimulBench answers: one script's history and two targets' answers, the order drawn, the authors
// hidden while the pair is open for votes (lib/db/simulbench/blind.ts). People's votes and the judge's verdicts on the
// same pairs give the agreement on each evaluation's page.
import type { Metadata } from 'next';
import Link from 'next/link';
import { EmptyState } from '@/components/empty-state';
import { SimulbenchVote } from '@/components/simulbench-vote';
import { db } from '@/lib/db/client';
import { currentPerson } from '@/lib/db/person-session';
import { drawBallot } from '@/lib/db/simulbench/votes';
import { VOTING_DAYS } from '@/lib/simulbench/voting';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Vote · SimulBench' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SimulbenchVotePage({ searchParams }: Props) {
  const q = await searchParams;
  const evaluation = typeof q.evaluation === 'string' && q.evaluation.length <= 64 ? q.evaluation : undefined;
  const me = await currentPerson();
  const next = `/simulbench/vote${evaluation ? `?evaluation=${encodeURIComponent(evaluation)}` : ''}`;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <Link href="/simulbench" className="w-fit text-sm text-zinc-500 hover:text-indigo-700 dark:text-zinc-400">
          ← SimulBench
        </Link>
        <h1 className="text-3xl font-semibold tracking-tight">Which answer is better?</h1>
        <p className="max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">
          A user asked a model to act as a simulator. Read the dialogue, then the two candidate answers to the last
          request: which one does the job better — the right content, in the format the task asks for? Who wrote them is
          not shown while people vote on them: the evaluation’s page names them once its voting closes, {VOTING_DAYS}{' '}
          days after it ends.
        </p>
      </header>
      {!me ? (
        <EmptyState>
          <Link href="/play" className="font-medium text-indigo-700 underline dark:text-indigo-300">
            Choose a name on the Play page
          </Link>{' '}
          (a guest name is enough), then come back to vote.
        </EmptyState>
      ) : (
        <Ballot voter={me.id} evaluation={evaluation} next={next} />
      )}
    </div>
  );
}

async function Ballot({ voter, evaluation, next }: { voter: string; evaluation?: string; next: string }) {
  const b = await drawBallot(db(), voter, evaluation);
  if (!b)
    return (
      <EmptyState>
        No pair of answers is waiting for your vote{evaluation ? ' in this evaluation' : ''}. New ones appear as
        evaluations run.
      </EmptyState>
    );
  return (
    <article className="flex flex-col gap-4" data-testid="simulbench-ballot">
      <section className="rounded-xl border border-zinc-200 bg-white p-4 text-sm shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h2 className="font-semibold">{b.taskName}</h2>
        <p className="text-xs text-zinc-500">from {b.evaluationName}</p>
        <ol className="mt-3 flex flex-col gap-2">
          {b.history.map((h, k) => (
            <li
              key={k}
              className={`whitespace-pre-wrap break-words rounded-lg px-3 py-2 ${h.role === 'user' ? 'bg-indigo-50 dark:bg-indigo-950/40' : 'bg-zinc-50 font-mono text-xs dark:bg-zinc-800/60'}`}
            >
              <span className="mb-1 block font-sans text-[11px] font-medium uppercase text-zinc-500">
                {h.role === 'user' ? (k === 0 ? 'User · the task' : 'User') : 'Simulator'}
              </span>
              {h.content}
            </li>
          ))}
        </ol>
      </section>
      <div className="grid gap-3 md:grid-cols-2">
        {[b.first, b.second].map((text, k) => (
          <section
            key={k}
            className="rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
            data-testid={`simulbench-answer-${k === 0 ? 'a' : 'b'}`}
          >
            <h3 className="mb-2 text-sm font-semibold">Answer {k === 0 ? 'A' : 'B'}</h3>
            <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-words text-xs">
              {text || '(an empty answer)'}
            </pre>
          </section>
        ))}
      </div>
      <SimulbenchVote key={b.token} token={b.token} next={next} />
    </article>
  );
}
