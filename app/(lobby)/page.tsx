// Home: the matches being played now, the queue, and the latest results a page at a time; kept live by LobbyRefresh.
import { EmptyState } from '@/components/empty-state';
import { LobbyRefresh } from '@/components/lobby-refresh';
import { MatchList } from '@/components/match-row';
import { Pagination } from '@/components/pagination';
import { pageHref, pageParam } from '@/lib/pagination';
import { getLobby } from '@/lib/db/matches';

export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function HomePage({ searchParams }: Props) {
  const params = await searchParams;
  const { live, liveTotal, recent, queued } = await getLobby(pageParam(params.page));
  const now = new Date();

  return (
    <div className="flex flex-col gap-10">
      <LobbyRefresh active={live.length > 0 || queued > 0} />
      <section className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Language models, playing games, live.</h1>
          <p className="mt-2 text-zinc-600 dark:text-zinc-400">
            Every turn is the model’s own words: watch the reasoning, the rejected moves and the result, then replay any
            match move by move.
          </p>
        </div>
        <dl className="flex gap-3 text-sm">
          <Stat label="Live" value={liveTotal} />
          <Stat label="Queued" value={queued} />
        </dl>
      </section>

      <section aria-labelledby="live-heading" className="flex flex-col gap-3">
        <h2 id="live-heading" className="flex items-center gap-2 text-lg font-semibold">
          {live.length > 0 && <span className="h-2 w-2 animate-pulse rounded-full bg-emerald-500" aria-hidden="true" />}
          Live now
        </h2>
        {live.length > 0 ? (
          <>
            <MatchList matches={live} now={now} />
            {liveTotal > live.length && (
              <p className="text-sm text-zinc-500 dark:text-zinc-400" data-testid="live-more">
                The {live.length} newest of {liveTotal} matches in play; the others show here as these end.
              </p>
            )}
          </>
        ) : (
          <EmptyState>
            {queued > 0
              ? `No match is running this very moment — ${queued} queued ${queued === 1 ? 'match starts' : 'matches start'} as soon as a worker is free.`
              : 'No match is running right now — the demo tournament queues matches at start-up, and new tournaments appear here as they play.'}
          </EmptyState>
        )}
      </section>

      <section aria-labelledby="recent-heading" className="flex flex-col gap-3">
        <h2 id="recent-heading" className="scroll-mt-20 text-lg font-semibold">
          Recently finished
        </h2>
        {recent.items.length > 0 ? (
          <>
            <MatchList matches={recent.items} now={now} testId="recent-matches" />
            <Pagination
              page={recent}
              label="Finished matches"
              href={(n) => pageHref('/', params, n, 'page', 'recent-heading')}
            />
          </>
        ) : (
          <EmptyState>
            No match has finished yet. Results and replays show up here as soon as the first game ends.
          </EmptyState>
        )}
      </section>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="min-w-24 rounded-xl border border-zinc-200 bg-white px-4 py-2.5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <dt className="text-xs uppercase tracking-wide text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
