// The leaderboard's publication figures: GameBench's rating as the paper defines it (§3.4, Eq. 3, the mean of
// B = 10,000 game-weighted bootstrap fits) for this view, when an admin has requested a run: labelled with B, the seed,
// when it was computed and on how many matches, marked stale when matches have finished since; a run in progress shows
// its rounds done (the page refreshes itself meanwhile).
import Link from 'next/link';
import { timeAgo } from '@/components/format';
import { formatInterval, formatRating } from '@/components/leaderboard-format';
import { PublicationProgress, PublicationRefresh } from '@/components/publication-progress';
import { leaderboardSearch, type LeaderboardQuery, type RulesChoice } from '@/lib/leaderboard-contract';
import type { PublicationView } from '@/lib/publication-contract';

export function PublicationFigures({ query, view }: { query: LeaderboardQuery; view: PublicationView | null }) {
  const request = `/admin/publication?${new URLSearchParams({ ...(query.game ? { game: query.game } : {}), ...(query.category ? { category: query.category } : {}), humans: query.humans, ...(query.protocol !== 'current' ? { protocol: query.protocol } : {}) })}`;
  const link = 'font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';
  // Shown when this view has a run (done, computing or failed); the estimate line links admins to the request form.
  if (!view || (!view.latest && !view.running && !view.failed)) return null;
  const { latest, running, failed } = view;
  const strong = 'font-semibold text-zinc-700 dark:text-zinc-300';
  return (
    <section aria-labelledby="publication-heading" data-testid="publication" className="flex flex-col gap-3">
      <PublicationRefresh running={!!running} />
      <div>
        <h2 id="publication-heading" className="text-lg font-semibold">
          Publication figures · GameBench Eq. 3
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          The paper’s rating (§3.4): the mean of the Bradley-Terry fits of B bootstrap resamples, each drawing matches
          with probability ∝ 1/(matches of their game); intervals are percentiles of the same fits. Computed in the
          background at an admin’s request, with the paper’s B = 10,000, and kept.
        </p>
      </div>
      {running && (
        <div
          role="status"
          data-testid="publication-running"
          className="flex flex-col gap-2 rounded-lg border border-indigo-200 bg-indigo-50 px-3.5 py-2.5 text-sm text-indigo-900 dark:border-indigo-900 dark:bg-indigo-950/40 dark:text-indigo-200"
        >
          <p>
            <strong className="font-semibold">Computing</strong> a publication run for {running.view} (seed{' '}
            {running.seed}, {running.matchesUsed} matches), requested {timeAgo(new Date(running.createdAt))}: this page
            refreshes by itself.
          </p>
          <PublicationProgress run={running} />
        </div>
      )}
      {failed && !running && (
        <p data-testid="publication-failed" className="text-xs text-red-700 dark:text-red-300">
          The last run for this view failed: {failed.error}
        </p>
      )}
      {latest ? (
        <>
          <p data-testid="publication-meta" className="text-xs text-zinc-500 dark:text-zinc-400">
            Mean of B = <strong className={strong}>{latest.rounds.toLocaleString('en-US')}</strong> game-weighted
            bootstrap fits · seed <code className="font-mono">{latest.seed}</code> · computed{' '}
            <time dateTime={latest.finishedAt ?? undefined} title={latest.finishedAt ?? undefined}>
              {latest.finishedAt ? timeAgo(new Date(latest.finishedAt)) : '?'}
            </time>{' '}
            from <strong className={strong}>{latest.matchesUsed}</strong> matches · {latest.interval}% percentile
            intervals
            {latest.anchor ? ` · scale anchored on ${latest.anchor} = 1000` : ''} ·{' '}
            <span data-testid="publication-rules">{publicationRulesWords(latest)}</span> ·{' '}
            <span data-testid="publication-estimator">
              {latest.estimator === 'gamebench'
                ? 'each fit GameBench’s own (choix’s ILSR, α = 0.001, exact ties left out)'
                : 'each fit the arena’s MM Bradley-Terry (a run made before GameBench’s own fit was added: request a new run for it)'}
            </span>
          </p>
          {latest.newMatches > 0 && (
            <p
              role="status"
              data-testid="publication-stale"
              className="rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
            >
              <strong className="font-semibold">Stale:</strong> {latest.newMatches} more{' '}
              {latest.newMatches === 1 ? 'match has' : 'matches have'} finished since this run read its data; these
              figures do not include {latest.newMatches === 1 ? 'it' : 'them'}.{' '}
              <Link href={request} className={link}>
                Request a new run
              </Link>{' '}
              (admins).
            </p>
          )}
          <div className="overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
            <table data-testid="publication-table" className="w-full min-w-[36rem] text-sm">
              <caption className="sr-only">
                GameBench Eq. 3 ratings: mean of {latest.rounds} bootstrap fits, with {latest.interval}% percentile
                intervals
              </caption>
              <thead className="bg-zinc-50 text-left text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Rank
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Agent
                  </th>
                  <th
                    scope="col"
                    className="px-3 py-2 text-right font-medium"
                    title="GameBench Eq. 3: the mean of the B bootstrap fits"
                  >
                    Rating (Eq. 3)
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {latest.interval}% interval
                  </th>
                  <th
                    scope="col"
                    className="px-3 py-2 text-right font-medium"
                    title="The mean's log-strength β̄ (the anchor at 0)"
                  >
                    β̄
                  </th>
                  <th
                    scope="col"
                    className="px-3 py-2 text-right font-medium"
                    title="The same fit to the matches themselves, without resampling, for comparison"
                  >
                    Point fit
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Matches
                  </th>
                </tr>
              </thead>
              <tbody>
                {latest.rows.map((r) => (
                  <tr
                    key={r.agentId}
                    data-testid="publication-row"
                    className="border-t border-zinc-100 dark:border-zinc-800"
                  >
                    <td className="px-3 py-1.5 tabular-nums">
                      {r.rank}
                      {r.group !== null && (
                        <span
                          className="ml-1 text-[0.65rem] text-zinc-500"
                          title="Ranked within its group: agents that never played the others, directly or through others, are ranked apart"
                        >
                          in group {r.group}
                        </span>
                      )}
                    </td>
                    <td className="px-3 py-1.5">
                      {r.agentName}
                      {r.simulated && <span className="ml-1.5 text-[0.65rem] text-zinc-500">simulated</span>}
                    </td>
                    <td className="px-3 py-1.5 text-right font-semibold tabular-nums" data-testid="publication-mean">
                      {formatRating(r.mean, 'bt')}
                    </td>
                    <td className="px-3 py-1.5 text-right tabular-nums text-zinc-500 dark:text-zinc-400">
                      {r.interval ? formatInterval(r.interval, 'bt') : r.lowData ? 'few matches' : '—'}
                    </td>
                    <td className="px-3 py-1.5 text-right tabular-nums text-zinc-500 dark:text-zinc-400">
                      {r.betaMean >= 0 ? '+' : '−'}
                      {Math.abs(r.betaMean).toFixed(2)}
                    </td>
                    <td className="px-3 py-1.5 text-right tabular-nums text-zinc-500 dark:text-zinc-400">
                      {formatRating(r.point, 'bt')}
                    </td>
                    <td className="px-3 py-1.5 text-right tabular-nums">{r.matches}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {query.estimate !== 'gamebench' && (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              The table above shows the point fit;{' '}
              <Link
                href={`/leaderboard${leaderboardSearch({ ...query, estimate: 'gamebench', scheme: 'game-weighted' })}`}
                className={link}
              >
                show GameBench’s estimate there too
              </Link>{' '}
              (with the live leaderboard’s fewer rounds).
            </p>
          )}
        </>
      ) : null}
    </section>
  );
}

/** Which rules a run rated, in words. */
function publicationRulesWords(run: { rules: RulesChoice[] | null; protocol: string }): string {
  if (run.rules === null) return 'every rules version pooled (a run made before runs recorded their rules)';
  const rated = run.rules.filter((r) => r.rated);
  const left = run.rules.filter((r) => !r.rated).reduce((n, r) => n + r.matches, 0);
  const what =
    run.protocol === 'pooled'
      ? 'every rules version pooled'
      : rated.length === 1
        ? `rules ${rated[0]!.label}`
        : `each game’s current rules (${rated.length} games)`;
  return left > 0 ? `${what}; ${left} results under other rules left out` : what;
}
