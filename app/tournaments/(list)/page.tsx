// The tournaments, newest first, a page at a time: format, status, progress and match counts; each links to its page.
import type { Metadata } from 'next';
import Link from 'next/link';
import { EmptyState } from '@/components/empty-state';
import { timeAgo } from '@/components/format';
import { Pagination } from '@/components/pagination';
import { formatLabel } from '@/components/tournament-format';
import { TournamentProgressBar } from '@/components/tournament-progress-bar';
import { TournamentRefresh } from '@/components/tournament-refresh';
import { TournamentStatusBadge } from '@/components/tournament-status-badge';
import { pageHref, pageParam } from '@/lib/pagination';
import { getTournamentsPage } from '@/lib/db/tournament-pages';
import { currentAdmin } from '@/lib/db/admin-session';
import { progressFraction, type TournamentProgress } from '@/lib/tournament/spec';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Tournaments' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function TournamentsPage({ searchParams }: Props) {
  const params = await searchParams;
  const [page, admin] = await Promise.all([getTournamentsPage(pageParam(params.page)), currentAdmin()]);
  const tournaments = page.items;
  const open = tournaments.filter((t) => t.status === 'running' || t.status === 'paused');
  const now = new Date();

  return (
    <div className="flex flex-col gap-6">
      <TournamentRefresh ids={open.map((t) => t.id)} active={open.some((t) => t.status === 'running')} />
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-semibold tracking-tight">Tournaments</h1>
          <p className="mt-2 text-zinc-600 dark:text-zinc-400">
            Round robins, gauntlets, host/guest and adaptive schedules of matches. Each tournament’s page shows its
            progress, its standings so far and its live matches.
          </p>
        </div>
        {admin && (
          <Link
            href="/admin/tournaments/new"
            className="inline-flex h-9 shrink-0 items-center justify-center rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
          >
            New tournament
          </Link>
        )}
      </header>
      {tournaments.length === 0 ? (
        <EmptyState>
          No tournament yet.{' '}
          {admin
            ? 'Create one to start playing matches.'
            : 'An admin creates them; the demo tournament appears here when the server starts.'}
        </EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-2" data-testid="tournament-list">
            {tournaments.map((t) => (
              <li key={t.id}>
                <TournamentCard t={t} now={now} />
              </li>
            ))}
          </ul>
          <Pagination page={page} label="Tournaments" href={(n) => pageHref('/tournaments', params, n)} />
        </>
      )}
    </div>
  );
}

function TournamentCard({ t, now }: { t: TournamentProgress; now: Date }) {
  const c = t.counts;
  const pct = Math.floor(progressFraction(c) * 100 + 1e-9);
  return (
    <article
      data-testid="tournament-row"
      data-tournament-id={t.id}
      className="relative grid gap-3 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm transition focus-within:border-indigo-300 hover:border-indigo-300 hover:shadow-md sm:grid-cols-[minmax(0,1fr)_16rem] sm:items-center dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-indigo-700"
    >
      <div className="min-w-0">
        <h2 className="flex flex-wrap items-center gap-2">
          <Link
            href={`/tournaments/${t.id}`}
            className="min-w-0 break-words font-semibold after:absolute after:inset-0 after:rounded-xl hover:text-indigo-700 focus-visible:outline-none dark:hover:text-indigo-300"
          >
            {t.name}
          </Link>
          <TournamentStatusBadge status={t.status} counts={t.counts} />
        </h2>
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-zinc-500 dark:text-zinc-400">
          <span>{formatLabel(t.format)}</span>
          <span>
            created{' '}
            <time dateTime={t.createdAt.toISOString()} title={t.createdAt.toISOString()}>
              {timeAgo(t.createdAt, now)}
            </time>
          </span>
          {t.stopReason && <span className="min-w-0 break-words">{t.stopReason}</span>}
        </p>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex items-baseline justify-between gap-2 text-xs">
          <span className="font-semibold tabular-nums">{pct}%</span>
          <span className="tabular-nums text-zinc-500 dark:text-zinc-400">
            {c.done + c.failed} / {c.total - c.cancelled} ended
            {c.running > 0 && ` · ${c.running} live`}
            {c.failed > 0 && ` · ${c.failed} failed`}
            {c.cancelled > 0 && ` · ${c.cancelled} cancelled`}
          </span>
        </div>
        <TournamentProgressBar counts={c} label={`Progress of ${t.name}`} size="sm" />
      </div>
    </article>
  );
}
