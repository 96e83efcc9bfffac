// A game's engine against uniformly random players, through the game's definition as the arena plays it (the engine
// decides on its own seat's view only): one seeded match, and the measure over many that every game's engine test and
// `npm run bench:engine <game>` report — the engine holding each side in turn, and on the same seeds a random player
// in its place, as the baseline. A game whose matches the generic loop cannot play (an open-ended move such as a
// spymaster's clue, sides drawn per match) gives its own `EnginePlayout` in games/<id>/playout.ts.
import { sameScore } from '../outcomes';
import { createRng } from './rng';
import { seatName, type EngineOptions, type GameDef, type Outcome, type Rng, type Seat } from './types';

export interface Playout {
  outcome: Outcome;
  /** Moves played in all, by the engine's seats, and by each seat. */
  plies: number;
  enginePlies: number;
  seatPlies: number[];
}

/**
 * Plays `game` to its end with the engine in `engineSeats` and random moves in the others, every random draw (setup,
 * moves, the engine's) from `rng`. Seats that act at once (simultaneous moves) all choose before any move is applied.
 * Throws on an open-ended turn (`legalActions` null): such a game needs a playout of its own.
 */
export function playEngineVsRandom(
  game: GameDef,
  rng: Rng,
  opts: { engineSeats: readonly Seat[]; numPlayers?: number; config?: unknown; engineOptions?: EngineOptions },
): Playout {
  const numPlayers = opts.numPlayers ?? 2;
  let s = game.setup({ numPlayers, config: opts.config ?? {}, rng });
  const engine = new Set(opts.engineSeats);
  const seatPlies = new Array<number>(numPlayers).fill(0);
  let plies = 0;
  let enginePlies = 0;
  for (let active = game.activeSeats(s); active.length; active = game.activeSeats(s)) {
    const chosen = active.map((seat) => {
      const legal = game.legalActions(s, seat);
      if (!legal)
        throw new Error(
          `${game.meta.title}: the move of ${seatName(game, seat)} at ply ${plies} is open-ended (no list of legal moves): the generic playout cannot play it, the game needs its own (games/${game.id}/playout.ts)`,
        );
      return {
        seat,
        a: engine.has(seat)
          ? game.engine(game.view(s, { seat }), seat, legal, rng, opts.engineOptions ?? {})
          : rng.pick(legal),
      };
    });
    for (const { seat, a } of chosen) {
      s = game.apply(s, seat, a, rng);
      plies++;
      seatPlies[seat]!++;
      if (engine.has(seat)) enginePlies++;
    }
  }
  return { outcome: game.outcome(s)!, plies, enginePlies, seatPlies };
}

/** Who holds the measured side in one match: the game's engine, or (the baseline, on the same seed) a random player. */
export type SidePlayer = 'engine' | 'random';

/** One measured match: random players hold every seat outside `side`. */
export interface SideMatch {
  /** Index of the side the measured player holds, in `EnginePlayout.sides`. */
  side: number;
  player: SidePlayer;
  /** The match's config, parsed. */
  config: unknown;
  /** Every random draw of the match (deal, random players, the engine's) comes from this seed. */
  seed: string;
  engineOptions: EngineOptions;
}

export interface SideResult {
  /** Against the other sides (the side with the highest summed score wins); `shared` when the game has one side. */
  result: 'win' | 'draw' | 'loss' | 'shared';
  /** The side's summed score (GameBench's convention: the scores of a match sum to 1). */
  score: number;
  /** The side's mean raw reward per seat (chips, points; a cooperative game's team score); null when the game has none. */
  reward: number | null;
  plies: number;
  /** Moves made by the side's seats. */
  sidePlies: number;
}

/** How a game's measured matches are played: `genericPlayout`, or the game's own (games/<id>/playout.ts `playout`). */
export interface EnginePlayout {
  /** The sides the measured player takes in turn, by name, for a parsed config. */
  sides(game: GameDef, config: unknown): string[];
  play(game: GameDef, match: SideMatch): SideResult;
}

/**
 * The seats of each side: all seats together in a cooperative game, the game's `meta.sides` in a team game, else one
 * seat each, for the game's usual number of players with this config.
 */
export function sideSeats(game: GameDef, config: unknown): Seat[][] {
  const seats = Array.from({ length: game.defaultPlayers(config) }, (_, s) => s);
  if (game.meta.scoring === 'cooperative') return [seats];
  return game.meta.sides?.map((side) => [...side]) ?? seats.map((s) => [s]);
}

/** A side's result from the outcome, given every side's seats. */
export function sideResult(
  outcome: Outcome,
  sides: readonly (readonly Seat[])[],
  side: number,
  plies: { plies: number; sidePlies: number },
): SideResult {
  const sum = (xs: number[]) => xs.reduce((a, x) => a + x, 0);
  const totals = sides.map((seats) => sum(seats.map((s) => outcome.scores[s] ?? 0)));
  const mine = sides[side]!;
  const best = Math.max(...totals);
  const result =
    sides.length < 2
      ? 'shared'
      : !sameScore(totals[side]!, best)
        ? 'loss'
        : totals.filter((t) => sameScore(t, best)).length > 1
          ? 'draw'
          : 'win';
  const rewards = outcome.rewards;
  return {
    result,
    score: totals[side]!,
    reward: rewards ? sum(mine.map((s) => rewards[s] ?? 0)) / mine.length : null,
    ...plies,
  };
}

/** The generic measured match: `playEngineVsRandom` with the measured player on one side of `sideSeats`. */
export const genericPlayout: EnginePlayout = {
  sides: (game, config) =>
    sideSeats(game, config).map((seats, i, all) =>
      all.length === 1 ? 'every seat' : seats.map((s) => seatName(game, s)).join(', ') || `side ${i + 1}`,
    ),
  play: (game, m) => {
    const sides = sideSeats(game, m.config);
    const mine = sides[m.side]!;
    const p = playEngineVsRandom(game, createRng(m.seed), {
      engineSeats: m.player === 'engine' ? mine : [],
      numPlayers: game.defaultPlayers(m.config),
      config: m.config,
      engineOptions: m.engineOptions,
    });
    return sideResult(p.outcome, sides, m.side, {
      plies: p.plies,
      sidePlies: mine.reduce((a, s) => a + (p.seatPlies[s] ?? 0), 0),
    });
  },
};

/** A player's results over the measured matches. */
export interface EngineTally {
  matches: number;
  wins: number;
  draws: number;
  losses: number;
  /** Mean of the side's summed score. */
  meanScore: number;
  /** Mean of the side's reward per seat; null when the game has none. */
  meanReward: number | null;
  meanPlies: number;
  meanSidePlies: number;
  /** Wall-clock time per match (the bench prints it; tests never assert on it). */
  msPerMatch: number;
}

/** `Baseline`: the random baseline's tally, or null when it was skipped (`baseline: false`). */
export interface EngineMeasure<Baseline extends EngineTally | null = EngineTally> {
  /** The engine's results and, on the same seeds and sides, a random player's. */
  engine: EngineTally;
  random: Baseline;
  /** The same, per side the measured player held. */
  sides: { name: string; engine: EngineTally; random: Baseline }[];
}

export interface MeasureOptions {
  matches: number;
  /** Default: `<game id>-engine`. */
  seed?: string;
  /** Default: the game's defaults. */
  config?: unknown;
  engineOptions?: EngineOptions;
  /** Default: `genericPlayout`. */
  playout?: EnginePlayout;
  /** Play the random baseline too (default true; a test that does not read it may skip it). */
  baseline?: boolean;
}

/**
 * The engine against random players over `matches` seeded matches (`<seed>-<i>`), holding side i % sides in the i-th,
 * and a random player in its place on the same seeds and sides (the baseline: what the engine adds over chance).
 */
export function measureEngine(game: GameDef, opts: MeasureOptions & { baseline: false }): EngineMeasure<null>;
export function measureEngine(game: GameDef, opts: MeasureOptions): EngineMeasure;
export function measureEngine(game: GameDef, opts: MeasureOptions): EngineMeasure<EngineTally | null> {
  const config = game.parseConfig(opts.config ?? {});
  const playout = opts.playout ?? genericPlayout;
  const names = playout.sides(game, config);
  const seed = opts.seed ?? `${game.id}-engine`;
  const runs: Record<SidePlayer, { side: number; r: SideResult; ms: number }[]> = { engine: [], random: [] };
  for (let i = 0; i < opts.matches; i++) {
    const side = i % names.length;
    for (const player of opts.baseline === false ? (['engine'] as const) : (['engine', 'random'] as const)) {
      const started = performance.now();
      const r = playout.play(game, {
        side,
        player,
        config,
        seed: `${seed}-${i}`,
        engineOptions: opts.engineOptions ?? {},
      });
      runs[player].push({ side, r, ms: performance.now() - started });
    }
  }
  const tally = (xs: { r: SideResult; ms: number }[]): EngineTally => {
    const n = xs.length || 1;
    const mean = (f: (x: { r: SideResult; ms: number }) => number) => xs.reduce((a, x) => a + f(x), 0) / n;
    const count = (result: SideResult['result']) => xs.filter((x) => x.r.result === result).length;
    return {
      matches: xs.length,
      wins: count('win'),
      draws: count('draw'),
      losses: count('loss'),
      meanScore: mean((x) => x.r.score),
      meanReward: xs.length && xs.every((x) => x.r.reward !== null) ? mean((x) => x.r.reward!) : null,
      meanPlies: mean((x) => x.r.plies),
      meanSidePlies: mean((x) => x.r.sidePlies),
      msPerMatch: mean((x) => x.ms),
    };
  };
  const baseline = opts.baseline !== false;
  return {
    engine: tally(runs.engine),
    random: baseline ? tally(runs.random) : null,
    sides: names.map((name, side) => ({
      name,
      engine: tally(runs.engine.filter((x) => x.side === side)),
      random: baseline ? tally(runs.random.filter((x) => x.side === side)) : null,
    })),
  };
}
