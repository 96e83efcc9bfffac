// The metrics pages' building blocks: a game page's heading, a titled section, a scrolling table with a caption, a
// number cell, a mean with its interval.
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Stat } from '@/lib/rating/mean-interval';

/** A game's own results page heading: the way back to the metrics page, the title, and what the numbers come from. */
export function MetricsHeader({ back, title, children }: { back: string; title: string; children: ReactNode }) {
  return (
    <header className="max-w-3xl">
      <p className="text-sm">
        <Link href={back} className="text-indigo-700 hover:underline dark:text-indigo-300">
          ← Metrics
        </Link>
      </p>
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{children}</p>
    </header>
  );
}

export function Section({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{hint}</p>
      </div>
      {children}
    </section>
  );
}

export function Table({
  head,
  children,
  caption,
  testId,
}: {
  head: string[];
  children: ReactNode;
  caption?: string;
  testId?: string;
}) {
  return (
    <div
      className="relative overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      data-testid={testId}
    >
      <table className="w-full min-w-[28rem] text-sm">
        {caption && (
          <caption className="border-b border-zinc-200 px-3 py-2 text-left font-semibold dark:border-zinc-800">
            {caption}
          </caption>
        )}
        <thead className="bg-zinc-50 text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={`px-3 py-2 font-medium ${i === 0 ? 'text-left' : 'text-right'}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function Td({ children, left }: { children: ReactNode; left?: boolean }) {
  return <td className={`px-3 py-2 tabular-nums ${left ? 'text-left' : 'text-right'}`}>{children}</td>;
}

/** A mean and, when there are enough samples, its 95% interval underneath (else the sample size). */
export function StatCell({ s, as }: { s: Stat; as: (x: number) => string }) {
  if (s.n === 0) return <Td>—</Td>;
  return (
    <Td>
      {as(s.mean)}
      <span className="block text-xs text-zinc-500 dark:text-zinc-400">
        {s.ci95 ? `${as(s.ci95[0])}–${as(s.ci95[1])}` : `n=${s.n}`}
      </span>
    </Td>
  );
}
