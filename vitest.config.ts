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
  },
});
