// Server actions of the admin area: sign in, first-run setup and sign out; providers, agents, settings and tournaments.
// Each is built by lib/actions/define.ts (adminAction: a signed-in admin; publicAction: signing in and setup), which
// checks the caller and the input (the lib's zod schemas) and answers { ok: true, … } or { ok: false, error } with a
// readable message (never a stack) for useActionState.
'use server';

import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { agentInputSchema, providerInputSchema } from '../admin-input';
import { archiveAgent, deleteAgent, saveAgent, setAgentPlayable } from '../db/admin-agents';
import { deleteProvider, modelWarning, saveProvider, testProviderConnection } from '../db/admin-providers';
import { credentialsSchema } from '../passwords';
import { adminCount } from '../db/admins';
import { CLIENT_IP_HEADER } from '../client-ip';
import { tournamentControl } from '../control';
import { UPLOAD_LIMIT_BYTES } from '../datasets';
import { deleteDataset, importDataset } from '../db/datasets-store';
import { db } from '../db/client';
import { adminSignIn, firstAdmin } from '../db/entry';
import { UserError } from '../errors';
import { formText as text } from '../form-data';
import { endSession, startSession } from '../db/admin-session';
import { saveSettings } from '../db/settings';
import { tournamentSpecSchema } from '../tournament/spec';
import { parseSimulBenchTasks } from '../../games/simulbench/import';
import { importScriptSet } from '../db/simulbench/script-sets';
import { FIELD_LABELS } from '../validation';
import { adminAction, publicAction } from './define';

/** A number field: undefined when blank; a readable error on the field when it is not a number. */
function numberField(fd: FormData, key: string): number | undefined {
  const v = text(fd, key).trim();
  if (v === '') return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new UserError(`${FIELD_LABELS[key] ?? key}: enter a number`, { field: key });
  return n;
}

/** A row's id, as a list's buttons send it. */
const rowId = z.string().min(1).max(64);

/** "a, b\nc" → ["a", "b", "c"] */
const list = (s: string) =>
  s
    .split(/[\s,]+/)
    .map((x) => x.trim())
    .filter(Boolean);

/** Only paths on this site: "/x" but not "//host" or "/\host"; anything else goes to the dashboard. */
function safeNext(next: string): string {
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || /[\u0000-\u001f]/.test(next))
    return '/admin';
  if (next.startsWith('/admin/login') || next.startsWith('/admin/setup')) return '/admin';
  return next;
}

// ---- Sign in, setup, sign out ----

const entry = publicAction('admin');

export const loginAction = entry.form({
  input: (fd) => ({ username: text(fd, 'username').trim(), password: text(fd, 'password'), next: text(fd, 'next') }),
  schema: z.object({ username: z.string(), password: z.string(), next: z.string() }),
  run: async ({ username, password, next }) => {
    if (!username || !password) return { ok: false, error: 'enter your username and password' };
    // Rate limited per address and per username (lib/db/entry.ts); a wrong username or password gets one answer.
    const admin = await adminSignIn(db(), { username, password }, (await headers()).get(CLIENT_IP_HEADER));
    if (!admin) return { ok: false, error: 'wrong username or password' };
    await startSession(admin.id);
    redirect(safeNext(next));
  },
});

export const setupAction = entry.form({
  input: (fd) => ({ username: text(fd, 'username'), password: text(fd, 'password'), confirm: text(fd, 'confirm') }),
  // The credentials are checked once no admin exists (credentialsSchema, below): that refusal comes first.
  schema: z.object({ username: z.string(), password: z.string(), confirm: z.string() }),
  run: async (raw) => {
    const taken = { ok: false, error: 'an admin account already exists: sign in instead' } as const;
    if ((await adminCount(db())) > 0) return taken;
    const input = credentialsSchema.parse({ username: raw.username, password: raw.password });
    if (raw.confirm !== input.password) return { ok: false, error: 'the two passwords differ', field: 'confirm' };
    const admin = await firstAdmin(db(), input, (await headers()).get(CLIENT_IP_HEADER));
    if (!admin) return taken;
    await startSession(admin.id);
    redirect('/admin');
  },
});

/** Nothing to check or refuse: the session ends and the admin goes home. */
export async function logoutAction(): Promise<void> {
  await endSession();
  redirect('/');
}

// ---- Providers ----

/** "model in out" per line (USD per 1k tokens), e.g. "gpt-4o-mini 0.00015 0.0006". */
function modelPrices(s: string): Record<string, { in: number; out: number }> {
  const out: Record<string, { in: number; out: number }> = {};
  s.split('\n').forEach((line, i) => {
    const parts = line
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean);
    if (parts.length === 0) return;
    const [model, pin, pout] = parts;
    const a = Number(pin);
    const b = Number(pout);
    if (parts.length !== 3 || !Number.isFinite(a) || !Number.isFinite(b) || a < 0 || b < 0) {
      throw new UserError(
        `per-model prices, line ${i + 1}: write the model, its input price and its output price, e.g. "my-model 0.0005 0.0015"`,
        { field: 'modelPrices' },
      );
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

export const saveProviderAction = adminAction.form({
  input: providerFromForm,
  schema: providerInputSchema,
  run: async (input, _admin, raw) => {
    const form = raw as ReturnType<typeof providerFromForm>;
    const { id } = await saveProvider(db(), form);
    revalidatePath('/admin/providers');
    revalidatePath('/admin/agents');
    return { ok: true, id, name: input.name, created: !form.id };
  },
});

const connectionInputSchema = z.object({
  id: z.string().max(64).optional(),
  baseUrl: z.string().max(2000),
  apiKey: z.string().max(1000).optional(),
});

/** Lists the models an endpoint reports, with the typed key or else the stored one (never sent back). */
export const testConnectionAction = adminAction.call({
  schema: connectionInputSchema,
  run: async (input): Promise<{ ok: true; models: string[] } | { ok: false; error: string }> => {
    const r = await testProviderConnection(db(), {
      baseUrl: input.baseUrl,
      ...(input.id ? { id: input.id } : {}),
      ...(input.apiKey?.trim() ? { apiKey: input.apiKey.trim() } : {}),
    });
    return r.ok ? { ok: true, models: r.models } : { ok: false, error: r.error };
  },
});

export const deleteProviderAction = adminAction.form({
  input: (fd) => text(fd, 'id'),
  schema: rowId,
  run: async (id) => {
    await deleteProvider(db(), id);
    revalidatePath('/admin/providers');
    return { ok: true };
  },
});

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
      vision: fd.get('vision') === 'on',
      rulesUpfront: fd.get('rulesUpfront') === 'on',
      rapDepth: text(fd, 'rapDepth').trim(),
      rapIterations: text(fd, 'rapIterations').trim(),
      rapCandidates: text(fd, 'rapCandidates').trim(),
      playable: fd.get('playable') === 'on',
    };
  }
  if (kind === 'engine') return { ...common, depth: text(fd, 'depth').trim() };
  return common;
}

/** An agent changed: the lists that show agents (the admin's, the public one, the Play page's opponents) are redrawn. */
function agentsChanged(): void {
  for (const path of ['/admin/agents', '/agents', '/play']) revalidatePath(path);
}

/**
 * `warning`: the model is not among those the provider lists (lib/db/admin-providers.ts modelWarning); saved all the
 * same.
 */
export type SavedAgent = {
  id: string;
  name: string;
  version: number;
  newVersion: boolean;
  created: boolean;
  warning: string | null;
};

export const saveAgentAction = adminAction.form<SavedAgent, typeof agentInputSchema>({
  input: agentFromForm,
  schema: agentInputSchema,
  run: async (d, _admin, raw) => {
    const before = d.id
      ? await db().agent.findUnique({ where: { id: d.id }, select: { providerId: true, model: true } })
      : null;
    const saved = await saveAgent(db(), raw);
    const row = await db().agent.findUnique({ where: { id: saved.id }, select: { name: true } });
    agentsChanged();
    // A model the provider does not list is saved all the same (a provider may not list everything it serves), with a
    // warning; checked when the agent is created or its provider or model changes.
    const warning =
      d.kind === 'llm' && (!before || before.providerId !== d.providerId || before.model !== d.model)
        ? await modelWarning(db(), d.providerId, d.model)
        : null;
    return { ok: true, ...saved, name: row?.name ?? d.name, created: !d.id, warning };
  },
});

/** Deletes an agent that never played (the agents list's Delete, after a confirmation); refused with the reason otherwise. */
const deleteSchema = z.object({ id: rowId });

export const deleteAgentAction = adminAction.form<{ done: string }, typeof deleteSchema>({
  input: (fd) => ({ id: text(fd, 'id') }),
  schema: deleteSchema,
  run: async ({ id }) => {
    const { name, restored } = await deleteAgent(db(), id);
    agentsChanged();
    return { ok: true, done: `Deleted ${name}.${restored ? ` ${restored} is the current version again.` : ''}` };
  },
});

const archiveSchema = z.object({ id: rowId, archived: z.enum(['true', 'false']) });

/** Archives an agent (no longer offered; its matches stay) or restores it (the agents list's Archive / Restore). */
export const archiveAgentAction = adminAction.form<{ done: string }, typeof archiveSchema>({
  input: (fd) => ({ id: text(fd, 'id'), archived: text(fd, 'archived') }),
  schema: archiveSchema,
  run: async ({ id, archived }) => {
    const { name } = await archiveAgent(db(), id, archived === 'true');
    agentsChanged();
    return {
      ok: true,
      done:
        archived === 'true'
          ? `Archived ${name}: no longer offered for tournaments or people's games; its matches and ratings stay.`
          : `Restored ${name}: offered again.`,
    };
  },
});

const playableSchema = z.object({ id: rowId, playable: z.enum(['true', 'false']) });

/** Opens an LLM agent to people's games on the Play page, or withdraws it (the agents list's switch). */
export const setAgentPlayableAction = adminAction.form<{ done: string }, typeof playableSchema>({
  input: (fd) => ({ id: text(fd, 'id'), playable: text(fd, 'playable') }),
  schema: playableSchema,
  run: async ({ id, playable }) => {
    const { name } = await setAgentPlayable(db(), id, playable === 'true');
    revalidatePath('/admin/agents');
    revalidatePath('/play');
    return {
      ok: true,
      done: playable === 'true' ? `${name} is open to people` : `${name} is withdrawn from people's games`,
    };
  },
});

// ---- Settings ----

/**
 * Site settings (/admin/settings): today, the leaderboard's default people filter (checked by lib/settings-schema.ts).
 */
const settingsFormSchema = z.object({ peopleFilterDefault: z.string() });

export const saveSettingsAction = adminAction.form<{ done: string }, typeof settingsFormSchema>({
  input: (fd) => ({ peopleFilterDefault: text(fd, 'peopleFilterDefault') }),
  // Each setting's own check is lib/settings-schema.ts's (a SettingsError names what it takes).
  schema: settingsFormSchema,
  run: async (input) => {
    await saveSettings(db(), input);
    revalidatePath('/leaderboard');
    revalidatePath('/admin/settings');
    return { ok: true, done: 'Saved.' };
  },
});

// ---- Datasets ----

const datasetUploadSchema = z.object({
  name: z.string(),
  file: z.instanceof(File, { message: 'choose a file in GameBench’s format (a .json array of matches)' }),
});

export const importDatasetAction = adminAction.form<{ done: string }, typeof datasetUploadSchema>({
  input: (fd) => ({ name: text(fd, 'name'), file: fd.get('file') }),
  schema: datasetUploadSchema,
  run: async ({ name, file }, admin) => {
    if (file.size === 0)
      return { ok: false, error: 'the file is empty: choose a file in GameBench’s format', field: 'file' };
    if (file.size > UPLOAD_LIMIT_BYTES) {
      return {
        ok: false,
        error: `the file is ${(file.size / 1024 / 1024).toFixed(1)} MB; the upload takes up to 900 kB: import it with npm run arena -- import gamebench FILE --dataset NAME`,
        field: 'file',
      };
    }
    const d = await importDataset(db(), {
      name,
      text: await file.text(),
      source: file.name || null,
      createdBy: admin.username,
    });
    revalidatePath('/admin/datasets');
    return {
      ok: true,
      done: `Imported ${d.name}: ${d.matchCount} matches, ${d.agents.length} agents, ${d.games.length} games.`,
    };
  },
});

export const deleteDatasetAction = adminAction.form({
  input: (fd) => text(fd, 'name'),
  schema: z.string().min(1).max(64),
  run: async (name) => {
    await deleteDataset(db(), name);
    revalidatePath('/admin/datasets');
    return { ok: true };
  },
});

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
      throw new UserError('game settings: write JSON, e.g. {"holdem": {"hands": 3}}', { field: 'gameConfigs' });
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

export const createTournamentAction = adminAction.form({
  input: specFromForm,
  schema: tournamentSpecSchema,
  run: async (spec) => {
    const { id } = await tournamentControl().create(spec);
    revalidatePath('/tournaments');
    redirect(`/tournaments/${id}`);
  },
});

const controlSchema = z.object({ id: rowId, intent: z.enum(['pause', 'resume', 'cancel']) });

export const controlTournamentAction = adminAction.form<{ done: string }, typeof controlSchema>({
  input: (fd) => ({ id: text(fd, 'id'), intent: text(fd, 'intent') }),
  schema: controlSchema,
  run: async ({ id, intent }) => {
    await tournamentControl()[intent](id);
    revalidatePath(`/tournaments/${id}`);
    revalidatePath('/tournaments');
    return { ok: true, done: { pause: 'paused', resume: 'resumed', cancel: 'cancelled' }[intent] };
  },
});

// ---- SimulBench evaluations ----

/** The new-evaluation form as a SimulBench spec (tasks: shipped ones ticked, or a file in SimulBench's format). */
async function simulbenchSpecFromForm(fd: FormData): Promise<Record<string, unknown>> {
  const ids = (key: string) => fd.getAll(key).filter((v): v is string => typeof v === 'string' && v !== '');
  const budget = { maxTokens: numberField(fd, 'maxTokens'), maxCostUsd: numberField(fd, 'maxCostUsd') };
  const spec: Record<string, unknown> = {
    format: 'simulbench',
    name: text(fd, 'name'),
    agentIds: ids('agentIds'),
    judgeId: text(fd, 'judgeId'),
    pairwise: fd.get('pairwise') === 'on',
    budget: Object.fromEntries(Object.entries(budget).filter(([, v]) => v !== undefined)),
  };
  const seed = text(fd, 'seed').trim();
  if (seed) spec.seed = seed;
  // Frozen scripts of an earlier evaluation or an import: nothing is collected, the targets answer those.
  const scriptSet = text(fd, 'scriptSet').trim();
  if (scriptSet) return { ...spec, scriptSet };
  Object.assign(spec, {
    userAgentId: text(fd, 'userAgentId'),
    simulatorId: text(fd, 'simulatorId'),
    dialoguesPerTask: numberField(fd, 'dialoguesPerTask'),
    turns: numberField(fd, 'turns'),
  });
  const file = fd.get('tasksFile');
  if (file instanceof File && file.size > 0) {
    if (file.size > UPLOAD_LIMIT_BYTES) {
      throw new UserError(
        `the tasks file is ${(file.size / 1024 / 1024).toFixed(1)} MB; the upload takes up to 900 kB (the CLI reads larger ones)`,
        { field: 'tasksFile' },
      );
    }
    const kind = text(fd, 'defaultKind');
    const parsed = parseSimulBenchTasks(
      await file.text(),
      kind === 'stateless' || kind === 'stateful' ? { defaultKind: kind } : {},
    );
    if ('error' in parsed) throw new UserError(`the tasks file: ${parsed.error}`, { field: 'tasksFile' });
    spec.tasks = parsed.tasks;
  } else {
    const taskIds = ids('taskIds');
    if (taskIds.length === 0)
      throw new UserError('pick at least one task (or import a tasks file)', { field: 'taskIds' });
    spec.taskIds = taskIds;
  }
  return spec;
}

export const createSimulbenchAction = adminAction.form({
  input: simulbenchSpecFromForm,
  schema: tournamentSpecSchema,
  run: async (spec) => {
    const { id } = await tournamentControl().create(spec);
    revalidatePath('/simulbench');
    redirect(`/simulbench/${id}`);
  },
});

const scriptSetUploadSchema = z.object({
  name: z.string(),
  file: z.instanceof(File, { message: 'choose a script file (as an evaluation’s “download the scripts” gives it)' }),
});

/** Imports a file of frozen SimulBench scripts as the set `import:<name>`. */
export const importScriptSetAction = adminAction.form<{ done: string }, typeof scriptSetUploadSchema>({
  input: (fd) => ({ name: text(fd, 'name').trim(), file: fd.get('file') }),
  schema: scriptSetUploadSchema,
  run: async ({ name, file }) => {
    if (file.size === 0) return { ok: false, error: 'the file is empty: choose a script file', field: 'file' };
    if (file.size > UPLOAD_LIMIT_BYTES) {
      return {
        ok: false,
        error: `the file is ${(file.size / 1024 / 1024).toFixed(1)} MB; the upload takes up to 900 kB: use npm run arena -- simulbench import-scripts FILE --set NAME`,
        field: 'file',
      };
    }
    const r = await importScriptSet(db(), name, await file.text());
    revalidatePath('/admin/simulbench/new');
    return {
      ok: true,
      done: `Imported ${r.scripts} scripts as ${r.setName}: choose it under “Scripts” to score targets on it.`,
    };
  },
});
