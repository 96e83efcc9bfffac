// Integration test: a tournament goes through the pg-boss queue and the workers to the end, each match once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgBoss } from 'pg-boss';
import { createTestDb, type TestDb } from '../db/test-db';
import { startMatchWorker } from '../workers/match-worker';
import { startQueue, stopQueue } from './queue';
import { createTournament, recoverUnfinished } from './tournaments';

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

describe('tournaments', () => {
  it('plays a round robin through the job queue, every match exactly once', async () => {
    const agents = await Promise.all([
      t.db.agent.create({ data: { name: 'rr-random', kind: 'random' } }),
      t.db.agent.create({ data: { name: 'rr-engine', kind: 'engine', settings: { depth: 2 } } }),
      t.db.agent.create({ data: { name: 'rr-random-2', kind: 'random' } }),
    ]);
    const { tournament, matches } = await createTournament(t.db, boss, {
      name: 'test', gameIds: ['tictactoe', 'connect-four'], agentIds: agents.map((a) => a.id), seedsPerPair: 2, seed: 'rr',
    });
    expect(matches).toBe(3 * 2 * 2 * 2);
    // Sending the same matches again (as recovery after a crash does) must not play anything twice.
    expect(await recoverUnfinished(t.db, boss)).toBe(matches);
    await startMatchWorker(boss, t.db, { concurrency: 4 });
    await expect
      .poll(() => t.db.match.count({ where: { tournamentId: tournament.id, status: { in: ['finished', 'failed'] } } }), { timeout: 45_000, interval: 250 })
      .toBe(matches);
    const failed = await t.db.match.findMany({ where: { tournamentId: tournament.id, status: 'failed' }, select: { failureReason: true } });
    expect(failed).toEqual([]);
    const starts = await t.db.matchEvent.groupBy({ by: ['matchId'], where: { kind: 'start' }, _count: true });
    expect(starts).toHaveLength(matches);
    expect(starts.every((s) => s._count === 1)).toBe(true);
    const seats = await t.db.seat.findMany({ where: { match: { tournamentId: tournament.id } } });
    expect(seats.every((s) => s.score !== null)).toBe(true);
  });

  it('rejects a tournament with unknown games or agents, with a readable reason', async () => {
    const a = await t.db.agent.create({ data: { name: 'x1', kind: 'random' } });
    const b = await t.db.agent.create({ data: { name: 'x2', kind: 'random' } });
    await expect(createTournament(t.db, boss, { name: 'bad', gameIds: ['chess'], agentIds: [a.id, b.id], seedsPerPair: 1 })).rejects.toThrow(/unknown game "chess"/);
    await expect(createTournament(t.db, boss, { name: 'bad', gameIds: ['tictactoe'], agentIds: [a.id, 'nobody'], seedsPerPair: 1 })).rejects.toThrow(/agents do not exist/);
    await expect(createTournament(t.db, boss, { name: 'bad', gameIds: ['tictactoe'], agentIds: [a.id], seedsPerPair: 1 })).rejects.toThrow(/at least two agents/);
  });
});
