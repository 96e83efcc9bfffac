// The Codenames board: the 5x5 word grid (7x3 for GameBench's 21 cards; revealed words filled with their colour; for
// a spymaster, and spectators allowed the key, the key as tinted borders), the current clue and guesses left, each
// team's hidden words and points, and the clues so far. A person as operative clicks a word to guess it, or "Stop
// guessing"; as spymaster types a clue word, picks a number and clicks "Give clue".
'use client';

import { useState } from 'react';
import { ActionButton, MoveError } from '../controls';
import { seatName, type BoardProps } from '../../lib/engine/types';
import {
  clueProblem,
  colorName,
  MAX_CLUE_NUMBER,
  roleOf,
  SEAT_NAMES,
  teamOf,
  type CnAction,
  type CnView,
  type Color,
} from './rules';

const FILL: Record<Color, string> = {
  red: 'bg-rose-600 text-white border-rose-700',
  blue: 'bg-sky-600 text-white border-sky-700',
  neutral: 'bg-amber-100 text-amber-900 border-amber-300 dark:bg-amber-900/60 dark:text-amber-100',
  assassin: 'bg-neutral-900 text-white border-black',
};
const KEY_BORDER: Record<Color, string> = {
  red: 'border-rose-500 text-rose-800 dark:text-rose-200',
  blue: 'border-sky-500 text-sky-800 dark:text-sky-200',
  neutral: 'border-amber-300 text-neutral-700 dark:text-neutral-200',
  assassin: 'border-neutral-900 text-neutral-900 dark:border-neutral-100 dark:text-neutral-100',
};
const KIND: Record<Color, string> = {
  red: 'Red agent',
  blue: 'Blue agent',
  neutral: 'bystander',
  assassin: 'assassin',
};
/** The grid's columns: 5x5 for the 25 cards; GameBench's 21 as 7x3 (3x7 on a phone); any other count in rows of 5. */
export const gridCols = (cards: number): string => (cards === 21 ? 'grid-cols-3 sm:grid-cols-7' : 'grid-cols-5');

const TEAM_TEXT = { Red: 'text-rose-700 dark:text-rose-300', Blue: 'text-sky-700 dark:text-sky-300' } as const;

/** The clue a person's form would give, or why it cannot be given yet. */
export function clueFromForm(
  word: string,
  count: number,
  boardWords: readonly string[],
): { action: CnAction } | { error: string } {
  const w = word.trim();
  if (!w) return { error: 'Type a clue word first' };
  const why = clueProblem(w, boardWords);
  if (why) return { error: why };
  return { action: { type: 'clue', word: w.toUpperCase(), count } };
}

export function ClueForm(props: {
  words: readonly string[];
  word: string;
  count: number;
  setWord: (w: string) => void;
  setCount: (n: number) => void;
  onAction: (a: CnAction) => void;
}) {
  const { words, word, count, setWord, setCount, onAction } = props;
  const res = clueFromForm(word, count, words);
  return (
    <form
      aria-label="Give a clue"
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if ('action' in res) onAction(res.action);
      }}
    >
      <input
        aria-label="Clue word"
        data-testid="cn-clue-word"
        value={word}
        maxLength={30}
        onChange={(e) => setWord(e.target.value)}
        placeholder="One word"
        className="w-40 rounded border border-neutral-400 bg-white px-2 py-1 uppercase dark:bg-neutral-900"
      />
      <select
        aria-label="Clue number"
        data-testid="cn-clue-number"
        value={count}
        onChange={(e) => setCount(Number(e.target.value))}
        className="rounded border border-neutral-400 bg-white px-2 py-1 dark:bg-neutral-900"
      >
        {Array.from({ length: MAX_CLUE_NUMBER + 1 }, (_, n) => (
          <option key={n} value={n}>
            {n === 0 ? '0 (unlimited)' : n}
          </option>
        ))}
      </select>
      <ActionButton
        type="submit"
        aria-label="Give clue"
        unavailable={'error' in res ? res.error : null}
        onClick={(e) => {
          e.preventDefault();
          if ('action' in res) onAction(res.action);
        }}
        className="rounded bg-emerald-700 px-3 py-1 text-white hover:bg-emerald-600 aria-disabled:opacity-50"
      >
        Give clue
      </ActionButton>
    </form>
  );
}

export default function CodenamesBoard({
  view: v,
  players,
  legal,
  onAction,
  error,
  over,
  lastMove,
}: BoardProps<CnAction, CnView>) {
  const [word, setWord] = useState('');
  const [count, setCount] = useState(1);
  const name = (seat: number) => players[seat] ?? seatName(SEAT_NAMES, seat);
  const acts = onAction && legal ? legal : [];
  const guessable = new Set(acts.flatMap((a) => (a.type === 'guess' ? [a.word] : [])));
  const canStop = acts.some((a) => a.type === 'stop');
  const me = v.you;
  const myTurnToClue = !!onAction && me !== null && v.toMove === me && v.phase === 'clue' && roleOf(me) === 'spymaster';
  const lastWord = lastMove?.action.type === 'guess' ? lastMove.action.word : null;
  const play = (a: CnAction) => {
    setWord('');
    onAction?.(a);
  };

  const status = v.result
    ? `Game over: ${v.result}`
    : over
      ? 'The match is over'
      : v.phase === 'clue'
        ? `${v.turn}'s turn: ${name(v.toMove!)} is giving a clue`
        : `${v.turn}'s turn: ${name(v.toMove!)} is guessing`;

  return (
    <div role="group" aria-label="Codenames board" className="flex w-full max-w-3xl flex-col gap-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p data-testid="cn-status" className="font-medium">
          {status}
        </p>
        <p aria-label="Score" data-testid="cn-score" className="flex gap-3">
          {(['Red', 'Blue'] as const).map((t) => (
            <span key={t} className={`font-semibold ${TEAM_TEXT[t]}`}>
              {t}: {v.left[t]} left · {v.points[t]} pts
            </span>
          ))}
        </p>
      </div>
      {v.clue && !v.result && (
        <p
          aria-label="Current clue"
          data-testid="cn-clue"
          className="rounded-md bg-neutral-100 px-3 py-2 dark:bg-neutral-800"
        >
          Clue from {v.clue.team}: <strong className="tracking-wide">{v.clue.word}</strong> {v.clue.count} ·{' '}
          {v.guessesLeft === null
            ? 'unlimited guesses'
            : `${v.guessesLeft} guess${v.guessesLeft === 1 ? '' : 'es'} left`}
        </p>
      )}
      {me !== null && (
        <p className="text-xs opacity-70">
          You are the {seatName(SEAT_NAMES, me)}
          {roleOf(me) === 'spymaster'
            ? ': the coloured borders are the key, which only the spymasters see.'
            : `: guess the ${teamOf(me)} words.`}
        </p>
      )}
      <div role="grid" aria-label="Word grid" className={`grid ${gridCols(v.words.length)} gap-1 sm:gap-2`}>
        {v.words.map((w, i) => {
          const shown = v.revealed[i];
          const key = v.key?.[i] ?? null;
          const base =
            'flex h-12 min-w-0 items-center justify-center rounded-md border-2 px-0.5 text-center text-[10px] font-semibold uppercase leading-tight break-all sm:h-16 sm:text-sm';
          const look = shown
            ? FILL[shown]
            : key
              ? `bg-white dark:bg-neutral-900 border-4 ${KEY_BORDER[key]}`
              : 'bg-white border-neutral-300 dark:bg-neutral-900 dark:border-neutral-600';
          const ring = lastWord === w ? ' ring-2 ring-emerald-500' : '';
          const label = `${w}${shown ? `: ${KIND[shown]}` : key ? ` (key: ${KIND[key]})` : ''}`;
          if (guessable.has(w)) {
            return (
              // A cell of the grid holding a button: a guess is a button to keyboards and screen readers too.
              <div key={w} role="gridcell" data-testid={`cn-card-${w}`} className="flex">
                <button
                  type="button"
                  aria-label={`Guess ${w}`}
                  onClick={() => play({ type: 'guess', word: w })}
                  className={`${base} ${look}${ring} w-full cursor-pointer hover:bg-emerald-50 dark:hover:bg-emerald-950`}
                >
                  {w}
                </button>
              </div>
            );
          }
          return (
            <div
              key={w}
              role="gridcell"
              aria-label={label}
              data-testid={`cn-card-${w}`}
              data-color={shown ?? undefined}
              className={`${base} ${look}${ring}${shown ? ' line-through decoration-2' : ''}`}
            >
              {w}
            </div>
          );
        })}
      </div>
      {canStop && (
        <ActionButton
          aria-label="Stop guessing"
          data-testid="cn-stop"
          onClick={() => play({ type: 'stop' })}
          className="self-start rounded border border-neutral-500 px-3 py-1 hover:bg-neutral-100 dark:hover:bg-neutral-800"
        >
          Stop guessing
        </ActionButton>
      )}
      {myTurnToClue && (
        <ClueForm words={v.words} word={word} count={count} setWord={setWord} setCount={setCount} onAction={play} />
      )}
      {onAction && <MoveError error={error} />}
      <ol aria-label="Clues so far" data-testid="cn-history" className="flex flex-col gap-1 text-xs">
        {v.history.map((h, i) => (
          <li key={i}>
            <span className={`font-semibold ${TEAM_TEXT[h.team]}`}>{h.team}</span>: {h.word} {h.count}
            {h.guesses.length > 0 && ` → ${h.guesses.map((g) => `${g.word} (${colorName(g.color)})`).join(', ')}`}
            {h.stopped && ', then stopped'}
          </li>
        ))}
      </ol>
    </div>
  );
}
