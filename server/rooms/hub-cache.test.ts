// Tests of the hub's memory (only the current state kept, older boards rebuilt from the log; a cache capped by bytes)
// and of spectator fan-out without placeholders for what spectators may not see.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { getGame } from '../../games/registry';
import type { GameDef } from '../../lib/engine/types';
import type { StoredEvent } from '../../lib/engine/events';
import { applyMove, currentDeal, initialState } from '../../lib/engine/replay';
import { applyEvent, fromSnapshot, type MatchLog } from '../../lib/match-log';
import type { ClientToServerEvents, MatchSnapshot, ServerToClientEvents, WireEvent } from '../../lib/protocol';
import type { MatchSetup } from '../workers/store';
import { applyToEntry, entryFromSetup, Hub, snapshotFor } from './hub';
import { CURRENT_GENERATOR } from '../../lib/engine/rng';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Board = { board: (string | null)[][] };
const game = getGame('tictactoe') as GameDef;

const setup = (id: string): MatchSetup => ({
  id,
  gameId: 'tictactoe',
  config: {},
  seed: `seed-${id}`,
  generator: CURRENT_GENERATOR,
  numPlayers: 2,
  status: 'running',
  seats: [0, 1].map((seat) => ({
    seat,
    agent: {
      id: `a${seat}`,
      name: `A${seat}`,
      kind: 'random',
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

/** A Tic-Tac-Toe log as the runner stores it: X (1,1), O (2,2), X (1,2), O (3,3), X (1,3) wins; replies hidden as asked. */
function ticTacToe(id: string, opts: { end?: boolean; hiddenReplies?: boolean } = {}) {
  const s = setup(id);
  const cells: [number, number][] = [
    [1, 1],
    [2, 2],
    [1, 2],
    [3, 3],
    [1, 3],
  ];
  const out: { ev: StoredEvent; state: unknown }[] = [];
  let state = initialState(game, {}, currentDeal(s.seed), 2);
  let seq = 0;
  const at = new Date('2025-01-01T00:00:00Z');
  out.push({ ev: { seq: ++seq, kind: 'start', seat: null, payload: { seats: [] }, visibleTo: [], at }, state });
  cells.forEach(([row, col], ply) => {
    const seat = ply % 2;
    if (opts.hiddenReplies)
      out.push({
        ev: {
          seq: ++seq,
          kind: 'reply',
          seat,
          payload: { text: `secret ${ply}`, attempt: 0, latencyMs: 1, tokensIn: 1, tokensOut: 1 },
          visibleTo: [seat],
          at,
        },
        state: undefined,
      });
    const action = { type: 'place', row, col };
    state = applyMove(game, state, currentDeal(s.seed), { ply, seat, action });
    out.push({ ev: { seq: ++seq, kind: 'move', seat, payload: { ply, action, lines: [] }, visibleTo: [], at }, state });
  });
  if (opts.end ?? true)
    out.push({
      ev: {
        seq: ++seq,
        kind: 'end',
        seat: null,
        payload: { scores: [1, 0], reason: 'three in a row', winner: 0 },
        visibleTo: [],
        at,
      },
      state: undefined,
    });
  return { setup: s, log: out };
}

/** Lets the hub's per-match chains run. */
const settle = () => new Promise((r) => setTimeout(r, 20));
const noDb = () => {
  throw new Error('no database in these tests');
};

describe('the hub keeps only the current state', () => {
  it('and rebuilds every earlier board from the log when a snapshot needs it', () => {
    const { setup: s, log } = ticTacToe('one');
    const e = entryFromSetup(s)!;
    for (const { ev, state } of log) applyToEntry(e, ev, state);
    expect(Object.keys(e)).not.toContain('states');
    expect(e.currentSeq).toBe(6);
    const views = snapshotFor(e, { omniscient: true }).events.map((w) =>
      w.hidden ? undefined : (w.view as Board | undefined)?.board,
    );
    // start: empty; after X (1,1); after O (2,2); … after X (1,3); the end event has no board.
    expect(views[0]).toEqual([
      [null, null, null],
      [null, null, null],
      [null, null, null],
    ]);
    expect(views[1]).toEqual([
      ['X', null, null],
      [null, null, null],
      [null, null, null],
    ]);
    expect(views[2]).toEqual([
      ['X', null, null],
      [null, 'O', null],
      [null, null, null],
    ]);
    expect(views[5]).toEqual([
      ['X', 'X', 'X'],
      [null, 'O', null],
      [null, null, 'O'],
    ]);
    expect(views[6]).toBeUndefined();
  });
});

describe('the cache', () => {
  const publishAll = (hub: Hub, id: string, opts?: { end?: boolean }) => {
    const { setup: s, log } = ticTacToe(id, opts);
    for (const { ev, state } of log) hub.publish(id, ev, state, s);
  };
  const held = (hub: Hub) => [...(hub as unknown as { held: Map<string, unknown> }).held.keys()];

  it('is capped by bytes: the least recently used finished matches go first, a running one never', async () => {
    const probe = new Hub(noDb);
    publishAll(probe, 'probe');
    await settle();
    const one = probe.cacheStats().bytes;
    expect(one).toBeGreaterThan(0);

    // Room for two finished matches and a half.
    const hub = new Hub(noDb, { maxCacheBytes: Math.floor(one * 2.5) });
    publishAll(hub, 'a');
    publishAll(hub, 'b');
    await settle();
    expect(held(hub)).toEqual(['a', 'b']);
    // 'a' is used again (a spectator joins it): 'b' is now the least recently used.
    await (hub as unknown as { entry(id: string): Promise<unknown> }).entry('a');
    publishAll(hub, 'c');
    await settle();
    expect(held(hub)).toEqual(['a', 'c']);

    // With no room at all, a running match stays (its log and current state); finished ones do not.
    const tight = new Hub(noDb, { maxCacheBytes: 1 });
    publishAll(tight, 'done');
    publishAll(tight, 'live', { end: false });
    await settle();
    expect(held(tight)).toEqual(['live']);
    expect(tight.cacheStats().matches).toBe(1);
  });
});

describe('spectators over the wire', () => {
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await close?.();
    close = null;
  });

  async function arena(opts: ConstructorParameters<typeof Hub>[1]) {
    const hub = new Hub(noDb, opts);
    const server = http.createServer();
    const io = new Server(server);
    hub.attach(io as never);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const clients: Client[] = [];
    close = async () => {
      for (const c of clients) c.close();
      hub.close();
      await new Promise((r) => io.close(() => r(undefined)));
    };
    const client = async () => {
      const c: Client = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
      clients.push(c);
      await new Promise<void>((resolve, reject) => {
        c.once('connect', () => resolve());
        c.once('connect_error', reject);
      });
      return c;
    };
    return { hub, client };
  }

  it('get no placeholder for an event hidden from them; the next visible one says which seq came before it', async () => {
    const { hub, client } = await arena({});
    const { setup: s, log } = ticTacToe('hid', { hiddenReplies: true });
    hub.publish('hid', log[0]!.ev, log[0]!.state, s);
    await settle();
    const c = await client();
    const snap = new Promise<MatchSnapshot>((r) => c.once('match:snapshot', r));
    c.emit('match:join', { matchId: 'hid' });
    const first = await snap;
    expect(first.seq).toBe(1);
    // What the browser does with the stream (lib/match-log.ts).
    let stream: MatchLog | 'resync' | 'restart' = fromSnapshot(first);
    const got: WireEvent[] = [];
    c.on('match:event', ({ event }) => {
      got.push(event);
      if (typeof stream === 'object') stream = applyEvent(stream, event);
    });
    const final = new Promise<MatchSnapshot>((r) => c.on('match:snapshot', (x) => x.status === 'finished' && r(x)));
    for (const { ev, state } of log.slice(1)) hub.publish('hid', ev, state, s);
    const end = await final;
    // The log: 1 start, 2 reply (seat 0 only), 3 move, 4 reply (seat 1 only), 5 move, … 10 reply, 11 move, 12 end.
    expect(got.map((w) => w.seq)).toEqual([3, 5, 7, 9, 11, 12]);
    expect(got.some((w) => w.hidden)).toBe(false);
    expect(got.map((w) => (w.hidden ? null : w.after))).toEqual([1, 3, 5, 7, 9, undefined]);
    // The browser's log fills the skipped seqs with placeholders: the same log as if every one had been sent.
    expect(typeof stream).toBe('object');
    const l = stream as MatchLog;
    expect(l.lastSeq).toBe(12);
    expect(l.events.map((w) => (w.hidden ? `${w.seq}h` : w.seq))).toEqual([
      1,
      '2h',
      3,
      '4h',
      5,
      '6h',
      7,
      '8h',
      9,
      '10h',
      11,
      12,
    ]);
    expect(JSON.stringify(got)).not.toContain('secret');
    // The snapshot at the end still has every seq (the replies revealed, the match being over).
    expect(end.events.map((w) => w.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('spectators joining together get one snapshot each, before any event, then every event after it once', async () => {
    // Joins gathered for 150 ms: the match's next events come while they wait.
    const { hub, client } = await arena({ joinWindowMs: 150 });
    const { setup: s, log } = ticTacToe('crowd', { end: false, hiddenReplies: true });
    for (const { ev, state } of log.slice(0, 2)) hub.publish('crowd', ev, state, s);
    await settle();
    const crowd = await Promise.all(Array.from({ length: 10 }, () => client()));
    // What each spectator received, in order: its snapshot's seqs, and each event's seq (with `after` filled in by the
    // browser's log).
    const got = new Map<
      Client,
      { first: 'snapshot' | 'event' | null; stream: MatchLog | 'resync' | 'restart' | null; snaps: number }
    >();
    for (const c of crowd) {
      const me = {
        first: null as 'snapshot' | 'event' | null,
        stream: null as MatchLog | 'resync' | 'restart' | null,
        snaps: 0,
      };
      got.set(c, me);
      c.on('match:snapshot', (x) => {
        me.first ??= 'snapshot';
        me.snaps++;
        me.stream = fromSnapshot(x);
      });
      c.on('match:event', ({ event }) => {
        me.first ??= 'event';
        if (me.stream && typeof me.stream === 'object') me.stream = applyEvent(me.stream, event);
      });
    }
    for (const c of crowd) c.emit('match:join', { matchId: 'crowd' });
    // One disconnects before its snapshot goes out; the rest are unaffected.
    crowd[0]!.close();
    await new Promise((r) => setTimeout(r, 50));
    for (const { ev, state } of log.slice(2, 6)) hub.publish('crowd', ev, state, s);
    await new Promise((r) => setTimeout(r, 250));
    for (const { ev, state } of log.slice(6)) hub.publish('crowd', ev, state, s);
    // Until every spectator has the last event or lost the stream (a safety net far above the few ms it takes), then
    // exactly the log.
    const done = (l: MatchLog | 'resync' | 'restart' | null | undefined) =>
      typeof l === 'string' || l?.lastSeq === log.at(-1)!.ev.seq;
    await expect.poll(() => crowd.slice(1).every((c) => done(got.get(c)!.stream)), { timeout: 60_000 }).toBe(true);
    for (const c of crowd.slice(1)) {
      const me = got.get(c)!;
      expect(me.first).toBe('snapshot');
      expect(me.snaps).toBe(1);
      const l = me.stream as MatchLog;
      expect(l.events.map((w) => w.seq)).toEqual(log.map((x) => x.ev.seq));
    }
  });

  it('spectators waiting for a snapshot while the run restarts get the new run, then its events: nothing missed', async () => {
    // The match's entry is replaced while the joins wait (a restarted run here; a log read whole again from another
    // process in production): the snapshot must be built from the entry the events are fanned out from.
    const { hub, client } = await arena({ joinWindowMs: 150 });
    const first = ticTacToe('again', { end: false, hiddenReplies: true });
    const second = ticTacToe('again', { end: false });
    for (const { ev, state } of first.log.slice(0, 5)) hub.publish('again', ev, state, first.setup);
    await settle();
    const crowd = await Promise.all(Array.from({ length: 3 }, () => client()));
    const logs = new Map<Client, MatchLog | 'resync' | 'restart' | null>();
    for (const c of crowd) {
      logs.set(c, null);
      c.on('match:snapshot', (x) => logs.set(c, fromSnapshot(x)));
      c.on('match:event', ({ event }) => {
        const l = logs.get(c);
        if (l && typeof l === 'object') logs.set(c, applyEvent(l, event));
      });
      c.emit('match:join', { matchId: 'again' });
    }
    await new Promise((r) => setTimeout(r, 30));
    // The run starts again from its seed while the joins wait: three events of the new run before the snapshot goes out.
    for (const { ev, state } of second.log.slice(0, 3)) hub.publish('again', ev, state, second.setup);
    await new Promise((r) => setTimeout(r, 250));
    for (const { ev, state } of second.log.slice(3)) hub.publish('again', ev, state, second.setup);
    const done = (l: MatchLog | 'resync' | 'restart' | null | undefined) =>
      typeof l === 'string' || l?.lastSeq === second.log.at(-1)!.ev.seq;
    await expect.poll(() => crowd.every((c) => done(logs.get(c))), { timeout: 60_000 }).toBe(true);
    for (const c of crowd) {
      const l = logs.get(c) as MatchLog;
      expect(typeof l).toBe('object');
      expect(l.events.map((w) => [w.seq, 'kind' in w ? w.kind : 'hidden'])).toEqual(
        second.log.map((x) => [x.ev.seq, x.ev.kind]),
      );
    }
  });

  it('joining at different versions of a live match each get the whole log with its boards', async () => {
    const { hub, client } = await arena({});
    const { setup: s, log } = ticTacToe('grow', { end: false });
    const [a, b] = [await client(), await client()];
    const snapOf = (c: Client) => {
      const p = new Promise<MatchSnapshot>((r) => c.once('match:snapshot', r));
      c.emit('match:join', { matchId: 'grow' });
      return p;
    };
    for (const { ev, state } of log.slice(0, 3)) hub.publish('grow', ev, state, s);
    await settle();
    const first = await snapOf(a);
    for (const { ev, state } of log.slice(3)) hub.publish('grow', ev, state, s);
    await settle();
    const second = await snapOf(b);
    const boards = (x: MatchSnapshot) =>
      x.events.map((w: WireEvent) => (w.hidden ? null : (w.view as Board).board.flat().join(',')));
    expect(first.seq).toBe(3);
    expect(boards(first)).toEqual([',,,,,,,,', 'X,,,,,,,,', 'X,,,,O,,,,']);
    expect(second.seq).toBe(6);
    expect(boards(second).slice(3)).toEqual(['X,X,,,O,,,,', 'X,X,,,O,,,,O', 'X,X,X,,O,,,,O']);
    expect(second.view).toEqual({
      ...(second.view as object),
      board: [
        ['X', 'X', 'X'],
        [null, 'O', null],
        [null, null, 'O'],
      ],
    });
  });
});
