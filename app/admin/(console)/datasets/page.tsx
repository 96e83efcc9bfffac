// Admin: imported datasets (issue 21, item 3) — upload a GameBench-format file as a named, read-only dataset; each is
// rated on the leaderboard on its own (/leaderboard?dataset=NAME), never mixed with the arena's matches.
import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminDatasetDelete, AdminDatasetForm } from '@/components/admin-dataset-form';
import { EmptyState } from '@/components/empty-state';
import { listDatasets } from '@/lib/db/datasets-store';
import { db } from '@/lib/db/client';
import { requireAdminPage } from '@/lib/db/admin-session';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Datasets · Admin', robots: { index: false } };

export default async function DatasetsPage() {
  await requireAdminPage('/admin/datasets');
  const datasets = await listDatasets(db());
  const link = 'font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';
  return (
    <div className="flex flex-col gap-6">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight">Datasets</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">
          Results from elsewhere — GameBench’s own <code className="font-mono text-sm">matches.json</code>, or another
          arena’s export — as named, read-only datasets. Each is rated on the leaderboard on its own, never mixed with
          this arena’s matches; its agents are names from the file (marked imported) and its matches have no moves to
          replay. Larger files:{' '}
          <code className="font-mono text-sm">npm run arena -- import gamebench FILE --dataset NAME</code>.
        </p>
      </header>
      <AdminDatasetForm />
      <section aria-labelledby="datasets-heading" className="flex flex-col gap-3">
        <h2 id="datasets-heading" className="text-lg font-semibold">
          Imported datasets
        </h2>
        {datasets.length === 0 ? (
          <EmptyState>No dataset yet: import a file above.</EmptyState>
        ) : (
          <ul
            data-testid="datasets"
            className="flex flex-col divide-y divide-zinc-200 rounded-xl border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
          >
            {datasets.map((d) => (
              <li
                key={d.id}
                data-testid="dataset-row"
                className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-semibold">{d.name}</p>
                  <p className="text-zinc-600 dark:text-zinc-400">
                    {d.matchCount.toLocaleString('en-US')} matches · {d.agents.length} agents · {d.games.length}{' '}
                    {d.games.length === 1 ? 'game' : 'games'}
                    {d.source ? ` · from ${d.source}` : ''} · imported{' '}
                    {d.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC
                  </p>
                  <p className="truncate text-xs text-zinc-500 dark:text-zinc-400" title={d.agents.join(', ')}>
                    {d.agents.join(', ')}
                  </p>
                  <p className="mt-1 flex flex-wrap gap-x-3 text-xs">
                    <Link href={`/leaderboard?dataset=${encodeURIComponent(d.name)}`} className={link}>
                      Leaderboard
                    </Link>
                    <Link href={`/leaderboard/gamebench?dataset=${encodeURIComponent(d.name)}`} className={link}>
                      GameBench’s tables
                    </Link>
                    <a href={`/api/datasets/${encodeURIComponent(d.name)}`} className={link}>
                      File (JSON)
                    </a>
                  </p>
                </div>
                <AdminDatasetDelete name={d.name} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
