// The Hold'em table for spectators, replays and human seats: a green felt with the community cards, the pot, each
// seat's chips, bet, hole cards (face down when hidden) and the dealer button, and one button per action on a person's
// turn (the moves not possible now disabled, saying why). Compact on a 390-pixel phone: cards and buttons fit the screen.
'use client';

import { ActionButton, MoveError } from '../controls';
import { seatColor } from '../seat-colors';
import { seatName, type BoardProps, type Seat } from '../../lib/engine/types';
import { cardName, cardSymbol, isRed, type Card } from './hand';
import { SEAT_NAMES, STREET_NAMES, eventText, type HandEvent, type HoldemAction, type HoldemView } from './rules';

/** A card face (or its back, for a hidden card); also drawn by the Hold'em risk probe's board. */
export function PlayingCard({ card }: { card: Card | null }) {
  const size = 'h-14 w-10 sm:h-20 sm:w-14 shrink-0 rounded-md';
  if (!card) {
    // A hidden hole card: only its back is drawn.
    return (
      <span
        role="img"
        aria-label="face-down card"
        className={`${size} border-2 border-white bg-rose-800 shadow-md`}
        style={{
          backgroundImage: 'repeating-linear-gradient(45deg, rgba(255,255,255,0.18) 0 4px, transparent 4px 8px)',
        }}
      />
    );
  }
  const symbol = cardSymbol(card);
  const rank = symbol.slice(0, -1);
  const suit = symbol.slice(-1);
  return (
    <span
      role="img"
      aria-label={cardName(card)}
      className={`${size} relative flex flex-col items-center justify-center bg-white shadow-md ring-1 ring-black/10 ${isRed(card) ? 'text-red-600' : 'text-neutral-900'}`}
    >
      <span className="absolute left-1 top-0.5 text-xs font-bold leading-none sm:text-sm" aria-hidden="true">
        {rank}
        <br />
        {suit}
      </span>
      <span className="text-xl font-semibold leading-none sm:text-3xl" aria-hidden="true">
        {suit}
      </span>
      <span className="mt-0.5 text-sm font-bold leading-none sm:text-base" aria-hidden="true">
        {rank}
      </span>
    </span>
  );
}

function EmptySlot() {
  return (
    <span
      aria-hidden="true"
      className="h-14 w-10 shrink-0 rounded-md border-2 border-dashed border-emerald-300/40 sm:h-20 sm:w-14"
    />
  );
}

/** A short label of a seat's last action in the current betting round: "Check", "Call 4", "Raise to 6", "All-in". */
function lastActionLabel(events: HandEvent[], seat: Seat, street: HoldemView['street']): string | null {
  const e = events.filter((x) => x.seat === seat && x.street === street).at(-1);
  if (!e) return null;
  switch (e.kind) {
    case 'small blind':
      return 'Small blind';
    case 'big blind':
      return 'Big blind';
    case 'fold':
      return 'Fold';
    case 'check':
      return 'Check';
    case 'call':
      return e.allIn ? `Call ${e.amount} (all-in)` : `Call ${e.amount}`;
    case 'all-in':
      return 'All-in';
    default:
      return `Raise to ${e.to}${e.allIn ? ' (all-in)' : ''}`;
  }
}

function SeatPanel({ v, seat, label, over }: { v: HoldemView; seat: Seat; label: string; over: boolean }) {
  const hole = v.hole[seat];
  const toAct = v.toMove === seat && !over;
  const won = v.ended?.winners.includes(seat) ?? false;
  const handName = v.ended?.hands?.[seat]?.name ?? null;
  const action = lastActionLabel(v.events, seat, v.street);
  return (
    <section
      aria-label={`${label}${v.button === seat ? ', dealer button' : ''}`}
      className={`flex w-full items-center justify-between gap-2 rounded-xl bg-emerald-950/40 px-2 py-1 sm:px-3 sm:py-2 ${toAct ? 'ring-2 ring-amber-300' : ''} ${won ? 'ring-2 ring-yellow-300' : ''}`}
    >
      <div className="flex min-w-0 flex-col gap-1 text-emerald-50">
        <div className="flex min-w-0 items-center gap-1.5">
          {/* The seat's colour, as in the players header and the transcript. */}
          <span
            aria-hidden="true"
            className={`h-2.5 w-2.5 shrink-0 rounded-full ring-1 ring-white/70 ${seatColor(seat).dot}`}
          />
          <span className="truncate text-sm font-semibold">{label}</span>
          {v.button === seat && (
            <span
              title="Dealer button"
              aria-hidden="true"
              className="flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-white text-[10px] font-bold text-neutral-900 shadow"
            >
              D
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
          <span>
            <span className="font-mono text-sm font-semibold">{v.stacks[seat]}</span> chips
          </span>
          {v.bets[seat]! > 0 && (
            <span className="w-fit rounded-full bg-amber-400 px-2 py-0.5 font-semibold text-amber-950">
              Bet {v.bets[seat]}
            </span>
          )}
          {action && !v.ended && <span className="italic text-emerald-200">{action}</span>}
        </div>
        {handName && <span className="text-xs font-medium text-yellow-200">{handName}</span>}
        {won && (
          <span className="text-xs font-bold text-yellow-300">
            {v.ended!.winners.length > 1 ? 'Splits the pot' : 'Wins the pot'}
          </span>
        )}
      </div>
      <div
        className="flex gap-1"
        aria-label={hole ? `${label}'s hole cards` : `${label}'s hole cards, hidden`}
        role="group"
      >
        {(hole ?? [null, null]).map((c, i) => (
          <PlayingCard key={i} card={c} />
        ))}
      </div>
    </section>
  );
}

const BUTTONS: { type: HoldemAction['type']; name: string }[] = [
  { type: 'fold', name: 'Fold' },
  { type: 'check-call', name: 'Check' },
  { type: 'raise-half-pot', name: 'Raise half pot' },
  { type: 'raise-full-pot', name: 'Raise full pot' },
  { type: 'all-in', name: 'All-in' },
];

/** Why a move is not offered now, from what this seat may see (the server's own check gives the full reason). */
function unavailableReason(type: HoldemAction['type'], v: HoldemView, me: Seat): string {
  const opponentAllIn = (v.stacks[1 - me] ?? 0) === 0;
  if (type === 'fold') return 'Nothing to call: check instead';
  if (opponentAllIn) return 'The other player is all-in: call or fold';
  if (type === 'all-in') return 'Calling already takes all your chips';
  if (type === 'raise-half-pot') return 'No half-pot raise now: it would be all-in or no smaller than a full-pot raise';
  if (type === 'raise-full-pot') return 'No full-pot raise now: it would take all your chips (go all-in)';
  return 'Not a legal move now';
}

export function HoldemBoard({ view: v, players, legal, onAction, over, error }: BoardProps<HoldemAction, HoldemView>) {
  const label = (seat: Seat) => players[seat] ?? seatName(SEAT_NAMES, seat);
  const bottom: Seat = v.viewer ?? 0;
  const top: Seat = 1 - bottom;
  const ended = over || v.result !== null;
  const status = v.result ?? (v.toMove !== null && !ended ? `${label(v.toMove)} to act` : '');
  const me = v.viewer ?? v.toMove ?? 0;
  // What the person's check-call does now: from the legal list, else from the public amounts.
  const listedCall = legal?.find((a) => a.type === 'check-call');
  const callAmount =
    listedCall && listedCall.type === 'check-call' && listedCall.amount !== undefined
      ? listedCall.amount
      : Math.min(Math.max(...v.bets) - (v.bets[me] ?? 0), v.stacks[me] ?? 0);

  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-2 sm:gap-3">
      <p className="text-sm text-neutral-600 dark:text-neutral-300" aria-live="polite">
        {status}
      </p>

      <div
        role="group"
        aria-label="Poker table"
        className="flex w-full flex-col items-center gap-2 rounded-[1.5rem] border-8 border-amber-900 bg-emerald-700 p-1.5 shadow-lg sm:gap-3 sm:rounded-[2rem] sm:p-4"
        style={{ backgroundImage: 'radial-gradient(ellipse at center, rgba(255,255,255,0.12), transparent 70%)' }}
      >
        <SeatPanel v={v} seat={top} label={label(top)} over={ended} />

        <div className="flex flex-col items-center gap-1.5 sm:gap-2 sm:py-1">
          <p className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-xs font-semibold uppercase tracking-wide text-emerald-100">
            <span>
              Hand {v.hand} of {v.hands} · {STREET_NAMES[v.street]}
            </span>
            <span className="rounded-full bg-emerald-950/50 px-2.5 py-0.5 text-sm normal-case tracking-normal text-amber-200">
              Pot <span className="font-mono">{v.ended ? v.ended.pot : v.pot}</span>
            </span>
          </p>
          <div role="group" aria-label="Community cards" className="flex gap-1 sm:gap-1.5">
            {Array.from({ length: 5 }, (_, i) =>
              v.board[i] ? <PlayingCard key={i} card={v.board[i]!} /> : <EmptySlot key={i} />,
            )}
          </div>
          {v.ended && <p className="max-w-xs text-center text-xs text-emerald-50">{v.ended.text}</p>}
        </div>

        <SeatPanel v={v} seat={bottom} label={label(bottom)} over={ended} />
      </div>

      {onAction && (
        <div role="group" aria-label="Your move" className="grid w-full grid-cols-3 gap-2">
          {BUTTONS.map(({ type, name }) => {
            const listed = legal?.find((a) => a.type === type);
            // The check/call button names its amount; a move not offered now is disabled for real and says why.
            const aria = type === 'check-call' ? (callAmount > 0 ? `Call ${callAmount}` : 'Check') : name;
            const text = listed ? formatButton(listed) : aria;
            return (
              <ActionButton
                key={type}
                aria-label={aria}
                unavailable={listed ? null : unavailableReason(type, v, me)}
                onClick={() => listed && onAction(listed)}
                className={`min-h-11 rounded-lg px-2 py-1.5 text-sm leading-tight font-semibold transition-colors focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 sm:px-3 sm:py-2 ${
                  !listed
                    ? 'bg-neutral-100 text-neutral-400 dark:bg-neutral-800 dark:text-neutral-500'
                    : type === 'fold'
                      ? 'bg-neutral-200 text-neutral-900 hover:bg-neutral-300 dark:bg-neutral-700 dark:text-neutral-50'
                      : 'bg-emerald-600 text-white shadow-sm hover:bg-emerald-500'
                }`}
              >
                {text}
              </ActionButton>
            );
          })}
        </div>
      )}
      {onAction && <MoveError error={error} />}

      {v.history.length > 0 && (
        <details className="w-full text-sm text-neutral-700 dark:text-neutral-200">
          <summary className="cursor-pointer">Earlier hands ({v.history.length})</summary>
          <ol className="mt-1 flex flex-col gap-1">
            {v.history.map((h) => (
              <li key={h.hand}>
                <span className="font-semibold">Hand {h.hand}:</span> {h.text}
                {h.board && <span className="font-mono"> · board {h.board}</span>}
                {h.shown.map((c, seat) =>
                  c ? <span key={seat} className="font-mono">{` · ${label(seat)} ${c}`}</span> : null,
                )}
              </li>
            ))}
          </ol>
        </details>
      )}

      {v.events.length > 0 && !v.ended && (
        <p className="sr-only" aria-live="polite">
          {eventText(v.events.at(-1)!)}
        </p>
      )}
    </div>
  );
}

/** The visible text of a legal action's button: "Call 4", "Raise half pot (to 6)", "All-in (98)". */
function formatButton(a: HoldemAction): string {
  switch (a.type) {
    case 'fold':
      return 'Fold';
    case 'check-call':
      return !a.amount ? 'Check' : `Call ${a.amount}`;
    case 'raise-half-pot':
      return a.to === undefined ? 'Raise half pot' : `Raise half pot (to ${a.to})`;
    case 'raise-full-pot':
      return a.to === undefined ? 'Raise full pot' : `Raise full pot (to ${a.to})`;
    case 'all-in':
      return a.amount === undefined ? 'All-in' : `All-in (${a.amount})`;
  }
}

export default HoldemBoard;
