// The spectator's copy of a match log: applies snapshots and live events (duplicates dropped, gaps spotted) and derives replay frames.
import { isFinal, outcomeOfEnd, reduceHead } from './engine/events';
import type { MatchSnapshot, MatchStatus, SeatInfo, VisibleWireEvent, WireEvent } from './protocol';

export { isFinal, outcomeOfEnd };

/** An event the viewer may read (hidden events carry only their seq). */
export type VisibleEvent = VisibleWireEvent;

export interface MatchLog {
  matchId: string;
  gameId: string;
  status: MatchStatus;
  seats: SeatInfo[];
  /** Every event received, in seq order, hidden ones included. */
  events: WireEvent[];
  /** Highest seq applied; live events at or below it are duplicates. */
  lastSeq: number;
  /** The current board for this viewer. */
  view: unknown;
  outcome: MatchSnapshot['outcome'];
  failureReason: string | null;
  /** The seat this viewer plays, or null for a spectator. */
  you: { seat: number } | null;
}

/** A person's turn that is waiting for them: answer it with `ply`, before `deadline`, with one of `legal`. */
export interface PendingTurn {
  ply: number;
  seconds: number;
  /** ISO time on the server's clock. */
  deadline: string;
  /** The legal actions, or null when the game's actions are open-ended (a message). */
  legal: unknown[] | null;
}

/** One replay step: the board after the start or after one move, and how much of the transcript goes with it. */
export interface Frame {
  /** Moves played so far; 0 is the starting position. */
  move: number;
  /** Seq of the start or move event shown, highlighted in the transcript. */
  seq: number;
  view: unknown;
  lastMove: { seat: number; action: unknown } | null;
  /** The transcript shows events up to this seq (the last frame shows the whole log, end or failure included). */
  until: number;
}

export function isVisible(ev: WireEvent): ev is VisibleEvent {
  return ev.hidden !== true;
}

export function fromSnapshot(s: MatchSnapshot): MatchLog {
  // The end event has the outcome as the runner wrote it (its summary included).
  let end: Extract<VisibleEvent, { kind: 'end' }> | undefined;
  for (let i = s.events.length - 1; i >= 0 && !end; i--) {
    const ev = s.events[i]!;
    if (isVisible(ev) && ev.kind === 'end') end = ev;
  }
  return {
    matchId: s.matchId,
    gameId: s.gameId,
    status: s.status,
    seats: s.seats,
    events: s.events,
    lastSeq: s.seq,
    view: s.view,
    outcome: end && s.outcome ? { ...s.outcome, ...outcomeOfEnd(end.payload) } : s.outcome,
    failureReason: s.failureReason,
    you: s.you ?? null,
  };
}

/** A log line as this viewer reads it: a private line written for its own seat in the second person when the viewer is that seat. */
export function lineText(line: { text: string; visibleTo?: number[]; yours?: string }, you: number | null): string {
  return you !== null && line.yours && line.visibleTo?.includes(you) ? line.yours : line.text;
}

/**
 * The person's timed-out turns in a row at the end of the log (their time ran out and a move was played for them),
 * and the number in a row that loses the match when the server said it; null when their last turn did not time out.
 */
export function timeoutsInARow(log: MatchLog, seat: number): { count: number; limit: number | null } | null {
  let count = 0;
  const limit: number | null = null;
  for (let i = log.events.length - 1; i >= 0; i--) {
    const ev = log.events[i]!;
    if (!isVisible(ev) || ev.seat !== seat || ev.kind !== 'move') continue;
    const p = ev.payload;
    const timedOut =
      p.forfeited === true && (p.timedOut !== undefined || p.reason?.startsWith('time ran out') === true);
    if (!timedOut) break;
    // The server counts (it knows turns from before a restart too); older logs are counted here.
    if (count === 0 && p.timedOut) return { count: p.timedOut.count, limit: p.timedOut.limit };
    count++;
  }
  return count > 0 ? { count, limit } : null;
}

/** The viewer's own turn still waiting for a move, if any (read from the log, so a reload restores it). */
export function pendingTurn(log: MatchLog): PendingTurn | null {
  if (!log.you || isFinal(log.status)) return null;
  const seat = log.you.seat;
  for (let i = log.events.length - 1; i >= 0; i--) {
    const ev = log.events[i]!;
    if (!isVisible(ev) || ev.seat !== seat) continue;
    if (ev.kind === 'move' || ev.kind === 'resign') return null;
    if (ev.kind === 'turn') {
      const p = ev.payload;
      return { ply: p.ply, seconds: p.seconds, deadline: p.deadline, legal: p.legal ?? null };
    }
  }
  return null;
}

/**
 * Applies one live event. Returns the same log for a duplicate (`seq <= lastSeq`), 'resync' when events
 * were missed (`seq > lastSeq + 1`: the caller re-joins with lastSeq), 'restart' when a new `start` comes
 * at or below lastSeq (the server replays the match from its seed after a failure: the caller re-joins
 * for a fresh snapshot), otherwise the new log.
 */
export function applyEvent(log: MatchLog, ev: WireEvent): MatchLog | 'resync' | 'restart' {
  if (ev.seq <= log.lastSeq) {
    // A start below the head is no duplicate but a new run (while only the start was seen, both runs agree).
    const restarted = isVisible(ev) && ev.kind === 'start' && ev.seq < log.lastSeq;
    return restarted ? 'restart' : log;
  }
  // Events skipped as hidden from spectators (`after`): placeholders in their place, as if they had been sent. A gap
  // reaching back before `after` lost a visible event: resync.
  const skipped = isVisible(ev) && ev.after !== undefined && ev.after <= log.lastSeq ? ev.seq - log.lastSeq - 1 : 0;
  if (ev.seq > log.lastSeq + 1 + skipped) return 'resync';
  const hidden: WireEvent[] = Array.from({ length: skipped }, (_, i) => ({ seq: log.lastSeq + 1 + i, hidden: true }));
  const next: MatchLog = { ...log, events: [...log.events, ...hidden, ev], lastSeq: ev.seq };
  if (!isVisible(ev)) return next;
  if (ev.view !== undefined) next.view = ev.view;
  // The match as a whole (status, outcome, scores, failure) as the hub reduces it too.
  return { ...next, ...reduceHead(log, ev) };
}

/** The replay steps: the starting position, then the board after each move. */
export function replayFrames(log: MatchLog): Frame[] {
  const frames: Frame[] = [];
  let moves = 0;
  let view: unknown = null;
  for (const ev of log.events) {
    if (!isVisible(ev) || (ev.kind !== 'start' && ev.kind !== 'move')) continue;
    if (ev.kind === 'move') moves++;
    if (ev.view !== undefined) view = ev.view;
    const action = ev.kind === 'move' ? ev.payload.action : null;
    frames.push({
      move: moves,
      seq: ev.seq,
      view,
      lastMove: action != null && ev.seat !== null ? { seat: ev.seat, action } : null,
      until: ev.seq,
    });
  }
  // Nothing played yet (queued, or void before the start): one frame with the current board.
  if (frames.length === 0) return [{ move: 0, seq: 0, view: log.view, lastMove: null, until: log.lastSeq }];
  frames[frames.length - 1]!.until = log.lastSeq;
  return frames;
}

/**
 * The replay step an entry of the transcript leads to: the first position at or after it (a reply, its move; a move,
 * the board after it; the end line, the last position).
 */
export function stepOf(frames: readonly Frame[], seq: number): number {
  const i = frames.findIndex((f) => f.seq >= seq);
  return i < 0 ? Math.max(0, frames.length - 1) : i;
}
