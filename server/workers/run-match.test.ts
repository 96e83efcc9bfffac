// Integration tests of the match runner against a real Postgres and the simulated endpoint over HTTP.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGame } from '../../games/registry';
import { currentDeal, replayStates } from '../../lib/engine/replay';
import { createAgent } from '../agents';
import { createTestDb, type TestDb } from '../db/test-db';
import { startSimulatedEndpoint } from '../llm/simulated';
import { llmCallPolicy } from '../llm/clients';
import { runMatch } from './run-match';
import { prismaStore, type CallRow, type StoredEvent } from './store';

let t: TestDb;
let sim: Awaited<ReturnType<typeof startSimulatedEndpoint>>;

beforeAll(async () => {
  process.env.ARENA_SECRET ??= 'test-secret-test-secret';
  t = await createTestDb();
  sim = await startSimulatedEndpoint({ port: 0, seed: 'runner-tests', latencyMs: 0 });
});
afterAll(async () => {
  await sim?.close();
  await t?.drop();
});

async function agent(name: string, data: Record<string, unknown>) {
  return t.db.agent.create({ data: { name: `${name}-${Math.random().toString(36).slice(2, 8)}`, ...data } as never });
}

async function provider(baseUrl: string) {
  return t.db.provider.create({
    data: {
      name: `p-${Math.random().toString(36).slice(2, 8)}`,
      baseUrl,
      models: ['sim-careful', 'sim-sloppy'],
      simulated: true,
    },
  });
}

async function match(gameId: string, agentIds: string[], seed = Math.random().toString(36).slice(2)) {
  return t.db.match.create({
    data: {
      gameId,
      seed,
      numPlayers: agentIds.length,
      seats: { create: agentIds.map((agentId, seat) => ({ seat, agentId })) },
    },
  });
}

describe('runMatch', () => {
  it('persists every event before publishing it, and the log replays to the final state', async () => {
    const a = await agent('random-a', { kind: 'random' });
    const b = await agent('random-b', { kind: 'random' });
    const m = await match('tictactoe', [a.id, b.id], 'replay-seed-1');
    // Every event must be in Postgres before it is broadcast: the store notes what it has written.
    const base = prismaStore(t.db);
    const written = new Set<number>();
    const store = {
      ...base,
      appendBatch: async (id: string, evs: StoredEvent[], calls: CallRow[]) => {
        await base.appendBatch!(id, evs, calls);
        for (const ev of evs) written.add(ev.seq);
      },
    };
    const published: { ev: StoredEvent; stored: boolean; state: unknown }[] = [];
    const result = await runMatch(m.id, {
      store,
      createAgent,
      publish: (_matchId, ev, state) => void published.push({ ev, stored: written.has(ev.seq), state }),
    });
    expect(result.status).toBe('finished');
    const events = await t.db.matchEvent.findMany({ where: { matchId: m.id }, orderBy: { seq: 'asc' } });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events[0]!.kind).toBe('start');
    expect(events.at(-1)!.kind).toBe('end');
    expect(published.every((p) => p.stored)).toBe(true);
    expect(published).toHaveLength(events.length);

    const game = getGame('tictactoe')!;
    const moves = events.filter((e) => e.kind === 'move');
    expect(moves.length).toBeGreaterThanOrEqual(5);
    const states = replayStates(
      game,
      {},
      currentDeal(m.seed),
      2,
      moves.map((e) => ({
        ply: (e.payload as { ply: number }).ply,
        seat: e.seat!,
        action: (e.payload as { action: { type: string } }).action,
      })),
    );
    const finalPublished = published.filter((p) => p.ev.kind === 'move').at(-1)!.state;
    expect(states.at(-1)).toEqual(finalPublished);
    expect(game.outcome(states.at(-1))).toMatchObject({
      scores: (events.at(-1)!.payload as { scores: number[] }).scores,
    });

    const row = await t.db.match.findUniqueOrThrow({ where: { id: m.id }, include: { seats: true } });
    expect(row.status).toBe('finished');
    expect(row.lastSeq).toBe(events.length);
    expect(row.seats.map((s) => s.score).reduce((x, y) => x! + y!, 0)).toBeCloseTo(1);
  });

  it('plays the same match the same way from the same seed', async () => {
    const a = await agent('random-c', { kind: 'random' });
    const b = await agent('engine-d', { kind: 'engine', settings: { depth: 2 } });
    const moves = async () => {
      const m = await match('connect-four', [a.id, b.id], 'same-seed');
      await runMatch(m.id, { store: prismaStore(t.db), createAgent });
      const ev = await t.db.matchEvent.findMany({ where: { matchId: m.id, kind: 'move' }, orderBy: { seq: 'asc' } });
      return ev.map((e) => e.payload);
    };
    expect(await moves()).toEqual(await moves());
  });

  it('finishes every match against a sloppy model at 30% malformed replies, recording each illegal attempt', async () => {
    const malformed = await startSimulatedEndpoint({ port: 0, seed: 'malformed-30', latencyMs: 0, malformedRate: 0.3 });
    try {
      const p = await provider(malformed.url);
      const llm = await agent('sim-sloppy', {
        kind: 'llm',
        providerId: p.id,
        model: 'sim-sloppy',
        scaffold: 'cot',
        simulated: true,
      });
      const rnd = await agent('random-e', { kind: 'random' });
      const ids: string[] = [];
      for (let i = 0; i < 8; i++) {
        // Fixed seeds: the simulated endpoint's flaws follow the conversation, so the count below is the same every run.
        const m = await match(
          i % 2 ? 'tictactoe' : 'connect-four',
          i % 4 < 2 ? [llm.id, rnd.id] : [rnd.id, llm.id],
          `malformed-30-${i}`,
        );
        ids.push(m.id);
        const r = await runMatch(m.id, { store: prismaStore(t.db), createAgent });
        expect(r.status).toBe('finished');
      }
      const illegalEvents = await t.db.matchEvent.count({ where: { matchId: { in: ids }, kind: 'illegal' } });
      const seats = await t.db.seat.findMany({ where: { matchId: { in: ids }, agentId: llm.id } });
      const calls = await t.db.llmCall.findMany({ where: { matchId: { in: ids } } });
      const replies = await t.db.matchEvent.count({ where: { matchId: { in: ids }, kind: 'reply' } });
      expect(illegalEvents).toBeGreaterThan(5);
      expect(seats.reduce((s, x) => s + x.illegalCount, 0)).toBe(illegalEvents);
      // Every call is recorded with its prompt, reply, tokens and latency, and shown as a reply.
      expect(calls.length).toBe(replies);
      expect(calls.every((c) => Array.isArray(c.messages) && c.reply !== null && c.tokensIn! > 0)).toBe(true);
      // Each is a move call with the ply of the move it was for.
      expect(calls.every((c) => c.purpose === 'move' && c.ply !== null && c.ply >= 0)).toBe(true);
      // A retry carries the rejection back to the model.
      const retry = calls.find((c) => c.attempt > 0)!;
      expect(JSON.stringify(retry.messages)).toContain('Your answer was rejected');
      const forfeits = await t.db.matchEvent.findMany({ where: { matchId: { in: ids }, kind: 'move' } });
      const forfeited = forfeits.filter((e) => (e.payload as { forfeited?: boolean }).forfeited).length;
      expect(seats.reduce((s, x) => s + x.forfeitCount, 0)).toBe(forfeited);
      // Per-seat counts behind the leaderboard's reliability columns.
      const llmSeatMoves = forfeits.filter((e) =>
        seats.some((st) => st.matchId === e.matchId && st.seat === e.seat),
      ).length;
      expect(seats.reduce((s, x) => s + x.moveCount, 0)).toBe(llmSeatMoves);
      expect(seats.reduce((s, x) => s + x.replyCount, 0)).toBe(replies);
    } finally {
      await malformed.close();
    }
  });

  it('voids a match when the provider keeps failing, never counting it as a loss', async () => {
    const failing = await startSimulatedEndpoint({ port: 0, seed: 'fail', latencyMs: 0, failureRate: 1 });
    try {
      const p = await provider(failing.url);
      const llm = await agent('sim-failing', {
        kind: 'llm',
        providerId: p.id,
        model: 'sim-careful',
        scaffold: 'base',
        simulated: true,
      });
      const rnd = await agent('random-f', { kind: 'random' });
      const m = await match('tictactoe', [llm.id, rnd.id]);
      const r = await runMatch(m.id, { store: prismaStore(t.db), createAgent });
      expect(r.status).toBe('failed');
      const row = await t.db.match.findUniqueOrThrow({ where: { id: m.id }, include: { seats: true } });
      expect(row.status).toBe('failed');
      expect(row.failureReason).toMatch(/HTTP 500/);
      expect(row.seats.every((s) => s.score === null && s.outcome === null)).toBe(true);
      const last = await t.db.matchEvent.findFirstOrThrow({ where: { matchId: m.id }, orderBy: { seq: 'desc' } });
      expect(last.kind).toBe('failed');
      const call = await t.db.llmCall.findFirstOrThrow({ where: { matchId: m.id } });
      expect(call.error).toMatch(/500/);
    } finally {
      await failing.close();
    }
  });

  it('a well-formed completion with no content is an illegal reply (a malformed one before it is re-sent), and the match goes on', async () => {
    const backoff = llmCallPolicy.backoffMs;
    llmCallPolicy.backoffMs = 1;
    let n = 0;
    const garbage = http.createServer((req, res) => {
      n++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(n % 2 ? '{"choices": "this is not a completion"}' : '{"choices":[{"message":{"content":null}}]}');
    });
    await new Promise<void>((r) => garbage.listen(0, '127.0.0.1', r));
    try {
      const p = await provider(`http://127.0.0.1:${(garbage.address() as AddressInfo).port}/v1`);
      const llm = await agent('garbage', { kind: 'llm', providerId: p.id, model: 'whatever', scaffold: 'base' });
      const rnd = await agent('random-g', { kind: 'random' });
      const m = await match('tictactoe', [llm.id, rnd.id]);
      const r = await runMatch(m.id, { store: prismaStore(t.db), createAgent });
      expect(r.status).toBe('finished');
      const seat = await t.db.seat.findUniqueOrThrow({ where: { matchId_seat: { matchId: m.id, seat: 0 } } });
      expect(seat.illegalCount).toBeGreaterThanOrEqual(3);
      expect(seat.forfeitCount).toBeGreaterThanOrEqual(1);
      // Every malformed response was recorded as a failed request, and re-sent.
      const calls = await t.db.llmCall.findMany({ where: { matchId: m.id } });
      expect(
        calls.filter((c) => c.error?.includes('provider returned a body whose "choices" is not a list')).length,
      ).toBe(Math.ceil(n / 2));
    } finally {
      llmCallPolicy.backoffMs = backoff;
      garbage.close();
    }
  });

  it('asks a SimulBench user agent whose requests cannot be read ten times before its fallback ends the dialogue', async () => {
    // A model that only ever chats: as the simulator every reply is a reply; as the user agent no request can be read.
    const chatty = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'Happy to help with that!' } }] }));
    });
    await new Promise<void>((r) => chatty.listen(0, '127.0.0.1', r));
    try {
      const p = await provider(`http://127.0.0.1:${(chatty.address() as AddressInfo).port}/v1`);
      const user = await agent('chatty-user', { kind: 'llm', providerId: p.id, model: 'whatever', scaffold: 'base' });
      const simulator = await agent('chatty-sim', {
        kind: 'llm',
        providerId: p.id,
        model: 'whatever',
        scaffold: 'base',
      });
      expect(getGame('simulbench')!.meta.minTries).toBe(10);
      const m = await t.db.match.create({
        data: {
          gameId: 'simulbench',
          seed: 'chatty-user',
          numPlayers: 2,
          config: { taskId: 'unit-converter', turns: 3 },
          seats: { create: [user.id, simulator.id].map((agentId, seat) => ({ seat, agentId })) },
        },
      });
      const r = await runMatch(m.id, { store: prismaStore(t.db), createAgent });
      expect(r.status).toBe('finished');
      // Ten tries at the user's first request (ARENA_MAX_RETRIES allows three), then the fallback: the dialogue ends.
      const illegal = await t.db.matchEvent.count({ where: { matchId: m.id, kind: 'illegal', seat: 0 } });
      expect(illegal).toBe(10);
      const moves = await t.db.matchEvent.findMany({ where: { matchId: m.id, kind: 'move' }, orderBy: { seq: 'asc' } });
      expect(moves.map((e) => e.seat)).toEqual([1, 0]);
      expect(JSON.stringify(moves[1]!.payload)).toContain('no legal answer after 10 tries');
    } finally {
      chatty.close();
    }
  });

  it("records a model's Explain(topic) requests: a reply with the topic's text each, counted apart, never illegal", async () => {
    const p = await provider(sim.url);
    // A prompt version v2 agent is offered the topics; the simulated careful model reads one on about one turn in six.
    const llm = await agent('explainer', {
      kind: 'llm',
      providerId: p.id,
      model: 'sim-careful',
      scaffold: 'base',
      promptVersion: 'v2',
      simulated: true,
    });
    const rnd = await agent('random-x', { kind: 'random' });
    const m = await match('santorini', [llm.id, rnd.id], 'explain-seed-1');
    const r = await runMatch(m.id, { store: prismaStore(t.db), createAgent });
    expect(
      r.status,
      JSON.stringify(await t.db.match.findUnique({ where: { id: m.id }, select: { failureReason: true } })),
    ).toBe('finished');
    const replies = await t.db.matchEvent.findMany({
      where: { matchId: m.id, kind: 'reply', seat: 0 },
      orderBy: { seq: 'asc' },
    });
    const explains = replies.filter((e) => (e.payload as { explain?: unknown }).explain);
    expect(explains.length).toBeGreaterThan(0);
    const topics = getGame('santorini')!.rules.topics;
    for (const e of explains) {
      const x = (e.payload as { explain: { asked: string; topic: string | null; answer: string } }).explain;
      expect(x.topic).not.toBeNull();
      expect(x.answer).toBe(`${x.topic}: ${topics[x.topic!]}`);
      expect((e.payload as { text: string }).text).toMatch(new RegExp(`Explain\\(${x.topic}\\)$`));
    }
    const seat = await t.db.seat.findUniqueOrThrow({ where: { matchId_seat: { matchId: m.id, seat: 0 } } });
    expect(seat.explainCount).toBe(explains.length);
    expect(seat.replyCount).toBe(replies.length);
    expect(seat.illegalCount).toBe(await t.db.matchEvent.count({ where: { matchId: m.id, kind: 'illegal', seat: 0 } }));
    // Every call is kept: one per reply, the explain requests among them with no parsed action.
    const calls = await t.db.llmCall.findMany({ where: { matchId: m.id, seat: 0 } });
    expect(calls).toHaveLength(replies.length);
    expect(calls.filter((c) => /Explain\(/.test(c.reply ?? '') && c.parsedAction === null)).toHaveLength(
      explains.length,
    );
  });

  it('skips a match that has already ended', async () => {
    const a = await agent('random-h', { kind: 'random' });
    const b = await agent('random-i', { kind: 'random' });
    const m = await match('tictactoe', [a.id, b.id]);
    expect((await runMatch(m.id, { store: prismaStore(t.db), createAgent })).status).toBe('finished');
    const before = await t.db.matchEvent.count({ where: { matchId: m.id } });
    expect((await runMatch(m.id, { store: prismaStore(t.db), createAgent })).status).toBe('skipped');
    expect(await t.db.matchEvent.count({ where: { matchId: m.id } })).toBe(before);
  });
});
