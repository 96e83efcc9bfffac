// Passwords and tokens, for admins and people alike: what a username and a password must be, scrypt password hashes,
// and the sha256 digest a session token is stored as (never the token itself).
import { createHash, scrypt, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { z } from 'zod';

const scryptAsync = promisify(scrypt) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

export const usernameSchema = z
  .string()
  .trim()
  .min(1, 'enter a username')
  .max(64)
  .regex(/^[A-Za-z0-9_.@-]+$/, 'a username may use letters, digits and _ . @ -');
export const passwordSchema = z.string().min(8, 'a password needs at least 8 characters').max(200);
export const credentialsSchema = z.object({ username: usernameSchema, password: passwordSchema });

const N = 16384;
const R = 8;
const P = 1;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const got = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return got.length === expected.length && timingSafeEqual(got, expected);
}

export const digest = (token: string): string => createHash('sha256').update(token).digest('hex');
