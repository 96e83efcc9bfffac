// A tournament's standings so far: rank, agent, Bradley-Terry rating with its 95% interval, matches and W/D/L.
import Link from 'next/link';
import type { Standing } from '@/lib/db/tournament-progress';
import { WinDrawLoss } from './facts';
import { KindChip } from './kind-chip';
import { SimulatedBadge } from './simulated-badge';

export function TournamentStandings({
  standings,
  agents,
}: {
  standings: Standing[];
  agents: Map<string, { kind: string; simulated: boolean }>;
}) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <table data-testid="standings" className="w-full text-sm">
        <caption className="sr-only">
          Standings so far: Bradley-Terry ratings over this tournament’s finished matches, with 95% bootstrap intervals
        </caption>
        <thead className="bg-zinc-50 text-left text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th scope="col" className="w-10 px-3 py-2 font-medium sm:w-12">
              #
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Agent
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Rating <span className="font-normal text-zinc-400">(95% CI)</span>
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-medium sm:table-cell">
              Matches
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              W / D / L
            </th>
          </tr>
        </thead>
        <tbody>
          {standings.map((s) => {
            const a = agents.get(s.agentId);
            return (
              <tr
                key={s.agentId}
                data-testid="standing-row"
                data-agent-id={s.agentId}
                className="border-b border-zinc-100 last:border-b-0 dark:border-zinc-800/70"
              >
                <td
                  className="px-3 py-2.5 font-semibold tabular-nums text-zinc-500 dark:text-zinc-400"
                  data-testid="standing-rank"
                >
                  {s.rank}
                </td>
                <th scope="row" className="px-3 py-2.5 text-left font-normal">
                  <span className="flex flex-wrap items-center gap-1.5">
                    <Link
                      href={`/agents/${s.agentId}`}
                      className="font-medium underline-offset-2 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:text-indigo-300"
                    >
                      {s.name}
                    </Link>
                    {a && <KindChip kind={a.kind} />}
                    {a?.simulated && <SimulatedBadge />}
                  </span>
                </th>
                <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">
                  <span className="font-semibold" data-testid="standing-rating">
                    {s.rating}
                  </span>
                  {s.lo !== null && s.hi !== null ? (
                    <span className="block text-xs text-zinc-500 sm:ml-1 sm:inline sm:text-sm dark:text-zinc-400">
                      ({s.lo}–{s.hi})
                    </span>
                  ) : (
                    <span
                      title="Too few matches for an interval yet"
                      className="mt-0.5 ml-auto block w-fit rounded-full bg-amber-100 px-1.5 py-px sm:mt-0 sm:ml-1.5 sm:inline text-[0.65rem] font-medium text-amber-900 dark:bg-amber-900/50 dark:text-amber-200"
                    >
                      few matches
                    </span>
                  )}
                </td>
                <td className="hidden px-3 py-2.5 text-right tabular-nums sm:table-cell">{s.matches}</td>
                <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">
                  <WinDrawLoss wins={s.wins} draws={s.draws} losses={s.losses} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
