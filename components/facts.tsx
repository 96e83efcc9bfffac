// Small definition-list pieces shared by the agent pages: a labelled detail row and a stat tile.
import type { ReactNode } from 'react';

/** A term and its value inside a <dl> grid; an empty value shows a dash. */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-500 dark:text-zinc-400">{term}</dt>
      <dd className="min-w-0">{children || <span className="text-zinc-400">—</span>}</dd>
    </>
  );
}

/** A number with its label under it, as a tile inside a <dl>. */
export function Stat({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col-reverse justify-end rounded-lg bg-zinc-50 px-2 py-2 sm:min-w-20 dark:bg-zinc-800/60">
      <dt className="text-[0.65rem] uppercase leading-tight tracking-wide text-zinc-500 dark:text-zinc-400">{term}</dt>
      <dd className="whitespace-nowrap text-lg font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

/** A win / draw / loss record, wins green and losses red. */
export function WinDrawLoss({ wins, draws, losses }: { wins: number; draws: number; losses: number }) {
  return (
    <>
      <span className="text-emerald-700 dark:text-emerald-400">{wins}</span>
      <span className="text-zinc-400"> / </span>
      {draws}
      <span className="text-zinc-400"> / </span>
      <span className="text-red-700 dark:text-red-400">{losses}</span>
    </>
  );
}
