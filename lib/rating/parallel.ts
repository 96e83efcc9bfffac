// Node-only entry of the rating library: the bootstrap (and the leaderboard) with the rounds spread over worker threads.
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { prepareBootstrap, summarise, type BootstrapData, type BootstrapOptions, type BootstrapResult } from './bootstrap';
import type { BootstrapJob } from './bootstrap-worker';
import { computeLeaderboard, type Leaderboard, type LeaderboardOptions } from './leaderboard';
import type { RatedMatch } from './types';

/** The worker imports TypeScript, so it starts with tsx's loader (resolved from here, whatever the working directory). */
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

function runWorker(job: BootstrapJob): Promise<Float64Array> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./bootstrap-worker.ts', import.meta.url), { workerData: job, execArgv: ['--import', tsxLoader] });
    worker.once('message', (betas: Float64Array) => resolve(betas));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`bootstrap worker exited with code ${code} before answering`)));
  });
}

/** Runs rounds 0 .. rounds − 1 of a prepared bootstrap in `workers` threads; returns them round-major, as runRounds does. */
async function runRoundsParallel(data: BootstrapData, rounds: number, workers: number): Promise<Float64Array> {
  const shares = Math.max(1, Math.min(workers, rounds));
  const bounds = Array.from({ length: shares + 1 }, (_, w) => Math.round((w * rounds) / shares));
  const parts = await Promise.all(bounds.slice(0, -1).map((from, w) => runWorker({ data, from, to: bounds[w + 1]! })));
  const samples = new Float64Array(rounds * data.agents.length);
  parts.forEach((part, w) => samples.set(part, bounds[w]! * data.agents.length));
  return samples;
}

/** Options of the parallel bootstrap. */
export interface ParallelOptions {
  /** Worker threads (default: os.availableParallelism()). Results do not depend on it. */
  workers?: number;
}

/** `bootstrap` with the rounds in worker threads: identical results, whatever the number of workers. */
export async function bootstrapParallel(matches: readonly RatedMatch[], opts: BootstrapOptions & ParallelOptions = {}): Promise<BootstrapResult> {
  const data = prepareBootstrap(matches, opts);
  const samples = await runRoundsParallel(data, opts.rounds ?? 1000, opts.workers ?? availableParallelism());
  return summarise(data, samples, opts);
}

/** `computeLeaderboard` with its bootstrap in worker threads. */
export function computeLeaderboardParallel(matches: readonly RatedMatch[], opts: LeaderboardOptions & ParallelOptions = {}): Promise<Leaderboard> {
  return computeLeaderboard(matches, { ...opts, runBootstrap: (m, o) => bootstrapParallel(m, { ...o, workers: opts.workers }) });
}
