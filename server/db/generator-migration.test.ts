// Migration 0020: every match records the random generator that dealt it. Matches stored before were dealt by the first
// generator and replay with it; new matches are dealt by the current one; nothing else can be stored.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGame } from '../../games/registry';
import { dealOf, initialState } from '../../lib/engine/replay';
import { CURRENT_GENERATOR, LEGACY_GENERATOR } from '../../lib/engine/rng';
import { migrate } from './migrate';
import { createTestDb, type TestDb } from './test-db';

describe('migration 0020: the generator of each match', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ until: '0019' });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('marks stored matches as dealt by the first generator, new ones by the current one, and refuses others', async () => {
    const holdem = getGame('holdem')!;
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      const insert = (id: string, seed: string) =>
        client.query(
          `INSERT INTO matches (id, game_id, config, seed, status, num_players) VALUES ($1, 'holdem', '{}', $2, 'finished', 2)`,
          [id, seed],
        );
      await insert('old', 'a-seed-stored-before');
      await migrate(t.url);
      await insert('new', 'a-seed-stored-after');
      await expect(client.query(`UPDATE matches SET generator = 'mt19937' WHERE id = 'new'`)).rejects.toThrow(
        /matches_generator_check/,
      );
    } finally {
      await client.end();
    }

    const old = await t.db.match.findUniqueOrThrow({ where: { id: 'old' } });
    const fresh = await t.db.match.findUniqueOrThrow({ where: { id: 'new' } });
    expect(old.generator).toBe(LEGACY_GENERATOR);
    expect(fresh.generator).toBe(CURRENT_GENERATOR);
    // The stored match replays as it was dealt, not as the current generator would deal it.
    const replayed = JSON.stringify(initialState(holdem, {}, dealOf(old), 2));
    expect(replayed).toBe(JSON.stringify(initialState(holdem, {}, { seed: old.seed, generator: LEGACY_GENERATOR }, 2)));
    expect(replayed).not.toBe(
      JSON.stringify(initialState(holdem, {}, { seed: old.seed, generator: CURRENT_GENERATOR }, 2)),
    );
  });

  it('names a generator it does not know when a row is read', () => {
    expect(() => dealOf({ seed: 's', generator: 'mt19937' })).toThrow(
      'the match was dealt by an unknown random generator "mt19937"',
    );
  });
});
