// Admin accounts and sessions on real Postgres: hashing (lib/passwords.ts), credentials, first-run setup, session
// expiry and logout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../server/db/test-db';
import { hashPassword, verifyPassword } from '../passwords';
import { adminForToken, checkCredentials, createFirstAdmin, createSession, deleteSession, upsertAdmin } from './admins';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.drop();
});

describe('admin auth', () => {
  it('hashes passwords with a fresh salt and verifies only the right one', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsf', a)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });

  it('first-run setup creates one admin only; later setups are refused', async () => {
    const first = await createFirstAdmin(t.db, 'root', 'first-password');
    expect(first).not.toBeNull();
    expect(await createFirstAdmin(t.db, 'intruder', 'second-password')).toBeNull();
    expect(await t.db.admin.count()).toBe(1);
    expect(await checkCredentials(t.db, 'root', 'first-password')).toMatchObject({ username: 'root' });
    expect(await checkCredentials(t.db, 'root', 'wrong-password')).toBeNull();
    expect(await checkCredentials(t.db, 'nobody', 'first-password')).toBeNull();
  });

  it('ARENA_ADMIN_PASSWORD creates the account, and a new value resets the password and its sessions', async () => {
    const created = await upsertAdmin(t.db, 'admin', 'password-one');
    expect(created).toMatchObject({ created: true });
    const { token } = await createSession(t.db, created.id);
    expect(await adminForToken(t.db, token)).toMatchObject({ username: 'admin' });
    expect(await upsertAdmin(t.db, 'admin', 'password-one')).toMatchObject({ created: false, changed: false });
    expect(await adminForToken(t.db, token)).not.toBeNull();
    expect(await upsertAdmin(t.db, 'admin', 'password-two')).toMatchObject({ created: false, changed: true });
    expect(await adminForToken(t.db, token)).toBeNull();
    expect(await checkCredentials(t.db, 'admin', 'password-two')).not.toBeNull();
  });

  it('sessions: only a digest is stored; unknown, expired and logged-out tokens are refused', async () => {
    const a = await t.db.admin.findUniqueOrThrow({ where: { username: 'admin' } });
    const { token } = await createSession(t.db, a.id);
    const rows = await t.db.adminSession.findMany();
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(await adminForToken(t.db, 'not-a-token')).toBeNull();
    expect(await adminForToken(t.db, undefined)).toBeNull();
    await t.db.adminSession.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await adminForToken(t.db, token)).toBeNull();
    const fresh = await createSession(t.db, a.id);
    expect(await adminForToken(t.db, fresh.token)).not.toBeNull();
    await deleteSession(t.db, fresh.token);
    expect(await adminForToken(t.db, fresh.token)).toBeNull();
  });
});
