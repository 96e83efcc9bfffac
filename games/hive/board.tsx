// The Hive board for spectators, replays and human seats: the same SVG drawing a vision model is sent (svg.ts), with
// buttons laid over its hexes for a person. On a person's turn: pick a bug from the hand or a piece of theirs on the
// board, then a highlighted hex; hexes and pieces that cannot be used now are disabled and say why in the game's words
// (the rules' `reject`), and the server's refusal shows under the board.
'use client';

import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ActionButton, MoveError } from '../controls';
import { seatName, type BoardProps } from '../../lib/engine/types';
import {
  BUGS,
  BUG_NAMES,
  DIRECTIONS,
  reject,
  SEAT_NAMES,
  stateOfView,
  type Bug,
  type Hex,
  type HiveAction,
  type HiveView,
} from './rules';
import { HEX_SIZE, SEAT_FILL, SEAT_STROKE, hiveLayout, hiveSvg, statusText } from './svg';

type Target = { to: Hex; action: HiveAction };
type Selection = { kind: 'hand'; bug: Bug } | { kind: 'board'; from: Hex } | null;

const same = (a: Hex, b: Hex) => a.q === b.q && a.r === b.r;
const coord = (h: Hex) => `(${h.q},${h.r})`;

export function HiveBoard({ view: v, players, legal, onAction, error, over }: BoardProps<HiveAction, HiveView>) {
  const ply = v.turns.reduce((a, b) => a + b, 0);
  // A selection belongs to the position it was made in: a new position starts without one.
  const [picked, setPicked] = useState<{ ply: number; sel: Selection }>({ ply, sel: null });
  const sel = picked.ply === ply ? picked.sel : null;
  const select = (s: Selection) => setPicked({ ply, sel: s });
  const seat = v.toMove;
  const playing = !!onAction && !!legal && seat !== null && !over;
  const state = useMemo(() => stateOfView(v), [v]);

  const targets = useMemo((): Target[] => {
    if (!playing || !sel) return [];
    return legal!.flatMap((a): Target[] => {
      if (sel.kind === 'hand' && a.type === 'place' && a.bug === sel.bug) return [{ to: a.to, action: a }];
      if (sel.kind === 'board' && a.type === 'move' && same(a.from, sel.from)) return [{ to: a.to, action: a }];
      return [];
    });
  }, [playing, sel, legal]);
  const shown: HiveView = over ? { ...v, toMove: null } : v;
  const svg = useMemo(
    () =>
      hiveSvg(shown, {
        targets: targets.map((t) => t.to),
        selected: sel?.kind === 'board' ? sel.from : null,
        bare: true,
      }),
    [shown, targets, sel],
  );
  const layout = useMemo(
    () =>
      hiveLayout(
        v,
        targets.map((t) => t.to),
      ),
    [v, targets],
  );
  const status =
    v.result ??
    (seat !== null && !over
      ? `${players[seat] ?? seatName(SEAT_NAMES, seat)} to move · turn ${(v.turns[seat] ?? 0) + 1} of ${v.maxTurns}`
      : statusText(shown));

  const movable = (from: Hex) => !!legal?.some((a) => a.type === 'move' && same(a.from, from));
  const placeable = (bug: Bug) => !!legal?.some((a) => a.type === 'place' && a.bug === bug);
  const why = (a: HiveAction) => (seat === null ? 'the game is over' : reject(state, seat, a));
  /** Why the piece on `from` cannot be picked: the rules' words for moving it to a neighbour. */
  const stuck = (from: Hex) =>
    why({ type: 'move', from, to: { q: from.q + DIRECTIONS[0]!.dq, r: from.r + DIRECTIONS[0]!.dr } }) ??
    'it has no legal move now';

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && sel) select(null);
  };

  const overlay = playing
    ? layout.cells.flatMap((c) => {
        const top = c.pieces.at(-1);
        const left = `${(c.x / layout.width) * 100}%`;
        const topPct = `${(c.y / layout.height) * 100}%`;
        const style = {
          left,
          top: topPct,
          width: `${((HEX_SIZE * 1.55) / layout.width) * 100}%`,
          height: `${((HEX_SIZE * 1.55) / layout.height) * 100}%`,
        };
        const cls =
          'h-full w-full rounded-full focus-visible:outline-4 focus-visible:outline-offset-0 focus-visible:outline-amber-400';
        // The button fills a positioned cell over the hex's centre (ActionButton keeps its own `relative` for its tooltip).
        const at = (key: string, button: ReactNode) => (
          <div key={key} className="absolute -translate-x-1/2 -translate-y-1/2" style={style}>
            {button}
          </div>
        );
        const target = targets.find((t) => same(t.to, c));
        if (target) {
          const a = target.action;
          const moving = a.type === 'move' ? v.stacks.find((st) => same(st, a.from))?.pieces.at(-1) : undefined;
          const label =
            a.type === 'place'
              ? `Place ${BUG_NAMES[a.bug]} at ${coord(a.to)}`
              : a.type === 'move'
                ? `Move ${moving ? `${BUG_NAMES[moving.bug]} ` : ''}${coord(a.from)} to ${coord(a.to)}`
                : 'Pass';
          return [
            at(
              `${c.q},${c.r}`,
              <ActionButton
                aria-label={label}
                onClick={() => onAction!(a)}
                className={`${cls} hover:bg-amber-300/40`}
              />,
            ),
          ];
        }
        if (top && top.seat === seat) {
          const isSel = sel?.kind === 'board' && same(sel.from, c);
          const name = `${seatName(SEAT_NAMES, seat)} ${BUG_NAMES[top.bug]} at ${coord(c)}`;
          return [
            at(
              `${c.q},${c.r}`,
              <ActionButton
                aria-label={isSel ? `${name} (selected: choose where it goes, or press to cancel)` : name}
                aria-pressed={isSel}
                unavailable={movable(c) ? null : stuck(c)}
                onClick={() => select(isSel ? null : { kind: 'board', from: { q: c.q, r: c.r } })}
                className={`${cls} ${movable(c) ? 'hover:bg-white/30' : ''}`}
              />,
            ),
          ];
        }
        if (top) return [];
        // An empty hex that is not a target now: disabled, saying why.
        const reason = !sel
          ? 'Choose a piece from your hand or on the board first'
          : (why(
              sel.kind === 'hand'
                ? { type: 'place', bug: sel.bug, to: { q: c.q, r: c.r } }
                : { type: 'move', from: sel.from, to: { q: c.q, r: c.r } },
            ) ?? 'Not a legal move now');
        return [
          at(
            `${c.q},${c.r}`,
            <ActionButton aria-label={`Empty hex ${coord(c)}`} unavailable={reason} className={cls} />,
          ),
        ];
      })
    : null;

  const hand = (s: number) => {
    const h = v.hands[s]!;
    const mine = playing && s === seat;
    return (
      <div key={s} className="flex flex-wrap items-center gap-1.5 text-sm">
        <span className="inline-flex items-center gap-1.5 font-medium text-neutral-700 dark:text-neutral-200">
          <span
            className="inline-block h-3 w-3 rounded-sm border"
            style={{ background: SEAT_FILL[s === 1 ? 1 : 0], borderColor: SEAT_STROKE[s === 1 ? 1 : 0] }}
            aria-hidden="true"
          />
          {players[s] ?? seatName(SEAT_NAMES, s)} in hand:
        </span>
        {BUGS.filter((b) => h[b] > 0).length === 0 && <span className="text-neutral-500">none</span>}
        {BUGS.filter((b) => h[b] > 0).map((b) =>
          mine ? (
            <ActionButton
              key={b}
              aria-label={`${BUG_NAMES[b]} (${h[b]} in hand)`}
              aria-pressed={sel?.kind === 'hand' && sel.bug === b}
              unavailable={
                placeable(b) ? null : (why({ type: 'place', bug: b, to: { q: 0, r: 0 } }) ?? 'Not a legal move now')
              }
              onClick={() => select(sel?.kind === 'hand' && sel.bug === b ? null : { kind: 'hand', bug: b })}
              className={`rounded-md border px-2 py-1 text-sm aria-disabled:opacity-50 aria-pressed:border-amber-500 aria-pressed:bg-amber-100 dark:aria-pressed:bg-amber-900/40 ${
                s === 1
                  ? 'border-green-700/50 bg-green-100 dark:bg-green-950/40'
                  : 'border-sky-700/50 bg-sky-100 dark:bg-sky-950/40'
              } focus-visible:outline-2 focus-visible:outline-amber-400`}
            >
              <b>{b}</b> {BUG_NAMES[b]} ×{h[b]}
            </ActionButton>
          ) : (
            <span
              key={b}
              className="rounded-md border border-neutral-200 px-2 py-0.5 text-neutral-700 dark:border-neutral-700 dark:text-neutral-300"
            >
              <b>{b}</b> {BUG_NAMES[b]} ×{h[b]}
            </span>
          ),
        )}
      </div>
    );
  };

  const mustPass = playing && legal!.length === 1 && legal![0]!.type === 'pass';
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center gap-2" onKeyDown={onKey}>
      <p className="text-sm text-neutral-600 dark:text-neutral-300" aria-live="polite">
        {status}
      </p>
      <div
        role="group"
        aria-label="Hive board"
        className="relative w-full overflow-hidden rounded-xl border border-neutral-200 dark:border-neutral-700"
      >
        <div className="[&>svg]:block [&>svg]:h-auto [&>svg]:w-full" dangerouslySetInnerHTML={{ __html: svg }} />
        {overlay}
      </div>
      <div className="flex w-full flex-col gap-1.5">{[0, 1].map(hand)}</div>
      {playing && (
        <p className="w-full text-xs text-neutral-500 dark:text-neutral-400">
          {mustPass
            ? 'You have no legal move: you must pass.'
            : sel
              ? `Choose a highlighted hex for the ${sel.kind === 'hand' ? BUG_NAMES[sel.bug] : 'piece'} (Escape cancels).`
              : 'Choose a piece from your hand or one of yours on the board, then where it goes.'}
        </p>
      )}
      {playing && (mustPass || sel) && (
        <div className="flex gap-2">
          {mustPass && (
            <ActionButton
              onClick={() => onAction!({ type: 'pass' })}
              className="rounded-md bg-neutral-800 px-3 py-1.5 text-sm text-white dark:bg-neutral-200 dark:text-neutral-900"
            >
              Pass
            </ActionButton>
          )}
          {sel && (
            <button
              type="button"
              onClick={() => select(null)}
              className="rounded-md border border-neutral-300 px-3 py-1.5 text-sm dark:border-neutral-600"
            >
              Cancel selection
            </button>
          )}
        </div>
      )}
      {onAction && <MoveError error={error} />}
    </div>
  );
}

export default HiveBoard;
