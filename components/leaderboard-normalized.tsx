// LLMArena's Table 1 (normalized score) and Appendix C (the raw metric it normalizes): per environment, each agent's
// value of the environment's own metric (TrueSkill μ, average reward, the undercover's win rate) as a percentage of the
// best agent's, 100 · x / max, and the average over the environments it has a value in; a percentage from fewer than
// MIN_MATCHES results is flagged "few matches".
import type { ReactNode } from 'react';
import { getGame } from '@/games/registry';
import { MIN_MATCHES, type LeaderboardResult, type NormalizedCell } from '@/lib/leaderboard-contract';
import type { NormalizedBy } from '@/lib/rating/normalized';
import { AgentLabel } from './agent-label';

/** The metric of a game, in words (a column's tooltip and the raw table's header). */
export function normalizedByLabel(metric: NormalizedBy | undefined): string {
  if (!metric) return '';
  if (metric === 'trueskill') return 'TrueSkill μ';
  if (metric === 'reward') return 'average reward';
  return `win rate as ${metric.winRateAs}`;
}

function formatRaw(metric: NormalizedBy | undefined, raw: number): string {
  if (metric && typeof metric === 'object') return `${(raw * 100).toFixed(1)}%`;
  return raw.toFixed(2);
}

function FewBadge() {
  return (
    <span
      data-testid="normalized-few"
      title={`Fewer than ${MIN_MATCHES} results: too few to trust`}
      className="ml-1 rounded-full bg-amber-100 px-1.5 py-px text-[0.6rem] font-medium text-amber-900 dark:bg-amber-900/50 dark:text-amber-200"
    >
      few matches
    </span>
  );
}

function Share({
  value,
  matches,
  lowData,
  title,
}: {
  value: number | null;
  matches?: number;
  lowData?: boolean;
  title?: string;
}) {
  if (value == null) return <span className="text-zinc-400">—</span>;
  const best = value >= 99.995;
  return (
    <span
      className="inline-flex w-24 flex-col items-end gap-1"
      title={title ?? (matches === undefined ? undefined : `from ${matches} ${matches === 1 ? 'result' : 'results'}`)}
    >
      <span
        className={`tabular-nums ${best && !lowData ? 'font-semibold text-emerald-700 dark:text-emerald-400' : ''}`}
      >
        {value.toFixed(2)}
        {lowData && <FewBadge />}
      </span>
      <span className="h-1 w-full overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800" aria-hidden="true">
        <span
          className={`block h-full rounded-full ${lowData ? 'bg-amber-300' : best ? 'bg-emerald-500' : 'bg-indigo-400'}`}
          style={{ width: `${Math.max(0, Math.min(100, value))}%` }}
        />
      </span>
    </span>
  );
}

const th = 'border-b border-zinc-200 px-3 py-2 text-right font-medium dark:border-zinc-800';

function Frame({ testId, caption, children }: { testId: string; caption: string; children: ReactNode }) {
  return (
    <div
      data-testid={testId}
      className="relative overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <table className="w-full min-w-[32rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

function sortedRows(result: LeaderboardResult) {
  return [...result.normalized.rows].sort(
    (a, b) => (b.average ?? -1) - (a.average ?? -1) || a.agentName.localeCompare(b.agentName),
  );
}

/** LLMArena's Table 1: normalized scores, best agent = 100 per environment, and the average. */
export function LeaderboardNormalized({ result }: { result: LeaderboardResult }) {
  const { games, metrics } = result.normalized;
  const shown = sortedRows(result);
  if (games.length === 0)
    return <p className="text-sm text-zinc-500">No finished matches of LLMArena&apos;s environments yet.</p>;
  return (
    <Frame
      testId="normalized"
      caption="LLMArena's Table 1: each agent's value of each environment's own metric as a percentage of the best agent's, and the average"
    >
      <thead className="bg-zinc-50 text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
        <tr>
          <th scope="col" className={`${th} text-left`}>
            Agent
          </th>
          {games.map((g) => (
            <th key={g} scope="col" className={th} title={`normalized ${normalizedByLabel(metrics[g])}`}>
              {getGame(g)?.meta.title ?? g}
            </th>
          ))}
          <th scope="col" className={`${th} border-l font-semibold text-zinc-700 dark:text-zinc-200`}>
            Average
          </th>
        </tr>
      </thead>
      <tbody>
        {shown.map((r) => {
          const covered = games.filter((g) => r.perGame[g]).length;
          return (
            <tr
              key={r.agentId}
              data-testid="normalized-row"
              data-agent-id={r.agentId}
              className="border-b border-zinc-100 last:border-b-0 dark:border-zinc-800/70"
            >
              <th scope="row" className="px-3 py-2 text-left font-medium">
                <AgentLabel name={r.agentName} kind={r.agentKind} simulated={r.simulated} />
              </th>
              {games.map((g) => {
                const cell: NormalizedCell | null = r.perGame[g] ?? null;
                return (
                  <td key={g} className="px-3 py-2 text-right">
                    <Share value={cell?.percent ?? null} matches={cell?.matches} lowData={cell?.lowData} />
                  </td>
                );
              })}
              <td className="border-l border-zinc-100 px-3 py-2 text-right dark:border-zinc-800">
                <Share
                  value={r.average}
                  lowData={r.averageLowData}
                  title={
                    covered < games.length
                      ? `average over the ${covered} of ${games.length} environments this agent has a value in`
                      : `average over all ${games.length} environments`
                  }
                />
                {covered < games.length && (
                  <span className="block text-[0.65rem] text-zinc-500">
                    {covered} of {games.length} games
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </Frame>
  );
}

/** LLMArena's Appendix C: the raw metric of each environment per agent, before normalization. */
export function LeaderboardNormalizedRaw({ result }: { result: LeaderboardResult }) {
  const { games, metrics } = result.normalized;
  const shown = sortedRows(result);
  if (games.length === 0) return null;
  return (
    <Frame testId="normalized-raw" caption="LLMArena's Appendix C: each environment's raw metric per agent">
      <thead className="bg-zinc-50 text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
        <tr>
          <th scope="col" className={`${th} text-left`}>
            Agent
          </th>
          {games.map((g) => (
            <th key={g} scope="col" className={th}>
              {getGame(g)?.meta.title ?? g}
              <span className="block font-normal">{normalizedByLabel(metrics[g])}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {shown.map((r) => (
          <tr
            key={r.agentId}
            data-testid="normalized-raw-row"
            data-agent-id={r.agentId}
            className="border-b border-zinc-100 last:border-b-0 dark:border-zinc-800/70"
          >
            <th scope="row" className="px-3 py-2 text-left font-medium">
              <AgentLabel name={r.agentName} kind={r.agentKind} simulated={r.simulated} />
            </th>
            {games.map((g) => {
              const cell = r.perGame[g];
              return (
                <td
                  key={g}
                  className="px-3 py-2 text-right tabular-nums"
                  title={cell ? `from ${cell.matches} ${cell.matches === 1 ? 'result' : 'results'}` : undefined}
                >
                  {cell ? formatRaw(metrics[g], cell.raw) : <span className="text-zinc-400">—</span>}
                  {cell?.lowData && <FewBadge />}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Frame>
  );
}
