// Worker thread: reads and computes leaderboards off the server's event loop. A live view is read from Postgres here
// (decoding a million rows would block the server for seconds) and kept here, with TrueSkill/Elo after its last match,
// so a recompute reads and replays only the matches finished since; the server receives the board and what the page
// needs, never the matches. Imported datasets and benchmarks send their matches instead.
import { parentPort } from 'node:worker_threads';
import { createDb, type Db } from '../../lib/db';
import type { LeaderboardQuery } from '../../lib/leaderboard';
import { computeLeaderboard, OnlineRatings, type Leaderboard, type LeaderboardOptions, type OnlineSnapshot } from '../../lib/rating';
import type { RatedMatch } from '../../lib/rating/types';
import { anchorAgent, loadLeaderboardData, loadLeaderboardSince, metaOf, type LeaderboardData, type ViewMeta } from './data';
import { MAX_HELD_MATCHES, ViewStore } from './view-store';

/** The options a view computes with; the anchor and LLMArena's metrics come from its data. */
export type ViewOptions = Omit<LeaderboardOptions, 'anchorAgentId' | 'normalizedBy' | 'online'>;

export interface LiveView {
  /** The key of the view's matches (one state per key: views of the same matches share it, `liveKeyOf`). */
  key: string;
  /** The database to read (this thread keeps one client per URL). */
  url: string;
  query: Pick<LeaderboardQuery, 'game' | 'category' | 'humans'>;
  /** Read only the matches since the last read when that is exact (else, and at least every `fullEveryMs`, whole). */
  incremental: boolean;
  fullEveryMs: number;
  /** The budget of matches the thread keeps over all views (default MAX_HELD_MATCHES; tests set less). */
  maxHeldMatches?: number;
}

export type ComputeRequest =
  | { id: number; matches: RatedMatch[]; opts: LeaderboardOptions; warm?: undefined; live?: undefined }
  | { id: number; warm: true; matches?: undefined; live?: undefined }
  | { id: number; close: true; warm?: undefined; matches?: undefined; live?: undefined }
  | { id: number; live: LiveView; opts: ViewOptions; warm?: undefined; matches?: undefined };

export interface ViewResult {
  board: Leaderboard;
  meta: ViewMeta;
  /** Why the view was read whole though it could have been read on (for the server's log), if it was. */
  note?: string;
  /** What the thread keeps now, over all views. */
  held: { views: number; matches: number };
}

interface ViewState {
  data: LeaderboardData;
  online: OnlineRatings;
  /** The ratings after the view's last match (a copy: taken in the view's turn, for the computation after it). */
  ratings: OnlineSnapshot;
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

async function computeLive(live: LiveView, opts: ViewOptions): Promise<ViewResult> {
  let db = clients.get(live.url);
  if (!db) clients.set(live.url, (db = createDb(live.url, 3)));
  views ??= new ViewStore(live.maxHeldMatches ?? MAX_HELD_MATCHES);
  let note: string | undefined;
  const state = await views.use(live.key, async (prev) => {
    if (live.incremental && prev?.data.watermark && Date.now() - prev.fullAt < live.fullEveryMs) {
      const since = await loadLeaderboardSince(db, live.query, prev.data.watermark);
      if (since) {
        const onlineKey = JSON.stringify(onlineOptions({ ...opts, normalizedBy: since.normalizedBy }));
        if (onlineKey === prev.onlineKey) {
          await prev.online.append(since.matches);
          return { ...prev, data: { ...since, matches: prev.data.matches.concat(since.matches) }, ratings: prev.online.snapshot() };
        }
      } else note = 'leaderboard: matches changed before the last one read (late, deleted or unrated); reading the view whole';
    }
    const data = await loadLeaderboardData(db, live.query);
    const oo = onlineOptions({ ...opts, normalizedBy: data.normalizedBy });
    const online = new OnlineRatings(oo);
    await online.append(data.matches);
    return { data, online, ratings: online.snapshot(), onlineKey: JSON.stringify(oo), fullAt: Date.now() };
  });
  // Computed outside the view's turn: a view's matches are never changed in place, and its ratings are a copy.
  const { data } = state;
  const anchorId = anchorAgent(data)?.id ?? null;
  const board = data.matches.length === 0 ? emptyBoard(opts) : await computeLeaderboard(data.matches, { ...opts, anchorAgentId: anchorId ?? undefined, normalizedBy: data.normalizedBy, online: state.ratings });
  return { board, meta: metaOf(data, anchorId), held: views.stats(), ...(note ? { note } : {}) };
}

/** The board of a view without a match. */
export function emptyBoard(opts: Pick<LeaderboardOptions, 'scheme'>): Leaderboard {
  return { rows: [], pairwise: [], cooperative: [], cooperativeMixed: [], normalized: [], robust: { leaveOneOut: { games: [], agents: [] }, factor: null }, scheme: opts.scheme ?? 'plain', rounds: 0, interval: 0.95, groups: 0 };
}

parentPort?.on('message', async (req: ComputeRequest) => {
  try {
    if ('close' in req) {
      // The arena stops: its connections are closed properly rather than cut when the thread is terminated.
      await Promise.all([...clients.values()].map((db) => db.$disconnect()));
      clients.clear();
      parentPort!.postMessage({ id: req.id, result: null });
      return;
    }
    if (req.warm) {
      await import('ts-trueskill');
      parentPort!.postMessage({ id: req.id, result: null });
      return;
    }
    const result = req.live ? await computeLive(req.live, req.opts) : await computeLeaderboard(req.matches!, req.opts);
    parentPort!.postMessage({ id: req.id, result });
  } catch (err) {
    parentPort!.postMessage({ id: req.id, error: (err as Error).message });
  }
});
