// The admin session cookie for pages, server actions and route handlers (httpOnly, SameSite=Lax, Secure over HTTPS).
import 'server-only';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { adminForToken, createSession, deleteSession, SESSION_COOKIE } from './admins';
import { db } from './client';
import { UserError } from '../errors';

export type SessionAdmin = { id: string; username: string };

/** The signed-in admin, or null. */
export async function currentAdmin(): Promise<SessionAdmin | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return adminForToken(db(), token);
}

/** For admin pages: the admin, or a redirect to the login page (which brings them back). */
export async function requireAdminPage(returnTo: string): Promise<SessionAdmin> {
  const a = await currentAdmin();
  if (!a) redirect(`/admin/login?next=${encodeURIComponent(returnTo)}`);
  return a;
}

/** For server actions and admin APIs: the admin, or an error a person can act on. */
export async function requireAdmin(): Promise<SessionAdmin> {
  const a = await currentAdmin();
  if (!a) throw new AdminRequiredError();
  return a;
}

export class AdminRequiredError extends UserError {
  override name = 'AdminRequiredError';
  constructor() {
    super('sign in as an admin to do this (your session may have expired)');
  }
}

export async function startSession(adminId: string): Promise<void> {
  const { token, expiresAt } = await createSession(db(), adminId);
  const proto = (await headers()).get('x-forwarded-proto');
  (await cookies()).set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: proto === 'https',
    path: '/',
    expires: expiresAt,
  });
}

export async function endSession(): Promise<void> {
  const jar = await cookies();
  await deleteSession(db(), jar.get(SESSION_COOKIE)?.value);
  jar.delete(SESSION_COOKIE);
}
