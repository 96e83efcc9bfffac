import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { nodeVersionProblem } from './node-version';

describe('node version check', () => {
  it('accepts 22 and later, refuses older in one line naming the version and the way out', () => {
    expect(nodeVersionProblem('22.0.0')).toBeNull();
    expect(nodeVersionProblem('24.1.2')).toBeNull();
    const p = nodeVersionProblem('20.20.2')!;
    expect(p).toMatch(/^arena: Node 20\.20\.2 is too old: the server needs Node 22 or later\./);
    expect(p).toContain('npm start');
    expect(p.split('\n')).toHaveLength(1);
    expect(nodeVersionProblem('garbage')).not.toBeNull();
  });

  // The machine's own Node, when it is older (as on this project's machines: a system Node 20 beside the bundled 22).
  const system = ['/usr/bin/node', '/usr/local/bin/node'].find(
    (p) => existsSync(p) && Number(spawnSync(p, ['-p', 'process.versions.node.split(".")[0]']).stdout?.toString()) < 22,
  );
  it.runIf(system)('server/main.ts started by an older system Node refuses at once with that line', () => {
    const tsx = 'node_modules/tsx/dist/cli.mjs';
    // Were the check missing, the bad PORT would end the server at once with a configuration error instead.
    const r = spawnSync(system!, [tsx, 'server/main.ts'], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, PORT: 'not-a-port' },
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^arena: Node 2\d\.[\d.]+ is too old: the server needs Node 22 or later/);
  });
});
