import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOTS = ['lib', 'games', 'server', 'app', 'components'];

/**
 * The test files that use Postgres: those whose source names the test database helper, the embedded cluster or the
 * test run's Postgres URL. Read from the files themselves, so a file moved, renamed or new is placed by what it does.
 * A file that reaches Postgres some other way (through a helper of its own) runs with the unit tests, where
 * createTestDb refuses at once, saying why.
 */
function databaseTests(): string[] {
  const usesPostgres = /\b(createTestDb|startEmbeddedPostgres|ARENA_TEST_PG_URL)\b/;
  return ROOTS.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.test\.tsx?$/.test(f) && !f.split('/').includes('node_modules'))
      .map((f) => `${root}/${f}`)
      .filter((f) => usesPostgres.test(readFileSync(f, 'utf8'))),
  );
}
/** A path as a glob that matches only itself (app/ has folders like "(lobby)"). */
const literal = (file: string) => file.replace(/[()[\]{}*?!+@]/g, '\\$&');
const dbTests = databaseTests().map(literal);

/**
 * The files that take longest on a clean clone, longest first: most of their time is waiting (for a killed worker's
 * jobs to be taken for lost, a Postgres restart, child processes) or the full seeded playouts CI runs. Started first,
 * they overlap everything else; Vitest's own order on a clean clone (no durations cached yet: the largest files first,
 * one project after the other) started them last, and the run waited on them at its end. lib/test-order.test.ts checks
 * that each still exists.
 */
export const SLOW_FIRST = [
  'server/pg-restart.test.ts',
  'server/crash.test.ts',
  'games/conformance.test.ts',
  'server/scheduler/tournaments.test.ts',
  'lib/engine/rng.test.ts',
  'server/leaderboard/dataset-limits.test.ts',
  'server/rooms/hub.test.ts',
  'server/cli.test.ts',
  'server/leaderboard/service-incremental.test.ts',
  'server/db/embedded.test.ts',
  'server/preflight.test.ts',
  // These two start the production server: under `npm test` they wait for the build running beside Vitest
  // (server/test-build.ts), which has ended by the time they come.
  'server/multi-process.test.ts',
  'server/main.test.ts',
];

/** Vitest's order, with SLOW_FIRST's files moved to the front in that order. */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((p) => f.moduleId.endsWith(`/${p}`));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('.', import.meta.url)),
      // Server-only modules (lib/db/…) are tested in Node as the server runs them, not in a client bundle.
      'server-only': fileURLToPath(new URL('./node_modules/server-only/empty.js', import.meta.url)),
    },
  },
  test: {
    // Safety nets far above any file's expected time, never a measure of speed: a test that waits on something
    // that never comes fails here instead of hanging the run.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll's own default is 1 s: too short for a socket event or a worker's write on a machine busy with the
    // linters and the build beside Vitest. A poll that names its own timeout keeps it.
    expect: { poll: { timeout: 60_000 } },
    pool: 'forks',
    sequence: { sequencer: SlowFirst },
    // Three files at a time, whatever the machine (Vitest's default is one fewer than the cores: one, on 2 cores). The
    // files wait on child processes, Postgres, restarts and simulated endpoints more than they compute (the slowest,
    // server/crash.test.ts and server/pg-restart.test.ts, mostly wait for a killed worker's jobs to be taken for lost),
    // so a third file fills the time two leave idle. Both projects share these workers. `npm test` runs Vitest beside
    // the Chromium flows, at a lower priority (package.json): the flows mostly wait, and take the CPU first when they
    // need it.
    maxWorkers: 3,
    // Each project lists its own files (a list given here would be added to theirs).
    projects: [
      {
        // Pure tests: no Postgres is started for them (`npx vitest run --project unit`).
        extends: true,
        test: {
          name: 'unit',
          include: [`{${ROOTS.join(',')}}/**/*.test.{ts,tsx}`],
          exclude: ['**/node_modules/**', ...dbTests],
          // A unit test has no database, even when the db project's Postgres runs in the same run.
          env: { ARENA_TEST_PG_URL: '' },
          // The files of a worker share its module cache instead of importing everything again (the games, React…):
          // ~50 s less on two cores. They leave no state behind (mocks restored, timers real again, env put back):
          // the project passes with its files shuffled (--sequence.shuffle.files).
          isolate: false,
        },
      },
      {
        // Tests on a real Postgres: the global setup starts one embedded cluster for the run, each file makes its
        // own database (server/db/test-db.ts). `npx vitest run --project db`. Each file runs in a process of its own:
        // they set environment variables for the servers and CLIs they start, mock modules, and leave writes in
        // flight to databases they drop; sharing a worker's module cache (~17 s less) failed 13 tests in CI that way.
        extends: true,
        test: {
          name: 'db',
          include: dbTests,
          globalSetup: ['./server/db/test-global-setup.ts'],
        },
      },
    ],
  },
});
