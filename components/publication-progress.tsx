// A publication run's progress (rounds done of B) as a bar with its words, and the refresher that re-renders the page
// every 2 s while a run is computing (the run itself goes on in the server's worker thread, whatever the page does).
'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import type { PublicationRunInfo } from '@/lib/publication-contract';

export function PublicationProgress({
  run,
  testId = 'publication-progress',
}: {
  run: Pick<PublicationRunInfo, 'rounds' | 'roundsDone' | 'view'>;
  testId?: string;
}) {
  const pct = Math.floor((run.roundsDone / run.rounds) * 100);
  const words = `${run.roundsDone.toLocaleString('en-US')} / ${run.rounds.toLocaleString('en-US')} rounds`;
  return (
    <div className="flex min-w-0 flex-col gap-1" data-testid={testId}>
      <div
        role="progressbar"
        aria-label={`Publication run for ${run.view}`}
        aria-valuemin={0}
        aria-valuemax={run.rounds}
        aria-valuenow={run.roundsDone}
        aria-valuetext={words}
        className="flex h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div
          className="h-full bg-indigo-600 transition-[width] duration-500 dark:bg-indigo-500"
          style={{ width: `${pct}%` }}
        />
      </div>
      <span className="text-xs tabular-nums text-zinc-500 dark:text-zinc-400" data-testid={`${testId}-rounds`}>
        {words} ({pct}%)
      </span>
    </div>
  );
}

/** Refreshes the server page every 2 s while `running`. */
export function PublicationRefresh({ running }: { running: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => router.refresh(), 2000);
    return () => clearInterval(t);
  }, [running, router]);
  return null;
}
