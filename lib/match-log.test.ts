// Tests for the spectator's match log: snapshots, duplicate and gap handling, replay frames.
import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  fromSnapshot,
  isFinal,
  lineText,
  replayFrames,
  stepOf,
  timeoutsInARow,
  type MatchLog,
} from './match-log';
import type { MatchSnapshot, SeatInfo, VisibleWireEvent, WireEvent } from './protocol';

const at = '2025-01-01T00:00:00.000Z';
const seats: SeatInfo[] = [
  { seat: 0, label: 'X', agentId: 'a', agentName: 'Random', agentKind: 'random', simulated: false, score: null },
  { seat: 1, label: 'O', agentId: 'b', agentName: 'sim', agentKind: 'llm', simulated: true, score: null },
];

const start: WireEvent = { seq: 1, kind: 'start', seat: null, at, payload: { seats: [] }, view: { board: 0 } };
const reply = (seq: number, seat: number): WireEvent => ({
  seq,
  kind: 'reply',
  seat,
  at,
  payload: { text: 'hmm', attempt: 0 },
});
const move = (seq: number, seat: number, ply: number): WireEvent => ({
  seq,
  kind: 'move',
  seat,
  at,
  payload: { ply, action: { type: 'place', ply }, lines: [{ text: `move ${ply}` }] },
  view: { board: ply + 1 },
});
const end: WireEvent = {
  seq: 6,
  kind: 'end',
  seat: null,
  at,
  payload: { scores: [1, 0], reason: 'X completes row 1', winner: 0 },
};

function snapshot(events: WireEvent[], over: Partial<MatchSnapshot> = {}): MatchSnapshot {
  return {
    matchId: 'm1',
    gameId: 'tictactoe',
    status: 'running',
    seq: events.at(-1)?.seq ?? 0,
    seats,
    events,
    view: null,
    outcome: null,
    failureReason: null,
    you: null,
    serverTime: at,
    ...over,
  };
}

function apply(log: MatchLog, ...events: WireEvent[]): MatchLog {
  return events.reduce((l, ev) => {
    const next = applyEvent(l, ev);
    if (typeof next === 'string') throw new Error(`unexpected ${next} at ${ev.seq}`);
    return next;
  }, log);
}

describe('fromSnapshot', () => {
  it('takes the snapshot seq as the last seq', () => {
    const log = fromSnapshot(snapshot([start, reply(2, 0), { seq: 3, hidden: true }]));
    expect(log.lastSeq).toBe(3);
    expect(log.events).toHaveLength(3);
  });
});

describe('applyEvent', () => {
  it('appends the next event and follows the board', () => {
    const log = apply(fromSnapshot(snapshot([start])), reply(2, 0), move(3, 0, 0));
    expect(log.lastSeq).toBe(3);
    expect(log.view).toEqual({ board: 1 });
  });

  it('drops duplicates by returning the same log', () => {
    const log = fromSnapshot(snapshot([start, reply(2, 0), move(3, 0, 0)]));
    expect(applyEvent(log, reply(2, 0))).toBe(log);
    expect(applyEvent(log, move(3, 0, 0))).toBe(log);
  });

  it('spots a restarted match: a new start at or below the last seq', () => {
    const log = apply(fromSnapshot(snapshot([start])), reply(2, 0), move(3, 0, 0));
    expect(applyEvent(log, start)).toBe('restart');
  });

  it('asks for a resync on a gap', () => {
    const log = fromSnapshot(snapshot([start]));
    expect(applyEvent(log, move(3, 0, 0))).toBe('resync');
  });

  it('fills the events skipped as hidden from spectators (`after`) with placeholders; a gap before `after` resyncs', () => {
    const log = fromSnapshot(snapshot([start]));
    // Seqs 2 and 3 were hidden from spectators: the move at 4 says the room had 1 before it.
    const filled = apply(log, { ...(move(4, 0, 0) as VisibleWireEvent), after: 1 });
    expect(filled.events.map((e) => (e.hidden ? `${e.seq}h` : e.seq))).toEqual([1, '2h', '3h', 4]);
    expect(filled.lastSeq).toBe(4);
    expect(filled.view).toEqual({ board: 1 });
    // A joiner whose snapshot already went past `after` (it had 2): only 3 is filled.
    const joined = fromSnapshot(snapshot([start, { seq: 2, hidden: true }]));
    expect(apply(joined, { ...(move(4, 0, 0) as VisibleWireEvent), after: 1 }).events.map((e) => e.seq)).toEqual([
      1, 2, 3, 4,
    ]);
    // The room had 3 (a visible event this client never got): resync.
    expect(applyEvent(log, { ...(move(5, 0, 0) as VisibleWireEvent), after: 3 })).toBe('resync');
  });

  it('counts hidden events without showing them', () => {
    const log = apply(fromSnapshot(snapshot([start])), { seq: 2, hidden: true });
    expect(log.lastSeq).toBe(2);
    expect(log.view).toBeNull();
  });

  it('records the outcome and seat scores on end', () => {
    const log = apply(fromSnapshot(snapshot([start])), reply(2, 0), move(3, 0, 0), reply(4, 1), move(5, 1, 1), end);
    expect(log.status).toBe('finished');
    expect(isFinal(log.status)).toBe(true);
    expect(log.outcome).toEqual({ scores: [1, 0], reason: 'X completes row 1', winner: 0 });
    expect(log.seats.map((s) => s.score)).toEqual([1, 0]);
  });

  it('marks the match failed with the reason', () => {
    const failed: WireEvent = { seq: 2, kind: 'failed', seat: null, at, payload: { reason: 'provider timed out' } };
    const log = apply(fromSnapshot(snapshot([start])), failed);
    expect(log.status).toBe('failed');
    expect(log.failureReason).toBe('provider timed out');
  });
});

describe('replayFrames', () => {
  it('gives the start and one frame per move; the last frame shows the whole log', () => {
    const log = fromSnapshot(
      snapshot([start, reply(2, 0), move(3, 0, 0), reply(4, 1), move(5, 1, 1), end], { status: 'finished' }),
    );
    const frames = replayFrames(log);
    expect(frames.map((f) => f.move)).toEqual([0, 1, 2]);
    expect(frames.map((f) => f.seq)).toEqual([1, 3, 5]);
    expect(frames.map((f) => f.until)).toEqual([1, 3, 6]);
    expect(frames[0]!.view).toEqual({ board: 0 });
    expect(frames[0]!.lastMove).toBeNull();
    expect(frames[2]!.view).toEqual({ board: 2 });
    expect(frames[2]!.lastMove).toEqual({ seat: 1, action: { type: 'place', ply: 1 } });
  });

  it('leaves out the last move of a seat whose action is hidden', () => {
    const secret: WireEvent = {
      seq: 2,
      kind: 'move',
      seat: 0,
      at,
      payload: { ply: 0, action: null, lines: [] },
      view: { board: 1 },
    };
    expect(replayFrames(fromSnapshot(snapshot([start, secret])))[1]!.lastMove).toBeNull();
  });

  it('takes a transcript entry to the position it leads to', () => {
    const frames = replayFrames(
      fromSnapshot(
        snapshot([start, reply(2, 0), move(3, 0, 0), reply(4, 1), move(5, 1, 1), end], { status: 'finished' }),
      ),
    );
    // The start; a reply to its move; a move to the board after it; the end line to the last position.
    expect([1, 2, 3, 4, 5, 6].map((seq) => stepOf(frames, seq))).toEqual([0, 1, 1, 2, 2, 2]);
  });

  it('shows the current board when nothing was played', () => {
    const frames = replayFrames(fromSnapshot(snapshot([], { status: 'queued', view: { board: 0 } })));
    expect(frames).toEqual([{ move: 0, seq: 0, view: { board: 0 }, lastMove: null, until: 0 }]);
  });
});

describe('results and lines as this viewer reads them', () => {
  const villagersEnd: WireEvent = {
    seq: 6,
    kind: 'end',
    seat: null,
    at,
    payload: { scores: [0.5, 0.5], reason: 'the villagers win', winner: null, summary: 'Villagers win' },
  };

  it('keeps the summary the end event carries, also where the snapshot’s own outcome leaves it out', () => {
    const snap = snapshot([start, reply(2, 0), move(3, 0, 0), reply(4, 1), move(5, 1, 1), villagersEnd], {
      status: 'finished',
      outcome: { scores: [0.5, 0.5], reason: 'the villagers win', winner: null },
    });
    expect(fromSnapshot(snap).outcome).toEqual({
      scores: [0.5, 0.5],
      reason: 'the villagers win',
      winner: null,
      summary: 'Villagers win',
    });
    const live = apply(
      fromSnapshot(snapshot([start])),
      reply(2, 0),
      move(3, 0, 0),
      reply(4, 1),
      move(5, 1, 1),
      villagersEnd,
    );
    expect(live.outcome?.summary).toBe('Villagers win');
  });

  it('reads a private line in the second person only to its own seat', () => {
    const line = {
      text: 'Player 1 bids 18 in auction 1 (valuation 37).',
      yours: 'You bid 18 in auction 1 (your valuation: 37).',
      visibleTo: [0],
    };
    expect(lineText(line, 0)).toBe(line.yours);
    expect(lineText(line, 1)).toBe(line.text);
    expect(lineText(line, null)).toBe(line.text);
    expect(lineText({ text: 'X plays (2,2)' }, 0)).toBe('X plays (2,2)');
  });

  it('counts the turns in a row a person’s time ran out on, toward the limit the server sends', () => {
    const timedOut = (seq: number, ply: number, count?: number): WireEvent => ({
      seq,
      kind: 'move',
      seat: 0,
      at,
      payload: {
        ply,
        action: null,
        lines: [],
        forfeited: true,
        reason: 'time ran out (60 s); a random legal move was played',
        ...(count ? { timedOut: { count, limit: 3 } } : {}),
      },
    });
    const log = (events: WireEvent[]) => ({ ...fromSnapshot(snapshot([start, ...events])), you: { seat: 0 } });
    expect(timeoutsInARow(log([timedOut(2, 0, 1), move(3, 1, 1), timedOut(4, 2, 2)]), 0)).toEqual({
      count: 2,
      limit: 3,
    });
    // Logs stored before the server counted: counted here, the limit unknown.
    expect(timeoutsInARow(log([timedOut(2, 0), move(3, 1, 1), timedOut(4, 2)]), 0)).toEqual({ count: 2, limit: null });
    // A move of their own resets the count.
    expect(timeoutsInARow(log([timedOut(2, 0, 1), move(3, 1, 1), move(4, 0, 2)]), 0)).toBeNull();
    expect(timeoutsInARow(log([move(2, 0, 0)]), 1)).toBeNull();
  });
});
