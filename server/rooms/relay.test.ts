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

/** Waits for `check` (a few ms; the 60 s limit is a safety net, after which the test's own expectations fail). */
const until = async (check: () => boolean) => {
  for (const end = Date.now() + 60_000; !check() && Date.now() < end;) await new Promise((r) => setTimeout(r, 50));
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

    const move: HumanInput = {
      kind: 'move',
      matchId: 'm1',
      seat: 1,
      ply: 4,
      action: { type: 'drop', column: 3 } as { type: string },
    };
    sender.act(move);
    await until(() => onWire.length > 0);
    expect(onWire).toEqual([{ t: 'act', input: move, origin: ORIGIN }]);

    // From another process (another origin), the listener passes it on; its own are ignored.
    const resign: HumanInput = { kind: 'resign', matchId: 'm1', seat: 1 };
    await raw.query('SELECT pg_notify($1, $2)', [
      'arena_live',
      JSON.stringify({ t: 'act', input: resign, origin: 'elsewhere' }),
    ]);
    await until(() => heard.length > 0);
    expect(heard).toEqual([{ t: 'act', input: resign, origin: 'elsewhere' }]);

    await sender.close();
    await listener.close();
    await raw.end();
  });

  it('batches match news: one NOTIFY per turn of the event loop, split under the 8,000-byte limit', async () => {
    const raw = new pg.Client({ connectionString: t.url });
    await raw.connect();
    const payloads: string[] = [];
    raw.on('notification', (n) => payloads.push(n.payload!));
    await raw.query('LISTEN arena_live');
    const sender = relaySender(t.url);
    // 300 events of 3 matches at once: about 100 bytes each, so 30,000 bytes in at least 4 notices.
    for (let seq = 1; seq <= 100; seq++)
      for (const m of ['ma', 'mb', 'mc']) sender.match(`${m}-${'x'.repeat(24)}`, seq, 'move');
    await until(() => payloads.flatMap((p) => JSON.parse(p) as unknown[]).length >= 300);
    expect(payloads.length).toBeGreaterThanOrEqual(4);
    expect(payloads.length).toBeLessThan(10);
    expect(payloads.every((p) => Buffer.byteLength(p) < 8000)).toBe(true);
    const got = payloads.flatMap((p) => JSON.parse(p) as RelayMessage[]);
    expect(got).toHaveLength(300);
    // Every event once. Batches may arrive out of order (the pool has two connections): a hub reads what is new from
    // Postgres on each notice, so a late notice only finds nothing new.
    for (const m of ['ma', 'mb', 'mc']) {
      const seqs = got.flatMap((x) => (x.t === 'match' && x.matchId.startsWith(m) ? [x.seq] : []));
      expect(seqs.sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    }
    // A listener hands each message of a batch on, one by one.
    const heard: RelayMessage[] = [];
    const listener = await relayListener(t.url, (m) => heard.push(m));
    await raw.query('SELECT pg_notify($1, $2)', [
      'arena_live',
      JSON.stringify([
        { t: 'match', matchId: 'a', seq: 1, kind: 'start', origin: 'elsewhere' },
        { t: 'match', matchId: 'a', seq: 2, kind: 'move', origin: 'elsewhere' },
        { t: 'match', matchId: 'a', seq: 3, kind: 'move', origin: ORIGIN },
      ]),
    ]);
    await until(() => heard.length >= 2);
    expect(heard.map((m) => (m.t === 'match' ? m.seq : -1))).toEqual([1, 2]);
    await sender.close();
    await listener.close();
    await raw.end();
  });
});
