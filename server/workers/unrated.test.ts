// Matches that rate no one, on real Postgres through the real runner: a person who resigns or runs out of time before
// a move of their own — or before five (issue 35: lib/people-rating.ts) — hands nobody a win (the match ends with its
// outcome, but the leaderboard, the records and the rating exports leave it out).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgent } from '../agents';
import { ResignError } from '../agents/human';
import type { Agent } from '../agents/types';
import { createGuest } from '../../lib/db/people';
import { createTestDb, type TestDb } from '../db/test-db';
import { loadLeaderboardData } from '../leaderboard/data';
import { defaultPolicy, runMatch } from './run-match';
import { prismaStore, type AgentRow } from './store';

vi.mock('server-only', () => ({}));

let t: TestDb;
let opponent: string;
beforeAll(async () => {
  t = await createTestDb();
  process.env.DATABASE_URL = t.url; // lib/db's modules read through db()
  opponent = (await t.db.agent.create({ data: { name: 'Always wins', kind: 'random' } })).id;
});
afterAll(async () => {
  await (globalThis as { __arenaDb?: { client: { $disconnect(): Promise<void> } } }).__arenaDb?.client.$disconnect();
  await t?.drop();
});

/**
 * A person who plays `moves` moves (the first legal one each time), then resigns; with `stall`, they instead let the
 * timer run out on every turn (moves are then played for them, forfeited).
 */
function person(plan: { moves: number; stall?: boolean }): Agent {
  let left = plan.moves;
  return {
    kind: 'human',
    act: (ctx) => {
      if (plan.stall)
        return new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('aborted'))));
      if (left-- > 0) return Promise.resolve({ ok: true as const, action: ctx.legal![0]! });
      return Promise.reject(new ResignError(ctx.seat));
    },
  };
}

async function play(name: string, plan: { moves: number; stall?: boolean }, personSeat = 0) {
  const who = await createGuest(t.db, { name });
  const seats = personSeat === 0 ? [who.agentId, opponent] : [opponent, who.agentId];
  const m = await t.db.match.create({
    data: {
      gameId: 'tictactoe',
      seed: `seed-${name}`,
      numPlayers: 2,
      moveSeconds: plan.stall ? 1 : null,
      seats: { create: seats.map((agentId, seat) => ({ seat, agentId })) },
    },
  });
  const result = await runMatch(m.id, {
    store: prismaStore(t.db),
    createAgent: (row: AgentRow) => (row.kind === 'human' ? person(plan) : createAgent(row)),
    policy: { ...defaultPolicy, humanTimeoutsToForfeit: 2 },
  });
  const row = await t.db.match.findUniqueOrThrow({
    where: { id: m.id },
    include: { seats: { orderBy: { seat: 'asc' } }, events: { orderBy: { seq: 'asc' } } },
  });
  return { result, row, person: who };
}

const rated = async () => new Set((await loadLeaderboardData(t.db, { humans: 'each' })).matches.map((m) => m.id));

describe('a person who gives up before a move of their own rates no one', () => {
  it('resigning at once: the match ends with its outcome, not rated, and the leaderboard leaves it out', async () => {
    const { result, row, person: p } = await play('Quitter', { moves: 0 });
    expect(result).toMatchObject({
      status: 'finished',
      outcome: { scores: [0, 1], winner: 1, reason: 'Quitter resigned' },
    });
    expect(row).toMatchObject({ status: 'finished', rated: false });
    expect(row.result).toMatchObject({
      unrated: 'Quitter gave up before making a move of their own, so this match rates no one',
    });
    expect(row.seats.map((s) => s.outcome)).toEqual(['loss', 'win']); // the outcome is still shown
    expect(row.events.at(-1)).toMatchObject({
      kind: 'end',
      payload: { rated: false, unrated: expect.stringContaining('rates no one') },
    });
    expect((await rated()).has(row.id)).toBe(false);

    // Nor does the agent's record count it, and the exports say so.
    const { getAgent } = await import('../../lib/db/agents');
    const { exportMatchBatches } = await import('../../lib/db/match-exports');
    expect(await getAgent(opponent)).toMatchObject({ wins: 0, played: 0, unrated: 1 });
    expect(await getAgent(p.agentId)).toMatchObject({ losses: 0, played: 0 });
    const exported = [];
    for await (const batch of exportMatchBatches({ statuses: ['finished'] })) exported.push(...batch);
    expect(exported.find((m) => m.id === row.id)).toMatchObject({ rated: false });
  });

  it('resigning after the model moved first, still without a move of their own: not rated', async () => {
    const { row } = await play('Second', { moves: 0 }, 1);
    expect(row.events.some((e) => e.kind === 'move' && e.seat === 0)).toBe(true);
    expect(row.rated).toBe(false);
  });

  it('abandoning (running out of time until the match is lost, only forfeited moves played): not rated', async () => {
    const { result, row } = await play('Sleeper', { moves: 0, stall: true });
    expect(result).toMatchObject({
      status: 'finished',
      outcome: { winner: 1, reason: expect.stringMatching(/ran out of time on 2 turns in a row/) },
    });
    expect(
      row.events.filter((e) => e.kind === 'move' && e.seat === 0 && (e.payload as { forfeited?: boolean }).forfeited),
    ).toHaveLength(1);
    expect(row.rated).toBe(false);
    expect((await rated()).has(row.id)).toBe(false);
  });

  it('resigning after one real move rates no one either: a game given up counts from five moves of their own (issue 35)', async () => {
    const { result, row } = await play('Tried', { moves: 1 });
    expect(result).toMatchObject({ status: 'finished', outcome: { winner: 1, reason: 'Tried resigned' } });
    expect(row).toMatchObject({ rated: false });
    expect(row.result).toMatchObject({
      unrated: 'Tried gave up after 1 move of their own (a game given up counts from 5), so this match rates no one',
    });
    expect(row.events.at(-1)).toMatchObject({ kind: 'end', payload: { rated: false } });
    expect((await rated()).has(row.id)).toBe(false);
    // (After five moves of their own a resignation is a loss that counts, past a new person's practice games:
    // server/leaderboard/people-rule.test.ts.)
  });

  it('three resignations against one agent do not make it a winner', async () => {
    for (const name of ['Farm one', 'Farm two', 'Farm three']) await play(name, { moves: 0 });
    const data = await loadLeaderboardData(t.db, { humans: 'each' });
    expect(data.matches.filter((m) => m.seats.some((s) => s.agentId === opponent))).toHaveLength(0);
  });
});
