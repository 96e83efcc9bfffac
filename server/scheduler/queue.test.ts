// The match queue on real Postgres and pg-boss: job ids per (match, attempt), and priorities (the demo runs last).
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../db/test-db';
import { enqueueMatches, jobIdFor, MATCH_QUEUE, startQueue, stopQueue, type MatchJob } from './queue';

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
