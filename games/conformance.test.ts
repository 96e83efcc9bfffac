// Runs the conformance harness over every registered game, and checks the harness itself catches broken games.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { games, testGames } from './registry';
import { ticTacToe } from './tictactoe';
import * as ticTacToeRules from './tictactoe/rules';
import type { GameDef, GameRules } from '../lib/engine/types';
import { defineGame } from '../lib/engine/define-game';
import {
  checkConformance,
  checkSecrets,
  jsonProblem,
  leakingEverything,
  leakingSeat,
  secondPerson,
} from '../lib/engine/conformance';
import { pit } from './pit';
import { LONG_COMPUTATION_TIMEOUT_MS, scaled } from '../lib/test-scale';

// 50 playouts per game in full, ARENA_TEST_SCALE of them in a run (lib/test-scale.ts): the same first seeds every run.
const playouts = scaled(50, 2);

/**
 * The playouts in tests of at most CHUNK each: playouts [first, first + count) of one config, so a failure names its
 * seeds and no test computes for minutes (one test of Hive's 50 took 137 s in a busy run, past the run's 120 s).
 */
const CHUNK = 10;
function chunks(
  count: number,
  config: 'demo settings' | 'its defaults',
): { first: number; count: number; config: typeof config }[] {
  return Array.from({ length: Math.ceil(count / CHUNK) }, (_, k) => ({
    first: k * CHUNK,
    count: Math.min(CHUNK, count - k * CHUNK),
    config,
  }));
}

describe.each([...games, ...testGames].map((g) => [g.id, g] as const))('%s', (_id, game) => {
  // A game with demo settings of its own (a shorter game: Hive's 250-turn cap is ~500 plies of ~100 legal moves each)
  // plays most of its playouts with them, and still a tenth (at least one) with its defaults.
  const whole = game.demoConfig === null ? playouts : Math.max(1, Math.round(playouts / 10));
  const runs = [...chunks(playouts - whole, 'demo settings'), ...chunks(whole, 'its defaults')];
  it.each(runs)(
    'keeps the game contract over $count seeded random playouts from seed $first, with $config',
    (run) => {
      const config = run.config === 'demo settings' ? game.demoConfig : undefined;
      expect(checkConformance(game, { seeds: run.count, firstSeed: run.first, config })).toEqual([]);
    },
    LONG_COMPUTATION_TIMEOUT_MS,
  );
  it(`plays ${playouts} playouts in all`, () => {
    expect(runs.reduce((n, r) => n + r.count, 0)).toBe(playouts);
  });
});

// The leak check can fail: every game with private information, given a view that shows everyone the whole state,
// is caught by its own declared secrets (a declaration the omniscient view does not contain could never catch it).
const secretive = [...games, ...testGames].filter((g) => g.secrets);
describe.each(secretive.map((g) => [g.id, g] as const))('the leak check of %s', (_id, game) => {
  it('passes the game as it is, and catches a view that shows every viewer the whole state', () => {
    expect(checkSecrets(game)).toEqual([]);
    expect(checkSecrets(leakingEverything(game)).join('\n')).toMatch(/secret .* appears in the view for seat \d/);
  });
});

describe('every game states its private information', () => {
  it('declares secrets or says why it has none, never both', () => {
    for (const g of [...games, ...testGames]) {
      expect(g.secrets === null, g.id).toBe(g.publicInformation !== null);
      // A game of imperfect information has something to keep.
      if (g.meta.info === 'imperfect') expect(g.secrets, g.id).not.toBeNull();
    }
  });
});

describe('the harness', () => {
  it('has unique game ids', () => {
    expect(new Set(games.map((g) => g.id)).size).toBe(games.length);
  });

  it('finds values that do not survive JSON', () => {
    expect(jsonProblem({ a: [1, 'x', null, { b: true }], c: undefined })).toBeNull();
    expect(jsonProblem({ a: new Map() })).toMatch(/view\.a is a Map/);
    expect(jsonProblem({ a: [1, NaN] })).toMatch(/view\.a\[1\] is NaN/);
    expect(jsonProblem({ f: () => 1 })).toMatch(/function/);
  });

  it('reports a parser that does not read its own format', () => {
    const broken: GameDef = { ...ticTacToe, prompt: { ...ticTacToe.prompt, format: () => 'I pass' } };
    expect(checkConformance(broken, { seeds: 1 }).join('\n')).toMatch(/parse\(format/);
  });

  it('reports an engine that answers an illegal move, while it is asked (the first enginePlies moves)', () => {
    // Illegal from the fourth move on: a square off the board.
    const late: GameDef = {
      ...ticTacToe,
      engine: (view, seat, legal, rng, opts) =>
        legal.length <= 6 ? { type: 'place', row: 9, col: 9 } : ticTacToe.engine(view, seat, legal, rng, opts),
    };
    expect(checkConformance(late, { seeds: 1 }).join('\n')).toMatch(/ply 3, seat \d: engine chose illegal action/);
    // Asked for the first three moves only, it never meets the positions where it goes wrong.
    expect(checkConformance(late, { seeds: 1, enginePlies: 3 })).toEqual([]);
    expect(checkConformance(late, { seeds: 1, engineSeeds: 0 })).toEqual([]);
  });

  it('reports GameBench menus (the gamebench hook) that lead to a move the game refuses, or offer nothing', () => {
    type Place = { type: 'place'; row: number; col: number };
    const menus = (ids: (legal: Place[]) => Place[]) =>
      ({
        ...ticTacToe,
        gamebench: (_v: unknown, _s: number, legal: Place[] | null) => ({
          source: 'gamebench' as const,
          title: 'Tic-Tac-Toe',
          summary: '',
          details: null,
          observation: '',
          instructions: '',
          predefined: ids(legal ?? []).map((a) => ({ id: `${a.row},${a.col}`, description: null })),
          openended: [],
          resolve: (id: string) => {
            const [row, col] = id.split(',').map(Number);
            return { action: { type: 'place', row: row!, col: col! } };
          },
        }),
      }) as unknown as GameDef;
    expect(
      checkConformance(
        menus((legal) => legal),
        { seeds: 1 },
      ),
    ).toEqual([]);
    // Every square offered, taken ones too.
    const all = [1, 2, 3].flatMap((row) => [1, 2, 3].map((col): Place => ({ type: 'place', row, col })));
    expect(
      checkConformance(
        menus(() => all),
        { seeds: 1 },
      ).join('\n'),
    ).toMatch(/GameBench's id \d,\d leads to \{"type":"place","row":\d,"col":\d\}, which the game refuses/);
    expect(
      checkConformance(
        menus(() => []),
        { seeds: 1 },
      ).join('\n'),
    ).toMatch(/GameBench's menu offers no action/);
  });

  it('reports a log line that speaks to its reader: spectators and replays read every line', () => {
    const chatty: GameDef = {
      ...ticTacToe,
      describe: (_p, _n, seat, a) => [{ text: `You play (${a.row},${a.col})`, visibleTo: [seat] }],
    };
    expect(checkConformance(chatty, { seeds: 1 }).join('\n')).toMatch(
      /describe writes "You play \(\d,\d\)" in the second person/,
    );
    const own: GameDef = {
      ...ticTacToe,
      describe: (_p, _n, seat, a) => [{ text: `X plays (${a.row},${a.col})`, yours: 'You play', visibleTo: [seat] }],
    };
    expect(checkConformance(own, { seeds: 1 })).toEqual([]);
    expect(secondPerson('Player 1 bids 18 (valuation 37)')).toBe(false);
    expect(secondPerson('You bid 18 (your valuation: 37)')).toBe(true);
    expect(secondPerson('Player 2: “I would give you my last apple”')).toBe(false);
  });

  it('reports a secret leaking into another seat’s view', () => {
    const leaky: GameDef = { ...ticTacToe, secrets: () => [{ seat: 1, values: ['toMove'] }] };
    expect(checkConformance(leaky, { seeds: 1 }).join('\n')).toMatch(
      /seat 1's secret "toMove" appears in the view for seat 0/,
    );
  });

  it('reports a declared secret the omniscient view does not write: the declaration is broken', () => {
    const pitLike: GameDef = { ...pit, secrets: () => [{ seat: 1, values: ['Wheat×3'] }] };
    expect(checkSecrets(pitLike, { seeds: 1, maxPlies: 0 })).toEqual([
      'pit: 2 players, seed 0, ply 0: secret "Wheat×3" of seat 1 is not in the omniscient view: declare secrets as the view writes them',
    ]);
    expect(checkConformance(pitLike, { seeds: 1 }).join('\n')).toMatch(
      /"Wheat×3" of seat 1 is not in the omniscient view/,
    );
  });

  it('catches one seat’s hand leaked to one other seat (Pit: seat 0 sees what seat 2 sees)', () => {
    const found = checkSecrets(leakingSeat(pit, 2, 0), { numPlayers: 4 }).join('\n');
    expect(found).toMatch(/seat 2's secret "\[.*\]" appears in the view for seat 0/);
    expect(found).not.toMatch(/view for seat [123]/);
  });

  it('reports outcomes that disagree with active seats and bad scores', () => {
    const endless: GameDef = { ...ticTacToe, outcome: () => null };
    expect(checkConformance(endless, { seeds: 1 }).join('\n')).toMatch(/activeSeats is \[\] but outcome is null|threw/);
    const greedy: GameDef = {
      ...ticTacToe,
      outcome: (s) => {
        const o = ticTacToe.outcome(s);
        return o && { ...o, scores: [1, 1] };
      },
    };
    expect(checkConformance(greedy, { seeds: 1 }).join('\n')).toMatch(/sum to 2/);
  });

  it('reports an apply that mutates the state', () => {
    const mutating: GameDef = {
      ...ticTacToe,
      apply: (s, seat, a, rng) => {
        const next = ticTacToe.apply(s, seat, a, rng);
        s.board[a.row - 1][a.col - 1] = 'X';
        return next;
      },
    };
    expect(checkConformance(mutating, { seeds: 1 }).join('\n')).toMatch(/apply mutated/);
  });

  it('reports a reject that lets a seat move out of turn or after the end: the platform’s check, put there by defineGame', () => {
    // The rules' own reject, without the definition's `turnRefusal` in front of it.
    const bare: GameDef = { ...ticTacToe, reject: ticTacToeRules.reject };
    // (A few playouts: one that ends on a full board leaves the rules nothing to accept.)
    const found = checkConformance(bare, { seeds: 5 }).join('\n');
    expect(found).toMatch(/reject accepts a move from seat 1, who is not to act/);
    expect(found).toMatch(/reject accepts a move from seat \d after the end/);
    expect(checkConformance(ticTacToe, { seeds: 1 })).toEqual([]);
  });

  it('reports a game that does not replay from its seed', () => {
    let calls = 0;
    const impure: GameDef = { ...ticTacToe, setup: (args) => ({ ...ticTacToe.setup(args), salt: calls++ }) };
    expect(checkConformance(impure, { seeds: 1 }).join('\n')).toMatch(
      /replaying the same seed and moves gave a different state after 0 moves/,
    );
  });

  it('plays simultaneous moves: every active seat acts, in seat order', () => {
    // A toy game: both seats pick 1 or 2 at once, three rounds, the higher total wins.
    type S = { round: number; picks: (number | null)[]; totals: number[] };
    type A = { type: 'pick'; n: number };
    const applied: number[] = [];
    const reducer: GameRules<S, A, object, unknown> = {
      configSchema: z.object({}),
      actionSchema: z.object({ type: z.literal('pick'), n: z.number() }),
      setup: () => ({ round: 0, picks: [null, null], totals: [0, 0] }),
      // Listed highest first, to check the harness applies in seat order, not list order.
      activeSeats: (s) => (s.round === 3 ? [] : [1, 0].filter((seat) => s.picks[seat] === null)),
      legalActions: (s, seat) =>
        s.round < 3 && s.picks[seat] === null ? [1, 2].map((n) => ({ type: 'pick' as const, n })) : [],
      // Its own rules only: the definition refuses a seat that has picked, and every seat once it is over.
      reject: (_s, _seat, a) => (a.n === 1 || a.n === 2 ? null : 'pick 1 or 2'),
      apply: (s, seat, a) => {
        applied.push(seat);
        const picks = s.picks.map((p, i) => (i === seat ? a.n : p));
        if (picks.some((p) => p === null)) return { ...s, picks };
        return { round: s.round + 1, picks: [null, null], totals: s.totals.map((t, i) => t + picks[i]!) };
      },
      outcome: (s) => {
        if (s.round < 3) return null;
        const [a, b] = s.totals as [number, number];
        return { scores: a === b ? [0.5, 0.5] : a > b ? [1, 0] : [0, 1], reason: 'totals' };
      },
      // Each seat sees only its own pick this round.
      view: (s, v) => ({ round: s.round, totals: s.totals, mine: 'seat' in v ? s.picks[v.seat] : null }),
      describe: (_p, _n, seat, a) => [{ text: `seat ${seat} picks ${a.n}`, visibleTo: [seat] }],
    };
    const toy = defineGame<S, A, object, unknown>({
      id: 'toy',
      version: 1,
      meta: {
        title: 'Toy',
        blurb: 'toy',
        minPlayers: 2,
        maxPlayers: 2,
        info: 'imperfect',
        chance: false,
        categories: [],
      },
      reducer,
      prompt: {
        system: () => 'Pick 1 or 2.',
        turn: (_v, _seat, legal) => ['Legal moves:', ...(legal ?? []).map((a) => `- ${a.n}`), 'Pick one.'].join('\n'),
        parse: (reply) => ({ action: { type: 'pick', n: Number(reply) } }),
        format: (a) => String(a.n),
      },
      rules: { summary: 'Pick numbers.', topics: {} },
      // (Its sealed picks are a secret a real game would declare; this toy checks the harness's simultaneous moves only.)
      publicInformation: 'a toy of simultaneous moves for the harness',
    });
    expect(checkConformance(toy, { seeds: 5 })).toEqual([]);
    // Both seats act in every round (playouts and their replays), seat 0 first.
    expect(applied.length).toBe(5 * 2 * 3 * 2);
    expect(applied.every((seat, i) => seat === i % 2)).toBe(true);
  });
});
