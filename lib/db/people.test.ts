// People on real Postgres: guest names, accounts, sign-in, sessions, the cookie header the socket server reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../server/db/test-db';
import { migrate } from '../../server/db/migrate';
import {
  createAccount,
  createGuest,
  createPersonSession,
  deletePersonSession,
  MAX_PERSON_SESSIONS,
  personForToken,
  setPassword,
  signIn,
} from './people';
import { personNameSchema, personTokenFromCookieHeader } from '../people-input';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.drop();
});

describe('people', () => {
  it('a guest becomes a human agent with the same name', async () => {
    const g = await createGuest(t.db, { name: '  Ada   Lovelace ' });
    expect(g).toMatchObject({ name: 'Ada Lovelace', guest: true });
    const agent = await t.db.agent.findUniqueOrThrow({ where: { id: g.agentId } });
    expect(agent).toMatchObject({ name: 'Ada Lovelace', kind: 'human', simulated: false });
  });

  it('names are unique regardless of case, and never clash with an agent', async () => {
    await expect(createGuest(t.db, { name: 'ada lovelace' })).rejects.toThrow(/"ada lovelace" is taken/);
    await t.db.agent.create({ data: { name: 'Sim GPT', kind: 'llm' } });
    await expect(createAccount(t.db, { name: 'SIM gpt', password: 'long-enough' })).rejects.toThrow(/taken/);
    expect(await t.db.person.count()).toBe(1);
  });

  it('racing for one name: exactly one browser gets it', async () => {
    const results = await Promise.allSettled([1, 2, 3].map(() => createGuest(t.db, { name: 'Racer' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/taken/);
  });

  it('rejects bad names with a reason', () => {
    const problem = (name: unknown) => {
      const r = personNameSchema.safeParse(name);
      return r.success ? null : r.error.issues[0]!.message;
    };
    expect(problem('A')).toMatch(/at least 2/);
    expect(problem('x'.repeat(33))).toMatch(/at most 32/);
    expect(problem('<script>')).toMatch(/letters, digits/);
    expect(problem('Humans')).toMatch(/reserved/);
    expect(problem(42)).not.toBeNull();
    expect(problem('Zoë 2')).toBeNull();
    expect(problem('李雷')).toBeNull();
  });

  it('look-alike names: reserved names in any spelling are refused, and two names that look the same cannot both exist', async () => {
    const problem = (name: string) => {
      const r = personNameSchema.safeParse(name);
      return r.success ? null : r.error.issues[0]!.message;
    };
    // Fullwidth R, Cyrillic а, capitals, Greek Ι, Cyrillic Е: each reads as a reserved name.
    for (const name of ['Ｒandom', 'Rаndom', 'RANDOM', 'ΑDMIN', 'ЕNGINE', 'Ηumans'])
      expect(problem(name), name).toMatch(/reserved/);
    expect(problem('Random Rita')).toBeNull();

    await createGuest(t.db, { name: 'Paul' });
    await expect(createGuest(t.db, { name: 'Pаul' })).rejects.toThrow(
      'the name "Pаul" looks like "Paul", which is taken: pick another',
    );
    await expect(createAccount(t.db, { name: 'ＰＡＵＬ', password: 'long-enough' })).rejects.toThrow(/taken/);
    // Agents too: a person cannot pass for a model (Cyrillic С).
    await t.db.agent.create({ data: { name: 'Claude', kind: 'llm' } });
    await expect(createGuest(t.db, { name: 'Сlaude' })).rejects.toThrow(/looks like "Claude"/);
    expect(await t.db.person.count({ where: { name: { in: ['Pаul', 'ＰＡＵＬ', 'Сlaude'] } } })).toBe(0);
  });

  it('people created before look-alike keys existed are compared too', async () => {
    const g = await createGuest(t.db, { name: 'Olga' });
    await t.db.person.update({ where: { id: g.id }, data: { nameSkeleton: null } }); // as migration 0007 left them
    await expect(createGuest(t.db, { name: 'Оlga' })).rejects.toThrow(/looks like "Olga"/);
    // (The skeleton folds l into i: a small l reads as a capital I.)
    expect((await t.db.person.findUniqueOrThrow({ where: { id: g.id } })).nameSkeleton).toBe('oiga');
  });

  it('racing for two look-alike names: exactly one browser gets one', async () => {
    const results = await Promise.allSettled(['Vera', 'Vеra', 'VЕRA'].map((name) => createGuest(t.db, { name })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/taken/);
  });

  it('accounts sign in with their password; guests and wrong passwords get one answer', async () => {
    const acct = await createAccount(t.db, { name: 'Grace', password: 'hopper-1906' });
    expect(acct.guest).toBe(false);
    expect(await signIn(t.db, { name: 'grace', password: 'hopper-1906' })).toMatchObject({
      id: acct.id,
      name: 'Grace',
    });
    await expect(signIn(t.db, { name: 'Grace', password: 'wrong-password' })).rejects.toThrow(
      'that name and password do not match',
    );
    await expect(signIn(t.db, { name: 'Ada Lovelace', password: 'anything-long' })).rejects.toThrow(
      'that name and password do not match',
    );
    await expect(signIn(t.db, { name: 'Nobody', password: 'anything-long' })).rejects.toThrow(
      'that name and password do not match',
    );
    await expect(signIn(t.db, { name: 'Grace', password: 'short' })).rejects.toThrow(/at least 8/);
  });

  it('a guest keeps their name by setting a password', async () => {
    const g = await createGuest(t.db, { name: 'Linus' });
    await expect(setPassword(t.db, g.id, 'tiny')).rejects.toThrow(/at least 8/);
    expect(await setPassword(t.db, g.id, 'penguin-1991')).toMatchObject({ guest: false });
    expect(await signIn(t.db, { name: 'Linus', password: 'penguin-1991' })).toMatchObject({ id: g.id });
  });

  it('sessions: digest stored, expired and deleted tokens refused', async () => {
    const p = await signIn(t.db, { name: 'Grace', password: 'hopper-1906' });
    const { token } = await createPersonSession(t.db, p.id);
    expect((await t.db.personSession.findMany()).some((s) => s.tokenHash === token)).toBe(false);
    expect(await personForToken(t.db, token)).toMatchObject({ id: p.id, name: 'Grace' });
    expect(await personForToken(t.db, 'forged')).toBeNull();
    expect(await personForToken(t.db, null)).toBeNull();
    expect(await personForToken(t.db, 'x'.repeat(500))).toBeNull();
    await deletePersonSession(t.db, token);
    expect(await personForToken(t.db, token)).toBeNull();
    const old = await createPersonSession(t.db, p.id);
    await t.db.personSession.updateMany({ data: { expiresAt: new Date(Date.now() - 1) } });
    expect(await personForToken(t.db, old.token)).toBeNull();
  });

  it('names that read the same are one name: spaces, tabs, case and fullwidth letters (issue 35, item 5)', async () => {
    const acct = await createAccount(t.db, { name: 'Victim Person', password: 'victim-password' });
    for (const name of ['Victim  Person', 'Victim\tPerson', 'victim person', 'ＶICTIM PERSON', 'Victim\u00a0Person']) {
      await expect(createAccount(t.db, { name, password: 'other-password' }), JSON.stringify(name)).rejects.toThrow(
        /taken/,
      );
      // Each spelling signs in to the one account.
      expect(await signIn(t.db, { name, password: 'victim-password' }), JSON.stringify(name)).toMatchObject({
        id: acct.id,
      });
    }
    // Stored as written by the same rule: NFKC, spaces folded.
    expect(personNameSchema.parse('  Ｆull\twidth  ')).toBe('Full width');
    expect(await t.db.person.count({ where: { name: { contains: 'ictim', mode: 'insensitive' } } })).toBe(1);
  });

  it('a person named before names were stored in NFKC still signs in with the name as they wrote it', async () => {
    const acct = await createAccount(t.db, { name: 'Old Timer', password: 'old-password' });
    await t.db.person.update({ where: { id: acct.id }, data: { name: 'Ｏld Timer', nameKey: 'ｏld timer' } }); // as stored before
    expect(await signIn(t.db, { name: 'Ｏld Timer', password: 'old-password' })).toMatchObject({ id: acct.id });
  });

  it('look-alike names: case is folded before look-alikes, so a small l reads as a capital I (issue 35, item 5)', async () => {
    const problem = (name: string) => {
      const r = personNameSchema.safeParse(name);
      return r.success ? null : r.error.issues[0]!.message;
    };
    for (const name of [
      'ENGlNE',
      'EngIne',
      'Eng1ne',
      'RANDOM',
      'RANDOm',
      'ADMlN',
      'HUMANS',
      'SlMULATED',
      'SPECTATOR',
    ]) {
      expect(problem(name), name).toMatch(/reserved/);
    }
    expect(problem('Engineer')).toBeNull();
    await createGuest(t.db, { name: 'Bill' });
    await expect(createGuest(t.db, { name: 'BiII' })).rejects.toThrow(
      'the name "BiII" looks like "Bill", which is taken: pick another',
    );
    await expect(createGuest(t.db, { name: 'B1ll' })).rejects.toThrow(/looks like "Bill"/);
  });

  it('a person has at most MAX_PERSON_SESSIONS live sessions: a new one ends the oldest (issue 35, item 5)', async () => {
    const p = await createAccount(t.db, { name: 'Sessions', password: 'sessions-password' });
    const tokens: string[] = [];
    for (let i = 0; i < MAX_PERSON_SESSIONS + 3; i++) tokens.push((await createPersonSession(t.db, p.id)).token);
    expect(await t.db.personSession.count({ where: { personId: p.id } })).toBe(MAX_PERSON_SESSIONS);
    for (const token of tokens.slice(0, 3)) expect(await personForToken(t.db, token)).toBeNull();
    for (const token of tokens.slice(3)) expect(await personForToken(t.db, token)).toMatchObject({ id: p.id });
    // Another person's sessions are not touched.
    const other = await createAccount(t.db, { name: 'Other Sessions', password: 'sessions-password' });
    const kept = await createPersonSession(t.db, other.id);
    await createPersonSession(t.db, p.id);
    expect(await personForToken(t.db, kept.token)).toMatchObject({ id: other.id });
  });

  it('reads the person cookie from a raw Cookie header', () => {
    expect(personTokenFromCookieHeader('a=1; arena_person=abc%2Bdef; arena_admin=zzz')).toBe('abc+def');
    expect(personTokenFromCookieHeader('arena_admin=zzz')).toBeNull();
    expect(personTokenFromCookieHeader(undefined)).toBeNull();
    expect(personTokenFromCookieHeader('arena_person=%E0%A4%A')).toBeNull();
  });
});

it('migration 0023 brings stored skeletons to the new form (a small l is an i) and bounds the sessions already stored', async () => {
  const before = await createTestDb({ until: '0022' });
  try {
    const agent = await before.db.agent.create({ data: { name: 'Bill', kind: 'human' } });
    const p = await before.db.person.create({
      data: { name: 'Bill', nameKey: 'bill', nameSkeleton: 'bill', agentId: agent.id },
    });
    for (let i = 0; i < 12; i++) {
      await before.db.personSession.create({
        data: {
          tokenHash: `h${i}`,
          personId: p.id,
          expiresAt: new Date(Date.now() + 86_400_000),
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        },
      });
    }
    await before.db.personSession.create({
      data: { tokenHash: 'expired', personId: p.id, expiresAt: new Date(Date.now() - 1000) },
    });
    await migrate(before.url);
    expect((await before.db.person.findUniqueOrThrow({ where: { id: p.id } })).nameSkeleton).toBe('biii');
    const left = (await before.db.personSession.findMany({ where: { personId: p.id } })).map((x) => x.tokenHash).sort();
    expect(left).toEqual(Array.from({ length: 10 }, (_, i) => `h${i + 2}`).sort());
    await expect(createGuest(before.db, { name: 'BiII' })).rejects.toThrow(/looks like "Bill"/);
  } finally {
    await before.drop();
  }
});
