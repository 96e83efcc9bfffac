// Arctic Scavengers: the engine baseline against a uniformly random player over seeded matches (seats alternating),
// through the game's definition as the arena plays it (the engine sees only its seat's view). Prints wins, losses and
// ties on tribe size, the mean score (GameBench: 1 for the larger tribe) and the plies per match.
//   npm run bench:arctic-scavengers [matches=200]
import { createRng } from '../lib/engine/rng';
import { arcticScavengers } from '../games/arctic-scavengers';
import { playVsRandom } from '../games/arctic-scavengers/playout';

const matches = Number(process.argv[2] ?? 200);
for (const [label, config] of [
  ['default', {}],
  ['3 rounds', { rounds: 3 }],
] as const) {
  const tally = { win: 0, loss: 0, tie: 0 };
  let plies = 0;
  let enginePlies = 0;
  let score = 0;
  const started = performance.now();
  for (let i = 0; i < matches; i++) {
    const seat = i % 2;
    const r = playVsRandom(arcticScavengers, createRng(`arc-bench-${i}`), seat, config);
    const [mine, theirs] = [r.tribes[seat]!, r.tribes[1 - seat]!];
    tally[mine > theirs ? 'win' : mine < theirs ? 'loss' : 'tie']++;
    score += r.engineScore;
    plies += r.plies;
    enginePlies += r.enginePlies;
  }
  const ms = performance.now() - started;
  console.log(`Arctic Scavengers engine vs random, ${matches} seeded matches (${label} config), seats alternating:`);
  console.log(
    `  wins ${tally.win}, losses ${tally.loss}, ties ${tally.tie}; win rate ${((100 * tally.win) / matches).toFixed(1)}%, mean score ${(score / matches).toFixed(3)}`,
  );
  console.log(
    `  ${(ms / matches).toFixed(1)} ms per match, ${(plies / matches).toFixed(1)} plies per match (${(enginePlies / matches).toFixed(1)} by the engine)`,
  );
}
