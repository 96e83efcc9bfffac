// Provider and agent administration on real Postgres: validation, encrypted keys, test connection, agent versions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../server/db/test-db';
import { startSimulatedEndpoint, type SimulatedEndpoint } from '../server/llm/simulated';
import { deleteProvider, listAgentsForAdmin, listProviders, saveAgent, saveProvider, testProviderConnection } from './admin';
import { decryptSecret } from './secrets';

let t: TestDb;
let sim: SimulatedEndpoint;
const saved = process.env.ARENA_SECRET;
beforeAll(async () => {
  process.env.ARENA_SECRET = 'admin-test-secret-0123456789';
  t = await createTestDb();
  sim = await startSimulatedEndpoint({ apiKey: 'sk-sim-secret-key' });
});
afterAll(async () => {
  process.env.ARENA_SECRET = saved;
  await sim?.close();
  await t?.drop();
});

describe('providers', () => {
  it('stores the key encrypted, shows it masked, keeps it on edit when left blank', async () => {
    const { id } = await saveProvider(t.db, {
      name: 'Sim', baseUrl: `${sim.url}/`, apiKey: 'sk-sim-secret-key', models: ['sim-careful'], rpm: '60', tpm: '', maxConcurrent: 4,
      priceInPer1k: '0.5', priceOutPer1k: 1.5, simulated: true,
    });
    const row = await t.db.provider.findUniqueOrThrow({ where: { id } });
    expect(row.apiKeyEnc).not.toContain('sk-sim-secret-key');
    expect(decryptSecret(row.apiKeyEnc!)).toBe('sk-sim-secret-key');
    expect(row).toMatchObject({ baseUrl: sim.url, rpm: 60, tpm: null, maxConcurrent: 4, priceInPer1k: 0.5, priceOutPer1k: 1.5 });
    const [view] = await listProviders(t.db);
    expect(view!.apiKeyMasked).toBe('sk-…-key');
    expect(JSON.stringify(view)).not.toContain('sk-sim-secret-key');
    await saveProvider(t.db, { id, name: 'Sim', baseUrl: sim.url, apiKey: '', models: ['sim-careful', 'sim-sloppy'], simulated: true });
    expect(decryptSecret((await t.db.provider.findUniqueOrThrow({ where: { id } })).apiKeyEnc!)).toBe('sk-sim-secret-key');
  });

  it('refuses bad input with readable messages', async () => {
    await expect(saveProvider(t.db, { name: '', baseUrl: sim.url })).rejects.toThrow(/give the provider a name/);
    await expect(saveProvider(t.db, { name: 'x', baseUrl: 'ftp://host' })).rejects.toThrow(/must start with http/);
    await expect(saveProvider(t.db, { name: 'x', baseUrl: 'not a url' })).rejects.toThrow(/enter a URL/);
    await expect(saveProvider(t.db, { name: 'x', baseUrl: sim.url, rpm: '-3' })).rejects.toThrow(/rpm: must be more than 0/);
    await expect(saveProvider(t.db, { name: 'Sim', baseUrl: sim.url })).rejects.toThrow(/already exists/);
  });

  it('test connection lists the models with the stored key, and explains a wrong key or a dead endpoint', async () => {
    const p = await t.db.provider.findUniqueOrThrow({ where: { name: 'Sim' } });
    const ok = await testProviderConnection(t.db, { id: p.id, baseUrl: p.baseUrl });
    expect(ok).toMatchObject({ ok: true });
    expect(ok.ok && ok.models).toContain('sim-careful');
    const bad = await testProviderConnection(t.db, { baseUrl: sim.url, apiKey: 'sk-wrong' });
    expect(bad).toMatchObject({ ok: false, error: expect.stringMatching(/HTTP 401/) });
    const dead = await testProviderConnection(t.db, { baseUrl: 'http://127.0.0.1:9/v1' });
    expect(dead).toMatchObject({ ok: false, error: expect.stringMatching(/no answer from/) });
  });
});

describe('agents', () => {
  it('renames in place, edits in place before the first match, and makes a new version once it has played', async () => {
    const p = await t.db.provider.findUniqueOrThrow({ where: { name: 'Sim' } });
    const a = await saveAgent(t.db, { kind: 'llm', name: 'Careful', providerId: p.id, model: 'sim-careful', scaffold: 'base', temperature: '0.7', maxTokens: '' });
    expect(a).toMatchObject({ version: 1, newVersion: false });
    expect(await t.db.agent.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ simulated: true, temperature: 0.7, maxTokens: null, promptVersion: 'v1' });
    // No match yet: a change to what plays is applied in place.
    expect(await saveAgent(t.db, { id: a.id, kind: 'llm', name: 'Careful', providerId: p.id, model: 'sim-careful', scaffold: 'cot' })).toMatchObject({ id: a.id, newVersion: false });
    // It plays a match…
    const opp = await saveAgent(t.db, { kind: 'random', name: 'Rnd' });
    await t.db.match.create({ data: { gameId: 'tictactoe', seed: 's', numPlayers: 2, seats: { create: [{ seat: 0, agentId: a.id }, { seat: 1, agentId: opp.id }] } } });
    // …now a rename stays in place, but a new scaffold is a new version and the old one is retired.
    expect(await saveAgent(t.db, { id: a.id, kind: 'llm', name: 'Careful one', providerId: p.id, model: 'sim-careful', scaffold: 'cot' })).toMatchObject({ id: a.id, newVersion: false });
    const v2 = await saveAgent(t.db, { id: a.id, kind: 'llm', name: 'Careful one', providerId: p.id, model: 'sim-careful', scaffold: 'base' });
    expect(v2).toMatchObject({ version: 2, newVersion: true });
    expect(v2.id).not.toBe(a.id);
    const old = await t.db.agent.findUniqueOrThrow({ where: { id: a.id } });
    const next = await t.db.agent.findUniqueOrThrow({ where: { id: v2.id } });
    expect(old).toMatchObject({ retired: true, scaffold: 'cot', version: 1 });
    expect(next).toMatchObject({ name: 'Careful one v2', familyId: old.familyId, scaffold: 'base', retired: false });
    await expect(saveAgent(t.db, { id: a.id, kind: 'llm', name: 'x', providerId: p.id, model: 'm', scaffold: 'base' })).rejects.toThrow(/replaced by a newer version/);
    const list = await listAgentsForAdmin(t.db);
    expect(list.find((x) => x.id === a.id)).toMatchObject({ retired: true, matches: 1 });
  });

  it('validates agents with readable messages', async () => {
    await expect(saveAgent(t.db, { kind: 'llm', name: 'n', providerId: 'nope', model: 'm', scaffold: 'base' })).rejects.toThrow(/provider does not exist/);
    await expect(saveAgent(t.db, { kind: 'llm', name: 'n', providerId: 'x', model: 'm', scaffold: 'tree-of-thought' })).rejects.toThrow(/scaffold is one of base, cot/);
    await expect(saveAgent(t.db, { kind: 'llm', name: 'n', providerId: 'x', model: 'm', scaffold: 'base', temperature: '5' })).rejects.toThrow(/temperature is 0 to 2/);
    await expect(saveAgent(t.db, { kind: 'engine', name: 'e', depth: 40 })).rejects.toThrow(/depth is 1 to 12/);
    await expect(saveAgent(t.db, { kind: 'human', name: 'h' })).rejects.toThrow(/kind/);
    await expect(saveAgent(t.db, { kind: 'random', name: 'Rnd' })).rejects.toThrow(/already exists/);
  });

  it('keeps ablation switches in the settings, as part of what plays, and refuses unknown ones', async () => {
    const p = await t.db.provider.findUniqueOrThrow({ where: { name: 'Sim' } });
    const a = await saveAgent(t.db, {
      kind: 'llm', name: 'Ablated', providerId: p.id, model: 'sim-careful', scaffold: 'cot', promptSwitches: ['spy:no-reasoning', 'spy:no-word-guessing', 'spy:no-reasoning'],
    });
    const row = await t.db.agent.findUniqueOrThrow({ where: { id: a.id } });
    expect(row.settings).toEqual({ promptSwitches: ['spy:no-reasoning', 'spy:no-word-guessing'] });
    expect((await listAgentsForAdmin(t.db)).find((x) => x.id === a.id)!.promptSwitches).toEqual(['spy:no-reasoning', 'spy:no-word-guessing']);
    const opp = await t.db.agent.findFirstOrThrow({ where: { kind: 'random' } });
    await t.db.match.create({ data: { gameId: 'spy', seed: 's', numPlayers: 3, seats: { create: [0, 1, 2].map((seat) => ({ seat, agentId: seat ? opp.id : a.id })) } } });
    // After a match, turning a switch off is a new version; saving the same switches again is not.
    expect(await saveAgent(t.db, { id: a.id, kind: 'llm', name: 'Ablated', providerId: p.id, model: 'sim-careful', scaffold: 'cot', promptSwitches: ['spy:no-word-guessing', 'spy:no-reasoning'] })).toMatchObject({ newVersion: false });
    expect(await saveAgent(t.db, { id: a.id, kind: 'llm', name: 'Ablated', providerId: p.id, model: 'sim-careful', scaffold: 'cot', promptSwitches: ['spy:no-reasoning'] })).toMatchObject({ newVersion: true, version: 2 });
    await expect(saveAgent(t.db, { kind: 'llm', name: 'n2', providerId: p.id, model: 'm', scaffold: 'base', promptSwitches: ['spy:no-speaking'] })).rejects.toThrow(/"spy:no-speaking" is not a prompt switch of any game/);
  });

  it('a provider with agents cannot be deleted', async () => {
    const p = await t.db.provider.findUniqueOrThrow({ where: { name: 'Sim' } });
    await expect(deleteProvider(t.db, p.id)).rejects.toThrow(/still has 4 agents/);
  });
});
