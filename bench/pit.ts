// Pit: the engine baseline against a uniformly random player over seeded matches (seats alternating), through the
// game's definition as the arena plays it (the engine sees only its seat's view). Prints wins, losses and ties on
// points, the mean score (share of the points, GameBench's convention) and the plies per match.
//   npm run bench:pit [matches=200]
import { createRng } from '../lib/engine/rng';
import { pit } from '../games/pit';
import { playVsRandom } from '../games/pit/playout';

const matches = Number(process.argv[2] ?? 200);
for (const [label, config] of [
  ['default', {}],
  ['demo', pit.demoConfig ?? {}],
] as const) {
  const tally = { win: 0, loss: 0, tie: 0 };
  let plies = 0;
  let score = 0;
  const started = performance.now();
  for (let i = 0; i < matches; i++) {
    const seat = i % 2;
    const r = playVsRandom(pit, createRng(`pit-bench-${i}`), seat, config);
    const [mine, theirs] = [r.points[seat]!, r.points[1 - seat]!];
    tally[mine > theirs ? 'win' : mine < theirs ? 'loss' : 'tie']++;
    score += r.engineScore;
    plies += r.plies;
  }
  const ms = performance.now() - started;
  console.log(`Pit engine vs random, ${matches} seeded matches (${label} config), seats alternating:`);
  console.log(
    `  wins ${tally.win}, losses ${tally.loss}, ties ${tally.tie}; win rate ${((100 * tally.win) / matches).toFixed(1)}%, mean score ${(score / matches).toFixed(3)}`,
  );
  console.log(`  ${(ms / matches).toFixed(1)} ms per match, ${(plies / matches).toFixed(1)} plies per match`);
}
