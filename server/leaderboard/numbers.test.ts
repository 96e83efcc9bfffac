// Every number the leaderboard shows is its own: a missing TrueSkill rating is missing (never Elo's number), ranked
// last and kept off the chart; the normalized score flags few matches; Hanabi and the Cooperation category show the
// team scores; an address the page cannot use is named, with what is shown instead, as the API's 400 says; the API
// names the rules versions of the matches it rates, rating the current one unless asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  leaderboardDataLinks,
  leaderboardQuerySchema,
  leaderboardSearch,
  registerLeaderboardService,
} from '../../lib/leaderboard-contract';
import { rulesKey, type MatchProtocol } from '../../lib/match-protocol';
import { leaderboardQueryFor } from '../../lib/db/settings';
import { createTestDb, type TestDb } from '../db/test-db';
import { createComputer } from './computer';
import { ArenaLeaderboard } from './service';

let t: TestDb;
const computer = createComputer();
let service: ArenaLeaderboard;
const ids: Record<string, string> = {};
const q = (x: Record<string, string> = {}) => leaderboardQuerySchema.parse(x);
let tick = 0;

async function match(gameId: string, seats: [string, number, string?][], rewards?: number[]) {
  const teams = seats.some((s) => s[2]) ? seats.map((s) => s[2] ?? null) : undefined;
  await t.db.match.create({
    data: {
      gameId,
      seed: `n-${tick}`,
      numPlayers: seats.length,
      status: 'finished',
      finishedAt: new Date(Date.UTC(2026, 0, 1) + tick++ * 1000),
      result: {
        scores: seats.map((s) => s[1]),
        reason: 'r',
        winner: null,
        ...(teams ? { teams } : {}),
        ...(rewards ? { rewards } : {}),
      },
      seats: { create: seats.map(([a, score], seat) => ({ seat, agentId: ids[a]!, score })) },
    },
  });
}

beforeAll(async () => {
  t = await createTestDb();
  for (const name of ['X', 'Y', 'Z', 'W'])
    ids[name] = (await t.db.agent.create({ data: { name, kind: 'llm', model: name } })).id;
  // Y, Z and W play Tic-Tac-Toe: each rated by every method.
  for (let i = 0; i < 6; i++)
    await match('tictactoe', [
      ['Y', i % 2],
      ['Z', 1 - (i % 2)],
    ]);
  await match('tictactoe', [
    ['W', 1],
    ['Y', 0],
  ]);
  // X only ever played Who is the spy on both sides (a spy and a villager seat): Bradley-Terry compares it with the
  // others, TrueSkill cannot rate a player against itself and leaves such matches out.
  for (let i = 0; i < 6; i++)
    await match('spy', [
      ['X', 0, 'spy'],
      ['Y', 0, 'spy'],
      ['X', 1 / 3, 'villager'],
      ['Z', 1 / 3, 'villager'],
      ['W', 1 / 3, 'villager'],
    ]);
  // Hanabi: cooperative only, a mixed team (Y + Z).
  for (let i = 0; i < 6; i++)
    await match(
      'hanabi',
      [
        ['Y', 0.5, 'team'],
        ['Z', 0.5, 'team'],
      ],
      [10 + i, 10 + i],
    );
  // Bid, normalized by average reward (the stored result's rewards): W 30 and 20, Z 10 and 0.
  await match(
    'bid',
    [
      ['W', 1],
      ['Z', 0],
    ],
    [30, 10],
  );
  await match(
    'bid',
    [
      ['W', 1],
      ['Z', 0],
    ],
    [20, 0],
  );
  service = new ArenaLeaderboard(() => t.db, computer, { rounds: 50 });
});

afterAll(async () => {
  await computer.close();
  await t?.drop();
});

describe('a missing rating', () => {
  it('is shown as missing under TrueSkill, with why, ranked after every rated agent — never as its Elo', async () => {
    const ts = await service.get(q({ method: 'trueskill' }));
    const x = ts.rows.find((r) => r.agentId === ids.X)!;
    expect(x.trueskill).toBeNull();
    expect(x.rating).toBeNull();
    expect(x.rating).not.toBe(x.elo);
    expect(x.rank).toBeNull();
    expect(x.interval).toBeNull();
    expect(x.missing).toMatch(/TrueSkill cannot rate a player against itself/);
    expect(ts.rows.at(-1)!.agentId).toBe(ids.X);
    for (const r of ts.rows.slice(0, -1)) {
      expect(r.rating).toBe(r.trueskill!.mu);
      expect(r.rank).toBeGreaterThanOrEqual(1);
    }
    // Bradley-Terry and Elo rate X (it met the others), with its record by side: the villagers won, it sat on both.
    const bt = (await service.get(q())).rows.find((r) => r.agentId === ids.X)!;
    expect(bt.rating).not.toBeNull();
    expect([bt.matches, bt.wins, bt.draws, bt.losses]).toEqual([6, 0, 6, 0]);
    expect((await service.get(q({ method: 'elo' }))).rows.find((r) => r.agentId === ids.X)!.rating).toBe(bt.elo);
  });
});

describe('the normalized score', () => {
  it('is LLMArena Table 1 (TrueSkill μ / best μ) and flags a percentage that stands on fewer than five results', async () => {
    const r = await service.get(q({ game: 'tictactoe' }));
    const mu = (id: string) => r.rows.find((x) => x.agentId === id)!.trueskill!.mu;
    const w = r.normalized.rows.find((x) => x.agentId === ids.W)!;
    // W won its one match: the best TrueSkill μ of Tic-Tac-Toe, 100, from one result.
    expect(r.normalized.metrics).toEqual({ tictactoe: 'trueskill' });
    expect(w.perGame.tictactoe).toEqual({ percent: 100, raw: mu(ids.W!), matches: 1, lowData: true });
    expect(w.averageLowData).toBe(true);
    const y = r.normalized.rows.find((x) => x.agentId === ids.Y)!;
    expect(y.perGame.tictactoe).toMatchObject({ matches: 7, lowData: false });
    expect(y.perGame.tictactoe!.raw).toBeCloseTo(mu(ids.Y!), 12);
    expect(y.perGame.tictactoe!.percent).toBeCloseTo((100 * mu(ids.Y!)) / mu(ids.W!), 12);
  });

  it('reads each game’s metric: Bid by the stored rewards; a game nobody scores in is left out', async () => {
    const all = await service.get(q());
    // Who is the spy: the spies (X, Y) never won, so the best win rate is 0 and the game has no percentage.
    expect(all.normalized.games).toEqual(['bid', 'tictactoe']);
    expect(all.normalized.metrics).toEqual({ bid: 'reward', tictactoe: 'trueskill' });
    const cell = (id: string) => all.normalized.rows.find((x) => x.agentId === id)!.perGame.bid;
    expect(cell(ids.W!)).toEqual({ percent: 100, raw: 25, matches: 2, lowData: true });
    expect(cell(ids.Z!)).toEqual({ percent: 20, raw: 5, matches: 2, lowData: true });
    // X played only Who is the spy (left out) and Tic-Tac-Toe never: no value in the table, no row.
    expect(all.normalized.rows.some((x) => x.agentId === ids.X)).toBe(false);
    expect(all.normalized.rows.find((x) => x.agentId === ids.Y)!.perGame.bid).toBeNull();
  });
});

describe('cooperative games', () => {
  it('Hanabi and the Cooperation category: no ratings, the team scores, and the matches said apart', async () => {
    for (const query of [q({ game: 'hanabi' }), q({ category: 'cooperation' })]) {
      const r = await service.get(query);
      expect(r.rows).toEqual([]);
      expect(r.matchesUsed).toBe(0);
      expect(r.cooperativeMatches).toBe(6);
      // Y + Z is a mixed team: not LLMArena's (one model in every seat), so reported apart, not pooled into Y and Z.
      expect(r.cooperative).toEqual([]);
      expect(r.cooperativeMixed.map((c) => [c.gameId, c.agents.map((a) => a.agentName), c.matches, c.mean])).toEqual([
        ['hanabi', ['Y', 'Z'], 6, 12.5],
      ]);
    }
    const all = await service.get(q());
    expect(all.matchesUsed).toBe(15); // 7 Tic-Tac-Toe, 6 Who is the spy, 2 Bid
    expect(all.cooperativeMatches).toBe(6);
  });
});

describe('the address', () => {
  it('names every parameter it cannot use and what is shown instead; the API says the same', async () => {
    const bad = await leaderboardQueryFor(t.db, { game: 'nope', method: 'foo', interval: '95' });
    expect(bad.query).toMatchObject({ game: undefined, method: 'bt', interval: '95' });
    expect(bad.issues).toEqual([
      { key: 'game', message: 'game: "nope" is not a registered game', instead: 'all games' },
      { key: 'method', message: 'method: "foo" is not valid (one of bt, trueskill, elo)', instead: 'Bradley-Terry' },
    ]);
    expect(bad.problems).toEqual(bad.issues.map((i) => i.message));
    const deep = await leaderboardQueryFor(t.db, { game: 'deep' });
    expect(deep.issues).toEqual([
      {
        key: 'game',
        message: expect.stringMatching(/^game: DEEP .* is a judged evaluation and is never rated/),
        instead: 'all games',
      },
    ]);
    expect((await leaderboardQueryFor(t.db, { game: 'hanabi', method: 'elo' })).issues).toEqual([]);

    process.env.DATABASE_URL = t.url;
    const { GET } = await import('../../app/api/leaderboard/route');
    const res = await GET(new Request('http://arena.test/api/leaderboard?game=nope&method=foo'));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { problems: string[] }).problems).toEqual(bad.problems);
  });

  it('the data links carry the filters: the exports the games shown, the API every parameter', () => {
    const links = (x: Record<string, string>) =>
      Object.fromEntries(leaderboardDataLinks(q(x)).map((l) => [l.label, l.href]));
    expect(links({ game: 'tictactoe', method: 'trueskill' })).toEqual({
      JSON: '/api/export/matches.json?game=tictactoe',
      CSV: '/api/export/matches.csv?game=tictactoe',
      JSONL: '/api/export/matches.jsonl?game=tictactoe',
      API: '/api/leaderboard?game=tictactoe&method=trueskill&humans=each',
    });
    expect(links({ category: 'cooperation', humans: 'hide' })).toMatchObject({
      CSV: '/api/export/matches.csv?category=cooperation',
      API: '/api/leaderboard?category=cooperation&humans=hide',
    });
    expect(links({}).JSON).toBe('/api/export/matches.json');
    expect(leaderboardSearch(q({ humans: 'hide' }), { humans: 'hide' })).toBe('');
  });
});

describe('the protocols', () => {
  it("the API's JSON names each protocol of the matches it rates, with its label and count", async () => {
    const protocol: MatchProtocol = {
      game: 'tictactoe',
      version: 1,
      preset: 'defaults',
      agents: ['base/v2'],
      generator: 'hmac-sha256-chacha20',
      data: {},
      judges: {},
    };
    // Four of the seven Tic-Tac-Toe matches have a recorded protocol; the other three were stored without one.
    await t.db.$executeRaw`UPDATE matches SET protocol = ${JSON.stringify(protocol)}::jsonb
      WHERE id IN (SELECT id FROM matches WHERE game_id = 'tictactoe' ORDER BY finished_at LIMIT 4)`;
    // The matches changed in place: a service of its own (the worker thread's state of this view, read before, is
    // read whole again: the rules it rates are no longer those it read).
    registerLeaderboardService(new ArenaLeaderboard(() => t.db, computer, { rounds: 50 }));
    process.env.DATABASE_URL = t.url;
    const { GET } = await import('../../app/api/leaderboard/route');
    const res = await GET(new Request('http://arena.test/api/leaderboard?game=tictactoe'));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { matchesUsed: number; rules: unknown };
    // Its rules versions: the recorded one is current (the game's version, most played), the three without one are
    // listed and left out.
    expect(body.rules).toEqual([
      {
        game: 'tictactoe',
        key: rulesKey(protocol),
        label: 'tictactoe v1 · defaults',
        matches: 4,
        current: true,
        rated: true,
      },
      {
        game: 'tictactoe',
        key: null,
        label: 'tictactoe · protocol not recorded',
        matches: 3,
        current: false,
        rated: false,
      },
    ]);
    expect(body.matchesUsed).toBe(4);
    // Pooled, on request: all seven, every version marked rated.
    const pooled = await GET(new Request('http://arena.test/api/leaderboard?game=tictactoe&protocol=pooled'));
    const all = (await pooled.json()) as { matchesUsed: number; rules: { rated: boolean }[] };
    expect(all.matchesUsed).toBe(7);
    expect(all.rules.map((r) => r.rated)).toEqual([true, true]);
    // The page's data links carry the choice to the exports.
    const links = leaderboardDataLinks(q({ game: 'tictactoe', protocol: 'pooled' }));
    expect(links[0]!.href).toBe('/api/export/matches.json?game=tictactoe&protocol=pooled');
  });
});

describe("GameBench's nine games", () => {
  it("suite=gamebench rates only them, and gives each agent's β on GameBench's centred scale", async () => {
    const gamebench = q({ suite: 'gamebench', estimate: 'gamebench', scheme: 'game-weighted' });
    // Nothing of Tic-Tac-Toe, Who is the spy, Hanabi or Bid: none is GameBench's.
    expect((await service.get(gamebench)).rows).toEqual([]);
    for (let i = 0; i < 6; i++)
      await match('hive', [
        ['Y', i < 4 ? 1 : 0],
        ['Z', i < 4 ? 0 : 1],
      ]);
    await match('hive', [
      ['W', 1],
      ['Z', 0],
    ]);
    // A service that has not cached the empty view (the first one serves it until it recomputes).
    const fresh = new ArenaLeaderboard(() => t.db, computer, { rounds: 50 });
    const gb = await fresh.get(gamebench);
    expect(gb.query.suite).toBe('gamebench');
    expect(gb.rows.map((r) => r.agentId).sort()).toEqual([ids.W, ids.Y, ids.Z].sort()); // X never played Hive
    expect(gb.rows.find((r) => r.agentId === ids.Y)!.matches).toBe(6); // its Tic-Tac-Toe left out
    // Centred: each agent's mean β less the agents' mean, so they add up to 0 and keep their differences.
    const centred = gb.rows.map((r) => r.bt!.centred!);
    expect(centred.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 9);
    const [a, b] = gb.rows;
    expect(a!.bt!.centred! - b!.bt!.centred!).toBeCloseTo(a!.bt!.betaMean! - b!.bt!.betaMean!, 9);
    // The view of every game still counts Y's Tic-Tac-Toe.
    const all = await fresh.get(q({ estimate: 'gamebench', scheme: 'game-weighted' }));
    expect(all.rows.find((r) => r.agentId === ids.Y)!.matches).toBeGreaterThan(6);
  });
});

describe('an agent whose results are all draws', () => {
  it('keeps its Bradley-Terry rating but no interval (resamples of draws all fit the same), and says so', async () => {
    ids.T = (await t.db.agent.create({ data: { name: 'T', kind: 'llm', model: 'T' } })).id;
    // T only ever drew, with Y, in Connect Four: enough matches for an interval, none decisive.
    for (let i = 0; i < 6; i++)
      await match('connect-four', [
        ['T', 0.5],
        ['Y', 0.5],
      ]);
    const fresh = new ArenaLeaderboard(() => t.db, computer, { rounds: 50 });
    const game = await fresh.get(q({ game: 'connect-four' }));
    for (const r of game.rows) {
      // In this view both only drew: equal ratings, neither with an interval of no width.
      expect([r.wins, r.losses, r.noDecisive, r.interval]).toEqual([0, 0, true, null]);
      expect(r.rating).toBeCloseTo(1000, 6);
    }
    // Over every game Y has decisive results (its interval stays); T still has none.
    const all = await fresh.get(q());
    const [t2, y] = [ids.T, ids.Y].map((id) => all.rows.find((r) => r.agentId === id)!);
    expect([t2!.noDecisive, t2!.interval]).toEqual([true, null]);
    expect(y!.noDecisive).toBe(false);
    expect(y!.interval).not.toBeNull();
    // TrueSkill's σ says how sure it is, draws or not: its interval stays.
    const ts = await fresh.get(q({ method: 'trueskill', game: 'connect-four' }));
    expect(ts.rows.every((r) => r.interval !== null)).toBe(true);
  });
});
