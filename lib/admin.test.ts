// Provider and agent administration on real Postgres: validation, encrypted keys, test connection, agent versions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../server/db/test-db';
import { startSimulatedEndpoint, type SimulatedEndpoint } from '../server/llm/simulated';
import {
  agentsPageForAdmin, deleteProvider, listAgentsForAdmin, listProviders, providersPage, saveAgent, saveProvider, setAgentPlayable, testProviderConnection,
} from './admin';
import { PAGE_SIZE } from './pagination';
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

describe('a stored key stays with its address', () => {
  // A listener standing in for an attacker's server: it records every Authorization header it receives.
  async function listener() {
    const seen: string[] = [];
    const http = await import('node:http');
    const server = http.createServer((req, res) => {
      seen.push(String(req.headers.authorization ?? ''));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'stolen', object: 'model' }] }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as import('node:net').AddressInfo;
    return { url: `http://127.0.0.1:${port}/v1`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
  }

  it('test connection with a new base URL and no key typed is refused, and nothing reaches the new address', async () => {
    const evil = await listener();
    try {
      const p = await t.db.provider.findUniqueOrThrow({ where: { name: 'Sim' } });
      const r = await testProviderConnection(t.db, { id: p.id, baseUrl: evil.url });
      expect(r).toEqual({ ok: false, error: 'the base URL changed: enter the API key again (a stored key is never sent to a new address)' });
      expect(evil.seen).toEqual([]);
      // With the key typed again, the test goes ahead with that key only.
      expect(await testProviderConnection(t.db, { id: p.id, baseUrl: evil.url, apiKey: 'sk-typed-again' })).toMatchObject({ ok: true, models: ['stolen'] });
      expect(evil.seen).toEqual(['Bearer sk-typed-again']);
      // The same address with a trailing slash is the same endpoint: the stored key is used.
      expect(await testProviderConnection(t.db, { id: p.id, baseUrl: `${p.baseUrl}/` })).toMatchObject({ ok: true });
    } finally {
      await evil.close();
    }
  });

  it('saving a new base URL without the key is refused; with a new key, or removing the key, it is saved', async () => {
    const p = await t.db.provider.findUniqueOrThrow({ where: { name: 'Sim' } });
    const base = { id: p.id, name: 'Sim', models: p.models, simulated: true, priceInPer1k: 0.5, priceOutPer1k: 1.5 };
    await expect(saveProvider(t.db, { ...base, baseUrl: 'http://127.0.0.1:9/v1' })).rejects.toThrow(/the base URL changed: enter the API key again/);
    expect((await t.db.provider.findUniqueOrThrow({ where: { id: p.id } })).baseUrl).toBe(p.baseUrl);
    await saveProvider(t.db, { ...base, baseUrl: `${p.baseUrl}/` }); // the same address: the key stays
    expect(decryptSecret((await t.db.provider.findUniqueOrThrow({ where: { id: p.id } })).apiKeyEnc!)).toBe('sk-sim-secret-key');
    const moved = await saveProvider(t.db, { name: 'Moved', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-old' });
    await saveProvider(t.db, { id: moved.id, name: 'Moved', baseUrl: 'http://127.0.0.1:8/v1', apiKey: 'sk-new' });
    expect(decryptSecret((await t.db.provider.findUniqueOrThrow({ where: { id: moved.id } })).apiKeyEnc!)).toBe('sk-new');
    await saveProvider(t.db, { id: moved.id, name: 'Moved', baseUrl: 'http://127.0.0.1:7/v1', clearApiKey: true });
    expect(await t.db.provider.findUniqueOrThrow({ where: { id: moved.id } })).toMatchObject({ baseUrl: 'http://127.0.0.1:7/v1', apiKeyEnc: null });
    await t.db.provider.delete({ where: { id: moved.id } });
  });
});

describe("people's daily budget", () => {
  it('is stored per provider; a budget on a provider without prices is refused, since its calls would cost $0', async () => {
    await expect(saveProvider(t.db, { name: 'Free', baseUrl: 'http://127.0.0.1:9/v1', peopleDailyBudgetUsd: '5' })).rejects.toThrow(
      "people's daily budget: set this provider's prices first (without them every call costs $0 and the budget never runs out)",
    );
    await expect(saveProvider(t.db, { name: 'Free', baseUrl: 'http://127.0.0.1:9/v1', peopleDailyBudgetUsd: '-1', priceInPer1k: 1 })).rejects.toThrow(/cannot be negative/);
    const priced = await saveProvider(t.db, { name: 'Priced', baseUrl: 'http://127.0.0.1:9/v1', peopleDailyBudgetUsd: '2.5', modelPrices: { m: { in: 0.1, out: 0.2 } } });
    // Zero closes the provider to people's games, prices or not; blank removes the cap.
    const closed = await saveProvider(t.db, { name: 'Closed', baseUrl: 'http://127.0.0.1:9/v1', peopleDailyBudgetUsd: 0 });
    const views = await listProviders(t.db);
    expect(views.find((v) => v.id === priced.id)).toMatchObject({ peopleDailyBudgetUsd: 2.5, peopleSpentTodayUsd: 0 });
    expect(views.find((v) => v.id === closed.id)).toMatchObject({ peopleDailyBudgetUsd: 0 });
    await saveProvider(t.db, { id: priced.id, name: 'Priced', baseUrl: 'http://127.0.0.1:9/v1', peopleDailyBudgetUsd: '' });
    expect((await t.db.provider.findUniqueOrThrow({ where: { id: priced.id } })).peopleDailyBudgetUsd).toBeNull();
    await t.db.provider.deleteMany({ where: { id: { in: [priced.id, closed.id] } } });
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

  it('people may play an LLM agent only once an admin marks it; the mark survives a new version', async () => {
    const p = await t.db.provider.create({ data: { name: 'Sim for people', baseUrl: sim.url, models: ['sim-careful'], simulated: true } });
    const a = await saveAgent(t.db, { kind: 'llm', name: 'Open later', providerId: p.id, model: 'sim-careful', scaffold: 'base' });
    const view = async (id: string) => (await listAgentsForAdmin(t.db)).find((x) => x.id === id)!;
    expect(await view(a.id)).toMatchObject({ playable: false });
    await setAgentPlayable(t.db, a.id, true);
    expect(await view(a.id)).toMatchObject({ playable: true });
    // Saving the form without the switch (as the CLI does) leaves it; the form's switch sets it.
    await saveAgent(t.db, { id: a.id, kind: 'llm', name: 'Open later', providerId: p.id, model: 'sim-careful', scaffold: 'base' });
    expect(await view(a.id)).toMatchObject({ playable: true });
    const rnd = await t.db.agent.findFirstOrThrow({ where: { kind: 'random' } });
    await t.db.match.create({ data: { gameId: 'tictactoe', seed: 's', numPlayers: 2, seats: { create: [{ seat: 0, agentId: a.id }, { seat: 1, agentId: rnd.id }] } } });
    const v2 = await saveAgent(t.db, { id: a.id, kind: 'llm', name: 'Open later', providerId: p.id, model: 'sim-careful', scaffold: 'cot' });
    expect(await view(v2.id)).toMatchObject({ playable: true, version: 2 });
    expect(await view(a.id)).toMatchObject({ playable: false, retired: true });
    await saveAgent(t.db, { id: v2.id, kind: 'llm', name: 'Open later v2', providerId: p.id, model: 'sim-careful', scaffold: 'cot', playable: false });
    expect(await view(v2.id)).toMatchObject({ playable: false });
    // Baselines are always open; retired versions and people are not the admin's to open.
    expect(await view(rnd.id)).toMatchObject({ playable: true });
    await expect(setAgentPlayable(t.db, rnd.id, false)).rejects.toThrow(/built-in baseline: people may always play it/);
    await expect(setAgentPlayable(t.db, a.id, true)).rejects.toThrow(/replaced by a newer version/);
  });

  it('the admin lists are pages: 500 agents and people never make one huge page', async () => {
    await t.db.agent.createMany({ data: Array.from({ length: 500 }, (_, i) => ({ name: `guest ${i}`, kind: 'human' })) });
    await t.db.agent.createMany({ data: Array.from({ length: 60 }, (_, i) => ({ name: `bulk ${String(i).padStart(2, '0')}`, kind: 'random' })) });
    const first = await agentsPageForAdmin(t.db, 1);
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first.items.every((a) => a.kind !== 'human')).toBe(true); // people sign up on the Play page, not here
    const admins = await t.db.agent.count({ where: { kind: { not: 'human' } } });
    expect(first).toMatchObject({ total: admins, page: 1, pages: Math.ceil(admins / PAGE_SIZE) });
    const last = await agentsPageForAdmin(t.db, 999); // a stale link past the end shows the last page
    expect(last.page).toBe(first.pages);
    expect(last.items).toHaveLength(admins - (first.pages - 1) * PAGE_SIZE);
    const seen = new Set<string>();
    for (let n = 1; n <= first.pages; n++) for (const a of (await agentsPageForAdmin(t.db, n)).items) seen.add(a.id);
    expect(seen.size).toBe(admins);
    expect(await providersPage(t.db, 1)).toMatchObject({ page: 1, total: await t.db.provider.count() });
  });

  it('a provider with agents cannot be deleted', async () => {
    const p = await t.db.provider.findUniqueOrThrow({ where: { name: 'Sim' } });
    await expect(deleteProvider(t.db, p.id)).rejects.toThrow(/still has 4 agents/);
  });
});
