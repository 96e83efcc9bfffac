// The match worker's slots: a slot that has finished a match takes the next queued one at once, not after its poll.
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournamentProgress } from '../../lib/db/tournament-progress';
import { createTestDb, type TestDb } from '../db/test-db';
import { startQueue, stopQueue } from '../scheduler/queue';
import { createTournament } from '../scheduler/tournaments';
import { startMatchWorker } from './match-worker';

let t: TestDb;
let boss: PgBoss;

beforeAll(async () => {
  t = await createTestDb();
  boss = await startQueue(t.url);
});
afterAll(async () => {
  if (boss) await stopQueue(boss);
  await t?.drop();
});

describe('match worker', () => {
  it('one slot plays every queued match back to back: a finished match does not wait for the next poll', async () => {
    // Polls two minutes apart: only the new jobs' NOTIFY wakes the slot, once; each next match is taken because the
    // slot wakes itself when one is done (pg-boss alone would wait out the two minutes after each).
    await startMatchWorker(boss, t.db, { concurrency: 1, idlePollSeconds: 120 });
    const agents = await Promise.all(['r1', 'r2'].map((name) => t.db.agent.create({ data: { name, kind: 'random' } })));
    const { tournament, matches } = await createTournament(t.db, boss, {
      name: 'back to back',
      format: 'round-robin',
      gameIds: ['tictactoe'],
      agentIds: agents.map((a) => a.id),
      gamesPerPair: 4,
      seed: 'slots',
    });
    expect(matches).toBe(4);
    await expect
      .poll(async () => (await tournamentProgress(t.db, [tournament.id]))[0]!.counts.done, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe(4);
    // One at a time, as the slot count says.
    const played = await t.db.match.findMany({
      where: { tournamentId: tournament.id },
      select: { startedAt: true, finishedAt: true },
      orderBy: { startedAt: 'asc' },
    });
    for (let i = 1; i < played.length; i++)
      expect(played[i]!.startedAt!.getTime()).toBeGreaterThanOrEqual(played[i - 1]!.finishedAt!.getTime());
  });
});
