// Migration 0025: every stored match gets the protocol it was played under, with the key lib/match-protocol.ts computes.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGame } from '../../games/registry';
import { matchProtocol, protocolKey, type ProtocolAgent } from '../../lib/match-protocol';
import { migrate } from './migrate';
import { createTestDb, type TestDb } from './test-db';

describe('migration 0025: match protocols', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ until: '0024' });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('records each stored match as lib/match-protocol.ts would have at its creation, key included', async () => {
    const agents: Record<string, ProtocolAgent> = {
      cot: { kind: 'llm', scaffold: 'cot', promptVersion: 'v1', settings: {} },
      rap: {
        kind: 'llm',
        scaffold: 'rap',
        promptVersion: 'v2',
        settings: { rulesUpfront: true, promptSwitches: ['spy:b', 'spy:a'] },
      },
      eng: { kind: 'engine', scaffold: null, promptVersion: null, settings: { depth: 2 } },
      pat: { kind: 'human', scaffold: null, promptVersion: null, settings: {} },
    };
    // [id, game, config, generator, tournament, seats]
    const matches: [string, string, object, string, string | null, string[]][] = [
      ['m1', 'tictactoe', {}, 'sfc32-fnv1a', 'plain', ['cot', 'eng']],
      ['m2', 'holdem', { hands: 3 }, 'hmac-sha256-chacha20', null, ['pat', 'rap']],
      ['m3', 'spy', getGame('spy')!.defaultConfig, 'hmac-sha256-chacha20', 'judged', ['cot', 'rap', 'eng', 'cot']],
      ['m4', 'hive', { maxTurns: 24, beetles: 2 }, 'hmac-sha256-chacha20', 'judged', ['eng', 'eng']],
      ['m5', 'simulbench', {}, 'hmac-sha256-chacha20', 'simul', ['cot', 'rap']],
    ];
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      for (const [id, a] of Object.entries(agents))
        await client.query(
          `INSERT INTO agents (id, name, kind, scaffold, prompt_version, settings) VALUES ($1, $1, $2, $3, $4, $5)`,
          [id, a.kind, a.scaffold, a.promptVersion, JSON.stringify(a.settings)],
        );
      const tournaments = {
        plain: { format: 'round-robin', gameIds: ['tictactoe'] },
        judged: { format: 'round-robin', gameIds: ['spy', 'hive'], judgeId: 'cot' },
        simul: { format: 'simulbench', gameIds: ['simulbench'] },
      };
      for (const [id, config] of Object.entries(tournaments))
        await client.query(`INSERT INTO tournaments (id, name, config) VALUES ($1, $1, $2)`, [
          id,
          JSON.stringify(config),
        ]);
      for (const [id, game, config, generator, tournament, seats] of matches) {
        await client.query(
          `INSERT INTO matches (id, game_id, config, seed, generator, status, num_players, tournament_id)
           VALUES ($1, $2, $3, 's', $4, 'finished', $5, $6)`,
          [id, game, JSON.stringify(config), generator, seats.length, tournament],
        );
        for (const [seat, agent] of seats.entries())
          await client.query(`INSERT INTO seats (match_id, seat, agent_id) VALUES ($1, $2, $3)`, [id, seat, agent]);
      }
      await migrate(t.url);
      const rows = (
        await client.query<{ id: string; protocol: unknown; protocol_key: string }>(
          `SELECT id, protocol, protocol_key FROM matches ORDER BY id`,
        )
      ).rows;
      const judges = (tournament: string | null, game: string): Record<string, string> =>
        tournament === 'simul'
          ? {
              'simulbench-extract': 'simulbench-extract-1',
              'simulbench-score': 'simulbench-score-1',
              'simulbench-compare': 'simulbench-compare-1',
              'simulbench-scripts': '1',
            }
          : tournament === 'judged' && game === 'spy'
            ? { consistency: 'consistency-1' }
            : {};
      // The games' versions when the migration was written (it records those): bumped since, they differ from today's.
      const versionAt0025: Record<string, number> = { simulbench: 1, hive: 1 };
      const expected = matches.map(([id, game, config, generator, tournament, seats]) => {
        const protocol = {
          ...matchProtocol({
            game: getGame(game)!,
            config,
            agents: seats.map((a) => agents[a]!),
            generator,
            judges: judges(tournament, game),
          }),
          ...(versionAt0025[game] ? { version: versionAt0025[game] } : {}),
        };
        return { id, protocol, protocol_key: protocolKey(protocol) };
      });
      expect(rows).toEqual(expected);
      expect(rows.map((r) => (r.protocol as { preset: string }).preset)).toEqual([
        'defaults',
        'custom',
        'defaults',
        'demo',
        'defaults',
      ]);
      expect((rows[1]!.protocol as { agents: string[] }).agents).toEqual([
        'person',
        'rap/v2+rules-upfront+spy:a+spy:b',
      ]);

      // A match created afterwards gets its key from the database, the same as protocolKey's.
      const fresh = expected[2]!.protocol;
      await client.query(
        `INSERT INTO matches (id, game_id, seed, num_players, protocol) VALUES ('new', 'spy', 's', 4, $1)`,
        [JSON.stringify(fresh)],
      );
      const key = (await client.query(`SELECT protocol_key FROM matches WHERE id = 'new'`)).rows[0].protocol_key;
      expect(key).toBe(protocolKey(fresh));
    } finally {
      await client.end();
    }
  });
});
