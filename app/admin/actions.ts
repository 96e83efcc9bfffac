// Server actions of the admin area: sign in, first-run setup and sign out; providers, agents, settings and tournaments.
// Every admin action starts with requireAdmin(), validates its input with the lib's zod schemas, and answers
// { ok: true, … } or { ok: false, error } with a readable message (never a stack) for useActionState.
'use server';

import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { ActionResult } from '@/components/admin-form-action';
import {
  agentInputSchema, archiveAgent, deleteAgent, deleteProvider, modelWarning, providerInputSchema, saveAgent, saveProvider, setAgentPlayable, testProviderConnection,
} from '@/lib/admin';
import { adminCount, createFirstAdmin, credentialsSchema } from '@/lib/auth';
import { CLIENT_IP_HEADER } from '@/lib/client-ip';
import { tournamentControl } from '@/lib/control';
import { db } from '@/lib/db';
import { adminSignIn } from '@/lib/entry';
import { formText } from '@/lib/form-data';
import { endSession, requireAdmin, startSession } from '@/lib/session';
import { saveSettings } from '@/lib/settings';
import { tournamentSpecSchema } from '@/lib/tournament/spec';
import { describeIssues, FIELD_LABELS } from '@/lib/validation';

type Fail = { ok: false; error: string; field?: string; fields?: string[] };
type Issue = Parameters<typeof describeIssues>[0][number];

/** Every problem of a refused input in plain words (lib/validation.ts), with the fields to mark. */
function describe(issues: readonly Issue[]): Fail {
  const d = describeIssues(issues);
  return { ok: false, error: d.message, ...(d.fields[0] ? { field: d.fields[0], fields: d.fields } : {}) };
}

/** Raised while reading a form, for a field whose text is not what it should be. */
class FieldError extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
  }
}

/**
 * Any failure as an answer for the form. Errors are recognised by name and shape, not class: the scheduler runs
 * outside Next's bundle, so its AdminError and ZodError are other classes than the ones imported here.
 */
function fail(err: unknown): Fail {
  if (err instanceof FieldError) return { ok: false, error: err.message, field: err.field };
  const e = err as { name?: string; message?: string; issues?: Issue[] } | null;
  if (e && Array.isArray(e.issues)) return describe(e.issues);
  if (e?.name === 'AdminError' || e?.name === 'AdminRequiredError' || e?.name === 'RateLimitError' || e?.name === 'SettingsError') return { ok: false, error: String(e.message) };
  console.error('[admin] action failed:', err);
  const first = typeof e?.message === 'string' ? e.message.split('\n').find((l) => l.trim()) : undefined;
  return { ok: false, error: first ? first.trim().slice(0, 300) : 'something went wrong; try again' };
}

const text = formText;

/** A number field: undefined when blank; a readable error when it is not a number. */
function numberField(fd: FormData, key: string): number | undefined {
  const v = text(fd, key).trim();
  if (v === '') return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new FieldError(key, `${FIELD_LABELS[key] ?? key}: enter a number`);
  return n;
}

/** "a, b\nc" → ["a", "b", "c"] */
const list = (s: string) => s.split(/[\s,]+/).map((x) => x.trim()).filter(Boolean);

/** Only paths on this site: "/x" but not "//host" or "/\host"; anything else goes to the dashboard. */
function safeNext(next: string): string {
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || /[\u0000-\u001f]/.test(next)) return '/admin';
  if (next.startsWith('/admin/login') || next.startsWith('/admin/setup')) return '/admin';
  return next;
}

// ---- Sign in, setup, sign out ----

export async function loginAction(_prev: ActionResult, fd: FormData): Promise<ActionResult> {
  const username = text(fd, 'username').trim();
  const password = text(fd, 'password');
  if (!username || !password) return { ok: false, error: 'enter your username and password' };
  try {
    // Rate limited per address and per username (lib/entry.ts); a wrong username or password gets one answer.
    const admin = await adminSignIn(db(), { username, password }, (await headers()).get(CLIENT_IP_HEADER));
    if (!admin) return { ok: false, error: 'wrong username or password' };
    await startSession(admin.id);
  } catch (err) {
    return fail(err);
  }
  redirect(safeNext(text(fd, 'next')));
}

export async function setupAction(_prev: ActionResult, fd: FormData): Promise<ActionResult> {
  const taken: Fail = { ok: false, error: 'an admin account already exists: sign in instead' };
  try {
    if ((await adminCount(db())) > 0) return taken;
    const input = credentialsSchema.safeParse({ username: text(fd, 'username'), password: text(fd, 'password') });
    if (!input.success) return describe(input.error.issues);
    if (text(fd, 'confirm') !== input.data.password) return { ok: false, error: 'the two passwords differ', field: 'confirm' };
    const admin = await createFirstAdmin(db(), input.data.username, input.data.password);
    if (!admin) return taken;
    await startSession(admin.id);
  } catch (err) {
    return fail(err);
  }
  redirect('/admin');
}

export async function logoutAction(): Promise<void> {
  await endSession();
  redirect('/');
}

// ---- Providers ----

/** "model in out" per line (USD per 1k tokens), e.g. "gpt-4o-mini 0.00015 0.0006". */
function modelPrices(s: string): Record<string, { in: number; out: number }> {
  const out: Record<string, { in: number; out: number }> = {};
  s.split('\n').forEach((line, i) => {
    const parts = line.trim().split(/[\s,]+/).filter(Boolean);
    if (parts.length === 0) return;
    const [model, pin, pout] = parts;
    const a = Number(pin);
    const b = Number(pout);
    if (parts.length !== 3 || !Number.isFinite(a) || !Number.isFinite(b) || a < 0 || b < 0) {
      throw new FieldError('modelPrices', `per-model prices, line ${i + 1}: write the model, its input price and its output price, e.g. "my-model 0.0005 0.0015"`);
    }
    out[model!] = { in: a, out: b };
  });
  return out;
}

function providerFromForm(fd: FormData) {
  const id = text(fd, 'id');
  return {
    ...(id ? { id } : {}),
    name: text(fd, 'name'),
    baseUrl: text(fd, 'baseUrl'),
    apiKey: text(fd, 'apiKey').trim() || undefined,
    clearApiKey: fd.get('clearApiKey') === 'on',
    models: list(text(fd, 'models')),
    rpm: text(fd, 'rpm').trim(),
    tpm: text(fd, 'tpm').trim(),
    maxConcurrent: text(fd, 'maxConcurrent').trim(),
    priceInPer1k: text(fd, 'priceInPer1k').trim(),
    priceOutPer1k: text(fd, 'priceOutPer1k').trim(),
    modelPrices: modelPrices(text(fd, 'modelPrices')),
    peopleDailyBudgetUsd: text(fd, 'peopleDailyBudgetUsd').trim(),
    simulated: fd.get('simulated') === 'on',
  };
}

export async function saveProviderAction(_prev: ActionResult<{ id: string; name: string; created: boolean }>, fd: FormData): Promise<ActionResult<{ id: string; name: string; created: boolean }>> {
  try {
    await requireAdmin();
    const raw = providerFromForm(fd);
    const input = providerInputSchema.safeParse(raw);
    if (!input.success) return describe(input.error.issues);
    const { id } = await saveProvider(db(), raw);
    revalidatePath('/admin/providers');
    revalidatePath('/admin/agents');
    return { ok: true, id, name: input.data.name, created: !raw.id };
  } catch (err) {
    return fail(err);
  }
}

const connectionInputSchema = z.object({
  id: z.string().max(64).optional(),
  baseUrl: z.string().max(2000),
  apiKey: z.string().max(1000).optional(),
});

/** Lists the models an endpoint reports, with the typed key or else the stored one (never sent back). */
export async function testConnectionAction(raw: { id?: string; baseUrl: string; apiKey?: string }): Promise<{ ok: true; models: string[] } | Fail> {
  try {
    await requireAdmin();
    const input = connectionInputSchema.safeParse(raw);
    if (!input.success) return describe(input.error.issues);
    const r = await testProviderConnection(db(), {
      baseUrl: input.data.baseUrl,
      ...(input.data.id ? { id: input.data.id } : {}),
      ...(input.data.apiKey?.trim() ? { apiKey: input.data.apiKey.trim() } : {}),
    });
    return r.ok ? { ok: true, models: r.models } : { ok: false, error: r.error };
  } catch (err) {
    return fail(err);
  }
}

export async function deleteProviderAction(_prev: ActionResult, fd: FormData): Promise<ActionResult> {
  try {
    await requireAdmin();
    const id = z.string().min(1).max(64).parse(text(fd, 'id'));
    await deleteProvider(db(), id);
    revalidatePath('/admin/providers');
    return { ok: true };
  } catch (err) {
    return fail(err);
  }
}

// ---- Agents ----

function agentFromForm(fd: FormData): Record<string, unknown> {
  const id = text(fd, 'id');
  const kind = text(fd, 'kind');
  const common = { ...(id ? { id } : {}), name: text(fd, 'name'), kind };
  if (kind === 'llm') {
    return {
      ...common,
      providerId: text(fd, 'providerId'),
      model: text(fd, 'model'),
      temperature: text(fd, 'temperature').trim(),
      maxTokens: text(fd, 'maxTokens').trim(),
      scaffold: text(fd, 'scaffold'),
      promptVersion: text(fd, 'promptVersion').trim() || undefined,
      promptSwitches: fd.getAll('promptSwitches').filter((x): x is string => typeof x === 'string'),
      playable: fd.get('playable') === 'on',
    };
  }
  if (kind === 'engine') return { ...common, depth: text(fd, 'depth').trim() };
  return common;
}

/** `warning`: the model is not among those the provider lists (lib/admin.ts modelWarning); saved all the same. */
export type SavedAgent = { id: string; name: string; version: number; newVersion: boolean; created: boolean; warning: string | null };

export async function saveAgentAction(_prev: ActionResult<SavedAgent>, fd: FormData): Promise<ActionResult<SavedAgent>> {
  try {
    await requireAdmin();
    const raw = agentFromForm(fd);
    const input = agentInputSchema.safeParse(raw);
    if (!input.success) return describe(input.error.issues);
    const before = input.data.id ? await db().agent.findUnique({ where: { id: input.data.id }, select: { providerId: true, model: true } }) : null;
    const saved = await saveAgent(db(), raw);
    const row = await db().agent.findUnique({ where: { id: saved.id }, select: { name: true } });
    revalidatePath('/admin/agents');
    revalidatePath('/agents');
    revalidatePath('/play');
    // A model the provider does not list is saved all the same (a provider may not list everything it serves), with a
    // warning; checked when the agent is created or its provider or model changes.
    const d = input.data;
    const warning = d.kind === 'llm' && (!before || before.providerId !== d.providerId || before.model !== d.model) ? await modelWarning(db(), d.providerId, d.model) : null;
    return { ok: true, ...saved, name: row?.name ?? d.name, created: !d.id, warning };
  } catch (err) {
    return fail(err);
  }
}

const agentIdSchema = z.object({ id: z.string().min(1).max(64) });

/** Deletes an agent that never played (the agents list's Delete, after a confirmation); refused with the reason otherwise. */
export async function deleteAgentAction(_prev: ActionResult<{ done: string }>, fd: FormData): Promise<ActionResult<{ done: string }>> {
  try {
    await requireAdmin();
    const { id } = agentIdSchema.parse({ id: text(fd, 'id') });
    const { name, restored } = await deleteAgent(db(), id);
    revalidatePath('/admin/agents');
    revalidatePath('/agents');
    revalidatePath('/play');
    return { ok: true, done: `Deleted ${name}.${restored ? ` ${restored} is the current version again.` : ''}` };
  } catch (err) {
    return fail(err);
  }
}

const archiveSchema = z.object({ id: z.string().min(1).max(64), archived: z.enum(['true', 'false']) });

/** Archives an agent (no longer offered; its matches stay) or restores it (the agents list's Archive / Restore). */
export async function archiveAgentAction(_prev: ActionResult<{ done: string }>, fd: FormData): Promise<ActionResult<{ done: string }>> {
  try {
    await requireAdmin();
    const { id, archived } = archiveSchema.parse({ id: text(fd, 'id'), archived: text(fd, 'archived') });
    const { name } = await archiveAgent(db(), id, archived === 'true');
    revalidatePath('/admin/agents');
    revalidatePath('/agents');
    revalidatePath('/play');
    return {
      ok: true,
      done: archived === 'true'
        ? `Archived ${name}: no longer offered for tournaments or people's games; its matches and ratings stay.`
        : `Restored ${name}: offered again.`,
    };
  } catch (err) {
    return fail(err);
  }
}

const playableSchema = z.object({ id: z.string().min(1).max(64), playable: z.enum(['true', 'false']) });

/** Opens an LLM agent to people's games on the Play page, or withdraws it (the agents list's switch). */
export async function setAgentPlayableAction(_prev: ActionResult<{ done: string }>, fd: FormData): Promise<ActionResult<{ done: string }>> {
  try {
    await requireAdmin();
    const { id, playable } = playableSchema.parse({ id: text(fd, 'id'), playable: text(fd, 'playable') });
    const { name } = await setAgentPlayable(db(), id, playable === 'true');
    revalidatePath('/admin/agents');
    revalidatePath('/play');
    return { ok: true, done: playable === 'true' ? `${name} is open to people` : `${name} is withdrawn from people's games` };
  } catch (err) {
    return fail(err);
  }
}

// ---- Settings ----

/** Site settings (/admin/settings): today, the leaderboard's default people filter. */
export async function saveSettingsAction(_prev: ActionResult<{ done: string }>, fd: FormData): Promise<ActionResult<{ done: string }>> {
  try {
    await requireAdmin();
    await saveSettings(db(), { peopleFilterDefault: text(fd, 'peopleFilterDefault') });
    revalidatePath('/leaderboard');
    revalidatePath('/admin/settings');
    return { ok: true, done: 'Saved.' };
  } catch (err) {
    return fail(err);
  }
}

// ---- Tournaments ----

/** The new-tournament form as a spec: numbers from strings, blanks left out, only the chosen format's fields. */
function specFromForm(fd: FormData): Record<string, unknown> {
  const format = text(fd, 'format');
  const ids = (key: string) => fd.getAll(key).filter((v): v is string => typeof v === 'string' && v !== '');
  const budget = {
    maxMatches: numberField(fd, 'maxMatches'),
    maxTokens: numberField(fd, 'maxTokens'),
    maxCostUsd: numberField(fd, 'maxCostUsd'),
  };
  const spec: Record<string, unknown> = {
    name: text(fd, 'name'),
    format,
    gameIds: ids('gameIds'),
    agentIds: ids('agentIds'),
    budget: Object.fromEntries(Object.entries(budget).filter(([, v]) => v !== undefined)),
  };
  const seed = text(fd, 'seed').trim();
  if (seed) spec.seed = seed;
  const judgeId = text(fd, 'judgeId').trim();
  if (judgeId) spec.judgeId = judgeId;
  const settings = text(fd, 'gameConfigs').trim();
  if (settings) {
    try {
      spec.gameConfigs = JSON.parse(settings);
    } catch {
      throw new FieldError('gameConfigs', 'game settings: write JSON, e.g. {"holdem": {"hands": 3}}');
    }
  }
  const set = (key: string, value: unknown) => {
    if (value !== undefined) spec[key] = value;
  };
  switch (format) {
    case 'round-robin':
      set('gamesPerPair', numberField(fd, 'gamesPerPair') ?? 2);
      break;
    case 'gauntlet':
      set('baselineIds', ids('baselineIds'));
      set('gamesPerPair', numberField(fd, 'gamesPerPair') ?? 2);
      break;
    case 'host-guest':
      set('hostIds', ids('hostIds'));
      set('numPlayers', numberField(fd, 'numPlayers'));
      set('guestSeat', numberField(fd, 'guestSeat'));
      set('gamesPerGuest', numberField(fd, 'gamesPerGuest') ?? 1);
      break;
    case 'adaptive':
      set('confidence', numberField(fd, 'confidence'));
      set('gamesPerPair', numberField(fd, 'gamesPerPair'));
      set('pairsPerBatch', numberField(fd, 'pairsPerBatch'));
      break;
  }
  return spec;
}

export async function createTournamentAction(_prev: ActionResult, fd: FormData): Promise<ActionResult> {
  let id: string;
  try {
    await requireAdmin();
    const input = tournamentSpecSchema.safeParse(specFromForm(fd));
    if (!input.success) return describe(input.error.issues);
    ({ id } = await tournamentControl().create(input.data));
    revalidatePath('/tournaments');
  } catch (err) {
    return fail(err);
  }
  redirect(`/tournaments/${id}`);
}

const controlSchema = z.object({ id: z.string().min(1).max(64), intent: z.enum(['pause', 'resume', 'cancel']) });

export async function controlTournamentAction(_prev: ActionResult<{ done: string }>, fd: FormData): Promise<ActionResult<{ done: string }>> {
  try {
    await requireAdmin();
    const { id, intent } = controlSchema.parse({ id: text(fd, 'id'), intent: text(fd, 'intent') });
    const control = tournamentControl();
    await control[intent](id);
    revalidatePath(`/tournaments/${id}`);
    revalidatePath('/tournaments');
    return { ok: true, done: { pause: 'paused', resume: 'resumed', cancel: 'cancelled' }[intent] };
  } catch (err) {
    return fail(err);
  }
}
