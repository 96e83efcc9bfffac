// Worker thread: computes leaderboards off the server's event loop (bootstrap, TrueSkill, Elo are CPU work), keeping
// per view the matches it has and TrueSkill/Elo after the last of them, so a recompute receives and replays only new ones.
import { parentPort } from 'node:worker_threads';
import { computeLeaderboard, OnlineRatings, type LeaderboardOptions } from '../../lib/rating';
import type { RatedMatch } from '../../lib/rating/types';

export interface ComputeRequest {
  id: number;
  matches: RatedMatch[];
  opts: LeaderboardOptions;
  /** Only load what the first computation would (TrueSkill's mathjs takes ~0.6 s): the start-up warm-up. */
  warm?: boolean;
  /**
   * Keep this view's matches and online ratings here: `base` −1 = `matches` are all of them (start the view afresh);
   * otherwise `matches` follow the `base` matches this thread already holds for the view (else STATE_MISSING).
   */
  view?: { key: string; base: number };
}

/** The error message when the thread does not hold what an incremental request builds on (restarted, or evicted). */
export const STATE_MISSING = 'leaderboard-worker: view state missing';

interface ViewState {
  matches: RatedMatch[];
  online: OnlineRatings;
  /** The options the online ratings were made with (a change starts the view afresh). */
  onlineKey: string;
}
const views = new Map<string, ViewState>();

/** What the online ratings depend on in the options. */
function onlineOptions(opts: LeaderboardOptions) {
  const trueSkillGames = Object.entries(opts.normalizedBy ?? {})
    .filter(([, by]) => by === 'trueskill')
    .map(([g]) => g)
    .sort();
  return { eloK: opts.eloK, trueSkill: opts.trueSkill, trueSkillGames };
}

async function computeView(req: ComputeRequest & { view: { key: string; base: number } }) {
  const { key, base } = req.view;
  const oo = onlineOptions(req.opts);
  const onlineKey = JSON.stringify(oo);
  let state = views.get(key);
  if (base === -1) {
    views.delete(key);
    state = { matches: [], online: new OnlineRatings(oo), onlineKey };
  } else if (!state || state.matches.length !== base || state.onlineKey !== onlineKey) {
    throw new Error(STATE_MISSING);
  }
  views.delete(key); // put back only once the matches are applied: a failure leaves no half-updated state
  await state.online.append(req.matches);
  const matches = base === -1 ? req.matches : state.matches.concat(req.matches);
  const next: ViewState = { ...state, matches };
  views.set(key, next);
  return computeLeaderboard(matches, { ...req.opts, online: next.online.snapshot() });
}

parentPort?.on('message', async (req: ComputeRequest) => {
  try {
    if (req.warm) {
      await import('ts-trueskill');
      parentPort!.postMessage({ id: req.id, board: null });
      return;
    }
    const board = req.view ? await computeView(req as ComputeRequest & { view: { key: string; base: number } }) : await computeLeaderboard(req.matches, req.opts);
    parentPort!.postMessage({ id: req.id, board });
  } catch (err) {
    parentPort!.postMessage({ id: req.id, error: (err as Error).message });
  }
});
