// Takes match jobs from the queue and plays them with the runner, a few at a time.
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../lib/db';
import { createAgent } from '../agents';
import type { Hub } from '../rooms/hub';
import { MATCH_QUEUE } from '../scheduler/queue';
import { runMatch } from './run-match';
import { prismaStore } from './store';

export async function startMatchWorker(boss: PgBoss, db: Db, opts: { concurrency: number; hub?: Hub; log?: (m: string) => void; onMatchEnd?: () => void }) {
  const store = prismaStore(db);
  await boss.work<{ matchId: string }>(
    MATCH_QUEUE,
    { localConcurrency: opts.concurrency, batchSize: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      const r = await runMatch(job.data.matchId, { store, createAgent, publish: opts.hub?.publish });
      if (r.status === 'failed') opts.log?.(`match ${job.data.matchId} failed: ${r.reason}`);
      if (r.status !== 'skipped') opts.onMatchEnd?.();
    },
  );
}
