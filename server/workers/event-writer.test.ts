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
    matchId: 'm1', setup, seq, state: () => state,
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
    await expect(h.writer.emit({ kind: 'failed', seat: null, payload: { reason: 'x' } })).rejects.toThrow('database down');
    expect(h.log).toEqual(['write 1 +0 calls']);
  });
});
