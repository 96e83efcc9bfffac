// Keeps one client from exhausting the process: limits on connections, on socket events and on every frame per
// connection and per address, and caps on what sockets leave unread, kernel buffers included (a client that stops
// reading is disconnected, not buffered for).
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Server, Socket } from 'socket.io';
import { clientIp } from '../../lib/client-ip';

/** Every number in one place. A "window" is `windowSeconds` long. */
export interface SocketLimits {
  windowSeconds: number;
  /** Events one connection may send per window (joins included). */
  eventsPerSocket: number;
  /** Events all connections from one address may send per window. */
  eventsPerAddress: number;
  /** `match:join`s (the expensive answer: a whole match) per connection per window. */
  joinsPerSocket: number;
  /** `match:join`s per address per window: a classroom behind one address opening a match page at once still fits. */
  joinsPerAddress: number;
  /** Connections one address may hold open at once. */
  connectionsPerAddress: number;
  /** New connections one address may open per window (browsers reconnect after a blip; floods are refused). */
  newConnectionsPerAddress: number;
  /**
   * Bytes sent to one socket that it has not shown it read (see `Backlog`: wherever they are, queued here, in the
   * kernel's TCP buffers or on the way); beyond this the socket is disconnected.
   */
  maxPendingBytes: number;
  /** The same, for all sockets of one address: beyond it, its sockets that are behind are disconnected, most first. */
  maxPendingBytesPerAddress: number;
  /** The same, for every socket of the process. */
  maxPendingBytesTotal: number;
  /**
   * A socket is behind once a ping sent to it has gone this long unanswered (a client that reads answers at once),
   * plus four times the time pings take to be answered on average (a busy server reads every answer late).
   */
  behindAfterMs: number;
  /** Unconfirmed bytes after which the guard asks the client to show it read them (a ping, answered after them). */
  probeAfterBytes: number;
  /** Frames one connection may send per window, of any kind (events, pings' answers, no-ops); beyond, it is closed. */
  packetsPerSocket: number;
  /** Frames all connections of one address may send per window; beyond, the connection sending is closed. */
  packetsPerAddress: number;
  /** Refused events in one window after which the connection is closed. */
  refusalsBeforeDisconnect: number;
}

export const defaultSocketLimits: SocketLimits = {
  windowSeconds: 10,
  eventsPerSocket: 60,
  eventsPerAddress: 600,
  joinsPerSocket: 20,
  joinsPerAddress: 150,
  connectionsPerAddress: 50,
  newConnectionsPerAddress: 100,
  maxPendingBytes: 2 * 1024 * 1024,
  maxPendingBytesPerAddress: 8 * 1024 * 1024,
  maxPendingBytesTotal: 64 * 1024 * 1024,
  behindAfterMs: 1000,
  probeAfterBytes: 64 * 1024,
  packetsPerSocket: 300,
  packetsPerAddress: 3000,
  refusalsBeforeDisconnect: 50,
};

/** How often backlogs are checked against the caps and budgets. */
const SWEEP_MS = 500;

/** An engine.io packet as it is queued or received. */
interface EnginePacket {
  type: string;
  data?: unknown;
}

/** What the guard uses of an engine.io connection (socket.io's `socket.conn`). */
interface EngineConn {
  id: string;
  readyState: string;
  remoteAddress: string;
  request?: { headers: Record<string, string | string[] | undefined> };
  writeBuffer: EnginePacket[];
  transport?: { socket?: { terminate?: () => void; _socket?: { resetAndDestroy?: () => void } } };
  sendPacket(type: 'ping'): void;
  close(discard?: boolean): void;
  on(event: 'packetCreate' | 'packet', fn: (p: EnginePacket) => void): void;
  on(event: 'close', fn: () => void): void;
}

/**
 * What one connection has been sent and has shown it read. Node cannot see the kernel's TCP buffers, which hold
 * megabytes for a client that stops reading before anything piles up in Node; but engine.io pings travel in the same
 * ordered stream as everything else, and a client answers a ping only once it has read all that was sent before it.
 * So the bytes sent since the ping it last answered are an upper bound of what is held for it anywhere: queued here,
 * in either kernel's buffers, or on the way.
 */
interface Backlog {
  conn: EngineConn;
  address: string;
  /** Bytes of packets queued for it since it opened. */
  sent: number;
  /** `sent` when the last ping it answered was queued. */
  read: number;
  /** Pings sent and not answered yet, oldest first: the packet, `sent` when it was queued, and when. */
  pings: { packet: EnginePacket; at: number; time: number }[];
  /** A ping is about to be sent. */
  asking: boolean;
}

/** The last text measured: a broadcast queues the same string for every socket in a room, measured once. */
let measured: { text: string; bytes: number } = { text: '', bytes: 0 };
/** Bytes of a packet's data as it goes on the wire (UTF-8). */
function sizeOf(d: unknown): number {
  if (typeof d === 'string') {
    if (d !== measured.text) measured = { text: d, bytes: Buffer.byteLength(d) };
    return measured.bytes;
  }
  return d instanceof Uint8Array || d instanceof ArrayBuffer ? d.byteLength : 0;
}

/**
 * Closes an engine.io connection at once, without the closing handshake a client that reads nothing never answers,
 * and with a reset: a plain close would leave the kernel holding what the client did not read until it gave up.
 */
function dropConn(conn: EngineConn): void {
  const ws = conn.transport?.socket;
  conn.close(true);
  try {
    ws?._socket?.resetAndDestroy?.();
  } catch {
    // Not a plain TCP socket (TLS): torn down without the reset.
  }
  ws?.terminate?.();
}

/**
 * Closes a connection at once: the socket.io disconnect, then the WebSocket torn down without the closing handshake a
 * client that reads nothing would never answer (what was queued for it is freed now, not after ws's 30 s timeout).
 */
export function drop(socket: Socket): void {
  socket.disconnect(true);
  dropConn(socket.conn as unknown as EngineConn);
}

/** Counts per key in fixed windows, synchronously: a flood is stopped within the chunk of frames it arrives in. */
class WindowCount {
  private counts = new Map<string, number>();
  private start = Date.now();
  constructor(private readonly windowMs: number) {}
  add(key: string): number {
    const now = Date.now();
    if (now - this.start >= this.windowMs) {
      this.counts.clear();
      this.start = now;
    }
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return n;
  }
}

/** Whether an incoming event is let through, or refused with a message (and the connection closed when it keeps on). */
export type Admission = { ok: true } | { ok: false; message: string; disconnect: boolean };

const retryIn = (r: unknown, windowSeconds: number) =>
  Math.max(1, Math.ceil((r instanceof RateLimiterRes ? r.msBeforeNext : windowSeconds * 1000) / 1000));

export class SocketGuard {
  readonly limits: SocketLimits;
  private readonly events: RateLimiterMemory;
  private readonly addressEvents: RateLimiterMemory;
  private readonly joins: RateLimiterMemory;
  private readonly addressJoins: RateLimiterMemory;
  private readonly connects: RateLimiterMemory;
  private readonly refusals: RateLimiterMemory;
  private readonly packets: WindowCount;
  private readonly open = new Map<string, number>();
  private readonly addressOf = new WeakMap<Socket, string>();
  /** Every open engine.io connection's backlog (connections that never joined a namespace too). */
  private readonly backlogs = new Map<EngineConn, Backlog>();
  private timer: NodeJS.Timeout | null = null;
  /** The time answered pings took, averaged (exponentially) over the process's connections, in ms. */
  private roundTrip = 0;

  constructor(
    limits: Partial<SocketLimits> = {},
    private readonly trustProxy = false,
  ) {
    this.limits = { ...defaultSocketLimits, ...limits };
    const duration = this.limits.windowSeconds;
    const limiter = (points: number, keyPrefix: string) => new RateLimiterMemory({ points, duration, keyPrefix });
    this.events = limiter(this.limits.eventsPerSocket, 'ev');
    this.addressEvents = limiter(this.limits.eventsPerAddress, 'ev-ip');
    this.joins = limiter(this.limits.joinsPerSocket, 'join');
    this.addressJoins = limiter(this.limits.joinsPerAddress, 'join-ip');
    this.connects = limiter(this.limits.newConnectionsPerAddress, 'conn-ip');
    this.refusals = limiter(this.limits.refusalsBeforeDisconnect, 'refused');
    this.packets = new WindowCount(duration * 1000);
  }

  /** The client's address as the limits see it. */
  address(socket: Socket): string {
    let a = this.addressOf.get(socket);
    if (!a) {
      a = clientIp(socket.handshake.address, socket.handshake.headers, this.trustProxy);
      this.addressOf.set(socket, a);
    }
    return a;
  }

  /** Installs the limits on a socket.io server: connection admission, frame counts, and the unread-bytes sweep. */
  attach(io: Server): void {
    io.engine.on('connection', (conn: EngineConn) => this.track(conn));
    io.use((socket, next) => {
      void this.admit(socket).then((err) => next(err ?? undefined));
    });
    io.on('connection', (socket) => {
      const addr = this.address(socket);
      socket.on('disconnect', () => {
        const n = (this.open.get(addr) ?? 1) - 1;
        if (n <= 0) this.open.delete(addr);
        else this.open.set(addr, n);
      });
    });
    // After the turn's I/O (setImmediate): answers that arrived while the loop was busy are read before anyone is judged.
    this.timer = setInterval(() => setImmediate(() => this.sweep()), SWEEP_MS);
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Watches one engine.io connection: what is queued for it, the pings it answers, and every frame it sends (pings'
   * answers and no-ops too, which reach no event handler and would otherwise cost nothing to send by the million).
   */
  private track(conn: EngineConn): void {
    const b: Backlog = {
      conn,
      address: clientIp(conn.remoteAddress, conn.request?.headers ?? {}, this.trustProxy),
      sent: 0,
      read: 0,
      pings: [],
      asking: false,
    };
    this.backlogs.set(conn, b);
    conn.on('close', () => this.backlogs.delete(conn));
    conn.on('packetCreate', (p) => {
      if (p.type === 'ping') return void b.pings.push({ packet: p, at: b.sent, time: Date.now() });
      b.sent += sizeOf(p.data) + 1;
      // A backlog is asked about as soon as it builds up (after this turn of the event loop: a broadcast is queuing).
      if (!b.asking && b.pings.length === 0 && b.sent - b.read >= this.limits.probeAfterBytes) {
        b.asking = true;
        setImmediate(() => {
          b.asking = false;
          this.probe(b);
        });
      }
    });
    conn.on('packet', (p) => {
      // The connection's own count first: what it sends beyond it is not charged to its address.
      if (this.packets.add(`c:${conn.id}`) > this.limits.packetsPerSocket) return dropConn(conn);
      if (this.packets.add(`a:${b.address}`) > this.limits.packetsPerAddress) return dropConn(conn);
      if (p.type !== 'pong') return;
      // A client answers only the pings it has received: an answer with no ping out, or to one still queued here,
      // is made up to look as if it read what it did not.
      const ping = b.pings[0];
      if (!ping || conn.writeBuffer.includes(ping.packet)) return dropConn(conn);
      b.pings.shift();
      b.read = ping.at;
      this.roundTrip += (Date.now() - ping.time - this.roundTrip) / 20;
    });
  }

  /** Bytes sent to this socket's connection that it has not shown it read (0 for a connection the guard does not watch). */
  unconfirmed(socket: Socket): number {
    const b = this.backlogs.get(socket.conn as unknown as EngineConn);
    return b ? b.sent - b.read : 0;
  }

  /** Unconfirmed bytes of every connection, and the connections (for the benchmark and tests). */
  pendingStats(): { bytes: number; connections: number } {
    let bytes = 0;
    for (const b of this.backlogs.values()) bytes += b.sent - b.read;
    return { bytes, connections: this.backlogs.size };
  }

  /** Asks a connection with a backlog and no ping out to show what it read (its answer comes after all it was sent). */
  private probe(b: Backlog): void {
    if (b.pings.length === 0 && b.sent - b.read >= this.limits.probeAfterBytes && b.conn.readyState === 'open')
      b.conn.sendPacket('ping');
  }

  /** A new connection: refused (with the reason, which the client's connect_error carries) when its address has too many. */
  async admit(socket: Socket): Promise<Error | null> {
    const addr = this.address(socket);
    const open = this.open.get(addr) ?? 0;
    if (open >= this.limits.connectionsPerAddress) {
      return new Error(`too many connections from your address (${open} open): close some tabs and reload`);
    }
    try {
      await this.connects.consume(addr);
    } catch (r) {
      return new Error(
        `too many new connections from your address: try again in ${retryIn(r, this.limits.windowSeconds)} s`,
      );
    }
    this.open.set(addr, open + 1);
    return null;
  }

  /** One incoming event: within the limits, or refused with a message (and the connection closed when it keeps on). */
  async check(socket: Socket, event: string): Promise<Admission> {
    const addr = this.address(socket);
    try {
      // The connection's own limits first: what it sends beyond them is not charged to its address, so one flooding
      // tab does not lock out the other people behind the same address.
      await this.events.consume(socket.id);
      if (event === 'match:join') await this.joins.consume(socket.id);
      await this.addressEvents.consume(addr);
      if (event === 'match:join') await this.addressJoins.consume(addr);
      return { ok: true };
    } catch (r) {
      if (!(r instanceof RateLimiterRes)) throw r;
      const refused = await this.refusals.consume(socket.id).then(
        () => false,
        () => true,
      );
      return {
        ok: false,
        disconnect: refused,
        message: `${event}: too many requests, slow down: try again in ${retryIn(r, this.limits.windowSeconds)} s`,
      };
    }
  }

  /** Whether `bytes` more may be sent to this socket; when not, the socket is disconnected (it stopped reading). */
  room(socket: Socket, bytes: number): boolean {
    const b = this.backlogs.get(socket.conn as unknown as EngineConn);
    if (!b) return true;
    if (b.sent - b.read + bytes > this.limits.maxPendingBytes) {
      drop(socket);
      return false;
    }
    this.probe(b);
    return true;
  }

  /**
   * Disconnects connections that have stopped reading: over the per-connection cap at once; then, while an address or
   * the whole process is over its budget, its connections that are behind (a ping unanswered for `behindAfterMs`),
   * most unconfirmed first. Connections that answer in time are never dropped for the budgets: a crowd joining a long
   * match at once reads its snapshots within a ping's round trip. Asks the others to show what they read.
   */
  sweep(): void {
    const now = Date.now();
    const live: Backlog[] = [];
    for (const b of this.backlogs.values()) {
      const bytes = b.sent - b.read;
      if (bytes > this.limits.maxPendingBytes) {
        dropConn(b.conn);
        this.backlogs.delete(b.conn);
      } else if (bytes > 0) {
        live.push(b);
        this.probe(b);
      }
    }
    const late = this.limits.behindAfterMs + 4 * this.roundTrip;
    const behind = (b: Backlog) => b.pings.length > 0 && now - b.pings[0]!.time >= late;
    const trim = (list: Backlog[], budget: number) => {
      let total = list.reduce((s, b) => s + (this.backlogs.has(b.conn) ? b.sent - b.read : 0), 0);
      for (const b of list.filter(behind).sort((x, y) => y.sent - y.read - (x.sent - x.read))) {
        if (total <= budget) break;
        if (!this.backlogs.has(b.conn)) continue;
        total -= b.sent - b.read;
        dropConn(b.conn);
        this.backlogs.delete(b.conn);
      }
    };
    const byAddress = new Map<string, Backlog[]>();
    for (const b of live) {
      const list = byAddress.get(b.address);
      if (list) list.push(b);
      else byAddress.set(b.address, [b]);
    }
    for (const list of byAddress.values()) trim(list, this.limits.maxPendingBytesPerAddress);
    trim(live, this.limits.maxPendingBytesTotal);
  }
}
