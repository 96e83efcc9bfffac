// A game's engine baseline against uniformly random players over seeded matches (lib/engine/playout.ts's
// measureEngine, the measure its engine test asserts on): the engine holds each side in turn, and on the same seeds
// and sides a random player in its place gives the baseline. With the game's default settings, then its demo settings
// when it has its own. A game the generic loop cannot play brings its own games/<id>/playout.ts (found by its id).
//   npm run bench:engine <game> [matches=200] [depth]
import { existsSync } from 'node:fs';
import { games, getGame } from '../games/registry';
import {
  genericPlayout,
  measureEngine,
  type EngineMeasure,
  type EnginePlayout,
  type EngineTally,
} from '../lib/engine/playout';

const [id, matchesArg, depthArg] = process.argv.slice(2);
const game = id ? getGame(id) : undefined;
if (!game) {
  console.error(
    `usage: npm run bench:engine <game> [matches=200] [depth]\ngames: ${games.map((g) => g.id).join(', ')}`,
  );
  process.exit(2);
}
const matches = Number(matchesArg ?? 200);
const depth = depthArg === undefined ? undefined : Number(depthArg);
if (!Number.isInteger(matches) || matches < 1 || (depth !== undefined && !(Number.isInteger(depth) && depth >= 1))) {
  console.error('matches and depth are whole numbers of at least 1');
  process.exit(2);
}

// The game's own playout, when its folder has one (the id is the registry's, so the path is one of its folders).
const own = new URL(`../games/${game.id}/playout.ts`, import.meta.url);
const playout: EnginePlayout = existsSync(own) ? (await import(own.href)).playout : genericPlayout;

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`;
const reward = (t: EngineTally) => (t.meanReward === null ? '' : `, mean reward ${t.meanReward.toFixed(2)}`);
// A cooperative game has one side (every seat): no win or loss, its reward is the team's score.
const line = (t: EngineTally) =>
  t.wins + t.draws + t.losses === 0
    ? `mean team score ${t.meanReward?.toFixed(2) ?? '—'}`
    : `wins ${t.wins} (${pct(t.wins, t.matches)}), draws ${t.draws}, losses ${t.losses}; mean score ${t.meanScore.toFixed(3)}${reward(t)}`;

const configs: [string, unknown][] = [['default settings', game.defaultConfig]];
if (game.demoConfig !== null) configs.push(['demo settings', game.demoConfig]);
for (const [label, config] of configs) {
  let m: EngineMeasure;
  try {
    m = measureEngine(game, {
      matches,
      seed: `bench-${game.id}`,
      config,
      engineOptions: depth === undefined ? {} : { depth },
      playout,
    });
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  console.log(
    `${game.meta.title} (${label}${depth === undefined ? '' : `, depth ${depth}`}), engine vs random, ${matches} seeded matches, the engine holding each side in turn:`,
  );
  console.log(`  engine: ${line(m.engine)}`);
  console.log(`  random in its place, same seeds: ${line(m.random)}`);
  if (m.sides.length > 1)
    for (const s of m.sides) console.log(`    as ${s.name}: engine ${line(s.engine)} | random ${line(s.random)}`);
  console.log(
    `  ${m.engine.msPerMatch.toFixed(1)} ms a match with the engine (${m.random.msPerMatch.toFixed(1)} random); plies a match ${m.engine.meanPlies.toFixed(1)} (${m.engine.meanSidePlies.toFixed(1)} by the engine), ${m.random.meanPlies.toFixed(1)} random vs random`,
  );
}
