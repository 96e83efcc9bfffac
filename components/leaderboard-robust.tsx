// The arena's own check of the overall ranking (not in any of the papers): the rank of every agent again without each
// game, changes highlighted, and a general-factor score with each game's loading (GameBench's proposed future work).
import { getGame } from '@/games/registry';
import type { LeaderboardResult } from '@/lib/leaderboard-contract';
import { AgentLabel } from './agent-label';

const th = 'border-b border-zinc-200 px-3 py-2 font-medium dark:border-zinc-800';

function RankCell({ rank, overall }: { rank: number | null; overall: number }) {
  if (rank === null)
    return (
      <span className="text-zinc-400" title="Played only this game: no rank without it">
        —
      </span>
    );
  const d = rank - overall;
  if (d === 0) return <span className="tabular-nums text-zinc-500 dark:text-zinc-400">{rank}</span>;
  const words = `${Math.abs(d)} ${Math.abs(d) === 1 ? 'place' : 'places'} ${d > 0 ? 'lower' : 'higher'} without this game`;
  return (
    <span
      data-testid="robust-shift"
      title={words}
      className={`rounded px-1.5 py-0.5 font-semibold tabular-nums ${d > 0 ? 'bg-rose-100 text-rose-900 dark:bg-rose-950/60 dark:text-rose-200' : 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-200'}`}
    >
      {rank}
      <span aria-hidden="true">
        {' '}
        {d > 0 ? '↓' : '↑'}
        {Math.abs(d)}
      </span>
      <span className="sr-only"> ({words})</span>
    </span>
  );
}

export function LeaderboardRobust({ robust }: { robust: NonNullable<LeaderboardResult['robust']> }) {
  const title = (g: string) => getGame(g)?.meta.title ?? g;
  const hinge = robust.rows.filter((r) => r.maxShift > 0).length;
  const factor = robust.factor;
  // Agents that never met, directly or through others, are ranked within their group (as on the board above).
  const grouped = robust.rows.some((r) => r.group !== null);
  return (
    <div className="flex flex-col gap-2">
      <p data-testid="robust-summary" className="text-sm text-zinc-700 dark:text-zinc-300">
        {hinge === 0
          ? `No agent's rank changes when any one of the ${robust.games.length} games is left out.`
          : `${hinge} of ${robust.rows.length} agents change rank when one game is left out (highlighted).`}
        {factor &&
          ` The general factor explains ${(factor.explained * 100).toFixed(0)}% of the variance of the per-game ratings.`}
        {grouped && ' Ranks are within each group of agents that played each other, directly or through others.'}
      </p>
      <div
        data-testid="robust"
        className="relative overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      >
        <table className="w-full min-w-[32rem] text-sm">
          <caption className="sr-only">
            Overall rank, rank without each game, and general-factor score per agent
          </caption>
          <thead className="bg-zinc-50 text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
            <tr>
              <th scope="col" className={`${th} text-left`}>
                Agent
              </th>
              {grouped && (
                <th scope="col" className={`${th} text-right`}>
                  Group
                </th>
              )}
              <th scope="col" className={`${th} text-right`}>
                Rank
              </th>
              {robust.games.map((g) => (
                <th key={g} scope="col" className={`${th} text-right`}>
                  without {title(g)}
                </th>
              ))}
              <th
                scope="col"
                className={`${th} text-right`}
                title="The first principal component of the standardised per-game ratings, over the games the agent played"
              >
                General factor
              </th>
            </tr>
          </thead>
          <tbody>
            {robust.rows.map((r) => (
              <tr
                key={r.agentId}
                data-testid="robust-row"
                data-agent-id={r.agentId}
                className="border-t border-zinc-100 dark:border-zinc-800"
              >
                <td className="px-3 py-1.5">
                  <AgentLabel name={r.agentName} kind={r.agentKind} simulated={r.simulated} />
                </td>
                {grouped && (
                  <td
                    data-testid="robust-group"
                    className="px-3 py-1.5 text-right tabular-nums text-zinc-500 dark:text-zinc-400"
                  >
                    {r.group}
                  </td>
                )}
                <td className="px-3 py-1.5 text-right font-semibold tabular-nums">{r.rank}</td>
                {robust.games.map((g) => (
                  <td key={g} className="px-3 py-1.5 text-right">
                    <RankCell rank={r.without[g] ?? null} overall={r.rank} />
                  </td>
                ))}
                <td
                  className="px-3 py-1.5 text-right tabular-nums"
                  title={
                    r.factor ? `over ${r.factor.games} games` : 'Rated in fewer than two of the games the factor uses'
                  }
                >
                  {r.factor ? (
                    `${r.factor.score >= 0 ? '+' : '−'}${Math.abs(r.factor.score).toFixed(2)}`
                  ) : (
                    <span className="text-zinc-400">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
          {factor && (
            <tfoot className="text-xs text-zinc-500 dark:text-zinc-400">
              <tr data-testid="robust-loadings" className="border-t border-zinc-200 dark:border-zinc-800">
                <th scope="row" colSpan={grouped ? 3 : 2} className="px-3 py-1.5 text-left font-medium">
                  Loading on the factor
                </th>
                {robust.games.map((g) => (
                  <td key={g} className="px-3 py-1.5 text-right tabular-nums">
                    {Object.hasOwn(factor.loadings, g) ? (
                      factor.loadings[g]!.toFixed(2)
                    ) : (
                      <span title="Not in the factor: fewer than three rated agents, or every agent rated the same in this game">
                        —
                      </span>
                    )}
                  </td>
                ))}
                <td className="px-3 py-1.5 text-right tabular-nums">
                  {(factor.explained * 100).toFixed(0)}% explained
                </td>
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </div>
  );
}
