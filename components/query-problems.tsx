// Parameters of a page's address that could not be used, each with what the page shows instead: a bad link is named
// on the page, never followed silently.
import type { QueryProblem } from '@/lib/leaderboard-contract';

export function QueryProblems({ issues }: { issues: readonly QueryProblem[] }) {
  if (issues.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="query-problems"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <p className="font-medium">
        {issues.length === 1
          ? 'A parameter in the address could not be used:'
          : 'Some parameters in the address could not be used:'}
      </p>
      <ul className="mt-1 list-disc pl-5">
        {issues.map((p) => (
          <li key={p.message} data-testid="query-problem">
            {p.message}: showing {p.instead} instead.
          </li>
        ))}
      </ul>
    </div>
  );
}
