// The human bridge: moves that arrive before or after the runner asks, stale turns, resignation, timers, clean-up.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HumanBridge, ResignError } from './human';

const move = (ply: number, column: number) => ({
  kind: 'move' as const,
  matchId: 'm',
  seat: 1,
  ply,
  action: { type: 'drop', column } as { type: string },
});

afterEach(() => {
  vi.useRealTimers();
});

describe('HumanBridge', () => {
  it('hands a move to the seat waiting for that turn, whether it came before or after the wait', async () => {
    const b = new HumanBridge();
    const waiting = b.wait('m', 1, 3, new AbortController().signal);
    b.submit(move(3, 4));
    expect(await waiting).toEqual({ type: 'drop', column: 4 });
    b.submit(move(5, 2)); // early: the runner has not asked yet
    expect(await b.wait('m', 1, 5, new AbortController().signal)).toEqual({ type: 'drop', column: 2 });
  });

  it('never hands a move meant for another turn', async () => {
    const b = new HumanBridge();
    b.submit(move(2, 7)); // for a turn that has passed
    const ctl = new AbortController();
    const waiting = b.wait('m', 1, 4, ctl.signal);
    b.submit(move(3, 1)); // not this turn either
    ctl.abort();
    await expect(waiting).rejects.toThrow('aborted');
  });

  it('resignation ends a wait now, and any later one', async () => {
    const b = new HumanBridge();
    const waiting = b.wait('m', 1, 0, new AbortController().signal);
    b.submit({ kind: 'resign', matchId: 'm', seat: 1 });
    await expect(waiting).rejects.toBeInstanceOf(ResignError);
    await expect(b.wait('m', 1, 1, new AbortController().signal)).rejects.toBeInstanceOf(ResignError);
    expect(b.resigned('m')).toBe(1);
    expect(b.resigned('other')).toBeNull();
    b.forget('m');
    expect(b.resigned('m')).toBeNull();
  });

  it('drops what nobody here asked for after ten minutes', async () => {
    vi.useFakeTimers();
    const b = new HumanBridge();
    b.submit(move(1, 3));
    b.submit({ kind: 'resign', matchId: 'gone', seat: 0 });
    vi.advanceTimersByTime(11 * 60_000);
    b.submit({ ...move(9, 1), matchId: 'x' }); // any submit prunes
    expect(b.resigned('gone')).toBeNull();
    const ctl = new AbortController();
    const waiting = b.wait('m', 1, 1, ctl.signal);
    ctl.abort();
    await expect(waiting).rejects.toThrow('aborted');
  });
});
