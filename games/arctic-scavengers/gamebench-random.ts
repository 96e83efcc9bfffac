// Random moves against random moves under the `gamebench` preset (5 rounds, one pile reshuffled each round, the last
// skirmish hand's tribe members decide, equal hands to Player 2), with the arena's random baseline
// (lib/engine/playout.ts: every seat a uniformly random legal move), over seeded matches:
//   npx tsx games/arctic-scavengers/gamebench-random.ts [matches=1000] [preset label, or `defaults`; default gamebench]
// Prints each seat's win rate, the draws, the equal last hands, the mean tribe members in each last hand and over all
// of each tribe's cards, the skirmishes each seat won and the length in moves. GameBench's own code played by its
// RandomAgent is compared in the note at the head of rules.ts; gamebench.test.ts asserts bounds on the same figures.
import { createRng } from '../../lib/engine/rng';
import { playEngineVsRandom } from '../../lib/engine/playout';
import type { GameDef } from '../../lib/engine/types';
import { arcticScavengers } from '.';
import { tribeSize, type ArcState } from './rules';

export interface RandomStats {
  matches: number;
  /** Matches won by Player 1, by Player 2, drawn. */
  wins: [number, number];
  draws: number;
  /** Matches whose last skirmish hands held equally many tribe members. */
  equalLastHands: number;
  /** Means per match, per seat: tribe members in the last skirmish hand, over all the tribe's cards, skirmishes won. */
  meanLastHand: [number, number];
  meanTribe: [number, number];
  meanSkirmishes: [number, number];
  /** Skirmishes tied (the contested resource to the junkyard), per match. */
  meanSkirmishTies: number;
  meanPlies: number;
}

/** Plays `matches` seeded random matches (`arctic-scavengers-gamebench-<i>`) under `config`. */
export function randomStats(matches: number, config: unknown): RandomStats {
  const st: RandomStats = {
    matches,
    wins: [0, 0],
    draws: 0,
    equalLastHands: 0,
    meanLastHand: [0, 0],
    meanTribe: [0, 0],
    meanSkirmishes: [0, 0],
    meanSkirmishTies: 0,
    meanPlies: 0,
  };
  // The game as it is, but keeping the final state to measure it (the outcome is asked of it once the match is over).
  let last: ArcState | null = null;
  const game: GameDef = {
    ...arcticScavengers,
    outcome: (s) => {
      last = s as ArcState;
      return arcticScavengers.outcome(s);
    },
  };
  for (let i = 0; i < matches; i++) {
    const p = playEngineVsRandom(game, createRng(`arctic-scavengers-gamebench-${i}`), { engineSeats: [], config });
    const s = last! as ArcState;
    if (p.outcome.winner === 0 || p.outcome.winner === 1) st.wins[p.outcome.winner]++;
    else st.draws++;
    const final = s.skirmishes.at(-1)!;
    if (final.people[0] === final.people[1]) st.equalLastHands++;
    for (const seat of [0, 1] as const) {
      st.meanLastHand[seat] += final.people[seat]! / matches;
      st.meanTribe[seat] += tribeSize(s.tribes[seat]!) / matches;
      st.meanSkirmishes[seat] += s.skirmishes.filter((k) => k.winner === seat).length / matches;
    }
    st.meanSkirmishTies += s.skirmishes.filter((k) => k.winner === null).length / matches;
    st.meanPlies += p.plies / matches;
  }
  return st;
}

if (process.argv[1]?.endsWith('gamebench-random.ts')) {
  const n = Number(process.argv[2] ?? 1000);
  const which = process.argv[3] ?? 'gamebench';
  const config =
    which === 'defaults' ? {} : arcticScavengers.meta.settingsPresets.find((p) => p.label === which)!.config;
  const st = randomStats(n, config);
  const pct = (k: number) => `${((100 * k) / n).toFixed(1)}%`;
  const two = (x: [number, number]) => `${x[0].toFixed(2)}–${x[1].toFixed(2)}`;
  console.log(
    `${which}, ${n} matches: Player 1 ${pct(st.wins[0])}, Player 2 ${pct(st.wins[1])}, draws ${pct(st.draws)}; equal last hands ${pct(st.equalLastHands)}; mean tribe members in the last hand ${two(st.meanLastHand)}, in all cards ${two(st.meanTribe)}; skirmishes won ${two(st.meanSkirmishes)}, tied ${st.meanSkirmishTies.toFixed(2)}; mean ${st.meanPlies.toFixed(1)} moves`,
  );
}
