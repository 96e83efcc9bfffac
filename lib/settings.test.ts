// Site settings on real Postgres: the leaderboard's default people filter follows the admin's choice, a link that
// names a filter still wins, and a bad value is refused with a message (nothing saved).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../server/db/test-db';
import { getSettings, leaderboardQueryFor, saveSettings } from './settings';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.drop();
});

describe("the leaderboard's default people filter", () => {
  it('is "each" until an admin chooses, then follows the admin setting where the address does not say', async () => {
    expect(await getSettings(t.db)).toEqual({ peopleFilterDefault: 'each' });
    expect((await leaderboardQueryFor(t.db, {})).query.humans).toBe('each');

    await saveSettings(t.db, { peopleFilterDefault: 'hide' });
    expect(await getSettings(t.db)).toEqual({ peopleFilterDefault: 'hide' });
    const plain = await leaderboardQueryFor(t.db, { game: 'tictactoe' });
    expect(plain.query).toMatchObject({ game: 'tictactoe', humans: 'hide' });
    expect(plain.defaults).toEqual({ humans: 'hide' });
    // A shared link that names a filter keeps showing what it names.
    expect((await leaderboardQueryFor(t.db, { humans: 'each' })).query.humans).toBe('each');
    // A broken one falls back to the site's default, with the problem listed.
    const broken = await leaderboardQueryFor(t.db, { humans: 'nobody' });
    expect(broken.query.humans).toBe('hide');
    expect(broken.problems).toEqual([expect.stringMatching(/^humans: "nobody" is not valid/)]);

    await saveSettings(t.db, { peopleFilterDefault: 'together' });
    expect((await leaderboardQueryFor(t.db, {})).query.humans).toBe('together');
  });

  it('refuses a bad value with a message and keeps the last one', async () => {
    await expect(saveSettings(t.db, { peopleFilterDefault: 'everyone' })).rejects.toThrow(/the people filter is one of each, together, hide/);
    await expect(saveSettings(t.db, { somethingElse: 1 })).rejects.toThrow();
    expect(await getSettings(t.db)).toEqual({ peopleFilterDefault: 'together' });
    // A value broken in the database (by hand) reads as the default, never as an error.
    await t.db.setting.update({ where: { key: 'peopleFilterDefault' }, data: { value: 42 } });
    expect(await getSettings(t.db)).toEqual({ peopleFilterDefault: 'each' });
  });
});
