// What /api/health says about the database: a short readable status (never a driver's message or stack).
import { db } from '../../lib/db/client';
import { errorKey, limitedLog } from './log-limit';
import { logFn } from '../log';

/** The embedded Postgres' supervisor's news, shared through globalThis with Next's bundle of this module. */
export type EmbeddedState =
  { status: 'up' } | { status: 'restarting'; since: number; attempt: number; lastError?: string };

const g = globalThis as unknown as { __arenaEmbeddedState?: EmbeddedState };

export function setEmbeddedState(state: EmbeddedState): void {
  g.__arenaEmbeddedState = state;
}

export interface Health {
  ok: boolean;
  /** `ok`, or `unavailable: <why, in words>`. */
  database: string;
}

const logDetail = limitedLog(logFn('health', 'warn'));

/** Why a query failed, in words: the driver's own message stays in the server's log. */
export function describeDbError(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  const text = [
    e?.code,
    e?.message,
    (e?.cause as { code?: unknown })?.code,
    (e?.cause as { message?: unknown })?.message,
  ]
    .map(String)
    .join(' ');
  if (/ECONNREFUSED|P1001|Can't reach database/i.test(text))
    return 'cannot connect to the database (connection refused)';
  if (/57P03|starting up|recovery/i.test(text)) return 'the database is starting up';
  if (/57P01|57P02|shutting down|terminat/i.test(text)) return 'the database is shutting down or restarting';
  if (/28P01|28000|password authentication|authentication failed/i.test(text))
    return "the database refused the arena's credentials";
  if (/ETIMEDOUT|timed? ?out/i.test(text)) return 'the database did not answer in time';
  return 'the database could not be queried (details in the server log)';
}

/** Asks the database for `SELECT 1` (at most `timeoutMs`), unless the embedded Postgres is known to be restarting. */
export async function databaseHealth(
  ping: () => Promise<unknown> = () => db().$queryRaw`SELECT 1`,
  timeoutMs = 3000,
): Promise<Health> {
  const s = g.__arenaEmbeddedState;
  if (s?.status === 'restarting') {
    const secs = Math.max(1, Math.round((Date.now() - s.since) / 1000));
    const tries = s.attempt > 1 ? `, attempt ${s.attempt}` : '';
    return {
      ok: false,
      database: `unavailable: the embedded Postgres stopped ${secs} s ago and is restarting${tries}`,
    };
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ping(),
      new Promise(
        (_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs)),
      ),
    ]);
    return { ok: true, database: 'ok' };
  } catch (err) {
    logDetail(
      `health:${errorKey(err)}`,
      `database check failed: ${
        String((err as Error)?.message ?? err)
          .split('\n')
          .filter(Boolean)
          .slice(-1)[0]
      }`,
    );
    return { ok: false, database: `unavailable: ${describeDbError(err)}` };
  } finally {
    clearTimeout(timer);
  }
}
