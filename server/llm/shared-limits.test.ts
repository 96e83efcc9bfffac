// Tests of limits shared across processes: two ProviderLimiters (two "processes") with their own stores on one real Postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDb, type TestDb } from '../db/test-db';
import {
  ProviderLimiter,
  configureSharedLimits,
  limitedFetch,
  limiterFor,
  type LimiterSlot,
  type ProviderLimits,
} from './limits';
import { PgSharedLimits, bucketMsFor } from './shared-limits';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls until `cond` holds; `ms` is a safety net far above the time it takes. */
async function until(cond: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not reached');
    await sleep(5);
  }
}

let t: TestDb;
let admin: pg.Pool;
const stores: PgSharedLimits[] = [];
function store(opts: ConstructorParameters<typeof PgSharedLimits>[1] = {}): PgSharedLimits {
  const s = new PgSharedLimits(t.url, { poolSize: 2, ...opts });
  stores.push(s);
  return s;
}
/** Two limiters as two processes: each with its own store (own pool) on the same database. */
function pair(
  provider: string,
  l: Partial<ProviderLimits>,
  opts: ConstructorParameters<typeof PgSharedLimits>[1] = {},
) {
  const sa = store(opts);
  const sb = store(opts);
  const a = new ProviderLimiter(l, { shared: { store: sa, providerId: provider } });
  const b = new ProviderLimiter(l, { shared: { store: sb, providerId: provider } });
  return { a, b, sa, sb };
}

beforeAll(async () => {
  t = await createTestDb();
  admin = new pg.Pool({ connectionString: t.url, max: 2 });
});

afterAll(async () => {
  configureSharedLimits(null);
  await Promise.all(stores.map((s) => s.close()));
  await admin.end();
  await t.drop();
});

describe('shared limits across processes (real Postgres)', () => {
  it('rpm = 5: two limiters together get exactly 5 grants in the window; the rest wait, told when to ask again', async () => {
    const { a, b, sa, sb } = pair('p-rpm', { rpm: 5 });
    const ac = new AbortController();
    const granted: LimiterSlot[] = [];
    const all = [a, b].flatMap((l) =>
      Array.from({ length: 6 }, () =>
        l.acquire(ac.signal).then(
          (s) => granted.push(s),
          () => {},
        ),
      ),
    );
    await until(() => sa.stats().refusals + sb.stats().refusals >= 1 && granted.length >= 5);
    await sleep(150); // a few more chances to over-grant, had the store a bug
    expect(sa.stats().failures + sb.stats().failures).toBe(0);
    expect(granted).toHaveLength(5);
    expect(sa.stats().grants + sb.stats().grants).toBe(5);
    expect(a.stats().waiting + b.stats().waiting).toBe(7);
    // Both limiters asked (neither took all five alone from its local view: each has rpm 5 locally).
    expect(a.stats().shared && b.stats().shared).toBe(true);
    const { rows } = await admin.query<{ n: string }>(
      "SELECT sum(requests)::text AS n FROM provider_limit_buckets WHERE provider_id = 'p-rpm'",
    );
    expect(rows[0]!.n).toBe('5');
    ac.abort();
    await Promise.all(all);
    for (const s of granted) s.release();
    expect(a.stats().waiting + b.stats().waiting).toBe(0);
  });

  it('rpm over a short window: the grants resume once the window has drained, never more than rpm per window', async () => {
    const windowMs = 600; // buckets of 10 ms
    const sa = store();
    const sb = store();
    const a = new ProviderLimiter({ rpm: 3 }, { windowMs, shared: { store: sa, providerId: 'p-short' } });
    const b = new ProviderLimiter({ rpm: 3 }, { windowMs, shared: { store: sb, providerId: 'p-short' } });
    const starts: number[] = [];
    const go = (l: ProviderLimiter) =>
      l.acquire().then((s) => {
        starts.push(Date.now());
        s.release();
      });
    const t0 = Date.now();
    await Promise.all([a, b].flatMap((l) => [go(l), go(l), go(l)]));
    expect(starts).toHaveLength(6);
    starts.sort((x, y) => x - y);
    // The 4th grant comes a full window (plus at most one bucket's rounding) after the 1st: by the database's clock,
    // observed here a little later, hence the small slack below the window.
    expect(starts[3]! - starts[0]!).toBeGreaterThanOrEqual(windowMs - 30);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(windowMs - 30);
  });

  it('maxConcurrent = 2 across two limiters: never more than 2 in flight, and a release lets a waiter of the other one in', async () => {
    const { a, b, sa, sb } = pair('p-conc', { maxConcurrent: 2 });
    let inFlight = 0;
    let maxSeen = 0;
    const gates: (() => void)[] = [];
    const base = (async () => {
      inFlight++;
      maxSeen = Math.max(maxSeen, inFlight);
      await new Promise<void>((r) => gates.push(r));
      inFlight--;
      return new Response('{"choices":[]}', { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const fa = limitedFetch(a, base);
    const fb = limitedFetch(b, base);
    const calls = [fa, fb, fa, fb, fa, fb].map((f) => f('http://p/v1/chat', { method: 'POST', body: '{}' }));
    await until(() => inFlight === 2);
    await sleep(300); // three poll rounds of the waiting limiters
    expect(inFlight).toBe(2);
    const { rows } = await admin.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM provider_leases WHERE provider_id = 'p-conc'",
    );
    expect(rows[0]!.n).toBe(2);
    // Let them through one by one.
    let done = 0;
    while (done < 6) {
      await until(() => gates.length > 0);
      gates.shift()!();
      done++;
    }
    await Promise.all(calls);
    expect(maxSeen).toBe(2);
    await until(() => a.stats().inFlight + b.stats().inFlight === 0);
    await until(
      async () => (await admin.query("SELECT 1 FROM provider_leases WHERE provider_id = 'p-conc'")).rowCount === 0,
    );
    expect(sa.stats().leasesHeld + sb.stats().leasesHeld).toBe(0);
    expect(sa.stats().refusals + sb.stats().refusals).toBeGreaterThan(0);
  });

  it("a dead process's lease lapses: the waiter gets in once it expires, not before", async () => {
    // A process that died holding the provider's only slot: its lease row stays until it expires.
    await admin.query(
      "INSERT INTO provider_leases (provider_id, lease_id, expires_at_ms) VALUES ('p-dead', 'dead-1', floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint + 600000)",
    );
    const s = store({ pollMs: 20 });
    const l = new ProviderLimiter({ maxConcurrent: 1 }, { shared: { store: s, providerId: 'p-dead' } });
    let slot: LimiterSlot | null = null;
    const p = l.acquire().then((x) => (slot = x));
    await until(() => s.stats().refusals >= 3);
    expect(slot).toBeNull();
    expect(l.stats().waiting).toBe(1);
    // Ten minutes pass for that lease.
    await admin.query("UPDATE provider_leases SET expires_at_ms = 0 WHERE lease_id = 'dead-1'");
    await p;
    expect(slot).not.toBeNull();
    const { rows } = await admin.query<{ lease_id: string }>(
      "SELECT lease_id FROM provider_leases WHERE provider_id = 'p-dead'",
    );
    expect(rows.map((r) => r.lease_id)).not.toContain('dead-1');
    expect(rows).toHaveLength(1);
    slot!.release();
  });

  it('a live process renews its leases, so they outlast leaseMs while the request runs', async () => {
    // Renewed every 333 ms: only a stall of a whole second would let the lease lapse, so a busy machine cannot.
    const s = store({ leaseMs: 1000 });
    const other = store({ leaseMs: 1000, pollMs: 20 });
    const l = new ProviderLimiter({ maxConcurrent: 1 }, { shared: { store: s, providerId: 'p-renew' } });
    const m = new ProviderLimiter({ maxConcurrent: 1 }, { shared: { store: other, providerId: 'p-renew' } });
    const held = await l.acquire();
    let got = false;
    const p = m.acquire().then((x) => {
      got = true;
      return x;
    });
    await sleep(2500); // more than two lease lengths: held only by renewal
    expect(got).toBe(false);
    held.release();
    (await p).release();
    expect(got).toBe(true);
  });

  it('a 429 seen by one process holds the other until the shared cool-down ends', async () => {
    const { a, b } = pair('p-429', { rpm: 1000 });
    (await a.acquire()).release();
    // A cool-down far longer than any stall of a busy machine; the test ends it itself below.
    const cool = a.noteRateLimited(new Headers({ 'retry-after-ms': '30000' }));
    expect(cool).toBe(30_000);
    await until(
      async () =>
        (await admin.query("SELECT 1 FROM provider_limit_state WHERE provider_id = 'p-429' AND cool_until_ms > 0"))
          .rowCount === 1,
    );
    let slot: { release(): void } | null = null;
    const p = b.acquire().then((x) => (slot = x));
    // b's own limiter never saw the 429: the shared cool-down refuses it, and it waits.
    await until(() => b.stats().sharedRefusals >= 1);
    expect(slot).toBeNull();
    expect(b.stats().coolingDownUntil).toBeNull();
    // The cool-down ends (as if its 30 s had passed): b is granted.
    await admin.query("UPDATE provider_limit_state SET cool_until_ms = 0 WHERE provider_id = 'p-429'");
    await p;
    expect(slot).not.toBeNull();
    slot!.release();
  });

  it('tpm: tokens reported by one process count against the other', async () => {
    const { a, b, sb } = pair('p-tpm', { tpm: 100 });
    (await a.acquire()).release();
    a.noteTokens(150);
    await until(
      async () =>
        (await admin.query("SELECT 1 FROM provider_limit_buckets WHERE provider_id = 'p-tpm' AND tokens = 150"))
          .rowCount === 1,
    );
    const ac = new AbortController();
    const p = b.acquire(ac.signal).catch((e: unknown) => e);
    await until(() => sb.stats().refusals >= 1);
    expect(b.stats().waiting).toBe(1);
    ac.abort();
    expect(await p).toBeInstanceOf(DOMException);
  });

  it('one round trip grants several queued requests, and a release rides on the next grant', async () => {
    const s = store();
    const l = new ProviderLimiter({ maxConcurrent: 4 }, { shared: { store: s, providerId: 'p-batch' } });
    const first = await Promise.all([l.acquire(), l.acquire(), l.acquire(), l.acquire()]);
    // The first asks alone at once; the three queued meanwhile are granted together by the next round trip.
    expect(s.stats()).toMatchObject({ queries: 2, grants: 4, leasesHeld: 4 });
    const fifth = l.acquire(); // waits locally: no query
    await sleep(20);
    expect(s.stats().queries).toBe(2);
    first[0]!.release(); // gives the lease back inside the fifth's grant
    const slot = await fifth;
    await sleep(20);
    expect(s.stats()).toMatchObject({ queries: 3, grants: 5, leasesHeld: 4 });
    const { rows } = await admin.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM provider_leases WHERE provider_id = 'p-batch'",
    );
    expect(rows[0]!.n).toBe(4);
    for (const x of [...first.slice(1), slot]) x.release();
    await until(
      async () => (await admin.query("SELECT 1 FROM provider_leases WHERE provider_id = 'p-batch'")).rowCount === 0,
    );
    expect(s.stats().queries).toBe(4); // the last four in one statement of their own
  });

  it('providers without any limit make no query at all', async () => {
    const s = store();
    const l = new ProviderLimiter(null, { shared: { store: s, providerId: 'p-free' } });
    const f = limitedFetch(
      l,
      (async () =>
        new Response('{"choices":[],"usage":{"total_tokens":7}}', {
          headers: { 'content-type': 'application/json' },
        })) as typeof fetch,
    );
    for (let i = 0; i < 10; i++) await (await f('http://p', { method: 'POST', body: '{}' })).json();
    l.noteRateLimited(new Headers({ 'retry-after-ms': '1' }));
    expect(l.stats().shared).toBe(false);
    expect(l.stats().requests).toBe(10);
    expect(s.stats().queries).toBe(0);
    // …and one that gets a limit later starts asking.
    l.update({ rpm: 50 });
    await sleep(5);
    (await l.acquire()).release();
    expect(s.stats().queries).toBe(1);
  });

  it('configureSharedLimits shares existing and new limiters of limiterFor', async () => {
    const s = store();
    const before = limiterFor('p-cfg-old', { rpm: 10 });
    configureSharedLimits(s);
    const after = limiterFor('p-cfg-new', { maxConcurrent: 3 });
    expect(before.stats().shared).toBe(true);
    expect(after.stats().shared).toBe(true);
    (await after.acquire()).release();
    expect(s.stats().grants).toBe(1);
    configureSharedLimits(null);
    expect(before.stats().shared).toBe(false);
  });

  it('fails open to local limits, with one warning, when Postgres cannot be reached', async () => {
    const warnings: string[] = [];
    const dead = new PgSharedLimits('postgres://nobody:x@127.0.0.1:1/none', {
      queryTimeoutMs: 500,
      log: (m) => warnings.push(m),
    });
    stores.push(dead);
    const l = new ProviderLimiter({ maxConcurrent: 2 }, { shared: { store: dead, providerId: 'p-down' } });
    const slots = await Promise.all([l.acquire(), l.acquire()]);
    expect(dead.stats().failures).toBe(2);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/each process keeps its own limits/);
    // The local limit still holds.
    const third = l.acquire();
    await sleep(20);
    expect(l.stats()).toMatchObject({ inFlight: 2, waiting: 1 });
    slots[0]!.release();
    (await third).release();
    slots[1]!.release();
  });

  it('bucketMsFor: a sixtieth of the window, at least 1 ms', () => {
    expect(bucketMsFor(60_000)).toBe(1000);
    expect(bucketMsFor(600)).toBe(10);
    expect(bucketMsFor(10)).toBe(1);
  });
});
