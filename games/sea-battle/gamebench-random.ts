// Random orders against random orders under the `gamebench` preset (no turn cap), with the arena's random baseline
// (lib/engine/playout.ts: every seat a uniformly random legal order), over seeded matches:
//   npx tsx games/sea-battle/gamebench-random.ts [matches=1000] [preset label, or `defaults`; default gamebench]
// Prints the draw rate, each side's win rate and the length in turns. GameBench's own code played the same way is
// compared in the note at the head of rules.ts; rules.test.ts asserts loose bounds on the same figures.
import { createRng } from '../../lib/engine/rng';
import { playEngineVsRandom } from '../../lib/engine/playout';
import { seaBattle } from '.';
import { NUM_SEATS } from './rules';

export interface RandomStats {
  matches: number;
  red: number;
  blue: number;
  draws: number;
  /** Each match's length in turns, sorted. */
  turns: number[];
  meanTurns: number;
  meanPlies: number;
}

/** Plays `matches` seeded random matches (`sea-battle-gamebench-<i>`) under `config`. */
export function randomStats(matches: number, config: unknown): RandomStats {
  const st: RandomStats = { matches, red: 0, blue: 0, draws: 0, turns: [], meanTurns: 0, meanPlies: 0 };
  for (let i = 0; i < matches; i++) {
    const p = playEngineVsRandom(seaBattle, createRng(`sea-battle-gamebench-${i}`), {
      engineSeats: [],
      numPlayers: NUM_SEATS,
      config,
    });
    // Every ending names its turn: "… on turn 37 …", "Turn limit of 50 …", "… after 1000 turns …".
    const turns = Number(/(?:turn|limit of|after) (\d+)/i.exec(p.outcome.reason)![1]);
    if (p.outcome.summary === 'Red wins') st.red++;
    else if (p.outcome.summary === 'Blue wins') st.blue++;
    else st.draws++;
    st.turns.push(turns);
    st.meanTurns += turns / matches;
    st.meanPlies += p.plies / matches;
  }
  st.turns.sort((a, b) => a - b);
  return st;
}

if (process.argv[1]?.endsWith('gamebench-random.ts')) {
  const n = Number(process.argv[2] ?? 1000);
  const which = process.argv[3] ?? 'gamebench';
  const config = which === 'defaults' ? {} : seaBattle.meta.settingsPresets.find((p) => p.label === which)!.config;
  const st = randomStats(n, config);
  const pct = (k: number) => `${((100 * k) / n).toFixed(1)}%`;
  const sd = Math.sqrt(st.turns.reduce((a, t) => a + (t - st.meanTurns) ** 2, 0) / (n - 1));
  console.log(
    `${which}, ${n} matches: Red ${pct(st.red)}, Blue ${pct(st.blue)}, draws ${pct(st.draws)}; turns: mean ${st.meanTurns.toFixed(1)} (sd ${sd.toFixed(1)}), median ${st.turns[Math.floor(n / 2)]}, 99th percentile ${st.turns[Math.ceil(0.99 * n) - 1]}, longest ${st.turns.at(-1)}, past turn 50 ${pct(st.turns.filter((t) => t > 50).length)}; mean ${st.meanPlies.toFixed(0)} plies`,
  );
}
