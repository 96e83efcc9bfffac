// The sealed-bid auction board for spectators, replays and human seats: the auction number, the own valuation and
// sealed bid, the resolved auctions with both bids and valuations, the totals, and a bid form for a person's turn (a
// refused bid is shown under it).
'use client';

import { useId, useState } from 'react';
import { ActionButton, MoveError } from '../controls';
import { seatColor } from '../seat-colors';
import { seatName, type BoardProps } from '../../lib/engine/types';
import { num, SEAT_NAMES, type AuctionResult, type BidAction, type BidView } from './rules';

/** Quick bids as fractions of the valuation, rounded down (half is the equilibrium bid). */
const QUICK: { name: string; share: number }[] = [
  { name: 'Bid 0', share: 0 },
  { name: 'Bid a quarter of your value', share: 0.25 },
  { name: 'Bid half your value', share: 0.5 },
  { name: 'Bid three quarters of your value', share: 0.75 },
];

function ResultRow({ r, label }: { r: AuctionResult; label: (seat: number) => string }) {
  return (
    <li className="rounded-lg border border-neutral-200 p-2 text-sm dark:border-neutral-700">
      <div className="mb-1 flex items-center justify-between gap-2">
        <span className="font-semibold text-neutral-800 dark:text-neutral-100">Auction {r.auction}</span>
        <span className="text-xs text-neutral-600 dark:text-neutral-300">
          {r.winner === null ? 'Tie: item split' : `${label(r.winner)} wins`}
        </span>
      </div>
      <div className="grid grid-cols-2 gap-2">
        {[0, 1].map((seat) => (
          <div
            key={seat}
            className={`rounded-md px-2 py-1 ${
              r.winner === seat || r.winner === null
                ? 'bg-emerald-50 dark:bg-emerald-950'
                : 'bg-neutral-50 dark:bg-neutral-900'
            }`}
          >
            <div className="truncate text-xs text-neutral-500 dark:text-neutral-400">{label(seat)}</div>
            <div className="font-mono text-xs text-neutral-800 dark:text-neutral-100">
              value {r.values[seat]} · bid {r.bids[seat]}
            </div>
            <div className="font-mono text-xs font-semibold text-neutral-900 dark:text-neutral-50">
              +{num(r.gains[seat] ?? 0)}
            </div>
          </div>
        ))}
      </div>
    </li>
  );
}

/** The person's bid form: a number box with "Place bid", and quick bids. Keyed by auction, so the box resets each auction. */
function BidForm({
  value: myValue,
  legal,
  onAction,
  error,
}: {
  value: number | null;
  legal?: BidAction[] | null;
  onAction: (a: BidAction) => void;
  error?: string | null;
}) {
  const inputId = useId();
  const [typed, setTyped] = useState<string>(myValue !== null ? String(Math.floor(myValue / 2)) : '');
  const amount = typed.trim() === '' ? NaN : Number(typed);
  const isLegal = (n: number) => !!legal?.some((a) => a.amount === n);
  return (
    <form
      noValidate
      aria-label="Place your sealed bid"
      className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-3 dark:border-neutral-700"
      onSubmit={(e) => {
        e.preventDefault();
        // Any number is sent, also one at or above the valuation: the server answers with the reason.
        if (Number.isFinite(amount)) onAction({ type: 'bid', amount });
      }}
    >
      <div className="flex items-center gap-2">
        <label htmlFor={inputId} className="text-sm text-neutral-700 dark:text-neutral-200">
          Your bid
        </label>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          aria-label="Your bid"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          className="w-24 rounded-lg border border-neutral-300 bg-white px-2 py-1.5 font-mono text-base text-neutral-900 focus-visible:outline-4 focus-visible:outline-emerald-600 dark:border-neutral-600 dark:bg-neutral-900 dark:text-neutral-50"
        />
        <ActionButton
          type="submit"
          aria-label="Place bid"
          // An empty box cannot be expressed as a bid; every number is sent (the server explains a refused one, below).
          unavailable={Number.isFinite(amount) ? null : 'Type your bid first'}
          className="rounded-lg bg-emerald-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-700 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 aria-disabled:bg-neutral-200 aria-disabled:text-neutral-500 dark:aria-disabled:bg-neutral-700 dark:aria-disabled:text-neutral-400"
        >
          Place bid
        </ActionButton>
      </div>
      {myValue !== null && (
        <p className="text-xs text-neutral-500 dark:text-neutral-400">
          {myValue === 1
            ? 'Your only possible bid is 0.'
            : `A whole number from 0 to ${myValue - 1}: below your valuation.`}
        </p>
      )}
      {myValue !== null && (
        <div role="group" aria-label="Quick bids" className="flex flex-wrap gap-1.5">
          {QUICK.map((q) => {
            const n = Math.floor(myValue * q.share);
            return (
              <ActionButton
                key={q.name}
                aria-label={q.name}
                unavailable={isLegal(n) ? null : `${n} is not a bid you can make now`}
                onClick={() => onAction({ type: 'bid', amount: n })}
                className={`rounded-lg px-2.5 py-1 text-xs focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 ${
                  isLegal(n)
                    ? 'bg-white text-neutral-900 shadow-sm ring-1 ring-neutral-300 hover:bg-emerald-50 dark:bg-neutral-100'
                    : 'bg-neutral-100 text-neutral-400 dark:bg-neutral-800 dark:text-neutral-500'
                }`}
              >
                {q.name}
                {q.share > 0 && <span className="font-mono"> ({n})</span>}
              </ActionButton>
            );
          })}
        </div>
      )}
      <MoveError error={error} />
    </form>
  );
}

export function BidBoard({ view: v, players, legal, onAction, over, error }: BoardProps<BidAction, BidView>) {
  const label = (seat: number) => players[seat] ?? seatName(SEAT_NAMES, seat);
  const me = v.viewer;
  const myValue = me !== null ? (v.values[me] ?? null) : null;
  const myBid = me !== null ? (v.bids[me] ?? null) : null;
  const running = v.auction !== null && !v.result;
  // Valuations and bids of the other bidder are in the view only when this viewer may see them (omniscient replays).
  const shown = [0, 1].filter((seat) => seat !== me && (v.values[seat] !== null || v.bids[seat] !== null));

  let status = '';
  if (v.result) status = v.result;
  else if (running && !over) {
    if (me !== null && myBid !== null) status = 'Your bid is sealed: waiting for the other sealed bid';
    else if (v.toAct.length === 2) status = 'Both bidders are bidding';
    else if (v.toAct.length === 1) status = `${label(v.toAct[0]!)} to bid (${label(1 - v.toAct[0]!)} has sealed a bid)`;
  }

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-3">
      <p className="text-center text-sm text-neutral-600 dark:text-neutral-300" aria-live="polite">
        {status}
      </p>

      {v.auction !== null && (
        <p className="text-center text-base font-semibold text-neutral-900 dark:text-neutral-50">
          Auction {v.auction} of {v.auctions}
        </p>
      )}

      {myValue !== null && (
        <p className="self-center rounded-lg bg-amber-100 px-3 py-1.5 text-sm font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">
          Your valuation: <span className="font-mono text-base">{myValue}</span>
          {myBid !== null && (
            <>
              {' · your sealed bid '}
              <span className="font-mono text-base">{myBid}</span>
            </>
          )}
        </p>
      )}
      {shown.length > 0 && (
        <ul className="text-center text-sm text-neutral-700 dark:text-neutral-200">
          {shown.map((seat) => (
            <li key={seat}>
              {label(seat)}: valuation <span className="font-mono">{v.values[seat] ?? '?'}</span>
              {v.bids[seat] !== null && (
                <>
                  {' · sealed bid '}
                  <span className="font-mono">{v.bids[seat]}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}

      {running && (
        <div className="grid grid-cols-2 gap-2 text-sm">
          {[0, 1].map((seat) => (
            <div
              key={seat}
              className={`rounded-lg border px-2 py-1.5 ${v.toAct.includes(seat) && !over ? 'border-emerald-400' : 'border-neutral-200 dark:border-neutral-700'}`}
            >
              <div className="flex min-w-0 items-center gap-1.5 font-medium text-neutral-800 dark:text-neutral-100">
                <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${seatColor(seat).dot}`} />
                <span className="truncate">{label(seat)}</span>
              </div>
              <div className="text-xs text-neutral-600 dark:text-neutral-300">
                {v.sealed[seat] ? 'Bid sealed' : 'No bid yet'}
              </div>
            </div>
          ))}
        </div>
      )}

      <section aria-label="Totals" className="grid grid-cols-2 gap-2 text-sm">
        {[0, 1].map((seat) => (
          <div
            key={seat}
            className={`rounded-lg px-2 py-1.5 ${v.winner === seat ? 'bg-emerald-100 dark:bg-emerald-900' : 'bg-neutral-100 dark:bg-neutral-800'}`}
          >
            <div className="truncate text-xs text-neutral-600 dark:text-neutral-300">{label(seat)} total</div>
            <div className="font-mono text-lg font-semibold text-neutral-900 dark:text-neutral-50">
              {num(v.totals[seat] ?? 0)}
            </div>
          </div>
        ))}
      </section>

      {onAction && (
        <BidForm key={v.auction ?? 'over'} value={myValue} legal={legal} onAction={onAction} error={error} />
      )}

      {v.history.length > 0 && (
        <section aria-label="Resolved auctions">
          <h3 className="mb-1 text-sm font-semibold text-neutral-800 dark:text-neutral-100">Resolved auctions</h3>
          <ol className="flex flex-col gap-2">
            {v.history
              .slice()
              .reverse()
              .map((r) => (
                <ResultRow key={r.auction} r={r} label={label} />
              ))}
          </ol>
        </section>
      )}
    </div>
  );
}

export default BidBoard;
