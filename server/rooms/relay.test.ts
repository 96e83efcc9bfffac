// The relay between processes on a real Postgres: a person's move sent by a web process reaches listeners elsewhere,
// and a process ignores what it sent itself.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HumanInput } from '../agents/human';
import { createTestDb, type TestDb } from '../db/test-db';
import { ORIGIN, relayListener, relaySender, type RelayMessage } from './relay';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.drop();
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
};

describe('relay', () => {
  it('carries a person\u2019s move to other processes, and not back to its sender', async () => {
    const raw = new pg.Client({ connectionString: t.url });
    await raw.connect();
    const onWire: RelayMessage[] = [];
    raw.on('notification', (n) => onWire.push(JSON.parse(n.payload!) as RelayMessage));
    await raw.query('LISTEN arena_live');
    const heard: RelayMessage[] = [];
    const listener = await relayListener(t.url, (m) => heard.push(m));
    const sender = relaySender(t.url);

    const move: HumanInput = { kind: 'move', matchId: 'm1', seat: 1, ply: 4, action: { type: 'drop', column: 3 } as { type: string } };
    sender.act(move);
    await until(() => onWire.length > 0);
    expect(onWire).toEqual([{ t: 'act', input: move, origin: ORIGIN }]);

    // From another process (another origin), the listener passes it on; its own are ignored.
    const resign: HumanInput = { kind: 'resign', matchId: 'm1', seat: 1 };
    await raw.query('SELECT pg_notify($1, $2)', ['arena_live', JSON.stringify({ t: 'act', input: resign, origin: 'elsewhere' })]);
    await until(() => heard.length > 0);
    expect(heard).toEqual([{ t: 'act', input: resign, origin: 'elsewhere' }]);

    await sender.close();
    await listener.close();
    await raw.end();
  });
});
