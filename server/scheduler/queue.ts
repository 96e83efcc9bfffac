// The match job queue (pg-boss on the arena's Postgres): many workers, on many machines, share matches.
import { createHash } from 'node:crypto';
import { PgBoss } from 'pg-boss';
import { errorKey, limitedLog } from '../db/log-limit';
import { logFn } from '../log';

export const MATCH_QUEUE = 'match-run';
/**
 * Matches with a person in a seat: their own queue and concurrency, so a person never waits behind a tournament,
 * and jobs may live for hours (people think slowly).
 */
export const PLAY_QUEUE = 'match-play';
export type QueueName = typeof MATCH_QUEUE | typeof PLAY_QUEUE;

const stopping = new WeakSet<PgBoss>();

/** Stops without waiting for running matches (they restart from their seed); pollers closing on the way are not errors. */
export async function stopQueue(boss: PgBoss): Promise<void> {
  stopping.add(boss);
  await boss.stop({ graceful: false, close: true, timeout: 2000 });
}

/**
 * A job whose worker sent no heartbeat for this long is taken for lost and retried, which restarts its match from the
 * seed. A live worker must never be taken for lost (the retry would play the match a second time beside it), so the
 * window is ten refreshes (HEARTBEAT_REFRESH_SECONDS) wide: a busy machine delays a refresh by seconds, not by thirty.
 * A worker that really died is found within about 40 s (this, plus the supervision pass every 10 s).
 */
export const HEARTBEAT_SECONDS = 30;
/** How often a worker refreshes its jobs' heartbeats (pg-boss's default, half the window, leaves one missed refresh). */
export const HEARTBEAT_REFRESH_SECONDS = 3;

/** `worker: false` (the CLI) only sends and cancels jobs: no supervision or maintenance in that process. */
export async function startQueue(databaseUrl: string, opts: { worker?: boolean } = {}): Promise<PgBoss> {
  const worker = opts.worker ?? true;
  // Supervision every 10 s: a job whose worker died (no heartbeat), or that could not be marked failed while Postgres
  // was away, is retried within about 40 s (pg-boss checks heartbeats in its monitor pass, 60 s by default).
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: 'pgboss',
    useListenNotify: worker,
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
    ...(worker ? {} : { supervise: false, schedule: false, max: 2 }),
  });
  // While Postgres is away, each of the ~100 pollers fails every second: the first of a kind, then a count per 30 s.
  const logLimited = limitedLog(logFn('queue', 'warn'));
  boss.on('error', (err) => {
    // 57P01: Postgres is shutting down (Ctrl-C reaches the embedded server too); the arena is stopping.
    if (!stopping.has(boss) && (err as { code?: string }).code !== '57P01') logLimited(errorKey(err), err.message);
  });
  await boss.start();
  for (const [name, expireInSeconds] of [
    [MATCH_QUEUE, 60 * 60],
    [PLAY_QUEUE, 8 * 60 * 60],
  ] as const) {
    const options = {
      // A worker that dies mid-match stops sending heartbeats; its job is retried elsewhere (restart from seed).
      heartbeatSeconds: HEARTBEAT_SECONDS,
      expireInSeconds,
      retryLimit: 3,
      retryDelay: 2,
    };
    await boss.createQueue(name, { notify: true, ...options }).catch((err: Error) => {
      if (!/already exists/i.test(err.message)) throw err;
    });
    // A queue made by an older version keeps its settings unless told: these are the ones the workers count on.
    await boss.updateQueue(name, options);
  }
  return boss;
}

export interface MatchJob {
  matchId: string;
  /** The match's attempt when the job was queued; a job whose attempt is stale is skipped. */
  attempt?: number;
}

/**
 * One job id per (match, attempt), so sending the same match twice (recovery after a crash) is harmless, and a
 * re-queued match (resume, recovery of a lost job) gets a fresh job. Attempt 0 keeps the original id scheme.
 */
export function jobIdFor(matchId: string, attempt = 0): string {
  const h = createHash('sha1')
    .update(attempt === 0 ? `match:${matchId}` : `match:${matchId}:${attempt}`)
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A Prisma transaction (or client) as far as pg-boss needs one: raw SQL with positional parameters. */
export interface SqlTx {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/**
 * Queues match jobs. `priority`: jobs are taken highest first (pg-boss), then oldest first; the demo tournament runs
 * below everything an admin schedules, so real work never waits behind it.
 *
 * `tx`: the transaction that made (or re-attempted) the matches, so their jobs commit with them. Jobs queued after the
 * commit leave a moment where a match is open without a job: the reconciler (any process's, every few seconds) takes
 * it for lost, queues the next attempt, and a worker that claimed the first job meanwhile plays the match beside the
 * one that plays the second (spectators saw a match start over mid-stream).
 */
export async function enqueueMatches(
  boss: PgBoss,
  matches: { id: string; attempt: number }[],
  queue: QueueName = MATCH_QUEUE,
  priority = 0,
  tx?: SqlTx,
): Promise<void> {
  const db = tx && {
    executeSql: async (text: string, values: unknown[] = []) => ({
      rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values),
    }),
  };
  for (let i = 0; i < matches.length; i += 1000) {
    const chunk = matches.slice(i, i + 1000);
    await boss.insert(
      queue,
      chunk.map((m) => ({
        id: jobIdFor(m.id, m.attempt),
        data: { matchId: m.id, attempt: m.attempt } satisfies MatchJob,
        ...(priority ? { priority } : {}),
      })),
      db ? { db } : undefined,
    );
  }
}

/** Best effort: withdraws queued jobs (a paused or cancelled tournament); a job that slips through is skipped by its claim. */
export async function withdrawJobs(boss: PgBoss, matches: { id: string; attempt: number }[]): Promise<void> {
  for (let i = 0; i < matches.length; i += 1000) {
    const ids = matches.slice(i, i + 1000).map((m) => jobIdFor(m.id, m.attempt));
    if (ids.length) await boss.cancel(MATCH_QUEUE, ids).catch(() => {});
  }
}

/** Which of these jobs pg-boss still holds as pending or running (created, retry, active), in either queue. */
export async function liveJobIds(boss: PgBoss, jobIds: string[]): Promise<Set<string>> {
  if (jobIds.length === 0) return new Set();
  const db = boss.getDb() as { executeSql(sql: string, values?: unknown[]): Promise<{ rows: { id: string }[] }> };
  const r = await db.executeSql(
    `SELECT id::text AS id FROM pgboss.job WHERE name = ANY($1::text[]) AND id = ANY($2::uuid[]) AND state IN ('created', 'retry', 'active')`,
    [[MATCH_QUEUE, PLAY_QUEUE], jobIds],
  );
  return new Set(r.rows.map((x) => x.id));
}
