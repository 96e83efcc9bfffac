// The match exports (app/api/export/*) made once per version of the data and shared (issue 35, item 6): a request
// reads the export of the matches as they are now from a file that is written once for every request that asks for
// the same export and version, while it is being written and after; each address may ask for a limited number of
// exports; at most two are written at once. A stranger can no longer make the server build 18.9 MB ten times at once.
import 'server-only';
import { mkdirSync } from 'node:fs';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { CLIENT_IP_HEADER } from '../client-ip';
import { db } from './client';
import { addressKey, waitWords } from '../rate-limit-rules';
import { VOTING_EVALUATIONS } from './simulbench/blind';

/**
 * Exports one address may ask for, per window (any format or filter; ARENA_RATE_LIMIT_FACTOR multiplies it). A
 * researcher scripting every format of every game fits; a loop downloading the same export does not.
 */
export const EXPORT_LIMIT = { points: 30, seconds: 10 * 60 };
/** Exports written at once (a new version of the data, or a filter not asked before): the rest wait their turn. */
export const EXPORT_WRITERS = 2;
/** Bytes of finished exports kept (ARENA_EXPORT_CACHE_MB, default 1 GB): the least recently asked are dropped first. */
const CACHE_BYTES = Math.max(0, Number(process.env.ARENA_EXPORT_CACHE_MB ?? 1024)) * 1024 * 1024;
/** Requests within this long share one reading of the data's version (at a million matches it is a scan). */
const VERSION_REUSE_MS = 2000;
/** Bytes read from the file per chunk sent. */
const CHUNK = 256 * 1024;

/** One export of one version of the data: a file being written or written, read by any number of requests. */
interface Entry {
  name: string;
  version: string;
  /** The file, already unlinked: it lives as long as this handle (a crash leaves nothing behind). */
  file: FileHandle;
  /** Bytes written so far. */
  size: number;
  done: boolean;
  error: Error | null;
  /** Requests reading it now; an entry dropped from the cache is closed when the last one ends. */
  readers: number;
  dropped: boolean;
  closed: boolean;
  /** Wakes the readers waiting for more. */
  waiting: (() => void)[];
  /** When it was last asked for. */
  at: number;
}

interface State {
  entries: Map<string, Entry>;
  /** Entries being created (their file opened), so that requests arriving together make one. */
  creating: Map<string, { version: string; entry: Promise<Entry> }>;
  versions: Map<string, { at: number; version: Promise<string> }>;
  writers: number;
  queue: (() => void)[];
  limiter?: { pool: pg.Pool; limiter: RateLimiterPostgres; url: string };
}

// One state per process, shared by every route bundle Next makes (each may load this module on its own).
const g = globalThis as unknown as { __arenaExportCache?: State };
const state = (): State =>
  (g.__arenaExportCache ??= { entries: new Map(), creating: new Map(), versions: new Map(), writers: 0, queue: [] });

/** Where the files go (and are unlinked at once): the data folder, on disk (the system's temporary folder may be memory). */
function cacheDir(): string {
  const dir = path.resolve(process.env.ARENA_DATA_DIR ?? '.arena', 'export-cache');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * The version of the data an export shows: the ended matches of these games (count, ids with their status and
 * `rated`, the last end time, those whose stages after play are still to run), the matches still to play (a seed is
 * shown only once its twin has ended), the agents, providers and tournaments an export names, and the SimulBench
 * evaluations taking votes (whose answers are left out meanwhile: a vote closing is a new version). Any change to them
 * is a new version, so an export is never older than the data when it was asked for.
 */
async function dataVersion(statuses: readonly string[], games: readonly string[] | undefined): Promise<string> {
  const all = games === undefined;
  const [row] = await db().$queryRaw<{ v: string }[]>`
    SELECT concat_ws(':',
      (SELECT concat_ws('/', COUNT(*), COALESCE(SUM(hashtext(m.id || m.status || m.rated::text)), 0), MAX(m.finished_at), COUNT(*) FILTER (WHERE m.stages_pending))
         FROM matches m WHERE m.status = ANY(${statuses}) AND m.finished_at IS NOT NULL AND (${all} OR m.game_id = ANY(${games ?? []}))),
      (SELECT COALESCE(SUM(hashtext(o.id)), 0) FROM matches o WHERE o.status IN ('queued', 'running')),
      (SELECT COALESCE(SUM(hashtext(a.id || a.name || a.kind || COALESCE(a.model, '') || COALESCE(a.scaffold, '') || COALESCE(a.prompt_version, '') || a.simulated::text || COALESCE(a.provider_id, ''))), 0) FROM agents a),
      (SELECT COALESCE(SUM(hashtext(p.id || p.simulated::text)), 0) FROM providers p),
      (SELECT COALESCE(SUM(hashtext(t.id || t.name)), 0) FROM tournaments t),
      -- The SimulBench evaluations taking votes: their answers are left out while they do (lib/db/simulbench/blind.ts).
      (SELECT COALESCE(SUM(hashtext(v.id)), 0) FROM (${VOTING_EVALUATIONS}) v)) AS v`;
  return row!.v;
}

/** The data's version, one reading shared by the requests of VERSION_REUSE_MS. */
function versionOf(statuses: readonly string[], games: readonly string[] | undefined): Promise<string> {
  const s = state();
  const key = `${process.env.DATABASE_URL}|${statuses.join(',')}|${games?.join(',') ?? '*'}`;
  const cached = s.versions.get(key);
  if (cached && Date.now() - cached.at < VERSION_REUSE_MS) return cached.version;
  const version = dataVersion(statuses, games);
  s.versions.set(key, { at: Date.now(), version });
  version.catch(() => s.versions.get(key)?.version === version && s.versions.delete(key));
  return version;
}

/** Waits for a writer's turn (EXPORT_WRITERS at once); the returned function gives it back. */
async function writerTurn(): Promise<() => void> {
  const s = state();
  if (s.writers >= EXPORT_WRITERS) await new Promise<void>((resolve) => s.queue.push(resolve));
  else s.writers++;
  return () => {
    const next = s.queue.shift();
    if (next)
      next(); // the turn passes on (the count stays)
    else s.writers--;
  };
}

const wake = (e: Entry) => {
  for (const w of e.waiting.splice(0)) w();
};

/** Closes a dropped entry's file once nobody reads or writes it. */
function release(e: Entry): void {
  if (e.closed || !e.dropped || e.readers > 0 || !(e.done || e.error)) return;
  e.closed = true;
  void e.file.close().catch(() => {});
}

/** Drops an entry from the cache (its readers finish reading it). */
function drop(e: Entry): void {
  const s = state();
  if (s.entries.get(e.name) === e) s.entries.delete(e.name);
  e.dropped = true;
  release(e);
}

/** Finished exports beyond CACHE_BYTES are dropped, the least recently asked first. */
function trim(): void {
  const done = [...state().entries.values()].filter((e) => e.done).sort((a, b) => a.at - b.at);
  let bytes = done.reduce((sum, e) => sum + e.size, 0);
  for (const e of done) {
    if (bytes <= CACHE_BYTES) return;
    bytes -= e.size;
    drop(e);
  }
}

/** Starts writing a new entry: the chunks go to its file as fast as they come, whoever reads (or not). */
async function write(name: string, version: string, chunks: () => AsyncIterable<string>): Promise<Entry> {
  const file = path.join(cacheDir(), `${randomBytes(12).toString('hex')}.part`);
  const fh = await open(file, 'w+', 0o600);
  await unlink(file);
  const e: Entry = {
    name,
    version,
    file: fh,
    size: 0,
    done: false,
    error: null,
    readers: 0,
    dropped: false,
    closed: false,
    waiting: [],
    at: Date.now(),
  };
  void (async () => {
    const done = await writerTurn();
    try {
      const encoder = new TextEncoder();
      for await (const chunk of chunks()) {
        // Dropped (a newer version of the data is asked for) and read by nobody: no use finishing it.
        if (e.dropped && e.readers === 0) throw new Error('this export was replaced by a newer one');
        const bytes = encoder.encode(chunk);
        let off = 0;
        while (off < bytes.length) off += (await fh.write(bytes, off, bytes.length - off, e.size + off)).bytesWritten;
        e.size += bytes.length;
        wake(e);
      }
      e.done = true;
    } catch (err) {
      e.error = err as Error;
      drop(e);
    } finally {
      done();
      wake(e);
      release(e);
      if (e.done) trim();
    }
  })();
  return e;
}

/** The entry's bytes as a stream, from the start, following the file as it is written. */
function reader(e: Entry): ReadableStream<Uint8Array> {
  e.readers++;
  let pos = 0;
  let closed = false;
  const finish = () => {
    if (closed) return;
    closed = true;
    e.readers--;
    release(e);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        while (pos >= e.size && !e.done && !e.error) await new Promise<void>((resolve) => e.waiting.push(resolve));
        if (pos < e.size) {
          const buf = new Uint8Array(Math.min(CHUNK, e.size - pos));
          const { bytesRead } = await e.file.read(buf, 0, buf.length, pos);
          pos += bytesRead;
          controller.enqueue(bytesRead === buf.length ? buf : buf.subarray(0, bytesRead));
          return;
        }
        finish();
        if (e.error) controller.error(e.error);
        else controller.close();
      } catch (err) {
        finish();
        controller.error(err);
      }
    },
    cancel() {
      finish();
    },
  });
}

/**
 * The export `name` (its format and filter) of the data as it is now: the cached file when the data has not changed
 * since it was written (or is being written), else a new one, written once for every request that asks meanwhile.
 * `chunks` makes the export's text; `statuses` and `games` are the matches it covers (for the data's version).
 */
export async function cachedExport(
  name: string,
  scope: { statuses: readonly string[]; games?: readonly string[] },
  chunks: () => AsyncIterable<string>,
): Promise<ReadableStream<Uint8Array>> {
  const s = state();
  const version = `${process.env.DATABASE_URL}#${await versionOf(scope.statuses, scope.games)}`;
  let e = s.entries.get(name);
  if (!e || e.version !== version || e.error) {
    // Requests of the same version arriving together share one entry (its creation is registered before any wait).
    let creating = s.creating.get(name);
    if (!creating || creating.version !== version) {
      if (e) drop(e); // an older version: never served again
      const entry = write(name, version, chunks).then((made) => {
        if (!made.error) s.entries.set(name, made);
        return made;
      });
      const mine = { version, entry };
      s.creating.set(name, mine);
      void entry.finally(() => s.creating.get(name) === mine && s.creating.delete(name)).catch(() => {});
      creating = mine;
    }
    e = await creating.entry;
  }
  e.at = Date.now();
  return reader(e);
}

/** Limits on one address's exports, counted in Postgres like the other limits (lib/db/rate-limit.ts). */
function limiter(): RateLimiterPostgres {
  const s = state();
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set (the arena server sets it when it starts its embedded Postgres)');
  if (s.limiter?.url !== url) {
    void s.limiter?.pool.end().catch(() => {});
    const pool = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 10_000 });
    pool.on('error', () => {}); // an idle connection dropped by the server: the next query opens another
    const f = Number(process.env.ARENA_RATE_LIMIT_FACTOR ?? 1);
    const points = Math.max(1, Math.round(EXPORT_LIMIT.points * (Number.isFinite(f) && f > 0 ? f : 1)));
    const keyPrefix = 'export-address';
    s.limiter = {
      url,
      pool,
      limiter: new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName: 'rate_limits',
        tableCreated: true,
        keyPrefix,
        points,
        duration: EXPORT_LIMIT.seconds,
        // If Postgres does not answer, each process keeps counting in memory rather than letting everyone through.
        insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration: EXPORT_LIMIT.seconds }),
      }),
    };
  }
  return s.limiter.limiter;
}

/**
 * Counts one export for the request's address (the address the custom server saw: lib/client-ip.ts). Over the limit:
 * a 429 response saying when to try again (with Retry-After); else null.
 */
export async function exportRefusal(request: Request): Promise<Response | null> {
  try {
    await limiter().consume(addressKey(request.headers.get(CLIENT_IP_HEADER)));
    return null;
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    const wait = err.msBeforeNext;
    return Response.json(
      {
        error: `too many exports from your address: try again in ${waitWords(wait)} (at most ${EXPORT_LIMIT.points} every ${EXPORT_LIMIT.seconds / 60} minutes)`,
      },
      { status: 429, headers: { 'retry-after': String(Math.max(1, Math.ceil(wait / 1000))) } },
    );
  }
}

/** Closes the limiter's connections (tests, before dropping their database). */
export async function closeExportLimits(): Promise<void> {
  const s = state();
  const l = s.limiter;
  s.limiter = undefined;
  await l?.pool.end();
}
