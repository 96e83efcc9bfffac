// The hidden number board for spectators, replays and human seats: own number and tag, both guess histories, the result
// and number buttons (a number already guessed disabled, saying so).
'use client';

import { ActionButton, MoveError } from '../controls';
import { seatName, type BoardProps } from '../../lib/engine/types';
import { MAX, guessedBy, SEAT_NAMES, type Feedback, type HiddenNumberAction, type HiddenNumberView } from './rules';

const FEEDBACK_STYLE: Record<Feedback, string> = {
  'too low': 'bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100',
  'too high': 'bg-rose-100 text-rose-800 dark:bg-rose-900 dark:text-rose-100',
  correct: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100',
};

const NUMBERS = Array.from({ length: MAX }, (_, i) => i + 1);

export function HiddenNumberBoard({
  view: v,
  players,
  legal,
  onAction,
  over,
  error,
}: BoardProps<HiddenNumberAction, HiddenNumberView>) {
  const label = (seat: number) => players[seat] ?? seatName(SEAT_NAMES, seat);
  const isLegal = (n: number) => !!legal?.some((a) => a.n === n);
  const mine = v.viewer !== null ? guessedBy(v, v.viewer) : [];
  const ownNumber = v.viewer !== null ? v.numbers[v.viewer] : null;
  const ownTag = v.viewer !== null ? v.tags[v.viewer] : null;
  // Numbers and tags of other seats are only in the view when this viewer may see them (omniscient or game over).
  const revealed = v.numbers
    .map((n, seat) => ({ seat, n, tag: v.tags[seat] ?? null }))
    .filter((x) => x.seat !== v.viewer && x.n !== null);

  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-4">
      <p className="text-sm text-neutral-600 dark:text-neutral-300" aria-live="polite">
        {v.result ?? (v.toMove !== null && !over ? `${label(v.toMove)} to move` : '')}
      </p>

      {ownNumber !== null && ownNumber !== undefined && (
        <p className="rounded-lg bg-amber-100 px-3 py-1.5 text-sm font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">
          Your number: <span className="font-mono text-base">{ownNumber}</span>
          {ownTag && (
            <>
              {' · your tag '}
              <span className="font-mono">{ownTag}</span>
            </>
          )}
        </p>
      )}
      {revealed.length > 0 && (
        <ul className="text-sm text-neutral-700 dark:text-neutral-200">
          {revealed.map(({ seat, n, tag }) => (
            <li key={seat}>
              {label(seat)}&apos;s number: <span className="font-mono">{n}</span>
              {tag && (
                <>
                  {' · tag '}
                  <span className="font-mono">{tag}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}

      <div className="grid w-full grid-cols-2 gap-3">
        {v.numbers.map((_, seat) => {
          const guesses = v.guesses.filter((g) => g.seat === seat);
          return (
            <section
              key={seat}
              aria-label={`${label(seat)}'s guesses`}
              className={`rounded-xl border p-3 ${
                v.winner === seat ? 'border-emerald-500' : 'border-neutral-200 dark:border-neutral-700'
              } ${v.toMove === seat ? 'ring-2 ring-emerald-400' : ''}`}
            >
              <h3 className="mb-2 text-sm font-semibold text-neutral-800 dark:text-neutral-100">{label(seat)}</h3>
              {guesses.length === 0 ? (
                <p className="text-xs text-neutral-500">No guesses yet</p>
              ) : (
                <ol className="flex flex-col gap-1">
                  {guesses.map((g, i) => (
                    <li key={i} className="flex items-center justify-between gap-2 text-sm">
                      <span className="font-mono">{g.n}</span>
                      <span className={`rounded px-1.5 py-0.5 text-xs ${FEEDBACK_STYLE[g.feedback]}`}>
                        {g.feedback}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          );
        })}
      </div>

      {onAction && (
        <div role="group" aria-label="Guess a number" className="flex flex-wrap justify-center gap-1.5">
          {NUMBERS.map((n) => {
            const ok = isLegal(n);
            // A number not to be guessed now is disabled and says why.
            return (
              <ActionButton
                key={n}
                aria-label={`Guess ${n}`}
                unavailable={ok ? null : mine.includes(n) ? `You already guessed ${n}` : 'Not a legal guess now'}
                onClick={() => onAction({ type: 'guess', n })}
                className={`h-10 w-10 rounded-lg font-mono text-base transition-colors focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 ${
                  ok
                    ? 'bg-white text-neutral-900 shadow-sm ring-1 ring-neutral-300 hover:bg-emerald-50 dark:bg-neutral-100'
                    : 'bg-neutral-100 text-neutral-400 line-through dark:bg-neutral-800 dark:text-neutral-500'
                }`}
              >
                {n}
              </ActionButton>
            );
          })}
        </div>
      )}
      {onAction && <MoveError error={error} />}
    </div>
  );
}

export default HiddenNumberBoard;
