// The wait for `npm test`'s build beside Vitest (server/test-build.ts), on a folder of its own.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import { productionBuild } from './test-build';

async function folder(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'arena-build-'));
  onTestFinished(() => rm(root, { recursive: true, force: true }));
  await mkdir(path.join(root, '.next'));
  return root;
}

describe('productionBuild', () => {
  it('run alone, needs a build made before and says so at once', async () => {
    const root = await folder();
    await expect(productionBuild({}, root)).rejects.toThrow(/no production build: run `next build` first/);
    await writeFile(path.join(root, '.next/BUILD_ID'), 'x');
    await expect(productionBuild({}, root)).resolves.toBeUndefined();
  });

  it('under npm test, waits for the build beside it to end, and fails when it failed', async () => {
    const root = await folder();
    const env = { ARENA_TEST_AWAIT_BUILD: '1' };
    // A build made before does not count: the one beside the tests rewrites it.
    await writeFile(path.join(root, '.next/BUILD_ID'), 'x');
    let done = false;
    const waiting = productionBuild(env, root).then(() => (done = true));
    await sleep(1500);
    expect(done).toBe(false);
    await writeFile(path.join(root, '.next/arena-test-build'), 'ok');
    await waiting;
    expect(done).toBe(true);
    await writeFile(path.join(root, '.next/arena-test-build'), 'failed');
    await expect(productionBuild(env, root)).rejects.toThrow(/the production build beside the tests failed/);
  });
});
