// Admin: publication runs. GameBench's rating as the paper defines it (§3.4, Eq. 3: the mean of B = 10,000 fits of
// game-weighted bootstrap resamples) for one leaderboard view, computed in the background with its progress shown
// here and on the leaderboard; the finished figures are kept and shown on the leaderboard, labelled.
import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminPublicationForm } from '@/components/admin-publication-form';
import { EmptyState } from '@/components/empty-state';
import { timeAgo } from '@/components/format';
import { categoryLabel } from '@/components/leaderboard-format';
import { PublicationProgress, PublicationRefresh } from '@/components/publication-progress';
import { ratedGames } from '@/games/registry';
import { CATEGORIES, protocolParamSchema } from '@/lib/leaderboard-contract';
import { PUBLICATION_ROUNDS, publicationService, type PublicationRunInfo } from '@/lib/publication-contract';
import { requireAdminPage } from '@/lib/db/admin-session';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Publication runs · Admin', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PublicationPage({ searchParams }: Props) {
  await requireAdminPage('/admin/publication');
  const params = await searchParams;
  const one = (k: string) => (typeof params[k] === 'string' ? (params[k] as string) : undefined);
  const declared = new Set<string>(ratedGames.flatMap((g) => g.meta.categories));
  const humans = one('humans');
  const initial = {
    game: ratedGames.some((g) => g.id === one('game')) ? one('game') : undefined,
    category: CATEGORIES.find((c) => c === one('category')),
    humans: (humans === 'together' || humans === 'hide' ? humans : 'each') as 'each' | 'together' | 'hide',
    protocol: protocolParamSchema.safeParse(one('protocol')).data ?? 'current',
  };

  let runs: PublicationRunInfo[] = [];
  let error: string | null = null;
  try {
    runs = await publicationService().list(20);
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const running = runs.some((r) => r.status === 'running');

  return (
    <div className="flex flex-col gap-6">
      <PublicationRefresh running={running} />
      <header className="max-w-3xl">
        <h1 className="text-3xl font-semibold tracking-tight">Publication runs</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">
          GameBench’s rating as the paper defines it (§3.4, Eq. 3): θ̂<sub>k</sub> = (1/B) Σ<sub>b</sub> θ<sub>b,k</sub>,
          the mean of the Bradley-Terry fits of B = {PUBLICATION_ROUNDS.toLocaleString('en-US')} bootstrap resamples,
          each drawing matches with probability ∝ 1/(matches of their game), with percentile intervals. The live
          leaderboard uses fewer rounds to stay fast; a run computes the paper’s B in the background (its own thread:
          the site keeps answering), and its figures are kept and shown on the leaderboard for that view, with B, the
          seed, when and on how many matches.
        </p>
      </header>

      <AdminPublicationForm
        games={ratedGames.map((g) => ({ id: g.id, title: g.meta.title }))}
        categories={CATEGORIES.filter((c) => declared.has(c)).map((c) => ({ id: c, label: categoryLabel(c) }))}
        initial={initial}
        rounds={PUBLICATION_ROUNDS}
      />

      <section aria-labelledby="runs-heading" className="flex flex-col gap-3">
        <h2 id="runs-heading" className="text-lg font-semibold">
          Latest runs
        </h2>
        {error ? (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300"
          >
            {error}
          </p>
        ) : runs.length === 0 ? (
          <EmptyState>No publication run yet.</EmptyState>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="publication-runs">
            {runs.map((r) => (
              <li
                key={r.id}
                data-testid="publication-run"
                data-status={r.status}
                className="flex flex-col gap-2 rounded-xl border border-zinc-200 bg-white p-3 text-sm shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">
                    {r.view}{' '}
                    <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">
                      · B = {r.rounds.toLocaleString('en-US')} · seed {r.seed} · {r.matchesUsed ?? '?'} matches ·
                      requested {timeAgo(new Date(r.createdAt))}
                      {r.requestedBy ? ` by ${r.requestedBy}` : ''}
                    </span>
                  </span>
                  <span
                    data-testid="publication-run-status"
                    className={
                      r.status === 'failed'
                        ? 'text-red-700 dark:text-red-300'
                        : r.status === 'done'
                          ? 'text-emerald-700 dark:text-emerald-300'
                          : 'text-indigo-700 dark:text-indigo-300'
                    }
                  >
                    {r.status === 'running'
                      ? 'computing'
                      : r.status === 'done'
                        ? `done ${r.finishedAt ? timeAgo(new Date(r.finishedAt)) : ''}`
                        : 'failed'}
                  </span>
                </div>
                {r.status === 'running' && <PublicationProgress run={r} />}
                {r.status === 'failed' && r.error && (
                  <p className="text-xs text-red-700 dark:text-red-300" data-testid="publication-run-error">
                    {r.error}
                  </p>
                )}
                {r.status === 'done' && (
                  <Link
                    href={`/leaderboard?${new URLSearchParams({ ...(r.game ? { game: r.game } : {}), ...(r.category ? { category: r.category } : {}), humans: r.humans, ...(r.protocol !== 'current' ? { protocol: r.protocol } : {}), estimate: 'gamebench' })}#publication-heading`}
                    className="w-fit text-xs font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                  >
                    See it on the leaderboard
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
