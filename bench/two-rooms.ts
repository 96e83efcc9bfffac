// Two Rooms and a Boom: the engine baseline holding one side (its three seats, each deciding on its own seat's view)
// against a uniformly random side, over seeded matches, as Blue and as Red; and random against random for reference.
// Prints the win rates and the plies (model moves) per match.
//   npm run bench:two-rooms [matches=200]
import { createRng } from '../lib/engine/rng';
import { twoRooms } from '../games/two-rooms';
import { playVsRandom } from '../games/two-rooms/playout';

const matches = Number(process.argv[2] ?? 200);
let total = 0;
for (const side of ['Blue', 'Red'] as const) {
  let won = 0;
  let baseline = 0;
  let plies = 0;
  const started = performance.now();
  for (let i = 0; i < matches; i++) {
    const r = playVsRandom(twoRooms, createRng(`trb-bench-${i}`), side);
    if (r.engineWon) won++;
    plies += r.plies;
    // The same seeds with a random player in the engine's seats.
    const g = {
      ...twoRooms,
      engine: (_v: unknown, _s: number, legal: unknown[], rng: { pick<T>(x: readonly T[]): T }) => rng.pick(legal),
    } as typeof twoRooms;
    if (playVsRandom(g, createRng(`trb-bench-${i}`), side).engineWon) baseline++;
  }
  total += won;
  const ms = performance.now() - started;
  console.log(
    `Two Rooms and a Boom, engine as ${side} vs a random ${side === 'Blue' ? 'Red' : 'Blue'}, ${matches} seeded matches:`,
  );
  console.log(
    `  engine wins ${won} (${((100 * won) / matches).toFixed(1)}%); random as ${side} on the same seeds wins ${baseline} (${((100 * baseline) / matches).toFixed(1)}%)`,
  );
  console.log(`  ${(ms / matches / 2).toFixed(2)} ms per match, ${(plies / matches).toFixed(1)} plies per match`);
}
console.log(`Overall: engine wins ${total} of ${2 * matches} (${((100 * total) / (2 * matches)).toFixed(1)}%)`);
