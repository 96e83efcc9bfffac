// Benchmark of the rating library: 20,000 synthetic matches among 30 agents over 9 games; point fit, bootstraps, sanity.
import { createRng } from '../lib/engine/rng';
import {
  bootstrap,
  bradleyTerry,
  eloRatings,
  fitWinMatrix,
  indexedWinMatrix,
  indexMatches,
  trueSkillRatings,
  type RatedMatch,
} from '../lib/rating';

const AGENTS = 30;
const MATCHES = 20_000;
const ROUNDS = 10_000;
/** Relative sizes of the 9 games (uneven on purpose); game 7 is a 4-player free-for-all, game 8 a 2-vs-2 team game. */
const GAME_SHARES = [30, 20, 15, 10, 8, 7, 5, 3, 2];

const rng = createRng('bench-rating');
const normal = () => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
const strength = Array.from({ length: AGENTS }, normal);
const agentId = (k: number) => `agent-${String(k).padStart(2, '0')}`;

/** Distinct random agents. */
function draw(n: number): number[] {
  return rng.shuffle(Array.from({ length: AGENTS }, (_, k) => k)).slice(0, n);
}

/** One synthetic match of game g: Bradley-Terry outcomes on the true strengths (plus a little per-game skill noise). */
function syntheticMatch(id: number, g: number, skill: number[][]): RatedMatch {
  const s = skill[g]!;
  const gameId = `game-${g}`;
  if (g === 7) {
    // free-for-all: winner by Plackett-Luce (Gumbel-max) on the strengths
    const seats = draw(4);
    const perf = seats.map((k) => s[k]! - Math.log(-Math.log(rng.next())));
    const winner = perf.indexOf(Math.max(...perf));
    return {
      id: `m${id}`,
      gameId,
      seats: seats.map((k, i) => ({ agentId: agentId(k), score: i === winner ? 1 : 0 })),
      finishedAt: id,
    };
  }
  if (g === 8) {
    const [a, b, c, d] = draw(4) as [number, number, number, number];
    const redWins = rng.next() < 1 / (1 + Math.exp(s[c]! + s[d]! - s[a]! - s[b]!));
    const score = (red: boolean) => (red === redWins ? 0.5 : 0);
    return {
      id: `m${id}`,
      gameId,
      seats: [
        [a, true],
        [b, true],
        [c, false],
        [d, false],
      ].map(([k, red]) => ({
        agentId: agentId(k as number),
        score: score(red as boolean),
        team: red ? 'red' : 'blue',
      })),
      finishedAt: id,
    };
  }
  const [a, b] = draw(2) as [number, number];
  const drawRate = g % 3 === 0 ? 0.15 : 0;
  const scoreA = rng.next() < drawRate ? 0.5 : rng.next() < 1 / (1 + Math.exp(s[b]! - s[a]!)) ? 1 : 0;
  return {
    id: `m${id}`,
    gameId,
    seats: [
      { agentId: agentId(a), score: scoreA },
      { agentId: agentId(b), score: 1 - scoreA },
    ],
    finishedAt: id,
  };
}

/** The matches in play order, games interleaved at random in proportion to their shares. */
function generate(): RatedMatch[] {
  const skill = GAME_SHARES.map(() => strength.map((x) => x + 0.2 * normal()));
  const total = GAME_SHARES.reduce((a, b) => a + b, 0);
  return Array.from({ length: MATCHES }, (_, id) => {
    let u = rng.next() * total;
    const g = GAME_SHARES.findIndex((share) => (u -= share) < 0);
    return syntheticMatch(id, g, skill);
  });
}

/** Ranks with ties averaged (for Spearman). */
function ranks(xs: number[]): number[] {
  const order = xs.map((x, k) => [x, k] as const).sort((p, q) => p[0] - q[0]);
  const out = new Array<number>(xs.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let t = i; t <= j; t++) out[order[t]![1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

function spearman(xs: number[], ys: number[]): number {
  const rx = ranks(xs);
  const ry = ranks(ys);
  const mean = (rx.length + 1) / 2;
  let num = 0,
    dx = 0,
    dy = 0;
  rx.forEach((r, k) => {
    num += (r - mean) * (ry[k]! - mean);
    dx += (r - mean) ** 2;
    dy += (ry[k]! - mean) ** 2;
  });
  return num / Math.sqrt(dx * dy);
}

/** Runs `run` `repeat` times and prints the median wall time; returns the last result. */
async function time<T>(label: string, run: () => T | Promise<T>, repeat = 1): Promise<T> {
  const times: number[] = [];
  let out!: T;
  for (let k = 0; k < repeat; k++) {
    const t = performance.now();
    out = await run();
    times.push(performance.now() - t);
  }
  const median = times.sort((a, b) => a - b)[Math.floor(repeat / 2)]!;
  console.log(`${label.padEnd(52)} ${median.toFixed(1).padStart(9)} ms${repeat > 1 ? ` (median of ${repeat})` : ''}`);
  return out;
}

async function main() {
  const matches = generate();
  const games = new Set(matches.map((m) => m.gameId)).size;
  console.log(`${matches.length} matches, ${AGENTS} agents, ${games} games\n`);

  await time('Bradley-Terry point fit (first call)', () => bradleyTerry(matches));
  const fit = await time('Bradley-Terry point fit (warm)', () => bradleyTerry(matches), 11);
  const winMatrix = indexedWinMatrix(indexMatches(matches));
  await time('  of which the MM iterations on the win matrix', () => fitWinMatrix(winMatrix), 11);
  for (const scheme of ['plain', 'game-weighted'] as const) {
    await time(`bootstrap ${scheme}, ${ROUNDS} rounds`, () => bootstrap(matches, { scheme, rounds: ROUNDS }));
  }
  await time('Elo', () => eloRatings(matches));
  await time('TrueSkill (incl. loading ts-trueskill)', () => trueSkillRatings(matches));

  const estimated = fit.agents.map((_, k) => fit.beta[k]!);
  const truth = fit.agents.map((id) => strength[Number(id.slice('agent-'.length))]!);
  console.log(
    `\nSpearman(true strength, BT β) = ${spearman(truth, estimated).toFixed(4)} (BT used ${fit.iterations} MM iterations)`,
  );
}

await main();
