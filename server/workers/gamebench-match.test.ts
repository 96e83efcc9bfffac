// Matches with GameBench's own agent (agents/gpt.py: gamebench-gpt, gamebench-gpt-cot) through the real runner, against
// the simulated endpoint over HTTP: every call is stored (the reasoning, each JSON try), every reply shown, each try it
// could not use counted as an illegal answer, a turn without a valid action in 3 tries ended by a random legal move
// at once (forfeited, with GameBench's reason), never by the runner asking again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../agents';
import { GAMEBENCH_GAVE_UP } from '../agents/gamebench-gpt';
import { createTestDb, type TestDb } from '../db/test-db';
import { startSimulatedEndpoint } from '../llm/simulated';
import { runMatch } from './run-match';
import { prismaStore } from './store';

let t: TestDb;
let sim: Awaited<ReturnType<typeof startSimulatedEndpoint>>;

beforeAll(async () => {
  process.env.ARENA_SECRET ??= 'test-secret-test-secret';
  t = await createTestDb();
  sim = await startSimulatedEndpoint({ port: 0, seed: 'gamebench-gpt-match', latencyMs: 0 });
});
afterAll(async () => {
  await sim?.close();
  await t?.drop();
});

describe.each([
  ['gamebench-gpt', 'sim-sloppy'],
  ['gamebench-gpt-cot', 'sim-careful'],
])('a tic-tac-toe match with %s (%s)', (scaffold, model) => {
  it('plays to the end: every call stored, every reply shown, failures ended by a random move at once', async () => {
    const p = await t.db.provider.create({
      data: { name: `p-${scaffold}`, baseUrl: sim.url, models: [model], simulated: true, priceInPer1k: 0.001 },
    });
    const llm = await t.db.agent.create({
      data: {
        name: `gb-${scaffold}`,
        kind: 'llm',
        providerId: p.id,
        model,
        scaffold,
        promptVersion: 'v2',
        simulated: true,
      },
    });
    const random = await t.db.agent.create({ data: { name: `random-${scaffold}`, kind: 'random' } });
    let forfeits = 0;
    let refused = 0;
    for (const seed of ['a', 'b', 'c', 'd']) {
      const m = await t.db.match.create({
        data: {
          gameId: 'tictactoe',
          seed: `${scaffold}-${seed}`,
          numPlayers: 2,
          seats: {
            create: [
              { seat: 0, agentId: llm.id },
              { seat: 1, agentId: random.id },
            ],
          },
        },
      });
      const r = await runMatch(m.id, { store: prismaStore(t.db), createAgent });
      expect(r.status).toBe('finished');
      const events = await t.db.matchEvent.findMany({ where: { matchId: m.id, seat: 0 }, orderBy: { seq: 'asc' } });
      const replies = events.filter((e) => e.kind === 'reply');
      const illegal = events.filter((e) => e.kind === 'illegal');
      const moves = events.filter((e) => e.kind === 'move');
      const calls = await t.db.llmCall.findMany({ where: { matchId: m.id, seat: 0 }, orderBy: { id: 'asc' } });
      expect(calls).toHaveLength(replies.length);
      expect(calls.every((c) => c.purpose === 'move' && c.error === null && (c.costUsd ?? 0) > 0)).toBe(true);
      // GameBench's system message on every call; the CoT agent's reasoning calls end in GameBench's sentence.
      for (const c of calls) {
        const messages = c.messages as { role: string; content: string }[];
        expect(messages[0]!.content).toBe(
          'You are an agent playing a game. Select the action that maximizes your probability of winning.',
        );
      }
      const reasoning = calls.filter((c) =>
        (c.messages as { content: string }[]).at(-1)!.content.endsWith('maximize your probability of winning.'),
      );
      expect(reasoning.length).toBe(scaffold === 'gamebench-gpt-cot' ? moves.length : 0);
      // Never asked again by the runner: at most 3 JSON tries a turn, their attempts 0, 1, 2.
      expect(calls.every((c) => c.attempt <= 2)).toBe(true);
      const seat = await t.db.seat.findUniqueOrThrow({ where: { matchId_seat: { matchId: m.id, seat: 0 } } });
      expect(seat.illegalCount).toBe(illegal.length);
      refused += illegal.length;
      expect(seat.replyCount).toBe(replies.length);
      for (const mv of moves) {
        const p = mv.payload as { forfeited?: boolean; reason?: string };
        if (!p.forfeited) continue;
        forfeits++;
        expect(p.reason).toBe(`${GAMEBENCH_GAVE_UP}; a random legal move was played`);
      }
      expect(seat.forfeitCount).toBe(moves.filter((mv) => (mv.payload as { forfeited?: boolean }).forfeited).length);
    }
    if (model === 'sim-careful') expect(forfeits).toBe(0);
    // The sloppy model's flawed replies (not on the menu, JSON null, plain text) were refused and counted.
    else expect(refused).toBeGreaterThan(0);
  });
});
