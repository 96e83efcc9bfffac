// GameBench showed models the Hive board as an image: a whole Hive match in the runner with a simulated model whose
// agent has `vision` — every turn's request carries the board as a PNG (the endpoint reads each one whole), and the
// stored calls keep a placeholder, never the image.
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
  sim = await startSimulatedEndpoint({ port: 0, seed: 'hive-vision', latencyMs: 0 });
});
afterAll(async () => {
  await sim?.close();
  await t?.drop();
});

describe('Hive with a vision agent', () => {
  it('sends the board image on every turn of the match and stores placeholders', async () => {
    const p = await t.db.provider.create({
      data: { name: 'sim', baseUrl: sim.url, models: ['sim-careful'], simulated: true },
    });
    const seer = await t.db.agent.create({
      data: {
        name: 'seer',
        kind: 'llm',
        providerId: p.id,
        model: 'sim-careful',
        scaffold: 'base',
        settings: { vision: true },
        simulated: true,
      },
    });
    const random = await t.db.agent.create({ data: { name: 'random', kind: 'random' } });
    const m = await t.db.match.create({
      data: {
        gameId: 'hive',
        seed: 'hive-vision-1',
        config: { maxTurns: 6 },
        numPlayers: 2,
        seats: {
          create: [
            { seat: 0, agentId: seer.id },
            { seat: 1, agentId: random.id },
          ],
        },
      },
    });
    sim.images.length = 0;
    expect((await runMatch(m.id, { store: prismaStore(t.db), createAgent })).status).toBe('finished');
    const calls = await t.db.llmCall.findMany({ where: { matchId: m.id } });
    expect(calls.length).toBeGreaterThanOrEqual(6);
    expect(sim.images.length).toBe(calls.length);
    for (const img of sim.images) {
      expect(img.mime).toBe('image/png');
      expect(img.width).toBeGreaterThan(100);
    }
    for (const c of calls) {
      const user = (c.messages as { role: string; content: unknown }[]).find((x) => x.role === 'user')!;
      const parts = user.content as { type: string; image_url?: { url: string } }[];
      expect(parts.map((x) => x.type)).toEqual(['text', 'image_url']);
      expect(parts[1]!.image_url!.url).toMatch(/^\[image: \d+×\d+ PNG, \d+ (B|kB), sha256 [0-9a-f]{16}\]$/);
    }
  });
});
