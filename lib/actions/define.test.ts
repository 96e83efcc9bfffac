// The server actions' one helper: who may call (refused in the caller's words), the input (every zod problem in plain
// words, on its fields), a UserError's own words (from any copy of lib/errors.ts), anything else one generic sentence
// and a log line; Next's redirect() passes through. And the admin and Play actions built from it, on a real database.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestDb, type TestDb } from '../../server/db/test-db';
import { AdminError } from '../admin-input';
import { createFirstAdmin, createSession, SESSION_COOKIE } from '../db/admins';
import { UserError } from '../errors';
import { PeopleError } from '../people-input';
import { PlayError } from '../play';
import { RateLimitError } from '../rate-limit-rules';
import { AdminRequiredError } from '../db/admin-session';
import { SettingsError } from '../settings-schema';
import { actionClient, failure, UNEXPECTED } from './define';

// Outside a request, Next's cookies() and headers() have nothing to read: a jar of our own stands in for them.
const jar = new Map<string, string>();
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    set: (name: string, value: string) => void jar.set(name, value),
    delete: (name: string) => void jar.delete(name),
  }),
  headers: async () => new Headers(),
}));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));

const form = (fields: Record<string, string | string[]>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) fd.append(k, x);
  return fd;
};

afterEach(() => vi.restoreAllMocks());

describe('failure: what a refused action says', () => {
  it('a UserError, or any of its kinds, says its own words (on its field when it names one)', () => {
    expect(failure(new UserError('pick another name'), 't')).toEqual({ ok: false, error: 'pick another name' });
    expect(failure(new UserError('Max matches: enter a number', { field: 'maxMatches' }), 't')).toEqual({
      ok: false,
      error: 'Max matches: enter a number',
      field: 'maxMatches',
    });
    for (const e of [
      new AdminError('a'),
      new PeopleError('b'),
      new PlayError('c'),
      new SettingsError('d'),
      new RateLimitError('e', 1000),
      new AdminRequiredError(),
    ]) {
      expect(e).toBeInstanceOf(UserError);
      expect(failure(e, 't')).toEqual({ ok: false, error: e.message });
    }
    expect(new AdminError('x')).not.toBeInstanceOf(PlayError);
  });

  it('a UserError made by another copy of lib/errors.ts (the scheduler, outside Next’s bundle) is one too', async () => {
    const copy = '../errors.ts?another-copy'; // the same file, loaded a second time (as the scheduler's process does)
    const other = (await import(/* @vite-ignore */ copy)) as typeof import('../errors');
    expect(other.UserError).not.toBe(UserError);
    class ForeignPlayError extends other.UserError {}
    const e = new ForeignPlayError('you already have 3 games in progress: finish or resign one first');
    expect(e).toBeInstanceOf(UserError);
    expect(failure(e, 't')).toEqual({
      ok: false,
      error: 'you already have 3 games in progress: finish or resign one first',
    });
  });

  it('a zod failure names every field’s problem in plain words, and the fields', () => {
    const r = z
      .object({ name: z.string().min(1, 'give the provider a name'), rpm: z.number().positive() })
      .safeParse({ name: '', rpm: -1 });
    expect(failure(r.error, 't')).toEqual({
      ok: false,
      error: 'give the provider a name; Requests / min: must be more than 0',
      field: 'name',
      fields: ['name', 'rpm'],
    });
  });

  it('anything else is one generic sentence for the user and a log line with the error for the server', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const err = new Error('connect ECONNREFUSED 127.0.0.1:5432\n    at secret/stack.ts:1');
    expect(failure(err, 'admin')).toEqual({ ok: false, error: UNEXPECTED });
    expect(UNEXPECTED).toBe('something went wrong on the server; try again');
    expect(log).toHaveBeenCalledWith('[admin] action failed:', err);
    expect(failure('a string', 'play')).toEqual({ ok: false, error: UNEXPECTED });
  });
});

describe('actionClient: caller, input, run', () => {
  const schema = z.object({
    name: z.string().trim().min(1, 'give the provider a name'),
    gamesPerPair: z.coerce.number().int('enter a whole number').min(2),
  });
  const input = (fd: FormData) => ({
    name: String(fd.get('name') ?? ''),
    gamesPerPair: String(fd.get('gamesPerPair') ?? ''),
  });

  it('a caller who may not is refused in its words, and nothing else runs', async () => {
    const run = vi.fn();
    const read = vi.fn(input);
    const act = actionClient('t', async () => {
      throw new AdminRequiredError();
    }).form({ input: read, schema, run });
    expect(await act(null, form({ name: 'x', gamesPerPair: '2' }))).toEqual({
      ok: false,
      error: 'sign in as an admin to do this (your session may have expired)',
    });
    expect(read).not.toHaveBeenCalled();
    expect(run).not.toHaveBeenCalled();
  });

  it('an invalid input is refused with every problem, on its fields, before it runs', async () => {
    const run = vi.fn();
    const act = actionClient('t', async () => ({ id: 'admin' })).form({ input, schema, run });
    expect(await act(null, form({ name: ' ', gamesPerPair: '1.5' }))).toEqual({
      ok: false,
      error: 'give the provider a name; Games per pair: enter a whole number',
      field: 'name',
      fields: ['name', 'gamesPerPair'],
    });
    expect(run).not.toHaveBeenCalled();
  });

  it('a field the form cannot read is refused on that field', async () => {
    const act = actionClient('t', async () => null).form({
      input: () => {
        throw new UserError('game settings: write JSON, e.g. {"holdem": {"hands": 3}}', { field: 'gameConfigs' });
      },
      schema,
      run: vi.fn(),
    });
    expect(await act(null, form({}))).toEqual({
      ok: false,
      error: 'game settings: write JSON, e.g. {"holdem": {"hands": 3}}',
      field: 'gameConfigs',
    });
  });

  it('runs with the parsed input, the caller and the raw input; its refusals and errors are answered like any', async () => {
    const act = actionClient('t', async () => ({ id: 'admin-1' })).form<{ done: string }, typeof schema>({
      input,
      schema,
      run: async (data, who, raw) => {
        if (data.name === 'taken') throw new AdminError(`a provider named "${data.name}" already exists`);
        if (data.name === 'boom') throw new TypeError('Cannot read properties of undefined');
        return { ok: true, done: `${who.id} ${data.name} ${data.gamesPerPair} ${JSON.stringify(raw)}` };
      },
    });
    expect(await act(null, form({ name: ' a ', gamesPerPair: '4' }))).toEqual({
      ok: true,
      done: 'admin-1 a 4 {"name":" a ","gamesPerPair":"4"}',
    });
    expect(await act(null, form({ name: 'taken', gamesPerPair: '4' }))).toEqual({
      ok: false,
      error: 'a provider named "taken" already exists',
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await act(null, form({ name: 'boom', gamesPerPair: '4' }))).toEqual({ ok: false, error: UNEXPECTED });
    expect(log).toHaveBeenCalledWith('[t] action failed:', expect.any(TypeError));
  });

  it('a redirect is Next’s, not a failure: it passes through', async () => {
    const { redirect } = await import('next/navigation');
    const act = actionClient('t', async () => null).form({
      input,
      schema,
      run: async () => redirect('/tournaments/t1'),
    });
    await expect(act(null, form({ name: 'a', gamesPerPair: '2' }))).rejects.toMatchObject({
      digest: expect.stringContaining('NEXT_REDIRECT'),
    });
  });

  it('call: an object input, checked the same way', async () => {
    const act = actionClient('t', async () => null).call({
      schema: z.object({ baseUrl: z.string().max(5) }),
      run: async ({ baseUrl }) => ({ ok: true as const, baseUrl }),
    });
    expect(await act({ baseUrl: 'http' })).toEqual({ ok: true, baseUrl: 'http' });
    expect(await act({ baseUrl: 'https://x' })).toEqual({
      ok: false,
      error: 'Base URL: has at most 5 characters',
      field: 'baseUrl',
      fields: ['baseUrl'],
    });
  });
});

describe('the admin and Play actions', () => {
  let t: TestDb;
  let url: string | undefined;
  beforeAll(async () => {
    t = await createTestDb();
    url = process.env.DATABASE_URL;
    process.env.DATABASE_URL = t.url;
  });
  afterAll(async () => {
    const { db } = await import('../db/client');
    await db().$disconnect();
    if (url === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = url;
    await t?.drop();
  });
  afterEach(() => jar.clear());

  it('an admin action refuses anyone without an admin session, and names every problem of an admin’s form', async () => {
    const { controlTournamentAction, saveProviderAction } = await import('./admin');
    expect(await controlTournamentAction(null, form({ id: 't1', intent: 'pause' }))).toEqual({
      ok: false,
      error: 'sign in as an admin to do this (your session may have expired)',
    });

    const admin = await createFirstAdmin(t.db, 'root', 'a long enough password');
    jar.set(SESSION_COOKIE, (await createSession(t.db, admin!.id)).token);
    expect(
      await saveProviderAction(null, form({ name: '', baseUrl: 'nope', rpm: '0', tpm: 'x', priceInPer1k: '-1' })),
    ).toEqual({
      ok: false,
      error:
        'give the provider a name; Base URL: enter a URL such as http://localhost:8000/v1; Requests / min: must be more than 0; Tokens / min: enter a whole number; Input / 1k: a price cannot be negative',
      field: 'name',
      fields: ['name', 'baseUrl', 'rpm', 'tpm', 'priceInPer1k'],
    });
    expect(
      await saveProviderAction(null, form({ name: 'p', baseUrl: 'http://localhost:1/v1', modelPrices: 'gpt 1' })),
    ).toEqual({
      ok: false,
      error:
        'per-model prices, line 1: write the model, its input price and its output price, e.g. "my-model 0.0005 0.0015"',
      field: 'modelPrices',
    });
    const saved = await saveProviderAction(null, form({ name: 'p', baseUrl: 'http://localhost:1/v1' }));
    expect(saved).toMatchObject({ ok: true, name: 'p', created: true });
    expect(await saveProviderAction(null, form({ name: 'p', baseUrl: 'http://localhost:2/v1' }))).toEqual({
      ok: false,
      error: 'a provider named "p" already exists',
    });
  });

  it('a Play action refuses someone without a name in its own words, and a person’s refusal in the lib’s', async () => {
    const { keepNameAction, playAgainAction, startGameAction } = await import('./play');
    expect(await keepNameAction(null, form({ password: 'a long enough password' }))).toEqual({
      ok: false,
      error: 'you are not signed in any more: choose a name again',
    });
    expect(await startGameAction(null, form({ gameId: 'tictactoe' }))).toEqual({
      ok: false,
      error: 'choose a name first (as a guest or with an account)',
    });
    expect(await playAgainAction(null, form({ matchId: 'm' }))).toEqual({
      ok: false,
      error: 'choose a name on the Play page first',
    });

    const { createAccount, createPersonSession } = await import('../db/people');
    const { PERSON_COOKIE } = await import('../people-input');
    const me = await createAccount(t.db, { name: 'Ann', password: 'a long enough password' });
    jar.set(PERSON_COOKIE, (await createPersonSession(t.db, me.id)).token);
    expect(await keepNameAction(null, form({ password: 'another long password' }))).toEqual({
      ok: false,
      error: 'your name already has a password',
    });
  });
});
