// The consistency judge's calls go the players' way: asked through callModel (purpose `judge`) and written by the
// match store (no ply: a judge scores after the match); migration 0010 gives the judge calls stored before it, with the
// old magic ply -1, the same purpose.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { createTestDb, type TestDb } from '../db/test-db';
import { startSimulatedEndpoint } from '../llm/simulated';
import { runMatch } from '../workers/run-match';
import { prismaStore, type CallRow } from '../workers/store';
import { createAgent } from '.';
import { judgeMatch } from './judge';

const suffix = () => Math.random().toString(36).slice(2, 8);

describe('the judge records its calls through the match store', () => {
  it('every call is a judge call at no move, priced by callModel, and stored as the store was given it', async () => {
    process.env.ARENA_SECRET ??= 'test-secret-test-secret';
    const [t, sim] = await Promise.all([
      createTestDb(),
      startSimulatedEndpoint({ port: 0, seed: 'judge-store', latencyMs: 0 }),
    ]);
    try {
      await judgedThroughTheStore(t, sim.url);
    } finally {
      await sim.close();
      await t.drop();
    }
  });
});

/** A spy match of simulated players, judged by a simulated judge whose store records what it is given. */
async function judgedThroughTheStore(t: TestDb, url: string) {
  const p = await t.db.provider.create({
    data: {
      name: `p-${suffix()}`,
      baseUrl: url,
      models: ['sim-careful'],
      simulated: true,
      priceInPer1k: 0.01,
      priceOutPer1k: 0.03,
    },
  });
  const llm = (name: string) =>
    t.db.agent.create({
      data: {
        name: `${name}-${suffix()}`,
        kind: 'llm',
        providerId: p.id,
        model: 'sim-careful',
        scaffold: 'base',
        simulated: true,
      },
    });
  const player = await llm('player');
  const judge = await llm('judge');
  const m = await t.db.match.create({
    data: {
      gameId: 'spy',
      seed: `judge-store-${suffix()}`,
      config: { pairId: 'moon-sun', spySeats: [0], maxRounds: 1 },
      numPlayers: 4,
      seats: { create: [0, 1, 2, 3].map((seat) => ({ seat, agentId: player.id })) },
    },
  });
  const store = prismaStore(t.db);
  expect((await runMatch(m.id, { store, createAgent })).status).toBe('finished');

  const given: CallRow[] = [];
  const r = await judgeMatch(t.db, m.id, judge.id, {
    recordCall: async (matchId, ...calls) => {
      expect(matchId).toBe(m.id);
      given.push(...calls);
      await store.recordCall(matchId, ...calls);
    },
  });
  expect(r).toMatchObject({ failed: 0, skipped: false });
  expect(r.judged).toBeGreaterThanOrEqual(4);
  expect(given.length).toBeGreaterThanOrEqual(r.judged);
  for (const c of given) {
    expect(c).toMatchObject({ purpose: 'judge', ply: null, agentId: judge.id, model: 'sim-careful' });
    // The cost comes from callModel, at the provider's prices (nothing recomputes it).
    expect(c.costUsd).toBeCloseTo((c.tokensIn! * 0.01 + c.tokensOut! * 0.03) / 1000, 12);
    expect(c.costUsd).toBeGreaterThan(0);
  }

  // What reached llm_calls is exactly what the store was given, nothing written beside it.
  const rows = await t.db.llmCall.findMany({ where: { matchId: m.id, agentId: judge.id }, orderBy: { id: 'asc' } });
  type Stored = Pick<
    CallRow,
    'seat' | 'ply' | 'attempt' | 'reply' | 'error' | 'tokensIn' | 'tokensOut' | 'latencyMs' | 'costUsd' | 'parsedAction'
  > & { purpose: string };
  const shape = (c: Stored) => ({
    purpose: c.purpose,
    seat: c.seat,
    ply: c.ply,
    attempt: c.attempt,
    reply: c.reply,
    error: c.error,
    tokensIn: c.tokensIn,
    tokensOut: c.tokensOut,
    latencyMs: c.latencyMs,
    costUsd: c.costUsd,
    parsedAction: c.parsedAction,
  });
  expect(rows.map(shape)).toEqual(given.map(shape));
  // The players' calls are move calls, each with its ply.
  const moves = await t.db.llmCall.findMany({ where: { matchId: m.id, agentId: player.id } });
  expect(moves.length).toBeGreaterThan(0);
  expect(moves.every((c) => c.purpose === 'move' && c.ply !== null && c.ply >= 0)).toBe(true);

  // Each verdict is the parsed action of the call that gave it, about the seat that said the statement.
  const judgments = await t.db.judgment.findMany({ where: { matchId: m.id, judgeId: judge.id } });
  expect(judgments).toHaveLength(r.judged);
  for (const j of judgments) {
    const call = given.find((c) => (c.parsedAction as { item?: number } | null)?.item === j.item);
    expect(call?.parsedAction).toEqual({
      type: 'judgment',
      item: j.item,
      score: j.score,
      consistent: j.consistent,
      reason: j.reason,
    });
    expect(call?.seat).toBe(j.seat);
  }
}

describe('migration 0010_call_purpose', () => {
  it('gives the calls stored with ply -1 the purpose judge and no ply; the others stay move calls with their ply', async () => {
    const t = await createTestDb({ until: '0009_side_outcomes' });
    const client = new pg.Client({ connectionString: t.url });
    try {
      const a = await t.db.agent.create({ data: { name: 'legacy-llm', kind: 'llm' } });
      // The match and its seats in SQL: Prisma's client knows columns added by later migrations (seats.explain_count,
      // matches.stages_pending).
      await client.connect();
      const m = (
        await client.query<{ id: string }>(
          `INSERT INTO matches (id, game_id, seed, num_players, status) VALUES ('legacy-match', 'spy', 'legacy', 4, 'finished') RETURNING id`,
        )
      ).rows[0]!;
      for (const seat of [0, 1, 2, 3])
        await client.query('INSERT INTO seats (match_id, seat, agent_id) VALUES ($1, $2, $3)', [m.id, seat, a.id]);
      // Rows as the old code wrote them: a move at ply 0 and ply 7, two judge calls (a correction) at ply -1.
      const insert = (seat: number, ply: number, attempt: number) =>
        client.query(
          `INSERT INTO llm_calls (match_id, seat, ply, attempt, agent_id, model, messages, latency_ms, cost_usd) VALUES ($1, $2, $3, $4, $5, 'm', '[]', 5, 0.001)`,
          [m.id, seat, ply, attempt, a.id],
        );
      await insert(0, 0, 0);
      await insert(2, 7, 1);
      await insert(3, -1, 0);
      await insert(3, -1, 1);

      expect(await migrate(t.url)).toContain('0010_call_purpose');

      const rows = await t.db.llmCall.findMany({ where: { matchId: m.id }, orderBy: { id: 'asc' } });
      expect(rows.map((r) => [r.purpose, r.seat, r.ply, r.attempt, r.costUsd])).toEqual([
        ['move', 0, 0, 0, 0.001],
        ['move', 2, 7, 1, 0.001],
        ['judge', 3, null, 0, 0.001],
        ['judge', 3, null, 1, 0.001],
      ]);
      // From now on a move call has its ply and any other call has none.
      const refused = (purpose: string, ply: number | null) =>
        client.query(
          `INSERT INTO llm_calls (match_id, purpose, seat, ply, attempt, agent_id, model, messages, latency_ms) VALUES ($1, $2, 0, $3, 0, $4, 'm', '[]', 1)`,
          [m.id, purpose, ply, a.id],
        );
      await expect(refused('move', null)).rejects.toThrow(/llm_calls_ply_check/);
      await expect(refused('move', -1)).rejects.toThrow(/llm_calls_ply_check/);
      await expect(refused('judge', 3)).rejects.toThrow(/llm_calls_ply_check/);
      await refused('judge', null);
      await refused('move', 4);
      expect(await t.db.llmCall.count({ where: { matchId: m.id } })).toBe(6);
    } finally {
      await client.end().catch(() => {});
      await t.drop();
    }
  });
});
