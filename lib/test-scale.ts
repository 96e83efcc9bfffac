// How much of the long seeded tests a run does (conformance playouts, the generator's million seeds, deal searches):
// ARENA_TEST_SCALE times their full counts. Tests only: the code under test never reads it.

/**
 * The default: a fifth of every full count, what `npm test` (and CI, which runs it) does in a few minutes on two
 * cores. Every game is still played out, from the same first seeds in every run; ARENA_TEST_SCALE=1 runs the full
 * counts (about five times the seeded playouts, a few minutes more), higher values more.
 */
export const DEFAULT_TEST_SCALE = 0.2;

/** ARENA_TEST_SCALE read from `env`: a number above 0 (1 = the full counts), or the default when unset. */
export function testScale(env: Record<string, string | undefined> = process.env): number {
  const raw = env.ARENA_TEST_SCALE?.trim();
  if (!raw) return DEFAULT_TEST_SCALE;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(
      `ARENA_TEST_SCALE must be a number above 0 (1 runs the seeded tests in full, 0.2 a fifth of them), not ${JSON.stringify(raw)}`,
    );
  return n;
}

/** `full` scaled by ARENA_TEST_SCALE, rounded, and never below `min` (a test that still means something). */
export function scaled(full: number, min = 1): number {
  return Math.max(min, Math.round(full * testScale()));
}

/**
 * The safety net of a test that computes for long (seconds on an idle core, scaled by ARENA_TEST_SCALE): far above its
 * time even when the run's other work leaves it a tenth of a core (`npm test` runs Vitest at a lower priority beside
 * the flows), where the run's 120 s would make its pass depend on the machine's load.
 */
export const LONG_COMPUTATION_TIMEOUT_MS = 600_000;

/**
 * The safety net of a wait on other processes' work (a spawned worker playing a tournament, a restarted Postgres
 * coming back): far above its time on a machine busy with another build, where a minute or two is not (one such wait
 * of 120 s ran out in a run beside a build). The tests that wait this long set their own timeout above it.
 */
export const LONG_WAIT_MS = 600_000;
