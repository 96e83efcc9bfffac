// The runner's event writer: numbers a match's events (seq), stages a turn's events and model calls, writes them in one
// statement (the store's `appendBatch`), and only then publishes them to live viewers.
import type { Seat } from '../../lib/engine/types';
import type { MatchEvent, StoredEvent } from '../../lib/engine/events';
import type { CallRow, MatchSetup, MatchStore } from './store';

/** Live fan-out of a stored event, with the state after it (for live views). */
export type Publish = (matchId: string, ev: StoredEvent, state: unknown, setup: MatchSetup) => void;

/**
 * One write in flight at a time: what is staged meanwhile goes in the next write, so a match's events are stored in
 * order and each is published only after the write holding it committed.
 *
 * Waiting (the default): `emit` and `flush` return once everything staged is stored. Pipelined (a match without a
 * person, which restarts from its seed after a crash anyway): they return at once and the runner goes on playing while
 * the write is in flight; a failed write is thrown by the next `emit`, `flush` or `drain` (the events staged after it
 * are dropped: they would follow a hole in the log), and `drain` waits for everything, before the match is finished.
 */
export class EventWriter {
  private staged: { ev: StoredEvent; state: unknown }[] = [];
  private calls: CallRow[] = [];
  private inflight: Promise<void> | null = null;
  private failure: { err: unknown } | null = null;

  private readonly matchId: string;
  private readonly setup: MatchSetup;
  private readonly store: Pick<MatchStore, 'appendBatch'>;
  private readonly state: () => unknown;
  private readonly publish?: Publish;
  private readonly pipelined: boolean;
  private last: number;

  /**
   * `state`: the match's state as it is when an event is staged (published with it). `seq`: the last seq already in
   * the log (0 for a fresh one). `pipelined`: return before the write is stored (see the class).
   */
  constructor(opts: {
    matchId: string;
    setup: MatchSetup;
    store: Pick<MatchStore, 'appendBatch'>;
    state: () => unknown;
    publish?: Publish;
    seq?: number;
    pipelined?: boolean;
  }) {
    this.matchId = opts.matchId;
    this.setup = opts.setup;
    this.store = opts.store;
    this.state = opts.state;
    this.publish = opts.publish;
    this.pipelined = opts.pipelined ?? false;
    this.last = opts.seq ?? 0;
  }

  /** The seq of the last event staged or stored. */
  get seq(): number {
    return this.last;
  }

  /** Queues an event; `visibleTo` are the seats that may see it while the match runs ([] = everyone). */
  stage(ev: MatchEvent, visibleTo: Seat[] = []): void {
    this.staged.push({ ev: { seq: ++this.last, ...ev, visibleTo, at: new Date() }, state: this.state() });
  }

  /** Queues model calls, written with the next flush. */
  stageCalls(...calls: CallRow[]): void {
    this.calls.push(...calls);
  }

  /** Writes what is staged (after the write in flight), then broadcasts the events: an event is never seen before it is stored. */
  async flush(): Promise<void> {
    this.raise();
    this.kick();
    if (!this.pipelined) await this.drain();
  }

  /** Stages one event and writes it with everything staged before it. */
  async emit(ev: MatchEvent, visibleTo: Seat[] = []): Promise<void> {
    this.stage(ev, visibleTo);
    await this.flush();
  }

  /** Waits until everything staged is stored and published; throws a write's failure (once). */
  async drain(): Promise<void> {
    while (this.inflight) await this.inflight;
    this.raise();
  }

  /** Throws a failed write's error once; what was staged since is dropped with it (it would follow a hole in the log). */
  private raise(): void {
    const f = this.failure;
    if (!f) return;
    this.failure = null;
    this.staged = [];
    this.calls = [];
    throw f.err;
  }

  /** Starts the next write unless one is in flight, a failure waits to be thrown, or nothing is staged. */
  private kick(): void {
    if (this.inflight || this.failure || (!this.staged.length && !this.calls.length)) return;
    const evs = this.staged.splice(0);
    const calls = this.calls.splice(0);
    this.inflight = this.store
      .appendBatch(
        this.matchId,
        evs.map((e) => e.ev),
        calls,
      )
      .then(() => {
        for (const e of evs) this.publish?.(this.matchId, e.ev, e.state, this.setup);
      })
      .catch((err: unknown) => {
        this.failure = { err };
      })
      .finally(() => {
        this.inflight = null;
        this.kick();
      });
  }
}
