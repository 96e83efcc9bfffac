// End-to-end tests in real Chromium against the real server (own Postgres, simulated LLM endpoint, demo tournament).
import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// A second run side by side (another port set, another data folder: E2E_PORT, E2E_PG_PORT, E2E_SIM_PORT, E2E_DATA_DIR).
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.arena/e2e';
// Debian's headless shell (what Playwright runs headless with its own builds; on this 2-core machine a third less
// browser CPU than the full chromium's new headless mode, which the flows are bound by), else Debian's chromium;
// Playwright's own build when neither is installed.
const systemChromium = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => existsSync(p),
);

/** The specs: the flows in e2e/, and each game's own beside its code (games/<id>/*.spec.ts). */
const SPEC = /\/(e2e|games\/[^/]+)\/[^/]+\.spec\.ts$/;

export default defineConfig({
  // The flows in e2e/ (with their shared helpers) and the games' own specs in games/<id>/.
  testDir: '.',
  // Spectators first, while the demo tournament still plays (a live match to watch) and only demo agents are
  // rated; then the demo's round robin is paused, and the admin flow adds agents and tournaments of its own, and the
  // games' flows run theirs.
  //
  // The flows mostly wait (for simulated replies, matches, recomputes): alone they take ~400 s on 0.7 of a core. The
  // many flows of the last step but one run two at a time; the first three steps, and the flows that change arena-wide
  // settings (the last step), one at a time.
  projects: [
    { name: 'watch', testMatch: /\/e2e\/watch-match\.spec\.ts$/, workers: 1 },
    // The readers' flows over the demo's ratings (the leaderboard, LLMArena's metrics) while its round robin plays.
    {
      name: 'leaderboard',
      testMatch: /\/e2e\/(leaderboard|metrics)\.spec\.ts$/,
      dependencies: ['watch'],
      workers: 1,
    },
    // Then the demo's round robin is paused (e2e/quiet-demo.spec.ts says why): the rest run their own tournaments.
    { name: 'quiet demo', testMatch: /\/e2e\/quiet-demo\.spec\.ts$/, dependencies: ['leaderboard'], workers: 1 },
    {
      name: 'admin and the rest',
      testMatch: SPEC,
      testIgnore: /\/e2e\/(leaderboard|metrics|watch-match|quiet-demo|global-settings)\.spec\.ts$/,
      dependencies: ['quiet demo'],
    },
    {
      name: 'arena-wide settings',
      testMatch: /\/e2e\/global-settings\.spec\.ts$/,
      dependencies: ['admin and the rest'],
      workers: 1,
    },
  ],
  timeout: 120_000,
  expect: { timeout: 30_000 },
  // Two files at a time where a project allows it (its tests in order, one file per worker).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: `${DATA_DIR}-results`,
  use: {
    baseURL: `http://localhost:${PORT}`,
    // No trace by default: recording one (kept only on failure, but recorded for every flow) streams screenshots of
    // every page change to the runner, CPU the flows are bound by. To debug a flow: `npx playwright test --trace on`.
    trace: 'off',
    // The pages honour "reduce motion" (app/globals.css): no pulsing dot or spinner to composite 60 times a second, a
    // CPU cost the flows (bound by CPU on 2 cores) do not need. e2e/watch-match.spec.ts checks both ways.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? systemChromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // A fresh data folder each run: its own embedded Postgres, migrations, demo agents and tournament.
    command: `rm -rf ${DATA_DIR} && tsx server/main.ts`,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGINT', timeout: 15_000 },
    env: {
      PORT: String(PORT),
      ARENA_DATA_DIR: DATA_DIR,
      // Below the ephemeral range (32768–60999 on Linux), where the unit tests running beside the flows (`npm test`)
      // take their free ports: no test can take this one first.
      ARENA_PG_PORT: String(Number(process.env.E2E_PG_PORT ?? 3198)),
      ARENA_SIM_LATENCY_MS: '150-400',
      ARENA_CONCURRENCY: '8',
      // The admin flow signs in with this password and registers the simulated endpoint at this port as a provider.
      ARENA_ADMIN_PASSWORD: 'e2e-admin-password',
      ARENA_SIM_PORT: String(Number(process.env.E2E_SIM_PORT ?? 3199)),
      NEXT_TELEMETRY_DISABLED: '1',
      // Responses uncompressed: gzip costs the server CPU the flows on two cores are bound by, and proves nothing here.
      ARENA_COMPRESS: '0',
      // The small hidden-information test game, for the frame-recording leak test.
      ARENA_TEST_GAMES: '1',
      // Every spec signs in and creates guests from this one address: the rate limits (tested in lib/db/entry.test.ts)
      // are raised so the flows are not refused.
      ARENA_RATE_LIMIT_FACTOR: '20',
      // The flows check that a match they just played shows on the leaderboard at once (the rate limit of recomputes,
      // 5 s by default, is tested in server/leaderboard/service-incremental.test.ts).
      ARENA_LEADERBOARD_MIN_SECONDS: '0',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
