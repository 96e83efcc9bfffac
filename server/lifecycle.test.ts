// The process stops what it started, last first, once; and a stop that hangs does not keep it alive.
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lifecycle } from './lifecycle';

afterEach(() => vi.useRealTimers());

const setup = (deadlineMs = 1000) => {
  const events = new EventEmitter();
  const exits: number[] = [];
  const life = lifecycle({
    log: () => {},
    deadlineMs,
    exit: (code) => void exits.push(code),
    events: events as unknown as Pick<NodeJS.Process, 'on'>,
  });
  return { events, exits, life };
};

describe('lifecycle', () => {
  it('stops everything, last first, once, on SIGTERM; then exits 0', async () => {
    const { events, exits, life } = setup();
    const order: string[] = [];
    life.onStopping(() => order.push('told'));
    life.onStop(async () => void order.push('first started'));
    life.onStop(async () => void order.push('last started'));
    events.emit('SIGTERM');
    events.emit('SIGINT'); // the same Ctrl-C forwarded by npm: no second stop
    await vi.waitFor(() => expect(exits).toEqual([0]));
    expect(order).toEqual(['told', 'last started', 'first started']);
  });

  it('exits anyway, non-zero, when a stop never returns (a database that is gone)', async () => {
    vi.useFakeTimers();
    const { events, exits, life } = setup(20_000);
    life.onStop(() => new Promise(() => {}));
    events.emit('SIGTERM');
    await vi.advanceTimersByTimeAsync(19_000);
    expect(exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(exits).toEqual([1]);
  });

  it('stops with exit code 1 on an uncaught exception', async () => {
    const { events, exits } = setup();
    events.emit('uncaughtException', new Error('a bug'));
    await vi.waitFor(() => expect(exits).toEqual([1]));
  });
});
