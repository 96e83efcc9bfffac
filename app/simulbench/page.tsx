// SimulBench (seeds/004): what it measures, its evaluations (each scheduled like a tournament) and the shipped tasks.
import type { Metadata } from 'next';
import Link from 'next/link';
import { EmptyState } from '@/components/empty-state';
import { timeAgo } from '@/components/format';
import { TournamentStatusBadge } from '@/components/tournament-status-badge';
import { TASKS, TASKS_VERSION } from '@/games/simulbench/tasks';
import { db } from '@/lib/db/client';
import { currentAdmin } from '@/lib/db/admin-session';
import { tournamentProgress } from '@/lib/db/tournament-progress';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'SimulBench' };

export default async function SimulbenchPage() {
  const [all, admin] = await Promise.all([tournamentProgress(db()), currentAdmin()]);
  const evaluations = all.filter((t) => t.format === 'simulbench');
  const now = new Date();
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">SimulBench</h1>
        <p className="max-w-3xl text-zinc-600 dark:text-zinc-400">
          Models as simulators: a Linux terminal, an SQL engine, a text game, a password generator… A user agent talks
          with a simulator model for a few turns on each task; a judge finds the first turn whose request was too hard;
          the dialogues up to each hard turn become frozen test scripts that every target model continues; the judge
          rates each answer 1–10 and compares answers pairwise, in both orders (the SimulBench paper’s method).
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link href="/simulbench/vote" className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            Vote on two answers →
          </Link>
          <Link
            href="/play?game=simulbench"
            className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
          >
            Play the user yourself →
          </Link>
          {admin && (
            <Link
              href="/admin/simulbench/new"
              className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
            >
              New evaluation →
            </Link>
          )}
        </p>
      </header>

      <section aria-labelledby="evaluations-heading" className="flex flex-col gap-3">
        <h2 id="evaluations-heading" className="text-lg font-semibold">
          Evaluations
        </h2>
        {evaluations.length === 0 ? (
          <EmptyState>No SimulBench evaluation yet{admin ? ': start one from “New evaluation”.' : '.'}</EmptyState>
        ) : (
          <ul
            className="flex flex-col divide-y divide-zinc-100 rounded-xl border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
            data-testid="simulbench-evaluations"
          >
            {evaluations.map((t) => (
              <li key={t.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
                <Link href={`/simulbench/${t.id}`} className="font-medium hover:underline">
                  {t.name}
                </Link>
                <TournamentStatusBadge status={t.status} counts={t.counts} />
                <span className="text-sm text-zinc-500 dark:text-zinc-400">
                  {t.counts.done + t.counts.failed} of {t.counts.total - t.counts.cancelled} dialogues · created{' '}
                  {timeAgo(t.createdAt, now)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="tasks-heading" className="flex flex-col gap-3">
        <h2 id="tasks-heading" className="text-lg font-semibold">
          Tasks{' '}
          <span className="text-sm font-normal text-zinc-500">
            {TASKS.length} · version {TASKS_VERSION}
          </span>
        </h2>
        <p className="max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">
          Written for this arena ({TASKS.filter((t) => t.kind === 'stateless').length} stateless one-shot tools,{' '}
          {TASKS.filter((t) => t.kind === 'stateful').length} stateful environments). The paper’s own 109 tasks are CC
          BY-NC and not shipped: an admin can import them (
          <code>npm run arena -- simulbench create … --tasks-file FILE</code>).
        </p>
        <ul className="grid gap-2 sm:grid-cols-2" data-testid="simulbench-tasks">
          {TASKS.map((t) => (
            <li
              key={t.id}
              className="rounded-lg border border-zinc-200 bg-white p-3 text-sm dark:border-zinc-800 dark:bg-zinc-900"
            >
              <details>
                <summary className="cursor-pointer">
                  <span className="font-medium">{t.name}</span>{' '}
                  <span
                    className={`ml-1 rounded px-1.5 py-0.5 text-[11px] ${t.kind === 'stateful' ? 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300' : 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300'}`}
                  >
                    {t.kind}
                  </span>
                </summary>
                <p className="mt-2 whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">{t.description}</p>
                <p className="mt-1 text-xs text-zinc-500">Request type: {t.requestType}</p>
              </details>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
