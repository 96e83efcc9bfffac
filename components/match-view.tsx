// The match page's live part: players, board, outcome, transcript, and replay controls once the match is over.
'use client';

import Link from 'next/link';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { boards } from '@/games/boards';
import type { Judgment, Scoring } from '@/lib/engine/types';
import {
  isFinal,
  isVisible,
  pendingTurn,
  replayFrames,
  stepOf,
  timeoutsInARow,
  type MatchLog,
  type PendingTurn,
} from '@/lib/match-log';
import type { MatchSnapshot, MatchStatus, SeatInfo } from '@/lib/protocol';
import { MatchPlayers } from './match-players';
import { OutcomeBanner } from './outcome-banner';
import { ReplayControls } from './replay-controls';
import type { ProtocolSummary } from '@/lib/match-protocol';
import { MatchProtocolLine } from './match-protocol';
import { SeatPanel } from './seat-panel';
import { StatusBadge } from './status-badge';
import { Transcript } from './transcript';
import { useMatchStream } from './use-match-stream';
import { useThrottledRefresh } from './use-throttled-refresh';

/** How long after the end the page keeps reloading for the judge's verdicts. */
const JUDGE_WAIT_MS = 60_000;

interface Props {
  matchId: string;
  gameId: string;
  gameTitle: string;
  /**
   * How the game's results count: seats that play together (Hanabi) have the team's result, not a win or a loss; in a
   * judged evaluation (DEEP) nobody wins, the result says what was scored.
   */
  scoring?: Scoring;
  tournamentName: string | null;
  /** What the page knew when it was rendered; the socket snapshot takes over from there. */
  initialStatus: MatchStatus;
  initialSeats: SeatInfo[];
  initialOutcome: MatchSnapshot['outcome'];
  initialFailureReason: string | null;
  /** Why the finished match rates no one (a person gave up before a move of their own); null when it is rated. */
  initialUnrated?: string | null;
  /** The judge's verdicts on the match's statements (Who is the spy's descriptions), once it is over. */
  judgments?: Judgment[];
  /** The tournament has a judge whose verdicts are not in yet: the page reloads them for a while after the end. */
  judgeAwaited?: boolean;
  /** The protocol the match is played under (lib/match-protocol.ts); null when it has none recorded. */
  protocol?: ProtocolSummary | null;
}

/** The seat to move, for games whose view names it as `toMove` (both built-in games do); null otherwise. */
function seatToMove(view: unknown): number | null {
  const toMove = (view as { toMove?: unknown } | null)?.toMove;
  return typeof toMove === 'number' ? toMove : null;
}

export function MatchView(props: Props) {
  const { matchId } = props;
  const stream = useMatchStream(matchId);
  const { log, act, resign } = stream;
  /** The replay step chosen by the viewer; null follows the newest position. */
  const [step, setStep] = useState<number | null>(null);
  // The step lives in the address too (?move=12): a reload or a shared link opens the same position.
  useEffect(() => {
    const asked = new URLSearchParams(window.location.search).get('move');
    if (asked !== null && /^\d{1,6}$/.test(asked)) setStep(Number(asked));
  }, []);
  const onStep = useCallback((n: number) => {
    setStep(n);
    const url = new URL(window.location.href);
    url.searchParams.set('move', String(n));
    window.history.replaceState(null, '', url);
  }, []);
  /** A person's last refused move, in the server's words: the board shows it by the controls that sent it. */
  const [moveError, setMoveError] = useState<string | null>(null);
  /** A refused resignation: the seat panel shows it by the Resign button. */
  const [resignError, setResignError] = useState<string | null>(null);
  /** The turn a move was just sent for ("ply@deadline"): controls rest until the server answers or a new turn comes. */
  const [sentTurn, setSentTurn] = useState<string | null>(null);
  const status = log?.status ?? props.initialStatus;

  // The judge scores a match's statements after its end: reload the page's data every few seconds until they are in.
  // (Only then: an extra render of a long replay right after it opens is time the viewer waits for.)
  const [endSeen, setEndSeen] = useState<number | null>(null);
  useEffect(() => {
    if (props.judgeAwaited && status === 'finished' && endSeen === null) setEndSeen(Date.now());
  }, [props.judgeAwaited, status, endSeen]);
  useThrottledRefresh(!!props.judgeAwaited && endSeen !== null && Date.now() < endSeen + JUDGE_WAIT_MS, 3000);

  const turn = useMemo(() => (log ? pendingTurn(log) : null), [log]);
  // A refusal belongs to its turn: the next turn starts without it.
  const turnKey = turn ? `${turn.ply}@${turn.deadline}` : null;
  useEffect(() => setMoveError(null), [turnKey]);
  const onAction = useCallback(
    async (action: unknown) => {
      if (!turn) return;
      setSentTurn(`${turn.ply}@${turn.deadline}`);
      const r = await act(turn.ply, action);
      setMoveError(r.ok ? null : r.error);
      if (!r.ok) setSentTurn(null);
    },
    [turn, act],
  );
  const onResign = useCallback(async () => {
    const r = await resign();
    setResignError(r.ok ? null : r.error);
  }, [resign]);

  return (
    <MatchScreen
      {...props}
      log={log}
      connected={stream.connected}
      error={stream.error}
      clockOffsetMs={stream.clockOffsetMs}
      step={step}
      onStep={onStep}
      turn={turn}
      sentTurn={sentTurn}
      moveError={moveError}
      resignError={resignError}
      onAction={onAction}
      onResign={onResign}
    />
  );
}

/** Everything MatchScreen draws from: the page's props, the stream's log and the viewer's choices. */
export interface MatchScreenProps extends Props {
  log: MatchLog | null;
  connected: boolean;
  error: string | null;
  clockOffsetMs: number;
  step: number | null;
  onStep: (step: number) => void;
  turn: PendingTurn | null;
  sentTurn: string | null;
  moveError: string | null;
  resignError?: string | null;
  onAction: (action: unknown) => void;
  onResign: () => Promise<void>;
}

/** The match page drawn from a log (no socket: `bench/replay.tsx` renders it with react-dom/server). */
export function MatchScreen(props: MatchScreenProps) {
  const {
    matchId,
    gameId,
    gameTitle,
    tournamentName,
    log,
    connected,
    error,
    clockOffsetMs,
    step,
    turn,
    sentTurn,
    moveError,
    onAction,
  } = props;
  const status = log?.status ?? props.initialStatus;
  const seats = log?.seats ?? props.initialSeats;
  const outcome = log ? log.outcome : props.initialOutcome;
  const failureReason = log ? log.failureReason : props.initialFailureReason;
  // The end event says when the match rates no one, so a match that ends while watched says so at once.
  const unrated = useMemo(() => {
    const end = log?.events.find((e) => !e.hidden && e.kind === 'end');
    const why = end && !end.hidden ? (end.payload as { unrated?: unknown }).unrated : undefined;
    return typeof why === 'string' ? why : (props.initialUnrated ?? null);
  }, [log, props.initialUnrated]);
  const final = isFinal(status);
  const frames = useMemo(() => (log ? replayFrames(log) : []), [log]);
  const last = Math.max(0, frames.length - 1);
  const index = final && step !== null ? Math.min(step, last) : last;
  const frame = frames[index];
  const events = useMemo(
    () => (log && frame ? log.events.filter(isVisible).filter((e) => e.seq <= frame.until) : []),
    [log, frame],
  );

  const Board = boards[gameId];
  const seatLabel = (seat: number) => seats.find((s) => s.seat === seat)?.label ?? `Seat ${seat + 1}`;
  /** A seat with its player, for the result: "Player 3 (Engine)". */
  const seatWithName = (seat: number) => {
    const s = seats.find((x) => x.seat === seat);
    return s ? `${s.label} (${s.agentName})` : `Seat ${seat + 1}`;
  };
  /** The position shown is the match's last (or it is still on): its result shows; stepping back hides it. */
  const atEnd = !final || index === last;
  const toMove = final && index === last ? null : seatToMove(frame?.view);
  const you = log?.you ?? null;
  const turnKey = turn ? `${turn.ply}@${turn.deadline}` : null;
  const canMove = !!turn && index === last && sentTurn !== turnKey;
  const timeouts = useMemo(() => (log && you ? timeoutsInARow(log, you.seat) : null), [log, you]);
  return (
    // Tighter on a phone, so a person's board and its controls fit the first screen.
    <div className="flex flex-col gap-3 sm:gap-5">
      <header className="flex flex-col gap-1 sm:gap-1.5">
        <Link
          href="/"
          className="w-fit text-sm text-zinc-500 hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-200"
        >
          ← Live &amp; recent
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{gameTitle}</h1>
          <StatusBadge status={status} testId="match-status" />
        </div>
        <p className="truncate text-sm text-zinc-500 dark:text-zinc-400">
          {tournamentName && <>{tournamentName} · </>}
          <span className="font-mono text-xs">{matchId}</span>
        </p>
        {props.protocol !== undefined && <MatchProtocolLine protocol={props.protocol} />}
      </header>

      {error && (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300"
        >
          {error}
        </p>
      )}

      <MatchPlayers
        seats={seats}
        toMove={toMove}
        gameId={gameId}
        outcome={status === 'finished' ? outcome : null}
        beforeEnd={!atEnd}
        scoring={props.scoring}
      />

      {you && (
        <SeatPanel
          matchId={matchId}
          seat={you.seat}
          seatLabel={seatLabel(you.seat)}
          status={status}
          outcome={outcome}
          turn={turn}
          sent={!!turnKey && sentTurn === turnKey}
          waitingFor={
            toMove !== null && toMove !== you.seat ? (seats.find((s) => s.seat === toMove)?.agentName ?? null) : null
          }
          clockOffsetMs={clockOffsetMs}
          resignError={props.resignError ?? null}
          timeouts={timeouts}
          onResign={props.onResign}
          scoring={props.scoring}
        />
      )}

      {/* One column of at most the page's width on phones (minmax(0, 1fr)): nothing inside can widen the page. */}
      <div className="grid grid-cols-1 gap-3 sm:gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:items-start">
        <section className="flex min-w-0 flex-col gap-3 sm:gap-4" aria-label="Board">
          {atEnd && (
            <OutcomeBanner
              status={status}
              outcome={outcome}
              failureReason={failureReason}
              seatLabel={seatWithName}
              scoring={props.scoring}
            />
          )}
          {status === 'finished' && atEnd && unrated && (
            <p
              data-testid="unrated-note"
              role="note"
              className="-mt-2 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
            >
              <span className="font-semibold">Not rated</span> — {unrated}: the leaderboard and the players&apos;
              records leave it out.
            </p>
          )}
          <div
            data-testid="board"
            className="rounded-2xl border border-zinc-200 bg-white p-3 shadow-sm sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
          >
            {!Board ? (
              <BoardMessage>There is no board view for “{gameId}”; the transcript has every move.</BoardMessage>
            ) : frame?.view != null ? (
              <Board
                view={frame.view}
                players={seats.map((s) => `${s.label} · ${s.agentName}`)}
                lastMove={frame.lastMove}
                over={final && index === last}
                {...(final && props.judgments?.length ? { judgments: props.judgments } : {})}
                {...(canMove ? { legal: turn!.legal as never, onAction, error: moveError } : {})}
              />
            ) : log && final ? (
              <BoardMessage>No board: the match ended before its first position.</BoardMessage>
            ) : (
              <div
                className="mx-auto aspect-square w-full max-w-xs animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800"
                aria-label="Loading the board"
              />
            )}
          </div>
          <div className="rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
            {final && log ? (
              <ReplayControls step={index} last={last} onStep={props.onStep} />
            ) : (
              <LiveLine status={status} moves={frame?.move ?? 0} connected={connected} loaded={!!log} />
            )}
          </div>
        </section>

        <section
          aria-label="Transcript"
          className="min-w-0 overflow-hidden rounded-2xl border border-zinc-200 bg-zinc-100/60 lg:sticky lg:top-20 dark:border-zinc-800 dark:bg-zinc-900/40"
        >
          <h2 className="border-b border-zinc-200 bg-white px-4 py-2.5 text-sm font-semibold dark:border-zinc-800 dark:bg-zinc-900">
            Transcript
          </h2>
          <Transcript
            events={events}
            seats={seats}
            gameId={gameId}
            you={you?.seat ?? null}
            scoring={props.scoring}
            highlightSeq={final ? (frame?.seq ?? null) : null}
            onPick={final && log ? (seq) => props.onStep(stepOf(frames, seq)) : undefined}
            follow={atEnd}
          />
        </section>
      </div>
    </div>
  );
}

function BoardMessage({ children }: { children: ReactNode }) {
  return <p className="py-12 text-center text-sm text-zinc-500 dark:text-zinc-400">{children}</p>;
}

function LiveLine({
  status,
  moves,
  connected,
  loaded,
}: {
  status: MatchStatus;
  moves: number;
  connected: boolean;
  loaded: boolean;
}) {
  let text: string;
  if (!loaded) text = 'Connecting to the match…';
  else if (!connected) text = 'Connection lost — reconnecting…';
  else if (status === 'queued') text = 'Queued — the match starts when a worker is free.';
  else text = `Live — ${moves} ${moves === 1 ? 'move' : 'moves'} played. Replay controls appear when the match ends.`;
  return (
    <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-300" aria-live="polite">
      {status === 'running' && connected && (
        <span className="h-2 w-2 shrink-0 animate-pulse rounded-full bg-emerald-500" aria-hidden="true" />
      )}
      {text}
    </p>
  );
}
