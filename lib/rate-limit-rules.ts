// The rate limits' numbers, in one place, and the pure rules of counting: the key an address and a name are counted
// under, how long to wait in words, and the refusal a person is shown (RateLimitError). The counters themselves live in
// Postgres (lib/db/rate-limit.ts).
import { isIP } from 'node:net';
import { UserError } from './errors';

/**
 * Every limit, per window. Counters are kept in Postgres rather than in memory because a web process alone would
 * let an attacker multiply the limit by the number of processes (and a restart would forget it).
 * `ARENA_RATE_LIMIT_FACTOR` multiplies every number (the end-to-end tests sign in and create guests from one address).
 */
export const RATE_LIMITS = {
  /** New names (guests and accounts) from one address: a family or a classroom behind one router still gets several. */
  newNamePerAddress: { points: 10, seconds: 60 * 60 },
  /** Failed sign-ins from one address, whatever the name: one machine cannot guess passwords. */
  signInPerAddress: { points: 20, seconds: 15 * 60 },
  /**
   * Failed sign-ins for one name, from anywhere: many machines cannot guess one account's password together. The name
   * is counted as it reads (lib/people-input.ts, signInNameKey): other spaces, case or look-alike letters are the same
   * name.
   */
  signInPerName: { points: 10, seconds: 15 * 60 },
  /**
   * scrypt hashes (16 MB of memory and about 60 ms of CPU each) asked for by one address: every sign-in, right or
   * wrong, every new account and every new password. Above the failed sign-ins an address may make, so a classroom
   * behind one router still signs in.
   */
  passwordHashPerAddress: { points: 60, seconds: 15 * 60 },
  /** scrypt hashes for the whole site, from every address together: about 5 a second, a third of one core. */
  passwordHashAll: { points: 300, seconds: 60 },
} as const;

export type RateLimitNumbers = { [K in keyof typeof RATE_LIMITS]: { points: number; seconds: number } };

/** A request refused for now; the message says when to try again. */
export class RateLimitError extends UserError {
  override name = 'RateLimitError';
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/** "12 minutes", "1 minute", "40 seconds": how long until the next try is accepted. */
export function waitWords(ms: number): string {
  if (ms < 60_000) {
    const s = Math.max(1, Math.ceil(ms / 1000));
    return `${s} ${s === 1 ? 'second' : 'seconds'}`;
  }
  const m = Math.ceil(ms / 60_000);
  return `${m} ${m === 1 ? 'minute' : 'minutes'}`;
}

/**
 * The key an address is counted under. An IPv6 host usually owns a whole /64 (it can pick any address in it), so
 * IPv6 addresses count per /64; IPv4 addresses count one by one.
 */
export function addressKey(ip: string | null | undefined): string {
  const a = (ip ?? '').trim();
  if (isIP(a) !== 6) return a && isIP(a) === 4 ? a : 'unknown';
  const [head = '', tail = ''] = a.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail ("::ffff:1.2.3.4") takes two groups; only the first four groups matter here.
  const groups = a.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * A name as counted. Callers pass the name as it reads (a person's: lib/people-input.ts, signInNameKey, which folds
 * spaces, case and look-alikes; an admin's username trimmed); here it is lower-cased and cut, so no key is huge.
 */
export const nameKey = (name: string) => name.normalize('NFKC').trim().toLowerCase().slice(0, 100);
