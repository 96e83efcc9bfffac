// Admin operations on providers and agents (validated input, readable errors), shared by server actions, the CLI and
// tests. Agent identity is immutable once it has played: an edit to what plays makes a new version.
import { z } from 'zod';
import { PROMPT_VERSION, SCAFFOLD_IDS } from './agents/scaffolds';
import { games } from '../games/registry';
import type { Db } from './db';
import { UserError } from './errors';
import { paged, type Page } from './pagination';
import { peopleSpendToday } from './people-budget';
import { isPlayable } from './play';
import { decryptSecret, encryptSecret, maskSecret } from './secrets';
import { issuesText, parseOr } from './validation';

/** A readable refusal: the message is shown to the admin as is. */
export class AdminError extends UserError {
  override name = 'AdminError';
}

/** Form fields arrive as strings: '' means "not set". */
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v);
const optionalLimit = z.preprocess(
  blankToNull,
  z.number({ error: 'enter a whole number' }).int('enter a whole number').positive('must be more than 0').nullable(),
);
const price = z.preprocess(
  (v) => (v === '' || v == null ? 0 : typeof v === 'string' ? Number(v) : v),
  z.number({ error: 'enter a price' }).min(0, 'a price cannot be negative').max(1000),
);
const optionalNumber = (schema: z.ZodNumber) => z.preprocess(blankToNull, schema.nullable());

const baseUrlSchema = z
  .string()
  .trim()
  .url('enter a URL such as http://localhost:8000/v1')
  .refine((u) => /^https?:\/\//.test(u), 'the base URL must start with http:// or https://')
  .transform((u) => u.replace(/\/+$/, ''));

export const modelPricesSchema = z.record(
  z.string().min(1).max(200),
  z.object({ in: z.number().min(0), out: z.number().min(0) }).strict(),
);

export const providerInputSchema = z
  .object({
    /** Present when editing. */
    id: z.string().min(1).max(64).optional(),
    name: z.string().trim().min(1, 'give the provider a name').max(80),
    baseUrl: baseUrlSchema,
    /** A new key; blank keeps the stored one (on edit). */
    apiKey: z.string().trim().max(1000).optional(),
    clearApiKey: z.boolean().default(false),
    models: z.array(z.string().trim().min(1).max(200)).max(500).default([]),
    rpm: optionalLimit,
    tpm: optionalLimit,
    maxConcurrent: optionalLimit,
    priceInPer1k: price,
    priceOutPer1k: price,
    modelPrices: modelPricesSchema.default({}),
    /** US dollars per UTC day for matches with a person in a seat; blank = no cap. */
    peopleDailyBudgetUsd: z
      .preprocess(
        blankToNull,
        z
          .number({ error: 'enter an amount in US dollars' })
          .min(0, 'a budget cannot be negative')
          .max(1_000_000)
          .nullable(),
      )
      .default(null),
    simulated: z.boolean().default(false),
  })
  .strict()
  .superRefine((p, ctx) => {
    // Without prices every call is recorded at $0, so a budget would never run out: refuse it rather than pretend.
    const priced =
      p.priceInPer1k > 0 || p.priceOutPer1k > 0 || Object.values(p.modelPrices).some((m) => m.in > 0 || m.out > 0);
    if (p.peopleDailyBudgetUsd !== null && p.peopleDailyBudgetUsd > 0 && !priced) {
      ctx.addIssue({
        code: 'custom',
        path: ['peopleDailyBudgetUsd'],
        message: "set this provider's prices first (without them every call costs $0 and the budget never runs out)",
      });
    }
  });
export type ProviderInput = z.input<typeof providerInputSchema>;

/**
 * Whether two base URLs are the same endpoint (scheme, host, port and path; case of the host and trailing slashes
 * aside). A stored key is only ever sent to the endpoint it was saved for.
 */
export function sameEndpoint(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      const x = new URL(u.trim());
      return `${x.protocol}//${x.host}${x.pathname.replace(/\/+$/, '')}${x.search}`;
    } catch {
      return u.trim().replace(/\/+$/, '');
    }
  };
  return norm(a) === norm(b);
}

const KEY_AGAIN = 'the base URL changed: enter the API key again (a stored key is never sent to a new address)';

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

/** At most this many characters of an endpoint's answer go into a message: enough to recognise it, one line. */
const EXCERPT_CHARS = 110;
const URL_CHARS = 60;

/** `s` on one line (control characters and runs of spaces as one space), cut to `max` characters with "…". */
export function oneLine(s: string, max: number): string {
  const flat = s.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/**
 * A short, single-line excerpt of what an endpoint answered: a JSON error's message, an HTML page's title, or the
 * start of the text. Never the whole page; a key the endpoint echoes back is blanked out.
 */
export function answerExcerpt(body: string, secret?: string): string {
  let text = body;
  if (secret && secret.length >= 4) text = text.split(secret).join('…');
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text);
  if (title)
    return oneLine(
      `<title>${oneLine(title[1]!, EXCERPT_CHARS)}</title>${text.length > title[0].length ? '…' : ''}`,
      EXCERPT_CHARS,
    );
  try {
    const j = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown; detail?: unknown };
    const m = typeof j.error === 'string' ? j.error : (j.error?.message ?? j.message ?? j.detail);
    if (typeof m === 'string' && m.trim()) return oneLine(m, EXCERPT_CHARS);
  } catch {
    // not JSON: the text itself
  }
  return text.trim() ? oneLine(text, EXCERPT_CHARS) : '(an empty answer)';
}

/** Asks `GET <baseUrl>/models` which models an endpoint serves; a failure in one line: status, address, excerpt. */
export async function listEndpointModels(
  baseUrl: string,
  apiKey: string | undefined,
  timeoutMs = 10_000,
): Promise<{ ok: true; models: string[] } | { ok: false; error: string }> {
  const url = `${baseUrl.replace(/\/+$/, '')}/models`;
  const where = oneLine(url, URL_CHARS);
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      signal: AbortSignal.timeout(timeoutMs),
      // Not followed: the key goes to the address it was saved for, nowhere else; the admin sees where it points.
      redirect: 'manual',
    });
  } catch (err) {
    const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
      return { ok: false, error: `no answer from ${where} within ${Math.round(timeoutMs / 1000)} s` };
    const why =
      e.cause?.message === 'bad port'
        ? 'Node refuses to connect to this port (one reserved for other protocols)'
        : (e.cause?.code ?? e.cause?.message ?? e.message ?? String(err));
    return { ok: false, error: `no answer from ${where}: ${oneLine(why, 80)}` };
  }
  let body: string;
  try {
    body = await res.text();
  } catch (err) {
    return {
      ok: false,
      error: `HTTP ${res.status} from ${where}, cut off mid-answer: ${oneLine((err as Error).message, 80)}`,
    };
  }
  const location = res.headers.get('location');
  if (res.status >= 300 && res.status < 400 && location)
    return { ok: false, error: `HTTP ${res.status} from ${where}: it redirects to ${oneLine(location, URL_CHARS)}` };
  if (!res.ok) return { ok: false, error: `HTTP ${res.status} from ${where}: ${answerExcerpt(body, apiKey)}` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(list))
    return {
      ok: false,
      error: `HTTP ${res.status} from ${where}, but not a model list: ${answerExcerpt(body, apiKey)}`,
    };
  const models = list
    .map((m) =>
      typeof m === 'string' ? m : typeof (m as { id?: unknown })?.id === 'string' ? (m as { id: string }).id : null,
    )
    .filter((m): m is string => !!m)
    .slice(0, 500);
  return { ok: true, models: [...new Set(models)].sort() };
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

const agentName = z.string().trim().min(1, 'give the agent a name').max(80);

/** Every game's ablation switches, with the game they belong to. */
export const PROMPT_SWITCHES = games.flatMap((g) =>
  (g.meta.promptSwitches ?? []).map((sw) => ({ ...sw, gameId: g.id })),
);
const PROMPT_SWITCH_IDS: string[] = PROMPT_SWITCHES.map((sw) => sw.id);

/** The switches stored in an agent's settings. */
export function promptSwitchesOf(settings: unknown): string[] {
  const list = (settings as { promptSwitches?: unknown } | null)?.promptSwitches;
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
}

/** Whether an LLM agent's settings send it the board as an image (`vision`). */
export function visionOf(settings: unknown): boolean {
  return (settings as { vision?: unknown } | null)?.vision === true;
}

/** Whether an LLM agent's settings give it every rules topic up front instead of Explain(topic) (`rulesUpfront`). */
export function rulesUpfrontOf(settings: unknown): boolean {
  return (settings as { rulesUpfront?: unknown } | null)?.rulesUpfront === true;
}
const agentId = z.string().min(1).max(64).optional();

export const agentInputSchema = z.discriminatedUnion('kind', [
  z
    .object({
      id: agentId,
      name: agentName,
      kind: z.literal('llm'),
      providerId: z.string().min(1, 'pick a provider'),
      model: z.string().trim().min(1, 'pick or type a model').max(200),
      temperature: optionalNumber(z.number().min(0, 'temperature is 0 to 2').max(2, 'temperature is 0 to 2')),
      maxTokens: optionalNumber(z.number().int('max tokens is a whole number').min(1).max(200_000)),
      scaffold: z.enum(SCAFFOLD_IDS, { error: `the scaffold is one of ${SCAFFOLD_IDS.join(', ')}` }),
      promptVersion: z.string().trim().min(1).max(32).default(PROMPT_VERSION),
      /** Ablation switches (the games' `meta.promptSwitches`), e.g. SpyGame's "without reasoning". */
      promptSwitches: z
        .array(
          z
            .string()
            .refine((id) => PROMPT_SWITCH_IDS.includes(id), {
              error: (iss) => `"${String(iss.input)}" is not a prompt switch of any game`,
            }),
        )
        .max(20)
        .default([]),
      /**
       * Send the board as a rendered PNG beside the text, in games that draw one (their `image` hook): GameBench gave
       * Hive to models as an image. Part of what plays.
       */
      vision: z.boolean().default(false),
      /**
       * Every rules topic in the system prompt instead of GameBench's Explain(topic) (prompt version v2 onwards), so the
       * effect of withholding can be measured. Part of what plays.
       */
      rulesUpfront: z.boolean().default(false),
      /** The RAP scaffold's search (lib/agents/rap.ts): depth, iterations, candidates per node; blank = GameBench's. Part of what plays. */
      rapDepth: optionalNumber(
        z.number().int('the depth is a whole number').min(1, 'the depth is 1 to 4').max(4, 'the depth is 1 to 4'),
      ),
      rapIterations: optionalNumber(
        z
          .number()
          .int('iterations are a whole number')
          .min(1, 'iterations are 1 to 50')
          .max(50, 'iterations are 1 to 50'),
      ),
      rapCandidates: optionalNumber(
        z
          .number()
          .int('candidates are a whole number')
          .min(2, 'candidates are 2 to 10')
          .max(10, 'candidates are 2 to 10'),
      ),
      /** People may pick it on the Play page (lib/play.ts); absent = unchanged (new agents: no). Not part of what plays. */
      playable: z.boolean().optional(),
    })
    .strict(),
  z.object({ id: agentId, name: agentName, kind: z.literal('random') }).strict(),
  z
    .object({
      id: agentId,
      name: agentName,
      kind: z.literal('engine'),
      depth: z
        .preprocess(blankToNull, z.number().int().min(1, 'depth is 1 to 12').max(12, 'depth is 1 to 12').nullable())
        .default(4),
    })
    .strict(),
]);
export type AgentInput = z.input<typeof agentInputSchema>;

/** The fields that decide how an agent plays; changing any of them after it has played makes a new version. */
function identityOf(a: {
  kind: string;
  providerId: string | null;
  model: string | null;
  temperature: number | null;
  maxTokens: number | null;
  scaffold: string | null;
  promptVersion: string | null;
  settings: unknown;
}): string {
  return JSON.stringify([
    a.kind,
    a.providerId,
    a.model,
    a.temperature,
    a.maxTokens,
    a.scaffold,
    a.promptVersion,
    sortedKeys(a.settings ?? {}),
  ]);
}

/** The settings with their keys in one order: Postgres' jsonb keeps its own (shorter keys first), not the order written. */
function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, sortedKeys((v as Record<string, unknown>)[k])]),
  );
}

const baseName = (name: string) => name.replace(/ v\d+$/, '');

/**
 * Creates an agent, or edits one. A rename is applied in place. A change to what plays (provider, model, sampling,
 * scaffold, prompt version, ablation switches, vision, engine depth) is applied in place only while the agent has no matches; after that it
 * makes a new version (new row, same family, `name vN`) and retires the old one, so ratings never mix versions.
 */
export async function saveAgent(db: Db, raw: unknown): Promise<{ id: string; version: number; newVersion: boolean }> {
  const a = parseOrThrow(agentInputSchema, raw);
  let data: {
    kind: string;
    providerId: string | null;
    model: string | null;
    temperature: number | null;
    maxTokens: number | null;
    scaffold: string | null;
    promptVersion: string | null;
    settings: object;
    simulated: boolean;
    playable?: boolean;
  };
  if (a.kind === 'llm') {
    const p = await db.provider.findUnique({ where: { id: a.providerId } });
    if (!p) throw new AdminError('that provider does not exist (it may have been deleted)');
    // Switches and vision are part of what plays (an ablation, a vision agent is its own agent); each is stored only
    // when on, so older agents (settings {}) keep their identity.
    const switches = [...new Set(a.promptSwitches)].sort();
    // RAP's search settings only for a RAP agent, each only when set (blank: GameBench's default).
    const rap =
      a.scaffold === 'rap'
        ? Object.fromEntries(
            Object.entries({ depth: a.rapDepth, iterations: a.rapIterations, candidates: a.rapCandidates }).filter(
              ([, v]) => v != null,
            ),
          )
        : {};
    const settings = {
      ...(switches.length ? { promptSwitches: switches } : {}),
      ...(a.vision ? { vision: true } : {}),
      ...(a.rulesUpfront ? { rulesUpfront: true } : {}),
      ...(Object.keys(rap).length ? { rap } : {}),
    };
    data = {
      kind: 'llm',
      providerId: p.id,
      model: a.model,
      temperature: a.temperature,
      maxTokens: a.maxTokens,
      scaffold: a.scaffold,
      promptVersion: a.promptVersion,
      settings,
      simulated: p.simulated,
      ...(a.playable !== undefined ? { playable: a.playable } : {}),
    };
  } else {
    data = {
      kind: a.kind,
      providerId: null,
      model: null,
      temperature: null,
      maxTokens: null,
      scaffold: null,
      promptVersion: null,
      settings: a.kind === 'engine' ? { depth: a.depth ?? 4 } : {},
      simulated: false,
    };
  }
  const clash = await db.agent.findUnique({ where: { name: a.name } });
  if (!a.id) {
    if (clash) throw new AdminError(`an agent named "${a.name}" already exists`);
    const created = await db.agent.create({ data: { name: a.name, ...data } });
    return { id: created.id, version: created.version, newVersion: false };
  }
  const old = await db.agent.findUnique({ where: { id: a.id }, include: { _count: { select: { seats: true } } } });
  if (!old) throw new AdminError('that agent no longer exists');
  if (old.retired)
    throw new AdminError(
      `${retiredReason(old)}: ${old.archivedAt ? 'restore it first to edit it' : 'edit the newest one'}`,
    );
  if (clash && clash.id !== old.id) throw new AdminError(`an agent named "${a.name}" already exists`);
  const changed = identityOf(old) !== identityOf(data);
  if (!changed || old._count.seats === 0) {
    await db.agent.update({ where: { id: old.id }, data: { name: a.name, ...data } });
    return { id: old.id, version: old.version, newVersion: false };
  }
  return db.$transaction(async (tx) => {
    const latest = await tx.agent.aggregate({ where: { familyId: old.familyId }, _max: { version: true } });
    const version = (latest._max.version ?? old.version) + 1;
    let name = a.name === old.name ? `${baseName(old.name)} v${version}` : a.name;
    if (await tx.agent.findUnique({ where: { name } })) name = `${name} (${Date.now().toString(36)})`;
    await tx.agent.update({ where: { id: old.id }, data: { retired: true } });
    // The new version is open to people as the old one was, unless this edit says otherwise.
    const created = await tx.agent.create({
      data: { name, familyId: old.familyId, version, playable: old.playable, ...data },
    });
    return { id: created.id, version, newVersion: true };
  });
}

/**
 * Why an agent is no longer offered, in words: archived by an admin, or replaced by a newer version. The one wording
 * for the admin pages, the tournament scheduler and the Play page.
 */
export function retiredReason(a: { name: string; archivedAt?: Date | null }): string {
  return a.archivedAt ? `${a.name} has been archived` : `${a.name} has been replaced by a newer version`;
}

export interface AgentAdminView {
  id: string;
  name: string;
  kind: string;
  providerId: string | null;
  providerName: string | null;
  model: string | null;
  temperature: number | null;
  maxTokens: number | null;
  scaffold: string | null;
  promptVersion: string | null;
  depth: number | null;
  /** An LLM agent's ablation switches. */
  promptSwitches: string[];
  /** An LLM agent is sent the board as an image (in games that draw one). */
  vision: boolean;
  /** Every rules topic up front instead of Explain(topic). */
  rulesUpfront: boolean;
  /** A RAP agent's search settings as set (absent ones are GameBench's defaults). */
  rap: { depth?: number; iterations?: number; candidates?: number };
  simulated: boolean;
  version: number;
  /** Not offered any more: replaced by a newer version, or archived. */
  retired: boolean;
  /** Archived by an admin (retired too): hidden from the list unless asked for, can be restored. */
  archived: boolean;
  /** People may pick it on the Play page (lib/play.ts's isPlayable: baselines always, LLM agents when marked). */
  playable: boolean;
  matches: number;
  /** Why it cannot be deleted (it has played, judged, or a tournament names it); null when it can. */
  keptBecause: string | null;
}

/** The agents an admin manages: every kind but people (they sign up on the Play page). */
const adminAgentWhere = { kind: { not: 'human' } };
const adminAgentInclude = {
  provider: { select: { name: true } },
  _count: { select: { seats: true, judgments: true } },
} as const;

/** Every agent an admin manages (current versions first): the tournament form's choices. */
export async function listAgentsForAdmin(db: Db): Promise<AgentAdminView[]> {
  const rows = await db.agent.findMany({
    where: adminAgentWhere,
    orderBy: [{ retired: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
    include: adminAgentInclude,
  });
  return toAdminViews(db, rows);
}

/**
 * One page of /admin/agents: current versions first, newest first (the one just added is at the top). Archived agents
 * are left out, or, with `archived`, listed alone.
 */
export async function agentsPageForAdmin(
  db: Db,
  page: number,
  opts: { archived?: boolean } = {},
): Promise<Page<AgentAdminView> & { archivedCount: number }> {
  const where = { ...adminAgentWhere, archivedAt: opts.archived ? { not: null } : null };
  const [p, archivedCount] = await Promise.all([
    paged(
      page,
      () => db.agent.count({ where }),
      (w) =>
        db.agent.findMany({
          where,
          orderBy: [{ retired: 'asc' }, { createdAt: 'desc' }, { id: 'desc' }],
          include: adminAgentInclude,
          ...w,
        }),
    ),
    db.agent.count({ where: { ...adminAgentWhere, archivedAt: { not: null } } }),
  ]);
  return { ...p, items: await toAdminViews(db, p.items), archivedCount };
}

export async function getAgentForAdmin(db: Db, id: string): Promise<AgentAdminView | null> {
  const row = await db.agent.findFirst({ where: { id, ...adminAgentWhere }, include: adminAgentInclude });
  return row ? (await toAdminViews(db, [row]))[0]! : null;
}

/** Opens an LLM agent to people's games, or withdraws it (baselines are always open; retired versions never are). */
export async function setAgentPlayable(db: Db, id: string, playable: boolean): Promise<{ name: string }> {
  const a = await db.agent.findUnique({ where: { id } });
  if (!a || a.kind === 'human') throw new AdminError('that agent no longer exists');
  if (a.kind !== 'llm') throw new AdminError(`${a.name} is a built-in baseline: people may always play it`);
  if (a.retired)
    throw new AdminError(`${retiredReason(a)}: ${a.archivedAt ? 'restore it first' : 'open that one instead'}`);
  await db.agent.update({ where: { id }, data: { playable } });
  return { name: a.name };
}

/** The tournaments that name each agent (evaluated, baseline, host or judge), by agent id: they need it to exist. */
async function tournamentsNaming(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db.$queryRaw<{ agent_id: string; name: string }[]>`
    SELECT a.id AS agent_id, t.name FROM unnest(${ids}::text[]) AS a(id)
    JOIN tournaments t ON t.config->'agentIds' @> to_jsonb(a.id) OR t.config->'baselineIds' @> to_jsonb(a.id)
      OR t.config->'hostIds' @> to_jsonb(a.id) OR t.config->>'judgeId' = a.id
    ORDER BY t.created_at`;
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.agent_id, [...(out.get(r.agent_id) ?? []), r.name]);
  return out;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Why an agent must be kept (archived, not deleted): the matches it played, what it judged, a tournament naming it. */
function keptBecause(
  a: { seats: number; judgments: number; calls?: number },
  tournaments: string[] | undefined,
): string | null {
  if (a.seats > 0) return `it has played ${plural(a.seats, 'match', 'matches')}`;
  if (a.judgments > 0) return `it has judged ${plural(a.judgments, 'description', 'descriptions')}`;
  if (a.calls && a.calls > 0) return `its calls to the model are on record (${plural(a.calls, 'call', 'calls')})`;
  if (tournaments?.length) return `the tournament "${tournaments[0]}" names it`;
  return null;
}

/**
 * Deletes an agent that never played: no match seat, no judgment, no recorded call, named by no tournament. An agent
 * that did is refused with the reason (archive it instead: its matches need it). Deleting the newest version of a
 * family brings back the version it replaced.
 */
export async function deleteAgent(db: Db, id: string): Promise<{ name: string; restored: string | null }> {
  try {
    return await deleteAgentNow(db, id);
  } catch (err) {
    // A match seated it between the check and the delete (the foreign key refuses): it has played now.
    if ((err as { code?: string }).code === 'P2003')
      throw new AdminError('that agent has just been given a match, so it cannot be deleted: archive it instead');
    throw err;
  }
}

async function deleteAgentNow(db: Db, id: string): Promise<{ name: string; restored: string | null }> {
  return db.$transaction(async (tx) => {
    // One agent at a time, so two admins cannot race a new tournament against the delete.
    await tx.$queryRaw`SELECT id FROM agents WHERE id = ${id} FOR UPDATE`;
    const a = await tx.agent.findUnique({
      where: { id },
      include: { _count: { select: { seats: true, judgments: true } } },
    });
    if (!a || a.kind === 'human') throw new AdminError('that agent no longer exists');
    const [calls] = await tx.$queryRaw<{ n: bigint }[]>`SELECT COUNT(*) AS n FROM llm_calls WHERE agent_id = ${id}`;
    const why = keptBecause(
      { ...a._count, calls: Number(calls?.n ?? 0) },
      (await tournamentsNaming(tx as unknown as Db, [id])).get(id),
    );
    if (why)
      throw new AdminError(
        `"${a.name}" cannot be deleted: ${why}. Archive it instead: it is no longer offered, and its matches and ratings stay`,
      );
    await tx.agent.delete({ where: { id } });
    // The version this one replaced (retired by the edit that made this one) is the family's current one again.
    let restored: string | null = null;
    if (!a.retired) {
      const previous = await tx.agent.findFirst({ where: { familyId: a.familyId }, orderBy: { version: 'desc' } });
      const current = await tx.agent.count({ where: { familyId: a.familyId, retired: false } });
      if (previous && current === 0 && previous.retired && !previous.archivedAt) {
        await tx.agent.update({ where: { id: previous.id }, data: { retired: false } });
        restored = previous.name;
      }
    }
    return { name: a.name, restored };
  });
}

/**
 * Archives an agent: retired (no longer offered for tournaments or people's games, refused by the scheduler) and hidden
 * from the admin's list; its matches and ratings stay. Matches already scheduled still play. `restore` undoes it.
 */
export async function archiveAgent(db: Db, id: string, archived = true): Promise<{ name: string }> {
  const a = await db.agent.findUnique({ where: { id } });
  if (!a || a.kind === 'human') throw new AdminError('that agent no longer exists');
  if (archived) {
    if (a.archivedAt) throw new AdminError(`"${a.name}" is already archived`);
    if (a.retired)
      throw new AdminError(`${retiredReason(a)}, so it is not offered any more: archive the newest version instead`);
    await db.agent.update({ where: { id }, data: { retired: true, archivedAt: new Date() } });
  } else {
    if (!a.archivedAt) throw new AdminError(`"${a.name}" is not archived`);
    const newer = await db.agent.count({ where: { familyId: a.familyId, version: { gt: a.version } } });
    if (newer > 0) throw new AdminError(`"${a.name}" has a newer version: restore that one`);
    await db.agent.update({ where: { id }, data: { retired: false, archivedAt: null } });
  }
  return { name: a.name };
}

type AdminAgentRow = Awaited<ReturnType<Db['agent']['findMany']>>[number] & {
  provider: { name: string } | null;
  _count: { seats: number; judgments: number };
};

async function toAdminViews(db: Db, rows: AdminAgentRow[]): Promise<AgentAdminView[]> {
  // Only agents that might be deletable need the tournaments looked up.
  const naming = await tournamentsNaming(
    db,
    rows.filter((r) => r._count.seats === 0 && r._count.judgments === 0).map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    providerId: r.providerId,
    providerName: r.provider?.name ?? null,
    model: r.model,
    temperature: r.temperature,
    maxTokens: r.maxTokens,
    scaffold: r.scaffold,
    promptVersion: r.promptVersion,
    depth: r.kind === 'engine' ? Number((r.settings as { depth?: number } | null)?.depth ?? 4) : null,
    promptSwitches: promptSwitchesOf(r.settings),
    vision: r.kind === 'llm' && visionOf(r.settings),
    rulesUpfront: r.kind === 'llm' && rulesUpfrontOf(r.settings),
    rap: r.kind === 'llm' ? (((r.settings as { rap?: object } | null)?.rap ?? {}) as AgentAdminView['rap']) : {},
    simulated: r.simulated,
    version: r.version,
    retired: r.retired,
    archived: r.archivedAt !== null,
    playable: isPlayable(r),
    matches: r._count.seats,
    keptBecause: keptBecause(r._count, naming.get(r.id)),
  }));
}

export function parseOrThrow<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  return parseOr(schema, raw, (m) => new AdminError(m));
}
