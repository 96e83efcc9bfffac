// The leaderboard: filters in the URL (a parameter that cannot be used is named, with what is shown instead), the
// ratings table (Bradley-Terry with bootstrapped intervals, TrueSkill, Elo), the rating chart, the pairwise heat map,
// the normalized score table and the cooperative games' team scores, computed by the server's leaderboard service.
import { QueryProblems } from '@/components/query-problems';
import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LeaderboardChart, type ChartPoint } from '@/components/leaderboard-chart';
import { LeaderboardFilters } from '@/components/leaderboard-filters';
import { LeaderboardRules } from '@/components/leaderboard-rules';
import { categoryLabel, METHOD_LABELS } from '@/components/leaderboard-format';
import { LeaderboardCooperative } from '@/components/leaderboard-cooperative';
import { LeaderboardNormalized } from '@/components/leaderboard-normalized';
import { LeaderboardRobust } from '@/components/leaderboard-robust';
import { LeaderboardSimulbench } from '@/components/leaderboard-simulbench';
import { LeaderboardPairwise } from '@/components/leaderboard-pairwise';
import { LeaderboardRefresh } from '@/components/leaderboard-refresh';
import { LeaderboardTable } from '@/components/leaderboard-table';
import { PublicationFigures } from './publication-figures';
import { timeAgo } from '@/components/format';
import { getGame, ratedGames as games } from '@/games/registry';
import { db } from '@/lib/db/client';
import {
  CATEGORIES,
  leaderboardDataLinks,
  leaderboardSearch,
  leaderboardService,
  type LeaderboardQuery,
  type LeaderboardResult,
} from '@/lib/leaderboard-contract';
import { PUBLICATION_ROUNDS, publicationService, type PublicationView } from '@/lib/publication-contract';
import { RECORD_RULE } from '@/lib/records';
import { PEOPLE_RULE, PEOPLE_RULE_TEXT } from '@/lib/people-rating';
import { datasetGameList, datasetNames } from '@/lib/datasets';
import { listDatasets, type DatasetSummary } from '@/lib/db/datasets-store';
import { leaderboardQueryFor } from '@/lib/db/settings';
import { latestSimulbenchResults, type SimulbenchResults } from '@/lib/db/simulbench/results';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Leaderboard' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LeaderboardPage({ searchParams }: Props) {
  // Where the address does not choose a people filter, the admin's default applies (/admin/settings). A parameter that
  // cannot be used is named, with what is shown instead (the API answers 400 with the same messages).
  const parsed = await leaderboardQueryFor(db(), await searchParams);
  const { query, issues } = parsed;

  // Imported datasets: the reader may rate one instead of the arena's matches (never both at once).
  const datasets = await listDatasets(db()).catch(() => []);
  const chosen = query.dataset ? datasets.filter((d) => datasetNames(query.dataset!).includes(d.name)) : [];
  const gameList = query.dataset
    ? datasetGameList(
        chosen.flatMap((d) => d.games),
        games,
      )
    : games.map((g) => ({ id: g.id, title: g.meta.title, categories: g.meta.categories as readonly string[] }));
  const declared = new Set<string>(gameList.flatMap((g) => g.categories));
  const categories = CATEGORIES.map((c) => ({ id: c, label: categoryLabel(c), available: declared.has(c) }));

  let result: LeaderboardResult | null = null;
  let error: string | null = null;
  // The publication figures of this view (stored; a few indexed reads) come alongside; the page never waits for a run.
  const publication = (async (): Promise<PublicationView | null> => {
    // Publication runs are of the arena's own matches.
    if (query.dataset) return null;
    try {
      return await publicationService().forView(query);
    } catch {
      return null;
    }
  })();
  try {
    result = await leaderboardService().get(query);
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const pub = await publication;
  // SimulBench has its own section (its own scale: a judge's 1–10 ratings), beside the arena's matches only.
  const simulbench = query.dataset ? null : await latestSimulbenchResults(db()).catch(() => null);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-semibold tracking-tight">Leaderboard</h1>
          <p className="mt-2 text-zinc-600 dark:text-zinc-400">
            Bradley-Terry ratings with bootstrapped confidence intervals, TrueSkill and Elo beside them. Ranks respect
            the intervals: an agent only ranks below those whose whole interval lies above its own.
          </p>
          <p className="mt-1 text-sm">
            <Link
              href={`/leaderboard/gamebench${query.dataset ? `?dataset=${encodeURIComponent(query.dataset)}` : ''}`}
              className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
            >
              GameBench’s tables
            </Link>{' '}
            <span className="text-zinc-500 dark:text-zinc-400">
              — average score, ratings per game and per category, spider plot
            </span>
            {' · '}
            <Link
              href="/simulbench"
              className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
            >
              SimulBench
            </Link>
            <span className="text-zinc-500 dark:text-zinc-400"> — models as simulators</span>
          </p>
        </div>
        <Downloads query={query} />
      </header>

      <LeaderboardFilters
        query={query}
        defaults={parsed.defaults}
        games={gameList.map((g) => ({ id: g.id, title: g.title }))}
        categories={categories}
        versions={result?.versions ?? []}
        datasets={datasets.map((d) => ({ name: d.name, matchCount: d.matchCount }))}
      />

      {chosen.length > 0 && <DatasetNotice datasets={chosen} />}

      <QueryProblems issues={issues} />

      {result && (
        <LeaderboardRules
          protocol={query.protocol}
          rules={result.rules}
          search={leaderboardSearch({ ...query, protocol: 'current' }, parsed.defaults)}
        />
      )}

      {error !== null || !result ? (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 px-4 py-6 text-center text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300"
        >
          <p className="font-semibold">The leaderboard could not be computed.</p>
          <p className="mt-1">{error ?? 'no result'}</p>
          <p className="mt-2 text-xs text-red-700/80 dark:text-red-400/80">
            Reload the page in a moment; if it persists, check that the arena server is running.
          </p>
        </div>
      ) : (
        <Board result={result} publication={pub} simulbench={simulbench} />
      )}
    </div>
  );
}

function Board({
  result,
  publication,
  simulbench,
}: {
  result: LeaderboardResult;
  publication: PublicationView | null;
  simulbench: SimulbenchResults | null;
}) {
  const { query } = result;
  const computed = new Date(result.computedAt);
  const strong = 'font-semibold text-zinc-700 dark:text-zinc-300';
  const scope = query.game
    ? (getGame(query.game)?.meta.title ?? query.game)
    : query.category
      ? `the ${categoryLabel(query.category)} category`
      : query.suite === 'gamebench'
        ? 'GameBench’s nine games'
        : 'these games';

  const meta = (
    <p
      data-testid="leaderboard-meta"
      className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400"
    >
      <LeaderboardRefresh stale={result.stale} />
      <span>
        Computed{' '}
        <time dateTime={result.computedAt} title={result.computedAt}>
          {timeAgo(computed)} ({computed.toISOString().slice(11, 19)} UTC)
        </time>{' '}
        from <strong className={strong}>{result.matchesUsed}</strong> {result.matchesUsed === 1 ? 'match' : 'matches'}
        {query.method === 'bt' && result.matchesUsed > 0 && (
          <>
            , <strong className={strong}>{result.bootstrapRounds}</strong> bootstrap rounds
            {query.scheme === 'game-weighted' ? ' (game-weighted)' : ''}
            {result.anchor ? ` · scale anchored on ${result.anchor.agentName} = 1000` : ''}
          </>
        )}
        {result.cooperativeMatches > 0 && (
          <>
            {' '}
            · <strong className={strong}>{result.cooperativeMatches}</strong> cooperative{' '}
            {result.cooperativeMatches === 1 ? 'match' : 'matches'} (team scores)
          </>
        )}
      </span>
    </p>
  );

  // Old numbers are never presented as current: the service waits briefly for the fresh computation; when it is slower,
  // this says how old these are and how much has happened since, and the page refreshes itself until they are fresh.
  const stale = result.stale && (
    <div
      role="status"
      data-testid="stale"
      className="flex items-start gap-2.5 rounded-lg border border-sky-300 bg-sky-50 px-3.5 py-2.5 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-200"
    >
      <span className="mt-1.5 h-2 w-2 shrink-0 animate-pulse rounded-full bg-sky-500" aria-hidden="true" />
      <p>
        <strong className="font-semibold">Not up to date:</strong> these numbers were computed {timeAgo(computed)} from{' '}
        {result.matchesUsed} {result.matchesUsed === 1 ? 'match' : 'matches'};{' '}
        {result.newMatches > 0
          ? `${result.newMatches} more ${result.newMatches === 1 ? 'match has' : 'matches have'} finished since in ${scope}.`
          : 'a match has ended since (void, or in another game).'}{' '}
        Updating — this page refreshes by itself.
      </p>
    </div>
  );

  const counting = (
    <>
      <p data-testid="counting-rule" className="text-xs text-zinc-500 dark:text-zinc-400">
        {RECORD_RULE}{' '}
        {query.humans === 'hide'
          ? 'Matches with a person in a seat are left out (people: hidden).'
          : query.humans === 'together'
            ? 'All people play as one player; matches between people only are left out.'
            : ''}
      </p>
      {/* People's games count by the arena's own rule (lib/people-rating.ts); an imported dataset has no people's games. */}
      {!query.dataset && query.humans !== 'hide' && (
        <p data-testid="people-rule" className="text-xs text-zinc-500 dark:text-zinc-400">
          {PEOPLE_RULE_TEXT}
        </p>
      )}
    </>
  );

  const cooperativeSection = (result.cooperative.length > 0 || result.cooperativeMixed.length > 0) && (
    <section aria-labelledby="cooperative-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="cooperative-heading" className="text-lg font-semibold">
          Cooperative games
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          The seats play together against the game, so these matches are not in the ratings. LLMArena&apos;s teams are
          one model in every seat: each agent&apos;s mean team score (the game&apos;s own points) over those matches,
          with a bootstrap interval; teams of different agents are listed apart.
        </p>
      </div>
      <LeaderboardCooperative result={result} />
    </section>
  );

  if (result.rows.length === 0) {
    const filtered = !!(
      query.game ||
      query.category ||
      query.suite !== 'all' ||
      query.baselines === 'hide' ||
      query.simulated === 'hide' ||
      query.humans !== 'each' ||
      query.version
    );
    const link = 'font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';
    const onlyCooperative =
      result.cooperative.length > 0 ||
      result.cooperativeMixed.length > 0 ||
      (result.cooperativeMatches > 0 && result.matchesUsed === 0);
    return (
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-3">
          {meta}
          {stale}
          {onlyCooperative ? (
            <p
              data-testid="no-competitive"
              className="rounded-xl border border-dashed border-zinc-300 px-4 py-4 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400"
            >
              Nothing to rate against each other in {scope}:{' '}
              {result.matchesUsed === 0 ? 'every match here is cooperative' : 'no agent shown has a rated match'}, so
              there are no Bradley-Terry, TrueSkill or Elo ratings. The team scores are below.
            </p>
          ) : (
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
          )}
        </div>
        {cooperativeSection}
      </div>
    );
  }

  // The chart shows agents with a rating in this method; one without (TrueSkill cannot rate every agent) is left out.
  const unrated = result.rows.filter((r) => r.rating === null);
  const points: ChartPoint[] = result.rows.flatMap((r) =>
    r.rating === null
      ? []
      : [
          {
            agentId: r.agentId,
            name: r.agentName,
            rating: r.rating,
            lower: r.interval?.lower ?? null,
            upper: r.interval?.upper ?? null,
            lowData: r.lowData,
            matches: r.matches,
            simulated: r.simulated,
          },
        ],
  );

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="ratings-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="ratings-heading" className="text-lg font-semibold">
            Ratings · {METHOD_LABELS[query.method]}
            {query.game ? ` · ${getGame(query.game)?.meta.title ?? query.game}` : ''}
            {query.category ? ` · ${categoryLabel(query.category)}` : ''}
            {query.suite === 'gamebench' ? ' · GameBench’s nine games' : ''}
          </h2>
          {meta}
        </div>
        {stale}
        {query.method === 'bt' && <EstimateLine result={result} publication={publication} />}
        <LeaderboardTable result={result} />
        {counting}
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Reliability columns count how an agent follows the rules (illegal or unreadable replies, retries, turns
          forfeited to the fallback policy) and infrastructure failures (voided matches, not rated). They are reported
          apart and do not enter the ratings.
        </p>
        <Definitions method={query.method} />
      </section>

      <div className="grid gap-8 xl:grid-cols-2 xl:items-start">
        <Card
          id="chart-heading"
          title="Ratings with intervals"
          hint="Best first; whiskers are the intervals, hollow dots have too few matches for one."
        >
          {points.length > 0 && (
            <LeaderboardChart
              points={points}
              method={query.method}
              reference={query.method === 'bt' && result.anchor ? 1000 : null}
            />
          )}
          {unrated.length > 0 && (
            <p data-testid="chart-left-out" className="text-xs text-zinc-500 dark:text-zinc-400">
              Not shown (no {METHOD_LABELS[query.method]} rating): {unrated.map((r) => r.agentName).join(', ')}.
            </p>
          )}
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
            LLMArena Table 1: per environment its own metric (TrueSkill μ, average reward, the undercover’s win rate) as
            a percentage of the best agent’s, and the average over games (raw values on Metrics). A percentage from
            fewer than five results is flagged “few matches”.
          </p>
        </div>
        <LeaderboardNormalized result={result} />
      </section>

      {result.robust && (
        <section aria-labelledby="robust-heading" className="flex flex-col gap-3">
          <div>
            <h2 id="robust-heading" className="text-lg font-semibold">
              Does one game decide the overall ranking?
            </h2>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              The arena’s own check (in none of the papers; GameBench saw one game swing its overall ranking): each
              agent’s rank by the Bradley-Terry point fit, and again with each game’s matches left out; then a general
              factor, the first principal component of the per-game ratings, with each game’s loading.
            </p>
          </div>
          <LeaderboardRobust robust={result.robust} />
        </section>
      )}

      {query.method === 'bt' && <PublicationFigures query={query} view={publication} />}

      {cooperativeSection}

      {!query.dataset && <LeaderboardSimulbench results={simulbench} />}

      <HowToRead bootstrapRounds={result.bootstrapRounds} />
    </div>
  );
}

/** One line: which definition of the Bradley-Terry rating the table shows (the point fit, or GameBench's Eq. 3). */
function EstimateLine({ result, publication }: { result: LeaderboardResult; publication: PublicationView | null }) {
  const B = result.bootstrapRounds.toLocaleString('en-US');
  return (
    <p
      data-testid="estimate-definition"
      data-estimate={result.query.estimate}
      className="text-xs text-zinc-600 dark:text-zinc-400"
    >
      <strong className="font-semibold text-zinc-800 dark:text-zinc-200">Rating shown:</strong>{' '}
      {result.query.estimate === 'gamebench' ? (
        <>
          GameBench Eq. 3: mean of B = {B} bootstrap fits (game-weighted), each fitted as GameBench’s code fits it
          (choix’s ILSR, α = 0.001, exact ties left out), intervals their 5th–95th / 2.5th–97.5th percentiles.
          {result.bootstrapRounds !== PUBLICATION_ROUNDS && (
            <>
              {' '}
              The paper uses B = {PUBLICATION_ROUNDS.toLocaleString('en-US')}:{' '}
              {publication?.latest ? (
                <a
                  href="#publication-heading"
                  className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                >
                  see the publication figures
                </a>
              ) : (
                <>
                  an admin can{' '}
                  <a
                    href={`/admin/publication?${new URLSearchParams({ ...(result.query.game ? { game: result.query.game } : {}), ...(result.query.category ? { category: result.query.category } : {}), humans: result.query.humans })}`}
                    className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                  >
                    request a publication run
                  </a>
                </>
              )}
              .
            </>
          )}
        </>
      ) : (
        <>
          point fit (arena’s default): the Bradley-Terry fit to the matches themselves; the intervals come from {B}{' '}
          bootstrap resamples.
        </>
      )}
    </p>
  );
}

/** What the table's columns mean, in words, on the page (the headers carry the same as tooltips). */
function Definitions({ method }: { method: LeaderboardQuery['method'] }) {
  const term = 'font-medium text-zinc-700 dark:text-zinc-300';
  return (
    <dl
      data-testid="definitions"
      className="grid gap-x-4 gap-y-1 text-xs text-zinc-500 sm:grid-cols-[auto_minmax(0,1fr)] dark:text-zinc-400"
    >
      <dt className={term}>Matches, W / D / L</dt>
      <dd>
        Rated matches in the agent&apos;s record and how they ended for it, once per match. Multi-player games are
        decided by side: in Who is the spy every villager wins when the villagers win, and an agent holding several
        seats of one side (a host filling every villager seat) is one player there, compared with the other side once.
        N-player matches enter the ratings as pairwise comparisons between agents of different sides, weighted so that
        each match counts about as much as a two-player one; an agent is never compared with itself.
      </dd>
      <dt className={term}>Avg score</dt>
      <dd>
        The mean share of a match&apos;s score the agent took, from 0 to 1 (a match&apos;s scores sum to 1: win 1, draw
        ½, loss 0 in two-player games; a winning side of three villagers takes ⅓ each, and an agent in all three seats
        takes 1).
      </dd>
      {method === 'bt' && (
        <>
          <dt className={term}>β</dt>
          <dd>
            The raw Bradley-Terry log-strength (the anchor at 0); the rating is 1000 + 400·log10(e)·β ≈ 1000 + 174·β, so
            +1 in β is +174 points.
          </dd>
        </>
      )}
      {method === 'trueskill' && (
        <>
          <dt className={term}>TrueSkill</dt>
          <dd>
            μ, the estimated skill (start 25), with μ ± z·σ as the interval. — means no TrueSkill rating (hover it for
            why); such agents are ranked last.
          </dd>
        </>
      )}
    </dl>
  );
}

function Card({ id, title, hint, children }: { id: string; title: string; hint: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
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

/** The exports and the API, carrying this view's filters (the exports: the games shown; the API: every parameter). */
/** Which imported datasets these numbers come from: said above the table, as the arena's matches are not in them. */
function DatasetNotice({ datasets }: { datasets: DatasetSummary[] }) {
  return (
    <div
      role="note"
      data-testid="dataset-notice"
      className="rounded-lg border border-violet-300 bg-violet-50 px-3.5 py-2.5 text-sm text-violet-950 dark:border-violet-800 dark:bg-violet-950/40 dark:text-violet-200"
    >
      <p>
        <strong className="font-semibold">Imported results, not the arena’s matches:</strong>{' '}
        {datasets.map((d, i) => (
          <span key={d.name}>
            {i > 0 && ' + '}dataset <strong className="font-semibold">{d.name}</strong> (
            {d.matchCount.toLocaleString('en-US')} matches
            {d.source ? ` from ${d.source}` : ''}, imported {d.createdAt.toISOString().slice(0, 10)})
          </span>
        ))}
        . {datasets.length > 1 ? 'An agent name in several of these datasets is rated as one agent. ' : ''}A dataset is
        read-only and rated on its own; its agents are names from the file (marked imported) and its matches have no
        moves to replay.
      </p>
    </div>
  );
}

function Downloads({ query }: { query: LeaderboardQuery }) {
  // A dataset's view: its file as imported and the API; the arena's exports are of other matches.
  const links = query.dataset
    ? [
        ...datasetNames(query.dataset).map((n) => ({
          href: `/api/datasets/${encodeURIComponent(n)}`,
          label: datasetNames(query.dataset!).length > 1 ? n : 'JSON',
          title: `Dataset ${n} in GameBench's format, as imported`,
        })),
        ...leaderboardDataLinks(query).filter((l) => l.label === 'API'),
      ]
    : leaderboardDataLinks(query);
  return (
    <nav aria-label="Downloads" data-testid="downloads" className="flex flex-wrap items-center gap-1.5 text-xs">
      <span className="text-zinc-500 dark:text-zinc-400">
        Data
        {query.game
          ? ` (${getGame(query.game)?.meta.title ?? query.game})`
          : query.category
            ? ` (${categoryLabel(query.category)})`
            : ''}
        :
      </span>
      {links.map((l) => (
        <a
          key={l.label}
          href={l.href}
          title={l.title}
          data-testid={`download-${l.label.toLowerCase()}`}
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
          <strong className="font-medium text-zinc-800 dark:text-zinc-200">Bradley-Terry</strong> is fitted by
          minorization-maximization on every pairwise result (a multi-player match counts as weighted pairwise
          comparisons) and shown on an Elo-like scale anchored at 1000.
        </li>
        <li>
          Intervals come from {bootstrapRounds} bootstrap resamples of the matches: <em>plain</em> resamples matches;{' '}
          <em>game-weighted</em> (GameBench) gives every game the same weight however many matches it has.
        </li>
        <li>
          The rating is the <em>point fit</em> by default; <em>GameBench (mean)</em> shows GameBench’s Eq. 3 instead,
          the mean of the bootstrap fits (game-weighted), each fitted the way GameBench’s rating.py fits it: choix’s
          iterative Luce spectral ranking with α = 0.001, fractional scores as fractional wins and exact ties left out
          (the arena’s own fit counts a tie as half a win each). Publication figures, when an admin has run them,
          compute it with the paper’s B = 10,000.
        </li>
        <li>Agents with too few matches show their point estimate only, flagged “few matches”.</li>
        <li>
          <strong className="font-medium text-zinc-800 dark:text-zinc-200">
            Does one game decide the overall ranking?
          </strong>{' '}
          (the arena’s own) Ranks are ordinal by the point fit, among the agents shown; <em>without G</em> refits every
          match except game G’s. The <em>general factor</em> fits each game alone, standardises its ratings over the
          agents it rated, counts a game an agent did not play as that game’s average, and takes the first principal
          component of the games’ correlation matrix: a game’s loading is its correlation with the component, an agent’s
          score the loading-weighted mean of its standardised ratings over the games it played. Games with fewer than
          three rated agents do not enter.
        </li>
        <li>
          <strong className="font-medium text-zinc-800 dark:text-zinc-200">TrueSkill</strong> shows μ;{' '}
          <strong className="font-medium text-zinc-800 dark:text-zinc-200">Elo</strong> is the classic online rating,
          for reference (both depend on match order).
        </li>
        <li>Void matches (infrastructure failures) are never rated; they are counted in the reliability columns.</li>
        <li>
          <strong className="font-medium text-zinc-800 dark:text-zinc-200">People</strong> who play in the browser are
          rated like any agent (marked <em>person</em>). <em>All people as one</em> rates them as a single player,
          “Humans (all people)”, leaving out games between people; <em>Hide</em> leaves every game with a person out of
          the ratings, so the models are rated as if no person had played.
        </li>
        <li>
          <strong className="font-medium text-zinc-800 dark:text-zinc-200">How people’s games count</strong> (the
          arena’s own rule, decided when a game ends and said on its page): a person’s first {PEOPLE_RULE.practiceGames}{' '}
          games played to their end are practice; then at most {PEOPLE_RULE.gamesPerOpponent} of their games against any
          one agent count, the first ones; a game given up (resigned, or lost on time) before{' '}
          {PEOPLE_RULE.fairShareMoves} moves of their own counts for no one. A game either counts with the weight of any
          other match in Bradley-Terry, Elo and TrueSkill alike, or is left out of all three and of the records — so a
          swarm of new guest names, or one person playing one model again and again, cannot move a model more than that.
        </li>
      </ul>
    </details>
  );
}
