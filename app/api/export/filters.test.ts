// The exports honour the leaderboard's filters (`game`, `category`, `protocol`), refuse unknown ones with a readable 400, and say
// which matches rate no one (`rated`: a person's early resignation, a judged evaluation), and name each match's
// protocol (CSV and JSONL), on a real Postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protocolKey, rulesKey, type MatchProtocol } from '../../../lib/match-protocol';
import { createTestDb, type TestDb } from '../../../server/db/test-db';

let t: TestDb;
const PROTOCOL: MatchProtocol = {
  game: 'tictactoe',
  version: 1,
  preset: 'defaults',
  agents: ['random'],
  generator: 'hmac-sha256-chacha20',
  data: {},
  judges: {},
};
let routes: {
  json: (r: Request) => Promise<Response>;
  csv: (r: Request) => Promise<Response>;
  jsonl: (r: Request) => Promise<Response>;
};

beforeAll(async () => {
  t = await createTestDb();
  process.env.DATABASE_URL = t.url;
  const [a, b] = await Promise.all(
    ['ex-a', 'ex-b'].map((name) => t.db.agent.create({ data: { name, kind: 'random' } })),
  );
  let n = 0;
  const finished = (gameId: string, scores: number[], teams?: string[]) =>
    t.db.match.create({
      data: {
        gameId,
        seed: `ex-${n}`,
        ...(gameId === 'tictactoe' ? { protocol: PROTOCOL as object } : {}),
        numPlayers: scores.length,
        status: 'finished',
        finishedAt: new Date(Date.UTC(2026, 0, 1) + n++ * 1000),
        result: { scores, reason: 'r', winner: null, ...(teams ? { teams } : {}) },
        seats: {
          create: scores.map((score, seat) => ({ seat, agentId: seat % 2 ? b!.id : a!.id, score, outcome: 'draw' })),
        },
      },
    });
  await finished('tictactoe', [1, 0]);
  await finished('connect-four', [0, 1]);
  await finished('hanabi', [0.5, 0.5], ['team', 'team']);
  await finished('deep', [0.5, 0.5]);
  routes = {
    json: (await import('./matches.json/route')).GET,
    csv: (await import('./matches.csv/route')).GET,
    jsonl: (await import('./matches.jsonl/route')).GET,
  };
});
afterAll(async () => {
  await t?.drop();
});

const get = (path: string) => new Request(`http://arena.test${path}`);
const csvGames = async (res: Response) =>
  [
    ...new Set(
      (await res.text())
        .split('\r\n')
        .slice(1)
        .filter(Boolean)
        .map((l) => l.split(',')[1]),
    ),
  ].sort();

describe('export filters', () => {
  it('game: every export keeps that game only', async () => {
    expect(
      ((await (await routes.json(get('/api/export/matches.json?game=tictactoe'))).json()) as { game: string }[]).map(
        (r) => r.game,
      ),
    ).toEqual(['tictactoe']);
    expect(await csvGames(await routes.csv(get('/api/export/matches.csv?game=connect-four')))).toEqual([
      'connect-four',
    ]);
    const lines = (await (await routes.jsonl(get('/api/export/matches.jsonl?game=hanabi'))).text()).trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { game: string }).game)).toEqual(['hanabi']);
  });

  it('category: the games of that reasoning category, as the leaderboard shows them', async () => {
    expect(await csvGames(await routes.csv(get('/api/export/matches.csv?category=cooperation')))).toEqual(['hanabi']);
    const abstract = (await (await routes.json(get('/api/export/matches.json?category=abstract-strategy'))).json()) as {
      game: string;
    }[];
    expect(abstract.map((r) => r.game).sort()).toEqual(['connect-four', 'tictactoe']);
    // Both: a game of that category, or nothing.
    expect(
      await csvGames(await routes.csv(get('/api/export/matches.csv?game=hanabi&category=abstract-strategy'))),
    ).toEqual([]);
  });

  it('refuses an unknown game or category with a readable 400', async () => {
    for (const route of [routes.json, routes.csv, routes.jsonl]) {
      const bad = await route(get('/x?game=nope'));
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toBe('unknown game "nope"');
      const cat = await route(get('/x?category=luck'));
      expect(cat.status).toBe(400);
      expect(((await cat.json()) as { error: string }).error).toMatch(
        /^unknown category "luck": one of abstract-strategy/,
      );
    }
  });

  it('a judged evaluation is never in the GameBench export and rates no one in the CSV and JSONL', async () => {
    const all = (await (await routes.json(get('/api/export/matches.json'))).json()) as { game: string }[];
    expect(all.map((r) => r.game).sort()).toEqual(['connect-four', 'hanabi', 'tictactoe']);
    const rows = (await (await routes.csv(get('/api/export/matches.csv?game=deep'))).text())
      .split('\r\n')
      .slice(1)
      .filter(Boolean);
    expect(rows.map((l) => l.split(',').at(-1))).toEqual(['false', 'false']);
    const deep = JSON.parse((await (await routes.jsonl(get('/api/export/matches.jsonl?game=deep'))).text()).trim()) as {
      rated: boolean;
    };
    expect(deep.rated).toBe(false);
  });

  it("names each match's protocol: its key and the object in the CSV and JSONL, null where none is recorded", async () => {
    const key = protocolKey(PROTOCOL);
    const jsonl = (await (await routes.jsonl(get('/api/export/matches.jsonl?game=tictactoe'))).text()).trim();
    expect((JSON.parse(jsonl) as { protocol: unknown }).protocol).toEqual({ key, ...PROTOCOL });
    const csv = (await (await routes.csv(get('/api/export/matches.csv?game=tictactoe'))).text()).split('\r\n');
    const keyColumn = csv[0]!.split(',').indexOf('protocol_key');
    expect(csv[1]!.split(',')[keyColumn]).toBe(key);
    expect(csv[1]).toContain('""preset"":""defaults""');
    const hanabi = (await (await routes.jsonl(get('/api/export/matches.jsonl?game=hanabi'))).text()).trim();
    expect((JSON.parse(hanabi) as { protocol: unknown }).protocol).toBeNull();
  });

  it("exports each game's current rules unless asked: pooled, or one rules key; a bad choice is a readable 400", async () => {
    // Two Tic-Tac-Toe matches under another version of its rules (not the game's current version).
    const later = { ...PROTOCOL, version: 2 };
    const [a] = await t.db.agent.findMany({ where: { name: 'ex-a' } });
    const [b] = await t.db.agent.findMany({ where: { name: 'ex-b' } });
    for (const i of [0, 1])
      await t.db.match.create({
        data: {
          gameId: 'tictactoe',
          seed: `ex-later-${i}`,
          protocol: later as object,
          numPlayers: 2,
          status: 'finished',
          finishedAt: new Date(Date.UTC(2026, 0, 2) + i * 1000),
          result: { scores: [1, 0], reason: 'r', winner: 0 },
          seats: {
            create: [
              { seat: 0, agentId: a!.id, score: 1, outcome: 'win' },
              { seat: 1, agentId: b!.id, score: 0, outcome: 'loss' },
            ],
          },
        },
      });
    const count = async (path: string) => ((await (await routes.json(get(path))).json()) as unknown[]).length;
    expect(await count('/api/export/matches.json?game=tictactoe')).toBe(1);
    expect(await count('/api/export/matches.json?game=tictactoe&protocol=pooled')).toBe(3);
    expect(await count(`/api/export/matches.json?game=tictactoe&protocol=${rulesKey(later)}`)).toBe(2);
    const jsonl = (await (await routes.jsonl(get('/api/export/matches.jsonl?protocol=pooled'))).text()).trim();
    expect(jsonl.split('\n').filter((l) => l.includes('"tictactoe"'))).toHaveLength(3);
    const pooled = await routes.csv(get('/api/export/matches.csv?game=tictactoe&protocol=pooled'));
    expect(pooled.headers.get('content-disposition')).toBe('attachment; filename="arena-matches-tictactoe-pooled.csv"');
    const bad = await routes.csv(get('/api/export/matches.csv?protocol=newest'));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe(
      'protocol: "newest" is not valid (one of current, pooled, or a rules key of 16 hex digits)',
    );
  });
});
