// GameBench's RandomAgent on GameBench's menus: uniform over each menu's ids, a menu that leads to another chosen from
// the same way, an empty open-ended response.
import { describe, expect, it } from 'vitest';
import type { PyValue } from '../python-literal';
import { gamebenchRandomAction } from './gamebench-random';
import type { GameBenchAction, GameBenchTurn } from './gamebench-turn';
import { createRng } from './rng';

const menu = (predefined: string[], resolve: GameBenchTurn['resolve'], openended: string[] = []): GameBenchTurn => ({
  source: 'gamebench',
  title: 'T',
  summary: 'S',
  details: null,
  observation: 'O',
  instructions: 'I',
  predefined: predefined.map((id): GameBenchAction => ({ id, description: null })),
  openended: openended.map((id): GameBenchAction => ({ id, description: null })),
  resolve,
});

/** Hive-like: a piece first (A has one move, B three), then its move. */
const twoStep = menu(['A', 'B'], (piece) => ({
  next: menu(piece === 'A' ? ['a1'] : ['b1', 'b2', 'b3'], (move) => ({ action: { type: move } })),
}));

describe('GameBench’s random choice', () => {
  it('is uniform over each menu in turn, not over the moves: 1/2 for the lone move, 1/6 for each of three', () => {
    const n = 12_000;
    const rng = createRng('gamebench-random');
    const count = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const c = gamebenchRandomAction(twoStep, rng);
      if (!('action' in c)) throw new Error('no action');
      count.set(c.action.type, (count.get(c.action.type) ?? 0) + 1);
    }
    // Five standard errors: a flat choice over the four moves (1/4 each) is far outside.
    const within = (k: string, p: number) =>
      expect(Math.abs((count.get(k) ?? 0) / n - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / n));
    within('a1', 1 / 2);
    for (const k of ['b1', 'b2', 'b3']) within(k, 1 / 6);
  });

  it('draws among predefined and open-ended ids alike, and answers an open-ended one with an empty response', () => {
    const seen: [string, PyValue | undefined][] = [];
    const turn = menu(
      ['pass'],
      (id, response) => {
        seen.push([id, response]);
        return { action: { type: id } };
      },
      ['offer'],
    );
    const rng = createRng('gamebench-open');
    for (let i = 0; i < 200; i++) gamebenchRandomAction(turn, rng);
    expect(new Set(seen.map(([id]) => id))).toEqual(new Set(['pass', 'offer']));
    expect(seen.filter(([id]) => id === 'offer').every(([, r]) => r?.t === 'str' && r.v === '')).toBe(true);
    expect(seen.filter(([id]) => id === 'pass').every(([, r]) => r === undefined)).toBe(true);
  });

  it('says why when a menu is empty, refuses the choice, or never ends', () => {
    const rng = createRng('gamebench-errors');
    expect(
      gamebenchRandomAction(
        menu([], () => ({ error: 'x' })),
        rng,
      ),
    ).toEqual({
      error: 'GameBench’s menu offers no action',
    });
    expect(
      gamebenchRandomAction(
        menu(['a'], () => ({ error: 'refused' })),
        rng,
      ),
    ).toEqual({ error: 'refused' });
    const loop: GameBenchTurn = menu(['again'], () => ({ next: loop }));
    expect(gamebenchRandomAction(loop, rng)).toMatchObject({ error: expect.stringMatching(/more than 8 steps/) });
  });
});
