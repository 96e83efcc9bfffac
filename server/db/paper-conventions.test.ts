// Migration 0013: Bargain's rounds, Hanabi's scoring and the spy game's voting changed meaning (issue 17: the papers' conventions). Matches and
// tournaments stored before keep the rules they were played under: every stored match still replays to its result.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGame } from '../../games/registry';
import type { GameDef, MoveRecord } from '../../lib/engine/types';
import { createRng, CURRENT_GENERATOR } from '../../lib/engine/rng';
import { applyMove, currentDeal, initialState, lastState } from '../../lib/engine/replay';
import { createTestDb, type TestDb } from './test-db';

/** Plays a match under `rules` (a config with the old meaning spelled out), choosing moves with `choose`. */
function play(
  game: GameDef,
  rules: unknown,
  seed: string,
  choose: (legal: { type: string }[], ply: number) => { type: string },
) {
  const config = game.configSchema.parse(rules);
  let s = initialState(game, config, currentDeal(seed), 2);
  const moves: MoveRecord[] = [];
  for (let ply = 0; !game.outcome(s); ply++) {
    const seat = game.activeSeats(s)[0]!;
    const action = choose(game.legalActions(s, seat)!, ply);
    moves.push({ ply, seat, action });
    s = applyMove(game, s, currentDeal(seed), { ply, seat, action });
  }
  return { moves, outcome: game.outcome(s)! };
}

const outcomeOf = (game: GameDef, config: unknown, seed: string, moves: MoveRecord[]) => {
  const s = lastState(game, { config, seed, generator: CURRENT_GENERATOR, numPlayers: 2, moves });
  return s === null ? null : game.outcome(s);
};

describe('migration 0013: stored Bargain and Hanabi matches keep their rules', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ until: '0013' }); // every migration before 0013_paper_conventions
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('a Bargain match of 9 one-turn rounds and a Hanabi match scored the old way replay to their stored results', async () => {
    const bargain = getGame('bargain')!;
    const hanabi = getGame('hanabi')!;
    // Bargain, stored as { maxRounds: 9 } when a round was one turn: 9 proposals and no deal.
    const propose = (legal: { type: string }[]) => legal.find((a) => a.type === 'propose')!;
    const oldBargain = play(bargain, { maxRounds: 5, turnLimit: 9 }, 'legacy-bargain', propose);
    expect(oldBargain.moves).toHaveLength(9);
    // Hanabi, stored with the four old keys: a seed whose result differs under the new default (points kept when the
    // last life was lost, or a final round after the empty deck).
    const oldRules = { colors: 2, handSize: 2, infoTokens: 3, lifeTokens: 1 };
    let oldHanabi: { seed: string; moves: MoveRecord[]; outcome: unknown } | null = null;
    for (let i = 0; i < 500 && !oldHanabi; i++) {
      const seed = `legacy-hanabi-${i}`;
      const rng = createRng(seed);
      const r = play(hanabi, { ...oldRules, zeroOnLoss: false, finalRound: true }, seed, (legal) => rng.pick(legal));
      const now = outcomeOf(hanabi, oldRules, seed, r.moves);
      if (JSON.stringify(now) !== JSON.stringify(r.outcome)) oldHanabi = { seed, ...r };
    }
    expect(oldHanabi, 'a seed where the conventions differ').not.toBeNull();

    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      const insert = async (id: string, gameId: string, config: unknown, seed: string) =>
        client.query(
          `INSERT INTO matches (id, game_id, config, seed, status, num_players) VALUES ($1, $2, $3, $4, 'finished', 2)`,
          [id, gameId, JSON.stringify(config), seed],
        );
      await insert('b1', 'bargain', { maxRounds: 9, total: 10 }, 'legacy-bargain');
      await insert('b2', 'bargain', {}, 'legacy-bargain-default');
      await insert('h1', 'hanabi', oldRules, oldHanabi!.seed);
      await insert('s1', 'spy', { preset: 'spygame' }, 'legacy-spy');
      await insert('s2', 'spy', { preset: 'spygame', voting: 'sequential' }, 'new-spy');
      await client.query(
        `INSERT INTO tournaments (id, name, config) VALUES
        ('t1', 'with configs', $1), ('t2', 'without', $2), ('t3', 'chess only', $3)`,
        [
          JSON.stringify({
            gameIds: ['bargain', 'hanabi', 'spy'],
            gameConfigs: { bargain: { maxRounds: 6 }, spy: { preset: 'spygame' } },
          }),
          JSON.stringify({ gameIds: ['bargain', 'hanabi', 'spy'] }),
          JSON.stringify({ gameIds: ['tictactoe'] }),
        ],
      );
      // Before the migration, the new rules no longer replay them to what was played.
      expect(outcomeOf(bargain, { maxRounds: 9, total: 10 }, 'legacy-bargain', oldBargain.moves)).toBeNull();

      const sql = await readFile(
        path.resolve(import.meta.dirname, '../../prisma/migrations/0013_paper_conventions/migration.sql'),
        'utf8',
      );
      await client.query(sql);
      await client.query(sql); // applied twice, nothing changes
      const config = async (table: string, id: string) =>
        (await client.query(`SELECT config FROM ${table} WHERE id = $1`, [id])).rows[0].config;

      expect(await config('matches', 'b1')).toEqual({ maxRounds: 5, total: 10, turnLimit: 9 });
      expect(await config('matches', 'b2')).toEqual({ maxRounds: 5, turnLimit: 10 });
      expect(await config('matches', 'h1')).toEqual({ ...oldRules, zeroOnLoss: false, finalRound: true });
      expect(outcomeOf(bargain, await config('matches', 'b1'), 'legacy-bargain', oldBargain.moves)).toEqual(
        oldBargain.outcome,
      );
      expect(outcomeOf(hanabi, await config('matches', 'h1'), oldHanabi!.seed, oldHanabi!.moves)).toEqual(
        oldHanabi!.outcome,
      );

      const old = { zeroOnLoss: false, finalRound: true };
      expect(await config('matches', 's1')).toEqual({ preset: 'spygame', voting: 'sealed' });
      expect(await config('matches', 's2')).toEqual({ preset: 'spygame', voting: 'sequential' });
      expect((await config('tournaments', 't1')).gameConfigs).toEqual({
        bargain: { maxRounds: 3, turnLimit: 6 },
        hanabi: old,
        spy: { preset: 'spygame', voting: 'sealed' },
      });
      expect((await config('tournaments', 't2')).gameConfigs).toEqual({
        bargain: { maxRounds: 5, turnLimit: 10 },
        hanabi: old,
        spy: { voting: 'sealed' },
      });
      expect(await config('tournaments', 't3')).toEqual({ gameIds: ['tictactoe'] });
      // The migrated settings are valid settings of the games.
      for (const c of [await config('matches', 'b1'), (await config('tournaments', 't1')).gameConfigs.bargain])
        expect(bargain.configSchema.safeParse(c).success).toBe(true);
      expect(hanabi.configSchema.safeParse(await config('matches', 'h1')).success).toBe(true);
      expect(getGame('spy')!.configSchema.parse(await config('matches', 's1'))).toMatchObject({ voting: 'sealed' });
    } finally {
      await client.end();
    }
  });
});
