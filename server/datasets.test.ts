// Imported datasets on real Postgres (issue 21, item 3): GameBench's own matches.json imports under a name and its
// leaderboard is GameBench's numbers; a bad file is one readable error and nothing stored; a name is taken once; the
// arena's export imported into another instance gives the identical leaderboard; the CLI does the same from a file.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { importedAgentId } from '../lib/datasets';
import { DatasetError, deleteDataset, importDataset, listDatasets } from '../lib/db/datasets-store';
import { gameBenchRecord, ratesSomeone } from '../lib/exports';
import { parseGamebench } from '../lib/imports/gamebench';
import { leaderboardQuerySchema, type LeaderboardResult } from '../lib/leaderboard-contract';
import { exportMatchBatches } from '../lib/db/match-exports';
import { bootstrap } from '../lib/rating/bootstrap';
import { leaderboardQueryFor } from '../lib/db/settings';
import { createAgent } from './agents';
import { runCli } from './cli';
import { createTestDb, type TestDb } from './db/test-db';
import { createComputer } from './leaderboard/computer';
import { ArenaLeaderboard } from './leaderboard/service';
import { runMatch } from './workers/run-match';
import { prismaStore } from './workers/store';

const root = path.resolve(import.meta.dirname, '..');
const GAMEBENCH_FILE = path.join(root, 'lib/rating/fixtures/gamebench-matches.json');
const q = (x: Record<string, string> = {}) => leaderboardQuerySchema.parse(x);
let arena: TestDb;
let other: TestDb;
const computer = createComputer();

beforeAll(async () => {
  [arena, other] = await Promise.all([createTestDb(), createTestDb()]);
});
afterAll(async () => {
  await computer.close();
  await Promise.all([arena?.drop(), other?.drop()]);
});

describe('importDataset', () => {
  it("stores GameBench's matches.json under a name, and its leaderboard gives GameBench's estimate over GameBench's own matches", async () => {
    const text = readFileSync(GAMEBENCH_FILE, 'utf8');
    const d = await importDataset(other.db, { name: 'gamebench-2024', text, source: 'matches.json' });
    expect(d).toMatchObject({ name: 'gamebench-2024', format: 'gamebench', matchCount: 277, source: 'matches.json' });
    expect(d.agents).toEqual(['gpt-3', 'gpt-3-cot', 'gpt-4', 'gpt-4-cot', 'gpt-4-rap', 'human', 'random']);
    expect(d.games).toContain('sea_battle');

    const service = new ArenaLeaderboard(() => other.db, computer, { rounds: 100 });
    const r = await service.get(q({ dataset: 'gamebench-2024', estimate: 'gamebench', interval: '90' }));
    expect(r.matchesUsed).toBe(277);
    // Agents are the file's names, marked imported, never arena agents; GameBench's random agent anchors the scale.
    expect(r.rows.every((row) => row.agentKind === 'imported' && row.agentId === importedAgentId(row.agentName))).toBe(
      true,
    );
    expect(r.anchor?.agentName).toBe('random');
    // The numbers are the rating library's GameBench estimate on the file as read (the library is pinned to rating.py).
    const expected = bootstrap(
      parseGamebench(text, { idPrefix: 'x' }).matches.map((m, k) => ({
        ...m,
        id: `gamebench-2024#${k}`,
        finishedAt: k,
        seats: m.seats.map((s) => ({ ...s, agentId: importedAgentId(s.agentId) })),
      })),
      {
        scheme: 'game-weighted',
        estimator: 'gamebench',
        rounds: 100,
        seed: 'arena-leaderboard',
        anchorAgentId: importedAgentId('random'),
        minMatches: 5,
      },
    );
    for (const row of r.rows) {
      const e = expected.agents.find((a) => a.agentId === row.agentId)!;
      expect(row.rating).toBeCloseTo(e.rating.mean!, 9);
    }
    // GameBench's ids meet the arena's games: its sea_battle is the arena's Sea Battle, per game and per category.
    const sb = await service.get(q({ dataset: 'gamebench-2024', game: 'sea-battle' }));
    expect(sb.matchesUsed).toBe(JSON.parse(text).filter((e: { game: string }) => e.game === 'sea_battle').length);
    const social = await service.get(q({ dataset: 'gamebench-2024', category: 'social-deduction' }));
    expect(social.matchesUsed).toBe(
      JSON.parse(text).filter((e: { game: string }) => ['two_rooms_and_a_boom', 'are_you_the_traitor'].includes(e.game))
        .length,
    );
    // The arena's own view on that instance is untouched: it has no matches.
    expect((await service.get(q())).matchesUsed).toBe(0);
  });

  it('refuses a bad file with one error naming the entry, and stores nothing', async () => {
    const bad = JSON.stringify([
      { game: 'pit', a: 1, b: 0 },
      { game: 'pit', a: 'one', b: 0 },
    ]);
    await expect(importDataset(other.db, { name: 'bad', text: bad })).rejects.toThrow(
      'entry 1 (game "pit"): the score of "a" must be a number (got "one")',
    );
    await expect(importDataset(other.db, { name: 'bad', text: '{"game":' })).rejects.toThrow(/^the file is not JSON/);
    await expect(importDataset(other.db, { name: 'no spaces', text: '[]' })).rejects.toThrow(
      /letters, digits, dots, dashes and underscores/,
    );
    expect((await listDatasets(other.db)).map((d) => d.name)).not.toContain('bad');
  });

  it('is read-only: a name is taken once (delete it to import again)', async () => {
    const file = JSON.stringify([{ game: 'pit', a: 1, b: 0 }]);
    await importDataset(other.db, { name: 'once', text: file });
    const again = importDataset(other.db, { name: 'once', text: file });
    await expect(again).rejects.toBeInstanceOf(DatasetError);
    await expect(again).rejects.toThrow(
      'a dataset named "once" exists already; datasets are read-only, so import under another name (or delete that one first)',
    );
    await deleteDataset(other.db, 'once');
    await expect(deleteDataset(other.db, 'once')).rejects.toThrow('there is no dataset named "once"');
  });

  it('names a missing dataset in the address, and shows the arena’s matches instead', async () => {
    const { query, problems } = await leaderboardQueryFor(other.db, { dataset: 'nope,gamebench-2024' });
    expect(query.dataset).toBeUndefined();
    expect(problems).toEqual(['dataset: there is no dataset named "nope"']);
    expect((await leaderboardQueryFor(other.db, { dataset: 'gamebench-2024', game: 'codenames' })).query).toMatchObject(
      { dataset: 'gamebench-2024', game: 'codenames' },
    );
    // A game id neither the arena's nor the dataset's is named, and all the dataset's games are shown.
    const chess = await leaderboardQueryFor(other.db, { dataset: 'gamebench-2024', game: 'chess' });
    expect(chess.query).toMatchObject({ dataset: 'gamebench-2024', game: undefined });
    expect(chess.problems).toEqual(['game: "chess" is neither an arena game nor a game of gamebench-2024']);
  });
});

describe('round trip', () => {
  it("the arena's export imported into another instance gives the identical leaderboard", async () => {
    const [random, engine, other2] = await Promise.all([
      arena.db.agent.create({ data: { name: 'Random', kind: 'random' } }),
      arena.db.agent.create({ data: { name: 'Engine', kind: 'engine', settings: { depth: 2 } } }),
      arena.db.agent.create({ data: { name: 'Engine one', kind: 'engine', settings: { depth: 1 } } }),
    ]);
    const pairs = [
      [engine.id, random.id],
      [other2.id, random.id],
      [engine.id, other2.id],
    ] as const;
    let i = 0;
    for (const [gameId, n] of [
      ['tictactoe', 4],
      ['connect-four', 4],
    ] as const) {
      for (const [a, b] of pairs) {
        for (let k = 0; k < n; k++) {
          const seats = k % 2 ? [b, a] : [a, b];
          const m = await arena.db.match.create({
            data: {
              gameId,
              seed: `rt-${i++}`,
              numPlayers: 2,
              seats: { create: seats.map((agentId, seat) => ({ seat, agentId })) },
            },
          });
          await runMatch(m.id, { store: prismaStore(arena.db), createAgent });
        }
      }
    }
    // The export of /api/export/matches.json, as a file.
    const previous = process.env.DATABASE_URL;
    process.env.DATABASE_URL = arena.url;
    const records: unknown[] = [];
    try {
      for await (const batch of exportMatchBatches({ statuses: ['finished'] }))
        records.push(...batch.filter(ratesSomeone).map(gameBenchRecord));
    } finally {
      process.env.DATABASE_URL = previous;
    }
    expect(records).toHaveLength(24);
    await importDataset(other.db, { name: 'arena-export', text: JSON.stringify(records) });

    const rounds = { rounds: 200 };
    const here = new ArenaLeaderboard(() => arena.db, computer, rounds);
    const there = new ArenaLeaderboard(() => other.db, computer, rounds);
    // Identical to 12 significant digits: the agents are indexed in another order (their ids differ), so sums run in
    // another order and may differ in the last bit.
    const r12 = (v: number | null | undefined) => (v == null ? v : Number(v.toPrecision(12)));
    const view = (r: LeaderboardResult) =>
      r.rows.map((x) => ({
        name: x.agentName,
        rank: x.rank,
        rating: r12(x.rating),
        interval: x.interval && [r12(x.interval.lower), r12(x.interval.upper)],
        matches: x.matches,
        wins: x.wins,
        draws: x.draws,
        losses: x.losses,
        total: x.totalScore,
      }));
    const views: Record<string, string>[] = [
      {},
      { method: 'trueskill' },
      { method: 'elo' },
      { game: 'connect-four' },
      { scheme: 'game-weighted' },
      { estimate: 'gamebench' },
    ];
    for (const extra of views) {
      const a = await here.get(q(extra));
      const b = await there.get(q({ ...extra, dataset: 'arena-export' }));
      expect(view(b), JSON.stringify(extra)).toEqual(view(a));
      expect(b.anchor?.agentName).toBe('Random');
    }
  });
});

describe('the CLI', () => {
  it('imports a file into a named dataset, lists and deletes it; a bad file exits 2 with the entry named', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'arena-ds-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const good = path.join(dir, 'good.json');
    const bad = path.join(dir, 'bad.json');
    await writeFile(
      good,
      JSON.stringify([
        { game: 'pit', alpha: 1, beta: 0 },
        { game: 'hive', alpha: 0.5, beta: 0.5 },
      ]),
    );
    await writeFile(
      bad,
      JSON.stringify([
        { game: 'pit', alpha: 1, beta: 0 },
        { game: 'pit', alpha: 2, beta: 0 },
      ]),
    );
    // In this process (server/cli.test.ts runs the CLI as a program too).
    const run = async (...args: string[]) => {
      let out = '';
      let err = '';
      const env = { ...process.env, DATABASE_URL: other.url };
      const code = await runCli(args, { write: (s) => (out += s), error: (s) => (err += s), env });
      return { code, out, err };
    };
    const ok = await run('import', 'gamebench', good, '--dataset', 'from-cli');
    expect(ok.err).toBe('');
    expect(ok.out).toContain('imported dataset "from-cli": 2 matches, 2 agents (alpha, beta), 2 games (hive, pit)');
    expect(ok.code).toBe(0);
    expect((await run('dataset', 'list')).out).toMatch(/^from-cli {2}2 matches {2}2 agents {2}hive,pit {2}good\.json/m);
    const refused = await run('import', 'gamebench', bad, '--dataset', 'bad-cli');
    expect(refused.code).toBe(2);
    expect(refused.err.trim()).toBe(
      'arena: entry 1 (game "pit"): the score of "alpha" must be at most 1 (GameBench scores a match in [0, 1]) (got number)',
    );
    const noName = await run('import', 'gamebench', good);
    expect(noName.code).toBe(2);
    expect(noName.err).toMatch(/needs --dataset NAME/);
    expect((await run('import', 'gamebench', path.join(dir, 'missing.json'), '--dataset', 'x')).err).toMatch(
      /cannot read .*missing\.json: no such file/,
    );
    expect((await run('dataset', 'delete', 'from-cli')).out).toContain('deleted dataset "from-cli"');
    expect((await listDatasets(other.db)).map((d) => d.name)).not.toContain('from-cli');
  });
});
