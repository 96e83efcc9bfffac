// Pagination: the ?page= helpers, and the lists that grow with use read one page at a time on real Postgres (500
// guests do not make the agents page a multi-megabyte list; the lobby, tournaments and an agent's matches are pages).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../server/db/test-db';
import { PAGE_SIZE, pageHref, pageNumbers, pageParam } from './pagination';

vi.mock('server-only', () => ({}));

describe('page helpers', () => {
  it('reads ?page= as a positive whole number, anything else as page 1', () => {
    expect(pageParam('3')).toBe(3);
    for (const bad of [undefined, '', 'abc', '0', '-2', '1.5', '1e99']) expect(pageParam(bad), String(bad)).toBe(1);
    expect(pageParam(['4', '5'])).toBe(4);
  });

  it('links keep the other parameters, leave page 1 out, and can bring a list back into view', () => {
    expect(pageHref('/agents', { show: 'people', page: '2' }, 3)).toBe('/agents?show=people&page=3');
    expect(pageHref('/agents', { show: 'people', page: '2' }, 1)).toBe('/agents?show=people');
    expect(pageHref('/', {}, 2, 'page', 'recent-heading')).toBe('/?page=2#recent-heading');
  });

  it('numbers the first, the last and two either side of the current page, with gaps', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pageNumbers(20, 20)).toEqual([1, null, 18, 19, 20]);
  });
});

describe('the lists, on real Postgres', () => {
  let t: TestDb;
  let q: typeof import('./db/matches') & typeof import('./db/agents') & typeof import('./db/tournament-pages');
  let model: string;
  beforeAll(async () => {
    t = await createTestDb();
    process.env.DATABASE_URL = t.url; // lib/db's modules read through db()
    q = {
      ...(await import('./db/matches')),
      ...(await import('./db/agents')),
      ...(await import('./db/tournament-pages')),
    };
    await t.db.agent.createMany({
      data: Array.from({ length: 500 }, (_, i) => ({ name: `guest ${String(i).padStart(3, '0')}`, kind: 'human' })),
    });
    model = (await t.db.agent.create({ data: { name: 'A model', kind: 'llm' } })).id;
    const rnd = await t.db.agent.create({ data: { name: 'Random', kind: 'random' } });
    const tour = await t.db.tournament.create({ data: { name: 'Big one' } });
    await t.db.tournament.createMany({ data: Array.from({ length: 60 }, (_, i) => ({ name: `t${i}` })) });
    for (let i = 0; i < 70; i++) {
      await t.db.match.create({
        data: {
          gameId: 'tictactoe',
          seed: `s${i}`,
          numPlayers: 2,
          status: i < 3 ? 'running' : 'finished',
          tournamentId: tour.id,
          finishedAt: i < 3 ? null : new Date(Date.UTC(2025, 0, 1, 0, i)),
          seats: {
            create: [
              { seat: 0, agentId: model, outcome: i < 3 ? null : 'win', score: 1 },
              { seat: 1, agentId: rnd.id, outcome: i < 3 ? null : 'loss', score: 0 },
            ],
          },
        },
      });
    }
  });
  afterAll(async () => {
    await (globalThis as { __arenaDb?: { client: { $disconnect(): Promise<void> } } }).__arenaDb?.client.$disconnect();
    await t?.drop();
  });

  it('the agents list with 500 guests is one small page, people in their own tab', async () => {
    const agents = await q.getAgentsPage(1);
    expect(agents.items.map((a) => a.name)).toEqual(['A model', 'Random']);
    expect(agents.counts).toEqual({ agents: 2, people: 500 });
    const people = await q.getAgentsPage(2, 'people');
    expect(people).toMatchObject({ page: 2, total: 500, pages: Math.ceil(500 / PAGE_SIZE) });
    expect(people.items).toHaveLength(PAGE_SIZE);
    expect(people.items[0]!.name).toBe(`guest ${String(PAGE_SIZE).padStart(3, '0')}`);
    expect(JSON.stringify(people).length).toBeLessThan(20_000);
    expect((await q.getAgentsPage(1)).items.find((a) => a.name === 'A model')).toMatchObject({ played: 67, wins: 67 });
  });

  it('the lobby, the tournaments and an agent or tournament page list one page of matches', async () => {
    const lobby = await q.getLobby(2);
    expect(lobby).toMatchObject({ liveTotal: 3, queued: 0 });
    expect(lobby.recent).toMatchObject({ page: 2, total: 67 });
    expect(lobby.recent.items).toHaveLength(20);
    expect(lobby.recent.items[0]!.finishedAt).toEqual(new Date(Date.UTC(2025, 0, 1, 0, 69 - 20)));

    const tours = await q.getTournamentsPage(3);
    expect(tours).toMatchObject({ page: 3, total: 61, pages: 3 });
    expect(tours.items).toHaveLength(61 - 2 * PAGE_SIZE);

    const mine = await q.getAgentMatches(model, 99); // past the end: the last page
    expect(mine.liveTotal).toBe(3);
    expect(mine.ended).toMatchObject({ page: 3, total: 67 });
    expect(mine.ended.items).toHaveLength(67 - 2 * PAGE_SIZE);

    const tour = await t.db.tournament.findFirstOrThrow({ where: { name: 'Big one' } });
    const tm = await q.getTournamentMatches(tour.id, 2);
    expect(tm.recent).toMatchObject({ page: 2, total: 67 });
    expect(tm.recent.items).toHaveLength(10);
    expect(tm.live).toHaveLength(3);
  });
});
