// One long-lived worker thread that computes leaderboards on request (restarted if it dies), warmed at start-up.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Leaderboard, LeaderboardOptions } from '../../lib/rating';
import type { RatedMatch } from '../../lib/rating/types';
import type { ComputeRequest } from './compute-worker';

/** The worker imports TypeScript, so it starts with tsx's loader (resolved from here, whatever the working directory). */
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * Computes a leaderboard in the worker thread. With `view`, the thread keeps that view's matches and TrueSkill/Elo:
 * `base: -1` sends all of them, a count sends only the matches after the `base` it holds (rejected with
 * STATE_MISSING, compute-worker.ts, when it does not hold exactly those: send everything again).
 */
export type Compute = (matches: RatedMatch[], opts: ComputeRequest['opts'], view?: ComputeRequest['view']) => Promise<Leaderboard>;

export function createComputer(): { compute: Compute; warm(): Promise<void>; close(): Promise<void> } {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve(b: Leaderboard): void; reject(e: Error): void }>();

  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    worker = null;
  };
  const start = () => {
    const w = new Worker(new URL('./compute-worker.ts', import.meta.url), { execArgv: ['--import', tsxLoader] });
    w.on('message', (msg: { id: number; board?: Leaderboard; error?: string }) => {
      const p = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error !== undefined) p?.reject(new Error(msg.error));
      else p?.resolve(msg.board!);
    });
    w.on('error', (err) => failAll(err));
    w.on('exit', (code) => failAll(new Error(`leaderboard worker exited with code ${code}`)));
    w.unref();
    return w;
  };

  return {
    compute(matches: RatedMatch[], opts: LeaderboardOptions, view?: ComputeRequest['view']) {
      worker ??= start();
      const id = nextId++;
      const w = worker;
      return new Promise<Leaderboard>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ id, matches, opts, ...(view ? { view } : {}) } satisfies ComputeRequest);
      });
    },
    /** Starts the thread and loads TrueSkill now (at start-up), so that the first leaderboard does not wait for it. */
    warm() {
      worker ??= start();
      const id = nextId++;
      const w = worker;
      return new Promise<void>((resolve, reject) => {
        pending.set(id, { resolve: () => resolve(), reject });
        w.postMessage({ id, matches: [], opts: {}, warm: true } satisfies ComputeRequest);
      });
    },
    /** Stops the thread; computations still waiting are rejected with an AbortError (not a failure: the arena stops). */
    async close() {
      const w = worker;
      worker = null;
      for (const p of pending.values()) p.reject(Object.assign(new Error('the leaderboard worker was stopped'), { name: 'AbortError' }));
      pending.clear();
      await w?.terminate();
    },
  };
}
