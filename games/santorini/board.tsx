// The Santorini board for spectators, replays and human seats: a 5×5 grid of squares named a-e and 1-5 (as the text
// board names them), each drawn with its blocks (levels 1-3 as nested tiers, level 4 as a blue dome) and its pawn in
// its seat's colour. On a person's turn every square is a button: while placing, a free square places the pawn; in
// play, a first click chooses where the turn's pawn moves and a second where it builds (a move onto level 3 wins at
// once, with no build); a square that cannot be chosen is disabled and says why in the rules' words. Escape, or the
// chosen square again, takes the move back.
'use client';

import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { ActionButton, MoveError } from '../controls';
import { seatColor } from '../seat-colors';
import { seatName, type BoardProps } from '../../lib/engine/types';
import { squareControl } from './clicks';
import {
  DOME,
  FILES,
  PAWNS,
  SEAT_NAMES,
  SIZE,
  WIN_LEVEL,
  ownerOf,
  pawnsOf,
  type Pawn,
  type SantoriniAction,
  type SantoriniView,
  type Square,
} from './rules';

const squareName = (r: number, c: number): Square => `${FILES[c]}${SIZE - r}`;

/** Blocks as nested tiers (levels 1-3) and a dome (level 4), drawn inside the square. */
function Tower({ level }: { level: number }) {
  const tiers = [
    'inset-[6%] bg-stone-100 dark:bg-stone-300',
    'inset-[16%] bg-stone-200 dark:bg-stone-400',
    'inset-[26%] bg-stone-300 dark:bg-stone-500',
  ];
  return (
    <>
      {tiers.slice(0, Math.min(level, WIN_LEVEL)).map((cls, i) => (
        <span
          key={i}
          aria-hidden="true"
          className={`absolute rounded-sm border border-stone-400/80 shadow-sm ${cls}`}
        />
      ))}
      {level >= DOME && (
        <span
          aria-hidden="true"
          className="absolute inset-[30%] rounded-full bg-blue-600 shadow-[inset_0_-3px_0_rgba(0,0,0,0.3)]"
        />
      )}
    </>
  );
}

function PawnDisc({ pawn, ghost = false }: { pawn: Pawn; ghost?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`absolute inset-[30%] flex items-center justify-center rounded-full text-sm font-bold shadow-md ring-2 ring-white sm:text-base ${seatColor(ownerOf(pawn), 'santorini').avatar} ${
        ghost ? 'opacity-50' : ''
      }`}
    >
      {pawn}
    </span>
  );
}

export function SantoriniBoard({
  view: v,
  players,
  legal,
  onAction,
  error,
  over,
}: BoardProps<SantoriniAction, SantoriniView>) {
  // The square chosen for the turn's move, waiting for the build square; it belongs to the turn whose legal moves it
  // was chosen from, so a new turn (new `legal`) starts with none.
  const [pick, setPick] = useState<{ legal: typeof legal; square: Square } | null>(null);
  const target = pick && pick.legal === legal ? pick.square : null;
  const setTarget = (square: Square | null) => setPick(square ? { legal, square } : null);

  const seat = v.toMove;
  const pawn = v.pawnToMove;
  const playing = !!onAction && !!legal && legal.length > 0 && seat !== null && pawn !== null && !over;
  const occupant = new Map<Square, Pawn>();
  for (const p of PAWNS) if (v.pawns[p]) occupant.set(v.pawns[p]!, p);

  const lastSquares = new Map<Square, string>();
  if (v.last) {
    if ('placed' in v.last) lastSquares.set(v.last.placed, 'placed');
    else {
      lastSquares.set(v.last.from, 'moved from');
      lastSquares.set(v.last.to, 'moved to');
      if (v.last.build) lastSquares.set(v.last.build, 'built on');
    }
  }

  const status = v.result
    ? v.result
    : over || seat === null || pawn === null
      ? ''
      : v.phase === 'placement'
        ? `${players[seat] ?? seatName(SEAT_NAMES, seat)} places pawn ${pawn}`
        : `${players[seat] ?? seatName(SEAT_NAMES, seat)} to move · pawn ${pawn} · turn ${v.turn + 1}`;
  const prompt = !playing
    ? null
    : v.phase === 'placement'
      ? `Choose a free square for pawn ${pawn}.`
      : target
        ? `Choose where ${pawn} builds, next to ${target}. Esc or ${target} again changes the move.`
        : `Choose where pawn ${pawn} moves (pawns alternate: ${pawn} plays this turn).`;

  const cell = (r: number, c: number) => {
    const sq = squareName(r, c);
    const level = v.levels[r]![c]!;
    const on = occupant.get(sq);
    // While choosing the build, the pawn is drawn where it will stand.
    const shown: { pawn: Pawn; ghost: boolean } | null =
      target && on === pawn
        ? { pawn: on, ghost: true }
        : target === sq
          ? { pawn: pawn!, ghost: false }
          : on
            ? { pawn: on, ghost: false }
            : null;
    const mark = lastSquares.get(sq);
    const name = `${sq}, level ${level}${level >= DOME ? ' (dome)' : ''}${on ? `, pawn ${on} (${seatName(SEAT_NAMES, ownerOf(on))})` : ''}${mark ? `, last move: ${mark}` : ''}`;
    const inner: ReactNode = (
      <>
        <Tower level={level} />
        {shown && <PawnDisc pawn={shown.pawn} ghost={shown.ghost} />}
        <span
          aria-hidden="true"
          className="absolute left-1 top-0.5 text-[10px] font-semibold text-emerald-900/70 sm:text-xs dark:text-emerald-100/70"
        >
          {level}
        </span>
      </>
    );
    const base = `relative aspect-square w-full overflow-hidden rounded-md bg-emerald-200 dark:bg-emerald-900 ${
      mark === 'built on' ? 'ring-4 ring-inset ring-sky-400' : mark ? 'ring-4 ring-inset ring-amber-400' : ''
    }`;
    if (!playing) {
      return (
        <span key={sq} role="img" aria-label={name} title={name} className={base}>
          {inner}
        </span>
      );
    }
    const { label, click, why } = squareControl(v, legal!, target, sq);
    const act = () => {
      if (!click) return;
      if ('send' in click) onAction!(click.send);
      else if ('choose' in click) setTarget(click.choose);
      else setTarget(null);
    };
    const chosen = target === sq;
    return (
      <ActionButton
        key={sq}
        aria-label={label}
        title={why ? undefined : name}
        unavailable={why}
        onClick={act}
        className={`${base} focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-amber-400 ${
          why
            ? 'aria-disabled:opacity-80'
            : 'outline-2 outline-offset-[-4px] outline-dashed outline-emerald-700 hover:brightness-110 dark:outline-emerald-300'
        } ${chosen ? 'outline-solid outline-4 outline-amber-500' : ''}`}
      >
        {inner}
      </ActionButton>
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && target) {
      e.preventDefault();
      setTarget(null);
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-2">
      <p className="text-center text-sm text-neutral-600 dark:text-neutral-300" aria-live="polite">
        {status}
      </p>
      <div className="flex w-full flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-neutral-600 dark:text-neutral-300">
        {[0, 1].map((s) => (
          <span key={s} className="inline-flex items-center gap-1">
            <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-full ${seatColor(s, 'santorini').dot}`} />
            {players[s] ?? seatName(SEAT_NAMES, s)}:{' '}
            {pawnsOf(s)
              .map((p) => `${p} ${v.pawns[p] ?? '(not placed)'}`)
              .join(', ')}
          </span>
        ))}
      </div>
      <div className="grid w-full grid-cols-[1.25rem_1fr] gap-1">
        <div className="grid grid-rows-5 gap-1 py-1 sm:py-1.5" aria-hidden="true">
          {Array.from({ length: SIZE }, (_, r) => (
            <span
              key={r}
              className="flex items-center justify-center text-xs font-semibold text-neutral-500 sm:text-sm"
            >
              {SIZE - r}
            </span>
          ))}
        </div>
        <div
          role="group"
          aria-label="Santorini board"
          onKeyDown={onKeyDown}
          className="grid grid-cols-5 gap-1 rounded-xl bg-sky-800 p-1 shadow-lg sm:gap-1.5 sm:p-1.5"
        >
          {Array.from({ length: SIZE }, (_, r) => Array.from({ length: SIZE }, (_, c) => cell(r, c)))}
        </div>
        <span aria-hidden="true" />
        <div className="grid grid-cols-5 gap-1 px-1 sm:gap-1.5 sm:px-1.5" aria-hidden="true">
          {Array.from({ length: SIZE }, (_, c) => (
            <span key={c} className="text-center text-xs font-semibold text-neutral-500 sm:text-sm">
              {FILES[c]}
            </span>
          ))}
        </div>
      </div>
      <p className="text-center text-xs text-neutral-500 dark:text-neutral-400">
        Levels 1-3 are blocks, 4 is a dome; moving onto level 3 wins.
      </p>
      {prompt && (
        <div className="flex w-full flex-wrap items-center justify-center gap-2">
          <p className="text-sm font-medium text-neutral-800 dark:text-neutral-100" data-testid="santorini-prompt">
            {prompt}
          </p>
          {target && (
            <button
              type="button"
              onClick={() => setTarget(null)}
              className="rounded-md border border-neutral-300 px-2 py-1 text-xs hover:bg-neutral-100 dark:border-neutral-600 dark:hover:bg-neutral-800"
            >
              Change the move
            </button>
          )}
        </div>
      )}
      {onAction && <MoveError error={error} />}
    </div>
  );
}

export default SantoriniBoard;
