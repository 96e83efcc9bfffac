// Which rules a results page rates (the leaderboard, GameBench's tables, /metrics and the papers' own tables): each
// game's current rules by default, the count of results under other rules left out, every rules version listed, and a
// chooser (one version by its key, or all pooled, said so) that keeps the page's other parameters.
'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useId, useTransition } from 'react';
import type { RulesChoice } from '@/lib/leaderboard-contract';

interface Props {
  /** What the page rates: `current`, `pooled` or a rules key. */
  protocol: string;
  rules: RulesChoice[];
  /** The page's other parameters, kept when the rules change ("" or "?a=b"; no `protocol`). */
  search?: string;
  /** Offer each rules version by its key too (a page over every game offers current and pooled only). */
  keys?: boolean;
}

const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'result' : 'results'}`;

export function LeaderboardRules({ protocol, rules, search = '', keys = true }: Props) {
  const router = useRouter();
  const pathname = usePathname() ?? '/leaderboard';
  const [pending, startTransition] = useTransition();
  const id = useId();
  if (rules.length === 0) return null;
  const left = rules.filter((r) => !r.rated).reduce((n, r) => n + r.matches, 0);
  const rated = rules.filter((r) => r.rated);
  const versions = rules.length;
  const choose = (next: string) => {
    const params = new URLSearchParams(search);
    params.delete('protocol');
    if (next !== 'current') params.set('protocol', next);
    const q = params.toString();
    startTransition(() => router.push(`${pathname}${q ? `?${q}` : ''}`, { scroll: false }));
  };
  const games = new Set(rated.map((r) => r.game)).size;
  const what =
    protocol === 'pooled'
      ? `every rules version pooled (${versions} ${versions === 1 ? 'version' : 'versions'})`
      : protocol !== 'current'
        ? `the rules ${rated[0]?.label ?? protocol}`
        : rated.length === 1
          ? `the current rules, ${rated[0]!.label}`
          : games === 1
            ? `the current version, each preset in its own rows (${rated.map((r) => r.label).join('; ')})`
            : `each game’s current rules (${games} games)`;
  return (
    <div
      data-testid="leaderboard-rules"
      className={`flex flex-col gap-2 rounded-lg border px-3.5 py-2.5 text-sm ${
        protocol === 'pooled'
          ? 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200'
          : 'border-zinc-200 bg-zinc-50 text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900/60 dark:text-zinc-300'
      }`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p data-testid="leaderboard-rules-summary">
          Rated under <strong className="font-semibold">{what}</strong>.{' '}
          {protocol === 'pooled'
            ? 'Results under different rules are mixed here: they may not compare.'
            : left > 0
              ? `${count(left)} under other rules ${left === 1 ? 'is' : 'are'} left out.`
              : 'No result under other rules.'}
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor={id} className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
            Rules
          </label>
          <select
            id={id}
            value={protocol}
            aria-busy={pending}
            onChange={(e) => choose(e.target.value)}
            className="h-8 max-w-[20rem] rounded-lg border border-zinc-300 bg-white px-2 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-950"
          >
            <option value="current">Each game’s current rules</option>
            <option value="pooled">All rules versions pooled</option>
            {rules.flatMap((r) =>
              r.key === null || !keys
                ? []
                : [
                    <option key={r.key} value={r.key}>
                      {r.label} ({count(r.matches)})
                    </option>,
                  ],
            )}
          </select>
        </div>
      </div>
      {versions > 1 && (
        <details>
          <summary className="cursor-pointer text-xs text-zinc-500 dark:text-zinc-400">
            {versions} rules versions among these games’ results
          </summary>
          <ul className="mt-1 flex flex-col gap-0.5 text-xs">
            {rules.map((r) => (
              <li key={`${r.game}:${r.key}`} data-testid="rules-version">
                <span className={r.rated ? 'font-medium' : 'text-zinc-500 dark:text-zinc-400'}>{r.label}</span> —{' '}
                {count(r.matches)}
                {r.current ? ' · current' : ''}
                {r.rated ? ' · rated here' : ' · left out'}
                {r.key ? <span className="ml-1 font-mono text-zinc-400">{r.key}</span> : null}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** A `protocol` parameter the page could not use, and what it shows instead. */
export function RulesProblem({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <p
      role="status"
      data-testid="rules-problem"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
    >
      {problem}: showing each game’s current rules instead.
    </p>
  );
}
