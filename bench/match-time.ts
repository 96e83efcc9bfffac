// Benchmark: how long one match takes with the simulated endpoint at its default latency (300–1200 ms per reply), per
// game: two simulated models (one per side in team games), the full runner, persistence off. Prints the wall time, the
// model calls, and the plies, with the game's defaults and with its demo settings where it has its own.
// Usage: npm run bench:match-time -- [game ids…] (default: every game)
import { games, getGame } from '../games/registry';
import type { GameDef } from '../lib/engine/types';
import { createAgent } from '../server/agents';
import { startSimulatedEndpoint } from '../server/llm/simulated';
import { runMatch } from '../server/workers/run-match';
import { nullStore, type AgentRow, type MatchSetup } from '../server/workers/store';
import { CURRENT_GENERATOR } from '../lib/engine/rng';

async function main() {
  process.env.ARENA_SECRET ??= 'bench-secret-bench-secret';
  const sim = await startSimulatedEndpoint({ seed: 'match-time', latencyMs: [300, 1200] });
  const provider = {
    id: 'sim',
    baseUrl: sim.url,
    apiKeyEnc: null,
    simulated: true,
    rpm: null,
    tpm: null,
    maxConcurrent: null,
    priceInPer1k: 0,
    priceOutPer1k: 0,
    modelPrices: null,
  };
  const model = (id: string, name: string): AgentRow =>
    ({
      id,
      name,
      kind: 'llm',
      model: 'sim-careful',
      temperature: null,
      maxTokens: null,
      scaffold: 'base',
      settings: {},
      simulated: true,
      provider,
    }) as unknown as AgentRow;
  const [a, b] = [model('a', 'sim-careful A'), model('b', 'sim-careful B')];
  const wanted = process.argv.slice(2);
  const list: GameDef[] = wanted.length ? wanted.map((id) => getGame(id) ?? fail(`no game "${id}"`)) : games;
  console.log('one match, two simulated models (sim-careful, 300–1200 ms per reply), persistence off');
  try {
    for (const game of list) {
      for (const [label, config] of [
        ['defaults', game.defaultConfig],
        ['demo settings', game.demoConfig],
      ] as const) {
        if (config === null) continue;
        const n = game.defaultPlayers(config);
        // One agent per side in team games; otherwise a, b, a, b… (host/guest-like for the N-player games).
        const seats = game.meta.sides
          ? Array.from({ length: n }, (_, s) => (game.meta.sides![0]!.includes(s) ? a : b))
          : Array.from({ length: n }, (_, s) => (s % 2 ? b : a));
        const setup: MatchSetup = {
          id: `${game.id}-${label}`,
          gameId: game.id,
          config,
          seed: `match-time-${game.id}`,
          generator: CURRENT_GENERATOR,
          numPlayers: n,
          status: 'queued',
          seats: seats.map((agent, seat) => ({ seat, agent })),
        };
        let calls = 0;
        let plies = 0;
        const store = {
          ...nullStore(() => setup),
          appendBatch: async (_id: string, evs: { kind: string }[], c: unknown[]) => {
            calls += c.length;
            plies += evs.filter((e) => e.kind === 'move').length;
          },
        };
        const t0 = performance.now();
        const r = await runMatch(setup.id, { store, createAgent });
        const s = (performance.now() - t0) / 1000;
        console.log(
          `  ${game.meta.title} (${label}): ${s.toFixed(1)} s, ${calls} model calls, ${plies} moves — ${r.status}`,
        );
      }
    }
  } finally {
    await sim.close();
  }
}

function fail(m: string): never {
  throw new Error(m);
}

await main();
