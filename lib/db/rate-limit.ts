// Rate limits on what a stranger can repeat: new names (guests and accounts), sign-ins (admins and people) and password
// hashes. The numbers are lib/rate-limit-rules.ts's; the counters live in Postgres (table rate_limits), so every web
// process shares them.
import 'server-only';
import pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import {
  addressKey,
  nameKey,
  RATE_LIMITS,
  RateLimitError,
  waitWords,
  type RateLimitNumbers,
} from '../rate-limit-rules';

/** A limit taken before the work: `release()` gives the point back when the attempt should not count. */
export interface Taken {
  release(): Promise<void>;
}

export interface RateLimits {
  /** Before creating a guest or an account; release when nothing was created (a taken name, an invalid one). */
  newName(ip: string | null | undefined): Promise<Taken>;
  /**
   * Before checking a password: counts the attempt for the address and for the name (admins and people are
   * counted apart); release when the password was right, so only failures count.
   */
  signIn(scope: 'admin' | 'person', ip: string | null | undefined, name: string): Promise<Taken>;
  /**
   * Right before a password is hashed (checked or stored): counts one hash for the address and one for the whole site,
   * never given back, so no way in (a right password, a taken name, a new password) hashes without being counted.
   */
  passwordHash(ip: string | null | undefined): Promise<void>;
}

/** Limits multiplied by ARENA_RATE_LIMIT_FACTOR (default 1). */
function factor(): number {
  const f = Number(process.env.ARENA_RATE_LIMIT_FACTOR ?? 1);
  return Number.isFinite(f) && f > 0 ? f : 1;
}

function limiter(pool: pg.Pool, keyPrefix: string, limit: { points: number; seconds: number }): RateLimiterAbstract {
  const points = Math.max(1, Math.round(limit.points * factor()));
  return new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true, // migration 0007 creates it
    keyPrefix,
    points,
    duration: limit.seconds,
    // If Postgres does not answer, each process keeps counting in memory rather than letting everyone through.
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration: limit.seconds }),
  });
}

/** Takes one point; a refusal becomes a RateLimitError with `message(wait)`. */
async function take(l: RateLimiterAbstract, key: string, message: (wait: string) => string): Promise<Taken> {
  try {
    await l.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw new RateLimitError(message(waitWords(err.msBeforeNext)), err.msBeforeNext);
    throw err;
  }
  return { release: async () => void (await l.reward(key, 1).catch(() => {})) };
}

/**
 * A set of limits on its own connection pool. `numbers` and `prefix` (prepended to every counter's key) are for tests
 * that need other numbers without touching the real counters; the server uses `rateLimits()`.
 */
export function createRateLimits(
  url: string,
  numbers: RateLimitNumbers = RATE_LIMITS,
  prefix = '',
): RateLimits & { pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: 3, idleTimeoutMillis: 10_000 });
  pool.on('error', () => {}); // an idle connection dropped by the server: the next query opens another
  const make = (key: string, limit: { points: number; seconds: number }) => limiter(pool, `${prefix}${key}`, limit);
  const newName = make('new-name', numbers.newNamePerAddress);
  const byAddress = {
    admin: make('sign-in-address:admin', numbers.signInPerAddress),
    person: make('sign-in-address:person', numbers.signInPerAddress),
  };
  const byName = {
    admin: make('sign-in-name:admin', numbers.signInPerName),
    person: make('sign-in-name:person', numbers.signInPerName),
  };
  const hashByAddress = make('password-hash-address', numbers.passwordHashPerAddress);
  const hashAll = make('password-hash-all', numbers.passwordHashAll);
  return {
    pool,
    newName: (ip) =>
      take(newName, addressKey(ip), (wait) => `too many new names from your address: try again in ${wait}`),
    async signIn(scope, ip, name) {
      const address = await take(
        byAddress[scope],
        addressKey(ip),
        (wait) => `too many sign-in attempts from your address: try again in ${wait}`,
      );
      let named: Taken;
      try {
        named = await take(
          byName[scope],
          nameKey(name),
          (wait) => `too many sign-in attempts for this name: try again in ${wait}`,
        );
      } catch (err) {
        await address.release(); // refused before any password was checked: the address did not try
        throw err;
      }
      return { release: async () => void (await Promise.all([address.release(), named.release()])) };
    },
    async passwordHash(ip) {
      const address = await take(
        hashByAddress,
        addressKey(ip),
        (wait) => `too many password checks from your address: try again in ${wait}`,
      );
      try {
        await take(
          hashAll,
          'all',
          (wait) => `the server is checking too many passwords right now: try again in ${wait}`,
        );
      } catch (err) {
        await address.release(); // nothing was hashed for this address
        throw err;
      }
    },
  };
}

const g = globalThis as unknown as { __arenaRateLimits?: Map<string, RateLimits & { pool: pg.Pool }> };

/** The limits for DATABASE_URL (or `url`), one set per process and database. */
export function rateLimits(url = process.env.DATABASE_URL): RateLimits {
  if (!url) throw new Error('DATABASE_URL is not set (the arena server sets it when it starts its embedded Postgres)');
  g.__arenaRateLimits ??= new Map();
  let r = g.__arenaRateLimits.get(url);
  if (!r) g.__arenaRateLimits.set(url, (r = createRateLimits(url)));
  return r;
}

/** Closes the limits' connections for `url` (tests, before dropping their database). */
export async function closeRateLimits(url: string): Promise<void> {
  const r = g.__arenaRateLimits?.get(url);
  g.__arenaRateLimits?.delete(url);
  await r?.pool.end();
}
