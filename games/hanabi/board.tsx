// The Hanabi board for spectators, replays and human seats: fireworks, tokens, deck, both hands (the partner's face up,
// the own hand face down with its hints), the discard pile, the last move and, on a person's turn, the move buttons —
// a move the rules do not allow now disabled, saying why, and a refused move shown by the buttons that sent it.
'use client';

import { useState } from 'react';
import { ActionButton, MoveError } from '../controls';
import { seatColor } from '../seat-colors';
import { seatName, type BoardProps } from '../../lib/engine/types';
import {
  MAX_RANK,
  RANKS,
  hintText,
  moveText,
  partnerOf,
  SEAT_NAMES,
  type Card,
  type Color,
  type HanabiAction,
  type HanabiView,
  type ViewCard,
} from './rules';

const FACE: Record<Color, string> = {
  red: 'bg-red-500 text-white',
  yellow: 'bg-yellow-300 text-yellow-950',
  green: 'bg-green-600 text-white',
  white: 'bg-white text-neutral-900 ring-1 ring-inset ring-neutral-300',
  blue: 'bg-blue-600 text-white',
};
const DOT: Record<Color, string> = {
  red: 'bg-red-500',
  yellow: 'bg-yellow-300',
  green: 'bg-green-600',
  white: 'bg-white ring-1 ring-neutral-400',
  blue: 'bg-blue-600',
};

const button =
  'min-h-9 rounded-lg px-2.5 py-1.5 text-sm font-medium transition-colors focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-emerald-600';
const active = 'bg-white text-neutral-900 shadow-sm ring-1 ring-neutral-300 hover:bg-emerald-50 dark:bg-neutral-100';
const muted = 'bg-neutral-100 text-neutral-400 dark:bg-neutral-800 dark:text-neutral-500';

/** A small face-up card, for the discard pile. */
function Mini({ card }: { card: Card }) {
  return (
    <span
      role="img"
      aria-label={`${card.color} ${card.rank}`}
      className={`inline-flex h-7 w-5 items-center justify-center rounded text-xs font-bold ${FACE[card.color]}`}
    >
      {card.rank}
    </span>
  );
}

/** One hand card: face up when this viewer may see it, else its back with what its holder knows. */
function HandCardTile({ h, position, mine }: { h: ViewCard; position: number; mine: boolean }) {
  const known = hintText(h.hint);
  const told = known === 'unknown' ? 'nothing revealed' : `${mine ? 'you know' : 'holder knows'}: ${known}`;
  const label = h.card
    ? `card ${position}: ${h.card.color} ${h.card.rank}, ${told}`
    : `card ${position}: hidden, ${told}`;
  const hintColor = h.hint.color;
  return (
    <div className="flex w-20 flex-col items-center gap-1">
      <span className="text-xs text-neutral-500">card {position}</span>
      <span
        role="img"
        aria-label={label}
        className={`relative flex h-24 w-16 flex-col items-center justify-center rounded-lg text-3xl font-bold shadow ${
          h.card ? FACE[h.card.color] : 'bg-neutral-700 text-neutral-200 dark:bg-neutral-600'
        }`}
      >
        {h.card ? h.card.rank : (h.hint.rank ?? '?')}
        {!h.card && hintColor && (
          <span className={`absolute top-1.5 h-3 w-3 rounded-full ${DOT[hintColor]}`} aria-hidden="true" />
        )}
      </span>
      <span
        className="min-h-8 text-center text-[11px] leading-tight text-neutral-600 dark:text-neutral-300"
        aria-hidden="true"
      >
        {known === 'unknown' ? 'no hints' : `knows: ${known}`}
      </span>
    </div>
  );
}

/** Why a move is not allowed now, in the game's words, from what this seat sees (tokens, the partner's cards). */
function unavailableReason(a: HanabiAction, v: HanabiView, partner: string, partnerSeat: number): string {
  const hand = v.hands[partnerSeat] ?? [];
  if (a.type === 'discard') {
    if (v.infoTokens >= v.maxInfoTokens)
      return `You cannot discard: the team holds all ${v.maxInfoTokens} information tokens (a discard regains one)`;
  }
  if (a.type === 'reveal-color' || a.type === 'reveal-rank') {
    if (v.infoTokens <= 0) return 'No information token left: discard or play a card to regain one';
    if (a.type === 'reveal-color' && !hand.some((h) => h.card?.color === a.color))
      return `${partner} holds no ${a.color} card`;
    if (a.type === 'reveal-rank' && !hand.some((h) => h.card?.rank === a.rank)) return `${partner} holds no ${a.rank}`;
  }
  return 'Not a legal move now';
}

export function HanabiBoard({ view: v, players, legal, onAction, over, error }: BoardProps<HanabiAction, HanabiView>) {
  const label = (seat: number) => players[seat] ?? seatName(SEAT_NAMES, seat);
  const me = v.viewer;
  const isLegal = (a: HanabiAction) => !!legal?.some((b) => JSON.stringify(b) === JSON.stringify(a));
  // A seat sees its partner's hand on top and its own below; everyone else sees seat 0 then seat 1.
  const order = me === null ? v.hands.map((_, seat) => seat) : [partnerOf(me), me];
  const status = v.result ?? (v.toMove !== null && !over ? `${label(v.toMove)} to move` : '');
  // Where the last move was sent from (a card's buttons or the reveals): a refusal is shown there.
  const [sentFrom, setSentFrom] = useState<'hand' | 'reveal'>('hand');

  const move = (a: HanabiAction, text: string, aria: string) => {
    const ok = isLegal(a);
    const from = a.type === 'play' || a.type === 'discard' ? 'hand' : 'reveal';
    return (
      <ActionButton
        key={aria}
        aria-label={aria}
        unavailable={ok || me === null ? null : unavailableReason(a, v, label(partnerOf(me)), partnerOf(me))}
        onClick={() => {
          setSentFrom(from);
          onAction?.(a);
        }}
        className={`${button} ${ok ? active : muted}`}
      >
        {text}
      </ActionButton>
    );
  };

  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-4">
      <p className="text-center text-sm text-neutral-600 dark:text-neutral-300" aria-live="polite">
        {status}
        {!v.result && v.finalTurns !== null && !over
          ? ` · final round: ${v.finalTurns} turn${v.finalTurns === 1 ? '' : 's'} left`
          : ''}
      </p>

      <section aria-label="Fireworks" className="flex w-full flex-wrap justify-center gap-2">
        {v.colors.map((color, i) => {
          const height = v.fireworks[i] ?? 0;
          return (
            <span
              key={color}
              role="img"
              aria-label={`${color} firework: ${height} of ${MAX_RANK}`}
              className={`flex h-16 w-14 flex-col items-center justify-center rounded-lg shadow ${height > 0 ? FACE[color] : 'border-2 border-dashed border-neutral-300 text-neutral-500 dark:border-neutral-600'}`}
            >
              <span className="text-2xl font-bold">{height}</span>
              <span className="text-[10px] uppercase tracking-wide">{color}</span>
            </span>
          );
        })}
        <span className="self-center text-sm font-semibold text-neutral-700 dark:text-neutral-200">
          {v.score} / {v.maxScore}
        </span>
      </section>

      <div className="flex flex-wrap justify-center gap-x-5 gap-y-1 text-sm text-neutral-700 dark:text-neutral-200">
        <span
          role="img"
          aria-label={`Information tokens: ${v.infoTokens} of ${v.maxInfoTokens}`}
          className="flex items-center gap-1"
        >
          <span aria-hidden="true">Info</span>
          {Array.from({ length: v.maxInfoTokens }, (_, i) => (
            <span
              key={i}
              aria-hidden="true"
              className={`h-3 w-3 rounded-full ${i < v.infoTokens ? 'bg-sky-500' : 'border border-sky-500'}`}
            />
          ))}
        </span>
        <span
          role="img"
          aria-label={`Life tokens: ${v.lifeTokens} of ${v.maxLifeTokens}`}
          className="flex items-center gap-1"
        >
          <span aria-hidden="true">Lives</span>
          {Array.from({ length: v.maxLifeTokens }, (_, i) => (
            <span
              key={i}
              aria-hidden="true"
              className={i < v.lifeTokens ? 'text-rose-500' : 'text-neutral-300 dark:text-neutral-600'}
            >
              ♥
            </span>
          ))}
        </span>
        <span>Deck: {v.deckSize}</span>
      </div>

      {order.map((seat) => {
        const hand = v.hands[seat] ?? [];
        const mine = seat === me;
        return (
          <section
            key={seat}
            aria-label={mine ? 'Your hand' : `${label(seat)}'s hand`}
            className={`w-full rounded-xl border p-3 ${v.toMove === seat && !over ? 'border-emerald-400 ring-2 ring-emerald-300' : 'border-neutral-200 dark:border-neutral-700'}`}
          >
            <h3 className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-neutral-800 dark:text-neutral-100">
              <span aria-hidden="true" className={`h-2.5 w-2.5 shrink-0 rounded-full ${seatColor(seat).dot}`} />
              {label(seat)}
              {mine ? ' (you: your cards are hidden from you)' : ''}
            </h3>
            <div className="flex flex-wrap justify-center gap-3">
              {hand.map((h, i) => (
                <div key={i} className="flex flex-col items-center gap-1.5">
                  <HandCardTile h={h} position={i + 1} mine={mine} />
                  {mine && onAction && (
                    <div className="flex gap-1">
                      {move({ type: 'play', index: i }, 'Play', `Play card ${i + 1}`)}
                      {move({ type: 'discard', index: i }, 'Discard', `Discard card ${i + 1}`)}
                    </div>
                  )}
                </div>
              ))}
              {hand.length === 0 && <p className="text-xs text-neutral-500">No cards</p>}
            </div>
            {mine && onAction && sentFrom === 'hand' && (
              <div className="mt-2">
                <MoveError error={error} />
              </div>
            )}
          </section>
        );
      })}

      {onAction && me !== null && (
        <section aria-label={`Reveal to ${label(partnerOf(me))}`} className="flex w-full flex-col items-center gap-2">
          <p className="text-xs text-neutral-600 dark:text-neutral-300">
            Reveal to {label(partnerOf(me))} (costs an information token):
          </p>
          <div className="flex flex-wrap justify-center gap-1.5">
            {v.colors.map((color) => move({ type: 'reveal-color', color }, color, `Reveal ${color}`))}
            {RANKS.map((rank) => move({ type: 'reveal-rank', rank }, String(rank), `Reveal ${rank}`))}
          </div>
          {sentFrom === 'reveal' && <MoveError error={error} />}
        </section>
      )}

      {v.last && (
        <p className="text-center text-sm text-neutral-700 dark:text-neutral-200">Last move: {moveText(v.last)}</p>
      )}

      <section aria-label="Discard pile" className="flex w-full flex-col items-center gap-1">
        <span className="text-xs text-neutral-500">Discard pile{v.discards.length ? '' : ': empty'}</span>
        {v.discards.length > 0 && (
          <div className="flex flex-wrap justify-center gap-1">
            {v.discards.map((c) => (
              <Mini key={c.id} card={c} />
            ))}
          </div>
        )}
      </section>

      {v.deck && v.deck.length > 0 && (
        <section aria-label="Deck" className="flex w-full flex-col items-center gap-1">
          <span className="text-xs text-neutral-500">Deck, next card first</span>
          <div className="flex flex-wrap justify-center gap-1">
            {v.deck.map((c) => (
              <Mini key={c.id} card={c} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

export default HanabiBoard;
