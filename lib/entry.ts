// The ways in, rate limited (lib/rate-limit.ts): a new guest or account, a person's sign-in, an admin's sign-in.
// Server actions call these with the client's address; the checks behind them (names, passwords) stay in people/auth.
import { checkCredentials, credentialsSchema } from './auth';
import type { Db } from './db';
import { createAccount, createGuest, signIn, type PersonInfo } from './people';
import { rateLimits, type RateLimits } from './rate-limit';

/** Runs `make` under the new-name limit; a name that was not created (taken, invalid) does not count. */
async function newName(ip: string | null | undefined, limits: RateLimits, make: () => Promise<PersonInfo>): Promise<PersonInfo> {
  const taken = await limits.newName(ip);
  try {
    return await make();
  } catch (err) {
    await taken.release();
    throw err;
  }
}

export function enterAsGuest(db: Db, raw: unknown, ip: string | null | undefined, limits: RateLimits = rateLimits()): Promise<PersonInfo> {
  return newName(ip, limits, () => createGuest(db, raw));
}

export function createAccountFrom(db: Db, raw: unknown, ip: string | null | undefined, limits: RateLimits = rateLimits()): Promise<PersonInfo> {
  return newName(ip, limits, () => createAccount(db, raw));
}

/** A person's sign-in: counted per address and per name before the password is checked; a right one is not counted. */
export async function personSignIn(db: Db, raw: unknown, ip: string | null | undefined, limits: RateLimits = rateLimits()): Promise<PersonInfo> {
  const name = String((raw as { name?: unknown } | null)?.name ?? '');
  const taken = await limits.signIn('person', ip, name);
  const p = await signIn(db, raw);
  await taken.release();
  return p;
}

/**
 * An admin's sign-in: the admin, or null for a wrong username or password (one answer for both). Counted per address
 * and per username before the password is checked, so a flood of guesses is refused without hashing any of them.
 */
export async function adminSignIn(
  db: Db, raw: { username: string; password: string }, ip: string | null | undefined, limits: RateLimits = rateLimits(),
): Promise<{ id: string; username: string } | null> {
  const username = raw.username.trim();
  const taken = await limits.signIn('admin', ip, username);
  // A malformed username or a too-short password is just as wrong: the answer never says which part was.
  const input = credentialsSchema.safeParse({ username, password: raw.password });
  const admin = input.success ? await checkCredentials(db, input.data.username, input.data.password) : null;
  if (admin) await taken.release();
  return admin;
}
