// One agent: its setup (kind, model, provider, scaffold, prompt version, sampling), its Bradley-Terry rating overall
// and per game, its model usage (calls, tokens, latency), and its matches a page at a time with links to their replays.
import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { AgentLabel } from '@/components/agent-label';
import { EmptyState } from '@/components/empty-state';
import { Detail, Stat, WinDrawLoss } from '@/components/facts';
import { formatScore, timeAgo } from '@/components/format';
import { KindChip } from '@/components/kind-chip';
import { formatInterval, formatRating } from '@/components/leaderboard-format';
import { Pagination } from '@/components/pagination';
import { SimulatedBadge } from '@/components/simulated-badge';
import { StatusBadge } from '@/components/status-badge';
import { getGame, ratedGames as games } from '@/games/registry';
import { leaderboardQuerySchema, leaderboardService, type LeaderboardRow } from '@/lib/leaderboard-contract';
import { pageHref, pageParam } from '@/lib/pagination';
import { getAgent, getAgentLlmUsage, type AgentDetail, type AgentRecord, type LlmUsage } from '@/lib/db/agents';
import { getAgentMatches, type MatchSummary } from '@/lib/db/matches';
import { KIND_LABELS, matchKind, RECORD_RULE, recordResult, type MatchKind } from '@/lib/records';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const agent = await getAgent((await params).id);
  return { title: agent ? agent.name : 'Agent not found' };
}

interface ScopeRating {
  scope: string;
  /** Null for all games. */
  gameId: string | null;
  row: LeaderboardRow | null;
  /** Agents ranked in this scope. */
  of: number;
}

/** The agent's BT row overall and in each registered game (one service call each); null when the service fails. */
async function ratingsFor(
  agentId: string,
): Promise<{ ratings: ScopeRating[]; error: null } | { ratings: null; error: string }> {
  const scopes = [
    { scope: 'All games', gameId: null as string | null },
    ...games.map((g) => ({ scope: g.meta.title, gameId: g.id })),
  ];
  try {
    const service = leaderboardService();
    const results = await Promise.all(
      scopes.map((s) => service.get(leaderboardQuerySchema.parse(s.gameId ? { game: s.gameId } : {}))),
    );
    return {
      ratings: scopes.map((s, i) => ({
        ...s,
        row: results[i]!.rows.find((r) => r.agentId === agentId) ?? null,
        of: results[i]!.rows.length,
      })),
      error: null,
    };
  } catch (err) {
    return { ratings: null, error: err instanceof Error ? err.message : String(err) };
  }
}

export default async function AgentPage({ params, searchParams }: Props) {
  const { id } = await params;
  const query = await searchParams;
  const agent = await getAgent(id);
  if (!agent) notFound();
  const [ratings, { live, liveTotal, ended }, usage] = await Promise.all([
    ratingsFor(id),
    getAgentMatches(id, pageParam(query.page)),
    getAgentLlmUsage(id),
  ]);
  const matches = [...(ended.page === 1 ? live : []), ...ended.items];
  const total = liveTotal + ended.total;

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <Link
          href="/agents"
          className="w-fit text-sm text-zinc-500 hover:text-indigo-700 dark:text-zinc-400 dark:hover:text-indigo-300"
        >
          ← All agents
        </Link>
        <h1 className="flex flex-wrap items-center gap-2 text-3xl font-semibold tracking-tight">
          <span className="break-words">{agent.name}</span>
          <KindChip kind={agent.kind} />
          {agent.simulated && <SimulatedBadge />}
        </h1>
      </header>

      <Identity agent={agent} />

      <section aria-labelledby="ratings-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="ratings-heading" className="text-lg font-semibold">
            Rating
          </h2>
          <Link href="/leaderboard" className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
            Full leaderboard →
          </Link>
        </div>
        {ratings.error !== null ? (
          <p
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 px-4 py-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300"
          >
            Ratings are unavailable: {ratings.error}
          </p>
        ) : (
          <Ratings ratings={ratings.ratings} />
        )}
      </section>

      <section aria-labelledby="usage-heading" className="flex flex-col gap-3">
        <h2 id="usage-heading" className="text-lg font-semibold">
          Model usage
        </h2>
        <Usage usage={usage} agent={agent} />
      </section>

      <section aria-labelledby="matches-heading" className="flex flex-col gap-3">
        <h2 id="matches-heading" className="scroll-mt-20 text-lg font-semibold">
          Matches{' '}
          {total > 0 && (
            <span className="text-sm font-normal text-zinc-500 dark:text-zinc-400">
              {liveTotal > 0 ? `${liveTotal} live · ${ended.total} ended` : total}
            </span>
          )}
        </h2>
        {total > 0 && (
          <p data-testid="agent-matches-legend" className="text-xs text-zinc-500 dark:text-zinc-400">
            Its matches in play and ended, newest first: {agent.played} in its record above
            {apartLine(agent.record) ? `; apart from it, ${apartLine(agent.record)}` : ''}
            {liveTotal > 0 ? `; ${liveTotal} in play` : ''}.
          </p>
        )}
        {matches.length === 0 ? (
          <EmptyState>
            {agent.name} has not played yet. Its matches appear here as soon as a tournament seats it.
          </EmptyState>
        ) : (
          <>
            <Matches matches={matches} agentId={agent.id} page={ended.page} pages={ended.pages} />
            <Pagination
              page={ended}
              label="Matches"
              href={(n) => pageHref(`/agents/${agent.id}`, query, n, 'page', 'matches-heading')}
            />
          </>
        )}
      </section>
    </div>
  );
}

function Identity({ agent: a }: { agent: AgentDetail }) {
  const settings =
    a.settings && typeof a.settings === 'object' ? Object.entries(a.settings as Record<string, unknown>) : [];
  return (
    <section
      aria-label="Setup and record"
      className="flex flex-col gap-4 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)] lg:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
        <Detail term="Kind">{a.kind}</Detail>
        <Detail term="Model">{a.model && <span className="font-mono text-xs">{a.model}</span>}</Detail>
        <Detail term="Provider">
          {a.providerName && (
            <span className="inline-flex flex-wrap items-center gap-1.5">
              {a.providerName}
              {a.providerSimulated && <SimulatedBadge />}
            </span>
          )}
        </Detail>
        <Detail term="Scaffold">{a.scaffold}</Detail>
        <Detail term="Prompt version">
          {a.promptVersion && <span className="font-mono text-xs">{a.promptVersion}</span>}
        </Detail>
        <Detail term="Temperature">{a.temperature != null ? String(a.temperature) : null}</Detail>
        <Detail term="Max tokens">{a.maxTokens != null ? a.maxTokens.toLocaleString('en-US') : null}</Detail>
        <Detail term="Settings">
          {settings.length > 0 && (
            <span className="font-mono text-xs">
              {settings.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')}
            </span>
          )}
        </Detail>
        {a.kind !== 'human' && (
          <Detail term="People">
            <span data-testid="agent-open-to-people">
              {a.playable ? 'may play it on the Play page' : 'cannot play it'}
            </span>
          </Detail>
        )}
      </dl>
      <dl className="grid grid-cols-3 gap-2 text-center sm:grid-cols-6">
        <Stat term="Played (rated)">
          <span data-testid="agent-played">{a.played}</span>
        </Stat>
        <Stat term="W / D / L">
          <span data-testid="agent-wdl">
            <WinDrawLoss wins={a.wins} draws={a.draws} losses={a.losses} />
          </span>
        </Stat>
        <Stat term="Voided">{a.voided}</Stat>
        {a.unrated > 0 && <Stat term="Not rated">{a.unrated}</Stat>}
        <Stat term="Illegal replies">{a.illegalReplies}</Stat>
        <Stat term="Forfeited turns">{a.forfeitedTurns}</Stat>
      </dl>
      <p data-testid="agent-counting" className="text-xs text-zinc-500 dark:text-zinc-400">
        {RECORD_RULE}
        {apartLine(a.record) && <> Listed apart below: {apartLine(a.record)}.</>}
      </p>
    </section>
  );
}

/** The matches not in the record, by why, in words ("4 judged evaluations, 2 cooperative, 1 void"); "" when none. */
function apartLine(r: AgentRecord): string {
  const parts: [number, string, string][] = [
    [r.apart.evaluation, 'judged evaluation', 'judged evaluations'],
    [r.apart.cooperative, 'cooperative match', 'cooperative matches'],
    [r.apart.noOpponent, 'self-play match', 'self-play matches'],
    [r.apart.unrated, 'match nobody is rated in', 'matches nobody is rated in'],
    [r.apart.voided, 'void match', 'void matches'],
    [r.apart.otherGame, 'match of a game not on the leaderboard', 'matches of games not on the leaderboard'],
  ];
  return parts.flatMap(([n, one, many]) => (n > 0 ? [`${n} ${n === 1 ? one : many}`] : [])).join(', ');
}

function Ratings({ ratings }: { ratings: ScopeRating[] }) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <table data-testid="agent-ratings" className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">Bradley-Terry rating with its 95% interval, overall and per game</caption>
        <thead className="bg-zinc-50 text-left text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th scope="col" className="px-3 py-2 font-medium">
              Games
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Rank
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Bradley-Terry <span className="font-normal text-zinc-400">(95% CI)</span>
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Matches
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              W / D / L
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Avg score
            </th>
          </tr>
        </thead>
        <tbody>
          {ratings.map(({ scope, gameId, row, of }) => (
            <tr
              key={scope}
              data-testid="agent-rating-scope"
              data-game-id={gameId ?? 'all'}
              className={`border-b border-zinc-100 last:border-b-0 dark:border-zinc-800/70 ${gameId ? '' : 'font-medium'}`}
            >
              <th scope="row" className="px-3 py-2.5 text-left font-medium">
                <Link
                  href={gameId ? `/leaderboard?game=${gameId}` : '/leaderboard'}
                  className="hover:text-indigo-700 hover:underline dark:hover:text-indigo-300"
                >
                  {scope}
                </Link>
              </th>
              {row ? (
                <>
                  <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">
                    #{row.rank ?? '—'} <span className="text-xs text-zinc-500 dark:text-zinc-400">of {of}</span>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">
                    <span className="font-semibold">{row.rating === null ? '—' : formatRating(row.rating, 'bt')}</span>
                    {row.lowData ? (
                      <span className="ml-1.5 rounded-full bg-amber-100 px-1.5 py-px text-[0.65rem] font-medium text-amber-900 dark:bg-amber-900/50 dark:text-amber-200">
                        few matches
                      </span>
                    ) : (
                      row.interval && (
                        <span className="ml-1 text-zinc-500 dark:text-zinc-400">
                          {row.interval.lower === row.interval.upper
                            ? '(reference)'
                            : `(${formatInterval(row.interval, 'bt')})`}
                        </span>
                      )
                    )}
                  </td>
                  <td className="px-3 py-2.5 text-right tabular-nums" data-testid="scope-matches">
                    {row.matches}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums" data-testid="scope-wdl">
                    {row.wins} / {row.draws} / {row.losses}
                  </td>
                  <td className="px-3 py-2.5 text-right tabular-nums">{row.avgScore.toFixed(2)}</td>
                </>
              ) : (
                <td colSpan={5} className="px-3 py-2.5 text-right text-zinc-500 dark:text-zinc-400">
                  not rated — no rated match{gameId ? ' in this game' : ''}
                  {gameId && getGame(gameId)?.meta.scoring === 'cooperative'
                    ? ' (cooperative: see its team scores on the leaderboard)'
                    : ''}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Usage({ usage: u, agent }: { usage: LlmUsage; agent: AgentDetail }) {
  if (u.calls === 0) {
    return (
      <EmptyState>
        {agent.kind === 'llm'
          ? 'No model calls recorded yet: token use and latency appear after its first move.'
          : `${agent.name} is a ${agent.kind} agent: it makes no model calls.`}
      </EmptyState>
    );
  }
  const ms = (v: number | null) =>
    v == null ? '—' : v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v).toLocaleString('en-US')} ms`;
  const n = (v: number) => Math.round(v).toLocaleString('en-US');
  return (
    <dl data-testid="agent-usage" className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
      <UsageStat term="Model calls" hint="retries included">
        {n(u.calls)}
      </UsageStat>
      <UsageStat term="Failed calls" hint="provider errors, timeouts">
        {n(u.errors)}
      </UsageStat>
      <UsageStat term="Tokens in">{n(u.tokensIn)}</UsageStat>
      <UsageStat term="Tokens out">{n(u.tokensOut)}</UsageStat>
      <UsageStat term="Mean latency">{ms(u.meanLatencyMs)}</UsageStat>
      <UsageStat term="p95 latency">{ms(u.p95LatencyMs)}</UsageStat>
    </dl>
  );
}

function Matches({
  matches,
  agentId,
  page,
  pages,
}: {
  matches: MatchSummary[];
  agentId: string;
  page: number;
  pages: number;
}) {
  const now = new Date();
  return (
    <div className="relative overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <table data-testid="agent-matches" data-page={page} data-pages={pages} className="w-full min-w-[40rem] text-sm">
        <thead className="bg-zinc-50 text-left text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th scope="col" className="px-3 py-2 font-medium">
              Game
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Opponents
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Result
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              When
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              <span className="sr-only">Replay</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {matches.map((m) => {
            const opponents = m.seats.filter((s) => s.agentId !== agentId);
            const when = m.status === 'running' ? m.startedAt : (m.finishedAt ?? m.startedAt ?? m.createdAt);
            return (
              <tr
                key={m.id}
                data-testid="agent-match"
                className="border-b border-zinc-100 last:border-b-0 dark:border-zinc-800/70"
              >
                <td className="px-3 py-2.5">
                  <div className="font-medium">{getGame(m.gameId)?.meta.title ?? m.gameId}</div>
                  {m.tournamentName && (
                    <div className="hidden max-w-[14rem] truncate text-xs text-zinc-500 sm:block dark:text-zinc-400">
                      {m.tournamentName}
                    </div>
                  )}
                </td>
                <td className="px-3 py-2.5">
                  {opponents.length === 0 ? (
                    <span className="text-zinc-500 dark:text-zinc-400">only itself (self-play)</span>
                  ) : (
                    <ul className="flex flex-col gap-1">
                      {opponents.map((s) => (
                        <li key={s.seat}>
                          <Link href={`/agents/${s.agentId}`} className="hover:underline">
                            <AgentLabel name={s.agentName} kind={s.agentKind} simulated={s.simulated} />
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td className="px-3 py-2.5">
                  <Result match={m} agentId={agentId} />
                </td>
                <td className="whitespace-nowrap px-3 py-2.5 text-xs text-zinc-500 dark:text-zinc-400">
                  {when && (
                    <time dateTime={when.toISOString()} title={when.toISOString()}>
                      {timeAgo(when, now)}
                    </time>
                  )}
                </td>
                <td className="px-3 py-2.5 text-right">
                  <Link
                    href={`/matches/${m.id}`}
                    prefetch={false}
                    className="inline-flex items-center gap-1 whitespace-nowrap rounded-md border border-zinc-200 px-2 py-1 text-xs font-medium text-zinc-700 hover:border-indigo-300 hover:text-indigo-700 dark:border-zinc-700 dark:text-zinc-300 dark:hover:text-indigo-300"
                  >
                    {m.status === 'running' ? 'Watch live' : 'Replay'} <span aria-hidden="true">→</span>
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const OUTCOME_STYLES: Record<string, string> = {
  win: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300',
  draw: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  loss: 'bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-300',
  apart:
    'bg-zinc-50 text-zinc-500 ring-1 ring-inset ring-zinc-200 dark:bg-zinc-900 dark:text-zinc-400 dark:ring-zinc-700',
};

/**
 * The agent's own result as its record counts it (lib/records.ts): win / draw / loss once per match, with the seats it
 * held; a match apart from the record says why (judged evaluation, cooperative team score, self-play, not rated, void).
 */
function Result({ match: m, agentId }: { match: MatchSummary; agentId: string }) {
  if (m.status !== 'finished') return <StatusBadge status={m.status} />;
  const rec = { gameId: m.gameId, status: m.status, rated: m.rated, teams: m.result?.teams ?? null, seats: m.seats };
  const kind = matchKind(rec, agentId);
  const seats = m.seats.filter((s) => s.agentId === agentId).length;
  const title = m.unrated ?? m.result?.reason;
  if (kind === 'counted') {
    const result = recordResult(rec, agentId)!;
    return (
      <span
        className="inline-flex flex-wrap items-center gap-2"
        title={title}
        data-testid="match-result"
        data-kind={kind}
        data-result={result}
      >
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${OUTCOME_STYLES[result]}`}>{result}</span>
        {seats > 1 && <span className="text-xs text-zinc-500 dark:text-zinc-400">{seats} seats, counted once</span>}
      </span>
    );
  }
  const label =
    kind === 'cooperative' && m.result?.rewards?.[0] != null
      ? `cooperative: team score ${formatScore(m.result.rewards[0])}`
      : KIND_LABELS[kind as Exclude<MatchKind, 'counted'>];
  return (
    <span
      className="inline-flex flex-wrap items-center gap-2"
      title={title}
      data-testid="match-result"
      data-kind={kind}
    >
      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${OUTCOME_STYLES.apart}`}>{label}</span>
      {m.unrated && <span className="text-xs italic text-zinc-500 dark:text-zinc-400">{m.unrated}</span>}
    </span>
  );
}

function UsageStat({ term, hint, children }: { term: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse justify-end rounded-xl border border-zinc-200 bg-white px-3.5 py-2.5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">
        {term}
        {hint && <span className="block text-[0.65rem] text-zinc-400 dark:text-zinc-500">{hint}</span>}
      </dt>
      <dd className="text-xl font-semibold tabular-nums">{children}</dd>
    </div>
  );
}
