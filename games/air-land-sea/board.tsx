// The Air, Land and Sea board: the three theaters in their current order, each a column with the other side's stack
// on top and the viewer's (Player 1's for spectators) below, covered cards overlapped, facedown cards of other seats
// as backs; strengths, who controls each theater, VPs and the 1st player above. A person plays by clicking a hand
// card, then "Face up" or "Facedown" in a theater (only the legal ones are offered), or Withdraw; an ability's choice
// by clicking the card to flip or return, a card then a theater to move it, a theater to reinforce, or Skip.
'use client';

import { useState } from 'react';
import { ActionButton, MoveError } from '../controls';
import { seatName, type BoardProps } from '../../lib/engine/types';
import { format } from './prompt';
import {
  actionKey,
  CARDS,
  cardName,
  SEAT_NAMES,
  type AlsAction,
  type AlsView,
  type CardId,
  type ViewCard,
  type ViewTheater,
} from './rules';

const THEATER_STYLE: Record<string, string> = {
  Air: 'border-sky-400 bg-sky-50 dark:bg-sky-950/40',
  Land: 'border-amber-500 bg-amber-50 dark:bg-amber-950/40',
  Sea: 'border-blue-600 bg-blue-50 dark:bg-blue-950/40',
};
const CARD_STYLE: Record<string, string> = {
  Air: 'border-sky-500 bg-white text-sky-900 dark:bg-sky-900 dark:text-sky-50',
  Land: 'border-amber-600 bg-white text-amber-900 dark:bg-amber-900 dark:text-amber-50',
  Sea: 'border-blue-700 bg-white text-blue-900 dark:bg-blue-900 dark:text-blue-50',
};
const BTN =
  'rounded-md px-2 py-1 text-xs font-medium text-white aria-disabled:bg-neutral-300 aria-disabled:text-neutral-600';

function CardFace({ c, label }: { c: { card: CardId | null; faceUp: boolean; strength: number }; label: string }) {
  if (!c.card) {
    return (
      <span
        role="img"
        aria-label={label}
        className="flex h-14 w-24 items-center justify-center rounded-md border-2 border-slate-700 bg-slate-600 text-xs font-semibold text-white"
      >
        facedown · {c.strength}
      </span>
    );
  }
  const d = CARDS[c.card];
  return (
    <span
      role="img"
      aria-label={label}
      title={d.kind ? `${d.kind}: ${d.text}` : d.text}
      className={`flex h-14 w-24 flex-col rounded-md border-2 px-1 text-[11px] leading-tight ${CARD_STYLE[d.theater]} ${c.faceUp ? '' : 'opacity-60 border-dashed'}`}
    >
      <span className="flex justify-between font-bold">
        <span>{d.name}</span>
        <span>{c.strength}</span>
      </span>
      <span className="opacity-80">
        {d.theater} {d.strength}
        {c.faceUp ? '' : ' · facedown'}
      </span>
      {c.faceUp && d.kind && <span className="truncate text-[10px] opacity-70">{d.kind}</span>}
    </span>
  );
}

const cardLabel = (owner: string, c: ViewCard, top: boolean) =>
  `${owner}: ${c.card ? `${c.faceUp ? '' : 'facedown '}${cardName(c.card)}` : 'facedown card'}, strength ${c.strength}, ${top ? 'uncovered' : 'covered'}`;

export default function AlsBoard({ view: v, players, legal, onAction, error, over }: BoardProps<AlsAction, AlsView>) {
  const [sel, setSel] = useState<CardId | null>(null);
  const moves = onAction && legal ? legal : [];
  const mine = moves.length > 0;
  const name = (seat: number) => players[seat] ?? seatName(SEAT_NAMES, seat);
  const bottom = v.you ?? 0;
  const top = 1 - bottom;
  const act = (a: AlsAction) => {
    setSel(null);
    onAction?.(a);
  };
  const find = (a: AlsAction) => moves.find((m) => actionKey(m) === actionKey(a)) ?? null;
  const d = v.decision;

  const status = v.result
    ? `Game over: ${v.result}`
    : over
      ? 'The match is over'
      : d
        ? `${name(d.seat)} resolves ${cardName(d.source)}: ${d.text}`
        : `${name(v.toMove ?? 0)} to play`;

  const stack = (t: ViewTheater, seat: number) => {
    const cards = t.stacks[seat]!;
    return (
      <div
        aria-label={`${name(seat)} in ${t.name}`}
        role="list"
        className={`flex min-h-16 flex-col items-center ${seat === top ? 'flex-col-reverse' : ''}`}
      >
        {cards.length === 0 && <span className="text-xs text-neutral-500">no cards</span>}
        {cards.map((c, i) => {
          const uncovered = i === cards.length - 1;
          const label = cardLabel(name(seat), c, uncovered);
          const flip = uncovered ? find({ type: 'flip', theater: t.name, owner: seat }) : null;
          const ret = c.card ? find({ type: 'return', card: c.card }) : null;
          const movable = c.card && seat === v.you && moves.some((m) => m.type === 'move' && m.card === c.card);
          const face = <CardFace c={c} label={label} />;
          const overlap = i > 0 ? (seat === top ? '-mb-8' : '-mt-8') : '';
          const a = flip ?? ret;
          return (
            <div role="listitem" key={i} className={`relative ${overlap}`} style={{ zIndex: i }}>
              {a ? (
                <ActionButton
                  aria-label={format(a)}
                  onClick={() => act(a)}
                  className="rounded-md ring-2 ring-rose-500 hover:ring-4"
                >
                  {face}
                </ActionButton>
              ) : movable ? (
                <ActionButton
                  aria-label={`Select ${cardName(c.card!)} to move`}
                  aria-pressed={sel === c.card}
                  onClick={() => setSel(sel === c.card ? null : c.card)}
                  className={`rounded-md ring-2 ${sel === c.card ? 'ring-emerald-600' : 'ring-emerald-300'}`}
                >
                  {face}
                </ActionButton>
              ) : (
                face
              )}
            </div>
          );
        })}
      </div>
    );
  };

  const theaterButtons = (t: ViewTheater) => {
    const out: AlsAction[] = [];
    if (sel)
      out.push(
        ...moves.filter(
          (m) =>
            (m.type === 'deploy' || m.type === 'improvise' || m.type === 'move') &&
            m.card === sel &&
            m.theater === t.name,
        ),
      );
    out.push(...moves.filter((m) => m.type === 'reinforce' && m.theater === t.name));
    if (out.length === 0) return null;
    return (
      <div className="flex flex-wrap justify-center gap-1">
        {out.map((a) => (
          <ActionButton
            key={actionKey(a)}
            aria-label={format(a)}
            onClick={() => act(a)}
            className={`${BTN} ${a.type === 'improvise' ? 'bg-slate-600 hover:bg-slate-700' : 'bg-emerald-600 hover:bg-emerald-700'}`}
          >
            {a.type === 'deploy'
              ? 'Face up'
              : a.type === 'improvise'
                ? 'Facedown'
                : a.type === 'move'
                  ? 'Move here'
                  : 'Reinforce here'}
          </ActionButton>
        ))}
      </div>
    );
  };

  const playing = mine && moves.some((m) => m.type === 'deploy' || m.type === 'improvise');
  const withdraw = find({ type: 'withdraw' });
  const skip = find({ type: 'skip' });

  return (
    <div role="group" aria-label="Air, Land and Sea board" className="flex w-full max-w-3xl flex-col gap-3 text-sm">
      <p data-testid="als-status" className="font-medium">
        {status}
      </p>
      <ul aria-label="Commanders" className="grid grid-cols-2 gap-2">
        {[0, 1].map((seat) => (
          <li
            key={seat}
            aria-label={`${name(seat)}: ${v.vp[seat]} VP, ${v.first === seat ? '1st' : '2nd'} player, ${v.handCounts[seat]} cards in hand`}
            className={`rounded-lg border p-2 ${v.toMove === seat && !v.result && !over ? 'border-sky-500 ring-2 ring-sky-300' : 'border-neutral-300 dark:border-neutral-700'}`}
          >
            <span className="font-semibold">{name(seat)}</span> · {v.vp[seat]}/{v.targetVp} VP ·{' '}
            {v.first === seat ? '1st' : '2nd'} Supreme Commander · {v.handCounts[seat]} in hand
          </li>
        ))}
      </ul>
      <p className="text-xs text-neutral-600 dark:text-neutral-400">
        Battle {v.battle} · deck {v.deckCount} · {v.first === 0 || v.first === 1 ? `${name(v.first)} wins ties` : ''}
        {d?.drawn ? ` · Reinforce drew ${cardName(d.drawn)}` : ''}
        {v.airDrop[bottom] && v.you !== null ? ' · Air Drop: your next card may go to any theater' : ''}
      </p>

      <div className="grid grid-cols-3 gap-1 sm:gap-2">
        {v.theaters.map((t) => (
          <section
            key={t.name}
            aria-label={`${t.name} theater`}
            data-testid={`theater-${t.name}`}
            className={`flex flex-col items-center gap-2 rounded-lg border-2 p-1 sm:p-2 ${THEATER_STYLE[t.name]}`}
          >
            {stack(t, top)}
            <div className="text-center">
              <div className="font-bold">{t.name}</div>
              <div
                aria-label={`${t.name} strength: ${name(bottom)} ${t.strength[bottom]}, ${name(top)} ${t.strength[top]}; ${name(t.controller)} controls`}
                className="text-xs"
              >
                {t.strength[top]} / {t.strength[bottom]} · {t.controller === bottom ? '▼' : '▲'}{' '}
                {name(t.controller).split(' · ')[0]}
              </div>
            </div>
            {stack(t, bottom)}
            {theaterButtons(t)}
          </section>
        ))}
      </div>

      {v.hand && (
        <section aria-label="Your hand" className="flex flex-col gap-2">
          <h3 className="font-semibold">
            Your hand
            {playing
              ? sel && v.hand.includes(sel)
                ? `: ${cardName(sel)} chosen — click Face up or Facedown in a theater`
                : ': click a card to play it'
              : ''}
          </h3>
          <div className="flex flex-wrap gap-1.5">
            {v.hand.map((c) => {
              const face = (
                <CardFace c={{ card: c, faceUp: true, strength: CARDS[c].strength }} label={`${cardName(c)} card`} />
              );
              if (!playing) return <span key={c}>{face}</span>;
              return (
                <ActionButton
                  key={c}
                  aria-label={`Play ${cardName(c)}`}
                  aria-pressed={sel === c}
                  onClick={() => setSel(sel === c ? null : c)}
                  className={`rounded-md ${sel === c ? '-translate-y-1 ring-2 ring-emerald-600' : ''}`}
                >
                  {face}
                </ActionButton>
              );
            })}
          </div>
        </section>
      )}

      {mine && (withdraw || skip) && (
        <div className="flex gap-2">
          {withdraw && (
            <ActionButton
              aria-label="Withdraw"
              onClick={() => act(withdraw)}
              className={`${BTN} bg-rose-600 px-3 py-2 hover:bg-rose-700`}
            >
              Withdraw
            </ActionButton>
          )}
          {skip && (
            <ActionButton
              aria-label="Skip"
              onClick={() => act(skip)}
              className={`${BTN} bg-neutral-600 px-3 py-2 hover:bg-neutral-700`}
            >
              Skip {d ? CARDS[d.source].name : ''}
            </ActionButton>
          )}
        </div>
      )}
      {mine && <MoveError error={error} />}

      <section aria-label="Battle log" className="flex flex-col gap-1">
        <h3 className="font-semibold">Log</h3>
        <ol className="flex flex-col gap-0.5 text-neutral-700 dark:text-neutral-300">
          {v.events.map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}
