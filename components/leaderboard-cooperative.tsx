// Cooperative games (Hanabi): the seats play together, so they are not rated against each other; each agent's mean
// team score per game with its bootstrap interval.
import { getGame } from '@/games/registry';
import type { LeaderboardResult } from '@/lib/leaderboard';
import { AgentLabel } from './agent-label';

export function LeaderboardCooperative({ result }: { result: LeaderboardResult }) {
  const byGame = new Map<string, LeaderboardResult['cooperative']>();
  for (const r of result.cooperative) byGame.set(r.gameId, [...(byGame.get(r.gameId) ?? []), r]);
  return (
    <div className="flex flex-col gap-4" data-testid="cooperative">
      {[...byGame].map(([gameId, rows]) => (
        <div key={gameId} data-testid="cooperative-game" data-game-id={gameId} className="relative overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <table className="w-full min-w-[28rem] text-sm">
            <caption className="border-b border-zinc-200 px-3 py-2 text-left font-semibold dark:border-zinc-800">{getGame(gameId)?.meta.title ?? gameId}</caption>
            <thead className="bg-zinc-50 text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-medium">Agent</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Mean team score ({result.query.interval}% CI)</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Matches</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.agentId} data-testid="cooperative-row" data-agent-id={r.agentId} className="border-t border-zinc-100 dark:border-zinc-800">
                  <td className="px-3 py-2">
                    <AgentLabel name={r.agentName} kind={r.agentKind} simulated={r.simulated} />
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    <span className="font-semibold">{r.mean.toFixed(2)}</span>
                    {r.interval ? (
                      <span className="text-zinc-500"> ({r.interval.lower.toFixed(2)}–{r.interval.upper.toFixed(2)})</span>
                    ) : (
                      <span className="ml-1 rounded bg-amber-100 px-1.5 py-px text-[0.65rem] text-amber-900 dark:bg-amber-900/50 dark:text-amber-200">few matches</span>
                    )}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.matches}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
