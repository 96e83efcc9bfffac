// The match queue on real Postgres and pg-boss: job ids per (match, attempt), and priorities (the demo runs last).
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../db/test-db';
import {
  enqueueMatches,
  HEARTBEAT_REFRESH_SECONDS,
  HEARTBEAT_SECONDS,
  jobIdFor,
  MATCH_QUEUE,
  PLAY_QUEUE,
  startQueue,
  stopQueue,
  type MatchJob,
} from './queue';

let t: TestDb;
let boss: PgBoss;
beforeAll(async () => {
  t = await createTestDb();
  boss = await startQueue(t.url, { worker: false });
});
afterAll(async () => {
  if (boss) await stopQueue(boss);
  await t?.drop();
});

describe('match queue', () => {
  it('hands out higher-priority jobs first, whatever the order they were queued in', async () => {
    await enqueueMatches(
      boss,
      [
        { id: 'demo-1', attempt: 0 },
        { id: 'demo-2', attempt: 0 },
      ],
      MATCH_QUEUE,
      -10,
    );
    await enqueueMatches(boss, [{ id: 'admin-1', attempt: 0 }]);
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      const [job] = await boss.fetch<MatchJob>(MATCH_QUEUE);
      order.push(job!.data.matchId);
    }
    expect(order).toEqual(['admin-1', 'demo-1', 'demo-2']);
  });

  it('one job id per (match, attempt): queuing the same attempt twice is harmless', async () => {
    expect(jobIdFor('m', 0)).toBe(jobIdFor('m', 0));
    expect(jobIdFor('m', 1)).not.toBe(jobIdFor('m', 0));
    await enqueueMatches(boss, [{ id: 'twice', attempt: 0 }]);
    await enqueueMatches(boss, [{ id: 'twice', attempt: 0 }]);
    const [job] = await boss.fetch<MatchJob>(MATCH_QUEUE);
    expect(job!.data.matchId).toBe('twice');
    expect(await boss.fetch<MatchJob>(MATCH_QUEUE)).toEqual([]);
  });
});

describe('heartbeats', () => {
  it('a live worker is never taken for lost by one late refresh: the window holds ten, also on a queue made before', async () => {
    // The window a job may go without a heartbeat before it is retried (its match restarted beside the live run).
    expect(HEARTBEAT_SECONDS).toBeGreaterThanOrEqual(10 * HEARTBEAT_REFRESH_SECONDS);
    // A queue made by an older version with a 10 s window (one refresh missed at pg-boss's default of half of it).
    const old = await createTestDb();
    try {
      const before = new PgBoss({ connectionString: old.url, schema: 'pgboss', supervise: false, schedule: false });
      before.on('error', () => {});
      await before.start();
      for (const name of [MATCH_QUEUE, PLAY_QUEUE]) await before.createQueue(name, { heartbeatSeconds: 10 });
      await before.stop({ graceful: false, close: true, timeout: 2000 });
      const now = await startQueue(old.url, { worker: false });
      try {
        for (const name of [MATCH_QUEUE, PLAY_QUEUE])
          expect((await now.getQueue(name))?.heartbeatSeconds, name).toBe(HEARTBEAT_SECONDS);
      } finally {
        await stopQueue(now);
      }
    } finally {
      await old.drop();
    }
  });
});
