// Codenames: the engine team (association-table spymaster and operative) against the random team (a random valid
// clue word and number; random guesses and stops) over seeded matches, each side half the time. Prints the figure.
// Run: npx tsx bench/codenames.ts [matches]
import { createRng } from '../lib/engine/rng';
import { codenames } from '../games/codenames';
import { playVsRandom } from '../games/codenames/playout';

const n = Number(process.argv[2] ?? 400);
let wins = 0;
let score = 0;
let plies = 0;
let assassins = 0;
for (let i = 0; i < n; i++) {
  const side = i % 2 === 0 ? 'Red' : 'Blue';
  const r = playVsRandom(codenames, createRng(`bench-codenames-${i}`), side);
  if (r.engineWon) wins++;
  score += r.engineScore;
  plies += r.plies;
  if (/assassin/.test(r.outcome.reason)) assassins++;
}
let selfPlies = 0;
const selfN = 100;
for (let i = 0; i < selfN; i++)
  selfPlies += playVsRandom(codenames, createRng(`bench-codenames-self-${i}`), 'both').plies;
console.log(`Codenames, engine team vs random team, ${n} seeded matches (engine Red in half, Blue in half):`);
console.log(
  `  engine wins ${wins}/${n} (${((100 * wins) / n).toFixed(1)}%), mean GameBench score ${(score / n).toFixed(3)}, ${assassins} ended by the assassin, ${(plies / n).toFixed(1)} moves a match`,
);
console.log(`  engine vs engine: ${(selfPlies / selfN).toFixed(1)} moves a match over ${selfN} matches`);
