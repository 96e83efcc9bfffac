// The admin's providers (/admin/providers, the CLI): the list and one provider as pages may show them (never the key
// itself), save (the key encrypted; a stored key only ever goes to the address it was saved for), test the connection,
// warn about a model the endpoint does not list, delete one no agent needs.
import 'server-only';
import { z } from 'zod';
import {
  AdminError,
  baseUrlSchema,
  KEY_AGAIN,
  modelPricesSchema,
  parseOrThrow,
  providerInputSchema,
  sameEndpoint,
} from '../admin-input';
import { listEndpointModels } from '../endpoint-models';
import { paged, type Page } from '../pagination';
import { decryptSecret, encryptSecret, maskSecret } from '../secrets';
import { issuesText } from '../validation';
import type { Db } from './client';
import { peopleSpendToday } from './people-budget';

/** What pages may show about a provider: never the key itself. */
export interface ProviderView {
  id: string;
  name: string;
  baseUrl: string;
  models: string[];
  apiKeyMasked: string | null;
  simulated: boolean;
  rpm: number | null;
  tpm: number | null;
  maxConcurrent: number | null;
  priceInPer1k: number;
  priceOutPer1k: number;
  modelPrices: Record<string, { in: number; out: number }>;
  /** US dollars per UTC day for people's games (null: no cap), and what they spent today. */
  peopleDailyBudgetUsd: number | null;
  peopleSpentTodayUsd: number;
  agentCount: number;
}

function masked(enc: string | null): string | null {
  if (!enc) return null;
  try {
    return maskSecret(decryptSecret(enc));
  } catch {
    return '(cannot be decrypted: ARENA_SECRET changed)';
  }
}

const providerInclude = { _count: { select: { agents: true } } } as const;
type ProviderRow = Awaited<ReturnType<Db['provider']['findMany']>>[number] & { _count: { agents: number } };

async function toProviderViews(db: Db, rows: ProviderRow[]): Promise<ProviderView[]> {
  const spent = await peopleSpendToday(
    db,
    rows.filter((p) => p.peopleDailyBudgetUsd !== null).map((p) => p.id),
  );
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    baseUrl: p.baseUrl,
    models: p.models,
    apiKeyMasked: masked(p.apiKeyEnc),
    simulated: p.simulated,
    rpm: p.rpm,
    tpm: p.tpm,
    maxConcurrent: p.maxConcurrent,
    priceInPer1k: p.priceInPer1k,
    priceOutPer1k: p.priceOutPer1k,
    modelPrices: modelPricesSchema.catch({}).parse(p.modelPrices),
    agentCount: p._count.agents,
    peopleDailyBudgetUsd: p.peopleDailyBudgetUsd,
    peopleSpentTodayUsd: spent.get(p.id) ?? 0,
  }));
}

/** Every provider, oldest first (the agent form's choices: an admin adds them one by one). */
export async function listProviders(db: Db): Promise<ProviderView[]> {
  return toProviderViews(db, await db.provider.findMany({ orderBy: { createdAt: 'asc' }, include: providerInclude }));
}

/** One page of the providers list (/admin/providers), newest first. */
export async function providersPage(db: Db, page: number): Promise<Page<ProviderView>> {
  const p = await paged(
    page,
    () => db.provider.count(),
    (w) => db.provider.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], include: providerInclude, ...w }),
  );
  return { ...p, items: await toProviderViews(db, p.items) };
}

export async function getProviderView(db: Db, id: string): Promise<ProviderView | null> {
  const row = await db.provider.findUnique({ where: { id }, include: providerInclude });
  return row ? (await toProviderViews(db, [row]))[0]! : null;
}

export async function saveProvider(db: Db, raw: unknown): Promise<{ id: string }> {
  const p = parseOrThrow(providerInputSchema, raw);
  const clash = await db.provider.findUnique({ where: { name: p.name } });
  if (clash && clash.id !== p.id) throw new AdminError(`a provider named "${p.name}" already exists`);
  const data = {
    name: p.name,
    baseUrl: p.baseUrl,
    models: [...new Set(p.models)],
    simulated: p.simulated,
    rpm: p.rpm,
    tpm: p.tpm,
    maxConcurrent: p.maxConcurrent,
    priceInPer1k: p.priceInPer1k,
    priceOutPer1k: p.priceOutPer1k,
    modelPrices: p.modelPrices,
    peopleDailyBudgetUsd: p.peopleDailyBudgetUsd,
    ...(p.apiKey ? { apiKeyEnc: encryptSecret(p.apiKey) } : p.clearApiKey ? { apiKeyEnc: null } : {}),
  };
  if (p.id) {
    const existing = await db.provider.findUnique({ where: { id: p.id } });
    if (!existing) throw new AdminError('that provider no longer exists');
    // The stored key belongs to the address it was saved for: a new address needs the key typed again (or removed).
    if (existing.apiKeyEnc && !p.apiKey && !p.clearApiKey && !sameEndpoint(existing.baseUrl, p.baseUrl))
      throw new AdminError(KEY_AGAIN);
    await db.provider.update({ where: { id: p.id }, data });
    // The simulated label follows the provider onto its agents.
    await db.agent.updateMany({ where: { providerId: p.id }, data: { simulated: p.simulated } });
    return { id: p.id };
  }
  const created = await db.provider.create({ data });
  return { id: created.id };
}

/** The key to send to a stored provider: the typed one, else the stored one (only to the address it was saved for). */
async function keyFor(
  db: Db,
  id: string | undefined,
  baseUrl: string,
  typed: string | undefined,
): Promise<{ key?: string } | { error: string }> {
  if (typed) return { key: typed };
  if (!id) return {};
  const p = await db.provider.findUnique({ where: { id } });
  if (!p?.apiKeyEnc) return {};
  // Never the stored key to another address: an admin session could otherwise send it anywhere and read it there.
  if (!sameEndpoint(p.baseUrl, baseUrl)) return { error: KEY_AGAIN };
  try {
    return { key: decryptSecret(p.apiKeyEnc) };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

/** Asks an endpoint which models it serves (GET /models): proves the URL and key work. */
export async function testProviderConnection(
  db: Db,
  raw: unknown,
): Promise<{ ok: true; models: string[] } | { ok: false; error: string }> {
  const input = z
    .object({ id: z.string().optional(), baseUrl: baseUrlSchema, apiKey: z.string().trim().max(1000).optional() })
    .safeParse(raw);
  if (!input.success) return { ok: false, error: issuesText(input.error) };
  const key = await keyFor(db, input.data.id, input.data.baseUrl, input.data.apiKey || undefined);
  if ('error' in key) return { ok: false, error: key.error };
  return listEndpointModels(input.data.baseUrl, key.key);
}

/**
 * A warning (never a refusal) when an LLM agent's model is not among those its provider lists: the endpoint's own
 * list when it answers (GET /models, a few seconds at most), else the models saved with the provider. Null when the
 * model is listed or there is no list to check against (a provider may serve models it does not list).
 */
export async function modelWarning(
  db: Db,
  providerId: string,
  model: string,
  timeoutMs = 5000,
): Promise<string | null> {
  const p = await db.provider.findUnique({ where: { id: providerId } });
  if (!p) return null;
  const key = await keyFor(db, p.id, p.baseUrl, undefined);
  const live = 'error' in key ? null : await listEndpointModels(p.baseUrl, key.key, timeoutMs);
  const listed = live?.ok ? live.models : p.models;
  if (listed.length === 0 || listed.includes(model)) return null;
  const source = live?.ok
    ? `${p.name} lists ${listed.length} ${listed.length === 1 ? 'model' : 'models'}`
    : `the models saved for ${p.name} are`;
  const shown = listed.slice(0, 5).join(', ') + (listed.length > 5 ? ', …' : '');
  return `${source} (${shown}), and "${model}" is not one of them: if the endpoint does not serve it, every match of this agent will fail. Check the spelling; ignore this if the provider serves models it does not list.`;
}

export async function deleteProvider(db: Db, id: string): Promise<void> {
  const n = await db.agent.count({ where: { providerId: id } });
  if (n > 0)
    throw new AdminError(
      `this provider still has ${n} agent${n === 1 ? '' : 's'}; their ratings need it, so it cannot be deleted`,
    );
  await db.provider.deleteMany({ where: { id } });
}
