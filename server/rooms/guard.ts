// Keeps one client from exhausting the process: limits on connections and on socket events per connection and per
// address, and a cap on what a socket leaves unread (a client that stops reading is disconnected, not buffered for).
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
  /** Bytes queued for one socket and not yet read by it; beyond this the socket is disconnected. */
  maxPendingBytes: number;
  /** Bytes queued for all sockets of one address; beyond this its most backed-up sockets are disconnected. */
  maxPendingBytesPerAddress: number;
  /** Refused events in one window after which the connection is closed. */
  refusalsBeforeDisconnect: number;
}

export const defaultSocketLimits: SocketLimits = {
  windowSeconds: 10,
  eventsPerSocket: 60,
  eventsPerAddress: 600,
  joinsPerSocket: 20,
  joinsPerAddress: 150,
  connectionsPerAddress: 100,
  newConnectionsPerAddress: 100,
  maxPendingBytes: 2 * 1024 * 1024,
  maxPendingBytesPerAddress: 16 * 1024 * 1024,
  refusalsBeforeDisconnect: 50,
};

/** What engine.io keeps for a connection: packets waiting for the transport, and the WebSocket's own buffer. */
interface EngineConn {
  writeBuffer?: { data?: unknown }[];
  transport?: { socket?: { bufferedAmount?: number } };
}

/**
 * Closes a connection at once: the socket.io disconnect, then the WebSocket torn down without the closing handshake a
 * client that reads nothing would never answer (what was queued for it is freed now, not after ws's 30 s timeout).
 */
export function drop(socket: Socket): void {
  socket.disconnect(true);
  (socket.conn as unknown as { transport?: { socket?: { terminate?: () => void } } }).transport?.socket?.terminate?.();
}

/** Bytes sent to this socket that it has not read yet (queued in engine.io, or in the WebSocket's send buffer). */
export function pendingBytes(socket: Socket): number {
  const conn = socket.conn as unknown as EngineConn;
  let n = 0;
  for (const p of conn.writeBuffer ?? []) {
    const d = p.data;
    n += typeof d === 'string' ? d.length : d instanceof Uint8Array || d instanceof ArrayBuffer ? d.byteLength : 0;
  }
  const ws = conn.transport?.socket?.bufferedAmount;
  return n + (typeof ws === 'number' ? ws : 0);
}

export type Verdict = { ok: true } | { ok: false; message: string; disconnect: boolean };

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
  private readonly open = new Map<string, number>();
  private readonly addressOf = new WeakMap<Socket, string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(limits: Partial<SocketLimits> = {}, private readonly trustProxy = false) {
    this.limits = { ...defaultSocketLimits, ...limits };
    const duration = this.limits.windowSeconds;
    const limiter = (points: number, keyPrefix: string) => new RateLimiterMemory({ points, duration, keyPrefix });
    this.events = limiter(this.limits.eventsPerSocket, 'ev');
    this.addressEvents = limiter(this.limits.eventsPerAddress, 'ev-ip');
    this.joins = limiter(this.limits.joinsPerSocket, 'join');
    this.addressJoins = limiter(this.limits.joinsPerAddress, 'join-ip');
    this.connects = limiter(this.limits.newConnectionsPerAddress, 'conn-ip');
    this.refusals = limiter(this.limits.refusalsBeforeDisconnect, 'refused');
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

  /** Installs the limits on a socket.io server: connection admission, per-event limits, and the unread-bytes sweep. */
  attach(io: Server): void {
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
    this.timer = setInterval(() => this.sweep(io), 1000);
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
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
      return new Error(`too many new connections from your address: try again in ${retryIn(r, this.limits.windowSeconds)} s`);
    }
    this.open.set(addr, open + 1);
    return null;
  }

  /** One incoming event: within the limits, or refused with a message (and the connection closed when it keeps on). */
  async check(socket: Socket, event: string): Promise<Verdict> {
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
      const refused = await this.refusals.consume(socket.id).then(() => false, () => true);
      return {
        ok: false,
        disconnect: refused,
        message: `${event}: too many requests, slow down: try again in ${retryIn(r, this.limits.windowSeconds)} s`,
      };
    }
  }

  /** Whether `bytes` more may be queued for this socket; when not, the socket is disconnected (it stopped reading). */
  room(socket: Socket, bytes: number): boolean {
    if (pendingBytes(socket) + bytes <= this.limits.maxPendingBytes) return true;
    drop(socket);
    return false;
  }

  /** Disconnects sockets that have stopped reading: over the per-socket cap, or the most backed-up of a greedy address. */
  sweep(io: Server): void {
    const byAddress = new Map<string, { socket: Socket; bytes: number }[]>();
    for (const socket of io.of('/').sockets.values()) {
      const bytes = pendingBytes(socket);
      if (bytes === 0) continue;
      if (bytes > this.limits.maxPendingBytes) {
        drop(socket);
        continue;
      }
      const addr = this.address(socket);
      const list = byAddress.get(addr) ?? [];
      list.push({ socket, bytes });
      byAddress.set(addr, list);
    }
    for (const list of byAddress.values()) {
      let total = list.reduce((s, x) => s + x.bytes, 0);
      for (const x of list.sort((a, b) => b.bytes - a.bytes)) {
        if (total <= this.limits.maxPendingBytesPerAddress) break;
        drop(x.socket);
        total -= x.bytes;
      }
    }
  }
}
