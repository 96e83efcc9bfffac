// The players header of a match: one card per seat with its label, agent, kind, "simulated" badge, result, and who is to move.
import type { Scoring } from '@/lib/engine/types';
import type { MatchSnapshot, SeatInfo } from '@/lib/protocol';
import { formatScore, seatResult, shortSeatLabel } from './format';
import { KindChip } from './kind-chip';
import { seatColor } from './seat-colors';
import { SimulatedBadge } from './simulated-badge';

const RESULT_STYLE = {
  won: 'text-emerald-700 dark:text-emerald-400',
  lost: 'text-zinc-500 dark:text-zinc-400',
  draw: 'text-zinc-700 dark:text-zinc-300',
} as const;

interface Props {
  seats: SeatInfo[];
  toMove: number | null;
  /** The game, for its seat colours. */
  gameId?: string;
  /** Once over: each seat's result in a word (won, lost, draw), never a side's share of the score (⅓ each). */
  outcome?: MatchSnapshot['outcome'];
  /**
   * How the game's results count: seats that play together (Hanabi) get no result of their own (the banner gives the
   * team's score), and in a judged evaluation (DEEP) nobody wins, so the cards show no result.
   */
  scoring?: Scoring;
  /** A replay stepped back before the end: no result and no stored score yet (they would tell the end). */
  beforeEnd?: boolean;
}

export function MatchPlayers({ seats, toMove, gameId, outcome = null, scoring = 'contest', beforeEnd = false }: Props) {
  return (
    <ul className="grid grid-cols-2 gap-2">
      {seats.map((s) => {
        const colour = seatColor(s.seat, gameId);
        const moving = s.seat === toMove;
        const result = outcome && !beforeEnd ? seatResult(outcome, s.seat, scoring) : null;
        // Before the socket's outcome arrives, the stored score (not for games where it means nothing).
        const score = !outcome && !beforeEnd && s.score !== null && scoring === 'contest' ? formatScore(s.score) : null;
        return (
          <li
            key={s.seat}
            data-testid="match-player"
            className={`flex min-w-0 items-center gap-2 rounded-xl border bg-white px-2.5 py-2 shadow-sm transition sm:gap-3 sm:px-3.5 sm:py-2.5 dark:bg-zinc-900 ${
              moving
                ? 'border-indigo-300 ring-1 ring-indigo-300 dark:border-indigo-700 dark:ring-indigo-700'
                : 'border-zinc-200 dark:border-zinc-800'
            }`}
          >
            <span
              className={`grid h-8 w-8 shrink-0 place-items-center rounded-lg font-mono text-sm font-bold sm:h-9 sm:w-9 ${colour.avatar}`}
            >
              {shortSeatLabel(s.label)}
            </span>
            {/* The name on a line of its own (cut with an ellipsis in a narrow card), then the seat, kind and badges. */}
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium sm:text-base" title={s.agentName}>
                {s.agentName}
              </p>
              <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-zinc-500 dark:text-zinc-400">
                <span>{s.label}</span>
                <KindChip kind={s.agentKind} />
                {s.simulated && <SimulatedBadge />}
                {moving && <span className="font-medium text-indigo-600 dark:text-indigo-400">to move</span>}
              </p>
            </div>
            {result && (
              <span
                data-testid="seat-result"
                className={`shrink-0 text-sm font-semibold capitalize ${RESULT_STYLE[result]}`}
              >
                {result}
              </span>
            )}
            {score !== null && (
              <span className="shrink-0 text-right">
                <span className="block text-lg font-semibold tabular-nums leading-none">{score}</span>
                <span className="text-[0.65rem] uppercase tracking-wide text-zinc-500">score</span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
