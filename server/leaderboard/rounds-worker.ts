// A second thread for the leaderboard's bootstrap: the leaderboard's worker thread (compute-worker.ts) sends it a
// view's bootstrap data and the rounds to run, runs the other rounds itself meanwhile, and puts the two halves
// together. Round r depends only on (data, r) (lib/rating/bootstrap.ts), so the split changes no number.
import { parentPort } from 'node:worker_threads';
import { runRounds, type BootstrapData } from '../../lib/rating/bootstrap';

export interface RoundsJob {
  id: number;
  data: BootstrapData;
  from: number;
  to: number;
  /** The request's stop flag (compute-worker.ts, ComputeRequest): set, the rounds stop. */
  stop?: Int32Array;
}

parentPort?.on('message', (job: RoundsJob) => {
  try {
    const stop = job.stop;
    const samples = runRounds(
      job.data,
      job.from,
      job.to,
      stop
        ? () => {
            if (Atomics.load(stop, 0) !== 0) throw new Error('the computation was stopped');
          }
        : undefined,
    );
    parentPort!.postMessage({ id: job.id, samples }, [samples.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: (err as Error).message });
  }
});
