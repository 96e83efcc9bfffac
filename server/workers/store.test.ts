// The Postgres match store: the one-statement load, coalesced writes (begin, events and calls, finish) and which
// matches may commit without waiting for the WAL flush.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Outcome } from '../../lib/engine/types';
import { createTestDb, type TestDb } from '../db/test-db';
import { loadSetup, prismaStore, type CallRow, type StoreBatchInfo, type StoredEvent } from './store';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.drop();
});

const uniq = () => Math.random().toString(36).slice(2, 8);
const agent = (data: Record<string, unknown>) =>
  t.db.agent.create({ data: { name: `a-${uniq()}`, kind: 'random', ...data } as never });
const match = (agentIds: string[]) =>
  t.db.match.create({
    data: {
      gameId: 'tictactoe',
      seed: uniq(),
      numPlayers: agentIds.length,
      seats: { create: agentIds.map((agentId, seat) => ({ seat, agentId })) },
    },
  });
const ev = (seq: number, kind = 'move'): StoredEvent =>
  ({
    seq,
    kind,
    seat: kind === 'move' ? 0 : null,
    payload: { ply: seq },
    visibleTo: [],
    at: new Date('2025-01-02T03:04:05.678Z'),
  }) as unknown as StoredEvent;
const call = (tokensIn: number, costUsd: number): CallRow =>
  ({
    purpose: 'move',
    seat: 0,
    ply: 0,
    attempt: 0,
    agentId: 'x',
    model: 'm',
    messages: [{ role: 'user', content: 'hi' }],
    reply: 'X: 4',
    parsedAction: null,
    error: null,
    tokensIn,
    tokensOut: 1,
    latencyMs: 5,
    costUsd,
  }) as unknown as CallRow;
const stats = (moves: number) => ({ illegal: 1, forfeits: 0, moves, replies: moves, explains: 0 });

describe('loadSetup', () => {
  it('returns exactly what Prisma’s nested include returned, provider and dates included', async () => {
    const p = await t.db.provider.create({
      data: {
        name: `p-${uniq()}`,
        baseUrl: 'http://127.0.0.1:1/v1',
        models: ['m1', 'm2'],
        apiKeyEnc: 'enc',
        rpm: 60,
        priceInPer1k: 0.25,
        priceOutPer1k: 1.5,
        modelPrices: { m1: { in: 0.1, out: 0.2 } },
        peopleDailyBudgetUsd: 3.5,
      },
    });
    const llm = await agent({
      kind: 'llm',
      providerId: p.id,
      model: 'm1',
      temperature: 0.7,
      maxTokens: 256,
      scaffold: 'cot',
      settings: { k: [1, 2] },
      archivedAt: new Date('2024-06-01T12:00:00.123Z'),
    });
    const rnd = await agent({});
    const m = await match([rnd.id, llm.id]);
    await t.db.match.update({
      where: { id: m.id },
      data: {
        config: { size: 3 },
        startedAt: new Date('2025-03-04T05:06:07.089Z'),
        moveSeconds: 45,
        discardedCostUsd: 0.125,
      },
    });

    const viaPrisma = await t.db.match.findUnique({
      where: { id: m.id },
      include: { seats: { orderBy: { seat: 'asc' }, include: { agent: { include: { provider: true } } } } },
    });
    const expected = { ...viaPrisma!, seats: viaPrisma!.seats.map((s) => ({ seat: s.seat, agent: s.agent })) };
    const got = await loadSetup(t.db, m.id);
    expect(got).toEqual(expected);
    expect(got!.seats[1]!.agent.provider!.priceOutPer1k).toBe(1.5);
    expect((got as unknown as { startedAt: Date }).startedAt.toISOString()).toBe('2025-03-04T05:06:07.089Z');
    expect(await loadSetup(t.db, 'no-such-match')).toBeNull();
  });
});

describe('prismaStore writes', () => {
  it('coalesces several matches’ begin, events, calls and finish into shared statements with the same rows as before', async () => {
    const [a, b] = [await agent({}), await agent({})];
    const m1 = await match([a.id, b.id]);
    const m2 = await match([b.id, a.id]);
    const batches: StoreBatchInfo[] = [];
    const store = prismaStore(t.db, { onBatch: (i) => batches.push(i) });
    // m1 restarts after a crash: a partial log and a call that spent tokens are cleared, what they spent is kept.
    await t.db.matchEvent.create({ data: { matchId: m1.id, seq: 1, kind: 'start', payload: {} } });
    await t.db.llmCall.create({
      data: {
        matchId: m1.id,
        purpose: 'move',
        seat: 0,
        ply: 0,
        attempt: 0,
        agentId: a.id,
        model: 'm',
        messages: [],
        tokensIn: 7,
        tokensOut: 3,
        latencyMs: 1,
        costUsd: 0.5,
      },
    });
    await store.load(m1.id);
    await store.load(m2.id);
    // Both matches write in step: each of their writes shares a statement with the other's.
    const play = async (id: string, n: number) => {
      await store.begin(id);
      for (let s = 1; s <= n; s++) await store.appendBatch(id, [ev(s)], s === 1 ? [call(10, 0.25)] : []);
      await store.finish(id, { scores: [1, 0], reason: 'r', winner: 0 } as Outcome, [stats(2), stats(1)], n);
    };
    await Promise.all([play(m1.id, 3), play(m2.id, 2)]);

    expect(batches.map((bt) => bt.ops.length)).toEqual([2, 2, 2, 2, 1]); // begins, seq 1s, seq 2s, m1's seq 3 with m2's finish, m1's finish
    for (const bt of batches) expect(new Set(bt.ops.map((o) => o.matchId)).size).toBe(bt.ops.length);
    const r1 = await t.db.match.findUnique({
      where: { id: m1.id },
      include: { seats: { orderBy: { seat: 'asc' } }, events: { orderBy: { seq: 'asc' } }, llmCalls: true },
    });
    expect(r1!.status).toBe('finished');
    expect(r1!.lastSeq).toBe(3);
    expect(r1!.rated).toBe(true);
    expect(r1!.result).toEqual({ scores: [1, 0], reason: 'r', winner: 0 });
    expect(r1!.discardedTokens).toBe(10);
    expect(r1!.discardedCostUsd).toBe(0.5);
    expect(r1!.events.map((e) => [e.seq, e.kind])).toEqual([
      [1, 'move'],
      [2, 'move'],
      [3, 'move'],
    ]);
    expect(r1!.events[0]!.createdAt.toISOString()).toBe('2025-01-02T03:04:05.678Z');
    expect(r1!.llmCalls.map((c) => [c.tokensIn, c.costUsd])).toEqual([[10, 0.25]]);
    expect(r1!.seats.map((s) => [s.score, s.outcome, s.moveCount, s.illegalCount])).toEqual([
      [1, 'win', 2, 1],
      [0, 'loss', 1, 1],
    ]);
    const r2 = await t.db.match.findUnique({ where: { id: m2.id }, include: { events: true } });
    expect([r2!.status, r2!.lastSeq, r2!.events.length, r2!.discardedTokens]).toEqual(['finished', 2, 2, 0]);
  });

  it('a failing statement rejects its writers; the next writes still go through', async () => {
    const [a, b] = [await agent({}), await agent({})];
    const m = await match([a.id, b.id]);
    const store = prismaStore(t.db);
    await store.appendBatch(m.id, [ev(1, 'start')], []);
    await expect(store.appendBatch(m.id, [ev(1)], [])).rejects.toThrow(); // (match, seq) is unique
    await store.appendBatch(m.id, [ev(2)], []);
    expect(
      (await t.db.matchEvent.findMany({ where: { matchId: m.id }, orderBy: { seq: 'asc' } })).map((e) => e.kind),
    ).toEqual(['start', 'move']);
  });

  it('relaxes the commit only for matches without a person; a person’s match is always written durably', async () => {
    const person = await agent({ kind: 'human' });
    const [a, b] = [await agent({}), await agent({})];
    const robots = await match([a.id, b.id]);
    const withPerson = await match([person.id, a.id]);
    const unloaded = await match([b.id, a.id]);
    const batches: StoreBatchInfo[] = [];
    const store = prismaStore(t.db, { onBatch: (i) => batches.push(i) });
    await store.load(robots.id);
    await store.load(withPerson.id);

    await store.appendBatch(robots.id, [ev(1)], []);
    await store.appendBatch(withPerson.id, [ev(1)], []);
    await store.appendBatch(unloaded.id, [ev(1)], []); // not loaded by this store: nothing known, so durable
    await Promise.all([store.appendBatch(robots.id, [ev(2)], []), store.appendBatch(withPerson.id, [ev(2)], [])]);
    await store.finish(robots.id, { scores: [1, 0], reason: 'r', winner: 0 } as Outcome, [stats(1), stats(1)], 2);
    await store.appendBatch(robots.id, [ev(3)], []); // after finish the store forgets the match: durable again

    const relaxedOf = (id: string) =>
      batches.filter((bt) => bt.ops.some((o) => o.matchId === id)).map((bt) => bt.relaxed);
    expect(relaxedOf(withPerson.id).every((r) => r === false)).toBe(true);
    expect(relaxedOf(withPerson.id)).toHaveLength(2);
    expect(relaxedOf(unloaded.id)).toEqual([false]);
    expect(
      batches.filter((bt) => bt.ops.every((o) => o.matchId === robots.id)).map((bt) => [bt.ops[0]!.kind, bt.relaxed]),
    ).toEqual(
      expect.arrayContaining([
        ['append', true],
        ['finish', true],
        ['append', false],
      ]),
    );
    expect(await t.db.matchEvent.count({ where: { matchId: withPerson.id } })).toBe(2);
  });
});
