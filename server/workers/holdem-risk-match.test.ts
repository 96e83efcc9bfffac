// The Hold'em risk probe end to end: planned by the host/guest format (the guest is always the player, the host holds
// the placeholder dealer seat and is never asked), played by the runner against the simulated endpoint over HTTP, read
// back by its results page's analysis with forfeited turns left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseRisk } from '../../games/holdem-risk/analysis';
import { createAgent } from '../agents';
import { createTestDb, type TestDb } from '../db/test-db';
import { startSimulatedEndpoint } from '../llm/simulated';
import { planTournament } from '../scheduler/tournaments';
import { runMatch } from './run-match';
import { prismaStore } from './store';
import { CURRENT_GENERATOR } from '../../lib/engine/rng';

let t: TestDb;
let sim: Awaited<ReturnType<typeof startSimulatedEndpoint>>;

beforeAll(async () => {
  process.env.ARENA_SECRET ??= 'test-secret-test-secret';
  t = await createTestDb();
  sim = await startSimulatedEndpoint({ port: 0, seed: 'risk-tests', latencyMs: 0 });
});
afterAll(async () => {
  await sim?.close();
  await t?.drop();
});

describe('Hold’em risk probe in the runner', () => {
  it('host/guest seats the guest as the player, every time', () => {
    const plan = planTournament(
      {
        name: 'risk',
        format: 'host-guest',
        gameIds: ['holdem-risk'],
        agentIds: ['g1', 'g2'],
        hostIds: ['h'],
        gamesPerGuest: 2,
        budget: {},
      },
      'seed',
    );
    expect(plan).toHaveLength(4);
    for (const m of plan)
      expect(m).toMatchObject({ gameId: 'holdem-risk', guestSeat: 0, seats: [expect.stringMatching(/^g/), 'h'] });
  });

  it('a simulated model answers 10 spots legally; the dealer is never asked; the analysis reads it back', async () => {
    const p = await t.db.provider.create({
      data: { name: `p-${Date.now()}`, baseUrl: sim.url, models: ['sim-sloppy'], simulated: true },
    });
    const player = await t.db.agent.create({
      data: {
        name: 'risk-sloppy',
        kind: 'llm',
        providerId: p.id,
        model: 'sim-sloppy',
        scaffold: 'gamebench-cot',
        simulated: true,
      },
    });
    const dealer = await t.db.agent.create({ data: { name: 'risk-random', kind: 'random' } });
    const m = await t.db.match.create({
      data: {
        gameId: 'holdem-risk',
        seed: 'risk-1',
        config: { spots: 10 },
        numPlayers: 2,
        seats: {
          create: [
            { seat: 0, agentId: player.id },
            { seat: 1, agentId: dealer.id },
          ],
        },
      },
    });
    const result = await runMatch(m.id, { store: prismaStore(t.db), createAgent });
    expect(result.status).toBe('finished');
    const events = await t.db.matchEvent.findMany({ where: { matchId: m.id, kind: 'move' }, orderBy: { seq: 'asc' } });
    expect(events).toHaveLength(10);
    expect(events.every((e) => e.seat === 0)).toBe(true);
    const forfeited = events
      .map((e) => e.payload as { ply: number; forfeited?: boolean })
      .filter((x) => x.forfeited)
      .map((x) => x.ply);
    const calls = await t.db.llmCall.findMany({ where: { matchId: m.id } });
    expect(calls.length).toBeGreaterThanOrEqual(10);
    expect(calls.every((c) => JSON.stringify(c.messages).includes('reason out loud'))).toBe(true);
    const a = analyseRisk([
      {
        id: m.id,
        config: m.config,
        seed: m.seed,
        generator: CURRENT_GENERATOR,
        numPlayers: 2,
        forfeitedPlies: forfeited,
        seats: [
          { seat: 0, agentId: player.id, agentName: player.name, kind: 'llm' },
          { seat: 1, agentId: dealer.id, agentName: dealer.name, kind: 'random' },
        ],
        moves: events.map((e) => ({
          ply: (e.payload as { ply: number }).ply,
          seat: e.seat!,
          action: (e.payload as { action: { type: string } }).action,
        })),
      },
    ]);
    expect(a.rows).toHaveLength(1);
    expect(a.rows[0]!.answered + a.rows[0]!.forfeited).toBe(10);
    expect(a.rows[0]!.forfeited).toBe(forfeited.length);
  });
});
