// Starting games from the Play page, on real Postgres and pg-boss: what is checked, how seats are filled, the limit
// on open games, play again, and the play queue (a person's match is queued apart from tournaments).
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_GENERATOR } from '../../lib/engine/rng';
import { createGuest } from '../../lib/db/people';
import { utcDayStart } from '../../lib/db/people-budget';
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
    const m = await t.db.match.findUniqueOrThrow({
      where: { id: matchId },
      include: { seats: { orderBy: { seat: 'asc' } } },
    });
    expect(m).toMatchObject({
      gameId: 'connect-four',
      status: 'queued',
      numPlayers: 2,
      moveSeconds: 30,
      tournamentId: null,
    });
    expect(m.seats.map((s) => s.agentId)).toEqual([ids.engine, ids.me]);
    // Dealt from 128 random bits by the current generator: a person's cards are not computable from their own.
    expect(m.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(m.generator).toBe(CURRENT_GENERATOR);
    const pending = await (
      boss.getDb() as { executeSql(s: string, v: unknown[]): Promise<{ rows: { name: string }[] }> }
    ).executeSql('SELECT name FROM pgboss.job WHERE id = $1::uuid', [jobIdFor(matchId, 0)]);
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
    await expect(start({ gameId: 'chess', opponentIds: [ids.random] })).rejects.toThrow(
      'there is no game "chess" to play',
    );
    await expect(start({ gameId: 'tictactoe', opponentIds: [ids.random, ids.engine] })).rejects.toThrow(
      'Tic-Tac-Toe needs 1 opponent (you picked 2)',
    );
    await expect(start({ gameId: 'tictactoe', opponentIds: [] })).rejects.toThrow(/pick an opponent/);
    await expect(start({ gameId: 'tictactoe', opponentIds: ['nope'] })).rejects.toThrow(
      'there is no agent with id nope',
    );
    await expect(start({ gameId: 'tictactoe', opponentIds: [ids.retired] })).rejects.toThrow(
      /old engine has been replaced by a newer version/,
    );
    await expect(start({ gameId: 'tictactoe', opponentIds: [ids.other] })).rejects.toThrow(/Rae is a person/);
    await expect(start({ gameId: 'tictactoe', opponentIds: [ids.random], seat: 5 })).rejects.toThrow(/has no seat 6/);
    await expect(start({ gameId: 'tictactoe', opponentIds: [ids.random], moveSeconds: 2 })).rejects.toThrow(
      /at least 10 seconds/,
    );
    await expect(start({ gameId: 'tictactoe', opponentIds: [ids.random] }, ids.random)).rejects.toThrow(
      /choose a name/,
    );
    await expect(start('garbage')).rejects.toThrow(/^should be an object \(named fields, as JSON writes them\)$/);
  });

  it('a person has at most three games open at once, even with quick double clicks', async () => {
    // Two are open from the tests above; of three racing starts, one fits.
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => start({ gameId: 'tictactoe', opponentIds: [ids.random] })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect(String(r.reason)).toMatch(/you already have 3 games in progress/);
  });

  it('play again: same game and opponents, the other side; only for someone who played', async () => {
    const old = await t.db.match.create({
      data: {
        gameId: 'tictactoe',
        seed: 's',
        numPlayers: 2,
        status: 'finished',
        moveSeconds: 45,
        seats: {
          create: [
            { seat: 0, agentId: ids.other!, score: 1 },
            { seat: 1, agentId: ids.engine!, score: 0 },
          ],
        },
      },
    });
    const { matchId } = await rematch(t.db, boss, ids.other!, old.id);
    const m = await t.db.match.findUniqueOrThrow({
      where: { id: matchId },
      include: { seats: { orderBy: { seat: 'asc' } } },
    });
    expect(m.seats.map((s) => s.agentId)).toEqual([ids.engine, ids.other]);
    expect(m.moveSeconds).toBe(45);
    await expect(rematch(t.db, boss, ids.me!, old.id)).rejects.toThrow('you did not play in that match');
    await expect(rematch(t.db, boss, ids.other!, 'missing')).rejects.toThrow('match missing does not exist');
  });
});

describe('who people may play, and their daily budget', () => {
  const guest = async (name: string) => (await createGuest(t.db, { name })).agentId;
  const provider = (name: string, data: Record<string, unknown> = {}) =>
    t.db.provider.create({
      data: { name, baseUrl: 'http://127.0.0.1:9/v1', models: ['m'], priceInPer1k: 0.01, priceOutPer1k: 0.03, ...data },
    });
  const llm = (name: string, providerId: string, playable: boolean) =>
    t.db.agent.create({ data: { name, kind: 'llm', providerId, model: 'm', scaffold: 'base', playable } });

  it('baselines and agents an admin marked playable only: a crafted request for another agent is refused, at start and at play again', async () => {
    const p = await provider('Paid endpoint');
    const secret = await llm('expensive · cot', p.id, false);
    const open = await llm('cheap · base', p.id, true);
    const who = await guest('Mallory');
    await expect(startPlayMatch(t.db, boss, who, { gameId: 'tictactoe', opponentIds: [secret.id] })).rejects.toThrow(
      'expensive · cot is not open for games with people: pick one of the opponents on the Play page',
    );
    expect(await t.db.match.count({ where: { seats: { some: { agentId: secret.id } } } })).toBe(0);
    const { matchId } = await startPlayMatch(t.db, boss, who, { gameId: 'tictactoe', opponentIds: [open.id] });
    await startPlayMatch(t.db, boss, who, { gameId: 'tictactoe', opponentIds: [ids.engine] });

    // Withdrawn from people's games after the first match: play again is refused too.
    await t.db.match.update({ where: { id: matchId }, data: { status: 'finished' } });
    await t.db.agent.update({ where: { id: open.id }, data: { playable: false } });
    await expect(rematch(t.db, boss, who, matchId)).rejects.toThrow(/cheap · base is not open for games with people/);
  });

  it("a provider's daily budget for people's games: refused once today's spend in people's matches reaches it", async () => {
    const p = await provider('Budgeted', { peopleDailyBudgetUsd: 0.05 });
    const model = await llm('budgeted · base', p.id, true);
    const who = await guest('Spender');
    const played = async (seats: string[], cost: number, at = new Date()) => {
      const m = await t.db.match.create({
        data: {
          gameId: 'tictactoe',
          seed: 's',
          numPlayers: seats.length,
          status: 'finished',
          seats: { create: seats.map((agentId, seat) => ({ seat, agentId })) },
        },
      });
      await t.db.llmCall.create({
        data: {
          matchId: m.id,
          seat: 0,
          ply: 0,
          attempt: 0,
          agentId: model.id,
          model: 'm',
          messages: [],
          latencyMs: 1,
          costUsd: cost,
          createdAt: at,
        },
      });
    };
    // Yesterday's spend and a tournament's (no person in it) do not count.
    await played([model.id, who], 1, new Date(utcDayStart().getTime() - 60_000));
    await played([model.id, ids.engine!], 1);
    await played([model.id, who], 0.03);
    const first = await startPlayMatch(t.db, boss, who, { gameId: 'tictactoe', opponentIds: [model.id] });
    await t.db.match.update({ where: { id: first.matchId }, data: { status: 'finished' } });
    await played([model.id, who], 0.02);
    await expect(startPlayMatch(t.db, boss, who, { gameId: 'tictactoe', opponentIds: [model.id] })).rejects.toThrow(
      "today's budget for people's games on Budgeted is spent; it resets at 00:00 UTC",
    );
    await expect(rematch(t.db, boss, who, first.matchId)).rejects.toThrow(
      /today's budget for people's games on Budgeted is spent/,
    );
    // Baselines cost nothing and stay open.
    await expect(
      startPlayMatch(t.db, boss, who, { gameId: 'tictactoe', opponentIds: [ids.random] }),
    ).resolves.toBeTruthy();
  });
});
