// Air, Land and Sea: the engine baseline against a uniformly random player over seeded matches (seats alternating),
// through the game's definition as the arena plays it (the engine sees only its seat's view). Prints wins and losses
// on VPs, the mean score (share of the VPs, GameBench's convention) and the moves per match.
//   npm run bench:air-land-sea [matches=200]
import { createRng } from '../lib/engine/rng';
import { airLandSea } from '../games/air-land-sea';
import { playVsRandom } from '../games/air-land-sea/playout';

const matches = Number(process.argv[2] ?? 200);
for (const [label, config] of [
  ['default', {}],
  ['short war to 6 VPs', { targetVp: 6 }],
] as const) {
  const tally = { win: 0, loss: 0, tie: 0 };
  let plies = 0;
  let score = 0;
  const started = performance.now();
  for (let i = 0; i < matches; i++) {
    const seat = i % 2;
    const r = playVsRandom(airLandSea, createRng(`als-bench-${i}`), seat, config);
    const [mine, theirs] = [r.vp[seat]!, r.vp[1 - seat]!];
    tally[mine > theirs ? 'win' : mine < theirs ? 'loss' : 'tie']++;
    score += r.engineScore;
    plies += r.plies;
  }
  const ms = performance.now() - started;
  console.log(`Air, Land and Sea engine vs random, ${matches} seeded matches (${label} config), seats alternating:`);
  console.log(
    `  wins ${tally.win}, losses ${tally.loss}, ties ${tally.tie}; win rate ${((100 * tally.win) / matches).toFixed(1)}%, mean score ${(score / matches).toFixed(3)}`,
  );
  console.log(`  ${(ms / matches).toFixed(1)} ms per match, ${(plies / matches).toFixed(1)} moves per match`);
}
