// The Pit board: the players around the pit (points, cards in hand as backs, whose move), the viewer's own hand as
// cards, the offer on the table, the corners scored and the trading log. A person on turn trades by clicking: cards of
// one kind (1-4) then the player to offer them to; or, when offered cards, the kind to give back, or Refuse.
'use client';

import { useState } from 'react';
import { ActionButton, MoveError } from '../controls';
import { seatName, type BoardProps } from '../../lib/engine/types';
import { CARDS, MAX_OFFER, SEAT_NAMES, VALUES, type Card, type PitAction, type PitView } from './rules';

const CARD_STYLE: Record<Card, string> = {
  Wheat: 'bg-amber-100 border-amber-400 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  Barley: 'bg-yellow-50 border-yellow-500 text-yellow-900 dark:bg-yellow-900/30 dark:text-yellow-100',
  Corn: 'bg-orange-100 border-orange-400 text-orange-900 dark:bg-orange-900/40 dark:text-orange-100',
  Soybeans: 'bg-lime-100 border-lime-500 text-lime-900 dark:bg-lime-900/40 dark:text-lime-100',
  Bull: 'bg-emerald-100 border-emerald-500 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  Bear: 'bg-rose-100 border-rose-500 text-rose-900 dark:bg-rose-900/40 dark:text-rose-100',
};
const cardValue = (c: Card) => (c === 'Bull' ? 'doubles a corner' : c === 'Bear' ? '−20 on a corner' : `${VALUES[c]}`);

/** Which card of the hand (kind and index within the kind) is selected for an offer. */
export interface Selection {
  card: Card;
  count: number;
}

/** Clicking the k-th card of a kind selects k cards of that kind (at most 4); clicking the same card again deselects. */
export function selectCard(sel: Selection | null, card: Card, k: number): Selection | null {
  if (sel && sel.card === card && sel.count === k) return null;
  return { card, count: Math.min(k, MAX_OFFER) };
}

function CardFace({ card, small = false }: { card: Card; small?: boolean }) {
  return (
    <span
      className={`flex flex-col items-center justify-center rounded-md border-2 font-semibold ${CARD_STYLE[card]} ${small ? 'h-10 w-8 text-[11px]' : 'h-20 w-16 text-[11px] sm:h-24 sm:w-[4.5rem] sm:text-xs'}`}
    >
      {/* A small card shows the first two letters (the hand's full names are in its label); a large one the whole word. */}
      <span className="whitespace-nowrap" aria-hidden={small || undefined}>
        {small ? card.slice(0, 2) : card}
      </span>
      {!small && <span className="mt-1 text-[10px] font-normal opacity-80">{cardValue(card)}</span>}
    </span>
  );
}

export default function PitBoard({
  view: v,
  players,
  lastMove,
  legal,
  onAction,
  error,
  over,
}: BoardProps<PitAction, PitView>) {
  const [sel, setSel] = useState<Selection | null>(null);
  const mine = !!legal && legal.length > 0 && !!onAction;
  const name = (seat: number) => players[seat] ?? seatName(SEAT_NAMES, seat);
  const hand = v.myHand?.cards ?? [];
  const held = (c: Card) => hand.filter((x) => x === c).length;
  const offering = mine && v.phase === 'offer';
  const answering = mine && v.phase === 'respond' && v.pending !== null;
  const play = (a: PitAction) => {
    setSel(null);
    onAction?.(a);
  };

  const clickCard = (card: Card, k: number) => setSel(selectCard(sel, card, k));

  const status = v.result
    ? `Game over: ${v.result}`
    : over
      ? 'The match is over'
      : v.phase === 'respond' && v.pending
        ? `${name(v.pending.to)} to answer ${name(v.pending.from)}'s offer of ${v.pending.count} card${v.pending.count === 1 ? '' : 's'}`
        : `${name(v.toMove ?? 0)} to offer`;

  return (
    <div role="group" aria-label="Pit board" className="flex w-full max-w-3xl flex-col gap-4 text-sm">
      <p data-testid="pit-status" className="font-medium">
        {status} · round {v.round} · offer {Math.min(v.turn, v.maxTurns)} of {v.maxTurns} · target {v.targetScore}{' '}
        points
      </p>

      <ul aria-label="Players" className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {Array.from({ length: v.numPlayers }, (_, seat) => {
          const toMove = !v.result && !over && v.toMove === seat;
          const cards = v.hands[seat] ?? (v.you === seat ? hand : null);
          const unavailable = !offering
            ? null
            : seat === v.you
              ? 'You cannot trade with yourself'
              : !sel
                ? `Choose 1 to ${MAX_OFFER} cards of one kind from your hand first`
                : null;
          return (
            <li
              key={seat}
              aria-label={`${name(seat)}: ${v.points[seat]} points${toMove ? ', to move' : ''}`}
              className={`flex flex-col gap-2 rounded-lg border p-3 ${toMove ? 'border-sky-500 ring-2 ring-sky-300 dark:ring-sky-700' : 'border-neutral-300 dark:border-neutral-700'}`}
            >
              <div className="flex items-center justify-between gap-2">
                <span className="font-semibold">{name(seat)}</span>
                <span className="tabular-nums">{v.points[seat]} pts</span>
              </div>
              <div
                className="flex flex-wrap gap-0.5"
                aria-label={cards ? `Hand of ${name(seat)}: ${cards.join(', ')}` : `${name(seat)} holds 9 cards`}
                role="img"
              >
                {cards
                  ? cards.map((c, i) => <CardFace key={i} card={c} small />)
                  : Array.from({ length: 9 }, (_, i) => (
                      <span
                        key={i}
                        className="h-10 w-7 rounded-md border-2 border-sky-800 bg-sky-700 dark:border-sky-300 dark:bg-sky-800"
                      />
                    ))}
              </div>
              {offering && seat !== v.you && (
                <ActionButton
                  aria-label={`Offer to ${seatName(SEAT_NAMES, seat)}`}
                  unavailable={unavailable}
                  onClick={() => sel && play({ type: 'offer', card: sel.card, count: sel.count, to: seat })}
                  className="rounded-md bg-sky-600 px-3 py-2 font-medium text-white hover:bg-sky-700 aria-disabled:bg-neutral-300 aria-disabled:text-neutral-600 dark:aria-disabled:bg-neutral-700 dark:aria-disabled:text-neutral-300"
                >
                  {sel
                    ? `Offer ${sel.count} ${sel.card} to ${seatName(SEAT_NAMES, seat)}`
                    : `Offer to ${seatName(SEAT_NAMES, seat)}`}
                </ActionButton>
              )}
            </li>
          );
        })}
      </ul>

      {v.pending && !v.result && (
        <p
          data-testid="pit-offer"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 dark:border-amber-800 dark:bg-amber-950/40"
        >
          {v.pending.to === v.you
            ? `${name(v.pending.from)} offers you ${v.pending.count} card${v.pending.count === 1 ? '' : 's'} of one kind.`
            : v.pending.card
              ? `You offer ${v.pending.count} ${v.pending.card} to ${name(v.pending.to)}.`
              : `${name(v.pending.from)} offers ${v.pending.count} card${v.pending.count === 1 ? '' : 's'} to ${name(v.pending.to)}.`}
        </p>
      )}

      {v.myHand && (
        <section aria-label="Your hand" className="flex flex-col gap-2">
          <h3 className="font-semibold">
            Your hand
            {offering
              ? sel
                ? `: ${sel.count} ${sel.card} chosen — now click the player to offer them to`
                : ': click 1 to 4 cards of one kind to offer'
              : ''}
          </h3>
          <div className="flex flex-wrap gap-1.5">
            {CARDS.flatMap((card) =>
              Array.from({ length: held(card) }, (_, i) => {
                const k = i + 1;
                const chosen = !!sel && sel.card === card && k <= sel.count;
                const face = <CardFace card={card} />;
                if (!offering)
                  return (
                    <span key={`${card}-${k}`} role="img" aria-label={`${card} card`}>
                      {face}
                    </span>
                  );
                return (
                  <ActionButton
                    key={`${card}-${k}`}
                    aria-label={`${card} card ${k}`}
                    aria-pressed={chosen}
                    unavailable={k > MAX_OFFER ? `An offer is at most ${MAX_OFFER} cards` : null}
                    onClick={() => clickCard(card, k)}
                    className={`rounded-md transition-transform focus-visible:outline-2 focus-visible:outline-sky-500 ${chosen ? '-translate-y-2 ring-2 ring-sky-500' : ''}`}
                  >
                    {face}
                  </ActionButton>
                );
              }),
            )}
          </div>
        </section>
      )}

      {answering && v.pending && (
        <div aria-label="Answer the offer" role="group" className="flex flex-wrap gap-2">
          {CARDS.map((card) => (
            <ActionButton
              key={card}
              aria-label={`Accept, giving ${card}`}
              unavailable={
                held(card) < v.pending!.count
                  ? `You hold ${held(card)} ${card}; you must give ${v.pending!.count} cards of one kind`
                  : null
              }
              onClick={() => play({ type: 'accept', card })}
              className="rounded-md bg-emerald-600 px-3 py-2 font-medium text-white hover:bg-emerald-700 aria-disabled:bg-neutral-300 aria-disabled:text-neutral-600 dark:aria-disabled:bg-neutral-700 dark:aria-disabled:text-neutral-300"
            >
              Give {v.pending!.count} {card}
            </ActionButton>
          ))}
          <ActionButton
            aria-label="Refuse"
            onClick={() => play({ type: 'refuse' })}
            className="rounded-md bg-rose-600 px-3 py-2 font-medium text-white hover:bg-rose-700"
          >
            Refuse
          </ActionButton>
        </div>
      )}
      {mine && <MoveError error={error} />}

      {v.corners.length > 0 && (
        <section aria-label="Corners" className="flex flex-col gap-1">
          <h3 className="font-semibold">Corners</h3>
          <ul className="flex flex-col gap-0.5">
            {v.corners.map((c, i) => (
              <li key={i}>
                Round {c.round}: {name(c.seat)} — {c.kind} on {c.card} ({c.count} cards{c.bull ? ', Bull' : ''}
                {c.bear ? ', Bear' : ''}), {c.points >= 0 ? '+' : ''}
                {c.points}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-label="Trading log" className="flex flex-col gap-1">
        <h3 className="font-semibold">Trading</h3>
        <ol className="flex flex-col gap-0.5 text-neutral-700 dark:text-neutral-300">
          {v.events.length === 0 ? <li>No offers yet.</li> : v.events.map((e, i) => <li key={i}>{e}</li>)}
        </ol>
        {lastMove && <p className="sr-only">Last move by {name(lastMove.seat)}</p>}
      </section>
    </div>
  );
}
