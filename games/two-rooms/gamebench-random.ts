// Random players in every seat under the `gamebench` preset (no card told or shown), with the arena's random baseline
// (lib/engine/playout.ts: every seat a uniformly random legal move), over seeded matches:
//   npx tsx games/two-rooms/gamebench-random.ts [matches=1000] [preset label, or `defaults`; default gamebench]
// Prints each side's win rate, where the President and the Bomber start (the same room, a leader's card) and the
// length in plies. GameBench's own code played the same way is compared in the note at the head of rules.ts;
// gamebench.test.ts asserts the same figures within sampling error.
import { createRng } from '../../lib/engine/rng';
import { playEngineVsRandom } from '../../lib/engine/playout';
import { twoRooms } from '.';
import { NUM_SEATS, roomOf, seatOf, type TrbState } from './rules';

export interface RandomStats {
  matches: number;
  red: number;
  blue: number;
  /** Matches whose President and Bomber start in the same room. */
  startTogether: number;
  /** Matches whose President (Bomber) holds a leader's card. */
  presidentLeader: number;
  bomberLeader: number;
  meanPlies: number;
}

/** Plays `matches` seeded random matches (`two-rooms-gamebench-<i>`) under `config`. */
export function randomStats(matches: number, config: unknown): RandomStats {
  const st: RandomStats = {
    matches,
    red: 0,
    blue: 0,
    startTogether: 0,
    presidentLeader: 0,
    bomberLeader: 0,
    meanPlies: 0,
  };
  for (let i = 0; i < matches; i++) {
    const seed = `two-rooms-gamebench-${i}`;
    // The deal is the first thing drawn from the match's generator: the same seed deals it again.
    const s0 = twoRooms.setup({ numPlayers: NUM_SEATS, config, rng: createRng(seed) }) as TrbState;
    const [pres, bomb] = [seatOf(s0, 'President'), seatOf(s0, 'Bomber')];
    if (roomOf(s0, pres) === roomOf(s0, bomb)) st.startTogether++;
    if (s0.leaders.includes(pres)) st.presidentLeader++;
    if (s0.leaders.includes(bomb)) st.bomberLeader++;
    const p = playEngineVsRandom(twoRooms, createRng(seed), { engineSeats: [], numPlayers: NUM_SEATS, config });
    if (p.outcome.summary === 'Red wins') st.red++;
    else if (p.outcome.summary === 'Blue wins') st.blue++;
    else throw new Error(`match ${i} ended without a winner: ${p.outcome.reason}`);
    st.meanPlies += p.plies / matches;
  }
  return st;
}

if (process.argv[1]?.endsWith('gamebench-random.ts')) {
  const n = Number(process.argv[2] ?? 1000);
  const which = process.argv[3] ?? 'gamebench';
  const config = which === 'defaults' ? {} : twoRooms.meta.settingsPresets.find((p) => p.label === which)!.config;
  const st = randomStats(n, config);
  const pct = (k: number) => `${((100 * k) / n).toFixed(1)}%`;
  const se = (k: number) => `±${((100 * Math.sqrt((k / n) * (1 - k / n))) / Math.sqrt(n)).toFixed(1)}`;
  console.log(
    `${which}, ${n} matches: Red ${pct(st.red)} (${se(st.red)}), Blue ${pct(st.blue)}; President and Bomber start in one room ${pct(st.startTogether)}, President a leader ${pct(st.presidentLeader)}, Bomber a leader ${pct(st.bomberLeader)}; ${st.meanPlies.toFixed(1)} plies a match`,
  );
}
