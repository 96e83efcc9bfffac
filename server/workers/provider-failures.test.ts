// Broken providers end to end (real Postgres, real HTTP): a transport or protocol failure voids the match (`failed`,
// with the reason, never rated), a transient one is retried and the match goes on, an illegal move is still illegal;
// the judge follows the same policy.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../agents';
import { judgeMatch } from '../agents/judge';
import { createTestDb, type TestDb } from '../db/test-db';
import { llmCallPolicy } from '../llm/clients';
import { startSimulatedEndpoint } from '../llm/simulated';
import { FAULTS, startFaultyEndpoint, type Answer, type Fault, type FaultyEndpoint } from '../llm/test-faulty-endpoint';
import { runMatch, type RunnerPolicy } from './run-match';
import { prismaStore } from './store';

let t: TestDb;
let endpoint: FaultyEndpoint | undefined;
const policy: RunnerPolicy = { maxRetries: 2, moveTimeoutMs: 30_000, humanTimeoutsToForfeit: 3 };
const suffix = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  process.env.ARENA_SECRET ??= 'test-secret-test-secret';
  // Two retries of a malformed response, 1 ms apart (clients made after this use the same retry count).
  llmCallPolicy.maxRetries = 2;
  llmCallPolicy.backoffMs = 1;
  t = await createTestDb();
});
afterAll(async () => {
  await t?.drop();
});
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

/** An LLM agent whose provider answers the i-th request with `answer(i)`. */
async function llmAt(answer: (i: number) => Answer) {
  endpoint = await startFaultyEndpoint(answer);
  const p = await t.db.provider.create({
    data: { name: `p-${suffix()}`, baseUrl: endpoint.url, models: ['m'], priceInPer1k: 0.01, priceOutPer1k: 0.03 },
  });
  return t.db.agent.create({
    data: { name: `llm-${suffix()}`, kind: 'llm', providerId: p.id, model: 'm', scaffold: 'base' },
  });
}

async function ticTacToe(llmId: string) {
  const rnd = await t.db.agent.create({ data: { name: `random-${suffix()}`, kind: 'random' } });
  return t.db.match.create({
    data: {
      gameId: 'tictactoe',
      seed: suffix(),
      numPlayers: 2,
      seats: {
        create: [
          { seat: 0, agentId: llmId },
          { seat: 1, agentId: rnd.id },
        ],
      },
    },
  });
}

describe('a provider that breaks voids the match', () => {
  it.each(Object.keys(FAULTS) as Fault[])(
    '%s: the match is failed with the reason, never finished or scored',
    async (fault) => {
      const llm = await llmAt(() => fault);
      const m = await ticTacToe(llm.id);
      const r = await runMatch(m.id, { store: prismaStore(t.db), createAgent, policy });
      expect(r).toMatchObject({ status: 'failed', reason: expect.stringMatching(FAULTS[fault]) });
      const tries = llmCallPolicy.maxRetries + 1;
      expect(endpoint!.requests).toBe(tries);

      const row = await t.db.match.findUniqueOrThrow({ where: { id: m.id }, include: { seats: true } });
      expect(row.status).toBe('failed');
      expect(row.failureReason).toMatch(FAULTS[fault]);
      expect(row.failureReason).toContain(`(${tries} tries)`);
      expect(row.seats.every((s) => s.score === null && s.outcome === null)).toBe(true);
      // Not an illegal reply: no illegal event, nothing counted against the model.
      expect(row.seats.every((s) => s.illegalCount === 0 && s.forfeitCount === 0)).toBe(true);
      const kinds = (await t.db.matchEvent.findMany({ where: { matchId: m.id }, orderBy: { seq: 'asc' } })).map(
        (e) => e.kind,
      );
      expect(kinds.at(-1)).toBe('failed');
      expect(kinds).not.toContain('end');
      expect(kinds).not.toContain('illegal');
      expect(kinds).not.toContain('move');
      // Every request was recorded, with its reason, latency and prompt.
      const calls = await t.db.llmCall.findMany({ where: { matchId: m.id }, orderBy: { id: 'asc' } });
      expect(calls).toHaveLength(tries);
      for (const c of calls) {
        expect(c).toMatchObject({ agentId: llm.id, seat: 0, ply: 0, attempt: 0, reply: null, parsedAction: null });
        expect(c.error).toMatch(FAULTS[fault]);
      }
    },
  );

  it('a malformed reply’s reported usage is counted in the spend', async () => {
    const llm = await llmAt(() => 'no-choices');
    const m = await ticTacToe(llm.id);
    expect((await runMatch(m.id, { store: prismaStore(t.db), createAgent, policy })).status).toBe('failed');
    const calls = await t.db.llmCall.findMany({ where: { matchId: m.id } });
    expect(calls.length).toBe(llmCallPolicy.maxRetries + 1);
    for (const c of calls)
      expect(c).toMatchObject({ tokensIn: 100, tokensOut: 20, costUsd: (100 * 0.01 + 20 * 0.03) / 1000 });
  });
});

describe('what is not a provider failure', () => {
  it('a transient failure (garbage, then a good completion): the move is played and the match finishes normally', async () => {
    const llm = await llmAt((i) => (i === 0 ? 'cut' : 'legal'));
    const m = await ticTacToe(llm.id);
    const r = await runMatch(m.id, { store: prismaStore(t.db), createAgent, policy });
    expect(r.status).toBe('finished');
    const row = await t.db.match.findUniqueOrThrow({
      where: { id: m.id },
      include: { seats: { orderBy: { seat: 'asc' } } },
    });
    expect(row.status).toBe('finished');
    expect(row.seats.map((s) => s.score).reduce((a, b) => a! + b!, 0)).toBeCloseTo(1);
    expect(row.seats[0]).toMatchObject({ illegalCount: 0, forfeitCount: 0 });
    const moves = await t.db.matchEvent.findMany({ where: { matchId: m.id, kind: 'move', seat: 0 } });
    expect(moves.length).toBeGreaterThanOrEqual(3);
    expect(moves.every((e) => !(e.payload as { forfeited?: boolean }).forfeited)).toBe(true);
    // The failed request is recorded next to the good one of the same turn; it is no reply of the model's.
    const calls = await t.db.llmCall.findMany({ where: { matchId: m.id }, orderBy: { id: 'asc' } });
    expect(calls).toHaveLength(endpoint!.requests);
    expect(calls.filter((c) => c.error !== null)).toHaveLength(1);
    expect(calls[0]).toMatchObject({ ply: 0, attempt: 0, reply: null, error: expect.stringMatching(FAULTS.cut) });
    expect(calls[1]).toMatchObject({ ply: 0, attempt: 0, error: null, parsedAction: { type: 'place' } });
    expect(await t.db.matchEvent.count({ where: { matchId: m.id, kind: 'reply' } })).toBe(calls.length - 1);
  });

  it('a well-formed completion that is not a legal move is an illegal reply: sent back with the reason, then forfeited', async () => {
    const llm = await llmAt(() => ({ content: 'Nice weather today.' }));
    const m = await ticTacToe(llm.id);
    const r = await runMatch(m.id, { store: prismaStore(t.db), createAgent, policy });
    expect(r.status).toBe('finished');
    const seat = await t.db.seat.findUniqueOrThrow({ where: { matchId_seat: { matchId: m.id, seat: 0 } } });
    const turns = await t.db.matchEvent.count({ where: { matchId: m.id, kind: 'move', seat: 0 } });
    expect(turns).toBeGreaterThanOrEqual(3);
    expect(seat.forfeitCount).toBe(turns);
    expect(seat.illegalCount).toBe(turns * (policy.maxRetries + 1));
    // One request per try: nothing was retried as a provider failure.
    const calls = await t.db.llmCall.findMany({ where: { matchId: m.id }, orderBy: { id: 'asc' } });
    expect(calls).toHaveLength(seat.illegalCount);
    expect(endpoint!.requests).toBe(calls.length);
    expect(calls.every((c) => c.error === null && c.reply === 'Nice weather today.')).toBe(true);
    const retry = calls.find((c) => c.attempt === 1)!;
    expect(JSON.stringify(retry.messages)).toContain('Your answer was rejected');
  });
});

describe('the judge against a broken provider', () => {
  async function finishedSpyMatch() {
    const sim = await startSimulatedEndpoint({ port: 0, seed: 'judge-faults', latencyMs: 0 });
    try {
      const p = await t.db.provider.create({
        data: { name: `p-${suffix()}`, baseUrl: sim.url, models: ['sim-careful'], simulated: true },
      });
      const player = await t.db.agent.create({
        data: {
          name: `sim-${suffix()}`,
          kind: 'llm',
          providerId: p.id,
          model: 'sim-careful',
          scaffold: 'base',
          simulated: true,
        },
      });
      const m = await t.db.match.create({
        data: {
          gameId: 'spy',
          seed: `judge-${suffix()}`,
          config: { pairId: 'moon-sun', spySeats: [0], maxRounds: 1 },
          numPlayers: 4,
          seats: { create: [0, 1, 2, 3].map((seat) => ({ seat, agentId: player.id })) },
        },
      });
      expect((await runMatch(m.id, { store: prismaStore(t.db), createAgent })).status).toBe('finished');
      return m;
    } finally {
      await sim.close();
    }
  }

  it('a persistent protocol failure: the verdict is missing with the provider’s reason, no correction is asked for', async () => {
    const m = await finishedSpyMatch();
    const judge = await llmAt(() => 'html');
    const r = await judgeMatch(t.db, m.id, judge.id);
    expect(r.judged).toBe(0);
    expect(r.failed).toBeGreaterThanOrEqual(4);
    const rows = await t.db.judgment.findMany({ where: { matchId: m.id } });
    expect(rows).toHaveLength(r.failed);
    for (const row of rows)
      expect(row).toMatchObject({ score: null, consistent: null, error: expect.stringMatching(FAULTS.html) });
    const tries = llmCallPolicy.maxRetries + 1;
    expect(endpoint!.requests).toBe(tries * r.failed);
    const calls = await t.db.llmCall.findMany({ where: { matchId: m.id, agentId: judge.id } });
    expect(calls).toHaveLength(tries * r.failed);
    expect(
      calls.every(
        (c) =>
          c.purpose === 'judge' &&
          c.ply === null &&
          c.attempt === 0 &&
          c.reply === null &&
          FAULTS.html.test(c.error ?? ''),
      ),
    ).toBe(true);
    expect(calls.some((c) => JSON.stringify(c.messages).includes('could not be read'))).toBe(false);
  });

  it('a transient failure: the judge’s next reply is read and the verdict stored', async () => {
    const m = await finishedSpyMatch();
    const judge = await llmAt((i) =>
      i % 2 === 0 ? 'bad-json' : { content: 'SCORE: 4\nVERDICT: consistent\nREASON: fits the word.' },
    );
    const r = await judgeMatch(t.db, m.id, judge.id);
    expect(r.failed).toBe(0);
    expect(r.judged).toBeGreaterThanOrEqual(4);
    const rows = await t.db.judgment.findMany({ where: { matchId: m.id } });
    for (const row of rows) expect(row).toMatchObject({ score: 4, consistent: true, error: null });
    const calls = await t.db.llmCall.findMany({ where: { matchId: m.id, agentId: judge.id } });
    expect(calls).toHaveLength(2 * r.judged);
    expect(
      calls.filter((c) => c.error !== null).every((c) => FAULTS['bad-json'].test(c.error!) && c.parsedAction === null),
    ).toBe(true);
    expect(calls.filter((c) => c.error === null)).toHaveLength(r.judged);
  });
});
