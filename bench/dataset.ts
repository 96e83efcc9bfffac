// Benchmark of a large imported dataset (issue 35, item 7): writes a GameBench-format file of 200,000 matches, imports
// it (lib/db/datasets-store.ts) and computes its views through the real leaderboard service and worker threads: the
// point fit and GameBench's estimate, each with the default 1,000 bootstrap rounds. `--kind strict` (default): 50
// agents in a strict order, every match won by the stronger (nearly separated data, where MM and ILSR crawled:
// "Bradley-Terry did not converge", and GameBench's estimate never answered); `skill`: the stronger wins with
// Bradley-Terry's odds; `random`: coin flips. Also the fits alone (lib/rating), MM and ILSR iterations then Newton's
// steps. npm run bench:dataset [-- --kind strict --entries 200000 --agents 50]
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const KIND = arg('kind') ?? 'strict';
const ENTRIES = Number(arg('entries') ?? 200_000);
const AGENTS = Number(arg('agents') ?? 50);
const GAMES = [
  'sea_battle',
  'pit',
  'santorini',
  'hive',
  'two_rooms_and_a_boom',
  'air_land_sea',
  'arctic_scavengers',
  'codenames',
  'are_you_the_traitor',
];

/** The file: ENTRIES two-agent matches of random pairs, seeded. */
function file(): string {
  let s = 12345;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const entries: Record<string, string | number>[] = [];
  for (let i = 0; i < ENTRIES; i++) {
    const a = Math.floor(rnd() * AGENTS);
    const b = (a + 1 + Math.floor(rnd() * (AGENTS - 1))) % AGENTS;
    const aWins =
      KIND === 'strict' ? a > b : KIND === 'skill' ? rnd() < 1 / (1 + Math.exp((b - a) * 0.3)) : rnd() < 0.5;
    entries.push({ game: GAMES[i % GAMES.length]!, [`agent-${a}`]: aWins ? 1 : 0, [`agent-${b}`]: aWins ? 0 : 1 });
  }
  return JSON.stringify(entries);
}

async function main(): Promise<void> {
  const { parseGamebench } = await import('../lib/imports/gamebench');
  const { indexMatches } = await import('../lib/rating/comparisons');
  const { fitWinMatrix, indexedWinMatrix } = await import('../lib/rating/bradley-terry');
  const { fitIlsr, gamebenchWinMatrix } = await import('../lib/rating/ilsr');
  const text = file();
  console.log(
    `${KIND}: ${ENTRIES.toLocaleString('en')} matches among ${AGENTS} agents, ${(text.length / 1024 / 1024).toFixed(1)} MB`,
  );

  // The fits alone, on the whole file.
  const x = indexMatches(parseGamebench(text).matches);
  for (const [name, fit] of [
    ['MM point fit', () => fitWinMatrix(indexedWinMatrix(x))],
    ['GameBench ILSR point fit', () => fitIlsr(gamebenchWinMatrix(x))],
  ] as const) {
    const t = performance.now();
    const r = fit();
    console.log(
      `  ${name}: ${r.iterations} iterations in ${(performance.now() - t).toFixed(0)} ms, β from ${Math.min(...r.beta).toFixed(1)} to ${Math.max(...r.beta).toFixed(1)}`,
    );
  }

  const { createDb } = await import('../lib/db/client');
  const { importDataset } = await import('../lib/db/datasets-store');
  const { leaderboardQuerySchema } = await import('../lib/leaderboard-contract');
  const { startEmbeddedPostgres } = await import('../server/db/embedded');
  const { migrate } = await import('../server/db/migrate');
  const { freePort } = await import('../server/net');
  const { createComputer } = await import('../server/leaderboard/computer');
  const { ArenaLeaderboard } = await import('../server/leaderboard/service');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'arena-bench-dataset-'));
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() });
  const computer = createComputer();
  try {
    await migrate(pg.url);
    const db = createDb(pg.url);
    let t = performance.now();
    await importDataset(db, { name: 'big', text });
    console.log(`  import: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const service = new ArenaLeaderboard(() => db, computer, { rounds: 1000 });
    for (const estimate of ['point', 'gamebench']) {
      t = performance.now();
      const r = await service.get(leaderboardQuerySchema.parse({ dataset: 'big', estimate }));
      console.log(
        `  view estimate=${estimate} (1,000 rounds): ${((performance.now() - t) / 1000).toFixed(1)} s, ${r.rows.length} agents, top ${r.rows[0]?.agentName} at ${r.rows[0]?.rating?.toFixed(0)}`,
      );
    }
    await db.$disconnect();
  } finally {
    await computer.close();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
  process.exit(0);
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
