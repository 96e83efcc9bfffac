import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('.', import.meta.url)),
      // Server-only modules (lib/queries.ts…) are tested in Node as the server runs them, not in a client bundle.
      'server-only': fileURLToPath(new URL('./node_modules/server-only/empty.js', import.meta.url)),
    },
  },
  test: {
    include: ['{lib,games,server,app,components}/**/*.test.{ts,tsx}'],
    exclude: ['e2e/**', 'node_modules/**'],
    globalSetup: ['./server/db/test-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time, whatever the machine (Vitest's default is one fewer than the cores: one, on 2 cores). The
    // files wait on child processes, Postgres and simulated endpoints more than they compute: on a 2-core machine the
    // suite took 391 s two at a time (user CPU 538 s), where CI's last run one at a time took 649 s.
    maxWorkers: 2,
  },
});
