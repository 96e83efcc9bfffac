// A side that wins is a win for each of its seats: the per-seat outcome policy (lib/outcomes.ts), Who is the spy played
// through the runner into Postgres, and the data migration that gives matches stored before it the same outcomes.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatOutcomes } from '../../lib/outcomes';
import { createAgent } from '../agents';
import { createTestDb, type TestDb } from '../db/test-db';
import { runMatch } from './run-match';
import { prismaStore } from './store';

describe('seatOutcomes', () => {
  it('gives every seat of the winning side a win, however the score is split', () => {
    expect(
      seatOutcomes({ scores: [1 / 3, 1 / 3, 0, 1 / 3], teams: ['villager', 'villager', 'spy', 'villager'] }),
    ).toEqual(['win', 'win', 'loss', 'win']);
    expect(seatOutcomes({ scores: [0, 0, 1, 0], teams: ['villager', 'villager', 'spy', 'villager'] })).toEqual([
      'loss',
      'loss',
      'win',
      'loss',
    ]);
    expect(seatOutcomes({ scores: [0, 0, 0.5, 0.5, 0], teams: ['v', 'v', 's', 's', 'v'] })).toEqual([
      'loss',
      'loss',
      'win',
      'win',
      'loss',
    ]);
  });

  it('without sides every seat is its own: one winner, a draw at the top, the rest lose; one team shares', () => {
    expect(seatOutcomes({ scores: [1, 0] })).toEqual(['win', 'loss']);
    expect(seatOutcomes({ scores: [0.5, 0.5] })).toEqual(['draw', 'draw']);
    expect(seatOutcomes({ scores: [0.5, 0.5, 0] })).toEqual(['draw', 'draw', 'loss']);
    expect(seatOutcomes({ scores: [0.5, 0.5], teams: ['team', 'team'] })).toEqual(['shared', 'shared']);
    expect(seatOutcomes({ scores: [0.5, 0.5], teams: ['a', 'b'] })).toEqual(['draw', 'draw']);
  });
});

describe('Who is the spy stored by side', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('a villagers’ win is stored as a win for each villager (never a draw), a spy’s win as a loss for each villager', async () => {
    const agents = await Promise.all(
      [0, 1, 2, 3].map((i) => t.db.agent.create({ data: { name: `side-${i}`, kind: 'random' } })),
    );
    const winners = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const m = await t.db.match.create({
        data: {
          gameId: 'spy',
          seed: `side-${i}`,
          config: { spySeats: [i % 4] },
          numPlayers: 4,
          seats: { create: agents.map((a, seat) => ({ seat, agentId: a.id })) },
        },
      });
      expect((await runMatch(m.id, { store: prismaStore(t.db), createAgent })).status).toBe('finished');
      const done = await t.db.match.findUniqueOrThrow({
        where: { id: m.id },
        include: { seats: { orderBy: { seat: 'asc' } } },
      });
      const result = done.result as { teams: string[]; scores: number[] };
      expect(result.teams).toEqual([0, 1, 2, 3].map((s) => (s === i % 4 ? 'spy' : 'villager')));
      const won = result.teams[result.scores.findIndex((x) => x > 0)]!;
      winners.add(won);
      expect(done.seats.map((s) => s.outcome)).toEqual(result.teams.map((team) => (team === won ? 'win' : 'loss')));
    }
    // Both ends occurred among these seeds: the villagers' win (three seats scoring ⅓ each) and the spy's.
    expect([...winners].sort()).toEqual(['spy', 'villager']);
  });

  it('the data migration gives matches stored before it the same outcomes', async () => {
    const [a, b, c, d] = await Promise.all(
      [0, 1, 2, 3].map((i) => t.db.agent.create({ data: { name: `legacy-${i}`, kind: 'random' } })),
    );
    const third = 1 / 3;
    const legacy = async (
      gameId: string,
      scores: number[],
      outcomes: string[],
      agentIds: string[],
      resigned = false,
    ) => {
      const m = await t.db.match.create({
        data: {
          gameId,
          seed: `legacy-${Math.random()}`,
          numPlayers: scores.length,
          status: 'finished',
          finishedAt: new Date(),
          result: { scores, reason: 'stored before sides', winner: null },
          seats: {
            create: agentIds.map((agentId, seat) => ({
              seat,
              agentId,
              score: scores[seat]!,
              outcome: outcomes[seat]!,
            })),
          },
          ...(resigned ? { events: { create: [{ seq: 1, kind: 'resign', seat: 2, payload: {} }] } } : {}),
        },
      });
      return m.id;
    };
    // The villagers (seats 0, 1, 3) won: stored as draws by the old rule. The spy won. A person resigned (seat 2).
    const villagers = await legacy(
      'spy',
      [third, third, 0, third],
      ['draw', 'draw', 'loss', 'draw'],
      [a!.id, b!.id, c!.id, d!.id],
    );
    const spyWon = await legacy('spy', [0, 1, 0, 0], ['loss', 'win', 'loss', 'loss'], [a!.id, b!.id, c!.id, d!.id]);
    const resigned = await legacy(
      'spy',
      [third, third, 0, third],
      ['draw', 'draw', 'loss', 'draw'],
      [a!.id, b!.id, c!.id, d!.id],
      true,
    );
    const hanabi = await legacy('hanabi', [0.5, 0.5], ['draw', 'draw'], [a!.id, b!.id]);
    const ttt = await legacy('tictactoe', [0.5, 0.5], ['draw', 'draw'], [a!.id, b!.id]);

    const sql = await readFile(
      path.resolve(import.meta.dirname, '../../prisma/migrations/0009_side_outcomes/migration.sql'),
      'utf8',
    );
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    await client.query(sql);
    await client.query(sql); // applied twice, nothing changes
    await client.end();

    const read = async (id: string) => {
      const m = await t.db.match.findUniqueOrThrow({ where: { id }, include: { seats: { orderBy: { seat: 'asc' } } } });
      return { teams: (m.result as { teams?: string[] }).teams, outcomes: m.seats.map((s) => s.outcome) };
    };
    expect(await read(villagers)).toEqual({
      teams: ['villager', 'villager', 'spy', 'villager'],
      outcomes: ['win', 'win', 'loss', 'win'],
    });
    expect(await read(spyWon)).toEqual({
      teams: ['villager', 'spy', 'villager', 'villager'],
      outcomes: ['loss', 'win', 'loss', 'loss'],
    });
    expect(await read(resigned)).toEqual({
      teams: ['others', 'others', 'resigned', 'others'],
      outcomes: ['win', 'win', 'loss', 'win'],
    });
    expect(await read(hanabi)).toEqual({ teams: ['team', 'team'], outcomes: ['shared', 'shared'] });
    expect(await read(ttt)).toEqual({ teams: undefined, outcomes: ['draw', 'draw'] });
  });
});
