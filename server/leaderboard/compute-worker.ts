// Worker thread: reads and computes leaderboards off the server's event loop. A live view is read from Postgres here
// (decoding a million rows would block the server for seconds) and kept here: its matches summed into an index
// (lib/rating/match-index.ts) and TrueSkill/Elo after its last match, so a recompute reads, sums and replays only the
// matches finished since; the server receives the board and what the page needs, never the matches. The bootstrap's
// rounds of a large view are split with a second thread (rounds-worker.ts). Imported datasets and benchmarks send
// their matches instead.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';
import { createDb, type Db } from '../../lib/db/client';
import { computeLeaderboard, OnlineRatings, type Leaderboard, type LeaderboardOptions } from '../../lib/rating';
import { runRounds, type BootstrapData } from '../../lib/rating/bootstrap';
import { leaderboardOf } from '../../lib/rating/compute-leaderboard';
import { MatchIndex } from '../../lib/rating/match-index';
import type { RatedMatch } from '../../lib/rating/types';
import {
  anchorAgent,
  loadLeaderboardData,
  loadLeaderboardSince,
  metaOf,
  type LeaderboardData,
  type LiveQuery,
  type ViewMeta,
} from './data';
import type { RoundsJob } from './rounds-worker';
import { MAX_HELD_MATCHES, ViewStore } from './view-store';

/**
 * A view's bootstrap is split over two threads when its rated matches × rounds reach this (below, the copy to the
 * second thread and back costs more than it saves): at the default 1,000 rounds, from 2,000 matches on.
 */
export const SPLIT_ROUNDS_ABOVE = 2_000_000;

/** The options a view computes with; the anchor and LLMArena's metrics come from its data. */
export type ViewOptions = Omit<LeaderboardOptions, 'anchorAgentId' | 'normalizedBy' | 'online'>;

export interface LiveView {
  /** The key of the view's matches (one state per key: views of the same matches share it, `liveKeyOf`). */
  key: string;
  /** The database to read (this thread keeps one client per URL). */
  url: string;
  query: LiveQuery;
  /** Read only the matches since the last read when that is exact (else, and at least every `fullEveryMs`, whole). */
  incremental: boolean;
  fullEveryMs: number;
  /** The budget of matches the thread keeps over all views (default MAX_HELD_MATCHES; tests set less). */
  maxHeldMatches?: number;
  /** Split the bootstrap's rounds over two threads from this many rated matches × rounds (default SPLIT_ROUNDS_ABOVE). */
  splitRoundsAbove?: number;
}

/**
 * A request; `stop` is a flag shared with the server (computer.ts): set, the computation stops at its next checkpoint
 * (between bootstrap rounds, fit iterations and the steps of a view) with an error.
 */
export type ComputeRequest =
  | {
      id: number;
      matches: RatedMatch[];
      opts: LeaderboardOptions;
      stop?: Int32Array;
      warm?: undefined;
      live?: undefined;
    }
  | { id: number; warm: true; stop?: Int32Array; matches?: undefined; live?: undefined }
  | { id: number; close: true; warm?: undefined; matches?: undefined; live?: undefined }
  | { id: number; live: LiveView; opts: ViewOptions; stop?: Int32Array; warm?: undefined; matches?: undefined };

/** The checkpoint of a request: throws once the server has set its stop flag. */
export function checkpointOf(stop: Int32Array | undefined): (() => void) | undefined {
  if (!stop) return undefined;
  return () => {
    if (Atomics.load(stop, 0) !== 0) throw new Error('the computation was stopped');
  };
}

export interface ViewResult {
  board: Leaderboard;
  meta: ViewMeta;
  /** Why the view was read whole though it could have been read on (for the server's log), if it was. */
  note?: string;
  /** What the thread keeps now, over all views. */
  held: { views: number; matches: number };
  /** The threads the bootstrap's rounds ran on (1 or 2). */
  threads: number;
  /**
   * Where the time went, in ms: waiting for the view's turn, reading Postgres, summing the new matches (the index and
   * TrueSkill/Elo), the bootstrap's rounds, the rest of the board.
   */
  timing: { wait: number; read: number; sum: number; rounds: number; board: number };
}

interface ViewState {
  /** The view as read; its `matches` are the index's (appended to in place, in the view's turn). */
  data: LeaderboardData;
  index: MatchIndex;
  online: OnlineRatings;
  /** The options the online ratings were made with (a change starts the view afresh). */
  onlineKey: string;
  /** When it was last read whole. */
  fullAt: number;
}
let views: ViewStore<ViewState> | null = null;
const clients = new Map<string, Db>();

/** What the online ratings depend on in the options. */
function onlineOptions(opts: Pick<LeaderboardOptions, 'eloK' | 'trueSkill' | 'normalizedBy'>) {
  const trueSkillGames = Object.entries(opts.normalizedBy ?? {})
    .filter(([, by]) => by === 'trueskill')
    .map(([g]) => g)
    .sort();
  return { eloK: opts.eloK, trueSkill: opts.trueSkill, trueSkillGames };
}

/** The view's state brought up to date: the matches since its last read appended when that is exact, else read whole. */
async function update(
  db: Db,
  live: LiveView,
  opts: ViewOptions,
  prev: ViewState | undefined,
  timing: ViewResult['timing'],
): Promise<{ state: ViewState; note?: string }> {
  let note: string | undefined;
  let t = performance.now();
  const lap = (what: 'read' | 'sum') => {
    const now = performance.now();
    timing[what] += now - t;
    t = now;
  };
  if (live.incremental && prev?.data.watermark && Date.now() - prev.fullAt < live.fullEveryMs) {
    const since = await loadLeaderboardSince(db, live.query, prev.data.watermark, prev.data);
    lap('read');
    if (!since)
      note = 'leaderboard: matches changed before the last one read (late, deleted or unrated); reading the view whole';
    else if (!prev.index.follows(since.matches))
      note =
        'leaderboard: the matches read since do not all sort after the last one (end time, then id); reading the view whole';
    else if (JSON.stringify(onlineOptions({ ...opts, normalizedBy: since.normalizedBy })) === prev.onlineKey) {
      await prev.online.append(since.matches);
      prev.index.append(since.matches);
      lap('sum');
      return { state: { ...prev, data: { ...since, matches: prev.index.matches } } };
    }
  }
  const data = await loadLeaderboardData(db, live.query);
  lap('read');
  const index = MatchIndex.of(data.matches);
  const oo = onlineOptions({ ...opts, normalizedBy: data.normalizedBy });
  const online = new OnlineRatings(oo);
  await online.append(data.matches);
  lap('sum');
  return {
    state: {
      data: { ...data, matches: index.matches },
      index,
      online,
      onlineKey: JSON.stringify(oo),
      fullAt: Date.now(),
    },
    ...(note ? { note } : {}),
  };
}

async function computeLive(live: LiveView, opts: ViewOptions, stop?: Int32Array): Promise<ViewResult> {
  const checkpoint = checkpointOf(stop);
  let db = clients.get(live.url);
  if (!db) clients.set(live.url, (db = createDb(live.url, 3)));
  views ??= new ViewStore(live.maxHeldMatches ?? MAX_HELD_MATCHES);
  let result: Omit<ViewResult, 'held'> | undefined;
  let failed: unknown;
  const asked = performance.now();
  // Computed in the view's turn: its index changes in place when the next read appends to it.
  await views.use(live.key, async (prev) => {
    const timing = { wait: performance.now() - asked, read: 0, sum: 0, rounds: 0, board: 0 };
    if (prev && stop && Atomics.load(stop, 0) !== 0) {
      // Stopped while it waited for its turn: the view is kept as it was.
      failed = new Error('the computation was stopped');
      return prev;
    }
    const { state, note } = await update(db, live, opts, prev, timing);
    try {
      checkpoint?.();
      const { data, index } = state;
      const started = performance.now();
      const anchorId = anchorAgent(data, index.played)?.id ?? null;
      let threads = 1;
      const rounds = async (d: BootstrapData, count: number) => {
        const t = performance.now();
        const split = d.draws * count >= (live.splitRoundsAbove ?? SPLIT_ROUNDS_ABOVE) && count >= 2;
        if (split) threads = 2;
        const samples = split ? await splitRounds(d, count, stop) : runRounds(d, 0, count, checkpoint);
        timing.rounds = performance.now() - t;
        return samples;
      };
      const board =
        index.matches.length === 0
          ? emptyBoard(opts)
          : await leaderboardOf(
              index,
              {
                ...opts,
                anchorAgentId: anchorId ?? undefined,
                normalizedBy: data.normalizedBy,
                online: state.online.snapshot(),
                checkpoint,
              },
              { rounds },
            );
      timing.board = performance.now() - started - timing.rounds;
      result = { board, meta: metaOf(data, anchorId), threads, timing, ...(note ? { note } : {}) };
    } catch (err) {
      // The board was stopped (or failed) after the view was read: the view read is kept, the next computation goes on
      // from it rather than reading it whole again.
      failed = err;
    }
    return state;
  });
  if (failed !== undefined) throw failed;
  return { ...result!, held: views.stats() };
}

/** The second thread for the bootstrap's rounds, started on first use. */
let helper: Worker | null = null;
let nextJob = 1;
const jobs = new Map<number, { resolve(samples: Float64Array): void; reject(err: Error): void }>();

function roundsHelper(): Worker {
  if (helper) return helper;
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const w = new Worker(new URL('./rounds-worker.ts', import.meta.url), { execArgv: ['--import', tsxLoader] });
  const fail = (err: Error) => {
    for (const j of jobs.values()) j.reject(err);
    jobs.clear();
    if (helper === w) helper = null;
  };
  w.on('message', (msg: { id: number; samples?: Float64Array; error?: string }) => {
    const j = jobs.get(msg.id);
    jobs.delete(msg.id);
    if (msg.samples) j?.resolve(msg.samples);
    else j?.reject(new Error(msg.error ?? 'rounds worker: no samples'));
  });
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`rounds worker exited with code ${code}`)));
  w.unref();
  return (helper = w);
}

/**
 * Rounds 0 .. rounds − 1: the first half on the second thread, the second half here at the same time. Should the
 * second thread fail, its half is run here: the same numbers, later.
 */
async function splitRounds(data: BootstrapData, rounds: number, stop?: Int32Array): Promise<Float64Array> {
  const half = rounds >> 1;
  const id = nextJob++;
  const checkpoint = checkpointOf(stop);
  const away = new Promise<Float64Array>((resolve, reject) => {
    jobs.set(id, { resolve, reject });
    roundsHelper().postMessage({ id, data, from: 0, to: half, stop } satisfies RoundsJob);
  });
  away.catch(() => {});
  const here = runRounds(data, half, rounds, checkpoint); // stopped: the second thread sees the same flag
  const first = await away.catch(() => runRounds(data, 0, half, checkpoint));
  const out = new Float64Array(rounds * data.agents.length);
  out.set(first, 0);
  out.set(here, first.length);
  return out;
}

/** The board of a view without a match. */
export function emptyBoard(opts: Pick<LeaderboardOptions, 'scheme'>): Leaderboard {
  return {
    rows: [],
    pairwise: [],
    cooperative: [],
    cooperativeMixed: [],
    normalized: [],
    robust: { leaveOneOut: { games: [], agents: [] }, factor: null },
    scheme: opts.scheme ?? 'plain',
    rounds: 0,
    interval: 0.95,
    groups: 0,
  };
}

parentPort?.on('message', async (req: ComputeRequest) => {
  try {
    if ('close' in req) {
      // The arena stops: its connections are closed properly rather than cut when the thread is terminated.
      await Promise.all([...clients.values()].map((db) => db.$disconnect()));
      clients.clear();
      await helper?.terminate();
      helper = null;
      parentPort!.postMessage({ id: req.id, result: null });
      return;
    }
    if (req.warm) {
      await import('ts-trueskill');
      parentPort!.postMessage({ id: req.id, result: null });
      return;
    }
    const result = req.live
      ? await computeLive(req.live, req.opts, req.stop)
      : await computeLeaderboard(req.matches!, { ...req.opts, checkpoint: checkpointOf(req.stop) });
    parentPort!.postMessage({ id: req.id, result });
  } catch (err) {
    parentPort!.postMessage({ id: req.id, error: (err as Error).message });
  }
});
