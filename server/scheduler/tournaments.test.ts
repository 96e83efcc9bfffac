// Integration tests on real Postgres, pg-boss and the simulated endpoint: formats, concurrency, pause/resume,
// cancel, budgets, lost jobs and 429s — every scheduled match ends exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgBoss } from 'pg-boss';
import { games, getGame } from '../../games/registry';
import { matchEventOf, movesOf } from '../../lib/engine/events';
import { currentDeal, replayStates } from '../../lib/engine/replay';
import { createDb, type Db } from '../../lib/db/client';
import { tournamentProgress } from '../../lib/db/tournament-progress';
import { tournamentVerdict } from '../../lib/tournament/spec';
import { createTestDb, type TestDb } from '../db/test-db';
import { startSimulatedEndpoint, type SimulatedEndpoint } from '../llm/simulated';
import { startMatchWorker } from '../workers/match-worker';
import { prismaStore } from '../workers/store';
import { jobIdFor, MATCH_QUEUE, startQueue, stopQueue } from './queue';
import {
  cancelTournament,
  claimMatch,
  createTournament,
  pauseTournament,
  reconcile,
  resumeTournament,
  settleTournament,
} from './tournaments';
import { HAS_STAGES_AFTER_PLAY, stagesAfterPlay } from '../workers/after-play';

let t: TestDb;
let boss: PgBoss;
let workerDb: Db;
let sim: SimulatedEndpoint;
let flaky: SimulatedEndpoint;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestDb();
  workerDb = createDb(t.url, 12);
  boss = await startQueue(t.url);
  sim = await startSimulatedEndpoint({ latencyMs: [5, 30], seed: 'tournaments' });
  // A provider that answers 30% of requests with HTTP 429 + Retry-After.
  flaky = await startSimulatedEndpoint({ latencyMs: [5, 20], rateLimitRate: 0.3, retryAfterSeconds: 1, seed: 'flaky' });
  const p = await t.db.provider.create({
    data: { name: 'sim', baseUrl: sim.url, simulated: true, priceInPer1k: 0.001, priceOutPer1k: 0.002 },
  });
  const f = await t.db.provider.create({ data: { name: 'flaky', baseUrl: flaky.url, simulated: true } });
  const llm = (name: string, providerId: string, model: string) =>
    t.db.agent.create({
      data: { name, kind: 'llm', providerId, model, scaffold: 'base', promptVersion: 'v1', simulated: true },
    });
  ids.random = (await t.db.agent.create({ data: { name: 'random', kind: 'random' } })).id;
  ids.random2 = (await t.db.agent.create({ data: { name: 'random-2', kind: 'random' } })).id;
  ids.engine = (await t.db.agent.create({ data: { name: 'engine', kind: 'engine', settings: { depth: 2 } } })).id;
  ids.careful = (await llm('careful', p.id, 'sim-careful')).id;
  ids.sloppy = (await llm('sloppy', p.id, 'sim-sloppy')).id;
  ids.flakyA = (await llm('flaky-a', f.id, 'sim-careful')).id;
  ids.flakyB = (await llm('flaky-b', f.id, 'sim-sloppy')).id;
  ids.retired = (await t.db.agent.create({ data: { name: 'old', kind: 'random', retired: true } })).id;
  await startMatchWorker(boss, workerDb, { concurrency: 8 });
});
afterAll(async () => {
  if (boss) await stopQueue(boss);
  await workerDb?.$disconnect();
  await sim?.close();
  await flaky?.close();
  await t?.drop();
});

function groupBy<T>(xs: T[], key: (x: T) => string): T[][] {
  const m = new Map<string, T[]>();
  for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), x]);
  return [...m.values()];
}

async function progress(id: string) {
  const [p] = await tournamentProgress(t.db, [id]);
  return p!;
}

/** Waits until the tournament has ended (finished or cancelled) and nothing of it is queued or running. */
async function ended(id: string, timeout = 60_000) {
  await expect
    .poll(
      async () => {
        const p = await progress(id);
        return p.status !== 'running' && p.status !== 'paused' && p.counts.queued + p.counts.running === 0;
      },
      { timeout, interval: 200 },
    )
    .toBe(true);
  return progress(id);
}

/** Every played match has exactly one start and one end (or failed) event, and gap-free seqs. */
async function eachPlayedOnce(tournamentId: string) {
  const played = await t.db.match.findMany({
    where: { tournamentId, status: { in: ['finished', 'failed'] } },
    select: {
      id: true,
      lastSeq: true,
      status: true,
      events: { select: { seq: true, kind: true }, orderBy: { seq: 'asc' } },
    },
  });
  for (const m of played) {
    expect(m.events.filter((e) => e.kind === 'start')).toHaveLength(1);
    expect(m.events.filter((e) => e.kind === 'end' || e.kind === 'failed')).toHaveLength(1);
    expect(m.events.map((e) => e.seq)).toEqual(Array.from({ length: m.lastSeq }, (_, i) => i + 1));
  }
  return played;
}

describe('stages after play', () => {
  it('one rule: the SQL of the one-statement claim says what stagesAfterPlay says, for every kind of tournament', async () => {
    const configs = [
      { format: 'round-robin', gameIds: ['tictactoe'] },
      { format: 'round-robin', gameIds: ['tictactoe', 'spy'], judgeId: 'j1' },
      { format: 'host-guest', gameIds: ['spy'], judgeId: 'j1' },
      { format: 'simulbench', gameIds: ['simulbench'] },
      { format: 'simulbench', gameIds: ['simulbench'], judgeId: 'j1' },
      { format: 'round-robin', gameIds: ['spy'], judgeId: null },
      // A judge with nothing to judge (createTournament refuses it; a stored one has no stage).
      { format: 'round-robin', gameIds: ['tictactoe'], judgeId: 'j1' },
    ];
    for (const config of configs) {
      const [row] = await t.db.$queryRawUnsafe<{ has: boolean }[]>(
        `SELECT ${HAS_STAGES_AFTER_PLAY} AS has FROM (SELECT $1::jsonb AS config) t`,
        JSON.stringify(config),
      );
      expect(row!.has, JSON.stringify(config)).toBe(stagesAfterPlay(config).length > 0);
    }
    const named = (config: Record<string, unknown>) =>
      stagesAfterPlay(config).map(({ stage, need }) => [stage.name, need]);
    // SimulBench's stages have their own judge: the consistency judge does not run after its dialogues.
    expect(named({ format: 'simulbench', gameIds: ['simulbench'], judgeId: 'j1' })).toEqual([
      ['SimulBench stages', expect.objectContaining({ format: 'simulbench', judgeId: 'j1' })],
    ]);
    expect(named({ format: 'round-robin', gameIds: ['spy'], judgeId: 'j1' })).toEqual([['judging', { judgeId: 'j1' }]]);
    expect(named({ format: 'round-robin', gameIds: ['tictactoe'], judgeId: 'j1' })).toEqual([]);
    expect(stagesAfterPlay(null)).toEqual([]);
  });
});

describe('tournaments', () => {
  it('runs a 40-match round robin with 8 at a time to the end, each match exactly once, with tokens and cost', async () => {
    const agentIds = [ids.random!, ids.random2!, ids.engine!, ids.careful!, ids.sloppy!];
    const { tournament, matches } = await createTournament(t.db, boss, {
      name: 'forty',
      format: 'round-robin',
      gameIds: ['tictactoe'],
      agentIds,
      gamesPerPair: 4,
      seed: 'forty',
    });
    expect(matches).toBe(40);
    // Paired design: every seed is played twice, with the seats swapped.
    const rows = await t.db.match.findMany({
      where: { tournamentId: tournament.id },
      include: { seats: { orderBy: { seat: 'asc' } } },
    });
    const bySeed = groupBy(rows, (m) => m.seed);
    expect(bySeed.every((ms) => ms.length === 2 && ms[0]!.seats[0]!.agentId === ms[1]!.seats[1]!.agentId)).toBe(true);
    // Concurrency: at some moment several matches of it run at once.
    let peak = 0;
    const watch = setInterval(async () => {
      const n = await t.db.match.count({ where: { tournamentId: tournament.id, status: 'running' } }).catch(() => 0);
      peak = Math.max(peak, n);
    }, 50);
    const p = await ended(tournament.id).finally(() => clearInterval(watch));
    expect(p.status).toBe('finished');
    expect(p.counts).toMatchObject({ total: 40, done: 40, failed: 0, cancelled: 0 });
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(8);
    expect(p.tokens).toBeGreaterThan(0);
    expect(p.costUsd).toBeGreaterThan(0);
    expect(p.finishedAt).not.toBeNull();
    await eachPlayedOnce(tournament.id);
  });

  it('pauses (nothing new starts, matches in play finish) and resumes to the end', async () => {
    const slow = await startSimulatedEndpoint({ latencyMs: [150, 250], seed: 'slow' });
    try {
      const prov = await t.db.provider.create({ data: { name: 'slow', baseUrl: slow.url, simulated: true } });
      const a = await t.db.agent.create({
        data: { name: 'slow-a', kind: 'llm', providerId: prov.id, model: 'sim-careful', scaffold: 'base' },
      });
      const b = await t.db.agent.create({
        data: { name: 'slow-b', kind: 'llm', providerId: prov.id, model: 'sim-sloppy', scaffold: 'base' },
      });
      const { tournament } = await createTournament(t.db, boss, {
        name: 'pausable',
        format: 'round-robin',
        gameIds: ['tictactoe'],
        agentIds: [a.id, b.id, ids.random!],
        gamesPerPair: 6,
      });
      await expect
        .poll(async () => (await progress(tournament.id)).counts.running, { timeout: 60_000, interval: 50 })
        .toBeGreaterThan(0);
      await pauseTournament(t.db, boss, tournament.id);
      await expect(pauseTournament(t.db, boss, tournament.id)).rejects.toThrow(/is paused, so it cannot be paused/);
      // Matches in play finish; then nothing moves.
      await expect
        .poll(async () => (await progress(tournament.id)).counts.running, { timeout: 60_000, interval: 100 })
        .toBe(0);
      const held = await progress(tournament.id);
      expect(held.status).toBe('paused');
      expect(held.counts.queued).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 2500));
      const still = await progress(tournament.id);
      expect(still.counts.done).toBe(held.counts.done);
      expect(still.counts.queued).toBe(held.counts.queued);
      await resumeTournament(t.db, boss, tournament.id);
      const p = await ended(tournament.id);
      expect(p.status).toBe('finished');
      expect(p.counts).toMatchObject({ total: 18, done: 18, failed: 0, cancelled: 0 });
      await eachPlayedOnce(tournament.id);
    } finally {
      await slow.close();
    }
  });

  it('cancels: queued matches are cancelled unplayed, the tournament says so', async () => {
    const { tournament } = await createTournament(t.db, boss, {
      name: 'cancel me',
      format: 'round-robin',
      gameIds: ['connect-four'],
      agentIds: [ids.careful!, ids.sloppy!],
      gamesPerPair: 40,
    });
    await cancelTournament(t.db, boss, tournament.id);
    const p = await ended(tournament.id);
    expect(p.status).toBe('cancelled');
    expect(p.stopReason).toMatch(/cancelled/);
    expect(p.counts.cancelled).toBeGreaterThan(0);
    expect(p.counts.done + p.counts.cancelled + p.counts.failed).toBe(40);
    await expect(cancelTournament(t.db, boss, tournament.id)).rejects.toThrow(/already cancelled/);
    await eachPlayedOnce(tournament.id);
  });

  it('stops itself at a match budget: exactly that many played, the rest cancelled', async () => {
    const { tournament } = await createTournament(t.db, boss, {
      name: 'budget',
      format: 'round-robin',
      gameIds: ['tictactoe'],
      agentIds: [ids.random!, ids.random2!, ids.engine!],
      gamesPerPair: 6,
      budget: { maxMatches: 5 },
    });
    const p = await ended(tournament.id);
    expect(p.status).toBe('finished');
    expect(p.stopReason).toMatch(/match budget reached \(5 of 5/);
    expect(p.counts.done + p.counts.failed).toBe(5);
    expect(p.counts.cancelled).toBe(18 - 5);
  });

  it('stops itself at a token budget, between matches', async () => {
    const { tournament } = await createTournament(t.db, boss, {
      name: 'tokens',
      format: 'round-robin',
      gameIds: ['tictactoe'],
      agentIds: [ids.careful!, ids.sloppy!],
      gamesPerPair: 40,
      budget: { maxTokens: 3000 },
    });
    const p = await ended(tournament.id);
    expect(p.status).toBe('finished');
    expect(p.stopReason).toMatch(/token budget reached/);
    expect(p.tokens).toBeGreaterThanOrEqual(3000);
    expect(p.counts.cancelled).toBeGreaterThan(0);
    expect(p.counts.done).toBeGreaterThan(0);
    await eachPlayedOnce(tournament.id);
  });

  it('plays a gauntlet: every agent against the baseline only', async () => {
    const { tournament, matches } = await createTournament(t.db, boss, {
      name: 'gauntlet',
      format: 'gauntlet',
      gameIds: ['tictactoe'],
      agentIds: [ids.engine!, ids.careful!],
      baselineIds: [ids.random!],
      gamesPerPair: 2,
    });
    expect(matches).toBe(4);
    const seats = await t.db.seat.findMany({ where: { match: { tournamentId: tournament.id } } });
    const perMatch = groupBy(seats, (s) => s.matchId);
    expect(perMatch.every((ss) => ss.filter((s) => s.agentId === ids.random).length === 1)).toBe(true);
    expect((await ended(tournament.id)).counts.done).toBe(4);
  });

  it('stops itself at a cost budget (priced per 1000 tokens by the provider)', async () => {
    const { tournament } = await createTournament(t.db, boss, {
      name: 'cost',
      format: 'round-robin',
      gameIds: ['tictactoe'],
      agentIds: [ids.careful!, ids.sloppy!],
      gamesPerPair: 40,
      budget: { maxCostUsd: 0.002 },
    });
    const p = await ended(tournament.id);
    expect(p.status).toBe('finished');
    expect(p.stopReason).toMatch(/^cost budget reached \(\$\d+\.\d+ of \$0\.002\)$/);
    expect(p.costUsd).toBeGreaterThanOrEqual(0.002);
    // The overshoot is bounded by what the matches already in play spend: at most one match per worker slot (8 here).
    const perMatch = await t.db.llmCall.groupBy({
      by: ['matchId'],
      where: { match: { tournamentId: tournament.id } },
      _sum: { costUsd: true },
    });
    const most = Math.max(...perMatch.map((m) => m._sum.costUsd ?? 0));
    expect(p.costUsd).toBeLessThanOrEqual(0.002 + 8 * most + 1e-9);
    expect(p.counts.cancelled).toBeGreaterThan(0);
  });

  it('a run interrupted and restarted from its seed still counts what it spent', async () => {
    const { tournament } = await createTournament(t.db, boss, {
      name: 'restart spend',
      format: 'round-robin',
      gameIds: ['tictactoe'],
      agentIds: [ids.careful!, ids.sloppy!],
      gamesPerPair: 2,
    });
    // Played to the end first (the workers take a new tournament's matches at once): then no worker touches the match
    // whose crash is played by hand below.
    expect((await ended(tournament.id)).counts.done).toBe(2);
    const m = await t.db.match.findFirstOrThrow({
      where: { tournamentId: tournament.id },
      include: { llmCalls: true },
    });
    const own = m.llmCalls.reduce((sum, c) => sum + (c.tokensIn ?? 0) + (c.tokensOut ?? 0), 0);
    const ownCost = m.llmCalls.reduce((sum, c) => sum + (c.costUsd ?? 0), 0);
    const before = (await progress(tournament.id)).tokens;
    // Two more calls of a run that then died.
    for (const ply of [100, 101]) {
      await t.db.llmCall.create({
        data: {
          matchId: m.id,
          seat: ply % 2,
          ply,
          attempt: 0,
          agentId: ids.careful!,
          model: 'sim-careful',
          messages: [],
          latencyMs: 5,
          tokensIn: 100,
          tokensOut: 20,
          costUsd: 0.25,
        },
      });
    }
    await prismaStore(t.db).begin(m.id); // the restart clears its log and calls…
    expect(await t.db.llmCall.count({ where: { matchId: m.id } })).toBe(0);
    // …and keeps what they spent, in the tournament's totals and so in its budgets.
    const after = await t.db.match.findUniqueOrThrow({ where: { id: m.id } });
    expect(after.discardedTokens).toBe(own + 240);
    expect(after.discardedCostUsd).toBeCloseTo(ownCost + 0.5, 9);
    const p = await progress(tournament.id);
    expect(p.tokens - before).toBe(240);
    expect(p.costUsd).toBeGreaterThanOrEqual(0.5);
  });

  it('host/guest: the evaluated agent sits in a rotating seat, hosts fill the others', async () => {
    const { tournament, matches } = await createTournament(t.db, boss, {
      name: 'host-guest',
      format: 'host-guest',
      gameIds: ['tictactoe'],
      agentIds: [ids.careful!, ids.engine!],
      hostIds: [ids.random!],
      gamesPerGuest: 4,
    });
    expect(matches).toBe(8);
    const rows = await t.db.match.findMany({ where: { tournamentId: tournament.id }, include: { seats: true } });
    for (const guest of [ids.careful!, ids.engine!]) {
      const theirs = rows.filter((m) => m.seats.some((s) => s.agentId === guest));
      expect(theirs).toHaveLength(4);
      expect(new Set(theirs.map((m) => m.seats.find((s) => s.agentId === guest)!.seat))).toEqual(new Set([0, 1]));
      expect(
        theirs.every((m) => m.seats.filter((s) => s.agentId !== guest).every((s) => s.agentId === ids.random)),
      ).toBe(true);
    }
    expect((await ended(tournament.id)).counts.done).toBe(8);
  });

  it('host/guest in Who is the spy: the game’s usual number of players, and the guest is the spy in its seat', async () => {
    const { tournament, matches } = await createTournament(t.db, boss, {
      name: 'spy',
      format: 'host-guest',
      gameIds: ['spy'],
      agentIds: [ids.careful!],
      hostIds: [ids.random!, ids.random2!],
      gamesPerGuest: 4,
      gameConfigs: { spy: { preset: 'undercover' } },
    });
    expect(matches).toBe(4);
    const rows = await t.db.match.findMany({ where: { tournamentId: tournament.id }, include: { seats: true } });
    for (const m of rows) {
      expect(m.numPlayers).toBe(5); // undercover's five players
      const guestSeat = m.seats.find((s) => s.agentId === ids.careful)!.seat;
      expect(m.config).toMatchObject({ preset: 'undercover', spySeats: [guestSeat] });
    }
    expect(new Set(rows.map((m) => (m.config as { spySeats: number[] }).spySeats[0]))).toEqual(new Set([0, 1, 2, 3]));
    await cancelTournament(t.db, boss, tournament.id);
    await expect(
      createTournament(t.db, boss, {
        name: 'spy',
        format: 'host-guest',
        gameIds: ['spy'],
        agentIds: [ids.careful!],
        hostIds: [ids.random!],
        gamesPerGuest: 1,
        gameConfigs: { spy: { spies: 2 } },
      }),
    ).rejects.toThrow(/^Who is the spy with 4 players: 2 spies need more than 4 players/);
  });

  it('a tournament’s judge scores the descriptions of every finished Who-is-the-spy match; a judge must be an LLM', async () => {
    const { tournament } = await createTournament(t.db, boss, {
      name: 'judged',
      format: 'host-guest',
      gameIds: ['spy'],
      agentIds: [ids.sloppy!],
      hostIds: [ids.careful!],
      gamesPerGuest: 2,
      gameConfigs: { spy: { maxRounds: 1 } },
      judgeId: ids.careful!,
    });
    expect((await ended(tournament.id)).counts.done).toBe(2);
    const matches = await t.db.match.findMany({
      where: { tournamentId: tournament.id },
      include: { events: { where: { kind: 'move' }, orderBy: { seq: 'asc' } } },
    });
    const spy = getGame('spy')!;
    const judgedItems = async (m: (typeof matches)[number]) => {
      // Every description the game offers for judging (a forfeited one is not: the sloppy model forfeits some, by the
      // match's seed) is judged, by the worker right after the match, before the tournament ends: the other match's
      // worker may finish first, but the tournament stays open while a match's judge is at work.
      const end = replayStates(
        spy,
        m.config,
        currentDeal(m.seed),
        m.numPlayers,
        movesOf(m.events.map((e) => matchEventOf(m.id, e))),
      ).at(-1);
      const items = spy.judgeable!(end).map((i) => i.item);
      expect(items.length).toBeGreaterThanOrEqual(1);
      const judged = await t.db.judgment.findMany({ where: { matchId: m.id } });
      expect(judged.map((j) => j.item).sort((a, b) => a - b)).toEqual(items);
      expect(judged.every((j) => j.judgeId === ids.careful && j.score !== null)).toBe(true);
    };
    for (const m of matches) await judgedItems(m);
    expect(await t.db.match.count({ where: { tournamentId: tournament.id, stagesPending: true } })).toBe(0);

    // A worker that stopped after the match finished but before its judge (its job gone): the tournament stays open,
    // and the sweep gives the match a fresh job that runs the judge only, after which the tournament ends.
    const m0 = matches[0]!;
    await t.db.judgment.deleteMany({ where: { matchId: m0.id } });
    await t.db.match.update({ where: { id: m0.id }, data: { stagesPending: true } });
    await t.db.tournament.update({ where: { id: tournament.id }, data: { status: 'running', finishedAt: null } });
    await settleTournament(t.db, boss, tournament.id);
    expect((await progress(tournament.id)).status).toBe('running');
    const events = await t.db.matchEvent.count({ where: { matchId: m0.id } });
    expect((await reconcile(t.db, boss)).requeued).toBe(1);
    await ended(tournament.id);
    await judgedItems(m0);
    // The match was not played again.
    expect(await t.db.matchEvent.count({ where: { matchId: m0.id } })).toBe(events);
    const spec = {
      name: 'judged',
      format: 'host-guest' as const,
      gameIds: ['spy'],
      agentIds: [ids.sloppy!],
      hostIds: [ids.careful!],
      gamesPerGuest: 1,
    };
    await expect(createTournament(t.db, boss, { ...spec, judgeId: ids.random! })).rejects.toThrow(
      /^the judge must be an LLM agent; random is a random baseline/,
    );
    await expect(createTournament(t.db, boss, { ...spec, judgeId: 'nobody' })).rejects.toThrow(
      /^the judge does not exist: nobody/,
    );
    await expect(
      createTournament(t.db, boss, {
        name: 'x',
        format: 'round-robin',
        gameIds: ['tictactoe'],
        agentIds: [ids.random!, ids.random2!],
        gamesPerPair: 2,
        judgeId: ids.careful!,
      }),
    ).rejects.toThrow(/none of these games has statements to judge/);
  });

  it('host/guest in DEEP: the guest always describes (seat 1), the hosts judge; other formats are refused', async () => {
    const { tournament, matches } = await createTournament(t.db, boss, {
      name: 'deep',
      format: 'host-guest',
      gameIds: ['deep'],
      agentIds: [ids.careful!, ids.engine!],
      hostIds: [ids.random!, ids.random2!],
      gamesPerGuest: 3,
      numPlayers: 3,
    });
    expect(matches).toBe(6);
    const rows = await t.db.match.findMany({ where: { tournamentId: tournament.id }, include: { seats: true } });
    for (const m of rows) {
      expect(m.numPlayers).toBe(3);
      expect([ids.careful, ids.engine]).toContain(m.seats.find((s) => s.seat === 0)!.agentId);
      expect(
        m.seats.filter((s) => s.seat > 0).every((s) => s.agentId === ids.random || s.agentId === ids.random2),
      ).toBe(true);
    }
    await cancelTournament(t.db, boss, tournament.id);
    const spec = { name: 'deep', gameIds: ['deep'], agentIds: [ids.careful!, ids.engine!] };
    await expect(createTournament(t.db, boss, { ...spec, format: 'round-robin', gamesPerPair: 2 })).rejects.toThrow(
      /^DEEP description test is a judged evaluation: use the host\/guest format/,
    );
    await expect(
      createTournament(t.db, boss, {
        ...spec,
        format: 'host-guest',
        hostIds: [ids.random!],
        gamesPerGuest: 1,
        guestSeat: 1,
      }),
    ).rejects.toThrow(/^DEEP description test always seats the guest in seat 1 \(Describer\)/);
    await expect(
      createTournament(t.db, boss, {
        ...spec,
        format: 'host-guest',
        hostIds: [ids.random!],
        gamesPerGuest: 1,
        numPlayers: 4,
      }),
    ).rejects.toThrow(/DEEP description test takes 2–3 players, not 4/);
  });

  it('adaptive: keeps scheduling the closest pair until the budget when two agents cannot be told apart', async () => {
    const { tournament, matches } = await createTournament(t.db, boss, {
      name: 'adaptive',
      format: 'adaptive',
      gameIds: ['connect-four'],
      agentIds: [ids.engine!, ids.random!, ids.random2!],
      gamesPerPair: 2,
      pairsPerBatch: 1,
      budget: { maxMatches: 20 },
      seed: 'adaptive',
    });
    expect(matches).toBe(6); // first batch: each pair once, seats swapped
    const p = await ended(tournament.id, 90_000);
    expect(p.status).toBe('finished');
    expect(p.counts.done + p.counts.failed).toBeGreaterThan(6);
    expect(p.counts.done + p.counts.failed).toBeLessThanOrEqual(20);
    // Later batches went to the random pair (their intervals overlap), not to the engine (separated from both early).
    const later = await t.db.match.findMany({
      where: { tournamentId: tournament.id },
      orderBy: { createdAt: 'asc' },
      skip: 6,
      include: { seats: true },
    });
    expect(later.length).toBeGreaterThan(0);
    const randomPair = later.filter((m) =>
      m.seats.every((s) => s.agentId === ids.random || s.agentId === ids.random2),
    ).length;
    expect(randomPair / later.length).toBeGreaterThan(0.5);
  });

  it('refuses bad specs with readable reasons', async () => {
    const [a, b] = [ids.random!, ids.random2!];
    const base = { name: 'bad', format: 'round-robin' as const, gamesPerPair: 2 };
    // An unknown game id is answered with the valid ones (the CLI types them by hand).
    await expect(createTournament(t.db, boss, { ...base, gameIds: ['chess'], agentIds: [a, b] })).rejects.toThrow(
      // Every registered game, in the registry's order (the first of them as the arena has always listed them).
      new RegExp(
        `^there is no game "chess": the games are tictactoe, connect-four, holdem, bargain, bid, hanabi, spy, deep, holdem-risk${games
          .slice(9)
          .map((g) => `, ${g.id}`)
          .join('')}$`,
      ),
    );
    await expect(
      createTournament(t.db, boss, { ...base, gameIds: ['tictactoe'], agentIds: [a, 'nobody'] }),
    ).rejects.toThrow(/some agents do not exist: nobody/);
    await expect(createTournament(t.db, boss, { ...base, gameIds: ['tictactoe'], agentIds: [a] })).rejects.toThrow(
      /at least two different agents/,
    );
    await expect(
      createTournament(t.db, boss, { ...base, gameIds: ['tictactoe'], agentIds: [a, b], gamesPerPair: 3 }),
    ).rejects.toThrow(/must be even/);
    await expect(
      createTournament(t.db, boss, { ...base, gameIds: ['tictactoe'], agentIds: [a, ids.retired!] }),
    ).rejects.toThrow(/replaced by a newer version/);
    await expect(
      createTournament(t.db, boss, { ...base, format: 'adaptive', gameIds: ['tictactoe'], agentIds: [a, b] }),
    ).rejects.toThrow(/needs a budget/);
    const person = await t.db.agent.create({ data: { name: 'a person', kind: 'human' } });
    await expect(
      createTournament(t.db, boss, { ...base, gameIds: ['tictactoe'], agentIds: [a, person.id] }),
    ).rejects.toThrow(/a person: people play from the Play page/);
    await expect(
      createTournament(t.db, boss, { name: 'x', format: 'nonsense', gameIds: ['tictactoe'], agentIds: [a, b] }),
    ).rejects.toThrow(/^Format: must be one of round-robin, gauntlet, host-guest, adaptive, simulbench$/);
    // Every problem at once, each named as the form labels it, in plain words (not zod's "Invalid input: expected …").
    await expect(
      createTournament(t.db, boss, {
        ...base,
        name: '',
        gameIds: [],
        agentIds: [a, b],
        gamesPerPair: 2.5,
        budget: { maxMatches: 0 },
      }),
    ).rejects.toThrow(
      'give the tournament a name; pick at least one game; Max matches: must be at least 1; Games per pair: enter a whole number',
    );
    const archived = await t.db.agent.create({
      data: { name: 'archived one', kind: 'random', retired: true, archivedAt: new Date() },
    });
    await expect(
      createTournament(t.db, boss, { ...base, gameIds: ['tictactoe'], agentIds: [a, archived.id] }),
    ).rejects.toThrow(/archived one has been archived/);
  });

  it('a tournament whose matches all failed says so, with the first reason, instead of a plain "finished"', async () => {
    // The simulated endpoint does not serve this model (HTTP 404): every match of the agent fails, void.
    const p = await t.db.provider.findFirstOrThrow({ where: { name: 'sim' } });
    const ghost = await t.db.agent.create({
      data: {
        name: 'ghost',
        kind: 'llm',
        providerId: p.id,
        model: 'sim-ghost',
        scaffold: 'base',
        promptVersion: 'v1',
        simulated: true,
      },
    });
    const { tournament } = await createTournament(t.db, boss, {
      name: 'all failed',
      format: 'round-robin',
      gameIds: ['tictactoe'],
      agentIds: [ghost.id, ids.random!],
      gamesPerPair: 2,
    });
    const done = await ended(tournament.id);
    expect(done).toMatchObject({ status: 'finished', counts: { total: 2, done: 0, failed: 2 } });
    expect(done.firstFailure).toMatch(/sim-ghost/);
    expect(tournamentVerdict(done)).toEqual({ label: 'finished — every match failed', tone: 'failed' });
  });

  it('per-game settings are checked by the game and given to its matches', async () => {
    const [a, b] = [ids.random!, ids.random2!];
    const base = { name: 'settings', format: 'round-robin' as const, gamesPerPair: 2, agentIds: [a, b] };
    const { tournament } = await createTournament(t.db, boss, {
      ...base,
      gameIds: ['holdem', 'bid'],
      gameConfigs: { holdem: { hands: 3, openCards: true } },
    });
    const rows = await t.db.match.findMany({
      where: { tournamentId: tournament.id },
      select: { gameId: true, config: true },
    });
    expect(rows.filter((m) => m.gameId === 'holdem').map((m) => m.config)).toEqual([
      expect.objectContaining({ hands: 3, openCards: true, startingChips: 100 }),
      expect.objectContaining({ hands: 3, openCards: true, startingChips: 100 }),
    ]);
    expect(rows.filter((m) => m.gameId === 'bid').every((m) => (m.config as { auctions: number }).auctions === 3)).toBe(
      true,
    );
    await expect(
      createTournament(t.db, boss, { ...base, gameIds: ['holdem'], gameConfigs: { holdem: { hands: 'many' } } }),
    ).rejects.toThrow(/^settings for Texas Hold'em: hands: /);
    await expect(
      createTournament(t.db, boss, { ...base, gameIds: ['holdem'], gameConfigs: { bid: { auctions: 2 } } }),
    ).rejects.toThrow("game settings: Sealed-bid auction is not one of this tournament's games");
    await expect(
      createTournament(t.db, boss, { ...base, gameIds: ['holdem'], gameConfigs: { poker: {} } }),
    ).rejects.toThrow('game settings: there is no game "poker"');
    expect((await ended(tournament.id)).counts.done).toBe(4);
  });

  it('in a cooperative game each agent also plays with itself (self-play), beside the pairs as teams', async () => {
    const [a, b] = [ids.random!, ids.engine!];
    const { tournament, matches } = await createTournament(t.db, boss, {
      name: 'hanabi',
      format: 'round-robin',
      gameIds: ['hanabi'],
      agentIds: [a, b],
      gamesPerPair: 2,
    });
    expect(matches).toBe(2 + 2 * 2); // the pair on one seed, seats swapped; each agent alone on two seeds
    const seats = await t.db.seat.findMany({ where: { match: { tournamentId: tournament.id } } });
    const teams = groupBy(seats, (s) => s.matchId).map((ss) => [...new Set(ss.map((s) => s.agentId))].sort().join('+'));
    expect(teams.filter((x) => x === a)).toHaveLength(2);
    expect(teams.filter((x) => x === b)).toHaveLength(2);
    expect(teams.filter((x) => x.includes('+'))).toHaveLength(2);
    expect((await ended(tournament.id)).counts.done).toBe(6);
  });

  it('re-queues matches whose jobs were lost, and a stale job never plays a match', async () => {
    const { tournament } = await createTournament(t.db, boss, {
      name: 'lost',
      format: 'round-robin',
      gameIds: ['tictactoe'],
      agentIds: [ids.random!, ids.random2!],
      gamesPerPair: 4,
    });
    const rows = await t.db.match.findMany({
      where: { tournamentId: tournament.id },
      select: { id: true, attempt: true },
    });
    // Withdraw the jobs as if they were lost (a queue wiped, retries exhausted by crashes)…
    await boss.cancel(
      MATCH_QUEUE,
      rows.map((m) => jobIdFor(m.id, m.attempt)),
    );
    const stuck = await t.db.match.count({ where: { tournamentId: tournament.id, status: 'queued' } });
    const r = await reconcile(t.db, boss);
    expect(r.requeued).toBeGreaterThanOrEqual(stuck);
    expect((await ended(tournament.id)).counts.done).toBe(4);
    // …and the old attempt's job is refused.
    const claim = await claimMatch(t.db, rows[0]!.id, 0);
    expect(claim.run).toBe(false);
    await eachPlayedOnce(tournament.id);
  });

  it('queues the jobs in the transaction that makes the matches: no reconciler ever sees one open without its job', async () => {
    // The moment between the commit and a later enqueue let a sweep take new matches for lost and queue a second
    // attempt beside the first (two runs of one match: spectators saw it start over). Checked inside the transaction:
    // the jobs of every match it made are already there, so they commit together.
    const seen: number[] = [];
    const watched = new Proxy(t.db, {
      get(target, key, receiver) {
        if (key !== '$transaction') return Reflect.get(target, key, receiver);
        return (fn: (tx: Db) => Promise<unknown>, opts?: object) =>
          target.$transaction(async (tx) => {
            const out = await fn(tx as unknown as Db);
            const [row] = await tx.$queryRaw<{ open: number; jobless: number }[]>`
              SELECT count(*)::int AS open, count(*) FILTER (WHERE NOT EXISTS (
                SELECT 1 FROM pgboss.job j WHERE j.data->>'matchId' = m.id AND (j.data->>'attempt')::int = m.attempt))::int AS jobless
              FROM matches m WHERE m.status = 'queued' AND m.created_at > now() - interval '1 minute'
                AND m.tournament_id IN (SELECT id FROM tournaments WHERE name = 'atomic')`;
            seen.push(row!.open, row!.jobless);
            return out;
          }, opts);
      },
    }) as Db;
    const { tournament } = await createTournament(watched, boss, {
      name: 'atomic',
      format: 'round-robin',
      gameIds: ['tictactoe'],
      agentIds: [ids.random!, ids.random2!],
      gamesPerPair: 2,
    });
    expect(seen).toEqual([2, 0]);
    await ended(tournament.id);
    await eachPlayedOnce(tournament.id);
  });

  it('rides out HTTP 429s from a provider (Retry-After honoured): every match finishes, none voided', async () => {
    const before = flaky.stats.rateLimited;
    const { tournament } = await createTournament(t.db, boss, {
      name: 'flaky',
      format: 'round-robin',
      gameIds: ['tictactoe'],
      agentIds: [ids.flakyA!, ids.flakyB!],
      gamesPerPair: 4,
    });
    const p = await ended(tournament.id, 90_000);
    expect(flaky.stats.rateLimited - before).toBeGreaterThan(0);
    expect(p.counts).toMatchObject({ done: 4, failed: 0 });
  });
});
