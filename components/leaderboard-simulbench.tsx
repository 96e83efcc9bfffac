// The leaderboard's SimulBench section: the newest evaluation's overall and Hard scores (Table 4's All and Hard
// columns), with a link to the whole evaluation. Evaluations are not pooled: each has its own frozen scripts.
import Link from 'next/link';
import type { SimulbenchResults } from '@/lib/db/simulbench/results';

const num = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '—');

export function LeaderboardSimulbench({ results: r }: { results: SimulbenchResults | null }) {
  return (
    <section aria-labelledby="simulbench-heading" className="flex flex-col gap-3" data-testid="leaderboard-simulbench">
      <div>
        <h2 id="simulbench-heading" className="text-lg font-semibold">
          SimulBench: models as simulators
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          A judge’s 1–10 ratings of each model’s answers to frozen test scripts (the SimulBench paper’s method), from
          one evaluation: scores from different evaluations are not comparable, as each has its own scripts. Not part of
          the ratings above.
        </p>
      </div>
      {!r ? (
        <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-500 dark:border-zinc-700">
          No SimulBench evaluation has rated answers yet.{' '}
          <Link href="/simulbench" className="text-indigo-700 underline dark:text-indigo-300">
            About SimulBench
          </Link>
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <table className="w-full min-w-[420px] text-sm">
            <caption className="px-3 pt-3 text-left text-xs text-zinc-500">
              <Link
                href={`/simulbench/${r.tournamentId}`}
                className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
              >
                {r.name}
              </Link>{' '}
              · {r.status} · {r.scripts.total} scripts
            </caption>
            <thead className="border-b border-zinc-200 text-xs dark:border-zinc-800">
              <tr>
                <th className="px-3 py-2 text-left font-medium">Model</th>
                <th className="px-3 py-2 text-right font-medium">All (1–10)</th>
                <th className="px-3 py-2 text-right font-medium">95% interval</th>
                <th className="px-3 py-2 text-right font-medium">Hard</th>
              </tr>
            </thead>
            <tbody>
              {r.table4.map((row) => (
                <tr key={row.agentId} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60">
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    {r.agents[row.agentId] ?? row.agentId}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{num(row.all.mean)}</td>
                  <td className="px-3 py-2 text-right tabular-nums text-zinc-500">
                    {row.all.ci95 ? `${num(row.all.ci95[0])}–${num(row.all.ci95[1])}` : `n ${row.all.n}`}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{row.hard.n ? num(row.hard.mean) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
