// Worker thread: computes leaderboards off the server's event loop (bootstrap, TrueSkill, Elo are CPU work).
import { parentPort } from 'node:worker_threads';
import { computeLeaderboard, type LeaderboardOptions } from '../../lib/rating';
import type { RatedMatch } from '../../lib/rating/types';

export interface ComputeRequest {
  id: number;
  matches: RatedMatch[];
  opts: LeaderboardOptions;
  /** Only load what the first computation would (TrueSkill's mathjs takes ~0.6 s): the start-up warm-up. */
  warm?: boolean;
}

parentPort?.on('message', async (req: ComputeRequest) => {
  try {
    if (req.warm) {
      await import('ts-trueskill');
      parentPort!.postMessage({ id: req.id, board: null });
      return;
    }
    const board = await computeLeaderboard(req.matches, req.opts);
    parentPort!.postMessage({ id: req.id, board });
  } catch (err) {
    parentPort!.postMessage({ id: req.id, error: (err as Error).message });
  }
});
