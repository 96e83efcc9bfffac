// Takes match jobs from the queue and plays them with the runner, a few at a time; each job first claims its match
// (tournament running, budget left, job not stale) and settles the tournament afterwards.
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../lib/db/client';
import { createAgent } from '../agents';
import { humanBridge } from '../agents/human';
import { HEARTBEAT_REFRESH_SECONDS, MATCH_QUEUE, PLAY_QUEUE, type MatchJob } from '../scheduler/queue';
import { claimMatch, hasStagesPending, settleTournament, stagesDone } from '../scheduler/tournaments';
import { runStagesAfterPlay } from './after-play';
import { runMatch, type RunnerDeps } from './run-match';
import { prismaStore } from './store';

export interface MatchWorkerOptions {
  concurrency: number;
  /** Matches with a person in a seat (mostly waiting for them) run apart, with their own limit (default 100). */
  playConcurrency?: number;
  /** Live fan-out of each stored event (the hub in this process, and/or a relay to other processes). */
  publish?: RunnerDeps['publish'];
  /** The runner's retry and time limits (the configured ones: server/config.ts); default: the configuration's defaults. */
  policy?: RunnerDeps['policy'];
  log?: (m: string) => void;
  /** A match this worker ran ended (finished or failed). */
  onMatchEnd?: (status: 'finished' | 'failed') => void;
  /** A tournament's counts or status changed. */
  onTournamentChange?: (tournamentId: string) => void;
  /** How often an idle slot looks for jobs while NOTIFY wakes it (default 5 s; tests make it longer). */
  idlePollSeconds?: number;
}

export async function startMatchWorker(boss: PgBoss, db: Db, opts: MatchWorkerOptions) {
  const store = prismaStore(db);
  const handler = async ([job]: { data: MatchJob }[]) => {
    if (!job) return;
    const { matchId, attempt = 0 } = job.data;
    const claim = await claimMatch(db, matchId, attempt);
    const tid = claim.tournamentId;
    if (tid) opts.onTournamentChange?.(tid);
    if (!claim.run) {
      // A retried job whose worker stopped after the match finished but before its stages after play: run them now.
      if (tid && claim.reason === 'already finished' && (await hasStagesPending(db, matchId))) {
        await afterPlay(matchId, tid);
        await settle(tid);
      }
      return;
    }
    const r = await runMatch(matchId, {
      store,
      createAgent,
      publish: opts.publish,
      policy: opts.policy,
      humans: humanBridge,
    });
    if (r.status === 'failed') opts.log?.(`match ${matchId} failed: ${r.reason}`);
    if (r.status !== 'skipped') opts.onMatchEnd?.(r.status);
    if (tid && r.status === 'finished') await afterPlay(matchId, tid);
    else if (tid && r.status !== 'skipped') await stagesDone(db, matchId);
    if (tid) await settle(tid);
  };
  const settle = async (tid: string) => {
    await settleTournament(db, boss, tid).catch((err) => opts.log?.(`tournament ${tid}: ${(err as Error).message}`));
    opts.onTournamentChange?.(tid);
  };
  /**
   * The tournament's stages after a finished match, whatever is registered (server/workers/after-play.ts: SimulBench's
   * scripts, answers, ratings and comparisons; a consistency judge). A stage that fails leaves its rows without a
   * result, with the reason, never the match's result. The match holds its tournament open until they have run.
   */
  const afterPlay = async (matchId: string, tid: string) => {
    await runStagesAfterPlay(db, matchId, tid, (line) => opts.log?.(line));
    await stagesDone(db, matchId);
  };
  // Each of the queue's local workers polls on its own (pg-boss): 356 of them at the default concurrency made ~357
  // transactions a second in an idle arena. New jobs wake them through NOTIFY, so while it is available they poll only
  // every 5 s, as a backstop for what NOTIFY does not announce (a failed job's retry after its delay). Without NOTIFY
  // (the listener reconnecting), every second.
  const options = {
    batchSize: 1,
    pollingIntervalSeconds: 1,
    notifyPollingIntervalSeconds: opts.idlePollSeconds ?? 5,
    heartbeatRefreshSeconds: HEARTBEAT_REFRESH_SECONDS,
  };
  await slots(boss, MATCH_QUEUE, opts.concurrency, options, handler);
  await slots(boss, PLAY_QUEUE, opts.playConcurrency ?? 100, options, handler);
}

/**
 * `n` workers on a queue, each of which fetches its next job as soon as it has finished one. pg-boss waits out the poll
 * interval from a fetch before the next one, whether it got a job or not (a burst is only for batches of more than
 * one): a slot whose match took 1 s would sit idle 4 s with matches queued. So each slot is a worker of its own, and
 * wakes itself when its job is done; an empty fetch then waits the interval as before (an idle arena polls no more).
 */
async function slots<T>(
  boss: PgBoss,
  queue: string,
  n: number,
  options: object,
  handler: (jobs: { data: T }[]) => Promise<void>,
) {
  for (let i = 0; i < n; i++) {
    // The handler runs only once `work` has answered, so `id` is set by then.
    const id: string = await boss.work<T>(queue, { ...options, localConcurrency: 1 }, async (jobs) => {
      try {
        await handler(jobs);
      } finally {
        if (id) boss.notifyWorker(id);
      }
    });
  }
}
