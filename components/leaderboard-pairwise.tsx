// The pairwise heat map (as in GameBench's appendix): each cell is the row agent's observed score share against the
// column agent, coloured from red (always lost) through neutral to green (always won), with the number of matches;
// the Bradley-Terry model's probability is in the cell's tooltip. Pairs that never met stay empty.
import { leaderboardDataLinks, type LeaderboardResult, type PairCell } from '@/lib/leaderboard-contract';
import { percent } from './leaderboard-format';

/**
 * The most agents the matrix shows (the table's first ones): its cells grow with the square of the agents, and at 200
 * agents the page weighed tens of megabytes. The JSON API has every pair.
 */
export const MAX_PAIRWISE_AGENTS = 20;

/** A translucent red or green over the card: stronger the further the share is from ½. */
function cellColour(share: number): string {
  const strength = Math.min(1, Math.abs(share - 0.5) * 2);
  const alpha = (0.1 + 0.75 * strength).toFixed(2);
  return share >= 0.5 ? `rgba(16, 185, 129, ${alpha})` : `rgba(244, 63, 94, ${alpha})`;
}

export function LeaderboardPairwise({ result }: { result: LeaderboardResult }) {
  const agents = result.rows.slice(0, MAX_PAIRWISE_AGENTS).map((r) => ({ id: r.agentId, name: r.agentName }));
  const api = leaderboardDataLinks(result.query).find((l) => l.label === 'API')!;
  const cells = new Map<string, PairCell>(result.pairs.map((p) => [`${p.a}|${p.b}`, p]));
  const withModel = result.query.method === 'bt';

  return (
    <div data-testid="pairwise" className="flex flex-col gap-3">
      {result.rows.length > agents.length && (
        <p data-testid="pairwise-capped" className="text-xs text-zinc-500 dark:text-zinc-400">
          The first {agents.length} of {result.rows.length} agents in the table&rsquo;s order. Every pair is in the{' '}
          <a href={api.href} className="underline underline-offset-2">
            JSON API
          </a>{' '}
          (<code>pairs</code>).
        </p>
      )}
      <div className="relative overflow-x-auto">
        <table className="border-separate border-spacing-1 text-xs">
          <caption className="sr-only">
            Score share of the row agent against the column agent, with the number of matches
          </caption>
          <thead>
            <tr>
              <th scope="col" className="text-left align-bottom font-normal text-zinc-500 dark:text-zinc-400">
                row vs column →
              </th>
              {agents.map((c) => (
                <th
                  key={c.id}
                  scope="col"
                  title={c.name}
                  className="w-20 max-w-20 align-bottom font-medium text-zinc-600 dark:text-zinc-300"
                >
                  <span className="line-clamp-3 break-words">{c.name}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {agents.map((r) => (
              <tr key={r.id}>
                <th
                  scope="row"
                  title={r.name}
                  className="w-28 pr-2 text-left font-medium text-zinc-700 sm:w-44 dark:text-zinc-200"
                >
                  <span className="line-clamp-2 break-words">{r.name}</span>
                </th>
                {agents.map((c) => {
                  if (r.id === c.id) {
                    return (
                      <td
                        key={c.id}
                        aria-label="same agent"
                        className="h-14 w-20 rounded-md bg-zinc-100 dark:bg-zinc-800/70"
                      />
                    );
                  }
                  const cell = cells.get(`${r.id}|${c.id}`);
                  if (!cell || cell.matches === 0 || cell.observed == null) {
                    return (
                      <td
                        key={c.id}
                        data-testid="pair-cell"
                        title={`${r.name} and ${c.name} have not met`}
                        className="h-14 w-20 rounded-md border border-dashed border-zinc-200 text-center text-zinc-300 dark:border-zinc-700 dark:text-zinc-600"
                      >
                        <span className="sr-only">never met</span>
                      </td>
                    );
                  }
                  const title =
                    `${r.name} vs ${c.name}: scored ${percent(cell.observed)} over ${cell.matches} ${cell.matches === 1 ? 'match' : 'matches'}` +
                    (withModel && cell.model != null
                      ? `; Bradley-Terry model: ${percent(cell.model)} win probability`
                      : '');
                  return (
                    <td
                      key={c.id}
                      data-testid="pair-cell"
                      title={title}
                      style={{ backgroundColor: cellColour(cell.observed) }}
                      className="h-14 w-20 cursor-help rounded-md text-center tabular-nums"
                    >
                      <span className="block text-sm font-semibold text-zinc-900 dark:text-zinc-50">
                        {percent(cell.observed)}
                      </span>
                      <span className="block text-[0.65rem] text-zinc-700 dark:text-zinc-300">n = {cell.matches}</span>
                      {withModel && cell.model != null && (
                        <span className="block text-[0.6rem] text-zinc-600 dark:text-zinc-400">
                          BT {percent(cell.model)}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-zinc-500 dark:text-zinc-400">
        <span className="inline-flex items-center gap-2">
          <span>0%</span>
          <span
            aria-hidden="true"
            className="h-2.5 w-32 rounded-full"
            style={{ background: `linear-gradient(to right, ${cellColour(0)}, ${cellColour(0.5)}, ${cellColour(1)})` }}
          />
          <span>100%</span>
        </span>
        <span>Score share of the row agent (win 1, draw ½) · n = matches played</span>
        <span className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-4 rounded border border-dashed border-zinc-300 dark:border-zinc-600"
          />{' '}
          never met
        </span>
      </div>
    </div>
  );
}
