// The players header of a match: one card per seat with its label, agent, kind, "simulated" badge, score, and who is to move.
import type { SeatInfo } from '@/lib/protocol';
import { AgentLabel } from './agent-label';
import { formatScore, shortSeatLabel } from './format';
import { seatColor } from './seat-colors';

/** `hideScores`: a judged evaluation (DEEP), where the equal shares of the result mean nothing. */
export function MatchPlayers({ seats, toMove, hideScores }: { seats: SeatInfo[]; toMove: number | null; hideScores?: boolean }) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {seats.map((s) => {
        const colour = seatColor(s.seat);
        const moving = s.seat === toMove;
        return (
          <li
            key={s.seat}
            className={`flex min-w-0 items-center gap-3 rounded-xl border bg-white px-3.5 py-2.5 shadow-sm transition dark:bg-zinc-900 ${
              moving ? 'border-indigo-300 ring-1 ring-indigo-300 dark:border-indigo-700 dark:ring-indigo-700' : 'border-zinc-200 dark:border-zinc-800'
            }`}
          >
            <span className={`grid h-9 w-9 shrink-0 place-items-center rounded-lg font-mono text-sm font-bold text-white ${colour.dot}`}>
              {shortSeatLabel(s.label)}
            </span>
            <div className="min-w-0 flex-1">
              <AgentLabel name={s.agentName} kind={s.agentKind} simulated={s.simulated} />
              <div className="text-xs text-zinc-500 dark:text-zinc-400">
                {s.label}
                {moving && <span className="font-medium text-indigo-600 dark:text-indigo-400"> · to move</span>}
              </div>
            </div>
            {s.score !== null && !hideScores && (
              <span className="shrink-0 text-right">
                <span className="block text-lg font-semibold tabular-nums leading-none">{formatScore(s.score)}</span>
                <span className="text-[0.65rem] uppercase tracking-wide text-zinc-500">score</span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
