// The Connect Four board for spectators, replays and human seats: a blue frame of red and yellow discs (the seats'
// colours everywhere on the page), last move and winning line; on a person's turn a full column is disabled, saying why.
'use client';

import { ActionButton, MoveError } from '../controls';
import type { BoardProps } from '../../lib/engine/types';
import type { Cell, ConnectFourAction, ConnectFourView } from './rules';

const DISC: Record<Exclude<Cell, null>, string> = {
  X: 'bg-red-500 shadow-[inset_0_-3px_0_rgba(0,0,0,0.25)]',
  O: 'bg-yellow-300 shadow-[inset_0_-3px_0_rgba(0,0,0,0.2)]',
};
const COLOUR = { X: 'red', O: 'yellow' } as const;

export function ConnectFourBoard({
  view: v,
  players,
  legal,
  onAction,
  over,
  error,
}: BoardProps<ConnectFourAction, ConnectFourView>) {
  const rows = v.board.length;
  const columns = v.board[0]?.length ?? 0;
  const markToMove = v.toMove === null ? null : v.toMove === 0 ? 'X' : 'O';
  const playable = (col: number) => !!legal?.some((a) => a.column === col + 1);

  const disc = (r: number, c: number) => {
    const cell = v.board[r]![c]!;
    const win = !!v.winLine?.some(([wr, wc]) => wr === r && wc === c);
    const last = !!v.last && v.last[0] === r && v.last[1] === c;
    const name = `row ${rows - r} from the bottom, column ${c + 1}`;
    return (
      <span
        key={r}
        role="img"
        aria-label={cell ? `${COLOUR[cell]} disc (${cell}), ${name}${win ? ', winning line' : ''}` : `empty, ${name}`}
        className={`flex aspect-square w-full items-center justify-center rounded-full ${
          cell ? DISC[cell] : 'bg-white shadow-[inset_0_3px_4px_rgba(0,0,0,0.35)] dark:bg-neutral-900'
        } ${win ? 'ring-4 ring-emerald-300' : ''}`}
      >
        {last && <span className="h-1/4 w-1/4 rounded-full bg-white/80 ring-2 ring-black/20" aria-hidden="true" />}
      </span>
    );
  };

  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-2">
      <p className="text-sm text-neutral-600 dark:text-neutral-300" aria-live="polite">
        {v.result ?? (markToMove && !over ? `${players[v.toMove!] ?? markToMove} to move` : '')}
      </p>
      <div
        className="grid w-full gap-1 px-2 sm:gap-1.5 sm:px-3"
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        aria-hidden="true"
      >
        {Array.from({ length: columns }, (_, c) => (
          <span key={c} className="text-center text-xs font-semibold text-neutral-500 sm:text-sm">
            {c + 1}
          </span>
        ))}
      </div>
      <div
        role="group"
        aria-label="Connect Four board"
        className="grid w-full gap-1 rounded-xl bg-blue-700 p-2 shadow-lg sm:gap-1.5 sm:p-3"
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      >
        {Array.from({ length: columns }, (_, c) => {
          const discs = Array.from({ length: rows }, (_, r) => disc(r, c));
          const column = 'flex flex-col gap-1 rounded-lg sm:gap-1.5';
          // A person's turn: every column is a button; a full one is disabled and says why (the game's words).
          return onAction ? (
            <ActionButton
              key={c}
              aria-label={`Drop in column ${c + 1}${playable(c) ? '' : ' (full)'}`}
              unavailable={
                playable(c)
                  ? null
                  : v.board.every((row) => row[c] !== null)
                    ? `Column ${c + 1} is full`
                    : 'Not a legal move now'
              }
              onClick={() => onAction({ type: 'drop', column: c + 1 })}
              className={`${column} focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-amber-300 ${playable(c) ? 'hover:bg-blue-500' : ''}`}
            >
              {discs}
            </ActionButton>
          ) : (
            <div key={c} className={column}>
              {discs}
            </div>
          );
        })}
      </div>
      {onAction && <MoveError error={error} />}
    </div>
  );
}

export default ConnectFourBoard;
