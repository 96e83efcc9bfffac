// People who play in the browser: guests (a name kept in a cookie) and accounts (name + password). Each person is an
// agent of kind `human`, so they are rated on the same scale as the models. Sessions are random tokens stored as
// sha256 digests (as for admins). Used by pages (through lib/person-session.ts) and by the socket server.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { digest, hashPassword, passwordSchema, verifyPassword } from './auth';
import type { Db } from './db';
import { UserError } from './errors';
import type { Prisma } from './generated/prisma/client.ts';
import { nameSkeleton } from './names';
import { parseOr } from './validation';

export const PERSON_COOKIE = 'arena_person';
/** Guests keep their seat and name for as long as the cookie lives. */
export const PERSON_SESSION_DAYS = 90;

/** Names that would read as something else on the leaderboard, compared by how they look (lib/names.ts). */
const RESERVED = new Set(['humans', 'human', 'admin', 'random', 'engine', 'spectator', 'simulated'].map(nameSkeleton));

export const personNameSchema = z
  .string()
  .transform((s) => s.normalize('NFC').replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(2, 'a name needs at least 2 characters')
      .max(32, 'a name has at most 32 characters')
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._'-]*$/u, "a name may use letters, digits, spaces and . _ ' - (starting with a letter or digit)")
      .refine((s) => !RESERVED.has(nameSkeleton(s)), 'that name is reserved: pick another'),
  );

export const guestInputSchema = z.object({ name: personNameSchema });
export const accountInputSchema = z.object({ name: personNameSchema, password: passwordSchema });

export interface PersonInfo {
  id: string;
  name: string;
  agentId: string;
  /** A guest has no password: the name lives only in this browser's cookie. */
  guest: boolean;
}

/** A request a person can correct (a taken name, a wrong password). */
export class PeopleError extends UserError {
  override name = 'PeopleError';
}

const toInfo = (p: { id: string; name: string; agentId: string; passwordHash: string | null }): PersonInfo => ({
  id: p.id, name: p.name, agentId: p.agentId, guest: p.passwordHash === null,
});

const taken = (name: string) => new PeopleError(`the name "${name}" is taken: pick another, or sign in if it is yours`);
const lookAlike = (name: string, other: string) => new PeopleError(`the name "${name}" looks like "${other}", which is taken: pick another`);

type Tx = Prisma.TransactionClient;

/** People made before migration 0007 have no skeleton yet: computed once, on the next new name. */
async function fillSkeletons(db: Db): Promise<void> {
  const legacy = await db.person.findMany({ where: { nameSkeleton: null }, select: { id: true, name: true } });
  for (const p of legacy) await db.person.updateMany({ where: { id: p.id, nameSkeleton: null }, data: { nameSkeleton: nameSkeleton(p.name) } });
}

/** The name that looks like `skeleton` among people and agents, if any. */
async function lookAlikeOf(tx: Tx, skeleton: string): Promise<string | null> {
  const person = await tx.person.findFirst({ where: { nameSkeleton: skeleton }, select: { name: true } });
  if (person) return person.name;
  // Agents other than people are few (an admin makes them): compared one by one.
  const agents = await tx.agent.findMany({ where: { kind: { not: 'human' } }, select: { name: true } });
  return agents.find((a) => nameSkeleton(a.name) === skeleton)?.name ?? null;
}

/**
 * Creates a person and their agent (kind human) in one transaction. The name must be free among people and agents,
 * in any case and in any look-alike spelling ("Rаndom" with a Cyrillic а is "Random").
 */
async function createPerson(db: Db, name: string, passwordHash: string | null): Promise<PersonInfo> {
  const nameKey = name.toLowerCase();
  const skeleton = nameSkeleton(name);
  await fillSkeletons(db);
  try {
    return await db.$transaction(async (tx) => {
      // Two browsers racing for look-alike names wait on one lock; exact names also meet the unique index.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`person-name:${skeleton}`}))`;
      const clash = await tx.$queryRaw<{ n: number }[]>`
        SELECT 1 AS n FROM agents WHERE lower(name) = ${nameKey} UNION ALL SELECT 1 FROM people WHERE name_key = ${nameKey} LIMIT 1`;
      if (clash.length) throw taken(name);
      const similar = await lookAlikeOf(tx, skeleton);
      if (similar !== null) throw lookAlike(name, similar);
      const agent = await tx.agent.create({ data: { name, kind: 'human', settings: {} } });
      const p = await tx.person.create({ data: { name, nameKey, nameSkeleton: skeleton, passwordHash, agentId: agent.id } });
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

export async function createAccount(db: Db, raw: unknown): Promise<PersonInfo> {
  const { name, password } = parseOrThrow(accountInputSchema, raw);
  return createPerson(db, name, await hashPassword(password));
}

/** Checks a name and password; one answer for an unknown name, a guest name and a wrong password. */
export async function signIn(db: Db, raw: unknown): Promise<PersonInfo> {
  const { name, password } = parseOrThrow(accountInputSchema, raw);
  const p = await db.person.findUnique({ where: { nameKey: name.toLowerCase() } });
  // Hash even when there is nothing to compare, so timing does not reveal which names exist.
  const ok = await verifyPassword(password, p?.passwordHash ?? 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=');
  if (!p || !p.passwordHash || !ok) throw new PeopleError('that name and password do not match');
  return toInfo(p);
}

/** A guest keeps their name (and ratings) by setting a password; then they can sign in from any browser. */
export async function setPassword(db: Db, personId: string, rawPassword: unknown): Promise<PersonInfo> {
  const password = parseOrThrow(passwordSchema, rawPassword);
  const p = await db.person.update({ where: { id: personId }, data: { passwordHash: await hashPassword(password) } });
  return toInfo(p);
}

export async function createPersonSession(db: Db, personId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + PERSON_SESSION_DAYS * 86_400_000);
  await db.personSession.create({ data: { tokenHash: digest(token), personId, expiresAt } });
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

/** The person token in a raw Cookie header (the socket handshake), or null. */
export function personTokenFromCookieHeader(header: string | undefined | null): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== PERSON_COOKIE) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

const parseOrThrow = <S extends z.ZodType>(schema: S, raw: unknown): z.output<S> => parseOr(schema, raw, (m) => new PeopleError(m));
