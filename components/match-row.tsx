// One match in the lobby lists: game, players per seat, status, result (from the viewer's side in a person's own list)
// and time; links to the match page.
import Link from 'next/link';
import { getGame } from '@/games/registry';
import { seatName } from '@/lib/engine/types';
import type { MatchSummary } from '@/lib/db/matches';
import { AgentLabel } from './agent-label';
import { sideResult } from '@/lib/records';
import { describeOutcome, formatScore, shortSeatLabel, timeAgo } from './format';
import { seatColor } from './seat-colors';
import { StatusBadge } from './status-badge';

/** `viewerId`: the agent whose list this is (a person's "Your games"): the result is said from its side ("You won"). */
export function MatchRow({ match, now, viewerId }: { match: MatchSummary; now: Date; viewerId?: string }) {
  const game = getGame(match.gameId);
  const label = (seat: number) => (game ? seatName(game, seat) : `Seat ${seat + 1}`);
  const described = describeOutcome(match.status, match.result, match.failureReason, label, game?.meta.scoring);
  const result =
    described && viewerId ? { ...described, headline: yourResult(match, viewerId) ?? described.headline } : described;
  const when = match.status === 'running' ? match.startedAt : (match.finishedAt ?? match.createdAt);

  return (
    <Link
      href={`/matches/${match.id}`}
      prefetch={false}
      className="group grid gap-3 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm transition hover:border-indigo-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-indigo-500 sm:grid-cols-[11rem_minmax(0,1fr)_13rem] sm:items-center dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-indigo-700"
    >
      <div className="min-w-0">
        <div className="font-semibold group-hover:text-indigo-700 dark:group-hover:text-indigo-300">
          {game?.meta.title ?? match.gameId}
        </div>
        {match.tournamentName && (
          <div title={match.tournamentName} className="truncate text-xs text-zinc-500 dark:text-zinc-400">
            {match.tournamentName}
          </div>
        )}
      </div>
      <ul className="flex min-w-0 flex-col gap-1.5 text-sm">
        {match.seats.map((s) => (
          <li key={s.seat} className="flex min-w-0 items-center gap-2">
            <span
              className={`h-2 w-2 shrink-0 rounded-full ${seatColor(s.seat, match.gameId).dot}`}
              aria-hidden="true"
            />
            <span
              title={label(s.seat)}
              className={`w-6 shrink-0 font-mono text-xs font-semibold ${seatColor(s.seat, match.gameId).text}`}
            >
              {shortSeatLabel(label(s.seat))}
            </span>
            <AgentLabel name={s.agentName} kind={s.agentKind} simulated={s.simulated} />
          </li>
        ))}
      </ul>
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm sm:flex-col sm:items-end sm:text-right">
        <StatusBadge status={match.status} />
        {result ? (
          <span
            data-testid="match-row-result"
            className={`min-w-0 ${result.kind === 'void' ? 'text-red-700 dark:text-red-400' : 'font-medium'}`}
            title={match.unrated ?? result.reason}
          >
            {result.kind === 'void' ? `void: ${result.reason}` : result.headline}
            {!match.rated && (
              <span className="ml-1.5 text-xs font-normal italic text-zinc-500 dark:text-zinc-400">not rated</span>
            )}
          </span>
        ) : (
          <span className="text-zinc-500 dark:text-zinc-400">
            {match.status === 'running' ? 'in progress' : 'waiting'}
          </span>
        )}
        {when && (
          <time
            dateTime={when.toISOString()}
            title={when.toISOString()}
            className="text-xs text-zinc-500 dark:text-zinc-400"
          >
            {match.status === 'running' ? `started ${timeAgo(when, now)}` : timeAgo(when, now)}
          </time>
        )}
      </div>
    </Link>
  );
}

/** A finished match from one seat holder's side, by the record rule's sides (lib/records.ts): "You won", "Team score 14"… */
function yourResult(m: MatchSummary, agentId: string): string | null {
  if (m.status !== 'finished' || !m.seats.some((s) => s.agentId === agentId)) return null;
  const game = getGame(m.gameId);
  if (game?.meta.scoring === 'evaluation') return 'Scored (an evaluation)';
  if (game?.meta.scoring === 'cooperative')
    return m.result?.rewards?.[0] != null ? `Team score ${formatScore(m.result.rewards[0])}` : 'Played together';
  const r = sideResult(
    { gameId: m.gameId, status: m.status, rated: m.rated, teams: m.result?.teams ?? null, seats: m.seats },
    agentId,
  );
  return r === 'win' ? 'You won' : r === 'loss' ? 'You lost' : r === 'draw' ? 'Draw' : null;
}

/** Matches as a list of rows (live, queued or recent); `viewerId` says results from that agent's side. */
export function MatchList({
  matches,
  now,
  testId,
  viewerId,
}: {
  matches: MatchSummary[];
  now: Date;
  testId?: string;
  viewerId?: string;
}) {
  return (
    <ul className="flex flex-col gap-2" data-testid={testId}>
      {matches.map((m) => (
        <li key={m.id}>
          <MatchRow match={m} now={now} viewerId={viewerId} />
        </li>
      ))}
    </ul>
  );
}
