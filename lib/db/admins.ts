// Admin accounts and sessions in Postgres: the first admin, the start-up admin, credentials checked against the stored
// scrypt hash (lib/passwords.ts), random session tokens stored only as sha256 digests. Used by the pages (through
// lib/db/admin-session.ts, which handles the cookie), the server's start-up and the CLI.
import { randomBytes } from 'node:crypto';
import { digest, hashPassword, verifyPassword } from '../passwords';
import type { Db } from './client';

export const SESSION_COOKIE = 'arena_admin';
export const SESSION_DAYS = 7;
/** Live sessions one admin may have: a new sign-in past it ends the oldest. */
export const MAX_ADMIN_SESSIONS = 10;

export async function adminCount(db: Db): Promise<number> {
  return db.admin.count();
}

/** Creates the admin, or sets a new password when the account exists (ARENA_ADMIN_PASSWORD at start-up). */
export async function upsertAdmin(
  db: Db,
  username: string,
  password: string,
): Promise<{ id: string; created: boolean; changed: boolean }> {
  const existing = await db.admin.findUnique({ where: { username } });
  if (existing) {
    if (await verifyPassword(password, existing.passwordHash))
      return { id: existing.id, created: false, changed: false };
    await db.admin.update({ where: { id: existing.id }, data: { passwordHash: await hashPassword(password) } });
    await db.adminSession.deleteMany({ where: { adminId: existing.id } });
    return { id: existing.id, created: false, changed: true };
  }
  const a = await db.admin.create({ data: { username, passwordHash: await hashPassword(password) } });
  return { id: a.id, created: true, changed: true };
}

/**
 * First-run setup: creates the first admin only while none exists. The check and the insert share one
 * transaction under an advisory lock, so two browsers racing to set up cannot both win.
 */
export async function createFirstAdmin(
  db: Db,
  username: string,
  password: string,
  budget: { beforeHash?: () => Promise<void> } = {},
): Promise<{ id: string } | null> {
  await budget.beforeHash?.();
  const passwordHash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(727275)`;
    if ((await tx.admin.count()) > 0) return null;
    return tx.admin.create({ data: { username, passwordHash }, select: { id: true } });
  });
}

/**
 * Checks a username and password; null when either is wrong (the caller says which without saying which).
 * `beforeHash` runs right before the password is hashed (lib/db/entry.ts counts every hash).
 */
export async function checkCredentials(
  db: Db,
  username: string,
  password: string,
  budget: { beforeHash?: () => Promise<void> } = {},
): Promise<{ id: string; username: string } | null> {
  const a = await db.admin.findUnique({ where: { username } });
  await budget.beforeHash?.();
  // Hash even for an unknown user, so response time does not reveal which usernames exist.
  const ok = await verifyPassword(
    password,
    a?.passwordHash ?? 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
  );
  return a && ok ? { id: a.id, username: a.username } : null;
}

export async function createSession(db: Db, adminId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await db.adminSession.create({ data: { tokenHash: digest(token), adminId, expiresAt } });
  // At most MAX_ADMIN_SESSIONS live sessions: the oldest (and expired ones) go.
  await db.$executeRaw`
    DELETE FROM admin_sessions WHERE admin_id = ${adminId} AND (expires_at < now() OR token_hash NOT IN (
      SELECT token_hash FROM admin_sessions WHERE admin_id = ${adminId} AND expires_at >= now()
      ORDER BY created_at DESC, token_hash LIMIT ${MAX_ADMIN_SESSIONS}))`;
  return { token, expiresAt };
}

export async function adminForToken(
  db: Db,
  token: string | undefined | null,
): Promise<{ id: string; username: string } | null> {
  if (!token || token.length > 200) return null;
  const s = await db.adminSession.findUnique({ where: { tokenHash: digest(token) }, include: { admin: true } });
  if (!s || s.expiresAt.getTime() < Date.now()) return null;
  return { id: s.admin.id, username: s.admin.username };
}

export async function deleteSession(db: Db, token: string | undefined | null): Promise<void> {
  if (!token) return;
  await db.adminSession.deleteMany({ where: { tokenHash: digest(token) } });
}
