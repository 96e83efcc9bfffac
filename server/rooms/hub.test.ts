// Integration tests of live streaming: real socket.io clients, a real Postgres, the real runner.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, MatchSnapshot, ServerToClientEvents, WireEvent } from '../../lib/protocol';
import { createAgent } from '../agents';
import { createTestDb, type TestDb } from '../db/test-db';
import { runMatch } from '../workers/run-match';
import { prismaStore } from '../workers/store';
import { games, testGames } from '../../games/registry';
import { dealsLike, stringsIn } from '../../lib/engine/leak-check';
import { createRng, CURRENT_GENERATOR } from '../../lib/engine/rng';
import { randomBytes } from 'node:crypto';
import type { MatchSetup, StoredEvent } from '../workers/store';
import { applyToEntry, entryFromSetup, Hub, snapshotFor, spectatorViewer, toWire } from './hub';
import { currentDeal } from '../../lib/engine/replay';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
let t: TestDb;
let server: http.Server;
let url: string;
let hub: Hub;
let io: Server;
const clients: Client[] = [];

beforeAll(async () => {
  t = await createTestDb();
  hub = new Hub(() => t.db);
  server = http.createServer();
  io = new Server(server, { maxHttpBufferSize: 100_000 });
  hub.attach(io);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const c of clients) c.close();
  await new Promise((r) => server.close(r));
  await t?.drop();
});

async function client(): Promise<Client> {
  const c: Client = connect(url, { transports: ['websocket'], forceNew: true });
  clients.push(c);
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve());
    c.once('connect_error', reject);
  });
  return c;
}

const next = <K extends keyof ServerToClientEvents>(c: Client, name: K) =>
  new Promise<Parameters<ServerToClientEvents[K]>[0]>((resolve) => c.once(name as never, resolve as never));

async function finishedMatch() {
  const [a, b] = await Promise.all(
    ['x', 'y'].map((n) => t.db.agent.create({ data: { name: `${n}-${Math.random()}`, kind: 'random' } })),
  );
  const m = await t.db.match.create({
    data: {
      gameId: 'tictactoe',
      seed: 'hub-seed',
      generator: CURRENT_GENERATOR,
      numPlayers: 2,
      seats: {
        create: [
          { seat: 0, agentId: a!.id },
          { seat: 1, agentId: b!.id },
        ],
      },
    },
  });
  await runMatch(m.id, { store: prismaStore(t.db), createAgent });
  return m.id;
}

describe('Hub', () => {
  it('sends a snapshot of a finished match with a board view after every move', async () => {
    const id = await finishedMatch();
    const c = await client();
    const snap = next(c, 'match:snapshot');
    c.emit('match:join', { matchId: id });
    const s = (await snap) as MatchSnapshot;
    expect(s.status).toBe('finished');
    expect(s.events.map((e) => e.seq)).toEqual(s.events.map((_, i) => i + 1));
    const moves = s.events.filter((e): e is Extract<WireEvent, { kind: string }> => !e.hidden && e.kind === 'move');
    expect(moves.length).toBeGreaterThanOrEqual(5);
    expect(moves.every((m) => m.view !== undefined)).toBe(true);
    expect(s.outcome?.scores.reduce((x, y) => x + y)).toBeCloseTo(1);
    expect(s.seats.map((x) => x.label)).toEqual(['X', 'O']);
  });

  it('a match whose log holds its end before its row is marked finished is shown finished, with its outcome', async () => {
    const [a, b] = await Promise.all(
      ['x', 'y'].map((n) => t.db.agent.create({ data: { name: `${n}-${Math.random()}`, kind: 'random' } })),
    );
    const m = await t.db.match.create({
      data: {
        gameId: 'tictactoe',
        seed: 'hub-end-first',
        generator: CURRENT_GENERATOR,
        numPlayers: 2,
        seats: {
          create: [
            { seat: 0, agentId: a!.id },
            { seat: 1, agentId: b!.id },
          ],
        },
      },
    });
    // The runner stored every event, end included, and stops before marking the match finished (a crash, or the moment
    // between the two writes).
    await runMatch(m.id, { store: { ...prismaStore(t.db), finish: async () => {} }, createAgent });
    expect((await t.db.match.findUniqueOrThrow({ where: { id: m.id } })).status).toBe('running');
    const c = await client();
    const snap = next(c, 'match:snapshot');
    c.emit('match:join', { matchId: m.id });
    const s = (await snap) as MatchSnapshot;
    expect(s.status).toBe('finished');
    expect(s.events.at(-1)).toMatchObject({ kind: 'end' });
    expect(s.outcome?.scores.reduce((x, y) => x + y)).toBeCloseTo(1);
  });

  it('answers a join with lastSeq with only the missed events', async () => {
    const id = await finishedMatch();
    const c = await client();
    const got: number[] = [];
    c.on('match:event', ({ event }) => got.push(event.seq));
    c.emit('match:join', { matchId: id, lastSeq: 3 });
    const total = await t.db.matchEvent.count({ where: { matchId: id } });
    await expect.poll(() => got.length).toBe(total - 3);
    expect(got[0]).toBe(4);
  });

  it('streams a live match to a watching client, in order, without gaps', async () => {
    const [a, b] = await Promise.all(
      ['p', 'q'].map((n) => t.db.agent.create({ data: { name: `${n}-${Math.random()}`, kind: 'random' } })),
    );
    const m = await t.db.match.create({
      data: {
        gameId: 'connect-four',
        seed: 'live',
        generator: CURRENT_GENERATOR,
        numPlayers: 2,
        seats: {
          create: [
            { seat: 0, agentId: a!.id },
            { seat: 1, agentId: b!.id },
          ],
        },
      },
    });
    const c = await client();
    const snap = next(c, 'match:snapshot');
    c.emit('match:join', { matchId: m.id });
    expect(((await snap) as MatchSnapshot).status).toBe('queued');
    const live: number[] = [];
    c.on('match:event', ({ event }) => live.push(event.seq));
    const finalSnap = new Promise<MatchSnapshot>((r) => c.on('match:snapshot', (s) => s.status === 'finished' && r(s)));
    await runMatch(m.id, { store: prismaStore(t.db), createAgent, publish: hub.publish });
    const end = await finalSnap;
    expect(live).toEqual(live.map((_, i) => i + 1));
    expect(live.at(-1)).toBe(end.seq);
  });

  it('answers malformed and unknown requests with an error to that client only, and keeps serving', async () => {
    const bad = await client();
    const good = await client();
    const goodErrors: string[] = [];
    good.on('arena:error', (e) => goodErrors.push(e.message));

    const e1 = next(bad, 'arena:error');
    bad.emit('match:join', { matchId: 42 } as never);
    expect((await e1).message).toMatch(/matchId/);

    const e2 = next(bad, 'arena:error');
    bad.emit('match:join', { matchId: 'no-such-match' });
    expect((await e2).message).toMatch(/does not exist/);

    const e3 = next(bad, 'arena:error');
    bad.emit('match:join', { matchId: 'x', lastSeq: 1, padding: 'y'.repeat(10_000) } as never);
    expect((await e3).message).toMatch(/limit/);

    const e4 = next(bad, 'arena:error');
    (bad as unknown as { emit(n: string, x: unknown): void }).emit('match:explode', {});
    expect((await e4).message).toMatch(/unknown event/);

    const id = await finishedMatch();
    const snap = next(good, 'match:snapshot');
    good.emit('match:join', { matchId: id });
    expect(((await snap) as MatchSnapshot).matchId).toBe(id);
    expect(goodErrors).toEqual([]);
    expect(bad.connected).toBe(true);
  });

  it('tells the followers of a tournament when it changes, and only them; bad joins get an error', async () => {
    const follower = await client();
    const other = await client();
    follower.emit('tournament:join', { tournamentId: 'tour-1' });
    other.emit('tournament:join', { tournamentId: 'tour-2' });
    // Until the server has put each in its tournament's room (a safety net far above the few ms it takes).
    const inRoom = (id: string) => io.of('/').adapter.rooms.get(`tournament:${id}`)?.size === 1;
    await expect.poll(() => inRoom('tour-1') && inRoom('tour-2'), { timeout: 60_000 }).toBe(true);
    let otherHeard = 0;
    other.on('tournament:changed', () => otherHeard++);
    const heard = next(follower, 'tournament:changed');
    hub.tournamentChanged('tour-1');
    expect(await heard).toEqual({ tournamentId: 'tour-1' });
    await new Promise((r) => setTimeout(r, 100));
    expect(otherHeard).toBe(0);
    const err = next(follower, 'arena:error');
    follower.emit('tournament:join', { tournamentId: '' } as never);
    expect((await err).message).toMatch(/^tournament:join: tournamentId/);
  });

  it('forwards events stored by another process (a worker-only process) to the viewers of a match', async () => {
    const [a, b] = await Promise.all(
      ['fa', 'fb'].map((n) => t.db.agent.create({ data: { name: `${n}-${Math.random()}`, kind: 'random' } })),
    );
    const m = await t.db.match.create({
      data: {
        gameId: 'tictactoe',
        seed: 'foreign',
        generator: CURRENT_GENERATOR,
        numPlayers: 2,
        seats: {
          create: [
            { seat: 0, agentId: a!.id },
            { seat: 1, agentId: b!.id },
          ],
        },
      },
    });
    const c = await client();
    const snap = next(c, 'match:snapshot');
    c.emit('match:join', { matchId: m.id });
    expect(((await snap) as MatchSnapshot).events).toHaveLength(0);
    // Another process plays the match (no in-process publish); only its NOTIFYs arrive here.
    const seen: number[] = [];
    c.on('match:event', (e) => seen.push(e.event.seq));
    const final = next(c, 'match:snapshot');
    await runMatch(m.id, { store: prismaStore(t.db), createAgent });
    const stored = await t.db.matchEvent.findMany({ where: { matchId: m.id }, orderBy: { seq: 'asc' } });
    hub.foreignEvent(m.id, 1, 'start');
    hub.foreignEvent(m.id, stored.length, 'end');
    const s = (await final) as MatchSnapshot;
    expect(s.status).toBe('finished');
    expect(s.events).toHaveLength(stored.length);
    expect(seen).toEqual(stored.map((e) => e.seq));
  });

  it('a foreign event is applied incrementally: the same frames as in-process, one small read per notice, nothing twice', async () => {
    // A second web process: its own hub and socket.io server, whose database reads are counted.
    let wholeLoads = 0;
    let eventReads = 0;
    const counted = new Proxy(t.db, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver) as unknown;
        if (prop === 'match')
          return new Proxy(v as object, { get: (o, k) => (k === 'findUnique' && wholeLoads++, Reflect.get(o, k)) });
        if (prop === 'matchEvent')
          return new Proxy(v as object, { get: (o, k) => (k === 'findMany' && eventReads++, Reflect.get(o, k)) });
        return v;
      },
    });
    const hub2 = new Hub(() => counted);
    const server2 = http.createServer();
    hub2.attach(new Server(server2));
    await new Promise<void>((r) => server2.listen(0, '127.0.0.1', r));
    const c2: Client = connect(`http://127.0.0.1:${(server2.address() as AddressInfo).port}`, {
      transports: ['websocket'],
      forceNew: true,
    });
    clients.push(c2);
    try {
      const [a, b] = await Promise.all(
        ['ia', 'ib'].map((n) => t.db.agent.create({ data: { name: `${n}-${Math.random()}`, kind: 'random' } })),
      );
      const m = await t.db.match.create({
        data: {
          gameId: 'connect-four',
          seed: 'incremental',
          generator: CURRENT_GENERATOR,
          numPlayers: 2,
          seats: {
            create: [
              { seat: 0, agentId: a!.id },
              { seat: 1, agentId: b!.id },
            ],
          },
        },
      });
      const c1 = await client();
      const joined = Promise.all([next(c1, 'match:snapshot'), next(c2, 'match:snapshot')]);
      c1.emit('match:join', { matchId: m.id });
      c2.emit('match:join', { matchId: m.id });
      await joined;
      const local: WireEvent[] = [];
      const remote: WireEvent[] = [];
      c1.on('match:event', (e) => local.push(e.event));
      c2.on('match:event', (e) => remote.push(e.event));
      const ends = Promise.all([next(c1, 'match:snapshot'), next(c2, 'match:snapshot')]);
      // This process plays the match (hub 1 hears it in memory); hub 2 hears only notices, some twice, some late.
      await runMatch(m.id, {
        store: prismaStore(t.db),
        createAgent,
        publish: (id, ev, state, setup) => {
          hub.publish(id, ev, state, setup);
          hub2.foreignEvent(id, ev.seq, ev.kind);
          if (ev.seq % 3 === 0) hub2.foreignEvent(id, ev.seq, ev.kind);
          if (ev.seq > 2 && ev.seq % 4 === 0) hub2.foreignEvent(id, ev.seq - 2, 'move');
        },
      });
      const [s1, s2] = (await ends) as MatchSnapshot[];
      const stored = await t.db.matchEvent.count({ where: { matchId: m.id } });
      expect(remote.map((e) => e.seq)).toEqual(Array.from({ length: stored }, (_, i) => i + 1));
      // Frame for frame what the process that ran the match sends (views of the board included), and the same end.
      expect(remote).toEqual(local);
      expect(s2).toEqual({ ...s1!, serverTime: s2!.serverTime });
      // The join read the match once; every notice after that read only the events after the held ones.
      expect(wholeLoads).toBe(1);
      expect(eventReads).toBeLessThanOrEqual(stored);

      // The run restarted from its seed (its log replaced): the new log is read whole and sent from its start.
      await t.db.matchEvent.deleteMany({ where: { matchId: m.id } });
      await t.db.match.update({
        where: { id: m.id },
        data: { status: 'queued', lastSeq: 0, result: undefined, finishedAt: null },
      });
      remote.length = 0;
      const again = next(c2, 'match:snapshot');
      await runMatch(m.id, {
        store: prismaStore(t.db),
        createAgent,
        publish: (id, ev) => ev.seq === 1 && hub2.foreignEvent(id, 1, 'start'),
      });
      hub2.foreignEvent(m.id, stored, 'end');
      expect(((await again) as MatchSnapshot).status).toBe('finished');
      expect(remote.map((e) => e.seq)).toEqual(Array.from({ length: stored }, (_, i) => i + 1));
      expect(wholeLoads).toBe(2);
    } finally {
      hub2.close();
      c2.close();
      await new Promise((r) => server2.close(r));
    }
  });

  it('a run that starts while a join reads the match: the spectator gets every event once (snapshot, then stream)', async () => {
    // What a clean-clone run of the multi-process test caught (seqs 8 and 9 lost): the join's read of the match saw 7
    // events; the run's first events, queued behind that read, replaced the entry and fanned out up to seq 9 before the
    // join's snapshot went out, which was built from the entry read (7 events) instead of the one the events went from.
    const [a, b] = await Promise.all(
      ['ra', 'rb'].map((n) => t.db.agent.create({ data: { name: `${n}-${Math.random()}`, kind: 'random' } })),
    );
    const m = await t.db.match.create({
      data: {
        gameId: 'connect-four',
        seed: 'join-race',
        generator: CURRENT_GENERATOR,
        numPlayers: 2,
        seats: {
          create: [
            { seat: 0, agentId: a!.id },
            { seat: 1, agentId: b!.id },
          ],
        },
      },
    });
    const published: Parameters<Hub['publish']>[] = [];
    await runMatch(m.id, { store: prismaStore(t.db), createAgent, publish: (...args) => published.push(args) });
    expect(published.length).toBeGreaterThan(12);
    // The join's read is held until the run has published 9 events, and sees the match as it was at seq 7.
    let reading!: () => void;
    const started = new Promise<void>((r) => (reading = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const db = new Proxy(t.db, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver) as unknown;
        if (prop !== 'match') return v;
        return new Proxy(v as object, {
          get: (o, k) =>
            k !== 'findUnique'
              ? Reflect.get(o, k)
              : async (args: Parameters<typeof t.db.match.findUnique>[0]) => {
                  reading();
                  const row = await t.db.match.findUnique(args);
                  await gate;
                  return (
                    row && {
                      ...row,
                      status: 'running',
                      result: null,
                      events: (row as unknown as { events: unknown[] }).events.slice(0, 7),
                    }
                  );
                },
        });
      },
    });
    const hub3 = new Hub(() => db as typeof t.db);
    const server3 = http.createServer();
    hub3.attach(new Server(server3));
    await new Promise<void>((r) => server3.listen(0, '127.0.0.1', r));
    const c: Client = connect(`http://127.0.0.1:${(server3.address() as AddressInfo).port}`, {
      transports: ['websocket'],
      forceNew: true,
    });
    clients.push(c);
    try {
      const snaps: MatchSnapshot[] = [];
      const live: number[] = [];
      c.on('match:snapshot', (s) => snaps.push(s));
      c.on('match:event', ({ event }) => live.push(event.seq));
      c.emit('match:join', { matchId: m.id });
      await started;
      for (const args of published.slice(0, 9)) hub3.publish(...args);
      release();
      await expect.poll(() => snaps.length).toBe(1);
      for (const args of published.slice(9)) hub3.publish(...args);
      await expect.poll(() => snaps.length).toBe(2);
      expect([...snaps[0]!.events.map((e) => e.seq), ...live]).toEqual(published.map(([, ev]) => ev.seq));
      expect(snaps[1]!.status).toBe('finished');
    } finally {
      hub3.close();
      c.close();
      await new Promise((r) => server3.close(r));
    }
  });
});

// The no-leak check of the conformance suite, on the wire: what the hub would send each seat's person and each
// spectator at every point of a real match. Every game with private information (`secrets`) inherits it.
// Every game with private information: a game without `secrets` has said why it has none (`publicInformation`), which
// defineGame checks, so none is skipped for a field left out.
describe.each([...games, ...testGames].filter((g) => g.publicInformation === null).map((g) => [g.id, g] as const))(
  'wire views of %s',
  (_id, game) => {
    it("no seat and no spectator is sent another seat's secret while the match runs", async () => {
      const n = game.defaultPlayers(game.defaultConfig);
      const seats = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          t.db.agent.create({ data: { name: `wire-${game.id}-${i}-${Math.random()}`, kind: 'random' } }),
        ),
      );
      for (const seed of [1, 2, 3].map((i) => `wire-${game.id}-${i}-${randomBytes(8).toString('hex')}`)) {
        const m = await t.db.match.create({
          // A game's demo settings where it has its own (a shorter Sea Battle): the same secrets, in less time.
          data: {
            gameId: game.id,
            seed,
            generator: CURRENT_GENERATOR,
            numPlayers: n,
            seats: { create: seats.map((a, seat) => ({ seat, agentId: a.id })) },
            ...(game.demoConfig !== null ? { config: game.demoConfig as object } : {}),
          },
        });
        const log: { ev: StoredEvent; state: unknown; setup: MatchSetup }[] = [];
        await runMatch(m.id, {
          store: prismaStore(t.db),
          createAgent,
          publish: (_id, ev, state, setup) => void log.push({ ev, state, setup }),
        });
        const e = entryFromSetup(log[0]!.setup)!;
        const config = game.configSchema.parse(m.config ?? {});
        const deals = dealsLike(game, config, n, currentDeal(seed));
        const tried = new Set<string>();
        let state: unknown;
        let checked = 0;
        for (const { ev, state: s } of log) {
          applyToEntry(e, ev, s);
          if (s !== undefined) state = s;
          if (state === undefined || game.outcome(state)) continue;
          const secrets = game.secrets!(state);
          // What the hub really sends spectators: a game may open everything to them by design (Who is the spy).
          const spectator = spectatorViewer(e);
          for (const viewer of [...seats.keys(), ...('spectator' in spectator ? [null] : [])]) {
            const wire = JSON.stringify(
              viewer === null
                ? [snapshotFor(e, spectator), toWire(e, ev, spectator)]
                : [snapshotFor(e, { seat: viewer }, { seat: viewer }), toWire(e, ev, { seat: viewer })],
            );
            // Not only the secret strings: nothing a viewer receives may let it recompute them. Games deal from the
            // seed, so neither the seed nor any string that deals the same start may be on the wire.
            expect(wire, `${game.id}: viewer ${viewer ?? 'spectator'} is sent the seed`).not.toContain(seed);
            for (const candidate of stringsIn(JSON.parse(wire))) {
              if (tried.has(candidate)) continue;
              tried.add(candidate);
              // The same start and the same random draws after it (lib/engine/leak-check.ts).
              const dealt = deals(candidate);
              expect(
                dealt,
                `${game.id}: "${candidate}" from viewer ${viewer ?? 'spectator'}'s frames deals this match`,
              ).toBe(false);
            }
            // The secrets of this state against what the viewer is sent of it: its frame (with this state's view) and
            // the snapshot's log, not the views of earlier states the snapshot replays (each was checked against its own
            // state's secrets when it was sent; a card a seat once held may rightly be another's now).
            const frames = JSON.parse(wire) as [{ events: { view?: unknown }[] }, unknown];
            const now = JSON.stringify([
              { ...frames[0], events: frames[0].events.map(({ view: _past, ...ev }) => ev) },
              frames[1],
            ]);
            for (const { seat, values, sharedWith = [], spectators = false } of secrets) {
              for (const v of values) {
                if (seat === viewer || (viewer !== null && sharedWith.includes(viewer))) continue;
                if (viewer === null && spectators) continue;
                expect(
                  now,
                  `${game.id} seed ${seed} seq ${ev.seq}: viewer ${viewer ?? 'spectator'} sees seat ${seat}'s "${v}"`,
                ).not.toContain(v);
                checked++;
              }
            }
          }
        }
        expect(checked).toBeGreaterThan(0);
      }
    }, 600_000); // computes for long (every viewer's frames of every event, every string dealt again): a safety net
  },
);

describe('the seed on the wire', () => {
  it('is in no event or snapshot any viewer receives, live or after the end, even from a log stored with it', async () => {
    const id = await finishedMatch();
    const c = await client();
    const snap = next(c, 'match:snapshot');
    c.emit('match:join', { matchId: id });
    const s = await snap;
    expect(s.status).toBe('finished');
    expect(JSON.stringify(s)).not.toContain('hub-seed');
    const start = s.events.find((e) => !e.hidden && e.kind === 'start') as Extract<WireEvent, { kind: string }>;
    expect(start.payload).not.toHaveProperty('seed');
    // The runner no longer stores it in the log; an older log that has it is cleaned on the way out.
    const stored = await t.db.matchEvent.findFirstOrThrow({ where: { matchId: id, kind: 'start' } });
    expect(stored.payload).not.toHaveProperty('seed');
    const e = entryFromSetup({
      id: 'old',
      gameId: 'tictactoe',
      config: {},
      seed: 'old-seed',
      generator: CURRENT_GENERATOR,
      numPlayers: 2,
      status: 'running',
      seats: [],
    })!;
    applyToEntry(
      e,
      { seq: 1, kind: 'start', seat: null, payload: { seed: 'old-seed', seats: [] }, visibleTo: [], at: new Date() },
      undefined,
    );
    for (const viewer of [{ spectator: true } as const, { omniscient: true } as const, { seat: 0 }]) {
      expect(JSON.stringify(snapshotFor(e, viewer))).not.toContain('old-seed');
    }
  });
});

// Who is the spy opens everything to live spectators by design, except blind matches and matches with a person.
describe('spectators of a game that opens everything', () => {
  const setup = (config: object, kinds: string[]): MatchSetup => ({
    id: 'm-open',
    gameId: 'spy',
    config,
    seed: 'open',
    generator: CURRENT_GENERATOR,
    numPlayers: kinds.length,
    status: 'running',
    seats: kinds.map((kind, seat) => ({
      seat,
      agent: {
        id: `a${seat}`,
        name: `A${seat}`,
        kind,
        model: null,
        temperature: null,
        maxTokens: null,
        scaffold: null,
        settings: {},
        simulated: false,
        provider: null,
      },
    })),
  });
  it('sees every word and role live, unless the match is blind or a person plays in it; everyone sees all at the end', () => {
    const game = games.find((g) => g.id === 'spy')!;
    const state = game.setup({
      numPlayers: 4,
      config: { pairId: 'moon-sun', spyWord: 'b', spySeats: [1] },
      rng: createRng('open'),
    });
    const check = (config: object, kinds: string[]) => {
      const e = entryFromSetup(setup({ pairId: 'moon-sun', spySeats: [1], ...config }, kinds))!;
      applyToEntry(e, { seq: 1, kind: 'start', seat: null, payload: {}, visibleTo: [], at: new Date() }, state);
      return JSON.stringify(snapshotFor(e, spectatorViewer(e)).view);
    };
    expect(check({}, ['llm', 'llm', 'llm', 'llm'])).toMatch(/"words":\["moon","sun","moon","moon"\]/);
    expect(check({ blind: true }, ['llm', 'llm', 'llm', 'llm'])).not.toMatch(/"(moon|sun)"/);
    expect(check({}, ['llm', 'human', 'llm', 'llm'])).not.toMatch(/"(moon|sun)"/);
    const e = entryFromSetup(setup({ blind: true }, ['llm', 'human', 'llm', 'llm']))!;
    applyToEntry(e, { seq: 1, kind: 'start', seat: null, payload: {}, visibleTo: [], at: new Date() }, state);
    applyToEntry(
      e,
      {
        seq: 2,
        kind: 'end',
        seat: null,
        payload: { scores: [0, 1, 0, 0], reason: 'r', winner: 1 },
        visibleTo: [],
        at: new Date(),
      },
      state,
    );
    expect(JSON.stringify(snapshotFor(e, spectatorViewer(e)).view)).toMatch(/"words":\["moon","sun","moon","moon"\]/);
  });
});
