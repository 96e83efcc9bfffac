// Carries live news between arena processes through Postgres LISTEN/NOTIFY: match events stored by worker-only
// processes (ARENA_ROLE=worker) and tournament changes (from any worker, or the CLI) reach the web processes' rooms;
// people's moves reach the process that runs their match.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { HumanInput } from '../agents/human';

const CHANNEL = 'arena_live';
/** Identifies this process, so it ignores the news it sent itself (it already delivered it in memory). */
export const ORIGIN = randomBytes(6).toString('hex');

export type RelayMessage =
  | { t: 'tournament'; id: string; origin: string }
  | { t: 'match'; matchId: string; seq: number; kind: string; origin: string }
  /** A person's checked move or resignation, for whichever process runs the match. */
  | { t: 'act'; input: HumanInput; origin: string };

export interface Relay {
  tournament(id: string): void;
  match(matchId: string, seq: number, kind: string): void;
  act(input: HumanInput): void;
  close(): Promise<void>;
}

/** Sends only (the CLI, worker-only processes without a listener). */
export function relaySender(url: string, log: (m: string) => void = () => {}): Relay {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  const send = (msg: RelayMessage) => {
    pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(msg)]).catch((err: Error) => log(`relay: ${err.message}`));
  };
  // Tournament news is coalesced: at most one notice per tournament every 250 ms.
  const pending = new Set<string>();
  return {
    tournament(id) {
      if (pending.has(id)) return;
      pending.add(id);
      setTimeout(() => {
        pending.delete(id);
        send({ t: 'tournament', id, origin: ORIGIN });
      }, 250).unref();
    },
    match(matchId, seq, kind) {
      send({ t: 'match', matchId, seq, kind, origin: ORIGIN });
    },
    act(input) {
      send({ t: 'act', input, origin: ORIGIN });
    },
    async close() {
      await new Promise((r) => setTimeout(r, 300)); // let coalesced notices go out
      await pool.end();
    },
  };
}

/** Listens for other processes' news; reconnects when the connection drops. */
export async function relayListener(url: string, onMessage: (m: RelayMessage) => void, log: (m: string) => void = () => {}): Promise<{ close(): Promise<void> }> {
  let client: pg.Client | null = null;
  let closed = false;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        const m = JSON.parse(n.payload) as RelayMessage;
        if (m.origin !== ORIGIN) onMessage(m);
      } catch {
        /* not ours */
      }
    });
    c.on('error', () => {
      if (closed) return;
      log('relay: connection lost, reconnecting');
      setTimeout(() => void connect().catch(() => {}), 1000).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
  };
  await connect();
  return {
    async close() {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}
