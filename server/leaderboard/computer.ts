// Worker threads that read and compute leaderboards on request (restarted if one dies), warmed at start-up: one for
// the arena's live views, one for imported datasets and benchmarks, so a large dataset never holds the live ones up.
// Every computation can be stopped: by a deadline, or by its caller (nobody waits for it any more, its data was deleted).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Leaderboard, LeaderboardOptions } from '../../lib/rating';
import type { RatedMatch } from '../../lib/rating/types';
import type { ComputeRequest, LiveView, ViewOptions, ViewResult } from './compute-worker';

/** The worker imports TypeScript, so it starts with tsx's loader (resolved from here, whatever the working directory). */
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** How long a computation may take, and who may stop it. */
export interface ComputeControl {
  /** Stopped after this many ms, rejected with "took longer than N s" (default: no limit). */
  maxMs?: number;
  /** Stopped when this aborts, rejected with its reason. */
  signal?: AbortSignal;
}

/** A computation stopped before it ended (a deadline, nobody waiting, its data deleted): the message says which. */
export class ComputationStopped extends Error {
  override name = 'ComputationStopped';
  constructor(
    message: string,
    readonly why: 'deadline' | 'cancelled',
  ) {
    super(message);
  }
}

/** What the leaderboard service asks of the threads. */
export interface Computer {
  /** A leaderboard of these matches (an imported dataset's, a benchmark's). */
  compute(matches: RatedMatch[], opts: LeaderboardOptions, control?: ComputeControl): Promise<Leaderboard>;
  /**
   * A live view, read from Postgres by the thread itself and kept there: a recompute reads and replays only the
   * matches finished since the last one when that is exact (compute-worker.ts).
   */
  computeView(live: LiveView, opts: ViewOptions, control?: ComputeControl): Promise<ViewResult>;
}

/** One worker thread and the requests it has been asked. */
function lane() {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve(r: unknown): void; reject(e: Error): void }>();

  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    worker = null;
  };
  const start = () => {
    const w = new Worker(new URL('./compute-worker.ts', import.meta.url), { execArgv: ['--import', tsxLoader] });
    w.on('message', (msg: { id: number; result?: unknown; error?: string }) => {
      const p = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error !== undefined) p?.reject(new Error(msg.error));
      else p?.resolve(msg.result);
    });
    w.on('error', (err) => failAll(err));
    w.on('exit', (code) => failAll(new Error(`leaderboard worker exited with code ${code}`)));
    w.unref();
    return w;
  };
  const ask = <T>(req: DistributiveOmit<ComputeRequest, 'id' | 'stop'>, control: ComputeControl = {}) => {
    worker ??= start();
    const id = nextId++;
    const w = worker;
    // The thread computes synchronously and reads no message meanwhile: it checks this shared flag between the steps
    // of its computation (rounds, iterations) and stops at once when it is set.
    const stop = new Int32Array(new SharedArrayBuffer(4));
    return new Promise<T>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        clearTimeout(timer);
        control.signal?.removeEventListener('abort', onAbort);
      };
      const halt = (err: Error) => {
        if (!pending.has(id)) return;
        Atomics.store(stop, 0, 1);
        pending.delete(id);
        done();
        reject(err);
      };
      const onAbort = () => {
        const reason = control.signal?.reason;
        halt(
          reason instanceof Error
            ? reason
            : new ComputationStopped(String(reason ?? 'the computation was stopped'), 'cancelled'),
        );
      };
      pending.set(id, {
        resolve: (r) => (done(), resolve(r as T)),
        reject: (e) => (done(), reject(e)),
      });
      if (control.maxMs !== undefined && control.maxMs > 0) {
        const seconds = Number((control.maxMs / 1000).toFixed(control.maxMs < 10_000 ? 1 : 0));
        timer = setTimeout(
          () =>
            halt(
              new ComputationStopped(
                `the leaderboard took longer than ${seconds} s to compute and was stopped`,
                'deadline',
              ),
            ),
          control.maxMs,
        );
        timer.unref?.();
      }
      if (control.signal?.aborted) return onAbort();
      control.signal?.addEventListener('abort', onAbort, { once: true });
      w.postMessage({ ...req, id, stop } as ComputeRequest);
    });
  };
  return {
    ask,
    /** Stops the thread; computations still waiting are rejected with an AbortError (not a failure: the arena stops). */
    async close() {
      const w = worker;
      worker = null;
      for (const p of pending.values())
        p.reject(Object.assign(new Error('the leaderboard worker was stopped'), { name: 'AbortError' }));
      pending.clear();
      if (w) {
        // Then its database connections (at most 2 s: a computation in progress is not waited for).
        const id = nextId++;
        const closed = new Promise<void>((resolve) =>
          pending.set(id, { resolve: () => resolve(), reject: () => resolve() }),
        );
        w.postMessage({ id, close: true } satisfies ComputeRequest);
        await Promise.race([closed, new Promise((r) => setTimeout(r, 2000).unref())]);
        pending.delete(id);
      }
      await w?.terminate();
    },
  };
}

export function createComputer(): Computer & { warm(): Promise<void>; close(): Promise<void> } {
  const live = lane();
  // Started on first use: an arena without datasets never starts it.
  const data = lane();
  return {
    compute: (matches, opts, control) => data.ask<Leaderboard>({ matches, opts }, control),
    computeView: (view, opts, control) => live.ask<ViewResult>({ live: view, opts }, control),
    /** Starts the live thread and loads TrueSkill now (at start-up), so that the first leaderboard does not wait for it. */
    warm: () => live.ask<void>({ warm: true }),
    async close() {
      await Promise.all([live.close(), data.close()]);
    },
  };
}
