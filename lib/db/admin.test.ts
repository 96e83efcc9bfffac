// Provider and agent administration (lib/db/admin-providers.ts, lib/db/admin-agents.ts) on real Postgres: validation,
// encrypted keys, test connection (lib/endpoint-models.ts), agent versions.
import { PROMPT_VERSION } from '../agents/scaffolds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../server/db/test-db';
import { startSimulatedEndpoint, type SimulatedEndpoint } from '../../server/llm/simulated';
import { freePort } from '../../server/net';
import { answerExcerpt } from '../endpoint-models';
import {
  agentsPageForAdmin,
  archiveAgent,
  deleteAgent,
  getAgentForAdmin,
  listAgentsForAdmin,
  saveAgent,
  setAgentPlayable,
} from './admin-agents';
import {
  deleteProvider,
  listProviders,
  modelWarning,
  providersPage,
  saveProvider,
  testProviderConnection,
} from './admin-providers';
import { PAGE_SIZE } from '../pagination';
import { decryptSecret } from '../secrets';

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
      name: 'Sim',
      baseUrl: `${sim.url}/`,
      apiKey: 'sk-sim-secret-key',
      models: ['sim-careful'],
      rpm: '60',
      tpm: '',
      maxConcurrent: 4,
      priceInPer1k: '0.5',
      priceOutPer1k: 1.5,
      simulated: true,
    });
    const row = await t.db.provider.findUniqueOrThrow({ where: { id } });
    expect(row.apiKeyEnc).not.toContain('sk-sim-secret-key');
    expect(decryptSecret(row.apiKeyEnc!)).toBe('sk-sim-secret-key');
    expect(row).toMatchObject({
      baseUrl: sim.url,
      rpm: 60,
      tpm: null,
      maxConcurrent: 4,
      priceInPer1k: 0.5,
      priceOutPer1k: 1.5,
    });
    const [view] = await listProviders(t.db);
    expect(view!.apiKeyMasked).toBe('sk-…-key');
    expect(JSON.stringify(view)).not.toContain('sk-sim-secret-key');
    await saveProvider(t.db, {
      id,
      name: 'Sim',
      baseUrl: sim.url,
      apiKey: '',
      models: ['sim-careful', 'sim-sloppy'],
      simulated: true,
    });
    expect(decryptSecret((await t.db.provider.findUniqueOrThrow({ where: { id } })).apiKeyEnc!)).toBe(
      'sk-sim-secret-key',
    );
  });

  it('refuses bad input with readable messages', async () => {
    await expect(saveProvider(t.db, { name: '', baseUrl: sim.url })).rejects.toThrow(/give the provider a name/);
    await expect(saveProvider(t.db, { name: 'x', baseUrl: 'ftp://host' })).rejects.toThrow(/must start with http/);
    await expect(saveProvider(t.db, { name: 'x', baseUrl: 'not a url' })).rejects.toThrow(/enter a URL/);
    await expect(saveProvider(t.db, { name: 'x', baseUrl: sim.url, rpm: '-3' })).rejects.toThrow(
      /Requests \/ min: must be more than 0/,
    );
    // Every field's problem, not the first one only, each named as the form labels it.
    await expect(
      saveProvider(t.db, { name: '', baseUrl: 'not a url', rpm: '-3', tpm: 'abc', priceInPer1k: '-1' }),
    ).rejects.toThrow(
      'give the provider a name; Base URL: enter a URL such as http://localhost:8000/v1; Requests / min: must be more than 0; Tokens / min: enter a whole number; Input / 1k: a price cannot be negative',
    );
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
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ object: 'list', data: [{ id: 'stolen', object: 'model' }] }));
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
      expect(r).toEqual({
        ok: false,
        error: 'the base URL changed: enter the API key again (a stored key is never sent to a new address)',
      });
      expect(evil.seen).toEqual([]);
      // With the key typed again, the test goes ahead with that key only.
      expect(
        await testProviderConnection(t.db, { id: p.id, baseUrl: evil.url, apiKey: 'sk-typed-again' }),
      ).toMatchObject({ ok: true, models: ['stolen'] });
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
    await expect(saveProvider(t.db, { ...base, baseUrl: 'http://127.0.0.1:9/v1' })).rejects.toThrow(
      /the base URL changed: enter the API key again/,
    );
    expect((await t.db.provider.findUniqueOrThrow({ where: { id: p.id } })).baseUrl).toBe(p.baseUrl);
    await saveProvider(t.db, { ...base, baseUrl: `${p.baseUrl}/` }); // the same address: the key stays
    expect(decryptSecret((await t.db.provider.findUniqueOrThrow({ where: { id: p.id } })).apiKeyEnc!)).toBe(
      'sk-sim-secret-key',
    );
    const moved = await saveProvider(t.db, { name: 'Moved', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-old' });
    await saveProvider(t.db, { id: moved.id, name: 'Moved', baseUrl: 'http://127.0.0.1:8/v1', apiKey: 'sk-new' });
    expect(decryptSecret((await t.db.provider.findUniqueOrThrow({ where: { id: moved.id } })).apiKeyEnc!)).toBe(
      'sk-new',
    );
    await saveProvider(t.db, { id: moved.id, name: 'Moved', baseUrl: 'http://127.0.0.1:7/v1', clearApiKey: true });
    expect(await t.db.provider.findUniqueOrThrow({ where: { id: moved.id } })).toMatchObject({
      baseUrl: 'http://127.0.0.1:7/v1',
      apiKeyEnc: null,
    });
    await t.db.provider.delete({ where: { id: moved.id } });
  });
});

describe("people's daily budget", () => {
  it('is stored per provider; a budget on a provider without prices is refused, since its calls would cost $0', async () => {
    await expect(
      saveProvider(t.db, { name: 'Free', baseUrl: 'http://127.0.0.1:9/v1', peopleDailyBudgetUsd: '5' }),
    ).rejects.toThrow(
      "Budget / day (USD): set this provider's prices first (without them every call costs $0 and the budget never runs out)",
    );
    await expect(
      saveProvider(t.db, {
        name: 'Free',
        baseUrl: 'http://127.0.0.1:9/v1',
        peopleDailyBudgetUsd: '-1',
        priceInPer1k: 1,
      }),
    ).rejects.toThrow(/cannot be negative/);
    const priced = await saveProvider(t.db, {
      name: 'Priced',
      baseUrl: 'http://127.0.0.1:9/v1',
      peopleDailyBudgetUsd: '2.5',
      modelPrices: { m: { in: 0.1, out: 0.2 } },
    });
    // Zero closes the provider to people's games, prices or not; blank removes the cap.
    const closed = await saveProvider(t.db, {
      name: 'Closed',
      baseUrl: 'http://127.0.0.1:9/v1',
      peopleDailyBudgetUsd: 0,
    });
    const views = await listProviders(t.db);
    expect(views.find((v) => v.id === priced.id)).toMatchObject({ peopleDailyBudgetUsd: 2.5, peopleSpentTodayUsd: 0 });
    expect(views.find((v) => v.id === closed.id)).toMatchObject({ peopleDailyBudgetUsd: 0 });
    await saveProvider(t.db, {
      id: priced.id,
      name: 'Priced',
      baseUrl: 'http://127.0.0.1:9/v1',
      peopleDailyBudgetUsd: '',
    });
    expect((await t.db.provider.findUniqueOrThrow({ where: { id: priced.id } })).peopleDailyBudgetUsd).toBeNull();
    await t.db.provider.deleteMany({ where: { id: { in: [priced.id, closed.id] } } });
  });
});

describe('agents', () => {
  it('renames in place, edits in place before the first match, and makes a new version once it has played', async () => {
    const p = await t.db.provider.findUniqueOrThrow({ where: { name: 'Sim' } });
    const a = await saveAgent(t.db, {
      kind: 'llm',
      name: 'Careful',
      providerId: p.id,
      model: 'sim-careful',
      scaffold: 'base',
      temperature: '0.7',
      maxTokens: '',
    });
    expect(a).toMatchObject({ version: 1, newVersion: false });
    expect(await t.db.agent.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({
      simulated: true,
      temperature: 0.7,
      maxTokens: null,
      promptVersion: PROMPT_VERSION,
    });
    // No match yet: a change to what plays is applied in place.
    expect(
      await saveAgent(t.db, {
        id: a.id,
        kind: 'llm',
        name: 'Careful',
        providerId: p.id,
        model: 'sim-careful',
        scaffold: 'cot',
      }),
    ).toMatchObject({ id: a.id, newVersion: false });
    // It plays a match…
    const opp = await saveAgent(t.db, { kind: 'random', name: 'Rnd' });
    await t.db.match.create({
      data: {
        gameId: 'tictactoe',
        seed: 's',
        numPlayers: 2,
        seats: {
          create: [
            { seat: 0, agentId: a.id },
            { seat: 1, agentId: opp.id },
          ],
        },
      },
    });
    // …now a rename stays in place, but a new scaffold is a new version and the old one is retired.
    expect(
      await saveAgent(t.db, {
        id: a.id,
        kind: 'llm',
        name: 'Careful one',
        providerId: p.id,
        model: 'sim-careful',
        scaffold: 'cot',
      }),
    ).toMatchObject({ id: a.id, newVersion: false });
    const v2 = await saveAgent(t.db, {
      id: a.id,
      kind: 'llm',
      name: 'Careful one',
      providerId: p.id,
      model: 'sim-careful',
      scaffold: 'base',
    });
    expect(v2).toMatchObject({ version: 2, newVersion: true });
    expect(v2.id).not.toBe(a.id);
    const old = await t.db.agent.findUniqueOrThrow({ where: { id: a.id } });
    const next = await t.db.agent.findUniqueOrThrow({ where: { id: v2.id } });
    expect(old).toMatchObject({ retired: true, scaffold: 'cot', version: 1 });
    expect(next).toMatchObject({ name: 'Careful one v2', familyId: old.familyId, scaffold: 'base', retired: false });
    await expect(
      saveAgent(t.db, { id: a.id, kind: 'llm', name: 'x', providerId: p.id, model: 'm', scaffold: 'base' }),
    ).rejects.toThrow(/replaced by a newer version/);
    const list = await listAgentsForAdmin(t.db);
    expect(list.find((x) => x.id === a.id)).toMatchObject({ retired: true, matches: 1 });
  });

  it('validates agents with readable messages', async () => {
    await expect(
      saveAgent(t.db, { kind: 'llm', name: 'n', providerId: 'nope', model: 'm', scaffold: 'base' }),
    ).rejects.toThrow(/provider does not exist/);
    await expect(
      saveAgent(t.db, { kind: 'llm', name: 'n', providerId: 'x', model: 'm', scaffold: 'tree-of-thought' }),
    ).rejects.toThrow(/scaffold is one of base, cot/);
    await expect(
      saveAgent(t.db, { kind: 'llm', name: 'n', providerId: 'x', model: 'm', scaffold: 'base', temperature: '5' }),
    ).rejects.toThrow(/temperature is 0 to 2/);
    await expect(saveAgent(t.db, { kind: 'engine', name: 'e', depth: 40 })).rejects.toThrow(/depth is 1 to 12/);
    await expect(saveAgent(t.db, { kind: 'human', name: 'h' })).rejects.toThrow(
      /^Kind: must be one of llm, random, engine$/,
    );
    await expect(saveAgent(t.db, { kind: 'random', name: 'Rnd' })).rejects.toThrow(/already exists/);
  });

  it('keeps ablation switches in the settings, as part of what plays, and refuses unknown ones', async () => {
    const p = await t.db.provider.findUniqueOrThrow({ where: { name: 'Sim' } });
    const a = await saveAgent(t.db, {
      kind: 'llm',
      name: 'Ablated',
      providerId: p.id,
      model: 'sim-careful',
      scaffold: 'cot',
      promptSwitches: ['spy:no-reasoning', 'spy:no-word-guessing', 'spy:no-reasoning'],
    });
    const row = await t.db.agent.findUniqueOrThrow({ where: { id: a.id } });
    expect(row.settings).toEqual({ promptSwitches: ['spy:no-reasoning', 'spy:no-word-guessing'] });
    expect((await listAgentsForAdmin(t.db)).find((x) => x.id === a.id)!.promptSwitches).toEqual([
      'spy:no-reasoning',
      'spy:no-word-guessing',
    ]);
    const opp = await t.db.agent.findFirstOrThrow({ where: { kind: 'random' } });
    await t.db.match.create({
      data: {
        gameId: 'spy',
        seed: 's',
        numPlayers: 3,
        seats: { create: [0, 1, 2].map((seat) => ({ seat, agentId: seat ? opp.id : a.id })) },
      },
    });
    // After a match, turning a switch off is a new version; saving the same switches again is not.
    expect(
      await saveAgent(t.db, {
        id: a.id,
        kind: 'llm',
        name: 'Ablated',
        providerId: p.id,
        model: 'sim-careful',
        scaffold: 'cot',
        promptSwitches: ['spy:no-word-guessing', 'spy:no-reasoning'],
      }),
    ).toMatchObject({ newVersion: false });
    expect(
      await saveAgent(t.db, {
        id: a.id,
        kind: 'llm',
        name: 'Ablated',
        providerId: p.id,
        model: 'sim-careful',
        scaffold: 'cot',
        promptSwitches: ['spy:no-reasoning'],
      }),
    ).toMatchObject({ newVersion: true, version: 2 });
    await expect(
      saveAgent(t.db, {
        kind: 'llm',
        name: 'n2',
        providerId: p.id,
        model: 'm',
        scaffold: 'base',
        promptSwitches: ['spy:no-speaking'],
      }),
    ).rejects.toThrow(/"spy:no-speaking" is not a prompt switch of any game/);
  });

  it('keeps "full rules up front" in the settings, as part of what plays', async () => {
    const p = await t.db.provider.create({
      data: { name: 'Sim for rules', baseUrl: sim.url, models: ['sim-careful'], simulated: true },
    });
    const base = {
      kind: 'llm',
      name: 'Reads everything',
      providerId: p.id,
      model: 'sim-careful',
      scaffold: 'cot',
    } as const;
    const a = await saveAgent(t.db, { ...base, rulesUpfront: true });
    expect((await t.db.agent.findUniqueOrThrow({ where: { id: a.id } })).settings).toEqual({ rulesUpfront: true });
    expect(await getAgentForAdmin(t.db, a.id)).toMatchObject({ rulesUpfront: true });
    const opp = await t.db.agent.findFirstOrThrow({ where: { kind: 'random' } });
    await t.db.match.create({
      data: {
        gameId: 'tictactoe',
        seed: 's',
        numPlayers: 2,
        seats: {
          create: [
            { seat: 0, agentId: a.id },
            { seat: 1, agentId: opp.id },
          ],
        },
      },
    });
    // Turning it off after a match is a new version: withheld and full rules are two agents.
    expect(await saveAgent(t.db, { ...base, id: a.id, rulesUpfront: false })).toMatchObject({
      newVersion: true,
      version: 2,
    });
    await expect(saveAgent(t.db, { ...base, name: 'x', rulesUpfront: 'maybe' })).rejects.toThrow();
  });

  it("keeps RAP's search settings for a RAP agent, only those set, and refuses one out of range by name", async () => {
    const p = await t.db.provider.create({
      data: { name: 'Sim for RAP', baseUrl: sim.url, models: ['sim-careful'], simulated: true },
    });
    const base = { kind: 'llm', name: 'Planner', providerId: p.id, model: 'sim-careful', scaffold: 'rap' } as const;
    const a = await saveAgent(t.db, { ...base, rapDepth: '', rapIterations: '3', rapCandidates: '5' });
    expect((await t.db.agent.findUniqueOrThrow({ where: { id: a.id } })).settings).toEqual({
      rap: { iterations: 3, candidates: 5 },
    });
    expect(await getAgentForAdmin(t.db, a.id)).toMatchObject({
      scaffold: 'rap',
      rap: { iterations: 3, candidates: 5 },
    });
    // Another scaffold keeps no RAP settings.
    const b = await saveAgent(t.db, { ...base, name: 'Not a planner', scaffold: 'cot', rapIterations: '3' });
    expect((await t.db.agent.findUniqueOrThrow({ where: { id: b.id } })).settings).toEqual({});
    await expect(saveAgent(t.db, { ...base, name: 'Too deep', rapDepth: '9' })).rejects.toThrow(
      /RAP depth: the depth is 1 to 4/,
    );
  });

  it('keeps vision (the board as an image) in the settings, as part of what plays, and refuses what is not yes or no', async () => {
    const p = await t.db.provider.create({
      data: { name: 'Sim for vision', baseUrl: sim.url, models: ['sim-careful'], simulated: true },
    });
    const base = {
      kind: 'llm',
      name: 'Sees the board',
      providerId: p.id,
      model: 'sim-careful',
      scaffold: 'cot',
    } as const;
    const a = await saveAgent(t.db, { ...base, vision: true, promptSwitches: ['spy:no-reasoning'] });
    const row = await t.db.agent.findUniqueOrThrow({ where: { id: a.id } });
    expect(row.settings).toEqual({ promptSwitches: ['spy:no-reasoning'], vision: true });
    expect(await getAgentForAdmin(t.db, a.id)).toMatchObject({ vision: true, promptSwitches: ['spy:no-reasoning'] });
    // Without it: nothing stored, so agents saved before the setting existed keep their identity.
    const plain = await saveAgent(t.db, { ...base, name: 'Reads the text' });
    expect((await t.db.agent.findUniqueOrThrow({ where: { id: plain.id } })).settings).toEqual({});
    expect(await getAgentForAdmin(t.db, plain.id)).toMatchObject({ vision: false });
    const opp = await t.db.agent.findFirstOrThrow({ where: { kind: 'random' } });
    await t.db.match.create({
      data: {
        gameId: 'tictactoe',
        seed: 's',
        numPlayers: 2,
        seats: {
          create: [
            { seat: 0, agentId: a.id },
            { seat: 1, agentId: opp.id },
          ],
        },
      },
    });
    // Saving the same settings again is not a new version (whatever order the database keeps their keys in)…
    expect(
      await saveAgent(t.db, { ...base, id: a.id, vision: true, promptSwitches: ['spy:no-reasoning'] }),
    ).toMatchObject({ newVersion: false, version: 1 });
    // …turning vision off after a match is.
    const v2 = await saveAgent(t.db, { ...base, id: a.id, vision: false, promptSwitches: ['spy:no-reasoning'] });
    expect(v2).toMatchObject({ newVersion: true, version: 2 });
    expect((await t.db.agent.findUniqueOrThrow({ where: { id: v2.id } })).settings).toEqual({
      promptSwitches: ['spy:no-reasoning'],
    });
    await expect(saveAgent(t.db, { ...base, name: 'n3', vision: 'yes' })).rejects.toThrow(
      /^Send the board as an image \(vision\): should be yes or no$/,
    );
    await expect(saveAgent(t.db, { ...base, name: 'n3', vision: 1 })).rejects.toThrow(
      /^Send the board as an image \(vision\): should be yes or no$/,
    );
    await expect(saveAgent(t.db, { kind: 'random', name: 'n4', vision: true })).rejects.toThrow(
      /unknown setting vision/,
    );
  });

  it('people may play an LLM agent only once an admin marks it; the mark survives a new version', async () => {
    const p = await t.db.provider.create({
      data: { name: 'Sim for people', baseUrl: sim.url, models: ['sim-careful'], simulated: true },
    });
    const a = await saveAgent(t.db, {
      kind: 'llm',
      name: 'Open later',
      providerId: p.id,
      model: 'sim-careful',
      scaffold: 'base',
    });
    const view = async (id: string) => (await listAgentsForAdmin(t.db)).find((x) => x.id === id)!;
    expect(await view(a.id)).toMatchObject({ playable: false });
    await setAgentPlayable(t.db, a.id, true);
    expect(await view(a.id)).toMatchObject({ playable: true });
    // Saving the form without the switch (as the CLI does) leaves it; the form's switch sets it.
    await saveAgent(t.db, {
      id: a.id,
      kind: 'llm',
      name: 'Open later',
      providerId: p.id,
      model: 'sim-careful',
      scaffold: 'base',
    });
    expect(await view(a.id)).toMatchObject({ playable: true });
    const rnd = await t.db.agent.findFirstOrThrow({ where: { kind: 'random' } });
    await t.db.match.create({
      data: {
        gameId: 'tictactoe',
        seed: 's',
        numPlayers: 2,
        seats: {
          create: [
            { seat: 0, agentId: a.id },
            { seat: 1, agentId: rnd.id },
          ],
        },
      },
    });
    const v2 = await saveAgent(t.db, {
      id: a.id,
      kind: 'llm',
      name: 'Open later',
      providerId: p.id,
      model: 'sim-careful',
      scaffold: 'cot',
    });
    expect(await view(v2.id)).toMatchObject({ playable: true, version: 2 });
    expect(await view(a.id)).toMatchObject({ playable: false, retired: true });
    await saveAgent(t.db, {
      id: v2.id,
      kind: 'llm',
      name: 'Open later v2',
      providerId: p.id,
      model: 'sim-careful',
      scaffold: 'cot',
      playable: false,
    });
    expect(await view(v2.id)).toMatchObject({ playable: false });
    // Baselines are always open; retired versions and people are not the admin's to open.
    expect(await view(rnd.id)).toMatchObject({ playable: true });
    await expect(setAgentPlayable(t.db, rnd.id, false)).rejects.toThrow(/built-in baseline: people may always play it/);
    await expect(setAgentPlayable(t.db, a.id, true)).rejects.toThrow(/replaced by a newer version/);
  });

  it('the admin lists are pages: 500 agents and people never make one huge page', async () => {
    await t.db.agent.createMany({
      data: Array.from({ length: 500 }, (_, i) => ({ name: `guest ${i}`, kind: 'human' })),
    });
    await t.db.agent.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({ name: `bulk ${String(i).padStart(2, '0')}`, kind: 'random' })),
    });
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

/** A real HTTP server answering every request with `status`, `type` and `body` (an nginx error page, a web UI…). */
async function answering(status: number, type: string, body: string) {
  const http = await import('node:http');
  const server = http.createServer((_req, res) => res.writeHead(status, { 'content-type': type }).end(body));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as import('node:net').AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const NGINX_404 = `<!DOCTYPE html>
<html>
<head><title>404 Not Found</title>
<style>body { font-family: sans-serif; }</style></head>
<body>
<center><h1>404 Not Found</h1></center>
<hr><center>nginx/1.25.3</center>
${'<!-- a padding comment to make the page long -->\n'.repeat(40)}</body>
</html>`;

describe('test connection says what came back, in one short line', () => {
  it('an HTML error page: the status, the address and the page title, never the page', async () => {
    const page = await answering(404, 'text/html', NGINX_404);
    try {
      const r = await testProviderConnection(t.db, { baseUrl: page.url });
      expect(r.ok).toBe(false);
      const error = (r as { error: string }).error;
      expect(error).toBe(`HTTP 404 from ${page.url}/models: <title>404 Not Found</title>…`);
      expect(error.length).toBeLessThanOrEqual(200);
      expect(error).not.toMatch(/\n|<body|<html|nginx/);
    } finally {
      await page.close();
    }
  });

  it('a web page answering 200 (the URL of a site, not of an API) is not a model list', async () => {
    const site = await answering(
      200,
      'text/html',
      `<html><head>\n  <title>\n   Welcome to   my   blog\n  </title></head><body>${'x'.repeat(5000)}</body></html>`,
    );
    try {
      const r = await testProviderConnection(t.db, { baseUrl: site.url });
      expect(r).toEqual({
        ok: false,
        error: `HTTP 200 from ${site.url}/models, but not a model list: <title>Welcome to my blog</title>…`,
      });
    } finally {
      await site.close();
    }
  });

  it('a JSON error gives its message; a long plain answer is cut to one line; an echoed key is blanked', async () => {
    const json = await answering(
      401,
      'application/json',
      JSON.stringify({
        error: { message: 'Incorrect API key provided: sk-typed-secret.', type: 'invalid_request_error' },
      }),
    );
    const text = await answering(502, 'text/plain', `Bad gateway\n\n${'upstream said no. '.repeat(50)}`);
    try {
      const r = await testProviderConnection(t.db, { baseUrl: json.url, apiKey: 'sk-typed-secret' });
      expect(r).toEqual({ ok: false, error: `HTTP 401 from ${json.url}/models: Incorrect API key provided: ….` });
      const long = (await testProviderConnection(t.db, { baseUrl: text.url })) as { ok: false; error: string };
      expect(long.error).toMatch(
        new RegExp(`^HTTP 502 from ${text.url.replace(/[.]/g, '\\.')}/models: Bad gateway upstream said no\\. .*…$`),
      );
      expect(long.error.length).toBeLessThanOrEqual(200);
      expect(long.error).not.toContain('\n');
    } finally {
      await json.close();
      await text.close();
    }
    // A very long base URL is shortened in the message too.
    const closed = await freePort();
    const dead = (await testProviderConnection(t.db, {
      baseUrl: `http://127.0.0.1:${closed}/${'very-long-path/'.repeat(20)}v1`,
    })) as { ok: false; error: string };
    expect(dead.error).toMatch(
      new RegExp(`^no answer from http://127\\.0\\.0\\.1:${closed}/very-long-path/.*…: ECONNREFUSED$`),
    );
    expect(dead.error.length).toBeLessThanOrEqual(200);
    expect(answerExcerpt('')).toBe('(an empty answer)');
  });

  it('a redirect is reported, not followed: the key goes nowhere but the address it was typed for', async () => {
    const http = await import('node:http');
    const seen: string[] = [];
    const elsewhere = http.createServer((req, res) => {
      seen.push(String(req.headers.authorization ?? ''));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
    });
    await new Promise<void>((r) => elsewhere.listen(0, '127.0.0.1', r));
    const target = `http://127.0.0.1:${(elsewhere.address() as import('node:net').AddressInfo).port}/v1/models`;
    const moved = http.createServer((_req, res) => res.writeHead(301, { location: target }).end());
    await new Promise<void>((r) => moved.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(moved.address() as import('node:net').AddressInfo).port}/v1`;
    try {
      expect(await testProviderConnection(t.db, { baseUrl: url, apiKey: 'sk-not-for-them' })).toEqual({
        ok: false,
        error: `HTTP 301 from ${url}/models: it redirects to ${target}`,
      });
      expect(seen).toEqual([]);
    } finally {
      await new Promise<void>((r) => moved.close(() => r()));
      await new Promise<void>((r) => elsewhere.close(() => r()));
    }
  });
});

describe('a model the provider does not list', () => {
  it('is warned about (not refused) when the endpoint lists its models; the saved list stands in when it cannot', async () => {
    const p = await t.db.provider.create({
      data: {
        name: 'Sim listed',
        baseUrl: sim.url,
        apiKeyEnc: (await t.db.provider.findUniqueOrThrow({ where: { name: 'Sim' } })).apiKeyEnc,
        simulated: true,
      },
    });
    // Listed by the endpoint (GET /models, with the stored key): no warning.
    expect(await modelWarning(t.db, p.id, 'sim-careful')).toBeNull();
    const w = await modelWarning(t.db, p.id, 'sim-carefull');
    expect(w).toBe(
      'Sim listed lists 3 models (sim-careful, sim-random, sim-sloppy), and "sim-carefull" is not one of them: if the endpoint does not serve it, every match of this agent will fail. Check the spelling; ignore this if the provider serves models it does not list.',
    );
    expect(w).not.toContain('sk-sim-secret-key');
    // The agent is saved all the same.
    const a = await saveAgent(t.db, {
      kind: 'llm',
      name: 'Misspelt',
      providerId: p.id,
      model: 'sim-carefull',
      scaffold: 'base',
    });
    expect(await t.db.agent.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ model: 'sim-carefull' });
    // An endpoint that does not answer: the models saved with the provider, if any; else nothing to check against.
    const offline = await t.db.provider.create({
      data: { name: 'Offline', baseUrl: 'http://127.0.0.1:9/v1', models: ['m-1', 'm-2'] },
    });
    expect(await modelWarning(t.db, offline.id, 'm-3')).toMatch(
      /^the models saved for Offline are \(m-1, m-2\), and "m-3" is not one of them/,
    );
    expect(await modelWarning(t.db, offline.id, 'm-2')).toBeNull();
    const unlisted = await t.db.provider.create({ data: { name: 'Unlisted', baseUrl: 'http://127.0.0.1:9/v1' } });
    expect(await modelWarning(t.db, unlisted.id, 'anything')).toBeNull();
    await t.db.agent.delete({ where: { id: a.id } });
    await t.db.provider.deleteMany({ where: { id: { in: [p.id, offline.id, unlisted.id] } } });
  });
});

describe('deleting and archiving agents', () => {
  async function setup() {
    const p = await t.db.provider.create({
      data: { name: `Del ${Math.random()}`, baseUrl: sim.url, models: ['sim-careful'], simulated: true },
    });
    const mk = (name: string) =>
      saveAgent(t.db, {
        kind: 'llm',
        name: `${name} ${p.id}`,
        providerId: p.id,
        model: 'sim-careful',
        scaffold: 'base',
      });
    const rnd = await t.db.agent.findFirstOrThrow({ where: { kind: 'random', retired: false } });
    const seat = (agentId: string) =>
      t.db.match.create({
        data: {
          gameId: 'tictactoe',
          seed: 's',
          numPlayers: 2,
          seats: {
            create: [
              { seat: 0, agentId },
              { seat: 1, agentId: rnd.id },
            ],
          },
        },
      });
    return { p, mk, seat };
  }

  it('an agent that never played is deleted; one that played, judged or that a tournament names is refused with the reason', async () => {
    const { mk, seat } = await setup();
    const fresh = await mk('fresh');
    expect((await getAgentForAdmin(t.db, fresh.id))!.keptBecause).toBeNull();
    expect(await deleteAgent(t.db, fresh.id)).toMatchObject({ restored: null });
    expect(await t.db.agent.findUnique({ where: { id: fresh.id } })).toBeNull();
    await expect(deleteAgent(t.db, fresh.id)).rejects.toThrow(/no longer exists/);

    const played = await mk('played');
    const m = await seat(played.id);
    expect((await getAgentForAdmin(t.db, played.id))!.keptBecause).toBe('it has played 1 match');
    await expect(deleteAgent(t.db, played.id)).rejects.toThrow(
      /cannot be deleted: it has played 1 match\. Archive it instead: it is no longer offered, and its matches and ratings stay$/,
    );

    const judge = await mk('judge');
    await t.db.judgment.create({
      data: { matchId: m.id, item: 0, seat: 0, judgeId: judge.id, score: 4, consistent: true },
    });
    await expect(deleteAgent(t.db, judge.id)).rejects.toThrow(/it has judged 1 description/);

    const named = await mk('named');
    await t.db.tournament.create({
      data: {
        name: 'planned cup',
        config: { format: 'round-robin', agentIds: ['someone'], hostIds: [], judgeId: named.id },
      },
    });
    expect((await getAgentForAdmin(t.db, named.id))!.keptBecause).toBe('the tournament "planned cup" names it');
    await expect(deleteAgent(t.db, named.id)).rejects.toThrow(/the tournament "planned cup" names it/);
    // Nothing was deleted on the way.
    expect(await t.db.agent.count({ where: { id: { in: [played.id, judge.id, named.id] } } })).toBe(3);
  });

  it('archiving hides an agent and stops offering it; its matches stay; restoring offers it again', async () => {
    const { mk, seat } = await setup();
    const a = await mk('archived');
    await seat(a.id);
    await setAgentPlayable(t.db, a.id, true);
    await archiveAgent(t.db, a.id);
    const row = await t.db.agent.findUniqueOrThrow({ where: { id: a.id } });
    expect(row).toMatchObject({ retired: true });
    expect(row.archivedAt).toBeInstanceOf(Date);
    expect(await t.db.seat.count({ where: { agentId: a.id } })).toBe(1);
    // Hidden from the list's default page, shown in the archived one; not offered to people.
    const listed = async (archived: boolean) => {
      const ids = new Set<string>();
      const first = await agentsPageForAdmin(t.db, 1, { archived });
      for (let n = 1; n <= first.pages; n++)
        for (const x of (await agentsPageForAdmin(t.db, n, { archived })).items) ids.add(x.id);
      return { ids, archivedCount: first.archivedCount };
    };
    const current = await listed(false);
    expect(current.ids.has(a.id)).toBe(false);
    expect(current.archivedCount).toBeGreaterThanOrEqual(1);
    expect((await listed(true)).ids.has(a.id)).toBe(true);
    expect(await getAgentForAdmin(t.db, a.id)).toMatchObject({ archived: true, retired: true, playable: false });
    await expect(setAgentPlayable(t.db, a.id, true)).rejects.toThrow(/has been archived: restore it first/);
    await expect(
      saveAgent(t.db, {
        id: a.id,
        kind: 'llm',
        name: 'renamed',
        providerId: row.providerId!,
        model: 'sim-careful',
        scaffold: 'base',
      }),
    ).rejects.toThrow(/has been archived: restore it first to edit it/);
    await expect(archiveAgent(t.db, a.id)).rejects.toThrow(/already archived/);
    await archiveAgent(t.db, a.id, false);
    expect(await getAgentForAdmin(t.db, a.id)).toMatchObject({ archived: false, retired: false, playable: true });
    await expect(archiveAgent(t.db, a.id, false)).rejects.toThrow(/is not archived/);
    // An agent that never played can be archived too (kept, not offered).
    const unplayed = await mk('unplayed');
    await archiveAgent(t.db, unplayed.id);
    expect(await getAgentForAdmin(t.db, unplayed.id)).toMatchObject({ archived: true, keptBecause: null });
  });

  it('a replaced version is not archived again; deleting an unplayed new version brings the old one back', async () => {
    const { p, mk, seat } = await setup();
    const v1 = await mk('versioned');
    await seat(v1.id);
    const v2 = await saveAgent(t.db, {
      id: v1.id,
      kind: 'llm',
      name: `versioned ${p.id}`,
      providerId: p.id,
      model: 'sim-careful',
      scaffold: 'cot',
    });
    expect(v2.newVersion).toBe(true);
    await expect(archiveAgent(t.db, v1.id)).rejects.toThrow(
      /has been replaced by a newer version, so it is not offered any more: archive the newest version instead/,
    );
    expect(await deleteAgent(t.db, v2.id)).toEqual({ name: `versioned ${p.id} v2`, restored: `versioned ${p.id}` });
    expect(await t.db.agent.findUniqueOrThrow({ where: { id: v1.id } })).toMatchObject({
      retired: false,
      archivedAt: null,
    });
  });
});
