// Starting games from the Play page, on real Postgres and pg-boss: what is checked, how seats are filled, the limit
// on open games, play again, and the play queue (a person's match is queued apart from tournaments).
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuest } from '../../lib/people';
import { createTestDb, type TestDb } from '../db/test-db';
import { jobIdFor, liveJobIds, PLAY_QUEUE, startQueue, stopQueue } from './queue';
import { rematch, startPlayMatch } from './play';

let t: TestDb;
let boss: PgBoss;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestDb();
  boss = await startQueue(t.url, { worker: false });
  ids.random = (await t.db.agent.create({ data: { name: 'random', kind: 'random' } })).id;
  ids.engine = (await t.db.agent.create({ data: { name: 'engine', kind: 'engine' } })).id;
  ids.retired = (await t.db.agent.create({ data: { name: 'old engine', kind: 'engine', retired: true } })).id;
  ids.me = (await createGuest(t.db, { name: 'Quinn' })).agentId;
  ids.other = (await createGuest(t.db, { name: 'Rae' })).agentId;
});
afterAll(async () => {
  if (boss) await stopQueue(boss);
  await t?.drop();
});

const start = (input: unknown, who = ids.me!) => startPlayMatch(t.db, boss, who, input);

describe('starting a game', () => {
  it('creates the match with the person in the chosen seat and queues it on the play queue', async () => {
    const { matchId } = await start({ gameId: 'connect-four', opponentIds: [ids.engine], seat: 1, moveSeconds: '30' });
    const m = await t.db.match.findUniqueOrThrow({ where: { id: matchId }, include: { seats: { orderBy: { seat: 'asc' } } } });
    expect(m).toMatchObject({ gameId: 'connect-four', status: 'queued', numPlayers: 2, moveSeconds: 30, tournamentId: null });
    expect(m.seats.map((s) => s.agentId)).toEqual([ids.engine, ids.me]);
    const pending = await (boss.getDb() as { executeSql(s: string, v: unknown[]): Promise<{ rows: { name: string }[] }> }).executeSql(
      'SELECT name FROM pgboss.job WHERE id = $1::uuid', [jobIdFor(matchId, 0)]);
    expect(pending.rows).toEqual([{ name: PLAY_QUEUE }]);
    expect(await liveJobIds(boss, [jobIdFor(matchId, 0)])).toEqual(new Set([jobIdFor(matchId, 0)]));
  });

  it('a random seat is one of the seats', async () => {
    const { matchId } = await start({ gameId: 'tictactoe', opponentIds: [ids.random] });
    const seats = await t.db.seat.findMany({ where: { matchId } });
    expect(seats.filter((s) => s.agentId === ids.me)).toHaveLength(1);
    expect(seats.find((s) => s.agentId === ids.me)!.seat).toBeLessThan(2);
  });

  it('refuses what cannot be played, saying why', async () => {
    await expect(start({ gameId: 'chess', opponentIds: [ids.random] })).rejects.toThrow('there is no game "chess" to play');
    await expect(start({ gameId: 'tictactoe', opponentIds: [ids.random, ids.engine] })).rejects.toThrow('Tic-Tac-Toe needs 1 opponent (you picked 2)');
    await expect(start({ gameId: 'tictactoe', opponentIds: [] })).rejects.toThrow(/pick an opponent/);
    await expect(start({ gameId: 'tictactoe', opponentIds: ['nope'] })).rejects.toThrow('there is no agent with id nope');
    await expect(start({ gameId: 'tictactoe', opponentIds: [ids.retired] })).rejects.toThrow(/old engine has been replaced by a newer version/);
    await expect(start({ gameId: 'tictactoe', opponentIds: [ids.other] })).rejects.toThrow(/Rae is a person/);
    await expect(start({ gameId: 'tictactoe', opponentIds: [ids.random], seat: 5 })).rejects.toThrow(/has no seat 6/);
    await expect(start({ gameId: 'tictactoe', opponentIds: [ids.random], moveSeconds: 2 })).rejects.toThrow(/at least 10 seconds/);
    await expect(start({ gameId: 'tictactoe', opponentIds: [ids.random] }, ids.random)).rejects.toThrow(/choose a name/);
    await expect(start('garbage')).rejects.toThrow(/expected object/i);
  });

  it('a person has at most three games open at once, even with quick double clicks', async () => {
    // Two are open from the tests above; of three racing starts, one fits.
    const results = await Promise.allSettled([1, 2, 3].map(() => start({ gameId: 'tictactoe', opponentIds: [ids.random] })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/you already have 3 games in progress/);
  });

  it('play again: same game and opponents, the other side; only for someone who played', async () => {
    const old = await t.db.match.create({
      data: { gameId: 'tictactoe', seed: 's', numPlayers: 2, status: 'finished', moveSeconds: 45, seats: { create: [{ seat: 0, agentId: ids.other!, score: 1 }, { seat: 1, agentId: ids.engine!, score: 0 }] } },
    });
    const { matchId } = await rematch(t.db, boss, ids.other!, old.id);
    const m = await t.db.match.findUniqueOrThrow({ where: { id: matchId }, include: { seats: { orderBy: { seat: 'asc' } } } });
    expect(m.seats.map((s) => s.agentId)).toEqual([ids.engine, ids.other]);
    expect(m.moveSeconds).toBe(45);
    await expect(rematch(t.db, boss, ids.me!, old.id)).rejects.toThrow('you did not play in that match');
    await expect(rematch(t.db, boss, ids.other!, 'missing')).rejects.toThrow('match missing does not exist');
  });
});
