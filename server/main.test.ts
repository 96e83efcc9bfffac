// The start command's failure modes, run as a real child process.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

function start(env: Record<string, string>) {
  return spawnSync(tsx, ['server/main.ts'], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });
}

describe('server start-up', () => {
  it('exits non-zero with one line naming the host when DATABASE_URL cannot be reached', () => {
    const r = start({ DATABASE_URL: 'postgresql://arena:pw@127.0.0.1:9/arena', ARENA_DATA_DIR: '.arena/test-unreachable' });
    expect(r.status).toBe(1);
    const errLine = r.stderr.split('\n').find((l) => l.startsWith('arena:'));
    expect(errLine).toMatch(/^arena: cannot reach the database at 127\.0\.0\.1:9 /);
  });

  it('exits non-zero naming a bad setting', () => {
    const r = start({ PORT: 'eighty' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/PORT/);
  });
});
