// The runner's event writer: numbers a match's events (seq), stages a turn's events and model calls, writes them in one
// statement (the store's `appendBatch`), and only then publishes them to live viewers.
import type { Seat } from '../../games/types';
import type { MatchEvent, StoredEvent } from '../../lib/engine/events';
import type { CallRow, MatchSetup, MatchStore } from './store';

/** Live fan-out of a stored event, with the state after it (for live views). */
export type Publish = (matchId: string, ev: StoredEvent, state: unknown, setup: MatchSetup) => void;

export class EventWriter {
  private staged: { ev: StoredEvent; state: unknown }[] = [];
  private calls: CallRow[] = [];

  private readonly matchId: string;
  private readonly setup: MatchSetup;
  private readonly store: Pick<MatchStore, 'appendBatch'>;
  private readonly state: () => unknown;
  private readonly publish?: Publish;
  private last: number;

  /**
   * `state`: the match's state as it is when an event is staged (published with it). `seq`: the last seq already in
   * the log (0 for a fresh one).
   */
  constructor(opts: { matchId: string; setup: MatchSetup; store: Pick<MatchStore, 'appendBatch'>; state: () => unknown; publish?: Publish; seq?: number }) {
    this.matchId = opts.matchId;
    this.setup = opts.setup;
    this.store = opts.store;
    this.state = opts.state;
    this.publish = opts.publish;
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

  /** Writes what is staged, then broadcasts the events: an event is never seen before it is stored. */
  async flush(): Promise<void> {
    if (!this.staged.length && !this.calls.length) return;
    const evs = this.staged.splice(0);
    const calls = this.calls.splice(0);
    await this.store.appendBatch(this.matchId, evs.map((e) => e.ev), calls);
    for (const e of evs) this.publish?.(this.matchId, e.ev, e.state, this.setup);
  }

  /** Stages one event and writes it with everything staged before it. */
  async emit(ev: MatchEvent, visibleTo: Seat[] = []): Promise<void> {
    this.stage(ev, visibleTo);
    await this.flush();
  }
}
