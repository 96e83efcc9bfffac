// The human bridge: a person's move arrives over the socket (checked by the hub), and the runner's human seat waits
// for it here. One bridge per process; moves for a match run by another process reach it through the relay.
import type { Seat } from '../../lib/engine/types';
import type { Agent } from './types';

/** What a person sent for one seat: a move for a given turn, or resignation (any time). */
export type HumanInput =
  | { kind: 'move'; matchId: string; seat: Seat; ply: number; action: { type: string } }
  | { kind: 'resign'; matchId: string; seat: Seat };

/** Thrown by a human seat's `act` when the person resigned; the runner ends the match. */
export class ResignError extends Error {
  override name = 'ResignError';
  constructor(readonly seat: Seat) {
    super(`seat ${seat} resigned`);
  }
}

type Waiter = { ply: number; resolve: (a: { type: string }) => void; reject: (e: Error) => void };

/**
 * Moves and resignations for matches this process does not run (every process hears every move through the relay)
 * are dropped after this long; the process that runs the match takes them within milliseconds.
 */
const KEEP_MS = 10 * 60_000;

const key = (matchId: string, seat: Seat) => `${matchId}:${seat}`;

export class HumanBridge {
  private waiting = new Map<string, Waiter>();
  /** Moves that arrived before the runner asked (the hub has already checked them against the turn). */
  private inbox = new Map<string, { ply: number; action: { type: string }; at: number }>();
  private resignations = new Map<string, { seats: Set<Seat>; at: number }>();

  submit(input: HumanInput): void {
    this.prune();
    const k = key(input.matchId, input.seat);
    if (input.kind === 'resign') {
      let r = this.resignations.get(input.matchId);
      if (!r) this.resignations.set(input.matchId, (r = { seats: new Set(), at: Date.now() }));
      r.seats.add(input.seat);
      const w = this.waiting.get(k);
      if (w) {
        this.waiting.delete(k);
        w.reject(new ResignError(input.seat));
      }
      return;
    }
    const w = this.waiting.get(k);
    if (w && w.ply === input.ply) {
      this.waiting.delete(k);
      w.resolve(input.action);
      return;
    }
    this.inbox.set(k, { ply: input.ply, action: input.action, at: Date.now() });
  }

  private prune() {
    const old = Date.now() - KEEP_MS;
    for (const [k, v] of this.inbox) if (v.at < old) this.inbox.delete(k);
    for (const [k, v] of this.resignations) if (v.at < old) this.resignations.delete(k);
  }

  /** Waits for the person's move for this turn; rejects with ResignError on resignation, or when `signal` aborts. */
  wait(matchId: string, seat: Seat, ply: number, signal: AbortSignal): Promise<{ type: string }> {
    const k = key(matchId, seat);
    if (this.resignations.get(matchId)?.seats.has(seat)) return Promise.reject(new ResignError(seat));
    const early = this.inbox.get(k);
    this.inbox.delete(k);
    if (early && early.ply === ply) return Promise.resolve(early.action);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (this.waiting.get(k) === waiter) this.waiting.delete(k);
        reject(new Error('aborted'));
      };
      const waiter: Waiter = {
        ply,
        resolve: (a) => (signal.removeEventListener('abort', onAbort), resolve(a)),
        reject: (e) => (signal.removeEventListener('abort', onAbort), reject(e)),
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(k, waiter);
    });
  }

  /** The first seat that resigned in this match, or null. */
  resigned(matchId: string): Seat | null {
    const r = this.resignations.get(matchId);
    return r?.seats.size ? Math.min(...r.seats) : null;
  }

  /** The match ended: drop what is left for it. */
  forget(matchId: string): void {
    this.resignations.delete(matchId);
    for (const k of [...this.inbox.keys(), ...this.waiting.keys()]) {
      if (k.startsWith(`${matchId}:`)) {
        this.inbox.delete(k);
        this.waiting.delete(k);
      }
    }
  }
}

/** This process's bridge: the hub delivers into it, the human seats of matches run here wait on it. */
export const humanBridge = new HumanBridge();

/** A person's seat: waits for their move through the bridge (the runner applies the move timer). */
export function humanAgent(bridge: HumanBridge = humanBridge): Agent {
  return {
    kind: 'human',
    act: async (ctx) => ({ ok: true, action: await bridge.wait(ctx.matchId, ctx.seat, ctx.ply, ctx.signal) }),
  };
}
