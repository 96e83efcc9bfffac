// Migration 0021 (issue 35, lib/people-rating.ts): games a person gave up after 1 to 4 moves of their own, stored while
// such a game still counted, rate no one after the upgrade, with the runner's own words; every other game is left as it was.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { earlyEndReason } from '../../lib/people-rating';
import { migrate } from './migrate';
import { createTestDb, type TestDb } from './test-db';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ until: '0021' }); // every migration before 0021_people_rule
});
afterAll(async () => {
  await t?.drop();
});

it('re-checks finished games given up too soon, and adds the column the people rule records its verdicts in', async () => {
  const exec = (sql: string, ...values: unknown[]) => t.db.$executeRawUnsafe(sql, ...values);
  await exec(
    `INSERT INTO agents (id, name, kind) VALUES ('pat', 'Pat', 'human'), ('model', 'Model', 'llm'), ('random', 'Random', 'random')`,
  );
  /** A finished two-seat match: seat 0 (`who`) made `moves` moves, `forfeits` of them forfeited, and maybe gave up. */
  const match = async (id: string, who: string, moves: number, forfeits: number, resigned: boolean, rated = true) => {
    const result = {
      scores: [0, 1],
      reason: resigned ? `${who} resigned` : 'three in a row',
      winner: 1,
      ...(rated ? {} : { unrated: 'earlier reason' }),
    };
    await exec(
      `INSERT INTO matches (id, game_id, seed, num_players, status, finished_at, result, rated) VALUES ($1, 'connect-four', $1, 2, 'finished', now(), $2::jsonb, $3)`,
      id,
      JSON.stringify(result),
      rated,
    );
    await exec(
      `INSERT INTO seats (match_id, seat, agent_id, score, outcome, move_count, forfeit_count) VALUES ($1, 0, $2, 0, 'loss', $3, $4), ($1, 1, 'model', 1, 'win', $3, 0)`,
      id,
      who,
      moves,
      forfeits,
    );
    await exec(`INSERT INTO match_events (match_id, seq, kind, seat, payload) VALUES ($1, 1, 'start', NULL, '{}')`, id);
    if (resigned)
      await exec(
        `INSERT INTO match_events (match_id, seq, kind, seat, payload) VALUES ($1, 2, 'resign', 0, '{"reason":"resigned"}')`,
        id,
      );
  };
  await match('one-move', 'pat', 1, 0, true);
  await match('three-own-on-time', 'pat', 5, 2, true); // five turns, two forfeited: three of their own
  await match('five-moves', 'pat', 5, 0, true);
  await match('played-out', 'pat', 2, 0, false);
  await match('at-once', 'pat', 0, 0, true, false);
  await match('baseline', 'random', 1, 0, true); // not a person (agents never resign: nothing to re-check)

  await migrate(t.url);
  const rows = await t.db.$queryRawUnsafe<
    { id: string; rated: boolean; unrated: string | null; people_counted: boolean | null }[]
  >(`SELECT id, rated, result->>'unrated' AS unrated, people_counted FROM matches ORDER BY id`);
  const by = Object.fromEntries(rows.map((r) => [r.id, r]));
  expect(by['one-move']).toMatchObject({ rated: false, unrated: earlyEndReason('Pat', 1) });
  expect(by['three-own-on-time']).toMatchObject({ rated: false, unrated: earlyEndReason('Pat', 3) });
  for (const id of ['five-moves', 'played-out', 'baseline'])
    expect(by[id], id).toMatchObject({ rated: true, unrated: null });
  expect(by['at-once']).toMatchObject({ rated: false, unrated: 'earlier reason' });
  expect(rows.every((r) => r.people_counted === null)).toBe(true);
  // The outcome stays as it was played.
  const [seat] = await t.db.$queryRawUnsafe<{ outcome: string }[]>(
    `SELECT outcome FROM seats WHERE match_id = 'one-move' AND seat = 1`,
  );
  expect(seat!.outcome).toBe('win');
});
