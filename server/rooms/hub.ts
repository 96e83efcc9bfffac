// Live match rooms: keeps each watched match's log in memory, and sends every viewer what it may see.
import type { Server, Socket } from 'socket.io';
import type { GameDef, Viewer } from '../../games/types';
import { seatName } from '../../games/types';
import { getGame } from '../../games/registry';
import type { Db } from '../../lib/db';
import { initialState, replayStates } from '../../lib/engine/replay';
import {
  MAX_CLIENT_PAYLOAD_BYTES,
  matchJoinSchema,
  matchLeaveSchema,
  tournamentJoinSchema,
  type ClientToServerEvents,
  type MatchSnapshot,
  type MatchStatus,
  type SeatInfo,
  type ServerToClientEvents,
  type WireEvent,
} from '../../lib/protocol';
import type { MatchSetup, StoredEvent } from '../workers/store';

type Io = Server<ClientToServerEvents, ServerToClientEvents>;
type Sock = Socket<ClientToServerEvents, ServerToClientEvents>;

interface Entry {
  id: string;
  game: GameDef;
  status: MatchStatus;
  seats: SeatInfo[];
  events: StoredEvent[];
  /** State after each `start`/`move` event, by seq. */
  states: Map<number, unknown>;
  current: unknown;
  outcome: MatchSnapshot['outcome'];
  failureReason: string | null;
  lastUsed: number;
}

const MAX_CACHED = 500;
const room = (matchId: string) => `match:${matchId}`;

function isFinal(status: MatchStatus) {
  return status === 'finished' || status === 'failed' || status === 'cancelled';
}

/** Spectators see the public view while a match runs and everything once it is over. */
function spectatorViewer(e: Entry): Viewer {
  return isFinal(e.status) ? { omniscient: true } : { spectator: true };
}

function canSee(ev: StoredEvent, viewer: Viewer): boolean {
  if (ev.visibleTo.length === 0 || 'omniscient' in viewer) return true;
  return 'seat' in viewer && ev.visibleTo.includes(viewer.seat);
}

export function toWire(e: Entry, ev: StoredEvent, viewer: Viewer): WireEvent {
  if (!canSee(ev, viewer)) return { seq: ev.seq, hidden: true };
  let payload = ev.payload;
  if (ev.kind === 'move') {
    // Hidden-information decision: in imperfect-information games a move's exact action (a bid, a card) stays
    // with its seat; others read only the log lines meant for them.
    const mine = 'omniscient' in viewer || ('seat' in viewer && viewer.seat === ev.seat);
    const lines = (payload.lines as { text: string; visibleTo?: number[] }[] | undefined) ?? [];
    payload = {
      ...payload,
      action: e.game.meta.info === 'perfect' || mine ? payload.action : null,
      lines: lines.filter((l) => !l.visibleTo || 'omniscient' in viewer || ('seat' in viewer && l.visibleTo.includes(viewer.seat))),
    };
  }
  const state = e.states.get(ev.seq);
  return {
    seq: ev.seq,
    kind: ev.kind as never,
    seat: ev.seat,
    at: ev.at.toISOString(),
    payload,
    ...(state !== undefined ? { view: e.game.view(state, viewer) } : {}),
  };
}

export function snapshotFor(e: Entry, viewer: Viewer): MatchSnapshot {
  return {
    matchId: e.id,
    gameId: e.game.id,
    status: e.status,
    seq: e.events.at(-1)?.seq ?? 0,
    seats: e.seats,
    events: e.events.map((ev) => toWire(e, ev, viewer)),
    view: e.current === undefined ? null : e.game.view(e.current, viewer),
    outcome: e.outcome,
    failureReason: e.failureReason,
  };
}

export class Hub {
  private entries = new Map<string, Promise<Entry | null>>();
  private io: Io | null = null;

  constructor(private readonly db: () => Db) {}

  attach(io: Io) {
    this.io = io;
    io.on('connection', (socket) => this.onConnection(socket));
  }

  private onConnection(socket: Sock) {
    const guard = <T>(name: string, schema: { safeParse(x: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }, fn: (data: T) => Promise<void>) =>
      async (raw: unknown) => {
        try {
          const size = JSON.stringify(raw ?? null)?.length ?? 0;
          if (size > MAX_CLIENT_PAYLOAD_BYTES) throw new Error(`${name}: payload of ${size} bytes is over the ${MAX_CLIENT_PAYLOAD_BYTES}-byte limit`);
          const parsed = schema.safeParse(raw);
          if (!parsed.success) {
            const i = parsed.error.issues[0];
            throw new Error(`${name}: ${i ? `${i.path.join('.') || 'payload'}: ${i.message}` : 'invalid payload'}`);
          }
          await fn(parsed.data);
        } catch (err) {
          socket.emit('arena:error', { message: (err as Error).message });
        }
      };
    socket.on('match:join', guard('match:join', matchJoinSchema, async ({ matchId, lastSeq }) => {
      const e = await this.entry(matchId);
      if (!e) {
        socket.emit('arena:error', { message: `match ${matchId} does not exist`, matchId });
        return;
      }
      await socket.join(room(matchId));
      const viewer = spectatorViewer(e);
      const head = e.events.at(-1)?.seq ?? 0;
      if (lastSeq === undefined || lastSeq > head) {
        socket.emit('match:snapshot', snapshotFor(e, viewer));
      } else {
        for (const ev of e.events) if (ev.seq > lastSeq) socket.emit('match:event', { matchId, event: toWire(e, ev, viewer) });
      }
    }));
    socket.on('match:leave', guard('match:leave', matchLeaveSchema, async ({ matchId }) => {
      await socket.leave(room(matchId));
    }));
    socket.on('lobby:join', async () => {
      await socket.join('lobby');
    });
    socket.on('tournament:join', guard('tournament:join', tournamentJoinSchema, async ({ tournamentId }) => {
      await socket.join(`tournament:${tournamentId}`);
    }));
    socket.on('tournament:leave', guard('tournament:leave', tournamentJoinSchema, async ({ tournamentId }) => {
      await socket.leave(`tournament:${tournamentId}`);
    }));
    socket.onAny((event: string) => {
      if (!['match:join', 'match:leave', 'lobby:join', 'tournament:join', 'tournament:leave'].includes(event)) {
        socket.emit('arena:error', { message: `unknown event "${String(event).slice(0, 60)}"` });
      }
    });
  }

  /** The runner's hook: an event was stored; fan it out to the match's viewers. */
  publish = (matchId: string, ev: StoredEvent, state: unknown, setup: MatchSetup) => {
    const prev = this.entries.get(matchId);
    const next = (prev ?? Promise.resolve(null)).then(async (cached) => {
      let e = cached;
      // A new run starts a fresh log; a match not in memory (evicted, or watched from another page) is read back.
      if (ev.seq === 1) e = this.fromSetup(setup);
      else if (!e) e = await this.load(matchId);
      if (!e) return null;
      this.applyEvent(e, ev, state);
      this.emitEvent(e, ev);
      return e;
    });
    this.entries.set(matchId, next.catch(() => null));
    this.evict();
  };

  /** Tells a tournament's pages that its counts or status changed (they re-read them). */
  tournamentChanged = (tournamentId: string) => {
    this.io?.to(`tournament:${tournamentId}`).emit('tournament:changed', { tournamentId });
  };

  /**
   * An event stored by another process (a worker-only process): a match held here is re-read from Postgres and
   * what its viewers have not seen is sent; home pages hear about starts and ends.
   */
  foreignEvent = (matchId: string, kind: string) => {
    if (kind === 'start') this.lobbyChanged(matchId, 'running');
    if (kind === 'end' || kind === 'failed') this.lobbyChanged(matchId, kind === 'end' ? 'finished' : 'failed');
    const prev = this.entries.get(matchId);
    if (!prev) return;
    const next = prev.then(async (cached) => {
      const fresh = await this.load(matchId);
      if (!fresh) return cached;
      const head = kind === 'start' ? 0 : (cached?.events.at(-1)?.seq ?? 0);
      const io = this.io;
      if (io) {
        const r = room(matchId);
        for (const ev of fresh.events) if (ev.seq > head) io.to(r).emit('match:event', { matchId, event: toWire(fresh, ev, { spectator: true }) });
        if (isFinal(fresh.status)) io.to(r).emit('match:snapshot', snapshotFor(fresh, spectatorViewer(fresh)));
      }
      return fresh;
    });
    this.entries.set(matchId, next.catch(() => null));
  };

  /** Tells home pages that a match's status changed (queued by the scheduler, started, ended). */
  lobbyChanged(matchId: string, status: MatchStatus) {
    this.io?.to('lobby').emit('lobby:changed', { matchId, status });
  }

  private fromSetup(setup: MatchSetup): Entry | null {
    const game = getGame(setup.gameId);
    if (!game) return null;
    return {
      id: setup.id,
      game,
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
      states: new Map(),
      current: undefined,
      outcome: null,
      failureReason: null,
      lastUsed: Date.now(),
    };
  }

  private applyEvent(e: Entry, ev: StoredEvent, state: unknown) {
    if (ev.seq <= (e.events.at(-1)?.seq ?? 0)) return;
    e.events.push(ev);
    e.lastUsed = Date.now();
    if (ev.kind === 'start' || ev.kind === 'move') {
      e.states.set(ev.seq, state);
      e.current = state;
    }
    if (ev.kind === 'end') {
      const p = ev.payload as { scores: number[]; reason: string; winner: number | null };
      e.status = 'finished';
      e.outcome = { scores: p.scores, reason: p.reason, winner: p.winner };
      e.seats = e.seats.map((s) => ({ ...s, score: p.scores[s.seat] ?? null }));
    }
    if (ev.kind === 'failed') {
      e.status = 'failed';
      e.failureReason = String(ev.payload.reason ?? 'failed');
    }
  }

  private emitEvent(e: Entry, ev: StoredEvent) {
    const io = this.io;
    if (!io) return;
    const r = room(e.id);
    io.to(r).emit('match:event', { matchId: e.id, event: toWire(e, ev, { spectator: true }) });
    if (ev.kind === 'start') this.lobbyChanged(e.id, 'running');
    if (ev.kind === 'end' || ev.kind === 'failed') {
      // The match is over: spectators now get the full view (hidden information revealed).
      io.to(r).emit('match:snapshot', snapshotFor(e, spectatorViewer(e)));
      this.lobbyChanged(e.id, e.status);
    }
  }

  private entry(matchId: string): Promise<Entry | null> {
    let p = this.entries.get(matchId);
    if (!p) {
      p = this.load(matchId).catch(() => null);
      this.entries.set(matchId, p);
      this.evict();
    }
    return p.then((e) => {
      if (!e) this.entries.delete(matchId); // unknown now, maybe created later
      else e.lastUsed = Date.now();
      return e;
    });
  }

  /** Rebuilds a match's log from Postgres, replaying its moves from the seed. */
  private async load(matchId: string): Promise<Entry | null> {
    const m = await this.db().match.findUnique({
      where: { id: matchId },
      include: { seats: { orderBy: { seat: 'asc' }, include: { agent: true } }, events: { orderBy: { seq: 'asc' } } },
    });
    const game = m && getGame(m.gameId);
    if (!m || !game) return null;
    const events: StoredEvent[] = m.events.map((ev) => ({
      seq: ev.seq, kind: ev.kind, seat: ev.seat, payload: ev.payload as Record<string, unknown>, visibleTo: ev.visibleTo, at: ev.createdAt,
    }));
    const config = game.configSchema.parse(m.config ?? {});
    const moveEvents = events.filter((ev) => ev.kind === 'move');
    const states = new Map<number, unknown>();
    let current: unknown;
    const startEv = events.find((ev) => ev.kind === 'start');
    if (startEv) {
      const all = replayStates(game, config, m.seed, m.numPlayers, moveEvents.map((ev) => ({
        ply: Number(ev.payload.ply), seat: ev.seat ?? 0, action: ev.payload.action as { type: string },
      })));
      states.set(startEv.seq, all[0]);
      moveEvents.forEach((ev, i) => states.set(ev.seq, all[i + 1]));
      current = all.at(-1);
    } else if (m.status === 'queued') {
      current = initialState(game, config, m.seed, m.numPlayers);
    }
    const result = m.result as { scores: number[]; reason: string; winner?: number | null } | null;
    return {
      id: m.id,
      game,
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
      states,
      current,
      outcome: result ? { scores: result.scores, reason: result.reason, winner: result.winner ?? null } : null,
      failureReason: m.failureReason,
      lastUsed: Date.now(),
    };
  }

  /** Keeps memory bounded: forgets the least recently used finished matches. */
  private evict() {
    if (this.entries.size <= MAX_CACHED) return;
    const drop = [...this.entries.keys()].slice(0, this.entries.size - MAX_CACHED);
    for (const k of drop) this.entries.delete(k);
  }
}
