// The event writer: numbers events, writes a turn's events and calls in one statement, and publishes only after the
// write succeeded (a viewer never sees an event the log does not hold).
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../lib/engine/events';
import { EventWriter } from './event-writer';
import type { CallRow, MatchSetup } from './store';

const setup = { seats: [] } as unknown as MatchSetup;
const call = { seat: 0, ply: 0, attempt: 0, agentId: 'a', parsedAction: null } as unknown as CallRow;

function harness(seq = 0, failWrites = false) {
  const log: string[] = [];
  const writes: { evs: StoredEvent[]; calls: CallRow[] }[] = [];
  let state = 'before';
  const writer = new EventWriter({
    matchId: 'm1',
    setup,
    seq,
    state: () => state,
    store: {
      appendBatch: async (_id, evs, calls) => {
        log.push(`write ${evs.map((e) => e.seq).join(',')} +${calls.length} calls`);
        if (failWrites) throw new Error('database down');
        writes.push({ evs, calls });
      },
    },
    publish: (_id, ev, st) => log.push(`publish ${ev.seq} ${ev.kind} (${String(st)})`),
  });
  return { writer, log, writes, setState: (s: string) => (state = s) };
}

describe('EventWriter', () => {
  it('stages a turn’s events and calls, writes them in one batch, then publishes each with the state it was staged in', async () => {
    const h = harness();
    h.writer.stage({ kind: 'reply', seat: 0, payload: { text: 'X: 4', attempt: 0 } }, [0]);
    h.writer.stageCalls(call);
    h.setState('after');
    expect(h.log).toEqual([]);
    await h.writer.emit({ kind: 'move', seat: 0, payload: { ply: 0, action: { type: 'drop', column: 4 } } });
    expect(h.log).toEqual(['write 1,2 +1 calls', 'publish 1 reply (before)', 'publish 2 move (after)']);
    expect(h.writes[0]!.evs.map((e) => e.visibleTo)).toEqual([[0], []]);
    expect(h.writer.seq).toBe(2);
  });

  it('carries on from the seq of a stored log', async () => {
    const h = harness(41);
    await h.writer.emit({ kind: 'resign', seat: 1, payload: { reason: 'gave up' } });
    expect(h.writes[0]!.evs[0]!.seq).toBe(42);
  });

  it('a flush with nothing staged writes nothing', async () => {
    const h = harness();
    await h.writer.flush();
    expect(h.log).toEqual([]);
  });

  it('publishes nothing when the write fails', async () => {
    const h = harness(0, true);
    await expect(h.writer.emit({ kind: 'failed', seat: null, payload: { reason: 'x' } })).rejects.toThrow(
      'database down',
    );
    expect(h.log).toEqual(['write 1 +0 calls']);
  });
});

describe('EventWriter, pipelined (a match without a person)', () => {
  /** A store whose writes wait until the test lets them through, one at a time. */
  function gated() {
    const log: string[] = [];
    const gates: { open: () => void; fail: (e: Error) => void }[] = [];
    let state = 0;
    const writer = new EventWriter({
      matchId: 'm1',
      setup,
      state: () => state,
      pipelined: true,
      store: {
        appendBatch: (_id, evs, calls) =>
          new Promise<void>((resolve, reject) => {
            log.push(`write ${evs.map((e) => e.seq).join(',')} +${calls.length} calls`);
            gates.push({
              open: () => {
                log.push(`stored ${evs.map((e) => e.seq).join(',')}`);
                resolve();
              },
              fail: reject,
            });
          }),
      },
      publish: (_id, ev, st) => log.push(`publish ${ev.seq} (state ${String(st)})`),
    });
    const move = (n: number) => {
      state = n;
      return writer.emit({ kind: 'move', seat: 0, payload: { ply: n, action: { type: 'put', n } } });
    };
    return { writer, log, gates, move };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('returns before the write is stored; what is staged meanwhile goes in the next write, in order; each event is published only once stored', async () => {
    const h = gated();
    await h.move(1);
    h.writer.stageCalls(call);
    await h.move(2);
    await h.move(3);
    // One write in flight (event 1); 2 and 3 wait for it, nothing is published yet.
    expect(h.log).toEqual(['write 1 +0 calls']);
    h.gates[0]!.open();
    await settle();
    expect(h.log).toEqual(['write 1 +0 calls', 'stored 1', 'publish 1 (state 1)', 'write 2,3 +1 calls']);
    let drained = false;
    const d = h.writer.drain().then(() => (drained = true));
    await settle();
    expect(drained).toBe(false);
    h.gates[1]!.open();
    await d;
    expect(h.log.slice(4)).toEqual(['stored 2,3', 'publish 2 (state 2)', 'publish 3 (state 3)']);
  });

  it('a failed write is thrown by the next emit (once); the events staged after it are dropped, never written nor published', async () => {
    const h = gated();
    await h.move(1);
    await h.move(2);
    h.gates[0]!.fail(new Error('database down'));
    await settle();
    // Event 2 followed the lost write: it is not written.
    expect(h.log).toEqual(['write 1 +0 calls']);
    await expect(h.move(3)).rejects.toThrow('database down');
    // Thrown once: the runner records the failure next, and that is written alone.
    await h.writer.emit({ kind: 'failed', seat: null, payload: { reason: 'x' } });
    expect(h.log).toEqual(['write 1 +0 calls', 'write 4 +0 calls']);
    h.gates[1]!.open();
    await h.writer.drain();
    expect(h.log.slice(2)).toEqual(['stored 4', 'publish 4 (state 3)']);
  });

  it('drain throws a failure no emit has thrown yet', async () => {
    const h = gated();
    await h.move(1);
    const d = h.writer.drain();
    h.gates[0]!.fail(new Error('connection reset'));
    await expect(d).rejects.toThrow('connection reset');
    await expect(h.writer.drain()).resolves.toBeUndefined();
  });

  it('waiting (a person’s match): emit returns only once stored', async () => {
    const log: string[] = [];
    let release!: () => void;
    const writer = new EventWriter({
      matchId: 'm1',
      setup,
      state: () => null,
      store: {
        appendBatch: () =>
          new Promise<void>(
            (r) =>
              (release = () => {
                log.push('stored');
                r();
              }),
          ),
      },
    });
    const e = writer
      .emit({ kind: 'move', seat: 0, payload: { ply: 0, action: { type: 'put' } } })
      .then(() => log.push('returned'));
    await settle();
    expect(log).toEqual([]);
    release();
    await e;
    expect(log).toEqual(['stored', 'returned']);
  });
});
