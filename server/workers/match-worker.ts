// Takes match jobs from the queue and plays them with the runner, a few at a time; each job first claims its match
// (tournament running, budget left, job not stale) and settles the tournament afterwards.
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../lib/db';
import { createAgent } from '../agents';
import { humanBridge } from '../agents/human';
import { MATCH_QUEUE, PLAY_QUEUE, type MatchJob } from '../scheduler/queue';
import { judgeMatch } from '../agents/judge';
import { claimMatch, settleTournament, tournamentJudge, tournamentSimulbench } from '../scheduler/tournaments';
import { processDialogue } from '../simulbench/pipeline';
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
}

export async function startMatchWorker(boss: PgBoss, db: Db, opts: MatchWorkerOptions) {
  const store = prismaStore(db);
  const handler = async ([job]: { data: MatchJob }[]) => {
    if (!job) return;
    const { matchId, attempt = 0 } = job.data;
    const claim = await claimMatch(db, matchId, attempt);
    const tid = claim.tournamentId;
    if (tid) opts.onTournamentChange?.(tid);
    if (!claim.run) return;
    const r = await runMatch(matchId, { store, createAgent, publish: opts.publish, policy: opts.policy, humans: humanBridge });
    if (r.status === 'failed') opts.log?.(`match ${matchId} failed: ${r.reason}`);
    if (r.status !== 'skipped') opts.onMatchEnd?.(r.status);
    if (tid && r.status === 'finished') {
      // The tournament's judge scores the match's statements (Who is the spy's descriptions) once it is over. A judge
      // that fails leaves the match as it is: its verdicts are missing, with the reason, never the match's result.
      const simulbench = await tournamentSimulbench(db, tid);
      const judgeId = simulbench ? null : await tournamentJudge(db, tid);
      if (simulbench) {
        // SimulBench: the dialogue's scripts, the targets' answers, the ratings and the comparisons. A stage that fails
        // leaves its rows without a result, with the reason; the dialogue stays as it is.
        await processDialogue(db, matchId, tid, simulbench)
          .then((s) => s.problems && opts.log?.(`match ${matchId}: SimulBench left ${s.problems} answer(s) or comparison(s) without a result`))
          .catch((err) => opts.log?.(`match ${matchId}: SimulBench stages failed: ${(err as Error).message}`));
      }
      if (judgeId) {
        await judgeMatch(db, matchId, judgeId)
          .then((j) => j.failed && opts.log?.(`match ${matchId}: the judge could not score ${j.failed} statement(s)`))
          .catch((err) => opts.log?.(`match ${matchId}: judging failed: ${(err as Error).message}`));
      }
    }
    if (tid) {
      await settleTournament(db, boss, tid).catch((err) => opts.log?.(`tournament ${tid}: ${(err as Error).message}`));
      opts.onTournamentChange?.(tid);
    }
  };
  const options = { batchSize: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 };
  await boss.work<MatchJob>(MATCH_QUEUE, { ...options, localConcurrency: opts.concurrency }, handler);
  await boss.work<MatchJob>(PLAY_QUEUE, { ...options, localConcurrency: opts.playConcurrency ?? 100 }, handler);
}
