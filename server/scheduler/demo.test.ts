// Demo seeding: idempotent, simulated agents labelled, real-model agents with an encrypted key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../db/test-db';
import { decryptSecret } from '../../lib/secrets';
import { PROMPT_VERSION } from '../../lib/agents/scaffolds';
import type { PgBoss } from 'pg-boss';
import { getGame } from '../../games/registry';
import { scheduleDemo, seedDemo, SIMULATED_PROVIDER } from './demo';
import { startQueue, stopQueue } from './queue';

let t: TestDb;
beforeAll(async () => {
  process.env.ARENA_SECRET ??= 'test-secret-test-secret';
  t = await createTestDb();
});
afterAll(() => t?.drop());

describe('seedDemo', () => {
  it('creates the baselines and the simulated agents, labelled simulated, and is idempotent', async () => {
    const ids = await seedDemo(t.db, { simulatedUrl: 'http://127.0.0.1:1111/v1' });
    expect(ids.agentIds).toHaveLength(4);
    expect(ids.hostIds).toHaveLength(1);
    expect(ids.guestIds).toHaveLength(2);
    expect(ids.agentIds).toEqual(expect.arrayContaining(ids.guestIds));
    expect(ids.agentIds).not.toContain(ids.hostIds[0]);
    // GameBench's RAP agent plays its own gauntlet against Random, not the round robin.
    expect(ids.planners.ids).toHaveLength(1);
    expect(ids.agentIds).not.toContain(ids.planners.ids[0]);
    expect(ids.planners.baselineIds).toEqual([ids.agentIds[0]]);
    expect(await t.db.agent.findUniqueOrThrow({ where: { id: ids.planners.ids[0] } })).toMatchObject({
      scaffold: 'rap',
      settings: { rap: { iterations: 3, candidates: 3 } },
      playable: false,
    });
    // SimulBench's simulator runs a model neither target runs (so both targets can be voted on blind), and plays no game.
    const collector = await t.db.agent.findUniqueOrThrow({ where: { id: ids.collectorId! } });
    expect(collector).toMatchObject({ model: 'sim-random', playable: false });
    const guestModels = (await t.db.agent.findMany({ where: { id: { in: ids.guestIds } } })).map((a) => a.model);
    expect(guestModels).not.toContain(collector.model);
    expect([...ids.agentIds, ...ids.hostIds, ...ids.guestIds]).not.toContain(collector.id);
    const again = await seedDemo(t.db, { simulatedUrl: 'http://127.0.0.1:2222/v1' });
    expect(again).toEqual(ids);
    const provider = await t.db.provider.findUniqueOrThrow({ where: { name: SIMULATED_PROVIDER } });
    expect(provider.simulated).toBe(true);
    expect(provider.baseUrl).toBe('http://127.0.0.1:2222/v1'); // follows the endpoint's port on each start
    const llm = await t.db.agent.findMany({ where: { kind: 'llm' } });
    expect(llm.map((a) => a.scaffold).sort()).toEqual(['base', 'base', 'base', 'cot', 'rap']);
    expect(llm.every((a) => a.simulated && /simulated/.test(a.name) && a.promptVersion === PROMPT_VERSION)).toBe(true);
  });

  it("opens the simulated models to people (the demo's Play page works out of the box), and keeps an admin's later choice", async () => {
    // (The RAP agent is not offered to people: a move of its search takes many model calls; nor is SimulBench's
    // simulator, which plays no game.)
    const sims = await t.db.agent.findMany({
      where: { kind: 'llm', simulated: true, scaffold: { not: 'rap' }, model: { not: 'sim-random' } },
    });
    expect(sims.length).toBe(3);
    expect(sims.every((a) => a.playable)).toBe(true);
    await t.db.agent.update({ where: { id: sims[0]!.id }, data: { playable: false } });
    await seedDemo(t.db, { simulatedUrl: 'http://127.0.0.1:3333/v1' });
    expect((await t.db.agent.findUniqueOrThrow({ where: { id: sims[0]!.id } })).playable).toBe(false);
  });

  it('keeps an agent that played under older prompts, retired under its own name, and goes on with a new one', async () => {
    const name = 'sim-careful · cot (simulated)';
    const before = await t.db.agent.findUniqueOrThrow({ where: { name } });
    await t.db.agent.update({ where: { id: before.id }, data: { promptVersion: 'v1' } });
    // Unplayed: brought up to date in place.
    await seedDemo(t.db, { simulatedUrl: 'http://127.0.0.1:3333/v1' });
    expect((await t.db.agent.findUniqueOrThrow({ where: { id: before.id } })).promptVersion).toBe(PROMPT_VERSION);
    // Played under v1: that agent keeps its matches under another name, retired; the demo plays a new one.
    await t.db.agent.update({ where: { id: before.id }, data: { promptVersion: 'v1' } });
    const m = await t.db.match.create({
      data: {
        gameId: 'tictactoe',
        seed: 's',
        numPlayers: 2,
        seats: {
          create: [
            { seat: 0, agentId: before.id },
            { seat: 1, agentId: before.id },
          ],
        },
      },
    });
    const ids = await seedDemo(t.db, { simulatedUrl: 'http://127.0.0.1:3333/v1' });
    const old = await t.db.agent.findUniqueOrThrow({ where: { id: before.id } });
    expect(old).toMatchObject({ name: `${name} (prompts v1)`, retired: true, playable: false, promptVersion: 'v1' });
    const fresh = await t.db.agent.findUniqueOrThrow({ where: { name } });
    expect(fresh.id).not.toBe(before.id);
    expect(fresh.promptVersion).toBe(PROMPT_VERSION);
    expect(ids.guestIds).toContain(fresh.id);
    expect(await t.db.seat.count({ where: { matchId: m.id, agentId: before.id } })).toBe(2);
  });

  it('adds real-model agents per model and scaffold, with the key encrypted at rest', async () => {
    await seedDemo(t.db, {
      simulatedUrl: null,
      openai: { apiKey: 'sk-real-key-123456', baseUrl: 'https://api.example.test/v1', models: ['m1', 'm2'] },
    });
    const real = await t.db.agent.findMany({ where: { kind: 'llm', simulated: false }, include: { provider: true } });
    expect(real.map((a) => a.name).sort()).toEqual(['m1 · base', 'm1 · cot', 'm2 · base', 'm2 · cot']);
    const enc = real[0]!.provider!.apiKeyEnc!;
    expect(enc).not.toContain('sk-real');
    expect(decryptSecret(enc)).toBe('sk-real-key-123456');
    // They cost money: people may not play them until an admin opens them.
    expect(real.every((a) => !a.playable)).toBe(true);
  });
});

describe('scheduleDemo', () => {
  let fresh: TestDb;
  let boss: PgBoss;
  beforeAll(async () => {
    fresh = await createTestDb();
    boss = await startQueue(fresh.url);
  });
  afterAll(async () => {
    if (boss) await stopQueue(boss);
    await fresh?.drop();
  });
  const jobs = async () =>
    (
      await (
        boss.getDb() as {
          executeSql(s: string, v: unknown[]): Promise<{ rows: { data: unknown; priority: number }[] }>;
        }
      ).executeSql('SELECT data, priority FROM pgboss.job', [])
    ).rows;

  it("queues the demo's host/guest, round robin, RAP gauntlet and SimulBench, below an admin's work, once", async () => {
    const agents = await seedDemo(fresh.db, { simulatedUrl: 'http://127.0.0.1:1111/v1' });
    const lines: string[] = [];
    await scheduleDemo(fresh.db, boss, agents, { seedsPerPair: 1, log: (l) => lines.push(l) });
    const made = await fresh.db.tournament.findMany({ orderBy: { createdAt: 'asc' } });
    expect(made.map((x) => x.name.replace(/ \d{4}-\d\d-\d\d \d\d:\d\d$/, ''))).toEqual([
      'Demo host/guest',
      'Demo round robin',
      'Demo RAP gauntlet',
      'Demo SimulBench',
    ]);
    expect(made.map((x) => (x.config as { format: string }).format)).toEqual([
      'host-guest',
      'round-robin',
      'gauntlet',
      'simulbench',
    ]);
    const [hostGuest, roundRobin, rap] = made.map((x) => x.config as Record<string, unknown>);
    expect(hostGuest).toMatchObject({ agentIds: agents.guestIds, hostIds: agents.hostIds, gamesPerGuest: 2 });
    expect(roundRobin).toMatchObject({ agentIds: agents.agentIds, gamesPerPair: 2 });
    expect(rap).toMatchObject({ agentIds: agents.planners.ids, baselineIds: agents.planners.baselineIds });
    // The RAP gauntlet's game is chosen by what it is, not by name: a two-seat game of the round robin, of perfect
    // information and without chance.
    const [rapGame] = rap!.gameIds as string[];
    expect(roundRobin!.gameIds).toContain(rapGame);
    expect(getGame(rapGame!)!.meta).toMatchObject({ maxPlayers: 2, sides: null, info: 'perfect', chance: false });
    expect(lines).toHaveLength(4);
    // Every demo job runs after anything an admin queues (priority 0); the RAP gauntlet and SimulBench a step before
    // the rest of the demo.
    const queued = await jobs();
    expect(queued.length).toBeGreaterThan(0);
    expect(new Set(queued.map((j) => j.priority))).toEqual(new Set([-10, -9]));
    // A second start while those matches are pending queues nothing more.
    await scheduleDemo(fresh.db, boss, agents, { seedsPerPair: 1, log: (l) => lines.push(l) });
    expect(await fresh.db.tournament.count()).toBe(4);
    expect(lines).toHaveLength(4);
  });
});
