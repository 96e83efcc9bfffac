// One tournament: progress (bar, match counts, time left, tokens and cost against its budget), its setup, the
// standings so far, its live and latest matches; admins get pause / resume / cancel. Kept live by TournamentRefresh.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { AgentLabel } from '@/components/agent-label';
import { EmptyState } from '@/components/empty-state';
import { Detail } from '@/components/facts';
import { timeAgo } from '@/components/format';
import { MatchList } from '@/components/match-row';
import { Pagination } from '@/components/pagination';
import { TournamentControls } from '@/components/tournament-controls';
import { budgetParts, formatCost, formatLabel, formatTimeLeft, formatTokens } from '@/components/tournament-format';
import { TournamentProgressBar } from '@/components/tournament-progress-bar';
import { TournamentRefresh } from '@/components/tournament-refresh';
import { TournamentStandings } from '@/components/tournament-standings';
import { TournamentStatusBadge } from '@/components/tournament-status-badge';
import { getGame } from '@/games/registry';
import { pageHref, pageParam } from '@/lib/pagination';
import { getTournamentMatches } from '@/lib/db/matches';
import { getTournament, getTournamentStandings, type TournamentDetail } from '@/lib/db/tournament-pages';
import { currentAdmin } from '@/lib/db/admin-session';
import { progressFraction, tournamentVerdict, type TournamentProgress } from '@/lib/tournament/spec';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTournament((await params).id);
  return { title: t ? t.progress.name : 'Tournament not found' };
}

export default async function TournamentPage({ params, searchParams }: Props) {
  const { id } = await params;
  const query = await searchParams;
  const admin = await currentAdmin();
  const detail = await getTournament(id, { revealSeed: !!admin });
  if (!detail) notFound();
  const [standings, { live, liveTotal, recent }] = await Promise.all([
    getTournamentStandings(id),
    getTournamentMatches(id, pageParam(query.page)),
  ]);
  const t = detail.progress;
  const now = new Date();
  const agentInfo = new Map([...detail.agents, ...detail.baselines, ...detail.hosts].map((a) => [a.id, a]));

  return (
    <div className="flex flex-col gap-8">
      <TournamentRefresh
        ids={t.status === 'running' || t.status === 'paused' ? [t.id] : []}
        active={t.status === 'running'}
      />
      <header className="flex flex-col gap-2">
        <Link
          href="/tournaments"
          className="w-fit text-sm text-zinc-500 hover:text-indigo-700 dark:text-zinc-400 dark:hover:text-indigo-300"
        >
          ← All tournaments
        </Link>
        <h1 className="flex flex-wrap items-center gap-2 text-3xl font-semibold tracking-tight">
          <span className="min-w-0 break-words">{t.name}</span>
          <TournamentStatusBadge status={t.status} counts={t.counts} testId="tournament-status" />
        </h1>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-zinc-500 dark:text-zinc-400">
          <span>{formatLabel(t.format)}</span>
          <span>{detail.gameIds.map((g) => getGame(g)?.meta.title ?? g).join(', ')}</span>
          <span>
            created{' '}
            <time dateTime={t.createdAt.toISOString()} title={t.createdAt.toISOString()}>
              {timeAgo(t.createdAt, now)}
            </time>
          </span>
        </p>
      </header>

      <Progress t={t} now={now} />

      {admin && <TournamentControls id={t.id} status={t.status} />}

      {t.format === 'simulbench' ? (
        <section
          aria-labelledby="standings-heading"
          className="flex flex-col gap-2 rounded-lg border border-indigo-200 bg-indigo-50 p-4 dark:border-indigo-900 dark:bg-indigo-950/40"
        >
          <h2 id="standings-heading" className="text-lg font-semibold">
            SimulBench results
          </h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            The matches below are the dialogues between the user agent and the simulator (or, when the evaluation reuses
            a script set, one frozen script each). After each one the targets answer its test scripts and the judge
            rates them; the tables are on the evaluation’s own page.
          </p>
          <Link
            href={`/simulbench/${t.id}`}
            className="w-fit font-medium text-indigo-700 hover:underline dark:text-indigo-300"
            data-testid="simulbench-results-link"
          >
            Scores, pairwise results and scripts →
          </Link>
        </section>
      ) : (
        <section aria-labelledby="standings-heading" className="flex flex-col gap-3">
          <div>
            <h2 id="standings-heading" className="text-lg font-semibold">
              Standings so far
            </h2>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Bradley-Terry over this tournament’s finished matches only, with bootstrapped 95% intervals; void matches
              do not count.
            </p>
          </div>
          {standings.length === 0 ? (
            <EmptyState>
              No match of this tournament has finished yet: standings appear after the first result.
            </EmptyState>
          ) : (
            <TournamentStandings standings={standings} agents={agentInfo} />
          )}
        </section>
      )}

      <section aria-labelledby="live-heading" className="flex flex-col gap-3">
        <h2 id="live-heading" className="flex items-center gap-2 text-lg font-semibold">
          {live.length > 0 && <span className="h-2 w-2 animate-pulse rounded-full bg-emerald-500" aria-hidden="true" />}
          Live now{' '}
          {liveTotal > 0 && <span className="text-sm font-normal text-zinc-500 dark:text-zinc-400">{liveTotal}</span>}
        </h2>
        {live.length > 0 ? (
          <>
            <MatchList matches={live} now={now} testId="live-matches" />
            {liveTotal > live.length && (
              <p className="text-sm text-zinc-500 dark:text-zinc-400">
                The {live.length} longest-running of {liveTotal} matches in play.
              </p>
            )}
          </>
        ) : (
          <EmptyState>
            {t.status === 'running'
              ? t.counts.queued > 0
                ? `No match of this tournament is being played this moment: ${t.counts.queued} queued ${t.counts.queued === 1 ? 'match starts' : 'matches start'} as workers free up.`
                : 'No match is being played right now.'
              : t.status === 'paused'
                ? 'The tournament is paused: no new match starts until it is resumed.'
                : 'The tournament has ended: nothing is being played.'}
          </EmptyState>
        )}
      </section>

      {recent.items.length > 0 && (
        <section aria-labelledby="recent-heading" className="flex flex-col gap-3">
          <h2 id="recent-heading" className="scroll-mt-20 text-lg font-semibold">
            Latest results <span className="text-sm font-normal text-zinc-500 dark:text-zinc-400">{recent.total}</span>
          </h2>
          <MatchList matches={recent.items} now={now} testId="recent-matches" />
          <Pagination
            page={recent}
            label="Results"
            href={(n) => pageHref(`/tournaments/${t.id}`, query, n, 'page', 'recent-heading')}
          />
        </section>
      )}

      <Setup detail={detail} />
    </div>
  );
}

const COUNTS: { key: keyof Omit<TournamentProgress['counts'], 'total'>; label: string; hint: string; tone: string }[] =
  [
    { key: 'done', label: 'Done', hint: 'finished and rated', tone: 'text-zinc-900 dark:text-zinc-50' },
    { key: 'running', label: 'Running', hint: 'being played now', tone: 'text-emerald-700 dark:text-emerald-400' },
    { key: 'queued', label: 'Queued', hint: 'waiting for a worker', tone: 'text-sky-700 dark:text-sky-400' },
    {
      key: 'failed',
      label: 'Failed',
      hint: 'void: infrastructure failure, not rated',
      tone: 'text-red-700 dark:text-red-400',
    },
    { key: 'cancelled', label: 'Cancelled', hint: 'never played', tone: 'text-amber-700 dark:text-amber-400' },
  ];

function Progress({ t, now }: { t: TournamentProgress; now: Date }) {
  const c = t.counts;
  const pct = Math.floor(progressFraction(c) * 100 + 1e-9);
  const budget = budgetParts(t.budget);
  const timeLeft =
    t.status === 'finished' || t.status === 'cancelled'
      ? t.finishedAt
        ? `ended ${timeAgo(t.finishedAt, now)}`
        : 'ended'
      : t.status === 'paused'
        ? 'paused'
        : t.etaSeconds !== null
          ? formatTimeLeft(t.etaSeconds)
          : c.queued + c.running === 0
            ? 'finishing'
            : 'estimated once the first match ends';

  return (
    <section
      aria-labelledby="progress-heading"
      className="flex flex-col gap-4 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="progress-heading" className="text-lg font-semibold">
          Progress
        </h2>
        <p className="text-sm tabular-nums text-zinc-600 dark:text-zinc-400">
          <strong
            className={`text-2xl font-semibold ${tournamentVerdict(t).tone === 'ok' ? 'text-zinc-900 dark:text-zinc-50' : 'text-red-700 dark:text-red-400'}`}
            data-testid="progress-percent"
          >
            {pct}%
          </strong>{' '}
          · {c.done + c.failed} of {c.total - c.cancelled} matches ended
          {c.failed > 0 && (
            <span className="text-red-700 dark:text-red-400">
              {' '}
              · {c.failed === c.done + c.failed ? 'all failed' : `${c.failed} failed`}
            </span>
          )}
        </p>
      </div>
      <TournamentProgressBar counts={c} label="Tournament progress" testId="tournament-progress" />
      {c.failed > 0 && <Failures t={t} />}
      <dl className="grid grid-cols-3 gap-2 lg:grid-cols-5">
        {COUNTS.map((k) => (
          <div
            key={k.key}
            className="flex flex-col-reverse justify-end rounded-lg bg-zinc-50 px-3 py-2 dark:bg-zinc-800/60"
          >
            <dt className="text-xs text-zinc-500 dark:text-zinc-400">
              {k.label}
              <span className="hidden text-[0.65rem] text-zinc-400 sm:block dark:text-zinc-500">{k.hint}</span>
            </dt>
            <dd
              data-testid={`count-${k.key}`}
              className={`text-2xl font-semibold tabular-nums ${c[k.key] === 0 ? 'text-zinc-400 dark:text-zinc-500' : k.tone}`}
            >
              {c[k.key]}
            </dd>
          </div>
        ))}
      </dl>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
        <Detail term="Time left">
          <span data-testid="eta">{timeLeft}</span>
        </Detail>
        <Detail term="Tokens so far">
          <span data-testid="tokens" className="tabular-nums">
            {formatTokens(t.tokens)}
          </span>
          {t.budget.maxTokens !== undefined && (
            <span className="text-zinc-500 dark:text-zinc-400"> of {formatTokens(t.budget.maxTokens)}</span>
          )}
        </Detail>
        <Detail term="Cost so far">
          <span data-testid="cost" className="tabular-nums">
            {formatCost(t.costUsd)}
          </span>
          {t.budget.maxCostUsd !== undefined && (
            <span className="text-zinc-500 dark:text-zinc-400"> of ${t.budget.maxCostUsd}</span>
          )}
        </Detail>
        <Detail term="Budget">
          <span data-testid="budget">
            {budget.length ? `at most ${budget.join(', ')}` : 'none (plays every planned match)'}
          </span>
        </Detail>
        {t.stopReason && (
          <Detail term="Stopped">
            <span data-testid="stop-reason">{t.stopReason}</span>
          </Detail>
        )}
        {t.startedAt && (
          <Detail term="Started">
            <time dateTime={t.startedAt.toISOString()} title={t.startedAt.toISOString()}>
              {timeAgo(t.startedAt, now)}
            </time>
          </Detail>
        )}
      </dl>
    </section>
  );
}

/**
 * Failed matches said plainly: how many, of how many that ended, and the first reason (a broken provider, a model the
 * endpoint does not serve). A failed match is void, never rated: a tournament whose matches all failed measured nothing.
 */
function Failures({ t }: { t: TournamentProgress }) {
  const c = t.counts;
  const ended = c.done + c.failed;
  const verdict = tournamentVerdict(t);
  const bad = verdict.tone !== 'ok';
  const summary =
    c.done === 0
      ? `${c.failed === 1 ? 'The only match that ended failed' : `All ${c.failed} matches that ended failed`}: nothing was measured${t.status === 'running' || t.status === 'paused' ? ' so far' : ''}.`
      : `${c.failed} of ${ended} matches that ended failed (void, not rated); ${c.done} finished and count.`;
  return (
    <div
      role={bad ? 'alert' : 'status'}
      data-testid="failure-summary"
      className={`rounded-lg border px-3 py-2 text-sm ${bad ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200' : 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950/30 dark:text-amber-200'}`}
    >
      <p className="font-medium">{summary}</p>
      {t.firstFailure && (
        <p className="mt-1 break-words">
          First failure:{' '}
          <span data-testid="first-failure" className="font-mono text-xs">
            {t.firstFailure}
          </span>
        </p>
      )}
    </div>
  );
}

function Setup({ detail: d }: { detail: TournamentDetail }) {
  const people = (list: TournamentDetail['agents']) => (
    <ul className="flex flex-wrap gap-x-3 gap-y-1">
      {list.map((a) => (
        <li key={a.id}>
          <Link href={`/agents/${a.id}`} className="hover:underline">
            <AgentLabel name={a.name} kind={a.kind} simulated={a.simulated} />
          </Link>
        </li>
      ))}
    </ul>
  );
  const rows: [string, ReactNode][] = [
    ['Format', formatLabel(d.progress.format)],
    ['Games', d.gameIds.map((g) => getGame(g)?.meta.title ?? g).join(', ')],
    [d.progress.format === 'host-guest' ? 'Guests' : 'Agents', people(d.agents)],
  ];
  if (d.baselines.length) rows.push(['Baselines', people(d.baselines)]);
  if (d.hosts.length) rows.push(['Hosts', people(d.hosts)]);
  if (d.settings.length) rows.push(['Settings', d.settings.join(' · ')]);
  if (d.seed)
    rows.push([
      'Seed',
      <span key="seed" className="break-all font-mono text-xs">
        {d.seed}
      </span>,
    ]);
  else if (d.seedWithheld)
    rows.push([
      'Seed',
      <span key="seed" className="text-zinc-500">
        shown when the last match has been played (matches deal from it)
      </span>,
    ]);

  return (
    <section aria-labelledby="setup-heading" className="flex flex-col gap-3">
      <h2 id="setup-heading" className="text-lg font-semibold">
        Setup
      </h2>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-xl border border-zinc-200 bg-white p-4 text-sm shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        {rows.map(([term, value]) => (
          <Detail key={term} term={term}>
            {value}
          </Detail>
        ))}
      </dl>
    </section>
  );
}
