// Cooperative games (Hanabi): the seats play together, so they are not rated against each other. Per game, LLMArena's
// teams first — one model in every seat, each agent's mean team score over those matches, with its bootstrap interval —
// then, apart and labelled as the arena's own, the teams of different agents, per line-up.
import { getGame } from '@/games/registry';
import type { Interval, LeaderboardResult } from '@/lib/leaderboard';
import { AgentLabel } from './agent-label';

function Mean({ mean, interval }: { mean: number; interval: Interval | null }) {
  return (
    <>
      <span className="font-semibold">{mean.toFixed(2)}</span>
      {interval ? (
        <span className="text-zinc-500"> ({interval.lower.toFixed(2)}–{interval.upper.toFixed(2)})</span>
      ) : (
        <span className="ml-1 rounded bg-amber-100 px-1.5 py-px text-[0.65rem] text-amber-900 dark:bg-amber-900/50 dark:text-amber-200">few matches</span>
      )}
    </>
  );
}

const frame = 'relative overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900';
const head = 'bg-zinc-50 text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400';

export function LeaderboardCooperative({ result }: { result: LeaderboardResult }) {
  const gameIds = [...new Set([...result.cooperative.map((r) => r.gameId), ...(result.cooperativeMixed ?? []).map((r) => r.gameId)])].sort();
  return (
    <div className="flex flex-col gap-4" data-testid="cooperative">
      {gameIds.map((gameId) => {
        const title = getGame(gameId)?.meta.title ?? gameId;
        const own = result.cooperative.filter((r) => r.gameId === gameId);
        const mixed = (result.cooperativeMixed ?? []).filter((r) => r.gameId === gameId);
        return (
          <div key={gameId} className="flex flex-col gap-2">
            <div data-testid="cooperative-game" data-game-id={gameId} className={frame}>
              <table className="w-full min-w-[28rem] text-sm">
                <caption className="border-b border-zinc-200 px-3 py-2 text-left dark:border-zinc-800">
                  <span className="font-semibold">{title}</span>
                  <span data-testid="cooperative-definition" className="block text-xs font-normal text-zinc-500">
                    LLMArena&apos;s teams: one model in every seat; its mean team score over those matches (mixed teams below).
                  </span>
                </caption>
                <thead className={head}>
                  <tr>
                    <th scope="col" className="px-3 py-2 text-left font-medium">Agent (in every seat)</th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">Mean team score ({result.query.interval}% CI)</th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">Matches</th>
                  </tr>
                </thead>
                <tbody>
                  {own.length === 0 && (
                    <tr className="border-t border-zinc-100 dark:border-zinc-800">
                      <td colSpan={3} className="px-3 py-2 text-zinc-500">No match yet with one agent in every seat.</td>
                    </tr>
                  )}
                  {own.map((r) => (
                    <tr key={r.agentId} data-testid="cooperative-row" data-agent-id={r.agentId} className="border-t border-zinc-100 dark:border-zinc-800">
                      <td className="px-3 py-2">
                        <AgentLabel name={r.agentName} kind={r.agentKind} simulated={r.simulated} />
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        <Mean mean={r.mean} interval={r.interval} />
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">{r.matches}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {mixed.length > 0 && (
              <div data-testid="cooperative-mixed" data-game-id={gameId} className={frame}>
                <table className="w-full min-w-[28rem] text-sm">
                  <caption className="border-b border-zinc-200 px-3 py-2 text-left dark:border-zinc-800">
                    <span className="font-semibold">{title}: mixed teams</span>
                    <span className="block text-xs font-normal text-zinc-500">
                      The arena&apos;s own (not in LLMArena): teams of different agents, mean team score per line-up.
                    </span>
                  </caption>
                  <thead className={head}>
                    <tr>
                      <th scope="col" className="px-3 py-2 text-left font-medium">Team</th>
                      <th scope="col" className="px-3 py-2 text-right font-medium">Mean team score ({result.query.interval}% CI)</th>
                      <th scope="col" className="px-3 py-2 text-right font-medium">Matches</th>
                    </tr>
                  </thead>
                  <tbody>
                    {mixed.map((r) => (
                      <tr key={r.agents.map((a) => a.agentId).join('+')} data-testid="cooperative-mixed-row" className="border-t border-zinc-100 dark:border-zinc-800">
                        <td className="px-3 py-2">
                          <span className="inline-flex flex-wrap items-center gap-1">
                            {r.agents.map((a, i) => (
                              <span key={a.agentId} className="inline-flex items-center gap-1">
                                {i > 0 && <span className="text-zinc-400">+</span>}
                                <AgentLabel name={a.agentName} kind={a.agentKind} simulated={a.simulated} />
                              </span>
                            ))}
                          </span>
                        </td>
                        <td className="px-3 py-2 text-right tabular-nums">
                          <Mean mean={r.mean} interval={r.interval} />
                        </td>
                        <td className="px-3 py-2 text-right tabular-nums">{r.matches}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
