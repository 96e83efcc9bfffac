// Seeds stay secret while they still deal a match: the tournament page and the exports, on a real Postgres.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, testGames } from '../../games/registry';
import { createAgent } from '../../server/agents';
import { createTestDb, type TestDb } from '../../server/db/test-db';
import { runMatch } from '../../server/workers/run-match';
import { prismaStore } from '../../server/workers/store';
import { dealsLike, stringsIn } from '../engine/leak-check';
import { jsonlRecord } from '../exports';
import { exportMatchBatches, getMatchLogs } from './match-exports';
import { getTournament } from './tournament-pages';
import { currentDeal } from '../engine/replay';

let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
  process.env.DATABASE_URL = t.url;
});
afterAll(async () => {
  await t?.drop();
});

async function agents() {
  return Promise.all(
    ['a', 'b'].map((n) => t.db.agent.create({ data: { name: `q-${n}-${Math.random()}`, kind: 'random' } })),
  );
}

async function matchRow(tournamentId: string | null, seed: string, status: string, ids: string[]) {
  const finished = status === 'finished' || status === 'failed';
  return t.db.match.create({
    data: {
      tournamentId,
      gameId: 'tictactoe',
      seed,
      status,
      numPlayers: 2,
      ...(finished
        ? {
            finishedAt: new Date(),
            result: status === 'finished' ? { scores: [1, 0], reason: 'r', winner: 0 } : undefined,
          }
        : {}),
      seats: {
        create: ids.map((agentId, seat) => ({ seat, agentId, ...(finished ? { score: seat === 0 ? 1 : 0 } : {}) })),
      },
    },
  });
}

async function allExported() {
  const out = [];
  for await (const batch of exportMatchBatches({ statuses: ['finished', 'failed'] })) out.push(...batch);
  return out;
}

describe('the tournament seed', () => {
  it('is withheld while any of its matches is left to play, except from an admin; shown once all are played', async () => {
    const [a, b] = await agents();
    const tour = await t.db.tournament.create({
      data: {
        name: 'secret seed',
        status: 'running',
        config: { format: 'round-robin', gameIds: ['tictactoe'], agentIds: [a!.id, b!.id], seed: 'tournament-secret' },
      },
    });
    await matchRow(tour.id, 'derived-1', 'finished', [a!.id, b!.id]);
    const twin = await matchRow(tour.id, 'derived-1', 'queued', [b!.id, a!.id]);

    const live = await getTournament(tour.id);
    expect(live?.seed).toBeNull();
    expect(live?.seedWithheld).toBe(true);
    expect(JSON.stringify(live)).not.toContain('tournament-secret');
    expect((await getTournament(tour.id, { revealSeed: true }))?.seed).toBe('tournament-secret');

    // Cancelled, but a match is still being played: still withheld.
    await t.db.tournament.update({ where: { id: tour.id }, data: { status: 'cancelled' } });
    await t.db.match.update({ where: { id: twin.id }, data: { status: 'running' } });
    expect((await getTournament(tour.id))?.seed).toBeNull();

    await t.db.match.update({
      where: { id: twin.id },
      data: { status: 'finished', finishedAt: new Date(), result: { scores: [0, 1], reason: 'r', winner: 1 } },
    });
    const over = await getTournament(tour.id);
    expect(over?.seed).toBe('tournament-secret');
    expect(over?.seedWithheld).toBe(false);
  });
});

describe('exported match seeds', () => {
  it('are null while the seat-swapped twin dealt from the same seed is still to play, and given once it is over', async () => {
    const [a, b] = await agents();
    const done = await matchRow(null, 'paired-seed', 'finished', [a!.id, b!.id]);
    const twin = await matchRow(null, 'paired-seed', 'running', [b!.id, a!.id]);
    const alone = await matchRow(null, 'lonely-seed', 'failed', [a!.id, b!.id]);

    let rows = await allExported();
    expect(rows.find((m) => m.id === done.id)?.seed).toBeNull();
    expect(rows.find((m) => m.id === alone.id)?.seed).toBe('lonely-seed');
    expect(rows.some((m) => m.id === twin.id)).toBe(false); // a match in play is never exported

    await t.db.match.update({
      where: { id: twin.id },
      data: { status: 'finished', finishedAt: new Date(), result: { scores: [1, 0], reason: 'r', winner: 0 } },
    });
    rows = await allExported();
    expect(rows.find((m) => m.id === done.id)?.seed).toBe('paired-seed');
    expect(rows.find((m) => m.id === twin.id)?.seed).toBe('paired-seed');
  });

  it('never appear in an exported start event, even one stored by an older version with the seed in it', async () => {
    const [a, b] = await agents();
    const m = await matchRow(null, 'old-log-seed', 'finished', [a!.id, b!.id]);
    await t.db.matchEvent.create({
      data: { matchId: m.id, seq: 1, kind: 'start', payload: { seed: 'old-log-seed', seats: [] }, visibleTo: [] },
    });
    const logs = await getMatchLogs([m.id]);
    expect(JSON.stringify(logs.get(m.id))).not.toContain('old-log-seed');
    expect(logs.get(m.id)?.events[0]?.payload).toEqual({ seats: [] });
  });
});

// The leak check of server/rooms/hub.test.ts ("wire views of …"), on what the exports hand out: a finished match whose
// seat-swapped twin, dealt from the same seed, is still to play. Its events are exported whole (it is over), but
// nothing in its record may deal the twin: neither the seed nor any string that deals the same start.
// Every game with private information: a game without `secrets` has said why it has none (`publicInformation`), which
// defineGame checks, so none is skipped for a field left out.
describe.each([...games, ...testGames].filter((g) => g.publicInformation === null).map((g) => [g.id, g] as const))(
  'the export of a match of %s',
  (_id, game) => {
    it('holds no string that deals it while its twin is still to play', async () => {
      const n = game.defaultPlayers(game.defaultConfig);
      const seats = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          t.db.agent.create({ data: { name: `export-${game.id}-${i}-${Math.random()}`, kind: 'random' } }),
        ),
      );
      for (const seed of [1, 2].map((i) => `export-${game.id}-${i}-${randomBytes(8).toString('hex')}`)) {
        const create = (agentIds: string[]) =>
          t.db.match.create({
            data: {
              gameId: game.id,
              seed,
              numPlayers: n,
              seats: { create: agentIds.map((agentId, seat) => ({ seat, agentId })) },
            },
          });
        const m = await create(seats.map((a) => a.id));
        await create(seats.map((a) => a.id).reverse()); // the twin, queued
        expect((await runMatch(m.id, { store: prismaStore(t.db), createAgent })).status).toBe('finished');

        let exported: Awaited<ReturnType<typeof allExported>>[number] | undefined;
        for await (const batch of exportMatchBatches({ statuses: ['finished'], games: [game.id] }))
          exported ??= batch.find((r) => r.id === m.id);
        expect(exported?.seed).toBeNull();
        const log = (await getMatchLogs([m.id])).get(m.id)!;
        expect(log.events.length).toBeGreaterThan(2);
        const record = JSON.stringify(jsonlRecord(exported!, log.events, log.llmCalls));
        expect(record, `${game.id}: the export carries the seed`).not.toContain(seed);
        const deals = dealsLike(game, game.configSchema.parse(m.config ?? {}), n, currentDeal(seed));
        for (const candidate of stringsIn(JSON.parse(record))) {
          expect(deals(candidate), `${game.id}: "${candidate}" in the export deals this match`).toBe(false);
        }
      }
    });
  },
);
