// Carries live news between arena processes through Postgres LISTEN/NOTIFY: match events stored by worker-only
// processes (ARENA_ROLE=worker) and tournament changes (from any worker, or the CLI) reach the web processes' rooms;
// people's moves reach the process that runs their match.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { HumanInput } from '../agents/human';
import { errorKey, limitedLog } from '../db/log-limit';

const CHANNEL = 'arena_live';
/** Below Postgres's 8,000-byte NOTIFY payload limit. */
const MAX_PAYLOAD = 7_500;
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
  // While Postgres is away every notice fails alike: one line, then a count.
  const logLimited = limitedLog(log);
  const notify = (payload: string) => {
    pool
      .query('SELECT pg_notify($1, $2)', [CHANNEL, payload])
      .catch((err: Error) => logLimited(errorKey(err), `relay: ${err.message}`));
  };
  const send = (msg: RelayMessage) => notify(JSON.stringify(msg));
  // Match news is batched: the notices of one turn of the event loop (many matches' events at once under load) go out
  // as one NOTIFY holding an array, each under Postgres's 8,000-byte payload limit, in the order they were made.
  let batch: string[] = [];
  const flush = () => {
    const items = batch;
    batch = [];
    let chunk: string[] = [];
    let bytes = 2;
    for (const item of items) {
      if (chunk.length && bytes + item.length + 1 > MAX_PAYLOAD) {
        notify(`[${chunk.join(',')}]`);
        chunk = [];
        bytes = 2;
      }
      chunk.push(item);
      bytes += item.length + 1;
    }
    if (chunk.length) notify(`[${chunk.join(',')}]`);
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
      if (batch.length === 0) setImmediate(flush);
      batch.push(JSON.stringify({ t: 'match', matchId, seq, kind, origin: ORIGIN } satisfies RelayMessage));
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

/** Listens for other processes' news; when the connection drops (Postgres restarting), reconnects with backoff. */
export async function relayListener(
  url: string,
  onMessage: (m: RelayMessage) => void,
  log: (m: string) => void = () => {},
): Promise<{ close(): Promise<void> }> {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;
  const logLimited = limitedLog(log);
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => {}); // reported through 'end' below, or by connect()'s rejection
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    c.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(n.payload);
      } catch {
        return; // not ours
      }
      for (const m of (Array.isArray(parsed) ? parsed : [parsed]) as RelayMessage[]) {
        if (m && typeof m === 'object' && m.origin !== ORIGIN) onMessage(m);
      }
    });
    c.once('end', () => {
      if (closed || client !== c) return;
      client = null;
      log('relay: connection to Postgres lost, reconnecting');
      retry();
    });
    if (closed) await c.end().catch(() => {});
    else client = c;
  };
  const retry = () => {
    if (closed || timer) return;
    const delay = Math.min(30_000, 500 * 2 ** Math.min(failures, 6));
    timer = setTimeout(() => {
      timer = null;
      connect().then(
        () => {
          log('relay: listening again');
          failures = 0;
        },
        (err: Error) => {
          failures++;
          logLimited(errorKey(err), `relay: cannot reconnect yet (${err.message}); retrying with backoff`);
          retry();
        },
      );
    }, delay);
    timer.unref();
  };
  await connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
