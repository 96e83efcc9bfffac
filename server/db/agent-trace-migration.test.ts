// Migration 0024: a RAP move's search tree, stored under the reply's `search` before, becomes its generic `trace`.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from './migrate';
import { createTestDb, type TestDb } from './test-db';

describe('migration 0024: agent traces', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ until: '0023' });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("moves a reply's RAP search to its trace, and leaves other events alone", async () => {
    const tree = {
      action: null,
      state: null,
      visits: 2,
      value: 1,
      intuition: 0,
      selfEval: 0,
      win: null,
      reward: 1,
      children: [],
    };
    const search = {
      tree,
      chosenAction: 'X: (1,1)',
      total: 1,
      settings: { depth: 2, iterations: 2, candidates: 2 },
      calls: 9,
    };
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO matches (id, game_id, seed, status, num_players) VALUES ('m', 'tictactoe', 's', 'finished', 2)`,
      );
      const event = (seq: number, kind: string, payload: object) =>
        client.query(`INSERT INTO match_events (match_id, seq, kind, seat, payload) VALUES ('m', $1, $2, 0, $3)`, [
          seq,
          kind,
          JSON.stringify(payload),
        ]);
      await event(1, 'reply', { text: 'X: (1,1)', attempt: 0, search });
      await event(2, 'reply', { text: 'X: (2,2)', attempt: 0 });
      await event(3, 'illegal', { error: 'no', attempt: 0, action: null, search: 'not a reply' });
      await migrate(t.url);
      const rows = (
        await client.query<{ seq: number; payload: Record<string, unknown> }>(
          `SELECT seq, payload FROM match_events ORDER BY seq`,
        )
      ).rows;
      expect(rows.map((r) => r.payload)).toEqual([
        { text: 'X: (1,1)', attempt: 0, trace: { scaffold: 'rap', data: search } },
        { text: 'X: (2,2)', attempt: 0 },
        { error: 'no', attempt: 0, action: null, search: 'not a reply' },
      ]);
    } finally {
      await client.end();
    }
  });
});
