// LLMArena's normalized score table: per game, each agent's mean score as a percentage of the best agent's, and the
// average over the games it played; a percentage from fewer than MIN_MATCHES results is flagged "few matches".
import { getGame } from '@/games/registry';
import { MIN_MATCHES, type LeaderboardResult, type NormalizedCell } from '@/lib/leaderboard';

function Share({ value, matches, lowData }: { value: number | null; matches?: number; lowData?: boolean }) {
  if (value == null) return <span className="text-zinc-400">—</span>;
  const best = value >= 99.95;
  return (
    <span className="inline-flex w-24 flex-col items-end gap-1" title={matches === undefined ? undefined : `from ${matches} ${matches === 1 ? 'result' : 'results'}`}>
      <span className={`tabular-nums ${best && !lowData ? 'font-semibold text-emerald-700 dark:text-emerald-400' : ''}`}>
        {value.toFixed(0)}%
        {lowData && (
          <span
            data-testid="normalized-few"
            title={`Fewer than ${MIN_MATCHES} results: too few to trust`}
            className="ml-1 rounded-full bg-amber-100 px-1.5 py-px text-[0.6rem] font-medium text-amber-900 dark:bg-amber-900/50 dark:text-amber-200"
          >
            few matches
          </span>
        )}
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

export function LeaderboardNormalized({ result }: { result: LeaderboardResult }) {
  const { games, rows } = result.normalized;
  const names = new Map(result.rows.map((r) => [r.agentId, r.agentName]));
  const shown = rows
    .filter((r) => names.has(r.agentId))
    .sort((a, b) => (b.average ?? -1) - (a.average ?? -1));

  return (
    <div data-testid="normalized" className="relative overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <table className="w-full min-w-[32rem] text-sm">
        <caption className="sr-only">Normalized score: each agent's mean score per game as a percentage of the best agent's</caption>
        <thead className="bg-zinc-50 text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            <th scope="col" className="border-b border-zinc-200 px-3 py-2 text-left font-medium dark:border-zinc-800">
              Agent
            </th>
            {games.map((g) => (
              <th key={g} scope="col" className="border-b border-zinc-200 px-3 py-2 text-right font-medium dark:border-zinc-800">
                {getGame(g)?.meta.title ?? g}
              </th>
            ))}
            <th scope="col" className="border-b border-l border-zinc-200 px-3 py-2 text-right font-semibold text-zinc-700 dark:border-zinc-800 dark:text-zinc-200">
              Average
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.agentId} data-testid="normalized-row" data-agent-id={r.agentId} className="border-b border-zinc-100 last:border-b-0 dark:border-zinc-800/70">
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {names.get(r.agentId)}
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
                <Share value={r.average} lowData={r.averageLowData} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
