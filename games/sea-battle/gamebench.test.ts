// Sea Battle's `gamebench` hook (gamebench.ts): the turn exactly as GameBench's own code prints it for the same
// position, every id resolving to an order the game accepts, and GameBench's random agent over its menu giving
// GameBench's random-vs-random statistics under the `gamebench` preset.
import { describe, expect, it } from 'vitest';
import { gamebenchRandomAction } from '../../lib/engine/gamebench-random';
import type { GameBenchTurn } from '../../lib/engine/gamebench-turn';
import { createRng } from '../../lib/engine/rng';
import { seaBattle } from '.';
import { GAMEBENCH_ORDERS } from './gamebench';
import { NUM_SEATS, makeState, type SeaBattleAction, type SeaBattleState } from './rules';

const preset = seaBattle.meta.settingsPresets.find((p) => p.label === 'gamebench')!.config;

const turnOf = (s: SeaBattleState, seat: number, config: unknown = preset): GameBenchTurn =>
  seaBattle.gamebench!(seaBattle.view(s, { seat }), seat, seaBattle.legalActions(s, seat) as SeaBattleAction[], config);

/**
 * GameBench's own output for the position below, produced by running its code (games/sea_battle.py at HEAD of
 * Joshuaclymer/GameBench, Python 3.11, PIL stubbed and `Rules.__hash__` set as scripts/reference/gamebench_random.py
 * does): `g = SeaBattle(); g.init_game(RandomAgent, RandomAgent)`, then each `g._players[i].location =
 * Location(x + y*1j, {E: 1, N: 1j, W: -1, S: -1j}[h])` and `.damage.damage = d` for the six ships below, `g.rocks =
 * g.rocks[:96] + [Location(x + y*1j) for the 14 rocks]`, and `g.get_observation(g.agents[seat])` for seats 0 and 4,
 * printed with json.dumps (games/sea-battle/gamebench-reference.py).
 */
const GAMEBENCH = {
  title: 'Sea Battle',
  summary: "Sink all of your opponent team's ships before they sink all of your team's ships.",
  details: {
    Damage:
      'Players can be damaged in three ways: (1) by getting shot at by another player, (2) by sailing into a rock, (3) by colliding with another ship.',
    Sinking: 'After a player has sustained enough damage, they sink and cannot play the rest of the round.',
    Winning: 'A team wins if they have at least one live ship when all of their opponents have sunken.',
    Board: "The board is a 24x24 grid. Some squares are occupied by rocks and some are occupied by players' ships.",
    Gameplay:
      "Each turn, all players choose how they want to move and how they want to shoot. All players' choices are executed simultaneously.",
    Teams: 'At the start of the game, there are three players on each team.',
  },
  observation0:
    "Rocks line the border of the 24 by 24 board.\nYour ship is located at (5, 7) facing North.\nA teammate's ship is located at (12, 3) facing East.\nAn opponent's ship is located at (6, 9) facing South.\nAn opponent's ship is located at (17, 14) facing West.\nAn opponent's ship is located at (2, 21) facing East.\nThere are more rocks located at (18, 0), (19, 0), (20, 0), (21, 0), (22, 0), (23, 0), (9, 9), (3, 4), (15, 2), (21, 11), (7, 18), (11, 13), (1, 1), (22, 22), (13, 6), (4, 16), (18, 8), (10, 21), (16, 19), (8, 5)\nYou've sustained 3 damage. If you reach 10, you will sink.",
  observation4:
    "Rocks line the border of the 24 by 24 board.\nAn opponent's ship is located at (5, 7) facing North.\nAn opponent's ship is located at (12, 3) facing East.\nA teammate's ship is located at (6, 9) facing South.\nYour ship is located at (17, 14) facing West.\nA teammate's ship is located at (2, 21) facing East.\nThere are more rocks located at (18, 0), (19, 0), (20, 0), (21, 0), (22, 0), (23, 0), (9, 9), (3, 4), (15, 2), (21, 11), (7, 18), (11, 13), (1, 1), (22, 22), (13, 6), (4, 16), (18, 8), (10, 21), (16, 19), (8, 5)\nYou've sustained 8 damage. If you reach 10, you will sink.",
  // The same for both seats.
  instructions: 'Decide how you will move and shoot this turn.',
  predefined: {
    'move left then shoot left':
      'Move forward one square, rotate left, move forward another square, then shoot to your left.',
    'move left then shoot right':
      'Move forward one square, rotate left, move forward another square, then shoot to your right.',
    'move forward then shoot left': 'Move forward one square, then shoot to your left.',
    'move forward then shoot right': 'Move forward one square, then shoot to your right.',
    'move right then shoot left':
      'Move forward one square, rotate right, move forward another square, then shoot to your left.',
    'move right then shoot right':
      'Move forward one square, rotate right, move forward another square, then shoot to your right.',
    "don't move then shoot left": "Don't move, then shoot to your left.",
    "don't move then shoot right": "Don't move, then shoot to your right.",
  },
  openended: {},
};

/** The position GameBench was shown: Red 3 sunk (GameBench: damage 10, out of `players`). */
const position = (): SeaBattleState =>
  makeState(
    [
      { x: 5, y: 7, heading: 'N', damage: 3 },
      { x: 12, y: 3, heading: 'E' },
      { x: 20, y: 20, heading: 'W', damage: 10, sunk: true },
      { x: 6, y: 9, heading: 'S', damage: 4 },
      { x: 17, y: 14, heading: 'W', damage: 8 },
      { x: 2, y: 21, heading: 'E', damage: 1 },
    ],
    [
      [9, 9],
      [3, 4],
      [15, 2],
      [21, 11],
      [7, 18],
      [11, 13],
      [1, 1],
      [22, 22],
      [13, 6],
      [4, 16],
      [18, 8],
      [10, 21],
      [16, 19],
      [8, 5],
    ],
    { maxTurns: null },
  );

/** ln Γ(x) for x ≥ 1 (Stirling's series; exact enough for binomial tails). */
function lgamma(x: number): number {
  if (x < 8) return lgamma(x + 1) - Math.log(x);
  return (x - 0.5) * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI) + 1 / (12 * x) - 1 / (360 * x ** 3);
}

const menuOf = (t: GameBenchTurn) => Object.fromEntries(t.predefined.map((a) => [a.id, a.description]));

describe("Sea Battle's turn as GameBench shows it", () => {
  it('equals what GameBench’s code prints for the same position, for a Red and a Blue ship', () => {
    const s = position();
    for (const [seat, observation] of [
      [0, GAMEBENCH.observation0],
      [4, GAMEBENCH.observation4],
    ] as const) {
      const t = turnOf(s, seat);
      expect(t.source).toBe('gamebench');
      expect(t.title).toBe(GAMEBENCH.title);
      expect(t.summary).toBe(GAMEBENCH.summary);
      // Topic headings and texts in GameBench's order (a dict's insertion order).
      expect(t.details).toEqual(Object.entries(GAMEBENCH.details));
      expect(t.observation).toBe(observation);
      expect(t.instructions).toBe(GAMEBENCH.instructions);
      expect(t.predefined.map((a) => a.id)).toEqual(Object.keys(GAMEBENCH.predefined));
      expect(menuOf(t)).toEqual(GAMEBENCH.predefined);
      expect(t.openended).toEqual([]);
    }
  });

  it('shows nothing the arena adds: no last turn, no teammates’ damage, no staged orders', () => {
    let s = position();
    s = seaBattle.apply(s, 1, { type: 'order', move: 'forward', shoot: 'left' }, createRng('x'));
    const t = turnOf(s, 0);
    // Red 2's staged order and damage are in Red 1's view, but not in GameBench's text.
    expect(t.observation).toBe(GAMEBENCH.observation0);
    expect(t.observation).not.toMatch(/\b(Red|Blue|order|orders|turn)\b/);
  });

  it('resolves each id to its order, and refuses anything else with the reason', () => {
    const t = turnOf(position(), 0);
    for (const o of GAMEBENCH_ORDERS) expect(t.resolve(o.id, undefined)).toEqual({ action: o.action });
    expect(t.resolve('move backward then shoot left', undefined)).toMatchObject({
      error: expect.stringMatching(/not one of GameBench's eight orders/) as unknown,
    });
    // A ship that has given its order has no legal move: the ids resolve to none.
    const s = seaBattle.apply(position(), 0, { type: 'order', move: 'stay', shoot: 'left' }, createRng('x'));
    expect(turnOf(s, 0).resolve('move forward then shoot left', undefined)).toMatchObject({
      error: expect.stringMatching(/not a legal order now/) as unknown,
    });
  });

  it('over seeded playouts under the preset, every id is an accepted order and every legal order has its id', () => {
    for (let i = 0; i < 3; i++) {
      const rng = createRng(`sea-battle-gamebench-menus-${i}`);
      let s = seaBattle.setup({ numPlayers: NUM_SEATS, config: preset, rng }) as SeaBattleState;
      let checked = 0;
      while (!seaBattle.outcome(s)) {
        const seat = seaBattle.activeSeats(s)[0]!;
        const legal = seaBattle.legalActions(s, seat) as SeaBattleAction[];
        const t = turnOf(s, seat);
        const reached = t.predefined.map((a) => {
          const c = t.resolve(a.id, undefined);
          if (!('action' in c)) throw new Error(`${a.id}: ${JSON.stringify(c)}`);
          expect(seaBattle.reject(s, seat, c.action as SeaBattleAction)).toBeNull();
          return JSON.stringify(c.action);
        });
        for (const a of legal) expect(reached).toContain(JSON.stringify(a));
        const chosen = gamebenchRandomAction(t, rng);
        if (!('action' in chosen)) throw new Error(chosen.error);
        s = seaBattle.apply(s, seat, chosen.action as SeaBattleAction, rng);
        checked++;
      }
      expect(checked).toBeGreaterThan(50);
    }
  });

  it('GameBench’s random agent over the menu gives GameBench’s random-vs-random statistics', () => {
    // GameBench's sea_battle.py with its RandomAgent over 6,000 matches (rules.ts, docs/games.md): Red 49.6 %, Blue
    // 49.4 %, draws 0.9 %; mean 61.2 turns (sd ~21.5). Each rate must lie within 3 standard errors of both samples.
    const ref = { n: 6000, red: 0.496, blue: 0.494, draw: 0.009, meanTurns: 61.2, sdTurns: 21.5 };
    const n = 500;
    let red = 0;
    let blue = 0;
    let draws = 0;
    let turns = 0;
    for (let i = 0; i < n; i++) {
      const rng = createRng(`sea-battle-gamebench-random-${i}`);
      let s = seaBattle.setup({ numPlayers: NUM_SEATS, config: preset, rng }) as SeaBattleState;
      for (let o = seaBattle.outcome(s); !o; o = seaBattle.outcome(s)) {
        const seat = seaBattle.activeSeats(s)[0]!;
        const chosen = gamebenchRandomAction(turnOf(s, seat), rng);
        if (!('action' in chosen)) throw new Error(chosen.error);
        s = seaBattle.apply(s, seat, chosen.action as SeaBattleAction, rng);
      }
      const out = seaBattle.outcome(s)!;
      if (out.summary === 'Red wins') red++;
      else if (out.summary === 'Blue wins') blue++;
      else draws++;
      turns += Number(/(?:turn|limit of|after) (\d+)/i.exec(out.reason)![1]) / n;
    }
    // Each rate by the exact binomial tail under GameBench's rate (the normal approximation is poor for the ~1 % of
    // draws): the observed count must not lie further out than 3 standard errors' worth, a one-sided tail of 0.135 %.
    // GameBench's own sampling error is left out, which only makes the check stricter.
    const logChoose = (k: number) => lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1);
    const pmf = (k: number, p: number) => Math.exp(logChoose(k) + k * Math.log(p) + (n - k) * Math.log(1 - p));
    const within = (k: number, p: number) => {
      let below = 0;
      for (let j = 0; j <= k; j++) below += pmf(j, p);
      const above = 1 - below + pmf(k, p);
      expect(Math.min(below, above)).toBeGreaterThan(0.00135);
    };
    within(red, ref.red);
    within(blue, ref.blue);
    within(draws, ref.draw);
    const seTurns = ref.sdTurns * Math.sqrt(1 / n + 1 / ref.n);
    expect(Math.abs(turns - ref.meanTurns)).toBeLessThan(3 * seTurns);
  }, 60_000);
});
