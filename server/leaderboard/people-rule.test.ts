// Issue 35: a throwaway guest cannot move the leaderboard (the people rule, lib/people-rating.ts). On real Postgres,
// through the real runner and the leaderboard service: demo-like agents with a settled ranking from agent-vs-agent
// matches; 15 fresh guests then play 130 games against the weakest model, each resigning after one real move — and no
// agent's rank moves in Bradley-Terry, Elo or TrueSkill. Honest people still count: past their practice games, a game
// played to its end moves the ratings, up to the cap against one agent; a match resumed after its end keeps its
// verdict; and two games ending at once cannot both take the last place.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { leaderboardQuerySchema, type LeaderboardQuery } from '../../lib/leaderboard-contract';
import { PEOPLE_RULE } from '../../lib/people-rating';
import { createGuest, type PersonInfo } from '../../lib/db/people';
import { createAgent } from '../agents';
import { ResignError } from '../agents/human';
import type { Agent } from '../agents/types';
import { createTestDb, type TestDb } from '../db/test-db';
import { decidePeopleCount } from '../workers/people-verdict';
import { defaultPolicy, runMatch } from '../workers/run-match';
import { loadSetup, prismaStore, type AgentRow } from '../workers/store';
import { createComputer } from './computer';
import { ArenaLeaderboard } from './service';

vi.mock('server-only', () => ({}));

let t: TestDb;
const computer = createComputer();
let service: ArenaLeaderboard;
const q = (x: Record<string, string> = {}) => leaderboardQuerySchema.parse(x);
const METHODS = ['bt', 'elo', 'trueskill'] as const;

/** The demo's agents, strongest first (the strengths only decide the agent-vs-agent results written below). */
const DEMO = [
  { name: 'Engine', kind: 'engine', strength: 1500 },
  { name: 'sim-careful · cot (simulated)', kind: 'llm', strength: 1300 },
  { name: 'sim-careful · base (simulated)', kind: 'llm', strength: 1200 },
  { name: 'sim-sloppy · base (simulated)', kind: 'llm', strength: 1100 },
  { name: 'Random', kind: 'random', strength: 1000 },
] as const;
const SLOPPY = 'sim-sloppy · base (simulated)';
const ids = new Map<string, string>();

/**
 * A person who makes their moves with `choose` (the first legal move by default) and resigns after `moves` of them
 * (never, without).
 */
function person(
  plan: { moves?: number; choose?: (legal: { type: string; column?: number }[], made: number) => unknown } = {},
): Agent {
  let made = 0;
  return {
    kind: 'human',
    act: (ctx) => {
      if (plan.moves !== undefined && made >= plan.moves) return Promise.reject(new ResignError(ctx.seat));
      const legal = ctx.legal as { type: string; column?: number }[];
      const action = plan.choose ? plan.choose(legal, made) : legal[0];
      made++;
      return Promise.resolve({ ok: true as const, action: action as never });
    },
  };
}

/** One game of `who` against the agent `opponent` through the real runner; the agents play random moves for themselves. */
async function play(
  who: PersonInfo,
  opponent: string,
  opts: { gameId?: string; personSeat?: number; plan?: Parameters<typeof person>[0]; seed: string },
) {
  const seats = opts.personSeat === 1 ? [opponent, who.agentId] : [who.agentId, opponent];
  const m = await t.db.match.create({
    data: {
      gameId: opts.gameId ?? 'tictactoe',
      seed: opts.seed,
      numPlayers: 2,
      seats: { create: seats.map((agentId, seat) => ({ seat, agentId })) },
    },
  });
  const result = await runMatch(m.id, {
    store: prismaStore(t.db),
    // The models' seats move at random here: what the rule does with a game does not depend on how the model played.
    createAgent: (row: AgentRow) =>
      row.kind === 'human'
        ? person(opts.plan)
        : createAgent({ ...row, kind: row.kind === 'llm' ? 'random' : row.kind }),
    policy: defaultPolicy,
  });
  expect(result.status).toBe('finished');
  const row = await t.db.match.findUniqueOrThrow({
    where: { id: m.id },
    include: { seats: { orderBy: { seat: 'asc' } } },
  });
  return {
    id: m.id,
    rated: row.rated,
    unrated: (row.result as { unrated?: string }).unrated ?? null,
    seats: row.seats,
  };
}

/** Each agent's rank (and rating) as the leaderboard shows it, in every method. */
async function board(query: Partial<LeaderboardQuery> = {}) {
  service.markStale();
  const out: Record<string, Map<string, { rank: number | null; rating: number | null }>> = {};
  for (const method of METHODS) {
    const r = await service.get({ ...q(), ...query, method });
    expect(r.stale).toBe(false);
    out[method] = new Map(r.rows.map((x) => [x.agentName, { rank: x.rank, rating: x.rating }]));
  }
  return out as Record<(typeof METHODS)[number], Map<string, { rank: number | null; rating: number | null }>>;
}
const ranks = (b: Awaited<ReturnType<typeof board>>) =>
  Object.fromEntries(
    METHODS.map((m) => [m, Object.fromEntries(DEMO.map((a) => [a.name, b[m].get(a.name)?.rank ?? null]))]),
  );

beforeAll(async () => {
  t = await createTestDb();
  for (const a of DEMO) {
    const row = await t.db.agent.create({
      data: {
        name: a.name,
        kind: a.kind,
        simulated: a.kind === 'llm',
        ...(a.kind === 'llm'
          ? { model: a.name.split(' ')[0], scaffold: a.name.includes('cot') ? 'cot' : 'base', playable: true }
          : {}),
      },
    });
    ids.set(a.name, row.id);
  }
  // A settled ranking from agent-vs-agent matches, as the demo's tournaments give: 16 games a pair, the stronger
  // winning its expected share (Elo's formula) spread over the pair's games, the pairs' games interleaved in time.
  const pairs = DEMO.flatMap((a, i) =>
    DEMO.slice(i + 1).map((b) => ({ a, b, wins: Math.round(16 / (1 + 10 ** ((b.strength - a.strength) / 400))) })),
  );
  const start = Date.UTC(2025, 0, 1);
  let k = 0;
  for (let game = 0; game < 16; game++) {
    for (const { a, b, wins } of pairs) {
      const aWins = Math.floor(((game + 1) * wins) / 16) > Math.floor((game * wins) / 16);
      const seats = game % 2 ? [b, a] : [a, b];
      await t.db.match.create({
        data: {
          gameId: 'tictactoe',
          seed: `demo-${k}`,
          numPlayers: 2,
          status: 'finished',
          finishedAt: new Date(start + k++ * 60_000),
          result: {
            scores: seats.map((s) => ((s === a) === aWins ? 1 : 0)),
            reason: 'three in a row',
            winner: seats.indexOf(aWins ? a : b),
          },
          seats: {
            create: seats.map((s, seat) => ({
              seat,
              agentId: ids.get(s.name)!,
              score: (s === a) === aWins ? 1 : 0,
              outcome: (s === a) === aWins ? 'win' : 'loss',
            })),
          },
        },
      });
    }
  }
  service = new ArenaLeaderboard(() => t.db, computer, { rounds: 200, minRecomputeMs: 0, freshWaitMs: 120_000 });
});

afterAll(async () => {
  await computer.close();
  await t?.drop();
});

describe('the attack: 15 throwaway guests, 130 games resigned after one real move against the weakest model', () => {
  it('moves no agent in any method, and puts no guest on the board', async () => {
    const before = await board();
    // The demo-like ranking is settled: the strongest first, the weakest model below the careful ones, in every method.
    expect(before.elo.get('Engine')!.rank).toBe(1);
    expect(before.elo.get(SLOPPY)!.rank).toBe(4);

    const guests: PersonInfo[] = [];
    for (let g = 0; g < 15; g++) guests.push(await createGuest(t.db, { name: `Throwaway ${g + 1}` }));
    const games = [];
    for (let i = 0; i < 130; i++) {
      // One real move (the guest's own, in either seat), then resign: sim-sloppy wins.
      games.push(
        await play(guests[i % 15]!, ids.get(SLOPPY)!, { personSeat: i % 2, plan: { moves: 1 }, seed: `attack-${i}` }),
      );
    }
    expect(games.every((g) => g.seats.find((s) => s.agentId === ids.get(SLOPPY))!.outcome === 'win')).toBe(true);

    const after = await board();
    expect(ranks(after)).toEqual(ranks(before));
    // Nothing of the attack is rated: every number is what it was, and no guest has a row.
    for (const m of METHODS) expect([...after[m]]).toEqual([...before[m]]);
    expect(games.every((g) => !g.rated)).toBe(true);
    expect(games[0]!.unrated).toBe(
      'Throwaway 1 gave up after 1 move of their own (a game given up counts from 5), so this match rates no one',
    );
  }, 300_000);
});

describe('honest people still count', () => {
  let honest: PersonInfo;
  const vsEngine = (n: number, plan: Parameters<typeof person>[0] = {}) =>
    play(honest, ids.get('Engine')!, { seed: `honest-engine-${n}`, personSeat: n % 2, plan });

  it('a new person plays practice games first: played to their end, they rate no one, and say so', async () => {
    honest = await createGuest(t.db, { name: 'Honest Hana' });
    for (let n = 1; n <= PEOPLE_RULE.practiceGames; n++) {
      const g = await vsEngine(n);
      expect(g.rated).toBe(false);
      expect(g.unrated).toBe(
        `Honest Hana's first 3 games played to their end are practice (this is game ${n} of 3), so this match rates no one`,
      );
    }
    expect((await board()).elo.has('Honest Hana')).toBe(false);
  });

  it('after them, a game played to its end counts: the person is rated and the model moves', async () => {
    const before = await board();
    const g = await vsEngine(4);
    expect(g).toMatchObject({ rated: true, unrated: null });
    const after = await board();
    for (const m of METHODS) {
      expect(after[m].get('Honest Hana')?.rating, m).not.toBeNull();
      expect(after[m].get('Honest Hana')?.rating, m).toBeDefined();
      expect(after[m].get('Engine')!.rating, m).not.toBe(before[m].get('Engine')!.rating);
    }
  });

  it('a game given up counts from the fair share of moves of their own, not before', async () => {
    // Connect Four against Random, columns 1, 7, 1, 7, 4: five moves that cannot make four in a row.
    const columns = [1, 7, 1, 7, 4];
    const choose = (legal: { column?: number }[], made: number) =>
      legal.find((a) => a.column === columns[made]) ?? legal[0];
    const random = ids.get('Random')!;
    const four = await play(honest, random, {
      gameId: 'connect-four',
      seed: 'honest-c4-4',
      plan: { moves: 4, choose },
    });
    expect(four).toMatchObject({
      rated: false,
      unrated:
        'Honest Hana gave up after 4 moves of their own (a game given up counts from 5), so this match rates no one',
    });
    const five = await play(honest, random, {
      gameId: 'connect-four',
      seed: 'honest-c4-5',
      plan: { moves: 5, choose },
    });
    expect(five.seats.map((s) => s.outcome)).toEqual(['loss', 'win']);
    expect(five).toMatchObject({ rated: true, unrated: null });
  });

  it(`at most ${PEOPLE_RULE.gamesPerOpponent} of a person's games against one agent count; against another agent they go on counting`, async () => {
    // One game against Engine counts already (the fourth above): four more count, the next does not.
    for (let n = 5; n <= 8; n++) expect((await vsEngine(n)).rated).toBe(true);
    const capped = await vsEngine(9);
    expect(capped).toMatchObject({
      rated: false,
      unrated:
        'Honest Hana already has 5 rated games against Engine (a person counts at most 5 against one agent), so this match rates no one',
    });
    const before = await board();
    await vsEngine(10);
    const after = await board();
    for (const m of METHODS) expect(after[m].get('Engine'), m).toEqual(before[m].get('Engine'));
    expect((await play(honest, ids.get('Random')!, { seed: 'honest-random' })).rated).toBe(true);
  });

  it('a match resumed after its end was stored keeps the verdict its end said, though the person has moved on since', async () => {
    const newcomer = await createGuest(t.db, { name: 'Resumed Rosa' });
    const m = await t.db.match.create({
      data: {
        gameId: 'tictactoe',
        seed: 'resumed',
        numPlayers: 2,
        seats: {
          create: [
            { seat: 0, agentId: newcomer.agentId },
            { seat: 1, agentId: ids.get('Random')! },
          ],
        },
      },
    });
    const deps = {
      createAgent: (row: AgentRow) => (row.kind === 'human' ? person() : createAgent(row)),
      policy: defaultPolicy,
    };
    // The end (a practice game, her first) is stored; then the database goes away before the match is marked finished.
    const lost = Object.assign(new Error('connection lost'), { name: 'PrismaClientKnownRequestError' });
    await expect(
      runMatch(m.id, { ...deps, store: { ...prismaStore(t.db), finish: () => Promise.reject(lost) } }),
    ).rejects.toThrow('connection lost');
    // Meanwhile three games of hers played to their end are finished: a verdict taken now would count this one.
    for (let n = 0; n < 3; n++) await play(newcomer, ids.get('Random')!, { seed: `resumed-history-${n}` });
    await runMatch(m.id, { ...deps, store: prismaStore(t.db) });
    const row = await t.db.match.findUniqueOrThrow({ where: { id: m.id } });
    expect(row).toMatchObject({ status: 'finished', rated: false });
    expect((row.result as { unrated?: string }).unrated).toBe(
      "Resumed Rosa's first 3 games played to their end are practice (this is game 1 of 3), so this match rates no one",
    );
  });

  it('two of their games ending at the same moment cannot both take the last place against one agent', async () => {
    const racer = await createGuest(t.db, { name: 'Racing Rui' });
    const sloppy = ids.get(SLOPPY)!;
    for (let n = 0; n < PEOPLE_RULE.practiceGames + PEOPLE_RULE.gamesPerOpponent - 1; n++)
      await play(racer, sloppy, { seed: `race-${n}` });
    // Two games in play (at most 3 are open at once), both about to end: one more game against sim-sloppy may count.
    const open = await Promise.all(
      [0, 1].map((n) =>
        t.db.match.create({
          data: {
            gameId: 'tictactoe',
            seed: `race-open-${n}`,
            numPlayers: 2,
            status: 'running',
            seats: {
              create: [
                { seat: 0, agentId: racer.agentId },
                { seat: 1, agentId: sloppy },
              ],
            },
          },
        }),
      ),
    );
    const setups = await Promise.all(open.map((m) => loadSetup(t.db, m.id)));
    const verdicts = await Promise.all(setups.map((s) => decidePeopleCount(t.db, s!)));
    expect(verdicts.filter((v) => v === null)).toHaveLength(1);
    expect(verdicts.find((v) => v !== null)).toMatch(/already has 5 rated games against sim-sloppy/);
  });
});
