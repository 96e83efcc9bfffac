// The Bargain board for spectators, replays and human seats: the pool, the seat's own values, the negotiation as a
// chat (in the seats' colours), the offer on the table, the rounds left, and for a person's turn a plan (three numbers),
// a message with its length limit, and Deal (disabled, saying why, while there is nothing to accept).
'use client';

import { useState } from 'react';
import { ActionButton, MoveError } from '../controls';
import { seatColor } from '../seat-colors';
import { seatName, type BoardProps } from '../../lib/engine/types';
import {
  ITEMS,
  MESSAGE_LIMIT,
  SEAT_NAMES,
  SINGULAR,
  otherOf,
  rest,
  roundOfTurn,
  valueOf,
  type BargainAction,
  type BargainView,
  type Item,
  type Items,
} from './rules';

/** A seat's chat bubble and value card: its colour from the one palette (games/seat-colors.ts). */
const seatStyle = (seat: number) => `${seatColor(seat).tint} text-neutral-900 dark:text-neutral-50`;
const INPUT_LABEL: Record<Item, string> = { hats: 'Hats you take', balls: 'Balls you take', apples: 'Apples you take' };

/**
 * A drawn hat, ball or apple (inline SVG: emoji fonts are missing on some systems, which would show empty boxes).
 */
function ItemIcon({ item, className = 'h-4 w-4' }: { item: Item; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={`inline-block shrink-0 align-[-0.15em] ${className}`} aria-hidden="true">
      {item === 'hats' && (
        <g fill="#1f2937">
          <rect x="7" y="4" width="10" height="12" rx="1.5" />
          <rect x="3" y="15" width="18" height="3" rx="1.5" />
          <rect x="7" y="12" width="10" height="2" fill="#dc2626" />
        </g>
      )}
      {item === 'balls' && (
        <g>
          <circle cx="12" cy="12" r="9" fill="#f8fafc" stroke="#1f2937" strokeWidth="1.5" />
          <path d="M12 7l3.5 2.5-1.3 4h-4.4l-1.3-4z" fill="#1f2937" />
        </g>
      )}
      {item === 'apples' && (
        <g>
          <path
            d="M12 8c-2-2-7-1.5-7 4.5 0 4 2.6 8 5 8 1 0 1.4-.5 2-.5s1 .5 2 .5c2.4 0 5-4 5-8 0-6-5-6.5-7-4.5z"
            fill="#dc2626"
          />
          <path d="M12 8c0-2 1-3.5 3-4" stroke="#166534" strokeWidth="1.5" fill="none" strokeLinecap="round" />
        </g>
      )}
    </svg>
  );
}

/** "hat 1 · ball 2 · apple 0" as icons, with words for screen readers. */
function Share({ share }: { share: Items }) {
  const words = ITEMS.map((i) => `${share[i]} ${share[i] === 1 ? SINGULAR[i] : i}`).join(', ');
  return (
    <span role="img" className="inline-flex flex-wrap gap-x-2 font-mono" aria-label={words}>
      {ITEMS.map((i) => (
        <span
          key={i}
          aria-hidden="true"
          className={`inline-flex items-center gap-0.5 ${share[i] === 0 ? 'opacity-40' : ''}`}
        >
          <ItemIcon item={i} />
          {share[i]}
        </span>
      ))}
    </span>
  );
}

/** Whole numbers from a number input; an empty box counts as 0 (the server checks the range). */
const numberOf = (text: string) => {
  const n = Number(text.trim());
  return text.trim() === '' || Number.isNaN(n) ? 0 : n;
};

export function BargainBoard({
  view: v,
  players,
  legal,
  onAction,
  over,
  error,
}: BoardProps<BargainAction, BargainView>) {
  const label = (seat: number) => players[seat] ?? seatName(SEAT_NAMES, seat);
  const me = v.viewer;
  const mine = me !== null ? v.values[me] : null;
  const [plan, setPlan] = useState<Record<Item, string>>({ hats: '0', balls: '0', apples: '0' });
  // The message draft belongs to the position it was written in: it survives a refused proposal (the board does not
  // hear of refusals) and is dropped once a move has been played.
  const [draft, setDraft] = useState({ at: v.turns.length, text: '' });
  const message = draft.at === v.turns.length ? draft.text : '';
  const dealLegal = !!legal?.some((a) => a.type === 'deal');
  const planned: Items = { hats: numberOf(plan.hats), balls: numberOf(plan.balls), apples: numberOf(plan.apples) };
  const inRange = ITEMS.every((i) => Number.isInteger(planned[i]) && planned[i] >= 0 && planned[i] <= v.counts[i]);
  // Values this viewer may read: its own while the game runs, both once it is over (or for the omniscient viewer).
  const known = v.values.map((x, seat) => ({ seat, x })).filter((k): k is { seat: number; x: Items } => k.x !== null);

  const status = v.result ?? (v.toMove !== null && !over ? `${label(v.toMove)} to move` : '');

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-3 text-neutral-900 dark:text-neutral-100">
      <p className="text-center text-sm text-neutral-600 dark:text-neutral-300" aria-live="polite">
        {status}
      </p>
      <p className="text-center text-xs text-neutral-500">
        {v.result
          ? `Ended in round ${v.round} of ${v.maxRounds}`
          : `Round ${v.round} of ${v.maxRounds} · ${v.roundsLeft} left, counting this one${v.turnsLeft === 1 ? ' · the last turn' : ''}`}
      </p>

      <section aria-label="The pool" className="grid grid-cols-3 gap-2">
        {ITEMS.map((i) => (
          <div
            key={i}
            className="flex flex-col items-center rounded-xl bg-white p-2 shadow-sm ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-700"
          >
            <ItemIcon item={i} className="h-8 w-8" />
            <span className="text-sm font-semibold">
              {v.counts[i]} {v.counts[i] === 1 ? SINGULAR[i] : i}
            </span>
            {known.map(({ seat, x }) => (
              <span key={seat} className="text-center text-xs text-neutral-600 dark:text-neutral-300">
                {seat === me ? 'worth' : `${label(seat)}:`} {x[i]} each{seat === me ? ' to you' : ''}
              </span>
            ))}
          </div>
        ))}
      </section>

      {v.valueCards.some((c) => c !== null) && (
        <ul className="flex flex-col gap-1 text-xs">
          {v.valueCards.map((card, seat) =>
            card ? (
              <li key={seat} className={`rounded-lg px-2 py-1 ring-1 ${seatStyle(seat)}`}>
                <span className="font-mono">{card}</span>
                {seat === me ? ` · the pool is worth ${v.total} to you` : ''}
              </li>
            ) : null,
          )}
        </ul>
      )}

      <section aria-label="Negotiation" className="flex flex-col gap-2">
        {v.turns.length === 0 && <p className="text-center text-xs text-neutral-500">No proposals yet</p>}
        <ol className="flex flex-col gap-2">
          {v.turns.map((t, index) => {
            const right = t.seat === 1;
            return (
              <li key={index} className={`flex ${right ? 'justify-end' : 'justify-start'}`}>
                <div className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm ring-1 ${seatStyle(t.seat)}`}>
                  <p className="text-xs font-semibold opacity-80">
                    {label(t.seat)} · round {roundOfTurn(index)}
                  </p>
                  {t.type === 'deal' ? (
                    <p className="font-semibold">Deal: accepts {label(otherOf(t.seat))}&apos;s proposal</p>
                  ) : (
                    <>
                      {t.message && <p>“{t.message}”</p>}
                      <p className="mt-1 text-xs">
                        takes <Share share={t.take} /> · leaves <Share share={rest(v.counts, t.take)} />
                        {mine && me !== null && (
                          <span className="opacity-80">
                            {' '}
                            · worth {valueOf(mine, t.seat === me ? t.take : rest(v.counts, t.take))} to you
                          </span>
                        )}
                      </p>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      </section>

      {v.offer && (
        <section
          aria-label="Offer on the table"
          className="rounded-xl bg-amber-50 p-3 text-sm ring-1 ring-amber-300 dark:bg-amber-950 dark:ring-amber-700"
        >
          <p className="font-semibold">On the table: {label(v.offer.seat)}&apos;s proposal</p>
          <p>
            {label(v.offer.seat)} takes <Share share={v.offer.take} />
          </p>
          <p>
            {label(otherOf(v.offer.seat))} gets <Share share={v.offer.give} />
            {mine && me === otherOf(v.offer.seat) && <strong> · worth {valueOf(mine, v.offer.give)} to you</strong>}
          </p>
        </section>
      )}

      {v.result && (
        <section aria-label="Result" className="rounded-xl bg-neutral-100 p-3 text-sm dark:bg-neutral-800">
          {v.deal ? (
            <ul className="flex flex-col gap-1">
              {v.deal.shares.map((share, seat) => (
                <li key={seat} className={v.winner === seat ? 'font-semibold' : ''}>
                  {label(seat)} gets <Share share={share} />
                  {v.rewards && ` · worth ${v.rewards[seat]}`}
                  {v.winner === seat && ' · wins'}
                </li>
              ))}
            </ul>
          ) : (
            <p>No deal: both get nothing.</p>
          )}
        </section>
      )}

      {onAction && (
        <form
          aria-label="Your move"
          className="flex flex-col gap-2 rounded-xl p-3 ring-1 ring-neutral-300 dark:ring-neutral-700"
          onSubmit={(e) => {
            e.preventDefault();
            const text = message.trim();
            onAction({ type: 'propose', ...planned, ...(text ? { message: text } : {}) });
          }}
        >
          <div className="grid grid-cols-3 gap-2">
            {ITEMS.map((i) => (
              <label key={i} className="flex flex-col items-center gap-1 text-xs">
                <span aria-hidden="true">
                  <ItemIcon item={i} /> take (0-{v.counts[i]})
                </span>
                <input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={v.counts[i]}
                  step={1}
                  aria-label={INPUT_LABEL[i]}
                  value={plan[i]}
                  onChange={(e) => setPlan((p) => ({ ...p, [i]: e.target.value }))}
                  className="w-full rounded-lg border border-neutral-300 bg-white px-2 py-1.5 text-center font-mono text-base dark:border-neutral-600 dark:bg-neutral-900"
                />
              </label>
            ))}
          </div>
          <p className="text-xs text-neutral-600 dark:text-neutral-300">
            {inRange ? (
              <>
                You take <Share share={planned} />
                {mine && ` (worth ${valueOf(mine, planned)} to you)`};{' '}
                {me !== null ? label(otherOf(me)) : 'the other player'} gets <Share share={rest(v.counts, planned)} />
              </>
            ) : (
              'Each number must be a whole number from 0 to the count in the pool.'
            )}
          </p>
          <textarea
            aria-label="Message"
            rows={2}
            maxLength={MESSAGE_LIMIT}
            placeholder="Message (optional, both players see it)"
            value={message}
            onChange={(e) => setDraft({ at: v.turns.length, text: e.target.value })}
            className="w-full rounded-lg border border-neutral-300 bg-white px-2 py-1.5 text-sm dark:border-neutral-600 dark:bg-neutral-900"
          />
          <p
            className={`-mt-1 text-right font-mono text-xs ${message.length >= MESSAGE_LIMIT ? 'text-red-700 dark:text-red-400' : 'text-neutral-500 dark:text-neutral-400'}`}
          >
            {message.length}/{MESSAGE_LIMIT}
          </p>
          <div className="flex gap-2">
            <ActionButton
              type="submit"
              aria-label="Propose"
              unavailable={inRange ? null : 'Each number must be a whole number from 0 to the count in the pool'}
              className="flex-1 rounded-lg bg-emerald-600 px-3 py-2 font-semibold text-white hover:bg-emerald-700 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 aria-disabled:bg-neutral-100 aria-disabled:text-neutral-400 dark:aria-disabled:bg-neutral-800 dark:aria-disabled:text-neutral-500"
            >
              Propose
            </ActionButton>
            {/* Disabled, saying why, while there is no proposal to accept. */}
            <ActionButton
              aria-label="Deal"
              unavailable={
                dealLegal
                  ? null
                  : `There is no proposal from ${me !== null ? label(otherOf(me)) : 'the other player'} to accept yet: make one`
              }
              onClick={() => onAction({ type: 'deal' })}
              className={`flex-1 rounded-lg px-3 py-2 font-semibold focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-amber-500 ${
                dealLegal
                  ? 'bg-amber-400 text-amber-950 hover:bg-amber-500'
                  : 'bg-neutral-100 text-neutral-400 dark:bg-neutral-800 dark:text-neutral-500'
              }`}
            >
              Deal
            </ActionButton>
          </div>
          <MoveError error={error} />
        </form>
      )}
    </div>
  );
}

export default BargainBoard;
