// The stages after play run as registered: the worker's runner knows no stage by name; each runs when the tournament's
// config meets its needs, in order, and one that fails is logged without stopping the next.
import { describe, expect, it } from 'vitest';
import type { Db } from '../../lib/db/client';
import {
  AFTER_PLAY_STAGES,
  judgeVersionsFor,
  runStagesAfterPlay,
  stagesAfterPlay,
  type AfterPlayStage,
} from './after-play';

/** A database that holds one tournament with this config (all the runner reads). */
const dbWith = (config: object | null) =>
  ({ tournament: { findUnique: async () => (config ? { config } : null) } }) as unknown as Db;

describe('stages after play', () => {
  const ran: string[] = [];
  const stage = (name: string, key: string, run: AfterPlayStage<string>['run']): AfterPlayStage<string> => ({
    name,
    needs: (config) => (typeof config[key] === 'string' ? (config[key] as string) : null),
    needsSql: `t.config ? '${key}'`,
    promptVersions: (gameId) => ({ [name]: `${gameId}-1` }),
    run,
  });
  const stages = [
    stage('the scorer', 'scorerId', async (_db, matchId, tid, need) => {
      ran.push(`scorer ${matchId} ${tid} ${need}`);
      throw new Error('the provider is down');
    }),
    stage('the counter', 'counterId', async (_db, matchId, _tid, need) => {
      ran.push(`counter ${matchId} ${need}`);
      return 'the counter left 2 rows without a result';
    }),
    stage('the silent one', 'silentId', async () => {
      ran.push('silent');
      return null;
    }),
  ];

  it('runs every stage whose needs the config meets, in order, with what it needs; a failure does not stop the next', async () => {
    const log: string[] = [];
    await runStagesAfterPlay(dbWith({ scorerId: 's1', counterId: 'c1' }), 'm1', 't1', (l) => log.push(l), stages);
    expect(ran).toEqual(['scorer m1 t1 s1', 'counter m1 c1']);
    expect(log).toEqual([
      'match m1: the scorer failed: the provider is down',
      'match m1: the counter left 2 rows without a result',
    ]);
  });

  it('runs nothing for a tournament without stages, or one that is gone', async () => {
    ran.length = 0;
    const log: string[] = [];
    await runStagesAfterPlay(dbWith({ format: 'round-robin' }), 'm1', 't1', (l) => log.push(l), stages);
    await runStagesAfterPlay(dbWith(null), 'm1', 't1', (l) => log.push(l), stages);
    expect([ran, log]).toEqual([[], []]);
    expect(stagesAfterPlay({ silentId: 'x' }, stages).map((s) => s.stage.name)).toEqual(['the silent one']);
  });

  it('registers SimulBench’s stages and the consistency judge, each with its SQL rule', () => {
    expect(AFTER_PLAY_STAGES.map((s) => s.name)).toEqual(['SimulBench stages', 'judging']);
    for (const s of AFTER_PLAY_STAGES) expect(s.needsSql).toMatch(/t\.config/);
  });

  it("names the judge prompts' versions of the stages that judge a tournament's matches of a game (the protocol)", () => {
    expect(judgeVersionsFor({ scorerId: 's', silentId: 'x' }, 'bid', stages)).toEqual({
      'the scorer': 'bid-1',
      'the silent one': 'bid-1',
    });
    expect(judgeVersionsFor({ format: 'round-robin' }, 'bid', stages)).toEqual({});
    const judged = { judgeId: 'j', gameIds: ['spy', 'tictactoe'] };
    expect(judgeVersionsFor(judged, 'spy')).toEqual({ consistency: 'consistency-1' });
    expect(judgeVersionsFor(judged, 'tictactoe')).toEqual({});
    expect(judgeVersionsFor({ format: 'simulbench' }, 'simulbench')).toEqual({
      'simulbench-answer': 'simulbench-answer-2',
      'simulbench-extract': 'simulbench-extract-2',
      'simulbench-score': 'simulbench-score-2',
      'simulbench-compare': 'simulbench-compare-2',
      'simulbench-scripts': '1',
    });
  });
});
