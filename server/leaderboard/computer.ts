// One long-lived worker thread that reads and computes leaderboards on request (restarted if it dies), warmed at start-up.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Leaderboard, LeaderboardOptions } from '../../lib/rating';
import type { RatedMatch } from '../../lib/rating/types';
import type { ComputeRequest, LiveView, ViewOptions, ViewResult } from './compute-worker';

/** The worker imports TypeScript, so it starts with tsx's loader (resolved from here, whatever the working directory). */
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What the leaderboard service asks of the thread. */
export interface Computer {
  /** A leaderboard of these matches (an imported dataset's, a benchmark's). */
  compute(matches: RatedMatch[], opts: LeaderboardOptions): Promise<Leaderboard>;
  /**
   * A live view, read from Postgres by the thread itself and kept there: a recompute reads and replays only the
   * matches finished since the last one when that is exact (compute-worker.ts).
   */
  computeView(live: LiveView, opts: ViewOptions): Promise<ViewResult>;
}

export function createComputer(): Computer & { warm(): Promise<void>; close(): Promise<void> } {
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
  const ask = <T>(req: DistributiveOmit<ComputeRequest, 'id'>) => {
    worker ??= start();
    const id = nextId++;
    const w = worker;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (r: unknown) => void, reject });
      w.postMessage({ ...req, id } as ComputeRequest);
    });
  };

  return {
    compute: (matches, opts) => ask<Leaderboard>({ matches, opts }),
    computeView: (live, opts) => ask<ViewResult>({ live, opts }),
    /** Starts the thread and loads TrueSkill now (at start-up), so that the first leaderboard does not wait for it. */
    warm: () => ask<void>({ warm: true }),
    /** Stops the thread; computations still waiting are rejected with an AbortError (not a failure: the arena stops). */
    async close() {
      const w = worker;
      worker = null;
      for (const p of pending.values()) p.reject(Object.assign(new Error('the leaderboard worker was stopped'), { name: 'AbortError' }));
      pending.clear();
      if (w) {
        // Then its database connections (at most 2 s: a computation in progress is not waited for).
        const id = nextId++;
        const closed = new Promise<void>((resolve) => pending.set(id, { resolve: () => resolve(), reject: () => resolve() }));
        w.postMessage({ id, close: true } satisfies ComputeRequest);
        await Promise.race([closed, new Promise((r) => setTimeout(r, 2000).unref())]);
        pending.delete(id);
      }
      await w?.terminate();
    },
  };
}
