// The match exports under load (issue 35, item 6), on a real Postgres: ten requests at once read the matches once and
// get the same export; a match that ends makes the next export new; each address may ask for a limited number of
// exports (a readable 429 with Retry-After), and another address is not held back by it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_IP_HEADER } from '@/lib/client-ip';
import { closeExportLimits, EXPORT_LIMIT } from '@/lib/db/export-cache';
import { createTestDb, type TestDb } from '../../../server/db/test-db';

/** How many times the exports have read the matches (each read is a whole export's worth of work). */
const reads = vi.hoisted(() => ({ n: 0 }));
vi.mock('@/lib/db/match-exports', async (original) => {
  const q = await original<typeof import('@/lib/db/match-exports')>();
  return {
    ...q,
    exportMatchBatches: (...args: Parameters<typeof q.exportMatchBatches>) => {
      reads.n++;
      return q.exportMatchBatches(...args);
    },
  };
});

let t: TestDb;
let jsonl: (r: Request) => Promise<Response>;
let csv: (r: Request) => Promise<Response>;
let agents: { id: string }[];
let n = 0;

const finish = () =>
  t.db.match.create({
    data: {
      gameId: 'tictactoe',
      seed: `cache-${n}`,
      numPlayers: 2,
      status: 'finished',
      finishedAt: new Date(Date.UTC(2026, 0, 1) + n++ * 1000),
      result: { scores: [1, 0], reason: 'r', winner: 0 },
      seats: {
        create: [0, 1].map((seat) => ({
          seat,
          agentId: agents[seat]!.id,
          score: 1 - seat,
          outcome: seat ? 'loss' : 'win',
        })),
      },
      events: {
        create: [
          { seq: 1, kind: 'move', seat: 0, payload: { ply: 0, action: { type: 'place', cell: 4 } }, visibleTo: [] },
        ],
      },
    },
  });

beforeAll(async () => {
  t = await createTestDb();
  process.env.DATABASE_URL = t.url;
  agents = await Promise.all(
    ['cache-a', 'cache-b'].map((name) => t.db.agent.create({ data: { name, kind: 'random' } })),
  );
  for (let k = 0; k < 150; k++) await finish(); // more than one batch of 100
  jsonl = (await import('./matches.jsonl/route')).GET;
  csv = (await import('./matches.csv/route')).GET;
});
afterAll(async () => {
  await closeExportLimits();
  await t?.drop();
});

const from = (ip: string, path = '/api/export/matches.jsonl') =>
  new Request(`http://arena.test${path}`, { headers: { [CLIENT_IP_HEADER]: ip } });

describe('match exports', () => {
  it('ten requests at once read the matches once, and all get the whole export', async () => {
    reads.n = 0;
    const bodies = await Promise.all(
      Array.from({ length: 10 }, (_, k) => jsonl(from(`10.0.0.${k + 1}`)).then((r) => r.text())),
    );
    expect(reads.n).toBe(1);
    const lines = bodies[0]!.trim().split('\n');
    expect(lines).toHaveLength(150);
    expect(bodies.every((b) => b === bodies[0])).toBe(true);
    // Asked again with nothing changed: the same file, no reading.
    expect(await (await jsonl(from('10.0.0.11'))).text()).toBe(bodies[0]);
    expect(reads.n).toBe(1);
  });

  it('a match that ends is in the next export (a new version of the data)', async () => {
    reads.n = 0;
    await finish();
    await new Promise((r) => setTimeout(r, 2100)); // past the 2 s in which requests share one reading of the version
    const text = await (await jsonl(from('10.0.1.1'))).text();
    expect(text.trim().split('\n')).toHaveLength(151);
    expect(reads.n).toBe(1);
  });

  it('limits the exports of one address, with a readable 429 and Retry-After; another address is still served', async () => {
    for (let k = 0; k < EXPORT_LIMIT.points; k++)
      expect((await csv(from('10.9.9.9', '/api/export/matches.csv'))).status).toBe(200);
    const refused = await csv(from('10.9.9.9', '/api/export/matches.csv'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^too many exports from your address: try again in \d+ minutes? \(at most 30 every 10 minutes\)$/,
    );
    expect((await jsonl(from('10.9.9.8'))).status).toBe(200);
  });
});
