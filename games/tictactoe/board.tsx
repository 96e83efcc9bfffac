// The tic-tac-toe board for spectators, replays and human seats: a 3×3 grid with drawn marks (in the seats' colours),
// last move and winning line; on a person's turn the free squares are buttons, the taken ones disabled saying why.
'use client';

import { ActionButton, MoveError } from '../controls';
import { seatColor } from '../seat-colors';
import type { BoardProps } from '../../lib/engine/types';
import type { Cell, Square, TicTacToeAction, TicTacToeView } from './rules';

const has = (squares: Square[] | null, r: number, c: number) => !!squares?.some(([sr, sc]) => sr === r && sc === c);

function Mark({ mark }: { mark: Exclude<Cell, null> }) {
  return mark === 'X' ? (
    <svg viewBox="0 0 100 100" className={`h-3/5 w-3/5 ${seatColor(0).text}`} aria-hidden="true">
      <path d="M22 22 L78 78 M78 22 L22 78" stroke="currentColor" strokeWidth="12" strokeLinecap="round" fill="none" />
    </svg>
  ) : (
    <svg viewBox="0 0 100 100" className={`h-3/5 w-3/5 ${seatColor(1).text}`} aria-hidden="true">
      <circle cx="50" cy="50" r="30" stroke="currentColor" strokeWidth="12" fill="none" />
    </svg>
  );
}

export function TicTacToeBoard({
  view: v,
  players,
  legal,
  onAction,
  over,
  error,
}: BoardProps<TicTacToeAction, TicTacToeView>) {
  const markToMove = v.toMove === null ? null : v.toMove === 0 ? 'X' : 'O';
  const playable = (r: number, c: number) => !!legal?.some((a) => a.row === r + 1 && a.col === c + 1);

  return (
    <div className="mx-auto flex w-full max-w-xs flex-col items-center gap-3">
      <p className="text-sm text-neutral-600 dark:text-neutral-300" aria-live="polite">
        {v.result ?? (markToMove && !over ? `${players[v.toMove!] ?? markToMove} to move` : '')}
      </p>
      <div
        role="group"
        aria-label="Tic-tac-toe board"
        className="grid aspect-square w-full grid-cols-3 gap-1.5 rounded-xl bg-neutral-800 p-1.5 dark:bg-neutral-600"
      >
        {v.board.map((row, r) =>
          row.map((cell, c) => {
            const win = has(v.winLine, r, c);
            const last = !!v.last && v.last[0] === r && v.last[1] === c;
            const base = `flex aspect-square items-center justify-center rounded-lg transition-colors ${
              win ? 'bg-amber-200 dark:bg-amber-300' : 'bg-white dark:bg-neutral-100'
            } ${last ? 'ring-4 ring-inset ring-emerald-500' : ''}`;
            const name = `row ${r + 1}, column ${c + 1}`;
            if (onAction) {
              // A person's turn: every square is a button; a taken one is disabled and says why (the game's words).
              const ok = playable(r, c);
              return (
                <ActionButton
                  key={`${r}-${c}`}
                  aria-label={cell ? `${cell} at ${name} (taken)` : `Place ${markToMove} at ${name}`}
                  unavailable={
                    ok ? null : cell ? `(${r + 1},${c + 1}) is already taken by ${cell}` : 'Not a legal move now'
                  }
                  onClick={() => onAction({ type: 'place', row: r + 1, col: c + 1 })}
                  className={`${base} focus-visible:outline-4 focus-visible:outline-emerald-600 ${ok ? 'hover:bg-emerald-50' : ''}`}
                >
                  {cell && <Mark mark={cell} />}
                </ActionButton>
              );
            }
            return (
              <div
                key={`${r}-${c}`}
                role="img"
                aria-label={cell ? `${cell} at ${name}` : `Empty, ${name}`}
                className={base}
              >
                {cell && <Mark mark={cell} />}
              </div>
            );
          }),
        )}
      </div>
      {onAction && <MoveError error={error} />}
    </div>
  );
}

export default TicTacToeBoard;
