// The rate-limited ways in, on real Postgres: guest and account creation per address, admin and person sign-ins per
// address and per name (as the name reads), every password hash counted per address and for the whole site, counters
// shared by every process (a new set of limiters sees the old counts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../server/db/test-db';
import { upsertAdmin } from './admins';
import { adminSignIn, createAccountFrom, enterAsGuest, keepNameWithPassword, personSignIn } from './entry';
import { addressKey, RATE_LIMITS, waitWords, type RateLimitNumbers } from '../rate-limit-rules';
import { closeRateLimits, createRateLimits, rateLimits } from './rate-limit';

let t: TestDb;
beforeAll(async () => {
  delete process.env.ARENA_RATE_LIMIT_FACTOR;
  t = await createTestDb();
  await upsertAdmin(t.db, 'admin', 'the-right-password');
});
afterAll(async () => {
  if (t) await closeRateLimits(t.url);
  await t?.drop();
});

const limits = () => rateLimits(t.url);

describe('new names (guests and accounts)', () => {
  it('one address gets a few guests an hour, then a readable refusal; other addresses are not affected', async () => {
    const ip = '198.51.100.7';
    const n = RATE_LIMITS.newNamePerAddress.points;
    for (let i = 0; i < n; i++) await enterAsGuest(t.db, { name: `Kid ${i}` }, ip, limits());
    await expect(enterAsGuest(t.db, { name: 'One too many' }, ip, limits())).rejects.toThrow(
      /^too many new names from your address: try again in (59|60) minutes$/,
    );
    // Accounts count with guests: the same address cannot switch to making accounts.
    await expect(createAccountFrom(t.db, { name: 'Sneaky', password: 'long-enough' }, ip, limits())).rejects.toThrow(
      /too many new names/,
    );
    expect(await t.db.person.count({ where: { name: { in: ['One too many', 'Sneaky'] } } })).toBe(0);
    await expect(enterAsGuest(t.db, { name: 'Neighbour' }, '198.51.100.8', limits())).resolves.toMatchObject({
      name: 'Neighbour',
    });
  });

  it('a refused or taken name does not use up the allowance', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < 15; i++)
      await expect(enterAsGuest(t.db, { name: 'Neighbour' }, ip, limits())).rejects.toThrow(/taken/);
    await expect(enterAsGuest(t.db, { name: 'x' }, ip, limits())).rejects.toThrow(/at least 2/);
    await expect(enterAsGuest(t.db, { name: 'Fresh' }, ip, limits())).resolves.toMatchObject({ name: 'Fresh' });
  });

  it('an IPv6 host counts per /64 (it can pick any address in it)', async () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:0db8:0001:0002:ffff:1:2:3'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('203.0.113.1')).toBe('203.0.113.1');
    expect(addressKey(null)).toBe('unknown');
    const n = RATE_LIMITS.newNamePerAddress.points;
    for (let i = 0; i < n; i++) await enterAsGuest(t.db, { name: `Six ${i}` }, `2001:db8:6:6::${i + 1}`, limits());
    await expect(enterAsGuest(t.db, { name: 'Six more' }, '2001:db8:6:6:ffff::9', limits())).rejects.toThrow(
      /too many new names/,
    );
  });
});

describe('admin sign-in', () => {
  it('one address: wrong passwords are refused until the limit, then every try is refused, even the right one', async () => {
    const ip = '203.0.113.50';
    const n = RATE_LIMITS.signInPerAddress.points;
    // Spread over several usernames so only the per-address limit applies.
    for (let i = 0; i < n; i++)
      expect(
        await adminSignIn(t.db, { username: `user${i % 3}`, password: 'wrong-password' }, ip, limits()),
      ).toBeNull();
    await expect(
      adminSignIn(t.db, { username: 'admin', password: 'the-right-password' }, ip, limits()),
    ).rejects.toThrow(/^too many sign-in attempts from your address: try again in 1[45] minutes$/);
    // Another address signs in.
    expect(
      await adminSignIn(t.db, { username: 'admin', password: 'the-right-password' }, '203.0.113.51', limits()),
    ).toMatchObject({ username: 'admin' });
  });

  it('one username from many addresses: refused after the per-name limit, whatever the address', async () => {
    const n = RATE_LIMITS.signInPerName.points;
    for (let i = 0; i < n; i++)
      expect(
        await adminSignIn(t.db, { username: 'admin', password: 'guess-number-' + i }, `192.0.2.${i + 1}`, limits()),
      ).toBeNull();
    await expect(
      adminSignIn(t.db, { username: 'admin', password: 'the-right-password' }, '192.0.2.200', limits()),
    ).rejects.toThrow(/^too many sign-in attempts for this name: try again in 1[45] minutes$/);
    // The name in another case is the same name.
    await expect(adminSignIn(t.db, { username: 'ADMIN', password: 'x' }, '192.0.2.201', limits())).rejects.toThrow(
      /for this name/,
    );
  });

  it('a flood of parallel guesses is refused without one password check past the limit', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        adminSignIn(t.db, { username: `flood${i}`, password: 'wrong-password' }, '203.0.113.77', limits()),
      ),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.length - refused.length).toBe(RATE_LIMITS.signInPerAddress.points);
    for (const r of refused) expect(String((r as PromiseRejectedResult).reason)).toMatch(/too many sign-in attempts/);
  });

  it('right passwords do not count: an admin who signs in often is never locked out', async () => {
    await upsertAdmin(t.db, 'busy', 'busy-password');
    for (let i = 0; i < RATE_LIMITS.signInPerName.points + 5; i++) {
      expect(
        await adminSignIn(t.db, { username: 'busy', password: 'busy-password' }, '203.0.113.90', limits()),
      ).toMatchObject({ username: 'busy' });
    }
  });

  it('the counts live in Postgres: another process (a new set of limiters) sees them', async () => {
    await closeRateLimits(t.url); // what a second web process would start with: no memory of its own
    await expect(
      adminSignIn(t.db, { username: 'admin', password: 'the-right-password' }, '203.0.113.50', rateLimits(t.url)),
    ).rejects.toThrow(/from your address/);
  });
});

describe('person sign-in', () => {
  it('is limited per name too, with its own counts (separate from admins)', async () => {
    await createAccountFrom(t.db, { name: 'Target', password: 'target-password' }, '198.18.0.1', limits());
    const n = RATE_LIMITS.signInPerName.points;
    for (let i = 0; i < n; i++) {
      await expect(
        personSignIn(t.db, { name: 'Target', password: `guess-${i}-long` }, `198.18.1.${i}`, limits()),
      ).rejects.toThrow('that name and password do not match');
    }
    await expect(
      personSignIn(t.db, { name: 'target', password: 'target-password' }, '198.18.2.1', limits()),
    ).rejects.toThrow(/too many sign-in attempts for this name/);
    await expect(
      personSignIn(t.db, { name: 'Fresh', password: 'no-password-set' }, '198.18.2.1', limits()),
    ).rejects.toThrow('that name and password do not match');
  });
});

describe('sign-in limits that cannot be sidestepped (issue 35, item 5)', () => {
  it('the per-name limit counts the name as it reads: other spaces, a tab, case, fullwidth or look-alike letters are the same name', async () => {
    await createAccountFrom(t.db, { name: 'Victim Person', password: 'victim-password' }, '198.18.10.1', limits());
    for (let i = 0; i < RATE_LIMITS.signInPerName.points; i++) {
      await expect(
        personSignIn(t.db, { name: 'Victim Person', password: `guess-${i}-long` }, `198.18.11.${i}`, limits()),
      ).rejects.toThrow('that name and password do not match');
    }
    for (const name of [
      'Victim  Person',
      'Victim\tPerson',
      ' victim person ',
      'Victim\u00a0Person',
      'ＶICTIM PERSON',
      'VICTlM PERSON',
    ]) {
      await expect(
        personSignIn(t.db, { name, password: 'victim-password' }, '198.18.12.1', limits()),
        JSON.stringify(name),
      ).rejects.toThrow(/^too many sign-in attempts for this name: try again in 1[45] minutes$/);
    }
    // Another person's name is not affected.
    await createAccountFrom(t.db, { name: 'Bystander', password: 'bystander-password' }, '198.18.10.2', limits());
    await expect(
      personSignIn(t.db, { name: 'Bystander', password: 'bystander-password' }, '198.18.12.1', limits()),
    ).resolves.toMatchObject({ name: 'Bystander' });
  });

  // Limits of their own (small numbers, counters under their own prefix), so these tests neither wait nor disturb the others.
  const small = (numbers: Partial<RateLimitNumbers>, prefix: string) =>
    createRateLimits(t.url, { ...RATE_LIMITS, ...numbers }, prefix);

  it('every password hash is counted per address: right sign-ins, new accounts and new passwords too; a taken name hashes nothing', async () => {
    const l = small({ passwordHashPerAddress: { points: 4, seconds: 15 * 60 } }, 'hash-address-test:');
    try {
      const ip = '198.18.20.1';
      await createAccountFrom(t.db, { name: 'Hasher', password: 'hasher-password' }, ip, l); // 1
      // A taken name is refused before any hash: these do not use the budget.
      for (let i = 0; i < 6; i++)
        await expect(
          createAccountFrom(t.db, { name: 'HASHER', password: `other-password-${i}` }, ip, l),
        ).rejects.toThrow(/taken/);
      await expect(personSignIn(t.db, { name: 'Hasher', password: 'hasher-password' }, ip, l)).resolves.toMatchObject({
        name: 'Hasher',
      }); // 2
      const guest = await enterAsGuest(t.db, { name: 'Keeper' }, ip, l); // a guest: no password, no hash
      await keepNameWithPassword(t.db, guest.id, 'keeper-password', ip, l); // 3
      await expect(personSignIn(t.db, { name: 'Hasher', password: 'hasher-password' }, ip, l)).resolves.toMatchObject({
        name: 'Hasher',
      }); // 4
      // The budget is spent: a right password, a new account, a new password and a guess are all refused, in words.
      const refusal = /^too many password checks from your address: try again in 1[45] minutes$/;
      await expect(personSignIn(t.db, { name: 'Hasher', password: 'hasher-password' }, ip, l)).rejects.toThrow(refusal);
      await expect(createAccountFrom(t.db, { name: 'Hasher Two', password: 'hasher-password' }, ip, l)).rejects.toThrow(
        refusal,
      );
      const other = await enterAsGuest(t.db, { name: 'Keeper Two' }, ip, l);
      await expect(keepNameWithPassword(t.db, other.id, 'keeper-password', ip, l)).rejects.toThrow(refusal);
      await expect(adminSignIn(t.db, { username: 'admin', password: 'the-right-password' }, ip, l)).rejects.toThrow(
        refusal,
      );
      expect(await t.db.person.count({ where: { name: 'Hasher Two' } })).toBe(0);
      expect((await t.db.person.findUniqueOrThrow({ where: { id: other.id } })).passwordHash).toBeNull();
      // Nothing was checked: the refused sign-ins are not failures of that name (another address signs in at once).
      await expect(
        personSignIn(t.db, { name: 'Hasher', password: 'hasher-password' }, '198.18.20.2', l),
      ).resolves.toMatchObject({ name: 'Hasher' });
    } finally {
      await l.pool.end();
    }
  });

  it('the whole site has a budget of hashes: a flood from many addresses cannot hold the CPU', async () => {
    const l = small({ passwordHashAll: { points: 3, seconds: 60 } }, 'hash-all-test:');
    try {
      await createAccountFrom(t.db, { name: 'Crowd', password: 'crowd-password' }, '198.18.30.1', l); // 1
      for (let i = 2; i <= 3; i++)
        await expect(
          personSignIn(t.db, { name: 'Crowd', password: 'crowd-password' }, `198.18.30.${i}`, l),
        ).resolves.toMatchObject({ name: 'Crowd' });
      await expect(personSignIn(t.db, { name: 'Crowd', password: 'crowd-password' }, '198.18.30.4', l)).rejects.toThrow(
        /^the server is checking too many passwords right now: try again in \d+ seconds$/,
      );
      await expect(
        adminSignIn(t.db, { username: 'admin', password: 'the-right-password' }, '198.18.30.5', l),
      ).rejects.toThrow(/checking too many passwords/);
      // Guests need no password: they still come in.
      await expect(enterAsGuest(t.db, { name: 'Crowd Guest' }, '198.18.30.6', l)).resolves.toMatchObject({
        name: 'Crowd Guest',
      });
    } finally {
      await l.pool.end();
    }
  });
});

it('says how long to wait in words', () => {
  expect(waitWords(12 * 60_000 - 5)).toBe('12 minutes');
  expect(waitWords(60_001)).toBe('2 minutes');
  expect(waitWords(60_000)).toBe('1 minute');
  expect(waitWords(45_000)).toBe('45 seconds');
  expect(waitWords(0)).toBe('1 second');
});
