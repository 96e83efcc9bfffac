// The leaderboard's filters: game, category, method, interval, bootstrap scheme, rating estimate (point fit or GameBench's
// Eq. 3), the games rated (all, or GameBench's nine), baselines, simulated agents, people;
// each change rewrites the URL query string (shareable; defaults are left out), and the server page re-renders.
'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useId, useOptimistic, useTransition, type ReactNode } from 'react';
import { leaderboardSearch, type LeaderboardQuery } from '@/lib/leaderboard-contract';

interface Props {
  query: LeaderboardQuery;
  /** The site's defaults where they differ from the schema's (the admin's people filter): left out of the URL. */
  defaults?: Partial<Pick<LeaderboardQuery, 'humans'>>;
  games: { id: string; title: string }[];
  /** Every category, with whether some registered game declares it. */
  categories: { id: string; label: string; available: boolean }[];
  /** Prompt versions of the rated LLM agents. */
  versions: string[];
  /** The imported datasets (lib/db/datasets-store.ts) a reader may rate instead of the arena's own matches. */
  datasets?: { name: string; matchCount: number }[];
}

type Key = keyof LeaderboardQuery;

export function LeaderboardFilters({
  query: served,
  defaults: site,
  games,
  categories,
  versions,
  datasets = [],
}: Props) {
  const router = useRouter();
  const pathname = usePathname() ?? '/leaderboard';
  const [pending, startTransition] = useTransition();
  // The controls show the new choice at once, while the server renders the page for it.
  const [query, setQuery] = useOptimistic(served);

  const set = (key: Key, value: string | undefined, also: Partial<LeaderboardQuery> = {}) => {
    // One rules version (a key) belongs to one game: other games, back to each game's current rules.
    const rules =
      (key === 'game' || key === 'category' || key === 'suite' || key === 'dataset') &&
      /^[0-9a-f]{16}$/.test(query.protocol)
        ? { protocol: 'current' }
        : {};
    const next = { ...query, [key]: value || undefined, ...rules, ...also } as LeaderboardQuery;
    startTransition(() => {
      setQuery(next);
      router.push(`${pathname}${leaderboardSearch(next, site)}`, { scroll: false });
    });
  };

  return (
    <form
      aria-label="Leaderboard filters"
      aria-busy={pending}
      onSubmit={(e) => e.preventDefault()}
      className="flex flex-col gap-4 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      {(datasets.length > 0 || query.dataset) && (
        // The arena's matches or imported datasets, never both: a dataset's games differ, so the game filters reset.
        <div className="grid gap-3 sm:grid-cols-2">
          <Select
            label="Results"
            value={query.dataset ?? ''}
            onChange={(v) => set('dataset', v, { game: undefined, category: undefined })}
          >
            <option value="">The arena’s own matches</option>
            {datasets.map((d) => (
              <option key={d.name} value={d.name}>
                Imported: {d.name} ({d.matchCount.toLocaleString('en-US')} matches)
              </option>
            ))}
            {query.dataset && !datasets.some((d) => d.name === query.dataset) && (
              <option value={query.dataset}>Imported: {query.dataset.replace(/,/g, ' + ')}</option>
            )}
          </Select>
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,0.6fr)_auto] lg:items-end">
        <Select label="Game" value={query.game ?? ''} onChange={(v) => set('game', v)}>
          <option value="">All games</option>
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.title}
            </option>
          ))}
        </Select>
        <Select label="Reasoning category" value={query.category ?? ''} onChange={(v) => set('category', v)}>
          <option value="">All categories</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id} disabled={!c.available}>
              {c.available ? c.label : `${c.label} (no games yet)`}
            </option>
          ))}
        </Select>
        <Select label="Prompt version" value={query.version ?? ''} onChange={(v) => set('version', v)}>
          <option value="">All versions</option>
          {[...new Set([...versions, ...(query.version ? [query.version] : [])])].map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </Select>
        <p className="flex h-9 items-center text-xs text-zinc-500 lg:justify-end dark:text-zinc-400" aria-live="polite">
          {pending ? (
            <span className="inline-flex items-center gap-1.5">
              <span
                className="h-3 w-3 animate-spin rounded-full border-2 border-indigo-500 border-t-transparent"
                aria-hidden="true"
              />
              Loading…
            </span>
          ) : (
            'The URL keeps these filters: share it.'
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-3">
        <Segmented
          legend="Method"
          name="method"
          value={query.method}
          onChange={(v) => set('method', v)}
          options={[
            { value: 'bt', label: 'Bradley-Terry' },
            { value: 'trueskill', label: 'TrueSkill' },
            { value: 'elo', label: 'Elo' },
          ]}
        />
        <Segmented
          legend="Interval"
          name="interval"
          value={query.interval}
          onChange={(v) => set('interval', v)}
          options={[
            { value: '95', label: '95%' },
            { value: '90', label: '90%' },
          ]}
        />
        <Segmented
          legend="Bootstrap"
          hint={query.method === 'bt' ? undefined : 'Bradley-Terry only'}
          name="scheme"
          value={query.scheme}
          disabled={query.method !== 'bt'}
          // GameBench's estimate averages game-weighted resamples: the plain scheme goes back to the point fit.
          onChange={(v) => set('scheme', v, v === 'plain' ? { estimate: 'point' } : {})}
          options={[
            { value: 'plain', label: 'Plain' },
            { value: 'game-weighted', label: 'Game-weighted' },
          ]}
        />
        <Segmented
          legend="Rating"
          hint={query.method === 'bt' ? undefined : 'Bradley-Terry only'}
          name="estimate"
          value={query.estimate}
          disabled={query.method !== 'bt'}
          onChange={(v) => set('estimate', v, v === 'gamebench' ? { scheme: 'game-weighted' } : {})}
          options={[
            { value: 'point', label: 'Point fit' },
            { value: 'gamebench', label: 'GameBench (mean)' },
          ]}
        />
        {!query.dataset && (
          // An imported dataset is rated over its own games.
          <Segmented
            legend="Games rated"
            name="suite"
            value={query.suite}
            onChange={(v) => set('suite', v)}
            options={[
              { value: 'all', label: 'All' },
              { value: 'gamebench', label: 'GameBench’s nine' },
            ]}
          />
        )}
        <Segmented
          legend="Baselines"
          name="baselines"
          value={query.baselines}
          onChange={(v) => set('baselines', v)}
          options={[
            { value: 'show', label: 'Show' },
            { value: 'hide', label: 'Hide' },
          ]}
        />
        <Segmented
          legend="Simulated agents"
          name="simulated"
          value={query.simulated}
          onChange={(v) => set('simulated', v)}
          options={[
            { value: 'show', label: 'Show' },
            { value: 'hide', label: 'Hide' },
          ]}
        />
        <Segmented
          legend="People"
          name="humans"
          value={query.humans}
          onChange={(v) => set('humans', v)}
          options={[
            { value: 'each', label: 'Each person' },
            { value: 'together', label: 'All people as one' },
            { value: 'hide', label: 'Hide' },
          ]}
        />
      </div>
    </form>
  );
}

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 w-full rounded-lg border border-zinc-300 bg-white px-2.5 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-950"
      >
        {children}
      </select>
    </div>
  );
}

/** Segmented buttons built on radio inputs: Tab reaches the group, arrow keys move the choice. */
function Segmented({
  legend,
  hint,
  name,
  value,
  options,
  disabled,
  onChange,
}: {
  legend: string;
  hint?: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  disabled?: boolean;
  onChange: (v: string) => void;
}) {
  return (
    <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
        {legend}
        {hint && <span className="ml-1.5 normal-case tracking-normal text-zinc-400 dark:text-zinc-500">({hint})</span>}
      </legend>
      <div
        className={`inline-flex w-fit rounded-lg border border-zinc-300 bg-zinc-50 p-0.5 dark:border-zinc-700 dark:bg-zinc-950 ${disabled ? 'opacity-50' : ''}`}
      >
        {options.map((o) => (
          <label key={o.value} className="relative">
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="peer absolute inset-0 h-full w-full cursor-pointer appearance-none rounded-md focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500 disabled:cursor-not-allowed"
            />
            <span className="pointer-events-none block whitespace-nowrap rounded-md px-2.5 py-1 text-sm text-zinc-600 transition-colors peer-checked:bg-indigo-600 peer-checked:font-medium peer-checked:text-white peer-checked:shadow-sm peer-hover:text-zinc-900 peer-checked:peer-hover:text-white dark:text-zinc-300 dark:peer-hover:text-white">
              {o.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
