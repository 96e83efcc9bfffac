// Hive: the engine baseline against a uniformly random player over seeded matches (seats alternating), through the
// game's definition as the arena plays it (the engine sees only its seat's view). Prints wins, draws and losses, the
// mean score and the time per match.
//   npm run bench:hive [matches=200] [depth=2]
import { createRng } from '../lib/engine/rng';
import { hive } from '../games/hive';

const matches = Number(process.argv[2] ?? 200);
const depth = Number(process.argv[3] ?? 2);
const tally = { win: 0, draw: 0, loss: 0 };
let plies = 0;
const started = performance.now();
for (let i = 0; i < matches; i++) {
  const engineSeat = i % 2;
  const rng = createRng(`hive-bench-${i}`);
  let s = hive.setup({ numPlayers: 2, config: {}, rng });
  for (let seat = hive.activeSeats(s)[0]; seat !== undefined; seat = hive.activeSeats(s)[0]) {
    const legal = hive.legalActions(s, seat)!;
    const a = seat === engineSeat ? hive.engine(hive.view(s, { seat }), seat, legal, rng, { depth }) : rng.pick(legal);
    s = hive.apply(s, seat, a, rng);
    plies++;
  }
  const score = hive.outcome(s)!.scores[engineSeat]!;
  tally[score === 1 ? 'win' : score === 0 ? 'loss' : 'draw']++;
}
const ms = performance.now() - started;
const mean = (tally.win + tally.draw / 2) / matches;
console.log(`Hive engine (depth ${depth}) vs random, ${matches} seeded matches, seats alternating:`);
console.log(`  wins ${tally.win}, draws ${tally.draw}, losses ${tally.loss}; mean score ${mean.toFixed(3)}`);
console.log(`  ${(ms / matches).toFixed(0)} ms per match, ${(plies / matches).toFixed(1)} plies per match`);
