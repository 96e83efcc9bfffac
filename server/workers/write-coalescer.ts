// Group commit for the match store: while one statement is in flight, the next writes of every match wait and then go
// together in one statement (one round trip, one commit), each caller resolved only once that statement committed.

/** One statement's worth of writes, in the order they were submitted. */
export interface CoalescedBatch<T> {
  ops: T[];
  /** True only when every op of the batch allows a relaxed commit (synchronous_commit = off). */
  relaxed: boolean;
}

interface Pending<T> {
  key: string;
  op: T;
  rows: number;
  bytes: number;
  relaxed: boolean;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** Limits of one statement: a batch never holds more than `maxRows` rows or `maxBytes` bytes (an op above either goes alone). */
export interface CoalescerLimits {
  maxRows: number;
  maxBytes: number;
}

export const DEFAULT_LIMITS: CoalescerLimits = { maxRows: 500, maxBytes: 4 * 1024 * 1024 };

/**
 * Runs writes one statement at a time, each statement carrying every write queued meanwhile (first come, first
 * served). A key (a match) has at most one op in a statement, and its ops run in the order submitted, so one match's
 * writes are never reordered nor merged into one statement where their order would be undefined. A statement that
 * fails changed nothing (it is one transaction): its ops are then tried one by one, so one match's bad write fails
 * that match alone, never the others that shared its statement; the writes queued after it still run.
 */
export class WriteCoalescer<T> {
  private readonly queue: Pending<T>[] = [];
  private running = false;
  private readonly limits: CoalescerLimits;

  constructor(
    private readonly exec: (batch: CoalescedBatch<T>) => Promise<void>,
    limits: Partial<CoalescerLimits> = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  /** Queues one op; resolves once the statement holding it committed, rejects with that statement's error. */
  submit(key: string, op: T, size: { rows: number; bytes: number; relaxed: boolean }): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ key, op, ...size, resolve, reject });
      if (!this.running) {
        this.running = true;
        // Writes submitted in the same tick join the first statement.
        queueMicrotask(() => void this.pump());
      }
    });
  }

  /** Ops waiting for a statement (not counting the one in flight). */
  get waiting(): number {
    return this.queue.length;
  }

  /** The longest prefix of the queue that fits the limits with at most one op per key. */
  private take(): Pending<T>[] {
    const batch: Pending<T>[] = [];
    const keys = new Set<string>();
    let rows = 0;
    let bytes = 0;
    for (const p of this.queue) {
      if (keys.has(p.key)) break;
      if (batch.length && (rows + p.rows > this.limits.maxRows || bytes + p.bytes > this.limits.maxBytes)) break;
      batch.push(p);
      keys.add(p.key);
      rows += p.rows;
      bytes += p.bytes;
    }
    this.queue.splice(0, batch.length);
    return batch;
  }

  private async pump(): Promise<void> {
    try {
      while (this.queue.length) {
        const batch = this.take();
        try {
          await this.exec({ ops: batch.map((p) => p.op), relaxed: batch.every((p) => p.relaxed) });
          for (const p of batch) p.resolve();
        } catch (err) {
          if (batch.length === 1) batch[0]!.reject(err);
          else {
            for (const p of batch) {
              await this.exec({ ops: [p.op], relaxed: p.relaxed }).then(p.resolve, p.reject);
            }
          }
        }
      }
    } finally {
      this.running = false;
    }
  }
}
