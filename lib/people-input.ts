// What people send, checked before anything is stored: a name (the rules it must follow, and the keys it is found and
// counted by: names that read the same are one name), a password, and the person cookie in a socket handshake's
// header. Refusals are PeopleError, in words a person can act on. The people themselves are in lib/db/people.ts.
import { z } from 'zod';
import { passwordSchema } from './passwords';
import { UserError } from './errors';
import { canonicalName, nameSkeleton } from './names';

/** The cookie that holds a person's session token (lib/db/person-session.ts sets it). */
export const PERSON_COOKIE = 'arena_person';

/** Names that would read as something else on the leaderboard, compared by how they look (lib/names.ts). */
const RESERVED = new Set(['humans', 'human', 'admin', 'random', 'engine', 'spectator', 'simulated'].map(nameSkeleton));

// A name is stored and compared as written by canonicalName (NFKC, white space folded, trimmed): names that read the
// same are one name, for creating it, signing in and the sign-in limits.
export const personNameSchema = z
  .string()
  .transform(canonicalName)
  .pipe(
    z
      .string()
      .min(2, 'a name needs at least 2 characters')
      .max(32, 'a name has at most 32 characters')
      .regex(
        /^[\p{L}\p{N}][\p{L}\p{N} ._'-]*$/u,
        "a name may use letters, digits, spaces and . _ ' - (starting with a letter or digit)",
      )
      .refine((s) => !RESERVED.has(nameSkeleton(s)), 'that name is reserved: pick another'),
  );

export const guestInputSchema = z.object({ name: personNameSchema });
export const accountInputSchema = z.object({ name: personNameSchema, password: passwordSchema });

/** A request a person can correct (a taken name, a wrong password). */
export class PeopleError extends UserError {
  override name = 'PeopleError';
}

/** The key a person is found by: the canonical name in lower case ("victim person" for "Victim  Person"). */
export const personNameKey = (name: string): string => canonicalName(name).toLowerCase();

/**
 * The name as the per-name sign-in limit counts it (lib/rate-limit.ts): its skeleton (lib/names.ts), so every spelling
 * that reads as one name (other spaces, case, look-alike letters) counts towards that name. Cut after folding, so that
 * leading spaces cannot push the name out of the key.
 */
export const signInNameKey = (raw: unknown): string =>
  nameSkeleton(canonicalName(typeof raw === 'string' ? raw : '').slice(0, 64));

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
