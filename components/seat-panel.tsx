// The person's own panel on a match they play: whose turn it is, their move timer, turns their time ran out on (of the
// limit that loses the match), resign, and after the end their result with "play again". A refused move is shown by
// the board's controls that sent it; only a refused resignation is shown here, by its button.
'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { playAgainAction } from '@/lib/actions/play';
import type { Scoring } from '@/lib/engine/types';
import type { PendingTurn } from '@/lib/match-log';
import type { MatchSnapshot, MatchStatus } from '@/lib/protocol';
import { FormError, primaryButtonClass, secondaryButtonClass, Spinner } from './admin-form';
import { useFormAction } from './admin-form-action';

interface Props {
  matchId: string;
  seat: number;
  seatLabel: string;
  status: MatchStatus;
  outcome: MatchSnapshot['outcome'];
  turn: PendingTurn | null;
  /** The move for this turn was sent; the board rests until the server answers. */
  sent: boolean;
  /** Who is to move when it is not the person (for "waiting for …"). */
  waitingFor: string | null;
  clockOffsetMs: number;
  /** A refused resignation, in the server's words (a refused move is shown by the board's controls). */
  resignError: string | null;
  /** The person's time ran out on their last `count` turns in a row; `limit` in a row loses the match. */
  timeouts?: { count: number; limit: number | null } | null;
  onResign: () => Promise<void>;
  /** How the game's results count: seats that play together get the team's result, an evaluation what was scored. */
  scoring?: Scoring;
}

export function SeatPanel(props: Props) {
  const { matchId, seat, seatLabel, status, outcome, turn } = props;
  const over = status === 'finished' || status === 'failed' || status === 'cancelled';
  return (
    <section
      aria-label="Your seat"
      data-testid="seat-panel"
      className="flex flex-col gap-2 rounded-2xl border border-indigo-200 bg-indigo-50/60 p-3 shadow-sm sm:gap-3 sm:p-4 dark:border-indigo-900 dark:bg-indigo-950/30"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p className="text-sm">
          You play <strong className="font-semibold">{seatLabel}</strong>
          {!over && (
            <span data-testid="turn-state" className="font-medium">
              {' — '}
              {status === 'queued'
                ? 'waiting for the match to start…'
                : turn
                  ? props.sent
                    ? 'move sent…'
                    : 'your move'
                  : `waiting for ${props.waitingFor ?? 'the other players'}…`}
            </span>
          )}
        </p>
        {!over && <Resign onResign={props.onResign} />}
      </div>
      {!over && turn && (
        <MoveTimer deadline={turn.deadline} seconds={turn.seconds} clockOffsetMs={props.clockOffsetMs} />
      )}
      {!over && props.timeouts && <Timeouts {...props.timeouts} />}
      <FormError error={props.resignError} testId="resign-error" />
      {over && <Result seat={seat} status={status} outcome={outcome} matchId={matchId} scoring={props.scoring} />}
    </section>
  );
}

function MoveTimer({ deadline, seconds, clockOffsetMs }: { deadline: string; seconds: number; clockOffsetMs: number }) {
  const end = Date.parse(deadline) - clockOffsetMs; // the deadline on this browser's clock
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [end]);
  const left = Math.max(0, Math.ceil((end - now) / 1000));
  const share = Math.min(1, Math.max(0, (end - now) / (seconds * 1000)));
  const urgent = left <= 10;
  return (
    <div className="flex items-center gap-3" data-testid="move-timer">
      <span
        role="timer"
        aria-label={`${left} seconds left for your move`}
        className={`min-w-12 shrink-0 whitespace-nowrap font-mono text-lg font-semibold tabular-nums ${urgent ? 'text-red-700 dark:text-red-400' : ''}`}
      >
        {Math.floor(left / 60)}:{String(left % 60).padStart(2, '0')}
      </span>
      <div className="h-2 flex-1 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800" aria-hidden="true">
        <div
          className={`h-full rounded-full transition-[width] duration-300 ${urgent ? 'bg-red-500' : 'bg-indigo-500'}`}
          style={{ width: `${share * 100}%` }}
        />
      </div>
    </div>
  );
}

/** "Timed out 2 of 3": the turns in a row the person's time ran out on (a move was played for them), toward the limit. */
function Timeouts({ count, limit }: { count: number; limit: number | null }) {
  const last = limit !== null && count >= limit - 1;
  return (
    <p
      data-testid="timeouts"
      className={`rounded-lg px-3 py-1.5 text-sm ${last ? 'bg-red-100 text-red-900 dark:bg-red-950/60 dark:text-red-200' : 'bg-amber-100 text-amber-900 dark:bg-amber-950/60 dark:text-amber-200'}`}
    >
      <strong className="font-semibold">
        Timed out {limit !== null ? `${count} of ${limit}` : `${count} ${count === 1 ? 'time' : 'times'}`}
      </strong>
      {' — your time ran out and a move was played for you'}
      {limit !== null && (last ? '; one more in a row loses the match.' : `; ${limit} in a row lose the match.`)}
    </p>
  );
}

/** Two steps, so a stray click or key press never gives a game away. */
function Resign({ onResign }: { onResign: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!confirming) {
    return (
      <button type="button" onClick={() => setConfirming(true)} className={secondaryButtonClass}>
        Resign
      </button>
    );
  }
  return (
    <div className="flex items-center gap-2" role="group" aria-label="Confirm resignation">
      <span className="text-sm">Resign this game?</span>
      <button
        type="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await onResign();
          setBusy(false);
          setConfirming(false);
        }}
        className="inline-flex h-9 items-center rounded-lg bg-red-600 px-3 text-sm font-medium text-white hover:bg-red-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-500 disabled:opacity-60"
      >
        Yes, resign
      </button>
      <button type="button" autoFocus onClick={() => setConfirming(false)} className={secondaryButtonClass}>
        Keep playing
      </button>
    </div>
  );
}

function Result({
  seat,
  status,
  outcome,
  matchId,
  scoring,
}: {
  seat: number;
  status: MatchStatus;
  outcome: MatchSnapshot['outcome'];
  matchId: string;
  scoring?: Scoring;
}) {
  const again = useFormAction(playAgainAction, null);
  const error = again.state && !again.state.ok ? again.state.error : null;
  let text = 'This match was void: it does not count.';
  if (status === 'finished' && outcome) {
    const mine = outcome.scores[seat] ?? 0;
    const best = Math.max(...outcome.scores);
    // A draw is everyone level; in team games (the villagers of Who is the spy) several seats share a win.
    text = outcome.scores.every((x) => x === best) ? 'Draw.' : mine === best ? 'You won!' : 'You lost.';
    if (scoring === 'cooperative' && outcome.winner == null)
      text = `Your team: ${outcome.summary ? `${outcome.summary} — ${outcome.reason}` : outcome.reason}`;
    if (scoring === 'evaluation') text = `Done: ${outcome.reason}.`;
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-lg font-semibold" data-testid="your-result">
        {text}
      </p>
      <form action={again.action} onSubmit={again.onSubmit} className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="matchId" value={matchId} />
        <button type="submit" disabled={again.pending} className={primaryButtonClass}>
          {again.pending && <Spinner />}
          Play again
        </button>
        <Link href="/play" className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
          Another game
        </Link>
        <span className="text-sm text-zinc-500 dark:text-zinc-400">
          The replay is below: step through it move by move.
        </span>
      </form>
      <FormError error={error} testId="play-again-error" />
    </div>
  );
}
