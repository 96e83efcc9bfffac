// People who play in the browser: guests (a name kept in a cookie) and accounts (name + password), in Postgres. Each
// person is an agent of kind `human`, so they are rated on the same scale as the models. Sessions are random tokens
// stored as sha256 digests (as for admins). What a name may be is lib/people-input.ts's. Used by pages (through
// lib/db/person-session.ts) and by the socket server.
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { digest, hashPassword, passwordSchema, verifyPassword } from '../passwords';
import type { Prisma } from '../generated/prisma/client.ts';
import { nameSkeleton } from '../names';
import { accountInputSchema, guestInputSchema, PeopleError, personNameKey } from '../people-input';
import { parseOr } from '../validation';
import type { Db } from './client';

/** Guests keep their seat and name for as long as the cookie lives. */
export const PERSON_SESSION_DAYS = 90;
/** Live sessions one person may have (browsers signed in at once): a new sign-in past it ends the oldest. */
export const MAX_PERSON_SESSIONS = 10;

export interface PersonInfo {
  id: string;
  name: string;
  agentId: string;
  /** A guest has no password: the name lives only in this browser's cookie. */
  guest: boolean;
}

/** Called right before a password is hashed (lib/db/entry.ts counts it: lib/db/rate-limit.ts, passwordHash). */
export interface HashBudget {
  beforeHash?: () => Promise<void>;
}

const toInfo = (p: { id: string; name: string; agentId: string; passwordHash: string | null }): PersonInfo => ({
  id: p.id,
  name: p.name,
  agentId: p.agentId,
  guest: p.passwordHash === null,
});

const taken = (name: string) => new PeopleError(`the name "${name}" is taken: pick another, or sign in if it is yours`);
const lookAlike = (name: string, other: string) =>
  new PeopleError(`the name "${name}" looks like "${other}", which is taken: pick another`);

type Tx = Prisma.TransactionClient;

/** People made before migration 0007 have no skeleton yet: computed once, on the next new name. */
async function fillSkeletons(db: Db): Promise<void> {
  const legacy = await db.person.findMany({ where: { nameSkeleton: null }, select: { id: true, name: true } });
  for (const p of legacy)
    await db.person.updateMany({
      where: { id: p.id, nameSkeleton: null },
      data: { nameSkeleton: nameSkeleton(p.name) },
    });
}

/** The name that looks like `skeleton` among people and agents, if any. */
async function lookAlikeOf(tx: Tx, skeleton: string): Promise<string | null> {
  const person = await tx.person.findFirst({ where: { nameSkeleton: skeleton }, select: { name: true } });
  if (person) return person.name;
  // Agents other than people are few (an admin makes them): compared one by one.
  const agents = await tx.agent.findMany({ where: { kind: { not: 'human' } }, select: { name: true } });
  return agents.find((a) => nameSkeleton(a.name) === skeleton)?.name ?? null;
}

/** Refuses a name that is taken, exactly or by a look-alike, among people and agents. */
async function checkFree(tx: Tx, name: string): Promise<void> {
  const nameKey = personNameKey(name);
  const clash = await tx.$queryRaw<{ n: number }[]>`
    SELECT 1 AS n FROM agents WHERE lower(name) = ${nameKey} UNION ALL SELECT 1 FROM people WHERE name_key = ${nameKey} LIMIT 1`;
  if (clash.length) throw taken(name);
  const similar = await lookAlikeOf(tx, nameSkeleton(name));
  if (similar !== null) throw lookAlike(name, similar);
}

/**
 * Creates a person and their agent (kind human) in one transaction. The name must be free among people and agents,
 * in any case and in any look-alike spelling ("Rаndom" with a Cyrillic а is "Random").
 */
async function createPerson(db: Db, name: string, passwordHash: string | null): Promise<PersonInfo> {
  const nameKey = personNameKey(name);
  const skeleton = nameSkeleton(name);
  await fillSkeletons(db);
  try {
    return await db.$transaction(async (tx) => {
      // Two browsers racing for look-alike names wait on one lock; exact names also meet the unique index.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`person-name:${skeleton}`}))`;
      await checkFree(tx, name);
      const agent = await tx.agent.create({ data: { name, kind: 'human', settings: {} } });
      const p = await tx.person.create({
        data: { name, nameKey, nameSkeleton: skeleton, passwordHash, agentId: agent.id },
      });
      return toInfo(p);
    });
  } catch (err) {
    // Two browsers racing for one name: the unique indexes decide, and the loser hears the same answer.
    if ((err as { code?: string }).code === 'P2002') throw taken(name);
    throw err;
  }
}

export async function createGuest(db: Db, raw: unknown): Promise<PersonInfo> {
  const { name } = parseOrThrow(guestInputSchema, raw);
  return createPerson(db, name, null);
}

export async function createAccount(db: Db, raw: unknown, budget: HashBudget = {}): Promise<PersonInfo> {
  const { name, password } = parseOrThrow(accountInputSchema, raw);
  // A taken name is refused before the password is hashed (createPerson checks again, under its lock).
  await fillSkeletons(db);
  await checkFree(db, name);
  await budget.beforeHash?.();
  return createPerson(db, name, await hashPassword(password));
}

/**
 * Checks a name and password; one answer for an unknown name, a guest name and a wrong password. The name is found in
 * any spelling that reads as it (canonicalName); a person named before names were stored in NFKC is found by the name
 * as they wrote it.
 */
export async function signIn(db: Db, raw: unknown, budget: HashBudget = {}): Promise<PersonInfo> {
  const { name, password } = parseOrThrow(accountInputSchema, raw);
  const typed = String((raw as { name?: unknown }).name)
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  const keys = [...new Set([personNameKey(name), typed])];
  const found = await db.person.findMany({ where: { nameKey: { in: keys } } });
  const p = found.find((x) => x.nameKey === keys[0]) ?? found[0] ?? null;
  // Hash even when there is nothing to compare, so timing does not reveal which names exist.
  await budget.beforeHash?.();
  const ok = await verifyPassword(
    password,
    p?.passwordHash ?? 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
  );
  if (!p || !p.passwordHash || !ok) throw new PeopleError('that name and password do not match');
  return toInfo(p);
}

/** A guest keeps their name (and ratings) by setting a password; then they can sign in from any browser. */
export async function setPassword(
  db: Db,
  personId: string,
  rawPassword: unknown,
  budget: HashBudget = {},
): Promise<PersonInfo> {
  const password = parseOrThrow(passwordSchema, rawPassword);
  await budget.beforeHash?.();
  const p = await db.person.update({ where: { id: personId }, data: { passwordHash: await hashPassword(password) } });
  return toInfo(p);
}

/**
 * A new session (a browser signed in). Security decision: a person has at most MAX_PERSON_SESSIONS live sessions; the
 * oldest (and any expired one) are removed here, so signing in again and again cannot pile up rows that live 90 days.
 */
export async function createPersonSession(db: Db, personId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + PERSON_SESSION_DAYS * 86_400_000);
  await db.personSession.create({ data: { tokenHash: digest(token), personId, expiresAt } });
  await db.$executeRaw`
    DELETE FROM person_sessions WHERE person_id = ${personId} AND (expires_at < now() OR token_hash NOT IN (
      SELECT token_hash FROM person_sessions WHERE person_id = ${personId} AND expires_at >= now()
      ORDER BY created_at DESC, token_hash LIMIT ${MAX_PERSON_SESSIONS}))`;
  return { token, expiresAt };
}

export async function personForToken(db: Db, token: string | undefined | null): Promise<PersonInfo | null> {
  if (!token || token.length > 200) return null;
  const s = await db.personSession.findUnique({ where: { tokenHash: digest(token) }, include: { person: true } });
  if (!s || s.expiresAt.getTime() < Date.now()) return null;
  return toInfo(s.person);
}

export async function deletePersonSession(db: Db, token: string | undefined | null): Promise<void> {
  if (!token) return;
  await db.personSession.deleteMany({ where: { tokenHash: digest(token) } });
}

const parseOrThrow = <S extends z.ZodType>(schema: S, raw: unknown): z.output<S> =>
  parseOr(schema, raw, (m) => new PeopleError(m));
