// The record rule on a real Postgres: a hand-built set of matches (two-player, Who is the spy by side with a host in
// several seats, cooperative, evaluation, void, unrated, self-play, running) whose W/D/L and match counts are worked
// out by hand, and found identical on the leaderboard, the agents list, an agent's page and its match list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../server/db/test-db';
import { createComputer } from '../server/leaderboard/computer';
import { ArenaLeaderboard } from '../server/leaderboard/service';
import { leaderboardQuerySchema } from './leaderboard-contract';
import { agentRecords, getAgent, getAgentsPage } from './db/agents';
import { getAgentMatches } from './db/matches';
import { matchKind, recordResult } from './records';

let t: TestDb;
const computer = createComputer();
const ids: Record<string, string> = {};
let tick = 0;

type SeatSpec = [agent: string, score: number, team?: string];

async function match(
  gameId: string,
  seats: SeatSpec[],
  opts: { status?: string; rated?: boolean; rewards?: number[] } = {},
) {
  const status = opts.status ?? 'finished';
  const teams = seats.some((s) => s[2]) ? seats.map((s) => s[2] ?? null) : undefined;
  const over = status === 'finished' || status === 'failed';
  await t.db.match.create({
    data: {
      gameId,
      seed: `rec-${tick}`,
      numPlayers: seats.length,
      status,
      rated: opts.rated ?? true,
      finishedAt: over ? new Date(Date.UTC(2026, 0, 1) + tick++ * 1000) : null,
      startedAt: new Date(),
      result:
        status === 'finished'
          ? {
              scores: seats.map((s) => s[1]),
              reason: 'hand-built',
              winner: null,
              ...(teams ? { teams } : {}),
              ...(opts.rewards ? { rewards: opts.rewards } : {}),
            }
          : undefined,
      seats: {
        create: seats.map(([agent, score], seat) => ({
          seat,
          agentId: ids[agent]!,
          ...(status === 'finished' ? { score } : {}),
        })),
      },
    },
  });
}

/** What the rule gives, worked out by hand from the matches below (W, D, L; then what is listed apart). */
const EXPECTED = {
  // m1 W, m2 D, m3 L, m4 L (the spy, voted out), m6 W (a villager) — m8 cooperative, m9 evaluation, m10 void, m11 unrated, m13 running
  G1: {
    played: 5,
    wins: 2,
    draws: 1,
    losses: 2,
    apart: { cooperative: 1, evaluation: 1, voided: 1, unrated: 1, noOpponent: 0, otherGame: 0 },
    open: 1,
  },
  // m1 L, m2 D, m6 L (the spy) — m10 void, m11 unrated
  R: {
    played: 3,
    wins: 0,
    draws: 1,
    losses: 2,
    apart: { cooperative: 0, evaluation: 0, voided: 1, unrated: 1, noOpponent: 0, otherGame: 0 },
    open: 0,
  },
  // m3 W, m7 W (a villager) — m13 running
  E: {
    played: 2,
    wins: 2,
    draws: 0,
    losses: 0,
    apart: { cooperative: 0, evaluation: 0, voided: 0, unrated: 0, noOpponent: 0, otherGame: 0 },
    open: 1,
  },
  // m4 W (all three villager seats: once), m5 L (all three villager seats), m6 W (one villager), m7 D (on both sides) — m8 cooperative, m9 evaluation (two judge seats)
  H: {
    played: 4,
    wins: 2,
    draws: 1,
    losses: 1,
    apart: { cooperative: 1, evaluation: 1, voided: 0, unrated: 0, noOpponent: 0, otherGame: 0 },
    open: 0,
  },
  // m5 W (the spy), m6 W (a villager), m7 L (a spy) — m12 self-play
  G2: {
    played: 3,
    wins: 2,
    draws: 0,
    losses: 1,
    apart: { cooperative: 0, evaluation: 0, voided: 0, unrated: 0, noOpponent: 1, otherGame: 0 },
    open: 0,
  },
};
type Name = keyof typeof EXPECTED;

beforeAll(async () => {
  t = await createTestDb();
  process.env.DATABASE_URL = t.url;
  for (const [name, kind] of [
    ['G1', 'llm'],
    ['G2', 'llm'],
    ['H', 'llm'],
    ['R', 'random'],
    ['E', 'engine'],
  ] as const) {
    ids[name] = (await t.db.agent.create({ data: { name: `rec-${name}`, kind } })).id;
  }
  const third = 1 / 3;
  await match('tictactoe', [
    ['G1', 1],
    ['R', 0],
  ]); // m1
  await match('tictactoe', [
    ['G1', 0.5],
    ['R', 0.5],
  ]); // m2
  await match('connect-four', [
    ['E', 1],
    ['G1', 0],
  ]); // m3
  // m4: host/guest, the guest G1 is the spy, the host H fills every villager seat; the villagers win.
  await match('spy', [
    ['G1', 0, 'spy'],
    ['H', third, 'villager'],
    ['H', third, 'villager'],
    ['H', third, 'villager'],
  ]);
  // m5: the guest G2 is the spy and survives.
  await match('spy', [
    ['H', 0, 'villager'],
    ['G2', 1, 'spy'],
    ['H', 0, 'villager'],
    ['H', 0, 'villager'],
  ]);
  // m6: distinct villagers G1, G2, H against the spy R; the villagers win (each scores ⅓ and each won).
  await match('spy', [
    ['G1', third, 'villager'],
    ['G2', third, 'villager'],
    ['R', 0, 'spy'],
    ['H', third, 'villager'],
  ]);
  // m7: two spies, G2 and H; H also holds two villager seats beside E; the villagers win. H sits on both sides.
  await match('spy', [
    ['G2', 0, 'spy'],
    ['H', 0, 'spy'],
    ['H', third, 'villager'],
    ['H', third, 'villager'],
    ['E', third, 'villager'],
  ]);
  await match(
    'hanabi',
    [
      ['G1', 0.5, 'team'],
      ['H', 0.5, 'team'],
    ],
    { rewards: [14, 14] },
  ); // m8
  await match('deep', [
    ['G1', third],
    ['H', third],
    ['H', third],
  ]); // m9
  await match(
    'tictactoe',
    [
      ['G1', 0],
      ['R', 0],
    ],
    { status: 'failed' },
  ); // m10
  await match(
    'tictactoe',
    [
      ['G1', 1],
      ['R', 0],
    ],
    { rated: false },
  ); // m11
  await match('tictactoe', [
    ['G2', 1],
    ['G2', 0],
  ]); // m12
  await match(
    'tictactoe',
    [
      ['G1', 0],
      ['E', 0],
    ],
    { status: 'running' },
  ); // m13
});

afterAll(async () => {
  await computer.close();
  await t?.drop();
});

describe('the record rule', () => {
  it('gives the hand-computed records in SQL (the agents list and pages)', async () => {
    const records = await agentRecords(Object.values(ids));
    for (const [name, want] of Object.entries(EXPECTED)) {
      expect({ name, ...records.get(ids[name]!)! }).toEqual({ name, ...want, cancelled: 0 });
    }
  });

  it('the leaderboard, the agents list, the agent page and its match list agree, match for match', async () => {
    const board = await new ArenaLeaderboard(() => t.db, computer, { rounds: 20 }).get(
      leaderboardQuerySchema.parse({ humans: 'each' }),
    );
    const list = await getAgentsPage(1, 'agents');
    // m1–m7: the rated, competitive matches with an opponent (m12 is self-play).
    expect(board.matchesUsed).toBe(7);
    expect(board.cooperativeMatches).toBe(1);
    for (const name of Object.keys(EXPECTED) as Name[]) {
      const want = EXPECTED[name];
      const wdl = { played: want.played, wins: want.wins, draws: want.draws, losses: want.losses };
      const row = board.rows.find((r) => r.agentId === ids[name])!;
      expect({ name, played: row.matches, wins: row.wins, draws: row.draws, losses: row.losses }).toEqual({
        name,
        ...wdl,
      });
      const card = list.items.find((a) => a.id === ids[name])!;
      expect({ name, played: card.played, wins: card.wins, draws: card.draws, losses: card.losses }).toEqual({
        name,
        ...wdl,
      });
      const page = (await getAgent(ids[name]!))!;
      expect({ name, played: page.played, wins: page.wins, draws: page.draws, losses: page.losses }).toEqual({
        name,
        ...wdl,
      });
      expect(page.voided).toBe(want.apart.voided);
      expect(page.unrated).toBe(want.apart.unrated);
      // The match list labels each match by the same rule: its counted rows add up to the record.
      const { live, ended } = await getAgentMatches(ids[name]!);
      const rows = [...live, ...ended.items];
      const rec = (m: (typeof rows)[number]) => ({
        gameId: m.gameId,
        status: m.status,
        rated: m.rated,
        teams: m.result?.teams ?? null,
        seats: m.seats,
      });
      const results = rows.map((m) => recordResult(rec(m), ids[name]!)).filter(Boolean);
      expect({
        name,
        played: results.length,
        wins: results.filter((r) => r === 'win').length,
        draws: results.filter((r) => r === 'draw').length,
        losses: results.filter((r) => r === 'loss').length,
      }).toEqual({ name, ...wdl });
      const kinds = rows.map((m) => matchKind(rec(m), ids[name]!));
      expect({
        name,
        cooperative: kinds.filter((k) => k === 'cooperative').length,
        evaluation: kinds.filter((k) => k === 'evaluation').length,
        voided: kinds.filter((k) => k === 'void').length,
        unrated: kinds.filter((k) => k === 'unrated').length,
        noOpponent: kinds.filter((k) => k === 'no-opponent').length,
        otherGame: kinds.filter((k) => k === 'other-game').length,
      }).toEqual({ name, ...want.apart });
    }
  });

  it('rates a host that fills every villager seat once, against the guest, with a TrueSkill rating of its own', async () => {
    const board = await new ArenaLeaderboard(() => t.db, computer, { rounds: 20 }).get(
      leaderboardQuerySchema.parse({ game: 'spy', method: 'trueskill' }),
    );
    const host = board.rows.find((r) => r.agentId === ids.H)!;
    expect(host.matches).toBe(4);
    // TrueSkill leaves out m7 (H on both sides) only: H has a rating of its own, never Elo's number in its place.
    expect(host.trueskill).not.toBeNull();
    expect(host.rating).toBe(host.trueskill!.mu);
    // Head to head, H and G1 met once (m4: H's three villager seats against the spy G1; in m6 they were teammates).
    const cell = board.pairs.find((p) => p.a === ids.H && p.b === ids.G1)!;
    expect(cell.matches).toBe(1);
    expect(cell.observed).toBe(1);
  });
});
