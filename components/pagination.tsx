// Page links under a long list ("26–50 of 523", previous, numbers, next): plain links, so they work with the keyboard,
// without JavaScript and in a new tab. The numbers come from lib/pagination.ts.
import Link from 'next/link';
import { pageNumbers, type Page } from '@/lib/pagination';

const linkClass =
  'inline-flex h-8 min-w-8 items-center justify-center rounded-md border border-zinc-200 bg-white px-2.5 text-sm text-zinc-700 hover:border-indigo-300 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:text-indigo-300';
const currentClass =
  'inline-flex h-8 min-w-8 items-center justify-center rounded-md bg-indigo-600 px-2.5 text-sm font-medium text-white';
const disabledClass =
  'inline-flex h-8 items-center justify-center rounded-md px-2.5 text-sm text-zinc-400 dark:text-zinc-600';

interface Props {
  page: Pick<Page<unknown>, 'page' | 'pages' | 'total' | 'pageSize'>;
  /** What the list holds, for the navigation's label ("Agents" → "Agents pages"). */
  label: string;
  /** The address of page n. */
  href: (n: number) => string;
  testId?: string;
}

/** Nothing for a list that fits on one page; otherwise the range shown and the links to the other pages. */
export function Pagination({ page: p, label, href, testId = 'pagination' }: Props) {
  if (p.total <= p.pageSize) return null;
  const first = (p.page - 1) * p.pageSize + 1;
  const last = Math.min(p.total, p.page * p.pageSize);
  return (
    <nav
      aria-label={`${label} pages`}
      data-testid={testId}
      className="flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p className="tabular-nums text-zinc-500 dark:text-zinc-400" data-testid="page-range">
        {first.toLocaleString('en-US')}–{last.toLocaleString('en-US')} of {p.total.toLocaleString('en-US')}
      </p>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {p.page > 1 ? (
            <Link href={href(p.page - 1)} rel="prev" className={linkClass}>
              <span aria-hidden="true">←</span>&nbsp;Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={disabledClass}>
              <span aria-hidden="true">←</span>&nbsp;Previous
            </span>
          )}
        </li>
        {pageNumbers(p.page, p.pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-zinc-400">
              …
            </li>
          ) : (
            <li key={n}>
              {n === p.page ? (
                <span aria-current="page" aria-label={`Page ${n}`} className={currentClass}>
                  {n}
                </span>
              ) : (
                <Link href={href(n)} aria-label={`Page ${n}`} className={linkClass}>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {p.page < p.pages ? (
            <Link href={href(p.page + 1)} rel="next" className={linkClass}>
              Next&nbsp;<span aria-hidden="true">→</span>
            </Link>
          ) : (
            <span aria-disabled="true" className={disabledClass}>
              Next&nbsp;<span aria-hidden="true">→</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
