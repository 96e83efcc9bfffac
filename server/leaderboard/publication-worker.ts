// Worker thread of one publication run (server/leaderboard/publication-service.ts): reads the view's matches from
// Postgres (decoding a million rows on the web process would block it for seconds), says what it will fit, waits for
// the run to be stored, then the bootstrap of GameBench's Eq. 3, B rounds in chunks, reporting the rounds done after
// each chunk. Round b depends only on (data, b), so the chunking changes nothing in the result. A thread of its own:
// the leaderboard's worker and the web process's event loop stay free.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { createDb } from '../../lib/db/client';
import type { RulesChoice } from '../../lib/leaderboard-contract';
import {
  prepareBootstrap,
  runRounds,
  summarise,
  type BootstrapOptions,
  type BootstrapResult,
} from '../../lib/rating/bootstrap';
import { isRated } from '../../lib/rating/comparisons';
import type { RatedMatch } from '../../lib/rating/types';
import { anchorAgent, loadLeaderboardData, type AgentInfo, type LiveQuery } from './data';
import type { RulesFilter } from '../../lib/db/rules';

/** The bootstrap's options; the anchor is the view's (chosen from the data read, unless given). */
export type PublicationOpts = BootstrapOptions & { rounds: number };

/** A view to read from Postgres (the server), or matches given (benchmarks). */
export type PublicationJob =
  | {
      read: { url: string; query: LiveQuery };
      opts: PublicationOpts;
      matches?: undefined;
    }
  | { matches: RatedMatch[]; opts: PublicationOpts; read?: undefined };

/** What the run will fit, once its data is read: the server stores it with the run (or refuses a view with nothing). */
export interface Prepared {
  /** Rated competitive matches fitted. */
  matchesUsed: number;
  /** The finished rated matches of these games when the data was read. */
  finishedCount: number;
  anchorAgentId: string | null;
  agents: AgentInfo[];
  /** The rules read (loadRules; absent for matches given, not read). */
  rules?: { filter: RulesFilter; rules: RulesChoice[] };
}

/** From the server, after `prepared`: compute (the run is stored). Else the server terminates the thread. */
export type PublicationGo = { type: 'go' };

export type PublicationMessage =
  | ({ type: 'prepared' } & Prepared)
  | { type: 'progress'; done: number }
  | { type: 'done'; result: BootstrapResult }
  | { type: 'error'; message: string };

/** The job's rated matches and what the server stores about them. */
async function prepare(
  job: PublicationJob,
): Promise<{ matches: RatedMatch[]; prepared: Prepared; opts: PublicationOpts }> {
  if (!job.read) {
    const matches = job.matches.filter((m) => isRated(m));
    return {
      matches,
      opts: job.opts,
      prepared: {
        matchesUsed: matches.length,
        finishedCount: job.matches.length,
        anchorAgentId: job.opts.anchorAgentId ?? null,
        agents: [],
      },
    };
  }
  const db = createDb(job.read.url, 2);
  try {
    const data = await loadLeaderboardData(db, job.read.query);
    const matches = data.matches.filter((m) => isRated(m));
    const anchorAgentId = job.opts.anchorAgentId ?? anchorAgent(data)?.id ?? null;
    return {
      matches,
      opts: { ...job.opts, anchorAgentId: anchorAgentId ?? undefined },
      prepared: {
        matchesUsed: matches.length,
        finishedCount: data.finishedCount,
        anchorAgentId,
        agents: data.agents,
        rules: { filter: data.filter, rules: data.rules },
      },
    };
  } finally {
    await db.$disconnect().catch(() => {});
  }
}

/** Runs the bootstrap, calling `progress` after each chunk (about 100 chunks per run). */
export function runPublicationJob(
  matches: readonly RatedMatch[],
  opts: PublicationOpts,
  progress: (done: number) => void,
): BootstrapResult {
  const data = prepareBootstrap(matches, opts);
  const n = data.agents.length;
  const rounds = opts.rounds;
  const samples = new Float64Array(rounds * n);
  const chunk = Math.max(1, Math.min(250, Math.ceil(rounds / 100)));
  for (let from = 0; from < rounds; from += chunk) {
    const to = Math.min(rounds, from + chunk);
    samples.set(runRounds(data, from, to), from * n);
    progress(to);
  }
  return summarise(data, samples, opts);
}

/**
 * Lowest CPU priority for this thread only, so that the web process's event loop and the leaderboard's worker come
 * first on a busy machine: on Linux the nice value is per thread, and /proc/thread-self names this thread's id.
 * Elsewhere it stays as it is.
 */
function yieldToTheSite(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 19);
  } catch {
    // not Linux, or not allowed: the run keeps the default priority
  }
}

const post = (m: PublicationMessage) => parentPort!.postMessage(m);

parentPort?.once('message', (job: PublicationJob) => {
  yieldToTheSite();
  void prepare(job)
    .then(({ matches, prepared, opts }) => {
      post({ type: 'prepared', ...prepared });
      // The server stores the run, then says go; a view with nothing to rate, or a run another request won, ends here.
      parentPort!.once('message', (_go: PublicationGo) => {
        try {
          post({ type: 'done', result: runPublicationJob(matches, opts, (done) => post({ type: 'progress', done })) });
        } catch (err) {
          post({ type: 'error', message: (err as Error).message });
        }
      });
    })
    .catch((err: Error) => post({ type: 'error', message: err.message }));
});
