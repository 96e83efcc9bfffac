// Every path that creates matches records their protocol: tournaments (with their judges' prompts) and
// people's games, on real Postgres; the stored key is the one lib/match-protocol.ts computes.
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_GENERATOR } from '../../lib/engine/rng';
import { createGuest } from '../../lib/db/people';
import { protocolKey, readProtocol, rulesKey } from '../../lib/match-protocol';
import { createTestDb, type TestDb } from '../db/test-db';
import { startQueue, stopQueue } from './queue';
import { startPlayMatch } from './play';
import { createTournament } from './tournaments';

let t: TestDb;
let boss: PgBoss;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestDb();
  boss = await startQueue(t.url, { worker: false });
  const p = await t.db.provider.create({ data: { name: 'sim', baseUrl: 'http://127.0.0.1:9', simulated: true } });
  ids.random = (await t.db.agent.create({ data: { name: 'random', kind: 'random' } })).id;
  ids.engine = (await t.db.agent.create({ data: { name: 'engine', kind: 'engine' } })).id;
  ids.cot = (
    await t.db.agent.create({
      data: { name: 'cot', kind: 'llm', providerId: p.id, model: 'm', scaffold: 'cot', promptVersion: 'v2' },
    })
  ).id;
  ids.judge = (
    await t.db.agent.create({
      data: { name: 'judge', kind: 'llm', providerId: p.id, model: 'j', scaffold: 'base', promptVersion: 'v2' },
    })
  ).id;
  ids.me = (await createGuest(t.db, { name: 'Quinn' })).agentId;
});
afterAll(async () => {
  if (boss) await stopQueue(boss);
  await t?.drop();
});

const stored = async (where: object) =>
  (
    await t.db.match.findMany({
      where,
      orderBy: { createdAt: 'asc' },
      select: { protocol: true, protocolKey: true, rulesKey: true },
    })
  )
    .map((m) => ({ protocol: readProtocol(m.protocol)!, key: m.protocolKey, rules: m.rulesKey }))
    .map((m) => ({ ...m, computed: protocolKey(m.protocol), computedRules: rulesKey(m.protocol) }));

describe('match protocols at creation', () => {
  it("a tournament's matches: the game's version and settings, the agents, the generator, the judge's prompt", async () => {
    const { tournament } = await createTournament(t.db, boss, {
      name: 'judged',
      // Host/guest places the spy around the guest: still the game's defaults.
      format: 'host-guest',
      gameIds: ['spy', 'holdem'],
      agentIds: [ids.cot!],
      hostIds: [ids.random!],
      gamesPerGuest: 2,
      judgeId: ids.judge!,
      gameConfigs: { holdem: { hands: 3 } },
    });
    const rows = await stored({ tournamentId: tournament.id, gameId: 'spy' });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.protocol).toMatchObject({
        game: 'spy',
        version: 1,
        preset: 'defaults',
        generator: CURRENT_GENERATOR,
        judges: { consistency: 'consistency-1' },
        data: { keywords: expect.any(String) },
      });
      expect(r.protocol.agents.every((a) => ['cot/v2', 'random'].includes(a))).toBe(true);
      expect(r.key).toBe(r.computed);
      // Postgres's rules key (the protocol without agents, generator and judges) is the one computed here.
      expect(r.rules).toBe(r.computedRules);
    }
    const holdem = await stored({ tournamentId: tournament.id, gameId: 'holdem' });
    expect(holdem[0]!.protocol).toMatchObject({ preset: 'custom', config: { hands: 3 }, judges: {} });
    expect(holdem[0]!.rules).toBe(holdem[0]!.computedRules);
  });

  it("a person's game: the person and the opponent's protocol", async () => {
    const { matchId } = await startPlayMatch(t.db, boss, ids.me!, {
      gameId: 'connect-four',
      opponentIds: [ids.engine],
      seat: 0,
    });
    const [m] = await stored({ id: matchId });
    expect(m!.protocol).toEqual({
      game: 'connect-four',
      version: 1,
      preset: 'defaults',
      agents: ['engine', 'person'],
      generator: CURRENT_GENERATOR,
      data: {},
      judges: {},
    });
    expect(m!.key).toBe(m!.computed);
    expect(m!.rules).toBe(m!.computedRules);
  });
});
