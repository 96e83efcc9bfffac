// `npm test`'s production build: `next build`, then a marker saying how it ended (.next/arena-test-build: `ok` or
// `failed`), so the Vitest files that start the production server (server/main.test.ts, server/multi-process.test.ts),
// running beside the build, wait for it instead of failing or starting a half-written one (server/test-build.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';

export const MARKER = '.next/arena-test-build';

rmSync(MARKER, { force: true });
const r = spawnSync('npx', ['next', 'build'], { stdio: 'inherit' });
const ok = r.status === 0;
mkdirSync('.next', { recursive: true });
writeFileSync(MARKER, ok ? 'ok' : 'failed');
process.exit(ok ? 0 : (r.status ?? 1));
