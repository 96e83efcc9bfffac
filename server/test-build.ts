// The production build the tests that start the real server need (server/main.test.ts, server/multi-process.test.ts).
// `npm test` builds beside Vitest (scripts/build-for-tests.mjs) and says so with ARENA_TEST_AWAIT_BUILD=1: these tests
// then wait for the build's marker. Run alone, they need a build made before (`next build`), and say so at once.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LONG_WAIT_MS } from '../lib/test-scale';

const repo = path.resolve(import.meta.dirname, '..');

/**
 * Resolves when the production build of `root` (the repository) is ready; throws, saying what to do, when there is
 * none or it failed.
 */
export async function productionBuild(
  env: Record<string, string | undefined> = process.env,
  root = repo,
): Promise<void> {
  // Written by scripts/build-for-tests.mjs when its `next build` ends: `ok` or `failed`.
  const MARKER = path.join(root, '.next/arena-test-build');
  if (env.ARENA_TEST_AWAIT_BUILD !== '1') {
    if (!existsSync(path.join(root, '.next/BUILD_ID')))
      throw new Error('no production build: run `next build` first (`npm test` does)');
    return;
  }
  const until = Date.now() + LONG_WAIT_MS;
  for (;;) {
    const state = existsSync(MARKER) ? readFileSync(MARKER, 'utf8').trim() : null;
    if (state === 'ok') return;
    if (state === 'failed') throw new Error('the production build beside the tests failed (see its output above)');
    if (Date.now() > until)
      throw new Error(`the production build beside the tests did not end within ${LONG_WAIT_MS / 1000} s`);
    await sleep(1000);
  }
}
