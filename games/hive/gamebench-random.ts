// Random against random Hive under a config, over seeded matches, by one of two random players: the arena's random
// baseline (`arena`: uniform over every legal move, lib/engine/playout.ts) or GameBench's RandomAgent as it meets
// GameBench's two-step menu (`gbagent`: the game's `gamebench` hook, games/hive/gamebench.ts, chosen from by
// lib/engine/gamebench-random.ts: uniform over the first menu — each bug to place, each piece that can move, or the
// pass — then uniform over that choice's moves), as the Random agent plays under the `gamebench` preset. GameBench's
// own code is compared in docs/games.md and rules.ts's header.
//   npx tsx games/hive/gamebench-random.ts <arena|gbagent> [matches=200] [gamebench|defaults]
import { gamebenchRandomAction } from '../../lib/engine/gamebench-random';
import { createRng } from '../../lib/engine/rng';
import { playEngineVsRandom } from '../../lib/engine/playout';
import type { Outcome } from '../../lib/engine/types';
import { hive } from '.';
import type { HiveAction, HiveState } from './rules';

const [policy = 'arena', n = '200', which = 'gamebench'] = process.argv.slice(2);
if (!['arena', 'gbagent'].includes(policy) || !['gamebench', 'defaults'].includes(which) || !(Number(n) > 0)) {
  console.error('usage: npx tsx games/hive/gamebench-random.ts <arena|gbagent> [matches=200] [gamebench|defaults]');
  process.exit(2);
}
const matches = Number(n);
const config = which === 'gamebench' ? hive.meta.settingsPresets.find((p) => p.label === 'gamebench')!.config : {};
let first = 0;
let second = 0;
let plies = 0;
for (let i = 0; i < matches; i++) {
  const rng = createRng(`hive-random-${which}-${i}`);
  let outcome: Outcome;
  let length = 0;
  if (policy === 'arena') {
    const p = playEngineVsRandom(hive, rng, { engineSeats: [], config });
    outcome = p.outcome;
    length = p.plies;
  } else {
    let s = hive.setup({ numPlayers: 2, config, rng }) as HiveState;
    for (let active = hive.activeSeats(s); active.length; active = hive.activeSeats(s)) {
      const seat = active[0]!;
      const legal = hive.legalActions(s, seat) as HiveAction[];
      const chosen = gamebenchRandomAction(hive.gamebench!(hive.view(s, { seat }), seat, legal, config), rng);
      if ('error' in chosen) throw new Error(chosen.error);
      s = hive.apply(s, seat, chosen.action as HiveAction, rng) as HiveState;
      length++;
    }
    outcome = hive.outcome(s)!;
  }
  plies += length;
  if (outcome.winner === 0) first++;
  else if (outcome.winner === 1) second++;
}
const draws = matches - first - second;
console.log(
  JSON.stringify({
    policy,
    config: which,
    matches,
    firstWinRate: first / matches,
    secondWinRate: second / matches,
    drawRate: draws / matches,
    meanPlies: plies / matches,
  }),
);
