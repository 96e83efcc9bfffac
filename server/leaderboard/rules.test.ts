// The leaderboard rates each game's current rules by default (lib/match-protocol.ts `rulesKey`): results under other
// rules versions are counted and listed, never pooled unless a reader asks (`protocol=pooled`, or one key).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGame } from '../../games/registry';
import { leaderboardQuerySchema } from '../../lib/leaderboard-contract';
import { leaderboardQueryFor } from '../../lib/db/settings';
import { rulesKey, type MatchProtocol } from '../../lib/match-protocol';
import { createTestDb, type TestDb } from '../db/test-db';
import { createComputer } from './computer';
import { countFinished, loadLeaderboardData, loadLeaderboardSince } from './data';
import { loadRules } from '../../lib/db/rules';
import { viewKey } from './publication-service';
import { ArenaLeaderboard } from './service';

let t: TestDb;
const computer = createComputer();
let agents: string[] = [];
let n = 0;
const t0 = Date.UTC(2026, 0, 1);
const ttt = getGame('tictactoe')!;

/** A tictactoe protocol: the game's current version unless told, a preset, every other field as a match records it. */
const protocol = (preset: string, version = ttt.version): MatchProtocol => ({
  game: 'tictactoe',
  version,
  preset,
  agents: ['engine', 'random'],
  generator: 'hmac-sha256-chacha20',
  data: { ...ttt.data },
  judges: {},
});
const DEFAULTS = rulesKey(protocol('defaults'));
const OTHER = rulesKey(protocol('fast'));
const OLD = rulesKey(protocol('defaults', ttt.version + 1));

/** A finished tictactoe (or connect-four) match, agent 0 against agent 1, under a protocol (or none). */
async function finish(p: MatchProtocol | null, gameId = 'tictactoe') {
  const id = `rules-${n++}`;
  await t.db.match.create({
    data: {
      id,
      gameId,
      seed: id,
      numPlayers: 2,
      status: 'finished',
      finishedAt: new Date(t0 + n * 1000),
      ...(p ? { protocol: p as object } : {}),
      seats: {
        create: [
          { seat: 0, agentId: agents[n % 2]!, score: 1, outcome: 'x' },
          { seat: 1, agentId: agents[(n + 1) % 2]!, score: 0, outcome: 'x' },
        ],
      },
    },
  });
  return id;
}

const q = (o: Record<string, unknown> = {}) => leaderboardQuerySchema.parse({ game: 'tictactoe', ...o });

beforeAll(async () => {
  t = await createTestDb();
  agents = (
    await Promise.all(
      ['Random', 'Engine'].map((name, i) => t.db.agent.create({ data: { name, kind: i === 0 ? 'random' : 'engine' } })),
    )
  ).map((a) => a.id);
  // 3 under the current defaults, 2 under another preset of the current version, 4 under another version (the most
  // played, but not current), 1 without a protocol; connect-four: 2 without a protocol only.
  for (let i = 0; i < 3; i++) await finish(protocol('defaults'));
  for (let i = 0; i < 2; i++) await finish(protocol('fast'));
  for (let i = 0; i < 4; i++) await finish(protocol('defaults', ttt.version + 1));
  await finish(null);
  for (let i = 0; i < 2; i++) await finish(null, 'connect-four');
});
afterAll(async () => {
  await computer.close();
  await t?.drop();
});

describe('rules versions on the leaderboard', () => {
  it("lists a game's rules versions, the current one first: the most played at its current version, not the most played", async () => {
    const { rules, filter } = await loadRules(t.db, ['tictactoe'], 'current');
    expect(rules).toEqual([
      { game: 'tictactoe', key: DEFAULTS, label: 'tictactoe v1 · defaults', matches: 3, current: true, rated: true },
      { game: 'tictactoe', key: OLD, label: 'tictactoe v2 · defaults', matches: 4, current: false, rated: false },
      { game: 'tictactoe', key: OTHER, label: 'tictactoe v1 · fast', matches: 2, current: false, rated: false },
      {
        game: 'tictactoe',
        key: null,
        label: 'tictactoe · protocol not recorded',
        matches: 1,
        current: false,
        rated: false,
      },
    ]);
    expect(filter).toEqual({ pooled: false, keys: [DEFAULTS], unrecorded: [] });
    // A page that tells presets apart itself (the papers' per-preset tables): every preset of the current version.
    const separate = await loadRules(t.db, ['tictactoe'], 'current', { presets: 'separate' });
    expect(separate.rules.filter((r) => r.current).map((r) => r.key)).toEqual([DEFAULTS, OTHER]);
    expect(separate.filter).toEqual({ pooled: false, keys: [DEFAULTS, OTHER], unrecorded: [] });
    // A game whose matches all lack a protocol (rows older than protocols): those are its current ones.
    const c4 = await loadRules(t.db, ['connect-four'], 'current');
    expect(c4.rules).toMatchObject([{ key: null, matches: 2, current: true, rated: true }]);
    expect(c4.filter).toEqual({ pooled: false, keys: [], unrecorded: ['connect-four'] });
  });

  it('rates only the chosen rules: current by default, one key, or all pooled', async () => {
    const current = await loadLeaderboardData(t.db, q());
    expect(current.matches).toHaveLength(3);
    expect(current.finishedCount).toBe(3);
    expect((await loadLeaderboardData(t.db, q({ protocol: OLD }))).matches).toHaveLength(4);
    const pooled = await loadLeaderboardData(t.db, q({ protocol: 'pooled' }));
    expect(pooled.matches).toHaveLength(10);
    expect(pooled.rules.every((r) => r.rated)).toBe(true);
    // Several games: each game's current rules (tictactoe's defaults, connect-four's unrecorded matches).
    const both = await loadLeaderboardData(t.db, { humans: 'each', protocol: 'current' });
    expect(both.matches.map((m) => m.gameId).sort()).toEqual([
      'connect-four',
      'connect-four',
      'tictactoe',
      'tictactoe',
      'tictactoe',
    ]);
    // "N matches finished since" counts under the same rules.
    expect(await countFinished(t.db, ['tictactoe'], current.filter)).toBe(3);
    expect(await countFinished(t.db, ['tictactoe'], pooled.filter)).toBe(10);
  });

  it('the service presents the rules, keeps each choice its own view, and counts only its rules as new', async () => {
    const s = new ArenaLeaderboard(() => t.db, computer, { rounds: 10, eagerWindowMs: 0, freshWaitMs: 0 });
    const current = await s.get(q());
    expect(current.matchesUsed).toBe(3);
    expect(current.rules.filter((r) => r.rated).map((r) => r.key)).toEqual([DEFAULTS]);
    expect((await s.get(q({ protocol: 'pooled' }))).matchesUsed).toBe(10);
    expect((await s.get(q({ protocol: OTHER }))).matchesUsed).toBe(2);
    // A match under other rules ends: the current view is out of date by none of its own.
    await finish(protocol('defaults', ttt.version + 1));
    s.markStale();
    const after = await s.get(q());
    expect(after.newMatches).toBe(0);
  });

  it('reads the view whole again when another rules version becomes current', async () => {
    const before = await loadLeaderboardData(t.db, q());
    expect(await loadLeaderboardSince(t.db, q(), before.watermark!, before)).not.toBeNull();
    // Two more under "fast": 4 against the defaults' 3, so "fast" is now the current rules.
    await finish(protocol('fast'));
    await finish(protocol('fast'));
    expect(await loadLeaderboardSince(t.db, q(), before.watermark!, before)).toBeNull();
    const now = await loadLeaderboardData(t.db, q());
    expect(now.rules[0]).toMatchObject({ key: OTHER, current: true, matches: 4 });
    expect(now.matches).toHaveLength(4);
  });

  it('refuses a rules key no rated match of the view was played under, in words', async () => {
    const known = await leaderboardQueryFor(t.db, { game: 'tictactoe', protocol: OLD });
    expect(known.problems).toEqual([]);
    expect(known.query.protocol).toBe(OLD);
    const unknown = await leaderboardQueryFor(t.db, { game: 'tictactoe', protocol: '0123456789abcdef' });
    expect(unknown.problems).toEqual([
      'protocol: no finished rated match of tictactoe was played under the rules "0123456789abcdef" (the API\'s `rules` lists each key with its matches)',
    ]);
    expect(unknown.query.protocol).toBe('current');
    // A key of another game's rules is not this game's.
    const other = await leaderboardQueryFor(t.db, { game: 'connect-four', protocol: OLD });
    expect(other.query.protocol).toBe('current');
    const bad = await leaderboardQueryFor(t.db, { protocol: 'newest' });
    expect(bad.problems).toEqual([
      'protocol: "newest" is not valid (one of current, pooled, or a rules key of 16 hex digits)',
    ]);
    expect(bad.issues[0]!.instead).toBe('each game’s current rules');
  });

  it("keeps publication runs' views apart by rules; pooled keeps the key of runs made before rules were recorded", () => {
    expect(viewKey({ gameIds: ['tictactoe'], humans: 'each', protocol: 'pooled' })).toBe(
      JSON.stringify([['tictactoe'], 'game-weighted', 'each']),
    );
    expect(viewKey({ gameIds: ['tictactoe'], humans: 'each', protocol: 'current' })).not.toBe(
      viewKey({ gameIds: ['tictactoe'], humans: 'each', protocol: OLD }),
    );
  });

  it("the papers' own tables and LLMArena's analysis read the current rules too, and a page names a bad choice", async () => {
    process.env.DATABASE_URL = t.url; // the pages' Prisma client
    const { getGameMetrics } = await import('../../lib/db/game-analyses');
    const { pageRules } = await import('../../lib/db/rules');
    const current = await pageRules(t.db, ['tictactoe'], undefined);
    expect(current).toMatchObject({ protocol: 'current', problem: null });
    const rated = (await loadLeaderboardData(t.db, q())).matches.length;
    const perAgent = (m: Awaited<ReturnType<typeof getGameMetrics>>) =>
      m.results.reduce((n, r) => n + r.matches, 0) / 2; // two agents in every match
    expect(perAgent(await getGameMetrics('tictactoe', current.filter))).toBe(rated);
    const pooled = await pageRules(t.db, ['tictactoe'], 'pooled');
    expect(perAgent(await getGameMetrics('tictactoe', pooled.filter))).toBe(
      (await loadLeaderboardData(t.db, q({ protocol: 'pooled' }))).matches.length,
    );
    expect((await pageRules(t.db, ['tictactoe'], 'newest')).problem).toBe(
      'protocol: "newest" is not valid (one of current, pooled, or a rules key of 16 hex digits)',
    );
    const unknown = await pageRules(t.db, ['tictactoe'], '0123456789abcdef');
    expect(unknown).toMatchObject({
      protocol: 'current',
      problem: 'protocol: no finished rated match of tictactoe was played under the rules "0123456789abcdef"',
    });
  });
});
