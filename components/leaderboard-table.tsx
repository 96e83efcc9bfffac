// The leaderboard table: rank, agent, rating with its interval, record and mean score, then the reliability
// columns (illegal replies, retries, forfeits, voided matches) grouped apart because they are not skill.
import Link from 'next/link';
import { Fragment, type ReactNode } from 'react';
import { HUMANS_ID, type LeaderboardResult, type LeaderboardRow } from '@/lib/leaderboard-contract';
import { isImportedAgentId } from '@/lib/datasets';
import { WinDrawLoss } from './facts';
import { KindChip } from './kind-chip';
import { formatInterval, formatRating, METHOD_LABELS, percent } from './leaderboard-format';
import { SimulatedBadge } from './simulated-badge';

export function LeaderboardTable({ result }: { result: LeaderboardResult }) {
  const { query, rows, anchor } = result;
  const intervalLabel =
    query.method === 'bt'
      ? `${query.interval}% CI`
      : query.method === 'trueskill'
        ? `${query.interval}% interval`
        : null;

  const inversion = rankInversion(rows);
  const sizes = new Map<number, number>();
  for (const r of rows) if (r.group !== null) sizes.set(r.group, (sizes.get(r.group) ?? 0) + 1);

  return (
    <>
      {result.groups > 1 && (
        <p
          data-testid="leaderboard-groups"
          role="note"
          className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
        >
          These agents form {result.groups} groups that never played each other, directly or through others. Ranks and
          intervals compare agents within a group only, and each group&rsquo;s ratings are placed on the scale on their
          own (centred at 1000, or at the reference agent in its group): a number from one group says nothing against a
          number from another.
        </p>
      )}
      {inversion && (
        <p
          data-testid="rank-order"
          role="note"
          className="mb-3 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
        >
          Rows follow rank, then rating. A rank counts the agents whose whole interval lies above an agent&rsquo;s own,
          so an agent with a wide interval (few or mixed results) can rank, and sit, above one rated higher: here{' '}
          {inversion.above.agentName} ({formatRating(inversion.above.rating!, query.method)}, rank{' '}
          {inversion.above.rank}) above {inversion.below.agentName} (
          {formatRating(inversion.below.rating!, query.method)}, rank {inversion.below.rank}).
        </p>
      )}
      <div className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        {/* Scrolls both ways inside its own box, so the header stays in view on long tables and phones can swipe sideways. */}
        <div className="relative max-h-[75vh] overflow-auto overscroll-x-contain">
          <table
            data-testid="leaderboard-table"
            className="w-full min-w-[56rem] border-separate border-spacing-0 text-sm"
          >
            <caption className="sr-only">
              Leaderboard by {METHOD_LABELS[query.method]}
              {intervalLabel ? ` with ${intervalLabel}` : ''}; reliability columns are reported apart from skill.
            </caption>
            <thead className="sticky top-0 z-10 bg-zinc-50 text-left text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th
                  colSpan={6}
                  scope="colgroup"
                  className="px-3 pt-2.5 pb-1 font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-300"
                >
                  Skill
                </th>
                <th
                  colSpan={5}
                  scope="colgroup"
                  className="border-l-2 border-amber-200 bg-amber-50 px-3 pt-2.5 pb-1 font-semibold uppercase tracking-wide text-amber-800 dark:border-amber-800/70 dark:bg-amber-950/40 dark:text-amber-300"
                >
                  Reliability (not skill)
                </th>
              </tr>
              <tr>
                <Th
                  className="w-12"
                  title="1 + the number of agents of its group whose whole interval lies above this one's (ties share a rank)"
                >
                  Rank
                </Th>
                <Th>Agent</Th>
                <Th align="right">
                  {METHOD_LABELS[query.method]}
                  {intervalLabel && (
                    <span className="block font-normal normal-case text-zinc-400">({intervalLabel})</span>
                  )}
                </Th>
                <Th align="right" title="Rated matches in its record, once per match however many seats it held">
                  Matches
                </Th>
                <Th align="right" title="Wins / draws / losses, by side: every seat of a winning side wins">
                  W / D / L
                </Th>
                <Th
                  align="right"
                  title="Mean share of a match's score, in [0, 1]: win 1, draw ½, loss 0 in two-player games; a winning side shares 1 (GameBench)"
                >
                  Avg score
                </Th>
                <Th align="right" reliability first title="Illegal or unreadable answers per model reply">
                  Illegal replies
                </Th>
                <Th align="right" reliability title="Rejected attempts per move played">
                  Retries / move
                </Th>
                <Th align="right" reliability title="Turns played by the fallback policy after the retries ran out">
                  Forfeited turns
                </Th>
                <Th
                  align="right"
                  reliability
                  title="Matches voided by infrastructure failures (timeouts, provider errors); not counted in ratings"
                >
                  Voided
                </Th>
                <Th
                  align="right"
                  reliability
                  title="Requests to read a rules topic (GameBench’s Explain) per finished match: not moves, not illegal"
                >
                  Explains / match
                </Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <Fragment key={r.agentId}>
                  {r.group !== null && r.group !== rows[i - 1]?.group && (
                    <tr data-testid="leaderboard-group">
                      <th
                        colSpan={11}
                        scope="rowgroup"
                        className="border-t border-zinc-200 bg-zinc-50 px-3 py-1.5 text-left text-xs font-semibold text-zinc-600 dark:border-zinc-800 dark:bg-zinc-800/60 dark:text-zinc-300"
                      >
                        Group {r.group} · {sizes.get(r.group)} {sizes.get(r.group) === 1 ? 'agent' : 'agents'}
                        {r.group === 1 ? ' (the largest)' : ''}: ranked among themselves
                      </th>
                    </tr>
                  )}
                  <Row
                    row={r}
                    method={query.method}
                    gamebench={query.estimate === 'gamebench'}
                    isAnchor={query.method === 'bt' && anchor?.agentId === r.agentId}
                  />
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </>
  );
}

/**
 * The first pair of rows of one group where a lower rating sits above a higher one (rows follow rank, then rating:
 * see LeaderboardTable), or null when the rows are in rating order.
 */
export function rankInversion(
  rows: readonly LeaderboardRow[],
): { above: LeaderboardRow; below: LeaderboardRow } | null {
  for (let i = 0; i < rows.length; i++) {
    const above = rows[i]!;
    if (above.rating === null) continue;
    for (let j = i + 1; j < rows.length && rows[j]!.group === above.group; j++) {
      const below = rows[j]!;
      if (below.rating !== null && below.rating > above.rating) return { above, below };
    }
  }
  return null;
}

function Row({
  row: r,
  method,
  gamebench,
  isAnchor,
}: {
  row: LeaderboardRow;
  method: LeaderboardResult['query']['method'];
  gamebench: boolean;
  isAnchor: boolean;
}) {
  // GameBench's Eq. 3 shows the mean of the bootstrap fits, its β too (β̄); the default, the point fit's.
  const beta = r.bt ? (gamebench && r.bt.betaMean !== null ? r.bt.betaMean : r.bt.beta) : 0;
  const details = [r.model, r.scaffold, r.promptVersion].filter(Boolean).join(' · ');
  return (
    <tr data-testid="leaderboard-row" data-agent-id={r.agentId} className="group">
      <Td className="font-semibold tabular-nums text-zinc-500 dark:text-zinc-400">{r.rank ?? '—'}</Td>
      <Td className="min-w-[12rem] sm:min-w-[15rem]">
        <div className="flex flex-wrap items-center gap-1.5">
          {r.agentId === HUMANS_ID || isImportedAgentId(r.agentId) ? (
            // All people rated as one player, or an agent of an imported dataset: no agent page of its own.
            <span
              title={
                r.agentId === HUMANS_ID
                  ? "Every person's matches, rated as one player"
                  : 'An agent of an imported dataset: a name in its file, not an arena agent'
              }
              className="font-medium text-zinc-900 dark:text-zinc-100"
            >
              {r.agentName}
            </span>
          ) : (
            <Link
              href={`/agents/${r.agentId}`}
              className="font-medium text-zinc-900 underline-offset-2 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-100 dark:hover:text-indigo-300"
            >
              {r.agentName}
            </Link>
          )}
          <KindChip kind={r.agentKind} />
          {r.simulated && <SimulatedBadge />}
          {isAnchor && (
            <span
              title="The Bradley-Terry scale is anchored on this agent, fixed at 1000"
              className="rounded bg-indigo-50 px-1.5 py-px text-[0.65rem] font-medium text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300"
            >
              anchor
            </span>
          )}
        </div>
        {details && <div className="mt-0.5 font-mono text-[0.7rem] text-zinc-500 dark:text-zinc-400">{details}</div>}
      </Td>
      <Td align="right" className="whitespace-nowrap">
        {r.rating === null ? (
          // A missing rating is shown as missing, with why: never as another method's number.
          <span
            data-testid="rating"
            className="cursor-help font-semibold text-zinc-400 dark:text-zinc-500"
            title={r.missing ?? 'No rating'}
          >
            <span data-testid="rating-missing">—</span>
            <span className="sr-only">: {r.missing}</span>
          </span>
        ) : (
          <span data-testid="rating" className="font-semibold tabular-nums">
            {formatRating(r.rating, method)}
          </span>
        )}
        {r.rating === null ? null : r.lowData ? (
          <span
            data-testid="few-matches"
            title={
              gamebench
                ? 'Too few matches for a meaningful interval: the mean of the bootstrap fits only'
                : 'Too few matches for a meaningful interval: the point estimate only'
            }
            className="ml-1.5 rounded-full bg-amber-100 px-1.5 py-px text-[0.65rem] font-medium text-amber-900 dark:bg-amber-900/50 dark:text-amber-200"
          >
            few matches
          </span>
        ) : method === 'bt' && r.noDecisive ? (
          <span
            data-testid="no-decisive"
            title="Every rated match of this agent here was a draw: the rating says it equals its opponents, but resampling draws alone cannot say how sure that is, so no interval is shown"
            className="ml-1.5 rounded-full bg-zinc-100 px-1.5 py-px text-[0.65rem] font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
          >
            draws only
          </span>
        ) : (
          r.interval && (
            <span data-testid="rating-interval" className="ml-1 tabular-nums text-zinc-500 dark:text-zinc-400">
              {/* The anchor is fixed at 1000 in every resample: its interval has no width, the others' are relative to it. */}
              {isAnchor && r.interval.lower === r.interval.upper
                ? '(reference)'
                : `(${formatInterval(r.interval, method)})`}
            </span>
          )
        )}
        {method === 'bt' && r.bt && (
          <span
            className="block text-[0.7rem] tabular-nums text-zinc-400"
            title={`${gamebench ? 'β̄: the mean of the bootstrap fits’ log-strengths (GameBench Eq. 3)' : 'β: the raw Bradley-Terry log-strength'} (the anchor at 0); the rating is 1000 + 400·log10(e)·β`}
          >
            {gamebench ? 'β̄' : 'β'} {beta >= 0 ? '+' : '−'}
            {Math.abs(beta).toFixed(2)}
          </span>
        )}
      </Td>
      <Td align="right" className="tabular-nums" testId="matches">
        {r.matches}
      </Td>
      <Td align="right" className="whitespace-nowrap tabular-nums" testId="wdl">
        <WinDrawLoss wins={r.wins} draws={r.draws} losses={r.losses} />
      </Td>
      <Td align="right" className="tabular-nums">
        {r.matches > 0 ? r.avgScore.toFixed(2) : '—'}
      </Td>
      <Td align="right" reliability first className="tabular-nums">
        {percent(r.reliability.illegalRate, 1)}
      </Td>
      <Td align="right" reliability className="tabular-nums">
        {r.reliability.retriesPerMove == null ? '—' : r.reliability.retriesPerMove.toFixed(2)}
      </Td>
      <Td align="right" reliability className="tabular-nums">
        {r.reliability.forfeitedTurns}
      </Td>
      <Td align="right" reliability className="tabular-nums">
        {r.reliability.voided}
      </Td>
      <Td align="right" reliability className="tabular-nums">
        {r.reliability.explainsPerMatch == null ? '—' : r.reliability.explainsPerMatch.toFixed(2)}
      </Td>
    </tr>
  );
}

function Th({
  children,
  align,
  reliability,
  first,
  title,
  className = '',
}: {
  children: ReactNode;
  align?: 'right';
  reliability?: boolean;
  first?: boolean;
  title?: string;
  className?: string;
}) {
  return (
    <th
      scope="col"
      title={title}
      className={`border-b border-zinc-200 px-3 py-2 align-bottom font-medium dark:border-zinc-800 ${align === 'right' ? 'text-right' : ''} ${
        reliability ? 'bg-amber-50 dark:bg-amber-950/40' : ''
      } ${first ? 'border-l-2 border-l-amber-200 dark:border-l-amber-800/70' : ''} ${title ? 'cursor-help' : ''} ${className}`}
    >
      {children}
    </th>
  );
}

function Td({
  children,
  align,
  reliability,
  first,
  testId,
  className = '',
}: {
  children: ReactNode;
  align?: 'right';
  reliability?: boolean;
  first?: boolean;
  testId?: string;
  className?: string;
}) {
  return (
    <td
      data-testid={testId}
      className={`border-b border-zinc-100 px-3 py-2.5 group-last:border-b-0 group-hover:bg-zinc-50 dark:border-zinc-800/70 dark:group-hover:bg-zinc-800/40 ${
        align === 'right' ? 'text-right' : ''
      } ${reliability ? 'bg-amber-50/40 text-zinc-600 dark:bg-amber-950/10 dark:text-zinc-400' : ''} ${
        first ? 'border-l-2 border-l-amber-200 dark:border-l-amber-800/70' : ''
      } ${className}`}
    >
      {children}
    </td>
  );
}
