// Worker thread of bootstrapParallel: runs a contiguous share of the bootstrap rounds and posts their β back.
import { parentPort, workerData } from 'node:worker_threads';
import { runRounds, type BootstrapData } from './bootstrap';

/** What bootstrapParallel hands each worker. */
export interface BootstrapJob {
  /** The prepared bootstrap. */
  data: BootstrapData;
  /** First round (inclusive). */
  from: number;
  /** Last round (exclusive). */
  to: number;
}

const { data, from, to } = workerData as BootstrapJob;
const betas = runRounds(data, from, to);
parentPort!.postMessage(betas, [betas.buffer as ArrayBuffer]);
