// LLMArena's "without position hint" ablation (Table 2) in the runner: a simulated model whose agent carries the switch
// is never shown the list of legal moves, reads the board itself, and still plays legal moves most of the time (its
// flawed answers name an occupied square or a full column, which the game refuses with the reason).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../agents';
import { createTestDb, type TestDb } from '../db/test-db';
import { startSimulatedEndpoint } from '../llm/simulated';
import { runMatch } from './run-match';
import { prismaStore } from './store';

let t: TestDb;
let sim: Awaited<ReturnType<typeof startSimulatedEndpoint>>;

beforeAll(async () => {
  process.env.ARENA_SECRET ??= 'test-secret-test-secret';
  t = await createTestDb();
  sim = await startSimulatedEndpoint({ port: 0, seed: 'hint-tests', latencyMs: 0 });
});
afterAll(async () => {
  await sim?.close();
  await t?.drop();
});

describe.each([
  ['tictactoe', 'tictactoe:no-position-hint'],
  ['connect-four', 'connect-four:no-position-hint'],
])('%s without position hint', (gameId, sw) => {
  it('the agent is never shown the legal moves and plays the board it reads', async () => {
    const p = await t.db.provider.create({
      data: { name: `p-${gameId}`, baseUrl: sim.url, models: ['sim-sloppy'], simulated: true },
    });
    const blind = await t.db.agent.create({
      data: {
        name: `blind-${gameId}`,
        kind: 'llm',
        providerId: p.id,
        model: 'sim-sloppy',
        scaffold: 'base',
        settings: { promptSwitches: [sw] },
        simulated: true,
      },
    });
    const random = await t.db.agent.create({ data: { name: `random-${gameId}`, kind: 'random' } });
    let moves = 0;
    let forfeits = 0;
    for (const seed of ['a', 'b', 'c']) {
      const m = await t.db.match.create({
        data: {
          gameId,
          seed: `${gameId}-${seed}`,
          numPlayers: 2,
          seats: {
            create: [
              { seat: 0, agentId: blind.id },
              { seat: 1, agentId: random.id },
            ],
          },
        },
      });
      expect((await runMatch(m.id, { store: prismaStore(t.db), createAgent })).status).toBe('finished');
      const calls = await t.db.llmCall.findMany({ where: { matchId: m.id } });
      expect(calls.length).toBeGreaterThan(0);
      for (const c of calls) {
        const user = (c.messages as { role: string; content: string }[])
          .filter((x) => x.role === 'user')
          .map((x) => x.content)
          .join('\n');
        expect(user).toContain('Current board');
        expect(user).not.toContain('Legal moves:');
      }
      const events = await t.db.matchEvent.findMany({ where: { matchId: m.id, seat: 0 } });
      moves += events.filter((e) => e.kind === 'move').length;
      forfeits += events.filter((e) => e.kind === 'move' && (e.payload as { forfeited?: boolean }).forfeited).length;
    }
    // It reads the board: most of its moves are its own (a player that could not would forfeit every turn).
    expect(moves).toBeGreaterThan(0);
    expect(forfeits / moves).toBeLessThan(0.2);
  });
});
