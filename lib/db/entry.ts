// The ways in, rate limited (lib/db/rate-limit.ts): a new guest or account, a person's sign-in, a guest's new password,
// an admin's sign-in and the first admin. Server actions call these with the client's address; the checks behind them
// (names, passwords) stay in lib/db/people.ts and lib/db/admins.ts. Every password hash on these paths is counted
// (RateLimits.passwordHash).
import 'server-only';
import { credentialsSchema } from '../passwords';
import { checkCredentials, createFirstAdmin } from './admins';
import type { Db } from './client';
import { createAccount, createGuest, setPassword, signIn, type HashBudget, type PersonInfo } from './people';
import { signInNameKey } from '../people-input';
import { RateLimitError } from '../rate-limit-rules';
import { rateLimits, type RateLimits, type Taken } from './rate-limit';

type Ip = string | null | undefined;

/** The hash budget of one request from `ip`. */
const budgetOf = (ip: Ip, limits: RateLimits): HashBudget => ({ beforeHash: () => limits.passwordHash(ip) });

/** Runs `make` under the new-name limit; a name that was not created (taken, invalid) does not count. */
async function newName(ip: Ip, limits: RateLimits, make: () => Promise<PersonInfo>): Promise<PersonInfo> {
  const taken = await limits.newName(ip);
  try {
    return await make();
  } catch (err) {
    await taken.release();
    throw err;
  }
}

export function enterAsGuest(db: Db, raw: unknown, ip: Ip, limits: RateLimits = rateLimits()): Promise<PersonInfo> {
  return newName(ip, limits, () => createGuest(db, raw));
}

/** A new account: a taken name is refused before its password is hashed, and the hash is counted. */
export function createAccountFrom(
  db: Db,
  raw: unknown,
  ip: Ip,
  limits: RateLimits = rateLimits(),
): Promise<PersonInfo> {
  return newName(ip, limits, () => createAccount(db, raw, budgetOf(ip, limits)));
}

/**
 * Runs a password check counted as a sign-in attempt: when the hash budget refuses it, nothing was checked, so the
 * attempt is given back; any other failure (a wrong password, an invalid name) stays counted.
 */
async function attempt<T>(taken: Taken, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    if (err instanceof RateLimitError) await taken.release();
    throw err;
  }
}

/**
 * A person's sign-in: counted per address and per name (as the name reads: lib/people-input.ts, signInNameKey) before
 * the password is checked; a right one is not counted as a failure, but its hash is counted like every other.
 */
export async function personSignIn(
  db: Db,
  raw: unknown,
  ip: Ip,
  limits: RateLimits = rateLimits(),
): Promise<PersonInfo> {
  const taken = await limits.signIn('person', ip, signInNameKey((raw as { name?: unknown } | null)?.name));
  const p = await attempt(taken, () => signIn(db, raw, budgetOf(ip, limits)));
  await taken.release();
  return p;
}

/** A guest keeps their name with a password: its hash is counted. */
export function keepNameWithPassword(
  db: Db,
  personId: string,
  rawPassword: unknown,
  ip: Ip,
  limits: RateLimits = rateLimits(),
): Promise<PersonInfo> {
  return setPassword(db, personId, rawPassword, budgetOf(ip, limits));
}

/**
 * An admin's sign-in: the admin, or null for a wrong username or password (one answer for both). Counted per address
 * and per username before the password is checked, so a flood of guesses is refused without hashing any of them.
 */
export async function adminSignIn(
  db: Db,
  raw: { username: string; password: string },
  ip: Ip,
  limits: RateLimits = rateLimits(),
): Promise<{ id: string; username: string } | null> {
  const username = raw.username.trim();
  const taken = await limits.signIn('admin', ip, username);
  // A malformed username or a too-short password is just as wrong: the answer never says which part was.
  const input = credentialsSchema.safeParse({ username, password: raw.password });
  const admin = input.success
    ? await attempt(taken, () => checkCredentials(db, input.data.username, input.data.password, budgetOf(ip, limits)))
    : null;
  if (admin) await taken.release();
  return admin;
}

/** The first admin (while none exists): its hash is counted. */
export function firstAdmin(
  db: Db,
  input: { username: string; password: string },
  ip: Ip,
  limits: RateLimits = rateLimits(),
): Promise<{ id: string } | null> {
  return createFirstAdmin(db, input.username, input.password, budgetOf(ip, limits));
}
