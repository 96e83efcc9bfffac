// The typed match log: rows are checked at the database edge (a malformed one is named), moves come out of a log one
// way, and the hub and the browser reduce a log to the match's status and result with the same function.
import { describe, expect, it } from 'vitest';
import { matchEventOf, movesOf, reduceHead, storedEventOf, type MatchEvent, type MatchHead } from './events';

const row = (seq: number, kind: string, seat: number | null, payload: unknown) => ({ seq, kind, seat, payload });

describe('matchEventOf', () => {
  it('accepts every kind the runner writes, payload unchanged', () => {
    const rows = [
      row(1, 'start', null, { seats: [{ seat: 0, agentId: 'a', agentName: 'A' }] }),
      row(2, 'reply', 0, { text: 'X: 4', attempt: 0, latencyMs: 12, tokensIn: 3, tokensOut: null }),
      row(3, 'illegal', 0, { error: 'column 9 is off the board', attempt: 0, action: { type: 'drop', column: 9 } }),
      row(4, 'turn', 1, { ply: 1, seconds: 60, deadline: '2026-01-01T00:00:00.000Z' }),
      row(5, 'move', 1, {
        ply: 1,
        action: { type: 'drop', column: 4 },
        lines: [{ text: 'O drops in 4', visibleTo: [1] }],
        forfeited: true,
        reason: 'time ran out',
        timedOut: { count: 1, limit: 3 },
      }),
      row(6, 'resign', 1, { reason: 'B resigned' }),
      row(7, 'end', null, {
        scores: [1, 0],
        reason: 'resigned',
        winner: 0,
        rewards: null,
        rated: false,
        unrated: 'gave up',
      }),
      row(8, 'failed', null, { reason: 'provider down' }),
    ];
    for (const r of rows) expect(matchEventOf('m1', r)).toEqual({ kind: r.kind, seat: r.seat, payload: r.payload });
  });

  it('accepts what older versions stored (a seed on the start, a reply without timings)', () => {
    expect(matchEventOf('m1', row(1, 'start', null, { seed: 'abc' })).payload).toEqual({ seed: 'abc' });
    expect(matchEventOf('m1', row(2, 'reply', 0, { text: 'hi', attempt: 1 })).kind).toBe('reply');
  });

  it('names the match, the event and the field of a malformed row', () => {
    expect(() => matchEventOf('m1', row(9, 'move', 0, { ply: 'two', action: { type: 'drop' } }))).toThrow(
      /^match m1, event 9 \(move\): payload\.ply: /,
    );
    expect(() => matchEventOf('m1', row(3, 'move', null, { ply: 0, action: { type: 'drop' } }))).toThrow(
      /event 3 \(move\): seat/,
    );
    expect(() => matchEventOf('m1', row(4, 'teleport', 0, {}))).toThrow(/match m1, event 4 \(teleport\)/);
    expect(() => matchEventOf('m1', row(5, 'end', null, { scores: [1, 0], reason: 'x' }))).toThrow(/payload\.winner/);
  });

  it('keeps the envelope of a stored row', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(storedEventOf('m1', { ...row(2, 'resign', 1, {}), visibleTo: [1], createdAt: at })).toEqual({
      seq: 2,
      kind: 'resign',
      seat: 1,
      payload: {},
      visibleTo: [1],
      at,
    });
  });
});

describe('movesOf', () => {
  it('is the moves in log order, with their seat and action, nothing else', () => {
    const log: MatchEvent[] = [
      { kind: 'start', seat: null, payload: {} },
      { kind: 'reply', seat: 0, payload: { text: 'X: 4', attempt: 0 } },
      { kind: 'move', seat: 0, payload: { ply: 0, action: { type: 'drop', column: 4 } } },
      { kind: 'illegal', seat: 1, payload: { error: 'full', attempt: 0, action: { type: 'drop', column: 4 } } },
      { kind: 'move', seat: 1, payload: { ply: 1, action: { type: 'drop', column: 3 }, forfeited: true } },
      { kind: 'end', seat: null, payload: { scores: [1, 0], reason: 'four in a row', winner: 0 } },
    ];
    expect(movesOf(log)).toEqual([
      { ply: 0, seat: 0, action: { type: 'drop', column: 4 } },
      { ply: 1, seat: 1, action: { type: 'drop', column: 3 } },
    ]);
    expect(movesOf([])).toEqual([]);
  });
});

describe('reduceHead', () => {
  const head: MatchHead<{ seat: number; score: number | null }> = {
    status: 'queued',
    outcome: null,
    failureReason: null,
    seats: [
      { seat: 0, score: null },
      { seat: 1, score: null },
    ],
  };

  it('a start or a first turn means the match runs; other events change nothing', () => {
    expect(reduceHead(head, { kind: 'start' }).status).toBe('running');
    expect(reduceHead(head, { kind: 'turn' }).status).toBe('running');
    expect(reduceHead(head, { kind: 'reply' })).toEqual(head);
    const finished = { ...head, status: 'finished' as const };
    expect(reduceHead(finished, { kind: 'turn' }).status).toBe('finished');
  });

  it('an end gives the outcome (with its summary) and each seat its score', () => {
    const h = reduceHead(head, {
      kind: 'end',
      payload: { scores: [0.5, 0.5], reason: 'draw', winner: null, summary: 'A draw' },
    });
    expect(h).toEqual({
      status: 'finished',
      outcome: { scores: [0.5, 0.5], reason: 'draw', winner: null, summary: 'A draw' },
      failureReason: null,
      seats: [
        { seat: 0, score: 0.5 },
        { seat: 1, score: 0.5 },
      ],
    });
    expect(head.status).toBe('queued'); // not mutated
  });

  it('a failure gives its reason', () => {
    expect(reduceHead(head, { kind: 'failed', payload: { reason: 'provider down' } })).toMatchObject({
      status: 'failed',
      failureReason: 'provider down',
    });
  });
});
