// Santorini: the engine baseline against a uniformly random player over seeded matches (seats alternating), through
// the game's definition as the arena plays it (the engine sees only its seat's view). Prints wins and losses (the game
// has no draws), the mean score and the time per match.
//   npm run bench:santorini [matches=200] [depth=3]
import { createRng } from '../lib/engine/rng';
import { santorini } from '../games/santorini';
import { playVsRandom } from '../games/santorini/playout';

const matches = Number(process.argv[2] ?? 200);
const depth = Number(process.argv[3] ?? 3);
const tally = { win: 0, loss: 0 };
let plies = 0;
const started = performance.now();
for (let i = 0; i < matches; i++) {
  const r = playVsRandom(santorini, createRng(`santorini-bench-${i}`), i % 2, depth);
  tally[r.engineScore === 1 ? 'win' : 'loss']++;
  plies += r.plies;
}
const ms = performance.now() - started;
console.log(`Santorini engine (depth ${depth}) vs random, ${matches} seeded matches, seats alternating:`);
console.log(`  wins ${tally.win}, losses ${tally.loss}; win rate ${((100 * tally.win) / matches).toFixed(1)}%`);
console.log(`  ${(ms / matches).toFixed(0)} ms per match, ${(plies / matches).toFixed(1)} plies per match`);
