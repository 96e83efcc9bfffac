// Worker thread of one publication run (server/leaderboard/publication.ts): the bootstrap of GameBench's Eq. 3, B rounds
// in chunks, reporting the rounds done after each chunk. Round b depends only on (data, b), so the chunking changes
// nothing in the result. A thread of its own: the leaderboard's worker and the web process's event loop stay free.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { prepareBootstrap, runRounds, summarise, type BootstrapOptions, type BootstrapResult } from '../../lib/rating/bootstrap';
import type { RatedMatch } from '../../lib/rating/types';

export interface PublicationJob {
  matches: RatedMatch[];
  opts: BootstrapOptions & { rounds: number };
}

export type PublicationMessage =
  | { type: 'progress'; done: number }
  | { type: 'done'; result: BootstrapResult }
  | { type: 'error'; message: string };

/** Runs the job, calling `progress` after each chunk (about 100 chunks per run). */
export function runPublicationJob(job: PublicationJob, progress: (done: number) => void): BootstrapResult {
  const data = prepareBootstrap(job.matches, job.opts);
  const n = data.agents.length;
  const rounds = job.opts.rounds;
  const samples = new Float64Array(rounds * n);
  const chunk = Math.max(1, Math.min(250, Math.ceil(rounds / 100)));
  for (let from = 0; from < rounds; from += chunk) {
    const to = Math.min(rounds, from + chunk);
    samples.set(runRounds(data, from, to), from * n);
    progress(to);
  }
  return summarise(data, samples, job.opts);
}

/**
 * Lowest CPU priority for this thread only, so that the web process's event loop and the leaderboard's worker come
 * first on a busy machine: on Linux the nice value is per thread, and /proc/thread-self names this thread's id.
 * Elsewhere it stays as it is.
 */
function yieldToTheSite(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 19);
  } catch {
    // not Linux, or not allowed: the run keeps the default priority
  }
}

parentPort?.on('message', (job: PublicationJob) => {
  yieldToTheSite();
  try {
    const result = runPublicationJob(job, (done) => parentPort!.postMessage({ type: 'progress', done } satisfies PublicationMessage));
    parentPort!.postMessage({ type: 'done', result } satisfies PublicationMessage);
  } catch (err) {
    parentPort!.postMessage({ type: 'error', message: (err as Error).message } satisfies PublicationMessage);
  }
});
