// Each game's end-to-end flows sit in its own folder (games/<id>/*.spec.ts), and Playwright's config finds them in the
// project that runs after the spectators' and the leaderboard's flows (and the pause of the demo's round robin);
// e2e/ keeps the flows that span games.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../playwright.config';
import { games, testGames } from './registry';

const root = path.resolve(import.meta.dirname, '..');
const ids = [...games, ...testGames].map((g) => g.id);
const asList = (x: RegExp | RegExp[] | string | string[] | undefined) => (x === undefined ? [] : [x].flat());
/** The projects a spec file runs in, by the config's regexes (on the file's absolute path, as Playwright matches). */
const projectsOf = (file: string) =>
  (config.projects ?? [])
    .filter((p) => {
      const hit = (x: RegExp | string) => (typeof x === 'string' ? file.endsWith(x) : x.test(file));
      return asList(p.testMatch as never).some(hit) && !asList(p.testIgnore as never).some(hit);
    })
    .map((p) => p.name);

describe('end-to-end specs', () => {
  const gameSpecs = ids.flatMap((id) =>
    readdirSync(path.join(root, 'games', id))
      .filter((f) => f.endsWith('.spec.ts'))
      .map((f) => path.join(root, 'games', id, f)),
  );

  it('no game has a spec in e2e/: its flows are in its folder', () => {
    expect(ids.filter((id) => existsSync(path.join(root, 'e2e', `${id}.spec.ts`)))).toEqual([]);
    expect(gameSpecs.length).toBeGreaterThan(10);
  });

  it('runs the spectators first, then the leaderboard, quiets the demo, then the rest with every game’s specs, then the arena-wide settings, each spec once', () => {
    expect(config.testDir).toBe('.');
    expect(config.projects!.map((p) => [p.name, p.dependencies ?? []])).toEqual([
      ['watch', []],
      ['leaderboard', ['watch']],
      ['quiet demo', ['leaderboard']],
      ['admin and the rest', ['quiet demo']],
      ['arena-wide settings', ['admin and the rest']],
    ]);
    // Only the many independent flows run side by side; the steps before them, and the flows that change what every
    // page reads, one at a time.
    expect(config.projects!.map((p) => p.workers ?? config.workers)).toEqual([1, 1, 1, 2, 1]);
    expect(projectsOf(path.join(root, 'e2e/watch-match.spec.ts'))).toEqual(['watch']);
    expect(projectsOf(path.join(root, 'e2e/leaderboard.spec.ts'))).toEqual(['leaderboard']);
    expect(projectsOf(path.join(root, 'e2e/metrics.spec.ts'))).toEqual(['leaderboard']);
    expect(projectsOf(path.join(root, 'e2e/quiet-demo.spec.ts'))).toEqual(['quiet demo']);
    expect(projectsOf(path.join(root, 'e2e/global-settings.spec.ts'))).toEqual(['arena-wide settings']);
    for (const f of readdirSync(path.join(root, 'e2e')).filter((f) => f.endsWith('.spec.ts')))
      expect(projectsOf(path.join(root, 'e2e', f)), f).toHaveLength(1);
    for (const f of gameSpecs) expect(projectsOf(f), f).toEqual(['admin and the rest']);
    // Unit tests and helpers beside the specs are no Playwright specs.
    expect(projectsOf(path.join(root, 'games/spy/rules.test.ts'))).toEqual([]);
    expect(projectsOf(path.join(root, 'e2e/admin-helpers.ts'))).toEqual([]);
  });
});
