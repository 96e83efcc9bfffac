// Cooperative games (Hanabi): the seats play together, so they are not rated against each other. Per game, LLMArena's
// teams first — one model in every seat, each agent's mean team score over those matches, with its bootstrap interval —
// then, apart and labelled as the arena's own, the teams of different agents, per line-up.
import type { ReactNode } from 'react';
import { getGame } from '@/games/registry';
import type { Interval, LeaderboardResult } from '@/lib/leaderboard-contract';
import { AgentLabel } from './agent-label';

function Mean({ mean, interval }: { mean: number; interval: Interval | null }) {
  return (
    <>
      <span className="font-semibold">{mean.toFixed(2)}</span>
      {interval ? (
        <span className="text-zinc-500">
          {' '}
          ({interval.lower.toFixed(2)}–{interval.upper.toFixed(2)})
        </span>
      ) : (
        <span className="ml-1 rounded bg-amber-100 px-1.5 py-px text-[0.65rem] text-amber-900 dark:bg-amber-900/50 dark:text-amber-200">
          few matches
        </span>
      )}
    </>
  );
}

const frame =
  'relative overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900';
const head = 'bg-zinc-50 text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400';

interface TeamRow {
  key: string;
  /** The row's test attributes (data-testid, data-agent-id). */
  attrs: Record<string, string>;
  team: ReactNode;
  mean: number;
  interval: Interval | null;
  matches: number;
}

/** One table of mean team scores: the same-agent teams and the mixed teams differ only in their caption and team cell. */
function TeamTable(props: {
  attrs: Record<string, string>;
  title: string;
  definition: ReactNode;
  teamHeader: string;
  interval: string;
  rows: TeamRow[];
  empty?: string;
}) {
  return (
    <div {...props.attrs} className={frame}>
      <table className="w-full min-w-[28rem] text-sm">
        <caption className="border-b border-zinc-200 px-3 py-2 text-left dark:border-zinc-800">
          <span className="font-semibold">{props.title}</span>
          {props.definition}
        </caption>
        <thead className={head}>
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {props.teamHeader}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Mean team score ({props.interval}% CI)
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Matches
            </th>
          </tr>
        </thead>
        <tbody>
          {props.rows.length === 0 && props.empty && (
            <tr className="border-t border-zinc-100 dark:border-zinc-800">
              <td colSpan={3} className="px-3 py-2 text-zinc-500">
                {props.empty}
              </td>
            </tr>
          )}
          {props.rows.map((r) => (
            <tr key={r.key} {...r.attrs} className="border-t border-zinc-100 dark:border-zinc-800">
              <td className="px-3 py-2">{r.team}</td>
              <td className="px-3 py-2 text-right tabular-nums">
                <Mean mean={r.mean} interval={r.interval} />
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{r.matches}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function LeaderboardCooperative({ result }: { result: LeaderboardResult }) {
  const gameIds = [
    ...new Set([...result.cooperative.map((r) => r.gameId), ...(result.cooperativeMixed ?? []).map((r) => r.gameId)]),
  ].sort();
  return (
    <div className="flex flex-col gap-4" data-testid="cooperative">
      {gameIds.map((gameId) => {
        const title = getGame(gameId)?.meta.title ?? gameId;
        const own = result.cooperative.filter((r) => r.gameId === gameId);
        const mixed = (result.cooperativeMixed ?? []).filter((r) => r.gameId === gameId);
        return (
          <div key={gameId} className="flex flex-col gap-2">
            <TeamTable
              attrs={{ 'data-testid': 'cooperative-game', 'data-game-id': gameId }}
              title={title}
              definition={
                <span data-testid="cooperative-definition" className="block text-xs font-normal text-zinc-500">
                  LLMArena&apos;s teams: one model in every seat; its mean team score over those matches (mixed teams
                  below).
                </span>
              }
              teamHeader="Agent (in every seat)"
              interval={result.query.interval}
              empty="No match yet with one agent in every seat."
              rows={own.map((r) => ({
                key: r.agentId,
                attrs: { 'data-testid': 'cooperative-row', 'data-agent-id': r.agentId },
                team: <AgentLabel name={r.agentName} kind={r.agentKind} simulated={r.simulated} />,
                mean: r.mean,
                interval: r.interval,
                matches: r.matches,
              }))}
            />
            {mixed.length > 0 && (
              <TeamTable
                attrs={{ 'data-testid': 'cooperative-mixed', 'data-game-id': gameId }}
                title={`${title}: mixed teams`}
                definition={
                  <span className="block text-xs font-normal text-zinc-500">
                    The arena&apos;s own (not in LLMArena): teams of different agents, mean team score per line-up.
                  </span>
                }
                teamHeader="Team"
                interval={result.query.interval}
                rows={mixed.map((r) => ({
                  key: r.agents.map((a) => a.agentId).join('+'),
                  attrs: { 'data-testid': 'cooperative-mixed-row' },
                  team: (
                    <span className="inline-flex flex-wrap items-center gap-1">
                      {r.agents.map((a, i) => (
                        <span key={a.agentId} className="inline-flex items-center gap-1">
                          {i > 0 && <span className="text-zinc-400">+</span>}
                          <AgentLabel name={a.agentName} kind={a.agentKind} simulated={a.simulated} />
                        </span>
                      ))}
                    </span>
                  ),
                  mean: r.mean,
                  interval: r.interval,
                  matches: r.matches,
                }))}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
