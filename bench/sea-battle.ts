// Sea Battle: the heuristic engine commanding one side against random orders on the other, over seeded matches (the
// engine's side alternates between Red and Blue). `npm run bench:sea-battle [matches]` (default 200).
import { createRng } from '../lib/engine/rng';
import { seaBattle } from '../games/sea-battle';
import { playSide, type SidePlayer } from '../games/sea-battle/playout';

const n = Number(process.argv[2] ?? 200);
const engine: SidePlayer = 'engine';
const random: SidePlayer = 'random';
let wins = 0;
let draws = 0;
let losses = 0;
let turns = 0;
const t0 = performance.now();
for (let i = 0; i < n; i++) {
  const engineRed = i % 2 === 0;
  const r = playSide(
    seaBattle,
    `bench-${i}`,
    engineRed ? [engine, random] : [random, engine],
    createRng(`bench-agents-${i}`),
  );
  turns += r.turns;
  const mine = engineRed ? 'Red' : 'Blue';
  if (r.winner === null) draws++;
  else if (r.winner === mine) wins++;
  else losses++;
}
const ms = performance.now() - t0;
console.log(`Sea Battle, engine side vs random side, ${n} seeded matches (sides alternating):`);
console.log(
  `  engine wins ${wins} (${((100 * wins) / n).toFixed(1)}%), draws ${draws}, losses ${losses}; mean ${(turns / n).toFixed(1)} turns; ${(ms / n).toFixed(1)} ms a match`,
);
const rr = Array.from({ length: Math.min(n, 100) }, (_, i) =>
  playSide(seaBattle, `rr-${i}`, [random, random], createRng(`rr-${i}`)),
);
console.log(
  `  random vs random, ${rr.length} matches: ${rr.filter((r) => r.winner === null).length} draws, mean ${(rr.reduce((a, r) => a + r.turns, 0) / rr.length).toFixed(1)} turns`,
);
