// Benchmark of the analysis pages' work per visit: /metrics/spy and /metrics/deep replay up to 3,000 finished matches
// each from their seeds and moves (games/spy/analysis.ts, games/deep/analysis.ts). Prints the time per page and per match.
import { deep } from '../games/deep';
import { analyseDeep } from '../games/deep/analysis';
import type { DeepAction, DeepState } from '../games/deep/types';
import { spy } from '../games/spy';
import { analyseSpy } from '../games/spy/analysis';
import type { SpyAction, SpyState } from '../games/spy/types';
import type { GameDef, Rng } from '../lib/engine/types';
import { createRng, CURRENT_GENERATOR } from '../lib/engine/rng';
import { applyMove, currentDeal, initialState, type MoveRecord } from '../lib/engine/replay';

const MATCHES = 3000;
const agents = ['a', 'b', 'c', 'd', 'e'];

/** Plays one seeded match with `decide` for every active seat, recorded the way the runner stores moves. */
function play<S, A extends { type: string }>(
  game: GameDef<S, A>,
  config: object,
  seed: string,
  n: number,
  decide: (s: S, seat: number, rng: Rng) => A,
) {
  const rng = createRng(`${seed}:agents`);
  let s = initialState(game, config, currentDeal(seed), n) as S;
  const moves: MoveRecord[] = [];
  while (game.activeSeats(s).length) {
    for (const seat of game.activeSeats(s)) {
      const m = { ply: moves.length, seat, action: decide(s, seat, rng) };
      s = applyMove(game, s, currentDeal(seed), m) as S;
      moves.push(m);
    }
  }
  const seats = Array.from({ length: n }, (_, seat) => ({
    seat,
    agentId: agents[(seat + seed.length) % agents.length]!,
    agentName: 'x',
    kind: 'llm',
  }));
  return { id: seed, config, seed, generator: CURRENT_GENERATOR, numPlayers: n, seats, moves };
}

const spyMove = (s: SpyState, seat: number, rng: Rng): SpyAction => {
  if (s.phase === 'speak') return { type: 'describe', text: `clue ${s.round} ${seat} ${rng.int(1e6)}` };
  if (s.phase === 'probe') return { type: 'probe', self: 'villager', others: [], theirGuess: {} };
  return rng.pick(spy.legalActions(s, seat)!);
};
const deepMove = (s: DeepState, _seat: number, rng: Rng): DeepAction => {
  if (s.phase === 'describe')
    return s.step.mode === 'aggressive'
      ? { type: 'aggressive', text: `words ${rng.int(1e6)}` }
      : { type: 'conservative', candidates: ['x', 'y'], text: 'vague' };
  return { type: 'score', scores: [1, 2, 3, 4].map(() => 1 + rng.int(5)) };
};

function time<T>(label: string, n: number, f: () => T): T {
  const t0 = performance.now();
  const out = f();
  const ms = performance.now() - t0;
  console.log(`${label}: ${ms.toFixed(0)} ms for ${n} matches (${((1000 * ms) / n).toFixed(0)} µs per match)`);
  return out;
}

const spyMatches = Array.from({ length: MATCHES }, (_, i) => play(spy, { pairId: 'moon-sun' }, `spy-${i}`, 4, spyMove));
const deepMatches = Array.from({ length: MATCHES }, (_, i) => play(deep, { words: 3 }, `deep-${i}`, 3, deepMove));
console.log(
  `spy: ${(spyMatches.reduce((n, m) => n + m.moves.length, 0) / MATCHES).toFixed(1)} moves per match; DEEP: ${(deepMatches.reduce((n, m) => n + m.moves.length, 0) / MATCHES).toFixed(1)}`,
);
const s = time('/metrics/spy analysis (replay + Tables 4, 7, bias, consistency)', MATCHES, () =>
  analyseSpy(spyMatches),
);
const d = time('/metrics/deep analysis (replay + Table 1, agreement)', MATCHES, () => analyseDeep(deepMatches));
console.log(
  `sanity: ${s.matches} spy matches and ${d.matches} DEEP matches analysed, ${d.agreement[0]?.pairs ?? 0} paired judge scores`,
);
