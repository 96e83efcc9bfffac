// The admin dashboard: what there is (providers, agents, tournaments) with links to manage each, and the latest
// tournaments with their progress.
import type { Metadata } from 'next';
import Link from 'next/link';
import { EmptyState } from '@/components/empty-state';
import { formatLabel } from '@/components/tournament-format';
import { TournamentProgressBar } from '@/components/tournament-progress-bar';
import { TournamentStatusBadge } from '@/components/tournament-status-badge';
import { db } from '@/lib/db/client';
import { getTournamentCounts, getTournamentsPage } from '@/lib/db/tournament-pages';
import { requireAdminPage } from '@/lib/db/admin-session';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Admin', robots: { index: false } };

export default async function AdminDashboard() {
  await requireAdminPage('/admin');
  const [providers, active, retired, archived, counts, latest] = await Promise.all([
    db().provider.count(),
    db().agent.count({ where: { kind: { not: 'human' }, retired: false } }),
    db().agent.count({ where: { kind: { not: 'human' }, retired: true, archivedAt: null } }),
    db().agent.count({ where: { kind: { not: 'human' }, archivedAt: { not: null } } }),
    getTournamentCounts(),
    getTournamentsPage(1, 5),
  ]);
  const tournaments = latest.items;

  const cards = [
    {
      href: '/admin/providers',
      title: 'Providers',
      value: providers,
      text: 'OpenAI-compatible endpoints: base URL, API key, request limits, prices. Test a connection to list its models.',
    },
    {
      href: '/admin/agents',
      title: 'Agents',
      value: active,
      text: `LLM agents (provider, model, scaffold, prompt version) and built-in baselines; which of them people may play.${retired > 0 ? ` ${retired} older ${retired === 1 ? 'version' : 'versions'} kept for their ratings.` : ''}${archived > 0 ? ` ${archived} archived.` : ''}`,
    },
    {
      href: '/tournaments',
      title: 'Tournaments',
      value: counts.total,
      text: counts.open
        ? `${counts.open} running or paused now. Open one to watch, pause, resume or cancel it.`
        : 'None running now. Open one to see its standings.',
    },
    {
      href: '/admin/tournaments/new',
      title: 'New tournament',
      value: null,
      text: 'Pick games, a format and agents; set a budget of matches, tokens or cost.',
    },
    {
      href: '/admin/settings',
      title: 'Settings',
      value: null,
      text: 'How the leaderboard shows people’s games by default.',
    },
  ];

  return (
    <div className="flex flex-col gap-8">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight">Admin</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">
          Set up providers and agents, then schedule tournaments. Editing what an agent plays makes a new version, so
          ratings never mix versions.
        </p>
      </header>

      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((c) => (
          <li key={c.href}>
            <Link
              href={c.href}
              data-testid={`admin-card-${c.href.split('/').pop()}`}
              className="group flex h-full flex-col gap-1.5 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm transition hover:border-indigo-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-indigo-700"
            >
              <span className="flex items-baseline justify-between gap-2">
                <span className="font-semibold group-hover:text-indigo-700 dark:group-hover:text-indigo-300">
                  {c.title} <span aria-hidden="true">→</span>
                </span>
                {c.value !== null && <span className="text-2xl font-semibold tabular-nums">{c.value}</span>}
              </span>
              <span className="text-sm text-zinc-600 dark:text-zinc-400">{c.text}</span>
            </Link>
          </li>
        ))}
      </ul>

      <section aria-labelledby="latest-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="latest-heading" className="text-lg font-semibold">
            Latest tournaments
          </h2>
          <Link href="/tournaments" className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
            All tournaments →
          </Link>
        </div>
        {tournaments.length === 0 ? (
          <EmptyState>
            No tournament yet.{' '}
            <Link
              href="/admin/tournaments/new"
              className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
            >
              Create the first one
            </Link>
            .
          </EmptyState>
        ) : (
          <ul className="flex flex-col divide-y divide-zinc-100 rounded-xl border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
            {tournaments.map((t) => (
              <li key={t.id} className="grid gap-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-center">
                <div className="flex min-w-0 flex-wrap items-center gap-2">
                  <Link
                    href={`/tournaments/${t.id}`}
                    className="min-w-0 break-words font-medium hover:text-indigo-700 hover:underline dark:hover:text-indigo-300"
                  >
                    {t.name}
                  </Link>
                  <TournamentStatusBadge status={t.status} counts={t.counts} />
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">{formatLabel(t.format)}</span>
                </div>
                <TournamentProgressBar counts={t.counts} label={`Progress of ${t.name}`} size="sm" />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
