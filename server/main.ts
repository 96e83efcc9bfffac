// The arena's single Node process: `npm start` runs it (`tsx server/main.ts`). It reads the configuration first and
// refuses a bad setting in one line before the rest (Next.js, socket.io, the job queue, every game) is loaded: a
// start that cannot work fails in a fraction of the time (server/main.test.ts), then server/arena.ts runs it.
// First of all: a Node older than the arena needs is refused in one line.
import './node-version';
import { readConfig, type ArenaConfig } from './config';

let cfg: ArenaConfig;
try {
  cfg = readConfig();
} catch (err) {
  console.error(`arena: ${(err as Error).message}`);
  process.exit(1);
}
const { runArena } = await import('./arena');
await runArena(cfg);
