// Live match rooms: keeps each watched match's log in memory, and sends every viewer what it may see.
import type { Server, Socket } from 'socket.io';
import type { GameDef, Viewer } from '../../lib/engine/types';
import { seatName } from '../../lib/engine/types';
import { getGame } from '../../games/registry';
import type { Db } from '../../lib/db/client';
import { isFinal, movesOf, reduceHead, storedEventOf, type StoredEvent } from '../../lib/engine/events';
import { applyMove, dealOf, initialState, replayStates, type Deal } from '../../lib/engine/replay';
import { validateAction } from '../../lib/engine/validate';
import { seatViewer, seenEvent, spectatorViewer } from '../../lib/engine/visibility';
import { personForToken, type PersonInfo } from '../../lib/db/people';
import { personTokenFromCookieHeader } from '../../lib/people-input';
import {
  MAX_CLIENT_PAYLOAD_BYTES,
  matchActSchema,
  matchJoinSchema,
  matchLeaveSchema,
  matchResignSchema,
  tournamentJoinSchema,
  CLIENT_EVENTS,
  type ActAck,
  type ClientToServerEvents,
  type MatchAct,
  type MatchJoin,
  type MatchLeave,
  type MatchResign,
  type MatchSnapshot,
  type MatchStatus,
  type SeatInfo,
  type ServerToClientEvents,
  type TournamentJoin,
  type VisibleWireEvent,
  type WireEvent,
} from '../../lib/protocol';
import { humanBridge, type HumanInput } from '../agents/human';
import type { MatchSetup } from '../workers/store';
import { drop, SocketGuard, type SocketLimits } from './guard';
import { checkOrigins } from './origin';

type Io = Server<ClientToServerEvents, ServerToClientEvents>;
type Sock = Socket<ClientToServerEvents, ServerToClientEvents>;

/** One match's log as the hub holds it. */
export interface Entry {
  id: string;
  game: GameDef;
  /** The match's game config (as stored). */
  config: unknown;
  /** What deals the match, and its player count: a move from another process is applied here (its state derived, not sent). */
  deal: Deal;
  numPlayers: number;
  status: MatchStatus;
  seats: SeatInfo[];
  events: StoredEvent[];
  /**
   * The state after the last `start`/`move` event, the only state kept, and that event's seq (0: none yet). Older
   * boards, for a snapshot, are rebuilt from the seed and the log (`statesOf`).
   */
  current: unknown;
  currentSeq: number;
  /** Estimated bytes of the log and of the current state (the cache's budget counts these). */
  bytes: number;
  stateBytes: number;
  /**
   * The seq up to which the spectators' room has everything it may see: the last event sent to it, or the head when
   * the log was read (a joiner gets a snapshot up to the head). Every event after it until the next one sent was hidden
   * from spectators, which the next one says with `after` (no placeholder is broadcast to a spectator room).
   */
  roomHead: number;
  outcome: MatchSnapshot['outcome'];
  failureReason: string | null;
  lastUsed: number;
  /** People's seats whose move is awaited: the turn's ply and the legal actions then (private to that seat). */
  turns: Map<number, { ply: number; seq: number; legal: unknown[] | null }>;
  /** Moves people sent for a pending turn, by seat, so a double-submit is recognised. */
  submitted: Map<number, { ply: number; key: string }>;
}

/**
 * The budget of the hub's match cache, in estimated bytes (logs, current states, shared snapshots). Over it, the least
 * recently used matches that are over (then those not running) are forgotten, to be read back from Postgres when asked
 * for again; a running match never is.
 */
export const MAX_CACHE_BYTES = 256 * 1024 * 1024;
/** How often (in state-bearing events) a match's state is measured again for the estimate. */
const MEASURE_STATE_EVERY = 16;
/** Spectators' room; each seat played by a person has its own room, which gets that seat's view. */
const room = (matchId: string) => `match:${matchId}`;
const seatRoom = (matchId: string, seat: number) => `match:${matchId}:seat:${seat}`;

/** Keeps the turn bookkeeping in step with the log (live, and when a log is read back from Postgres). */
function trackTurns(e: Entry, ev: StoredEvent) {
  if (ev.kind === 'turn') {
    e.turns.set(ev.seat, {
      ply: ev.payload.ply,
      seq: ev.seq,
      legal: e.current === undefined ? null : e.game.legalActions(e.current, ev.seat),
    });
    e.submitted.delete(ev.seat);
  } else if (ev.kind === 'move' || ev.kind === 'illegal') {
    // A move ends the seat's turn; a refused one (rare: the hub checks first) lets the person try again.
    if (ev.kind === 'move') e.turns.delete(ev.seat);
    e.submitted.delete(ev.seat);
  } else if (ev.kind === 'end' || ev.kind === 'failed' || ev.kind === 'resign') {
    e.turns.clear();
    e.submitted.clear();
  }
}

/** An action's identity for double-submit checks (key order does not matter). */
function actionKey(a: unknown): string {
  return JSON.stringify(a, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => x.localeCompare(y)))
      : v,
  );
}

/**
 * Spectators see the public view while a match runs and everything once it is over (lib/engine/visibility.ts decides,
 * from the match's game, config, status and seats).
 */
export { spectatorViewer };

/**
 * The states after each `start`/`move` event of a log, by seq, rebuilt from the seed (the hub keeps only the current
 * one). Empty when the log does not replay (a changed game, a broken record): its events then go without board views.
 */
export function statesOf(e: Entry): Map<number, unknown> {
  const out = new Map<number, unknown>();
  const stateful = e.events.filter((ev) => ev.kind === 'start' || ev.kind === 'move');
  if (stateful[0]?.kind !== 'start') return out;
  try {
    const all = replayStates(e.game, e.config, e.deal, e.numPlayers, movesOf(e.events));
    stateful.forEach((ev, i) => out.set(ev.seq, all[i]));
  } catch {
    return new Map();
  }
  // The one state kept is the authority for its event.
  if (e.currentSeq) out.set(e.currentSeq, e.current);
  return out;
}

/** The last log replayed for `stateAt`: asking for a log's old events one by one replays it once, not once per event. */
let lastReplay: { events: StoredEvent[]; length: number; states: Map<number, unknown> } | null = null;

/** The state after a `start`/`move` event: the current one, or rebuilt from the log. */
function stateAt(e: Entry, seq: number): unknown {
  if (seq === e.currentSeq) return e.current;
  if (lastReplay?.events !== e.events || lastReplay.length !== e.events.length)
    lastReplay = { events: e.events, length: e.events.length, states: statesOf(e) };
  return lastReplay.states.get(seq);
}

/**
 * An event as one viewer may receive it (lib/engine/visibility.ts decides what of it that viewer may see). `states`:
 * the boards after the log's events when the caller has rebuilt them (a snapshot), else the current one or a replay.
 */
export function toWire(e: Entry, ev: StoredEvent, viewer: Viewer, states?: Map<number, unknown>): WireEvent {
  const turn = ev.kind === 'turn' ? e.turns.get(ev.seat) : undefined;
  const seen = seenEvent(e.game, ev, viewer, turn && turn.seq === ev.seq ? turn.legal : undefined);
  if (!seen) return { seq: ev.seq, hidden: true };
  const state =
    ev.kind !== 'start' && ev.kind !== 'move' ? undefined : states ? states.get(ev.seq) : stateAt(e, ev.seq);
  // `seen` pairs each kind with its payload; the frame keeps that pairing (TypeScript cannot follow it through the fields).
  return {
    seq: ev.seq,
    kind: seen.kind,
    seat: seen.seat,
    at: ev.at.toISOString(),
    payload: seen.payload,
    ...(state !== undefined ? { view: e.game.view(state, viewer) } : {}),
  } as VisibleWireEvent;
}

export function snapshotFor(e: Entry, viewer: Viewer, you: { seat: number } | null = null): MatchSnapshot {
  const states = statesOf(e);
  return {
    matchId: e.id,
    gameId: e.game.id,
    status: e.status,
    seq: e.events.at(-1)?.seq ?? 0,
    seats: e.seats,
    events: e.events.map((ev) => toWire(e, ev, viewer, states)),
    view: e.current === undefined ? null : e.game.view(e.current, viewer),
    // The numbers and the reason; the result in words (`summary`) travels with the end event (lib/match-log.ts).
    outcome: e.outcome && { scores: e.outcome.scores, reason: e.outcome.reason, winner: e.outcome.winner ?? null },
    failureReason: e.failureReason,
    you,
    serverTime: new Date().toISOString(),
  };
}

/** The seat a person plays in this match (a person's agent is theirs alone), or undefined. */
const seatOf = (e: Entry, person: PersonInfo) => e.seats.find((s) => s.agentId === person.agentId);

/** Seats played by people (they have their own rooms). */
const humanSeats = (e: Entry) => e.seats.filter((s) => s.agentKind === 'human').map((s) => s.seat);

/** The events a client may send (lib/protocol.ts); any other is answered with `arena:error`. */
const KNOWN_EVENTS: ReadonlySet<string> = new Set(CLIENT_EVENTS);

/** An error for one client: what went wrong, in words a person can act on. */
class ClientError extends Error {}

/** One connection: its socket, and who is on it (a person, or null). */
interface Client {
  socket: Sock;
  who: () => Promise<PersonInfo | null>;
}

/** A zod schema, as `guarded` uses it. */
interface Schema<T> {
  safeParse(
    x: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * A client event's handler behind the shared checks: the message's size, then its schema. Errors are answered to that
 * client only, through its ack or `arena:error`; nothing it sent has changed the match.
 */
function guarded<T>(socket: Sock, name: string, schema: Schema<T>, fn: (data: T) => Promise<ActAck | void>) {
  return async (raw: unknown, ack?: unknown) => {
    const reply = typeof ack === 'function' ? (ack as (r: ActAck) => void) : null;
    const matchId =
      typeof (raw as { matchId?: unknown })?.matchId === 'string'
        ? String((raw as { matchId: string }).matchId).slice(0, 64)
        : undefined;
    try {
      const size = JSON.stringify(raw ?? null)?.length ?? 0;
      if (size > MAX_CLIENT_PAYLOAD_BYTES)
        throw new ClientError(`${name}: payload of ${size} bytes is over the ${MAX_CLIENT_PAYLOAD_BYTES}-byte limit`);
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        const i = parsed.error.issues[0];
        throw new ClientError(`${name}: ${i ? `${i.path.join('.') || 'payload'}: ${i.message}` : 'invalid payload'}`);
      }
      const r = await fn(parsed.data);
      reply?.(r ?? { ok: true });
    } catch (err) {
      // Only this client hears about it; nothing it sent has changed the match.
      const message =
        err instanceof ClientError
          ? err.message
          : `${name}: the server could not handle this (${(err as Error).message})`;
      if (reply) reply({ ok: false, error: message });
      else socket.emit('arena:error', { message, ...(matchId ? { matchId } : {}) });
    }
  };
}

/** A fresh log for a run that is starting. */
export function entryFromSetup(setup: MatchSetup): Entry | null {
  const game = getGame(setup.gameId);
  if (!game) return null;
  return {
    id: setup.id,
    game,
    config: setup.config,
    deal: { seed: setup.seed, generator: setup.generator },
    numPlayers: setup.numPlayers,
    status: 'running',
    seats: setup.seats.map((s) => ({
      seat: s.seat,
      label: seatName(game, s.seat),
      agentId: s.agent.id,
      agentName: s.agent.name,
      agentKind: s.agent.kind,
      simulated: s.agent.simulated,
      score: null,
    })),
    events: [],
    current: undefined,
    currentSeq: 0,
    bytes: 0,
    stateBytes: 0,
    roomHead: 0,
    outcome: null,
    failureReason: null,
    lastUsed: Date.now(),
    turns: new Map(),
    submitted: new Map(),
  };
}

/**
 * Estimated bytes of a value held in memory: 3.5 × its JSON length (the objects around the characters; calibrated on
 * `npm run bench:fanout -- --soak`, where the live heap after GC grew 1.7 × as fast as twice the JSON length).
 */
function estimateBytes(x: unknown): number {
  try {
    return 3.5 * (JSON.stringify(x)?.length ?? 0);
  } catch {
    return 0;
  }
}

/** Adds a stored event (and the state after it) to a log; only the newest state is kept. */
export function applyToEntry(e: Entry, ev: StoredEvent, state: unknown): void {
  if (ev.seq <= (e.events.at(-1)?.seq ?? 0)) return;
  e.events.push(ev);
  e.lastUsed = Date.now();
  e.bytes += estimateBytes(ev.payload) + 200;
  if (ev.kind === 'start' || ev.kind === 'move') {
    e.current = state;
    e.currentSeq = ev.seq;
    if (ev.kind === 'start' || e.events.length % MEASURE_STATE_EVERY === 0) e.stateBytes = estimateBytes(state);
  }
  // The match as a whole (status, outcome, scores, failure), as the browser reduces it too.
  Object.assign(e, reduceHead(e, ev));
  trackTurns(e, ev);
}

export interface HubOptions {
  /** Where a checked move or resignation goes: the runner's human seats (this process's bridge, and the relay). */
  deliver?: (input: HumanInput) => void;
  /** Limits on connections, events and unread bytes (server/rooms/guard.ts has the defaults). */
  limits?: Partial<SocketLimits>;
  /** Behind a reverse proxy: limits key on the address it names in X-Forwarded-For. */
  trustProxy?: boolean;
  /** Origins whose pages may open a socket besides the arena's own (ARENA_ALLOWED_ORIGINS; server/rooms/origin.ts). */
  allowedOrigins?: readonly string[];
  /** The cache's budget in estimated bytes (default MAX_CACHE_BYTES). */
  maxCacheBytes?: number;
  /**
   * How long a joining spectator waits for others to share its snapshot, in ms (default 0: until the end of this turn
   * of the event loop). Longer gathers more of a crowd into one encoding, for that much more wait.
   */
  joinWindowMs?: number;
}

/** Which of the shared snapshots a viewer gets (people in their own seat get their own, never cached). */
const sharedViewerKey = (v: Viewer): string | null => ('omniscient' in v ? 'all' : 'spectator' in v ? 'public' : null);

/** Spectators of one match who asked for its snapshot in the same turn of the event loop (or join window). */
interface JoinGroup {
  /** The match's entry when they asked; the snapshot is built from the match's entry when it is sent (`latest`). */
  e: Entry;
  sockets: Set<Sock>;
}

export class Hub {
  private entries = new Map<string, Promise<Entry | null>>();
  /** The matches loaded, least recently used first (what the cache's budget counts and evicts). */
  private held = new Map<string, Entry>();
  /** Each held match's bytes as last counted, and their sum (kept up to date as matches change, not summed per event). */
  private counted = new Map<string, number>();
  private heldBytes = 0;
  private readonly maxCacheBytes: number;
  private io: Io | null = null;
  /** Spectators who joined during this turn of the event loop, by match: they get one snapshot, encoded once. */
  private joining = new Map<string, JoinGroup>();
  private joinFlush: (() => void) | null = null;
  private readonly joinWindowMs: number;
  private readonly deliver: (input: HumanInput) => void;
  readonly guard: SocketGuard;
  private readonly allowedOrigins: readonly string[];
  /**
   * The last snapshot built per match and shared viewer kind, with the log head it was built at: a thousand
   * spectators joining a finished match share one snapshot instead of building a thousand.
   */
  private snapshots = new WeakMap<
    Entry,
    Map<string, { head: number; status: MatchStatus; snap: MatchSnapshot; bytes: number }>
  >();

  constructor(
    private readonly db: () => Db,
    opts: HubOptions = {},
  ) {
    this.deliver = opts.deliver ?? ((i) => humanBridge.submit(i));
    this.guard = new SocketGuard(opts.limits, opts.trustProxy);
    this.allowedOrigins = opts.allowedOrigins ?? [];
    this.maxCacheBytes = opts.maxCacheBytes ?? MAX_CACHE_BYTES;
    this.joinWindowMs = opts.joinWindowMs ?? 0;
  }

  attach(io: Io) {
    this.io = io;
    // First of all: a page on another origin gets no socket (before it counts against its address's connections).
    checkOrigins(io as unknown as Parameters<typeof checkOrigins>[0], this.allowedOrigins);
    this.guard.attach(io as unknown as Parameters<SocketGuard['attach']>[0]);
    io.on('connection', (socket) => this.onConnection(socket));
  }

  /** Stops the unread-bytes sweep (tests; the process stops it by exiting). */
  close() {
    this.guard.close();
  }

  /** A snapshot for a viewer: shared by every spectator of the same match version, built afresh for a seat. */
  snapshot(e: Entry, viewer: Viewer, you: { seat: number } | null = null): MatchSnapshot {
    const key = you ? null : sharedViewerKey(viewer);
    if (key === null) return snapshotFor(e, viewer, you);
    const head = e.events.at(-1)?.seq ?? 0;
    let byKey = this.snapshots.get(e);
    if (!byKey) this.snapshots.set(e, (byKey = new Map()));
    let hit = byKey.get(key);
    if (!hit || hit.head !== head || hit.status !== e.status) {
      const snap = snapshotFor(e, viewer, null);
      // Its boards: about one state's size per event that carries one.
      hit = {
        head,
        status: e.status,
        snap,
        bytes: e.bytes + e.stateBytes * snap.events.filter((w) => 'view' in w).length,
      };
      byKey.set(key, hit);
      this.hold(e);
      this.evict();
    }
    // Only the clock is per join (move timers); the events and views are shared.
    return { ...hit.snap, serverTime: new Date().toISOString() };
  }

  /**
   * Sends a joining spectator the match's snapshot at the end of this turn of the event loop, to every spectator who
   * joined meanwhile at once (socket.io encodes a packet once for all the sockets it goes to: a thousand joins of a long
   * match cost one encoding, not a thousand). They join the match's room right then: every event after the snapshot
   * reaches them, none before it.
   */
  private snapshotSoon(socket: Sock, e: Entry) {
    let group = this.joining.get(e.id);
    if (!group) this.joining.set(e.id, (group = { e, sockets: new Set() }));
    // Asking again before the answer went out gets a copy of its own at once (what it leaves unread counts: guard.ts).
    if (group.sockets.has(socket)) {
      const now = this.latest(group.e);
      void socket.join(room(e.id));
      return void socket.emit('match:snapshot', this.snapshot(now, spectatorViewer(now)));
    }
    group.sockets.add(socket);
    if (this.joinFlush) return;
    this.joinFlush = () => {
      this.joinFlush = null;
      const groups = [...this.joining.values()];
      this.joining.clear();
      for (const g of groups) {
        const sockets = [...g.sockets].filter((x) => x.connected);
        if (!sockets.length) continue;
        // The entry the match's events are fanned out from now (a run started or a log read whole since they asked).
        const now = this.latest(g.e);
        for (const x of sockets) void x.join(room(now.id));
        this.io?.to(sockets.map((x) => x.id)).emit('match:snapshot', this.snapshot(now, spectatorViewer(now)));
      }
    };
    if (this.joinWindowMs > 0) setTimeout(this.joinFlush, this.joinWindowMs);
    else setImmediate(this.joinFlush);
  }

  /**
   * The match's entry as it is now. An entry a caller got earlier may have been replaced since (a run that started, a
   * log read whole again), and the events are fanned out from the new one: whoever joins a room, or reads a turn,
   * after awaiting something takes it from here. The entry last held is the newest (every replacement is held before
   * anything is fanned out from it); an entry forgotten since is the one given.
   */
  private latest(e: Entry): Entry {
    return this.held.get(e.id) ?? e;
  }

  /** A new socket: its limits first, then one handler per event a client may send (lib/protocol.ts). */
  private onConnection(socket: Sock) {
    const client = this.client(socket);
    this.limitEvents(socket);
    socket.on(
      'match:join',
      guarded(socket, 'match:join', matchJoinSchema, (m) => this.joinMatch(client, m)),
    );
    socket.on(
      'match:act',
      guarded(socket, 'match:act', matchActSchema, (m) => this.act(client, m)),
    );
    socket.on(
      'match:resign',
      guarded(socket, 'match:resign', matchResignSchema, (m) => this.resign(client, m)),
    );
    socket.on(
      'match:leave',
      guarded(socket, 'match:leave', matchLeaveSchema, (m) => this.leaveMatch(socket, m)),
    );
    socket.on('lobby:join', () => this.joinLobby(socket));
    socket.on(
      'tournament:join',
      guarded(socket, 'tournament:join', tournamentJoinSchema, (t) => this.joinTournament(socket, t)),
    );
    socket.on(
      'tournament:leave',
      guarded(socket, 'tournament:leave', tournamentJoinSchema, (t) => this.leaveTournament(socket, t)),
    );
  }

  /** Who is on this socket: the person cookie sent with the handshake (same origin), looked up once, when first asked. */
  private client(socket: Sock): Client {
    const token = personTokenFromCookieHeader(socket.handshake.headers.cookie);
    let person: Promise<PersonInfo | null> | undefined;
    return {
      socket,
      who: () => (person ??= token ? personForToken(this.db(), token).catch(() => null) : Promise.resolve(null)),
    };
  }

  /**
   * Every incoming event passes the limits first; a refused one is answered (through its ack, or one
   * `arena:error`) and goes no further; a client that keeps on after being refused is disconnected. An unknown
   * event is answered only once it has passed the limits (an answer is what a flood would be after).
   */
  private limitEvents(socket: Sock) {
    let warned = 0;
    socket.use(([event, ...args], next) => {
      void this.guard.check(socket as never, String(event)).then(
        (v) => {
          if (v.ok && KNOWN_EVENTS.has(String(event))) return next();
          if (v.ok)
            return void socket.emit('arena:error', { message: `unknown event "${String(event).slice(0, 60)}"` });
          if (v.disconnect) return drop(socket as never);
          const ack = args.at(-1);
          if (typeof ack === 'function') (ack as (r: ActAck) => void)({ ok: false, error: v.message });
          else if (Date.now() - warned > this.guard.limits.windowSeconds * 1000) {
            warned = Date.now();
            socket.emit('arena:error', { message: v.message });
          }
        },
        (err: Error) => next(err),
      );
    });
  }

  /** `match:join`: the match as this viewer may see it (a snapshot, or the events after `lastSeq`), then its room. */
  private async joinMatch({ socket, who }: Client, { matchId, lastSeq }: MatchJoin): Promise<void> {
    const found = await this.entry(matchId);
    if (!found) throw new ClientError(`match ${matchId} does not exist`);
    const me = await who();
    // Replaced while this join waited? The events are fanned out from the new entry: join and answer from it.
    const e = this.latest(found);
    const mine = me ? seatOf(e, me) : undefined;
    // Hidden-information decision: a person in their own match gets their seat's view and their seat's room only.
    const you = mine ? { seat: mine.seat } : null;
    const viewer = you ? seatViewer(e.status, you.seat) : spectatorViewer(e);
    const head = e.events.at(-1)?.seq ?? 0;
    // A client that has not read what it was sent gets nothing more: it is disconnected instead of buffered for.
    if (!this.guard.room(socket as never, 0)) return;
    const snapshot = lastSeq === undefined || lastSeq > head;
    // A spectator asking for a snapshot joins the room when it is sent (snapshotSoon): nothing reaches it before.
    if (snapshot && !you) return this.snapshotSoon(socket, e);
    // Joined and answered in one go (the room is in this process's memory): no event can come between the two.
    void socket.join(you ? seatRoom(matchId, you.seat) : room(matchId));
    if (snapshot) {
      socket.emit('match:snapshot', this.snapshot(e, viewer, you));
    } else {
      for (const ev of e.events)
        if (ev.seq > lastSeq) socket.emit('match:event', { matchId, event: toWire(e, ev, viewer) });
    }
  }

  /** `match:act`: a person's move for their own seat, checked (their turn, this ply, the game's rules) before the runner gets it. */
  private async act(client: Client, { matchId, ply, action }: MatchAct): Promise<ActAck | void> {
    const { e, seat } = await this.ownSeat(client, matchId);
    const key = actionKey(action);
    const sent = e.submitted.get(seat);
    if (sent && sent.ply === ply) {
      if (sent.key === key) return { ok: true, duplicate: true };
      throw new ClientError('your move for this turn is already in: wait for it to be played');
    }
    const turn = e.turns.get(seat);
    if (!turn) {
      const waiting = [...e.turns.keys()].map((s) => e.seats[s]?.agentName).filter(Boolean);
      throw new ClientError(`it is not your turn${waiting.length ? ` (waiting for ${waiting.join(', ')})` : ''}`);
    }
    if (turn.ply !== ply)
      throw new ClientError(
        `that move was for turn ${ply + 1}, but the current turn is ${turn.ply + 1}: look at the board again`,
      );
    // The game's action schema, then its own words ("column 4 is full"); a game's reject() speaks only of what this
    // seat may know.
    const check = validateAction(e.game, e.current, seat, action);
    if (!check.ok)
      throw new ClientError(
        check.malformed !== undefined ? `that is not a move in ${e.game.meta.title}: ${check.malformed}` : check.error,
      );
    e.submitted.set(seat, { ply, key });
    this.deliver({ kind: 'move', matchId, seat, ply, action: check.action });
  }

  /** `match:resign`: a person gives up their own seat's match. */
  private async resign(client: Client, { matchId }: MatchResign): Promise<void> {
    const { seat } = await this.ownSeat(client, matchId);
    this.deliver({ kind: 'resign', matchId, seat });
  }

  /** The match and the seat this client's person plays in it, or an error saying why they cannot act. */
  private async ownSeat({ who }: Client, matchId: string): Promise<{ e: Entry; seat: number }> {
    const found = await this.entry(matchId);
    if (!found) throw new ClientError(`match ${matchId} does not exist`);
    const me = await who();
    const e = this.latest(found);
    if (!me) throw new ClientError('you are not signed in: choose a name on the Play page first');
    const mine = seatOf(e, me);
    if (!mine)
      throw new ClientError(`you (${me.name}) do not play in this match: only a seat's own player can move for it`);
    if (isFinal(e.status))
      throw new ClientError(`this match is ${e.status === 'finished' ? 'over' : e.status}: it accepts no more moves`);
    return { e, seat: mine.seat };
  }

  /** `match:leave`: out of the match's rooms (and of a snapshot not sent yet). */
  private async leaveMatch(socket: Sock, { matchId }: MatchLeave): Promise<void> {
    this.joining.get(matchId)?.sockets.delete(socket);
    for (const r of [...socket.rooms])
      if (r === room(matchId) || r.startsWith(`${room(matchId)}:seat:`)) await socket.leave(r);
  }

  /** `lobby:join`: the lobby's news (matches starting and ending). */
  private async joinLobby(socket: Sock): Promise<void> {
    await socket.join('lobby');
  }

  /** `tournament:join` and `tournament:leave`: a tournament's news. */
  private async joinTournament(socket: Sock, { tournamentId }: TournamentJoin): Promise<void> {
    await socket.join(`tournament:${tournamentId}`);
  }

  private async leaveTournament(socket: Sock, { tournamentId }: TournamentJoin): Promise<void> {
    await socket.leave(`tournament:${tournamentId}`);
  }

  /** The runner's hook: an event was stored; fan it out to the match's viewers. */
  publish = (matchId: string, ev: StoredEvent, state: unknown, setup: MatchSetup) => {
    const prev = this.entries.get(matchId);
    const next = (prev ?? Promise.resolve(null)).then(async (cached) => {
      let e = cached;
      // A new run starts a fresh log; a match not in memory (evicted, or watched from another page) is read back.
      if (ev.seq === 1) e = entryFromSetup(setup);
      else if (!e) e = await this.load(matchId);
      if (!e) return null;
      applyToEntry(e, ev, state);
      this.hold(e);
      this.emitEvent(e, ev);
      this.evict();
      return e;
    });
    this.entries.set(
      matchId,
      next.catch(() => null),
    );
  };

  /** Tells a tournament's pages that its counts or status changed (they re-read them). */
  tournamentChanged = (tournamentId: string) => {
    this.io?.to(`tournament:${tournamentId}`).emit('tournament:changed', { tournamentId });
  };

  /**
   * An event stored by another process (a worker elsewhere): a match held here reads only the events after the ones it
   * has, applies their moves to its state (from the seed, as the worker did) and sends its viewers what they have not
   * seen; home pages hear about starts and ends. Notices may arrive late, twice or out of order: each one only reads
   * what is new in Postgres. A log that no longer continues the one held (a run restarted from its seed) is read whole.
   */
  foreignEvent = (matchId: string, seq: number, kind: string) => {
    if (kind === 'start') this.lobbyChanged(matchId, 'running');
    if (kind === 'end' || kind === 'failed') this.lobbyChanged(matchId, kind === 'end' ? 'finished' : 'failed');
    const prev = this.entries.get(matchId);
    if (!prev) return;
    const next = prev.then(async (cached) => {
      const head = cached?.events.at(-1)?.seq ?? 0;
      // Already here (a late or repeated notice), unless a restarted run begins again.
      if (cached && seq <= head && !(kind === 'start' && seq === 1)) return cached;
      if (cached && !(kind === 'start' && seq === 1 && head > 0)) {
        const caught = await this.catchUp(cached).catch(() => false);
        if (caught) return cached;
      }
      const fresh = await this.load(matchId);
      if (!fresh) return cached;
      this.hold(fresh);
      const from = cached && fresh.events[0]?.at.getTime() === cached.events[0]?.at.getTime() ? head : 0;
      const states = statesOf(fresh);
      fresh.roomHead = from; // what the room had of the log held before
      for (const ev of fresh.events) if (ev.seq > from) this.fanOut(fresh, ev, states);
      if (isFinal(fresh.status)) this.sendFinal(fresh);
      this.evict();
      return fresh;
    });
    this.entries.set(
      matchId,
      next.catch(() => null),
    );
  };

  /**
   * Reads the events after the held log's last one (and that one, to check the log still continues it), applies them
   * and fans them out. False when the stored log is not a continuation of the held one: the caller reads it whole.
   */
  private async catchUp(e: Entry): Promise<boolean> {
    const last = e.events.at(-1);
    const head = last?.seq ?? 0;
    const rows = await this.db().matchEvent.findMany({
      where: { matchId: e.id, seq: { gte: Math.max(1, head) } },
      orderBy: { seq: 'asc' },
    });
    const events = rows.map((r) => storedEventOf(e.id, r));
    if (last) {
      const same = events[0];
      if (!same || same.seq !== head || same.kind !== last.kind || same.at.getTime() !== last.at.getTime())
        return false;
      events.shift();
    }
    if (events.some((ev, i) => ev.seq !== head + 1 + i)) return false;
    // The states first (a move that no longer applies means the game changed under the log: read it whole instead).
    const states: unknown[] = [];
    let current = e.current;
    for (const ev of events) {
      if (ev.kind === 'start') current = initialState(e.game, e.config, e.deal, e.numPlayers);
      else if (ev.kind === 'move')
        current = applyMove(e.game, current, e.deal, { ply: ev.payload.ply, seat: ev.seat, action: ev.payload.action });
      states.push(ev.kind === 'start' || ev.kind === 'move' ? current : undefined);
    }
    events.forEach((ev, i) => {
      applyToEntry(e, ev, states[i]);
      this.fanOut(e, ev);
    });
    if (events.some((ev) => ev.kind === 'end' || ev.kind === 'failed')) this.sendFinal(e);
    this.hold(e);
    this.evict();
    return true;
  }

  /** Tells home pages that a match's status changed (queued by the scheduler, started, ended). */
  lobbyChanged(matchId: string, status: MatchStatus) {
    this.io?.to('lobby').emit('lobby:changed', { matchId, status });
  }

  private emitEvent(e: Entry, ev: StoredEvent) {
    this.fanOut(e, ev);
    if (ev.kind === 'start') this.lobbyChanged(e.id, 'running');
    if (ev.kind === 'end' || ev.kind === 'failed') {
      this.sendFinal(e);
      this.lobbyChanged(e.id, e.status);
    }
  }

  /** One event to every room of the match, each in the form its viewers may see. */
  private fanOut(e: Entry, ev: StoredEvent, states?: Map<number, unknown>) {
    const io = this.io;
    if (!io) return;
    // Spectators get no placeholder for an event hidden from them (in a game with sealed replies, half the events):
    // the next one they may see says which seq they had before it.
    const wire = toWire(e, ev, spectatorViewer(e), states);
    if (!wire.hidden) {
      const event = e.roomHead >= ev.seq - 1 ? wire : { ...wire, after: e.roomHead };
      e.roomHead = Math.max(e.roomHead, ev.seq);
      io.to(room(e.id)).emit('match:event', { matchId: e.id, event });
    }
    for (const seat of humanSeats(e))
      io.to(seatRoom(e.id, seat)).emit('match:event', {
        matchId: e.id,
        event: toWire(e, ev, seatViewer(e.status, seat), states),
      });
  }

  /** The match is over: everyone now gets the full view (hidden information revealed). */
  private sendFinal(e: Entry) {
    const io = this.io;
    if (!io) return;
    io.to(room(e.id)).emit('match:snapshot', this.snapshot(e, spectatorViewer(e)));
    for (const seat of humanSeats(e))
      io.to(seatRoom(e.id, seat)).emit('match:snapshot', snapshotFor(e, seatViewer(e.status, seat), { seat }));
  }

  private entry(matchId: string): Promise<Entry | null> {
    let p = this.entries.get(matchId);
    if (!p) {
      p = this.load(matchId).catch(() => null);
      this.entries.set(matchId, p);
    }
    return p.then((e) => {
      if (!e) {
        if (this.entries.get(matchId) === p) this.entries.delete(matchId); // unknown now, maybe created later
      } else {
        e.lastUsed = Date.now();
        this.hold(e);
        this.evict();
      }
      return e;
    });
  }

  /** Marks a match as the most recently used, and counts its bytes again. */
  private hold(e: Entry) {
    this.held.delete(e.id);
    this.held.set(e.id, e);
    const b = this.bytesOf(e);
    this.heldBytes += b - (this.counted.get(e.id) ?? 0);
    this.counted.set(e.id, b);
  }

  private forget(e: Entry) {
    this.heldBytes -= this.counted.get(e.id) ?? 0;
    this.counted.delete(e.id);
    this.held.delete(e.id);
    this.entries.delete(e.id);
  }

  /** Estimated bytes held for a match: its log, its current state, and the snapshots shared by its viewers. */
  private bytesOf(e: Entry): number {
    let b = e.bytes + e.stateBytes;
    for (const hit of this.snapshots.get(e)?.values() ?? []) b += hit.bytes;
    return b;
  }

  /** The cache's estimated size in bytes and the matches it holds (for the benchmark and tests). */
  cacheStats(): { bytes: number; matches: number } {
    return { bytes: this.heldBytes, matches: this.held.size };
  }

  /** Rebuilds a match's log from Postgres, replaying its moves from the seed. */
  private async load(matchId: string): Promise<Entry | null> {
    const m = await this.db().match.findUnique({
      where: { id: matchId },
      include: { seats: { orderBy: { seat: 'asc' }, include: { agent: true } }, events: { orderBy: { seq: 'asc' } } },
    });
    const game = m && getGame(m.gameId);
    if (!m || !game) return null;
    // Checked on the way in: a malformed row stops here, named (lib/engine/events.ts).
    const events = m.events.map((ev) => storedEventOf(m.id, ev));
    const config = game.configSchema.parse(m.config ?? {});
    // Every state is rebuilt once, for the pending turns below; only the current one is kept.
    const states = new Map<number, unknown>();
    let current: unknown;
    let currentSeq = 0;
    const stateful = events.filter((ev) => ev.kind === 'start' || ev.kind === 'move');
    if (stateful[0]?.kind === 'start') {
      const all = replayStates(game, config, dealOf(m), m.numPlayers, movesOf(events));
      stateful.forEach((ev, i) => states.set(ev.seq, all[i]));
      current = all.at(-1);
      currentSeq = stateful.at(-1)!.seq;
    } else if (m.status === 'queued') {
      current = initialState(game, config, dealOf(m), m.numPlayers);
    }
    const result = m.result as { scores: number[]; reason: string; winner?: number | null } | null;
    const e: Entry = {
      id: m.id,
      game,
      config,
      deal: dealOf(m),
      numPlayers: m.numPlayers,
      status: m.status as MatchStatus,
      seats: m.seats.map((s) => ({
        seat: s.seat,
        label: seatName(game, s.seat),
        agentId: s.agentId,
        agentName: s.agent.name,
        agentKind: s.agent.kind,
        simulated: s.agent.simulated,
        score: s.score,
      })),
      events,
      current,
      currentSeq,
      bytes: events.reduce((b, ev) => b + estimateBytes(ev.payload) + 200, 0),
      stateBytes: estimateBytes(current),
      roomHead: events.at(-1)?.seq ?? 0,
      outcome: result ? { scores: result.scores, reason: result.reason, winner: result.winner ?? null } : null,
      failureReason: m.failureReason,
      lastUsed: Date.now(),
      turns: new Map(),
      submitted: new Map(),
    };
    // A log that ends before its row says so (the end is stored, then the match marked finished): the log decides, so
    // a viewer who joins or a notice read in between sees the end and the final view at once.
    const ending = isFinal(e.status) ? undefined : events.findLast((ev) => ev.kind === 'end' || ev.kind === 'failed');
    if (ending) Object.assign(e, reduceHead(e, ending));
    // Pending turns: walk the log with the state as it was at each event.
    const final = e.current;
    e.current = undefined;
    for (const ev of events) {
      if (states.has(ev.seq)) e.current = states.get(ev.seq);
      trackTurns(e, ev);
    }
    e.current = final;
    return e;
  }

  /**
   * Keeps memory bounded by bytes: over the budget, the least recently used matches that are over go first, then those
   * not running (queued); a running match's log and state stay, only its shared snapshots go (rebuilt on a join).
   */
  private evict() {
    if (this.heldBytes <= this.maxCacheBytes) return;
    for (const may of [(e: Entry) => isFinal(e.status), (e: Entry) => e.status !== 'running']) {
      for (const e of [...this.held.values()]) {
        if (this.heldBytes <= this.maxCacheBytes) return;
        if (may(e)) this.forget(e);
      }
    }
    for (const e of [...this.held.values()]) {
      if (this.heldBytes <= this.maxCacheBytes) return;
      this.snapshots.delete(e);
      this.hold(e);
    }
  }
}
