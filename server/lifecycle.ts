// How the server process stops: on SIGINT and SIGTERM, or an uncaught exception (a bug: reported, exit 1), everything
// started is stopped, last first, then the process exits; a stop that hangs does not keep it alive.
import { logger } from './log';

/** How the process stops: what each step started is stopped, last first; some want to hear it first. */
export interface Lifecycle {
  /** Stopped when the arena stops, in the reverse order of starting. */
  onStop(stop: () => Promise<unknown>): void;
  /** Told first when the arena stops (Ctrl-C reaches Postgres at once): background work stops starting, and its errors are expected. */
  onStopping(f: () => void): void;
  /** Stops everything started, then exits with `code` (once: later calls do nothing). */
  shutdown(code: number): Promise<void>;
}

/**
 * How long a clean stop may take before the process exits anyway: a stop that waits on something that never answers
 * would otherwise keep the process alive for ever, ignoring every further SIGTERM (a `stopping` flag makes later
 * signals no-ops).
 */
export const STOP_DEADLINE_MS = 20_000;

export interface LifecycleOptions {
  log: (m: string) => void;
  /** Default STOP_DEADLINE_MS. */
  deadlineMs?: number;
  /** Default process.exit; tests pass their own. */
  exit?: (code: number) => void;
  /** Where signals and uncaught exceptions are heard (default: process; tests pass an emitter). */
  events?: Pick<NodeJS.Process, 'on'>;
}

/** Installs the handlers; `onStop` and `onStopping` register what to stop. */
export function lifecycle(opts: LifecycleOptions): Lifecycle {
  const { log, deadlineMs = STOP_DEADLINE_MS, exit = (code) => process.exit(code), events = process } = opts;
  const stops: (() => Promise<unknown>)[] = [];
  const onStopping: (() => void)[] = [];
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      logger.error(`stopping took over ${deadlineMs / 1000} s (something it waits on does not answer): exiting now`);
      exit(code || 1);
    }, deadlineMs).unref();
    for (const f of onStopping) f();
    log('stopping…');
    for (const stop of stops.reverse())
      await stop().catch((err) => logger.error(`while stopping: ${(err as Error).message}`));
    exit(code);
  };
  // (A second signal does not cut the stop short: `npm start` forwards Ctrl-C's SIGINT, which the terminal also sends,
  // so one Ctrl-C arrives twice.)
  events.on('SIGINT', () => void shutdown(0));
  events.on('SIGTERM', () => void shutdown(0));
  // Ctrl-C reaches the embedded Postgres too (same process group): while stopping, connections it cuts
  // (57P01) are expected. Anything else uncaught is a bug: report it and stop cleanly.
  events.on('uncaughtException', (err: Error) => {
    if (stopping && (err as { code?: string }).code === '57P01') return;
    logger.fatal(`uncaught exception: ${err?.message ?? String(err)}`, { err });
    void shutdown(1);
  });
  return { onStop: (stop) => void stops.push(stop), onStopping: (f) => void onStopping.push(f), shutdown };
}
