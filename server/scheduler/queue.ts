// The match job queue (pg-boss on the arena's Postgres): many workers, on many machines, share matches.
import { createHash } from 'node:crypto';
import { PgBoss } from 'pg-boss';

export const MATCH_QUEUE = 'match-run';

const stopping = new WeakSet<PgBoss>();

/** Stops without waiting for running matches (they restart from their seed); pollers closing on the way are not errors. */
export async function stopQueue(boss: PgBoss): Promise<void> {
  stopping.add(boss);
  await boss.stop({ graceful: false, close: true, timeout: 2000 });
}

export async function startQueue(databaseUrl: string): Promise<PgBoss> {
  // Supervision every 10 s: a job whose worker died (no heartbeat) is retried within about half a minute.
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', useListenNotify: true, superviseIntervalSeconds: 10 });
  boss.on('error', (err) => {
    // 57P01: Postgres is shutting down (Ctrl-C reaches the embedded server too); the arena is stopping.
    if (!stopping.has(boss) && (err as { code?: string }).code !== '57P01') console.error(`[queue] ${err.message}`);
  });
  await boss.start();
  await boss.createQueue(MATCH_QUEUE, {
    notify: true,
    // A worker that dies mid-match stops sending heartbeats; its job is retried elsewhere (restart from seed).
    heartbeatSeconds: 10,
    expireInSeconds: 60 * 60,
    retryLimit: 3,
    retryDelay: 2,
  }).catch((err: Error) => {
    if (!/already exists/i.test(err.message)) throw err;
  });
  return boss;
}

/** One job id per match, so sending the same match twice (recovery after a crash) is harmless. */
export function jobIdFor(matchId: string): string {
  const h = createHash('sha1').update(`match:${matchId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export async function enqueueMatches(boss: PgBoss, matchIds: string[]): Promise<void> {
  if (matchIds.length === 0) return;
  await boss.insert(MATCH_QUEUE, matchIds.map((matchId) => ({ id: jobIdFor(matchId), data: { matchId } })));
}
