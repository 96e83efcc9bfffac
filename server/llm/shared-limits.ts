// Per-provider limits shared by every process on one Postgres: the store behind `configureSharedLimits` (server/llm/limits.ts).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { z } from 'zod';
import type { ProviderLimits, SharedGrant, SharedLimitStore } from './limits';

/**
 * Options of the Postgres store. Every process sharing limits must use the same `windowMs` in its limiters (the
 * default 60 s): the store keeps requests and tokens in buckets of a sixtieth of it.
 */
export const pgSharedLimitsOptionsSchema = z.object({
  /** A lease (one request in flight, for maxConcurrent) lapses this long after it was taken or last renewed (default 60 s). */
  leaseMs: z.number().int().min(100).default(60_000),
  /** How long a refused grant waits before asking again when every lease is taken elsewhere (default 100 ms). */
  pollMs: z.number().int().min(1).default(100),
  /** A connection or query not done by then counts as a failure (default 10 s: a loaded Postgres is slow, not gone). */
  queryTimeoutMs: z.number().int().min(10).default(10_000),
  /** Connections to Postgres (default 4). */
  poolSize: z.number().int().min(1).default(4),
  /** At most one warning per this many ms while the store fails (default 30 s). */
  warnEveryMs: z.number().int().min(0).default(30_000),
});

export type PgSharedLimitsOptions = z.input<typeof pgSharedLimitsOptionsSchema> & {
  /** Where warnings go (default console.warn). */
  log?: (message: string) => void;
};

/** Counters of one store (for tests, benches and admin pages). */
export interface SharedLimitsStats {
  /** Statements sent to Postgres. */
  queries: number;
  /** Grants given by Postgres. */
  grants: number;
  /** Grant requests Postgres refused (the limiter asks again later). */
  refusals: number;
  /** Statements that failed or timed out (grants then fall back to this process's own limits). */
  failures: number;
  /** Leases this process holds. */
  leasesHeld: number;
}

const TAKE_SQL = 'SELECT arena_provider_take($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)::text[] AS r';
const NOW_MS = 'floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint';
const TOKENS_SQL = `INSERT INTO provider_limit_buckets (provider_id, bucket, tokens) VALUES ($1, ${NOW_MS} / $3, $2)
  ON CONFLICT (provider_id, bucket) DO UPDATE SET tokens = provider_limit_buckets.tokens + EXCLUDED.tokens`;
const COOL_SQL = `INSERT INTO provider_limit_state (provider_id, cool_until_ms) VALUES ($1, ${NOW_MS} + $2)
  ON CONFLICT (provider_id) DO UPDATE SET cool_until_ms = GREATEST(provider_limit_state.cool_until_ms, EXCLUDED.cool_until_ms)`;
const RELEASE_SQL = 'DELETE FROM provider_leases WHERE provider_id = $1 AND lease_id = ANY($2::text[])';
const RENEW_SQL = `UPDATE provider_leases SET expires_at_ms = ${NOW_MS} + $1 WHERE lease_id = ANY($2::text[])`;

/** Bucket length for a window: a sixtieth of it (1 s for a minute), at least 1 ms. */
export function bucketMsFor(windowMs: number): number {
  return Math.max(1, Math.round(windowMs / 60));
}

/**
 * Shared limits in Postgres (tables and `arena_provider_take` of migration 0018_provider_limits).
 *
 * - rpm: requests counted per bucket; a grant is refused while the buckets of the last window (rounded up to whole
 *   buckets, so each request counts at least a full window) hold `rpm` requests, and the refusal says when enough drain.
 * - tpm: reported tokens added to the same buckets; refused likewise while they reach `tpm`.
 * - maxConcurrent: one lease row per request in flight, given back when its response is done; leases are renewed
 *   every `leaseMs / 3` while held, so those of a process that died lapse within `leaseMs`.
 * - 429s: a cool-down end on the provider's row, holding every process until then.
 * Each grant is one statement, atomic under the provider row's lock; the database's clock is the only clock used.
 *
 * **Failure: fail open, to this process's own limits.** When Postgres cannot be reached or does not answer within
 * `queryTimeoutMs`, `take` grants without a lease and warns (one line, then at most one per `warnEveryMs` with a
 * count). Each process's `ProviderLimiter` still enforces the limits locally, so the worst case is today's (each
 * process within the limits on its own, N× across N processes) and the provider's own 429s still cool everyone in this
 * process down. Failing closed would stall every model call until its timeout, failing the matches the outage has not
 * already stopped, for the sake of a limit the provider enforces anyway.
 */
export class PgSharedLimits implements SharedLimitStore {
  private readonly pool: pg.Pool;
  private readonly ownsPool: boolean;
  private readonly opts: z.output<typeof pgSharedLimitsOptionsSchema>;
  private readonly log: (message: string) => void;
  private readonly tag = `${process.pid}-${randomBytes(6).toString('hex')}`;
  private nextLease = 0;
  /** Leases this process holds: lease id → provider id. */
  private readonly held = new Map<string, string>();
  /**
   * Leases given back and not yet sent, per provider: the next `take` carries them (one round trip), else a
   * statement of their own goes on the next turn of the event loop.
   */
  private readonly toRelease = new Map<string, string[]>();
  private flushScheduled = false;
  /** Releases under way, per provider: a grant waits for them (else it could be refused for a lease already given back). */
  private readonly releasing = new Map<string, Set<Promise<unknown>>>();
  private renewTimer: ReturnType<typeof setInterval> | null = null;
  private counters = { queries: 0, grants: 0, refusals: 0, failures: 0 };
  private lastWarnAt = -Infinity;
  private unwarned = 0;
  private closed = false;

  /** `db`: a connection string (the store makes its own small pool) or a pool to share (not ended by `close`). */
  constructor(db: string | pg.Pool, options: PgSharedLimitsOptions = {}) {
    const { log, ...rest } = options;
    this.opts = pgSharedLimitsOptionsSchema.parse(rest);
    this.log = log ?? ((m) => console.warn(m));
    if (typeof db === 'string') {
      this.pool = new pg.Pool({
        connectionString: db,
        max: this.opts.poolSize,
        connectionTimeoutMillis: this.opts.queryTimeoutMs,
        query_timeout: this.opts.queryTimeoutMs,
        application_name: 'arena-shared-limits',
      });
      this.ownsPool = true;
    } else {
      this.pool = db;
      this.ownsPool = false;
    }
    this.pool.on('error', (err) => this.failed(err)); // an idle connection dropped: never crash the process
  }

  stats(): SharedLimitsStats {
    return { ...this.counters, leasesHeld: this.held.size };
  }

  async take(providerId: string, limits: ProviderLimits, windowMs: number, want = 1): Promise<SharedGrant> {
    want = Math.max(1, Math.floor(want));
    const open: SharedGrant = { granted: want, leases: [], retryInMs: 0, reason: null };
    if (this.closed) return open;
    const leases =
      limits.maxConcurrent !== null ? Array.from({ length: want }, () => `${this.tag}-${this.nextLease++}`) : [];
    const release = this.toRelease.get(providerId) ?? [];
    this.toRelease.delete(providerId);
    const pending = this.releasing.get(providerId);
    if (pending?.size) await Promise.allSettled([...pending]);
    let granted: number;
    let wait: number;
    try {
      const r = await this.query<{ r: string[] }>(TAKE_SQL, [
        providerId,
        limits.rpm,
        limits.tpm,
        limits.maxConcurrent,
        Math.round(windowMs),
        bucketMsFor(windowMs),
        want,
        leases,
        this.opts.leaseMs,
        this.opts.pollMs,
        release,
      ]);
      [granted, wait] = r.rows[0]!.r.map(Number) as [number, number];
    } catch (err) {
      this.failed(err); // the leases to release lapse by themselves
      return open;
    }
    this.counters.grants += granted;
    if (granted < want) this.counters.refusals++;
    const mine = leases.slice(0, granted);
    for (const l of mine) this.held.set(l, providerId);
    if (mine.length) this.renewLater();
    return {
      granted,
      leases: mine,
      retryInMs: granted < want ? Math.abs(wait) : 0,
      reason: granted === want ? null : wait < 0 ? 'slot' : 'time',
    };
  }

  release(providerId: string, lease: string): void {
    if (!this.held.delete(lease) || this.closed) return;
    const list = this.toRelease.get(providerId);
    if (list) list.push(lease);
    else this.toRelease.set(providerId, [lease]);
    if (!this.held.size) this.stopRenewing();
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      for (const [id, ls] of this.toRelease) this.sendReleases(id, ls);
      this.toRelease.clear();
    });
  }

  noteTokens(providerId: string, n: number, windowMs: number): void {
    if (!(n > 0) || this.closed) return;
    this.query(TOKENS_SQL, [providerId, Math.round(n), bucketMsFor(windowMs)]).catch((err) => this.failed(err));
  }

  coolDown(providerId: string, ms: number): void {
    if (!(ms > 0) || this.closed) return;
    this.query(COOL_SQL, [providerId, Math.ceil(ms)]).catch((err) => this.failed(err));
  }

  /** Gives back the leases still held and closes the pool it made (call at shutdown; later calls grant locally). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopRenewing();
    const leases = [...this.held.keys()];
    this.held.clear();
    for (const ls of this.toRelease.values()) leases.push(...ls);
    this.toRelease.clear();
    await Promise.allSettled([...this.releasing.values()].flatMap((s) => [...s]));
    if (leases.length)
      await this.query('DELETE FROM provider_leases WHERE lease_id = ANY($1::text[])', [leases]).catch((err) =>
        this.failed(err),
      );
    if (this.ownsPool) await this.pool.end().catch(() => {});
  }

  // ── internals ──

  private query<R extends pg.QueryResultRow>(sql: string, params: unknown[]): Promise<pg.QueryResult<R>> {
    this.counters.queries++;
    return this.pool.query<R>(sql, params);
  }

  /** Gives leases back with a statement of their own (no grant asked for them soon enough). */
  private sendReleases(providerId: string, leases: string[]): void {
    let set = this.releasing.get(providerId);
    if (!set) this.releasing.set(providerId, (set = new Set()));
    const s = set;
    const p: Promise<unknown> = this.query(RELEASE_SQL, [providerId, leases])
      .catch((err) => this.failed(err)) // they lapse by themselves
      .finally(() => {
        s.delete(p);
        if (!s.size && this.releasing.get(providerId) === s) this.releasing.delete(providerId);
      });
    s.add(p);
  }

  private renewLater(): void {
    if (this.renewTimer) return;
    this.renewTimer = setInterval(
      () => {
        if (!this.held.size) return this.stopRenewing();
        this.query(RENEW_SQL, [this.opts.leaseMs, [...this.held.keys()]]).catch((err) => this.failed(err));
      },
      Math.max(50, Math.floor(this.opts.leaseMs / 3)),
    );
    this.renewTimer.unref(); // held leases lapse by themselves if the process exits
  }

  private stopRenewing(): void {
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = null;
  }

  /** Counts a failure and warns: the first at once, then at most one line per `warnEveryMs` saying how many more. */
  private failed(err: unknown): void {
    this.counters.failures++;
    const now = Date.now();
    if (now - this.lastWarnAt < this.opts.warnEveryMs) {
      this.unwarned++;
      return;
    }
    const more = this.unwarned
      ? ` (${this.unwarned} more in the last ${Math.round((now - this.lastWarnAt) / 1000)} s)`
      : '';
    this.lastWarnAt = now;
    this.unwarned = 0;
    this.log(
      `shared provider limits: Postgres unavailable, each process keeps its own limits meanwhile: ${(err as Error)?.message ?? String(err)}${more}`,
    );
  }
}

/** The store for `configureSharedLimits` (server/llm/limits.ts), on its own small pool to `databaseUrl`. */
export function createPgSharedLimits(databaseUrl: string, options: PgSharedLimitsOptions = {}): PgSharedLimits {
  return new PgSharedLimits(databaseUrl, options);
}
