// Are You the Traitor?: the engine baseline holding one team (its seats, each deciding on its own seat's view) against
// uniformly random players in the other team's seats, over seeded matches, as Good and as Evil; and random in the
// engine's seats on the same seeds for reference. Prints the win rates and the plies (model moves) per match, with
// the default settings and the demo settings.
//   npm run bench:are-you-the-traitor [matches=200]
import { areYouTheTraitor } from '../games/are-you-the-traitor';
import { playVsRandom } from '../games/are-you-the-traitor/playout';
import type { Rng } from '../lib/engine/types';

const matches = Number(process.argv[2] ?? 200);
const randomGame = {
  ...areYouTheTraitor,
  engine: (_v: unknown, _s: number, legal: unknown[], rng: Rng) => rng.pick(legal),
} as typeof areYouTheTraitor;
for (const [label, config] of [
  ['default settings', {}],
  ['demo settings', areYouTheTraitor.demoConfig ?? {}],
] as const) {
  let total = 0;
  for (const team of ['Good', 'Evil'] as const) {
    let won = 0;
    let baseline = 0;
    let plies = 0;
    let randomPlies = 0;
    const started = performance.now();
    for (let i = 0; i < matches; i++) {
      const r = playVsRandom(areYouTheTraitor, `ayt-bench-${i}`, team, config);
      if (r.engineWon) won++;
      plies += r.plies;
      const b = playVsRandom(randomGame, `ayt-bench-${i}`, team, config);
      if (b.engineWon) baseline++;
      randomPlies += b.plies;
    }
    total += won;
    const ms = performance.now() - started;
    console.log(
      `Are You the Traitor? (${label}), engine as ${team} vs a random ${team === 'Good' ? 'Evil' : 'Good'} team, ${matches} seeded matches:`,
    );
    console.log(
      `  engine wins ${won} (${((100 * won) / matches).toFixed(1)}%); random as ${team} on the same seeds wins ${baseline} (${((100 * baseline) / matches).toFixed(1)}%)`,
    );
    console.log(
      `  ${(ms / matches / 2).toFixed(2)} ms per match; plies per match: ${(plies / matches).toFixed(1)} with the engine, ${(randomPlies / matches).toFixed(1)} random vs random`,
    );
  }
  console.log(
    `Overall (${label}): engine wins ${total} of ${2 * matches} (${((100 * total) / (2 * matches)).toFixed(1)}%)`,
  );
}
