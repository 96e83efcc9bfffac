// The leaderboard: filters in the URL, the ratings table (Bradley-Terry with bootstrapped intervals, TrueSkill, Elo),
// the rating chart, the pairwise heat map and the normalized score table, computed by the server's leaderboard service.
import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LeaderboardChart, type ChartPoint } from '@/components/leaderboard-chart';
import { LeaderboardFilters } from '@/components/leaderboard-filters';
import { categoryLabel, METHOD_LABELS } from '@/components/leaderboard-format';
import { LeaderboardCooperative } from '@/components/leaderboard-cooperative';
import { LeaderboardNormalized } from '@/components/leaderboard-normalized';
import { LeaderboardPairwise } from '@/components/leaderboard-pairwise';
import { LeaderboardRefresh } from '@/components/leaderboard-refresh';
import { LeaderboardTable } from '@/components/leaderboard-table';
import { timeAgo } from '@/components/format';
import { getGame, ratedGames as games } from '@/games/registry';
import { db } from '@/lib/db';
import { CATEGORIES, leaderboardService, type LeaderboardResult } from '@/lib/leaderboard';
import { leaderboardQueryFor } from '@/lib/settings';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Leaderboard' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LeaderboardPage({ searchParams }: Props) {
  // Where the address does not choose a people filter, the admin's default applies (/admin/settings).
  const parsed = await leaderboardQueryFor(db(), await searchParams);
  const problems = [...parsed.problems];
  let query = parsed.query;
  if (query.game && !getGame(query.game)) {
    problems.push(`game: "${query.game}" is not a registered game`);
    query = { ...query, game: undefined };
  } else if (query.game && getGame(query.game)?.meta.evaluation) {
    problems.push(`game: ${getGame(query.game)!.meta.title} is a judged evaluation and is never rated: its results are at /metrics/${query.game}`);
    query = { ...query, game: undefined };
  }

  const declared = new Set<string>(games.flatMap((g) => g.meta.categories));
  const categories = CATEGORIES.map((c) => ({ id: c, label: categoryLabel(c), available: declared.has(c) }));

  let result: LeaderboardResult | null = null;
  let error: string | null = null;
  try {
    result = await leaderboardService().get(query);
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-semibold tracking-tight">Leaderboard</h1>
          <p className="mt-2 text-zinc-600 dark:text-zinc-400">
            Bradley-Terry ratings with bootstrapped confidence intervals, TrueSkill and Elo beside them. Ranks respect the intervals: an agent only
            ranks below those whose whole interval lies above its own.
          </p>
        </div>
        <Downloads />
      </header>

      <LeaderboardFilters
        query={query}
        defaults={parsed.defaults}
        games={games.map((g) => ({ id: g.id, title: g.meta.title }))}
        categories={categories}
        versions={result?.versions ?? []}
      />

      {problems.length > 0 && (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
          <p className="font-medium">Some parameters in the address were ignored (defaults used instead):</p>
          <ul className="mt-1 list-disc pl-5 text-xs">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}

      {error !== null || !result ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-6 text-center text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300">
          <p className="font-semibold">The leaderboard could not be computed.</p>
          <p className="mt-1">{error ?? 'no result'}</p>
          <p className="mt-2 text-xs text-red-700/80 dark:text-red-400/80">Reload the page in a moment; if it persists, check that the arena server is running.</p>
        </div>
      ) : (
        <Board result={result} />
      )}
    </div>
  );
}

function Board({ result }: { result: LeaderboardResult }) {
  const { query } = result;
  const computed = new Date(result.computedAt);

  const meta = (
    <p data-testid="leaderboard-meta" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
      <LeaderboardRefresh stale={result.stale} />
      <span>
        Computed <time dateTime={result.computedAt} title={result.computedAt}>{timeAgo(computed)} ({computed.toISOString().slice(11, 19)} UTC)</time> from{' '}
        <strong className="font-semibold text-zinc-700 dark:text-zinc-300">{result.matchesUsed}</strong> {result.matchesUsed === 1 ? 'match' : 'matches'}
        {query.method === 'bt' && (
          <>
            , <strong className="font-semibold text-zinc-700 dark:text-zinc-300">{result.bootstrapRounds}</strong> bootstrap rounds
            {query.scheme === 'game-weighted' ? ' (game-weighted)' : ''}
            {result.anchor ? ` · scale anchored on ${result.anchor.agentName} = 1000` : ''}
          </>
        )}
      </span>
      {result.stale && (
        <span data-testid="stale" className="inline-flex items-center gap-1.5 rounded-full bg-sky-50 px-2 py-0.5 font-medium text-sky-800 dark:bg-sky-950/60 dark:text-sky-300">
          <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-sky-500" aria-hidden="true" />
          updating…
        </span>
      )}
    </p>
  );

  if (result.matchesUsed === 0 || result.rows.length === 0) {
    const filtered = !!(query.game || query.category || query.baselines === 'hide' || query.simulated === 'hide' || query.humans !== 'each');
    const link = 'font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';
    return (
      <div className="flex flex-col gap-3">
        {meta}
        <EmptyState>
          {filtered ? (
            <>
              No finished matches for these filters yet; ratings appear as matches finish.{' '}
              <Link href="/leaderboard" className={link}>
                Clear the filters
              </Link>{' '}
              or{' '}
              <Link href="/" className={link}>
                watch the live matches
              </Link>
              .
            </>
          ) : (
            <>
              No finished matches yet — the demo tournament is playing; ratings appear as matches finish.{' '}
              <Link href="/" className={link}>
                Watch the live matches
              </Link>
              .
            </>
          )}
        </EmptyState>
      </div>
    );
  }

  const points: ChartPoint[] = result.rows.map((r) => ({
    agentId: r.agentId,
    name: r.agentName,
    rating: r.rating,
    lower: r.interval?.lower ?? null,
    upper: r.interval?.upper ?? null,
    lowData: r.lowData,
    matches: r.matches,
    simulated: r.simulated,
  }));

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="ratings-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="ratings-heading" className="text-lg font-semibold">
            Ratings · {METHOD_LABELS[query.method]}
            {query.game ? ` · ${getGame(query.game)?.meta.title ?? query.game}` : ''}
            {query.category ? ` · ${categoryLabel(query.category)}` : ''}
          </h2>
          {meta}
        </div>
        <LeaderboardTable result={result} />
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Reliability columns count how an agent follows the rules (illegal or unreadable replies, retries, turns forfeited to the fallback policy)
          and infrastructure failures (voided matches, not rated). They are reported apart and do not enter the ratings.
        </p>
      </section>

      <div className="grid gap-8 xl:grid-cols-2 xl:items-start">
        <Card id="chart-heading" title="Ratings with intervals" hint="Best first; whiskers are the intervals, hollow dots have too few matches for one.">
          <LeaderboardChart points={points} method={query.method} reference={query.method === 'bt' && result.anchor ? 1000 : null} />
        </Card>
        <Card
          id="pairwise-heading"
          title="Head to head"
          hint={`Row agent's observed score share against the column agent${query.method === 'bt' ? ', with the Bradley-Terry prediction' : ''}.`}
        >
          <LeaderboardPairwise result={result} />
        </Card>
      </div>

      <section aria-labelledby="normalized-heading" className="flex flex-col gap-3">
        <div>
          <h2 id="normalized-heading" className="text-lg font-semibold">
            Normalized score
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            LLMArena’s view: each agent’s mean score per game as a percentage of the best agent’s in that game, and the average over games.
          </p>
        </div>
        <LeaderboardNormalized result={result} />
      </section>

      {result.cooperative.length > 0 && (
        <section aria-labelledby="cooperative-heading" className="flex flex-col gap-3">
          <div>
            <h2 id="cooperative-heading" className="text-lg font-semibold">
              Cooperative games
            </h2>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              The seats play together against the game, so these matches are not in the ratings above: each agent&apos;s mean team score, with a
              bootstrap interval.
            </p>
          </div>
          <LeaderboardCooperative result={result} />
        </section>
      )}

      <HowToRead bootstrapRounds={result.bootstrapRounds} />
    </div>
  );
}

function Card({ id, title, hint, children }: { id: string; title: string; hint: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{hint}</p>
      </div>
      {children}
    </section>
  );
}

function Downloads() {
  const links = [
    { href: '/api/export/matches.json', label: 'JSON', title: 'GameBench format: one object per finished match' },
    { href: '/api/export/matches.csv', label: 'CSV', title: 'One row per seat of every finished match' },
    { href: '/api/export/matches.jsonl', label: 'JSONL', title: 'Full export: seats, events and model calls, one match a line' },
    { href: '/api/leaderboard', label: 'API', title: 'This leaderboard as JSON (same parameters as this page)' },
  ];
  return (
    <nav aria-label="Downloads" className="flex flex-wrap items-center gap-1.5 text-xs">
      <span className="text-zinc-500 dark:text-zinc-400">Data:</span>
      {links.map((l) => (
        <a
          key={l.href}
          href={l.href}
          title={l.title}
          className="rounded-md border border-zinc-200 bg-white px-2 py-1 font-mono font-medium text-zinc-700 shadow-sm hover:border-indigo-300 hover:text-indigo-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:text-indigo-300"
        >
          {l.label}
        </a>
      ))}
    </nav>
  );
}

function HowToRead({ bootstrapRounds }: { bootstrapRounds: number }) {
  return (
    <details className="rounded-xl border border-zinc-200 bg-white px-4 py-3 text-sm shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <summary className="cursor-pointer font-medium">How these numbers are computed</summary>
      <ul className="mt-2 flex list-disc flex-col gap-1.5 pl-5 text-zinc-600 dark:text-zinc-400">
        <li>
          <strong className="font-medium text-zinc-800 dark:text-zinc-200">Bradley-Terry</strong> is fitted by minorization-maximization on every
          pairwise result (a multi-player match counts as weighted pairwise comparisons) and shown on an Elo-like scale anchored at 1000.
        </li>
        <li>
          Intervals come from {bootstrapRounds} bootstrap resamples of the matches: <em>plain</em> resamples matches; <em>game-weighted</em> (GameBench)
          gives every game the same weight however many matches it has.
        </li>
        <li>Agents with too few matches show their point estimate only, flagged “few matches”.</li>
        <li>
          <strong className="font-medium text-zinc-800 dark:text-zinc-200">TrueSkill</strong> shows μ; <strong className="font-medium text-zinc-800 dark:text-zinc-200">Elo</strong>{' '}
          is the classic online rating, for reference (both depend on match order).
        </li>
        <li>Void matches (infrastructure failures) are never rated; they are counted in the reliability columns.</li>
        <li>
          <strong className="font-medium text-zinc-800 dark:text-zinc-200">People</strong> who play in the browser are rated like any agent
          (marked <em>human</em>). <em>All people as one</em> rates them as a single player, “Humans (all people)”, leaving out games between
          people; <em>Hide</em> leaves every game with a person out of the ratings, so the models are rated as if no person had played.
        </li>
      </ul>
    </details>
  );
}
