// Site settings on real Postgres: the leaderboard's default people filter follows the admin's choice, a link that
// names a filter still wins, and a bad value is refused with a message (nothing saved).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../server/db/test-db';
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
    await expect(saveSettings(t.db, { peopleFilterDefault: 'everyone' })).rejects.toThrow(
      /the people filter is one of each, together, hide/,
    );
    await expect(saveSettings(t.db, { somethingElse: 1 })).rejects.toThrow();
    expect(await getSettings(t.db)).toEqual({ peopleFilterDefault: 'together' });
    // A value broken in the database (by hand) reads as the default, never as an error.
    await t.db.setting.update({ where: { key: 'peopleFilterDefault' }, data: { value: 42 } });
    expect(await getSettings(t.db)).toEqual({ peopleFilterDefault: 'each' });
  });
});

describe("the leaderboard's prompt-version filter", () => {
  it('takes only a prompt version some agent has; any other is named, with what is shown instead (the API answers 400)', async () => {
    await t.db.agent.create({ data: { name: 'Versioned', kind: 'llm', model: 'm', promptVersion: 'v2' } });
    const ok = await leaderboardQueryFor(t.db, { version: 'v2' });
    expect(ok.query.version).toBe('v2');
    expect(ok.problems).toEqual([]);
    const made = await leaderboardQueryFor(t.db, { version: 'x-123' });
    expect(made.query.version).toBeUndefined();
    expect(made.problems).toEqual(['version: "x-123" is not the prompt version of any agent (one of v2)']);
    expect(made.issues[0]).toMatchObject({ key: 'version', instead: 'all prompt versions' });
  });
});
