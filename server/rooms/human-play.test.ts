// People playing over real socket.io clients against the real runner and Postgres: authority, ownership, double
// submits, timeouts, resignation, reconnection, two people with private information, and bad input.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromSnapshot, pendingTurn, type PendingTurn } from '../../lib/match-log';
import { createGuest, createPersonSession } from '../../lib/db/people';
import { PERSON_COOKIE } from '../../lib/people-input';
import type { ActAck, ClientToServerEvents, MatchSnapshot, ServerToClientEvents, WireEvent } from '../../lib/protocol';
import { createAgent } from '../agents';
import { HumanBridge } from '../agents/human';
import { createTestDb, type TestDb } from '../db/test-db';
import { runMatch, type RunResult } from '../workers/run-match';
import { prismaStore } from '../workers/store';
import { Hub } from './hub';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
let t: TestDb;
let server: http.Server;
let url: string;
const bridge = new HumanBridge();
/** Where the hub delivers instead of `bridge` (a restarted worker's bridge), when set. */
let redirect: HumanBridge | null = null;
const clients: Client[] = [];

beforeAll(async () => {
  t = await createTestDb();
  const hub = new Hub(() => t.db, { deliver: (i) => (redirect ?? bridge).submit(i) });
  server = http.createServer();
  hub.attach(new Server(server, { maxHttpBufferSize: 100_000 }));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  hubRef = hub;
});
let hubRef: Hub;
afterAll(async () => {
  for (const c of clients) c.close();
  await new Promise((r) => server.close(r));
  await t?.drop();
});

const uid = () => Math.random().toString(36).slice(2, 8);

/** A person with a session: their agent id and the cookie a browser would send. */
async function person(name: string) {
  const p = await createGuest(t.db, { name: `${name} ${uid()}` });
  const { token } = await createPersonSession(t.db, p.id);
  return { ...p, cookie: `${PERSON_COOKIE}=${encodeURIComponent(token)}` };
}

/** A socket.io client; `frames` records every message it receives, as sent over the wire. */
async function client(cookie?: string) {
  const c: Client = connect(url, {
    transports: ['websocket'],
    forceNew: true,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
  clients.push(c);
  const frames: string[] = [];
  c.onAny((name: string, payload: unknown) => frames.push(`${name} ${JSON.stringify(payload)}`));
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve());
    c.once('connect_error', reject);
  });
  return { c, frames };
}

async function join(c: Client, matchId: string): Promise<MatchSnapshot> {
  const snap = new Promise<MatchSnapshot>((resolve) => c.once('match:snapshot', resolve));
  c.emit('match:join', { matchId });
  return snap;
}

const act = (c: Client, payload: unknown): Promise<ActAck> =>
  (c.timeout(5000) as unknown as { emitWithAck(n: string, p: unknown): Promise<ActAck> }).emitWithAck(
    'match:act',
    payload,
  );

/** Resolves with the seat's next pending turn (from a live `turn` event carrying its legal actions). */
function nextTurn(c: Client, after = -1): Promise<PendingTurn> {
  return new Promise((resolve) => {
    const on = ({ event }: { event: WireEvent }) => {
      if (event.hidden || event.kind !== 'turn' || !('legal' in event.payload)) return;
      const p = event.payload as unknown as PendingTurn;
      if (p.ply <= after) return;
      c.off('match:event', on);
      resolve(p);
    };
    c.on('match:event', on);
  });
}

/** Answers every turn of this client's seat with `pick(legal)` until the match ends. */
function autoplay(c: Client, matchId: string, pick: (legal: unknown[]) => unknown = (l) => l[0]) {
  const answered = new Set<number>();
  const answer = (p: PendingTurn) => {
    if (answered.has(p.ply) || !p.legal) return;
    answered.add(p.ply);
    void act(c, { matchId, ply: p.ply, action: pick(p.legal) });
  };
  c.on('match:event', ({ event }) => {
    if (!event.hidden && event.kind === 'turn' && 'legal' in event.payload)
      answer(event.payload as unknown as PendingTurn);
  });
  c.on('match:snapshot', (s) => {
    const p = pendingTurn(fromSnapshot(s));
    if (p) answer(p);
  });
}

async function match(gameId: string, agentIds: string[], extra: { moveSeconds?: number; seed?: string } = {}) {
  return t.db.match.create({
    data: {
      gameId,
      seed: extra.seed ?? uid(),
      numPlayers: agentIds.length,
      moveSeconds: extra.moveSeconds ?? null,
      seats: { create: agentIds.map((agentId, seat) => ({ seat, agentId })) },
    },
  });
}

const run = (matchId: string): Promise<RunResult> =>
  runMatch(matchId, {
    store: prismaStore(t.db),
    createAgent: (row) => createAgent(row, bridge),
    publish: hubRef.publish,
    humans: bridge,
  });

const randomAgent = () => t.db.agent.create({ data: { name: `random ${uid()}`, kind: 'random' } });

describe('people playing over the socket', () => {
  it('a person plays a whole match; only their own legal moves on their own turn are applied', async () => {
    const alice = await person('Alice');
    const bob = await person('Bob');
    const opp = await randomAgent();
    const m = await match('tictactoe', [alice.agentId, opp.id], { seed: 'people-1' });
    const a = await client(alice.cookie);
    expect((await join(a.c, m.id)).you).toEqual({ seat: 0 });
    const firstTurn = nextTurn(a.c);
    const result = run(m.id);
    const turn = await firstTurn;
    expect(turn).toMatchObject({ ply: 0, seconds: 60 });
    expect(turn.legal).toHaveLength(9);

    // Someone else, a spectator, malformed moves and the wrong turn: each refused with the reason.
    const b = await client(bob.cookie);
    expect(await act(b.c, { matchId: m.id, ply: 0, action: { type: 'place', row: 1, col: 1 } })).toEqual({
      ok: false,
      error: expect.stringMatching(/do not play in this match/),
    });
    const spectator = await client();
    expect(await act(spectator.c, { matchId: m.id, ply: 0, action: { type: 'place', row: 1, col: 1 } })).toEqual({
      ok: false,
      error: expect.stringMatching(/not signed in/),
    });
    expect(await act(a.c, { matchId: m.id, ply: 0, action: { type: 'place', row: 4, col: 1 } })).toEqual({
      ok: false,
      error: 'row must be 1-3 (got 4)',
    });
    expect(await act(a.c, { matchId: m.id, ply: 0, action: { type: 'jump' } })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not a move in Tic-Tac-Toe/),
    });
    expect(await act(a.c, { matchId: m.id, ply: 2, action: { type: 'place', row: 1, col: 1 } })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/current turn is 1/),
    });

    // A double submit is harmless; a different second answer for the same turn is refused.
    const second = nextTurn(a.c, 0);
    const move = { matchId: m.id, ply: 0, action: { type: 'place', row: 2, col: 2 } };
    const [first, again] = await Promise.all([act(a.c, move), act(a.c, move)]);
    expect([first, again]).toContainEqual({ ok: true });
    expect([first, again]).toContainEqual({ ok: true, duplicate: true });
    // (Refused as "already in" while the move is on its way, or "not your turn" once it has been played.)
    expect(await act(a.c, { ...move, action: { type: 'place', row: 1, col: 1 } })).toEqual({
      ok: false,
      error: expect.stringMatching(/already in|not your turn/),
    });

    // An occupied square is refused in the game's own words.
    const t2 = await second;
    expect(await act(a.c, { matchId: m.id, ply: t2.ply, action: { type: 'place', row: 2, col: 2 } })).toEqual({
      ok: false,
      error: '(2,2) is already taken by X',
    });
    autoplay(a.c, m.id);
    void act(a.c, { matchId: m.id, ply: t2.ply, action: t2.legal![0] });
    const r = await result;
    expect(r.status).toBe('finished');

    const events = await t.db.matchEvent.findMany({ where: { matchId: m.id }, orderBy: { seq: 'asc' } });
    expect(events.filter((e) => e.kind === 'illegal')).toHaveLength(0); // refused moves never reached the match
    expect(events.find((e) => e.kind === 'move')).toMatchObject({
      seat: 0,
      payload: { ply: 0, action: { row: 2, col: 2 } },
    });
    expect(events.filter((e) => e.kind === 'move' && e.seat === 0).length).toBeGreaterThanOrEqual(3);
    expect(await act(a.c, { matchId: m.id, ply: 99, action: { type: 'place', row: 1, col: 1 } })).toEqual({
      ok: false,
      error: 'this match is over: it accepts no more moves',
    });
    const row = await t.db.match.findUniqueOrThrow({ where: { id: m.id }, include: { seats: true } });
    expect(row.status).toBe('finished');
    expect(row.seats.find((s) => s.seat === 0)).toMatchObject({ illegalCount: 0, forfeitCount: 0 });
  });

  it('a person who lets the timer run out gets a random legal move, and loses after three in a row', async () => {
    const carol = await person('Carol');
    const opp = await randomAgent();
    const m = await match('connect-four', [carol.agentId, opp.id], { moveSeconds: 1 });
    const r = await run(m.id);
    expect(r).toMatchObject({
      status: 'finished',
      outcome: { scores: [0, 1], winner: 1, reason: expect.stringMatching(/ran out of time on 3 turns in a row/) },
    });
    const events = await t.db.matchEvent.findMany({ where: { matchId: m.id }, orderBy: { seq: 'asc' } });
    const forfeited = events.filter((e) => e.kind === 'move' && e.seat === 0);
    expect(forfeited).toHaveLength(2);
    for (const e of forfeited)
      expect(e.payload).toMatchObject({
        forfeited: true,
        reason: 'time ran out (1 s); a random legal move was played',
      });
    // Each says how many turns in a row ran out, of the limit that loses: the person's seat panel shows "Timed out 2 of 3".
    expect(forfeited.map((e) => (e.payload as { timedOut?: unknown }).timedOut)).toEqual([
      { count: 1, limit: 3 },
      { count: 2, limit: 3 },
    ]);
    expect(events.filter((e) => e.kind === 'turn' && e.seat === 0)).toHaveLength(3);
    expect(events.at(-2)).toMatchObject({ kind: 'resign', seat: 0 });
    const seat = await t.db.seat.findFirstOrThrow({ where: { matchId: m.id, seat: 0 } });
    expect(seat).toMatchObject({ forfeitCount: 2, outcome: 'loss', score: 0 });
  });

  it('resigning ends the match at once as a loss', async () => {
    const dan = await person('Dan');
    const opp = await randomAgent();
    const m = await match('tictactoe', [opp.id, dan.agentId]);
    const d = await client(dan.cookie);
    await join(d.c, m.id);
    const turn = nextTurn(d.c);
    const result = run(m.id);
    await turn;
    const resign = (
      d.c.timeout(5000) as unknown as { emitWithAck(n: string, p: unknown): Promise<ActAck> }
    ).emitWithAck('match:resign', { matchId: m.id });
    expect(await resign).toEqual({ ok: true });
    const r = await result;
    expect(r).toMatchObject({
      status: 'finished',
      outcome: { scores: [1, 0], winner: 0, reason: `${dan.name} resigned` },
    });
  });

  it('a reload puts the person back in their seat with the moves made meanwhile and the pending turn', async () => {
    const erin = await person('Erin');
    const opp = await randomAgent();
    const m = await match('connect-four', [opp.id, erin.agentId], { seed: 'reload-1' });
    const first = await client(erin.cookie);
    await join(first.c, m.id);
    const turn = nextTurn(first.c);
    const result = run(m.id);
    const t1 = await turn;
    await act(first.c, { matchId: m.id, ply: t1.ply, action: t1.legal![0] });
    await nextTurn(first.c, t1.ply);
    first.c.close(); // the tab is reloaded

    const again = await client(erin.cookie);
    const snap = await join(again.c, m.id);
    expect(snap.you).toEqual({ seat: 1 });
    const log = fromSnapshot(snap);
    expect(log.events.filter((e) => !e.hidden && e.kind === 'move')).toHaveLength(3); // opponent, Erin, opponent
    const pending = pendingTurn(log);
    expect(pending).toMatchObject({ ply: 3 });
    expect(pending!.legal!.length).toBeGreaterThan(0);
    autoplay(again.c, m.id);
    await act(again.c, { matchId: m.id, ply: pending!.ply, action: pending!.legal![0] });
    expect((await result).status).toBe('finished');
  });

  it('two people in one match with private information each receive only their own secrets', async () => {
    const p1 = await person('Fay');
    const p2 = await person('Gus');
    const m = await match('hidden-number', [p1.agentId, p2.agentId], { seed: 'two-people' });
    const [a, b, watcher] = [await client(p1.cookie), await client(p2.cookie), await client()];
    expect((await join(a.c, m.id)).you).toEqual({ seat: 0 });
    expect((await join(b.c, m.id)).you).toEqual({ seat: 1 });
    expect((await join(watcher.c, m.id)).you).toBeNull();
    const ended = new Promise<MatchSnapshot>((resolve) =>
      watcher.c.on('match:snapshot', (s) => s.status === 'finished' && resolve(s)),
    );
    autoplay(a.c, m.id);
    autoplay(b.c, m.id, (l) => l.at(-1)); // guesses from 9 down
    expect((await run(m.id)).status).toBe('finished');
    const final = await ended;
    const tags = (final.view as { tags: string[] }).tags;
    expect(tags).toHaveLength(2);
    for (const tag of tags) expect(tag).toMatch(/^TAG-[A-Z]{6}$/);

    // Everything received while the game ran: up to the final move (whose board is the game-over reveal).
    const beforeEnd = (frames: string[]) => {
      const end = frames.findIndex((f) => f.includes('"kind":"end"'));
      const lastMove = frames.slice(0, end).findLastIndex((f) => f.includes('"kind":"move"'));
      return frames.slice(0, lastMove);
    };
    const [fa, fb, fw] = [beforeEnd(a.frames), beforeEnd(b.frames), beforeEnd(watcher.frames)];
    expect(fa.length).toBeGreaterThan(5);
    // Each sees their own tag (so the check below can see a tag at all), never the other's.
    expect(fa.join('\n')).toContain(tags[0]);
    expect(fa.join('\n')).not.toContain(tags[1]);
    expect(fb.join('\n')).toContain(tags[1]);
    expect(fb.join('\n')).not.toContain(tags[0]);
    expect(fw.join('\n')).not.toContain(tags[0]);
    expect(fw.join('\n')).not.toContain(tags[1]);
    // Legal actions travel only in a seat's own turn events.
    expect(fw.join('\n')).not.toContain('"legal"');
  });

  it('bad input gets an error for that client only; the match goes on for everyone else', async () => {
    const hal = await person('Hal');
    const opp = await randomAgent();
    const m = await match('tictactoe', [hal.agentId, opp.id]);
    const h = await client(hal.cookie);
    const watcher = await client();
    await join(h.c, m.id);
    await join(watcher.c, m.id);
    const turn = nextTurn(h.c);
    const result = run(m.id);
    const t0 = await turn;
    const before = (await t.db.match.findUniqueOrThrow({ where: { id: m.id } })).lastSeq;

    expect(
      await act(h.c, { matchId: m.id, ply: 0, action: { type: 'place', row: 1, col: 1, note: 'x'.repeat(5000) } }),
    ).toMatchObject({
      ok: false,
      error: expect.stringMatching(/over the 4096-byte limit/),
    });
    expect(await act(h.c, { matchId: m.id, ply: 'first', action: { type: 'place' } })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^match:act: ply/),
    });
    expect(await act(h.c, { matchId: m.id, ply: 0 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/action/),
    });
    expect(await act(h.c, null)).toMatchObject({ ok: false });
    expect(await act(h.c, { matchId: 'no-such-match', ply: 0, action: { type: 'place', row: 1, col: 1 } })).toEqual({
      ok: false,
      error: 'match no-such-match does not exist',
    });
    const err = new Promise<{ message: string }>((resolve) => h.c.once('arena:error', resolve));
    (h.c as unknown as { emit(n: string, p: unknown): void }).emit('match:act', { matchId: m.id }); // no ack: the error comes as arena:error
    expect((await err).message).toMatch(/^match:act: ply/);
    const watcherErrors: string[] = [];
    watcher.c.on('arena:error', (e) => watcherErrors.push(e.message));
    expect((await t.db.match.findUniqueOrThrow({ where: { id: m.id } })).lastSeq).toBe(before);

    const seen = new Promise<WireEvent>((resolve) =>
      watcher.c.on('match:event', ({ event }) => !event.hidden && event.kind === 'move' && resolve(event)),
    );
    expect(await act(h.c, { matchId: m.id, ply: t0.ply, action: { type: 'place', row: 1, col: 1 } })).toEqual({
      ok: true,
    });
    expect(await seen).toMatchObject({ seat: 0, payload: { action: { row: 1, col: 1 } } });
    autoplay(h.c, m.id);
    expect((await result).status).toBe('finished');
    expect(watcherErrors).toEqual([]);
  });

  it('a match with a person carries on from its stored moves when its worker dies; nothing the person played is lost', async () => {
    const ivy = await person('Ivy');
    const opp = await randomAgent();
    const m = await match('connect-four', [ivy.agentId, opp.id], { seed: 'resume-1' });
    const i = await client(ivy.cookie);
    await join(i.c, m.id);
    const first = nextTurn(i.c);
    void run(m.id); // this run will "die": it keeps waiting on the old bridge, which nobody answers any more
    const t0 = await first;
    const t1p = nextTurn(i.c, t0.ply);
    await act(i.c, { matchId: m.id, ply: t0.ply, action: { type: 'drop', column: 4 } });
    const t1 = await t1p;
    const before = await t.db.matchEvent.findMany({ where: { matchId: m.id }, orderBy: { seq: 'asc' } });
    expect(before.filter((e) => e.kind === 'move')).toHaveLength(2);

    // The job is retried by another worker: a fresh runner with its own bridge, which the hub now delivers to.
    const fresh = new HumanBridge();
    redirect = fresh;
    const again = nextTurn(i.c, t1.ply - 1);
    const result = runMatch(m.id, {
      store: prismaStore(t.db),
      createAgent: (row) => createAgent(row, fresh),
      publish: hubRef.publish,
      humans: fresh,
    });
    const resumed = await again;
    expect(resumed.ply).toBe(t1.ply); // the same turn, asked again with a new deadline
    autoplay(i.c, m.id);
    await act(i.c, { matchId: m.id, ply: resumed.ply, action: resumed.legal![0] });
    expect((await result).status).toBe('finished');
    redirect = null;

    const events = await t.db.matchEvent.findMany({ where: { matchId: m.id }, orderBy: { seq: 'asc' } });
    expect(events.slice(0, before.length).map((e) => e.seq)).toEqual(before.map((e) => e.seq)); // the old log is kept
    expect(events.map((e) => e.seq)).toEqual(events.map((_, k) => k + 1));
    expect(events.filter((e) => e.kind === 'start')).toHaveLength(1);
    expect(events.find((e) => e.kind === 'move')).toMatchObject({ seat: 0, payload: { action: { column: 4 } } });
    const moves = events
      .filter((e) => e.kind === 'move')
      .map((e) => ({
        ply: (e.payload as { ply: number }).ply,
        seat: e.seat!,
        action: (e.payload as { action: { type: string } }).action,
      }));
    expect(moves.map((mv) => mv.ply)).toEqual(moves.map((_, k) => k));
    const seat = await t.db.seat.findFirstOrThrow({ where: { matchId: m.id, seat: 0 } });
    expect(seat.moveCount).toBe(moves.filter((mv) => mv.seat === 0).length);
  });

  it('a resignation stored just before a crash still ends the match when it resumes, once', async () => {
    const jo = await person('Jo');
    const opp = await randomAgent();
    const m = await match('tictactoe', [jo.agentId, opp.id]);
    await t.db.match.update({ where: { id: m.id }, data: { status: 'running', lastSeq: 2 } });
    await t.db.matchEvent.createMany({
      data: [
        { matchId: m.id, seq: 1, kind: 'start', payload: {} },
        { matchId: m.id, seq: 2, kind: 'resign', seat: 0, payload: { reason: `${jo.name} resigned` } },
      ],
    });
    expect(await run(m.id)).toMatchObject({
      status: 'finished',
      outcome: { scores: [0, 1], winner: 1, reason: `${jo.name} resigned` },
    });
    const kinds = (await t.db.matchEvent.findMany({ where: { matchId: m.id }, orderBy: { seq: 'asc' } })).map(
      (e) => e.kind,
    );
    expect(kinds).toEqual(['start', 'resign', 'end']);
  });
});
