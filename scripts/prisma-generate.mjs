// Runs `prisma generate` offline: the CLI insists on a schema engine binary it never uses for
// generation, so point it at an existing file when none is configured.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('prisma/schema.prisma')) process.exit(0);
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
const r = spawnSync('npx', ['prisma', 'generate'], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
