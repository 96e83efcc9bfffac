// The random baseline: uniform over the legal moves; under the gamebench preset, in a game that shows its turns as
// GameBench did, GameBench's RandomAgent over those menus (lib/engine/gamebench-random.ts).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ticTacToe } from '../../games/tictactoe';
import type { GameBenchTurn } from '../../lib/engine/gamebench-turn';
import { createRng } from '../../lib/engine/rng';
import type { GameDef } from '../../lib/engine/types';
import { randomAgent } from './random';
import type { TurnContext } from './types';

type Place = { type: 'place'; row: number; col: number };
const schema = z.object({ gb: z.boolean().optional() }).strict();
/** GameBench-like menus for Tic-Tac-Toe: a row first, then a square of it. */
const byRow = (legal: Place[]): GameBenchTurn => {
  const menu = (ids: string[], resolve: GameBenchTurn['resolve']): GameBenchTurn => ({
    source: 'gamebench',
    title: 'Tic-Tac-Toe',
    summary: '',
    details: null,
    observation: '',
    instructions: '',
    predefined: ids.map((id) => ({ id, description: null })),
    openended: [],
    resolve,
  });
  const rows = [...new Set(legal.map((a) => a.row))];
  return menu(
    rows.map((r) => `row ${r}`),
    (id) => {
      const row = Number(id.slice(4));
      const here = legal.filter((a) => a.row === row);
      return {
        next: menu(
          here.map((a) => `col ${a.col}`),
          (c) => ({ action: here.find((a) => `col ${a.col}` === c)! }),
        ),
      };
    },
  );
};
const game = {
  ...ticTacToe,
  parseConfig: (c: unknown) => schema.parse(c ?? {}),
  defaultConfig: {},
  meta: { ...ticTacToe.meta, settingsPresets: [{ label: 'gamebench', help: '', config: { gb: true } }] },
  gamebench: (_view: unknown, _seat: number, legal: { type: string }[] | null) => byRow(legal as Place[]),
} as unknown as GameDef;

/** Row 1 has one free square, rows 2 and 3 have three each. */
const legal: Place[] = [
  { type: 'place', row: 1, col: 3 },
  ...[2, 3].flatMap((row) => [1, 2, 3].map((col): Place => ({ type: 'place', row, col }))),
];
function ctx(config: unknown, i: number): TurnContext {
  return {
    game,
    config,
    matchId: 'm',
    numPlayers: 2,
    seat: 0,
    ply: 0,
    attempt: 0,
    view: {},
    legal,
    rejections: [],
    rng: createRng(`random-${i}`),
    signal: new AbortController().signal,
  };
}
async function shareOfLoneSquare(config: unknown): Promise<number> {
  const n = 3000;
  let lone = 0;
  for (let i = 0; i < n; i++) {
    const ans = await randomAgent.act(ctx(config, i));
    if (!ans.ok) throw new Error(ans.error);
    expect(legal).toContainEqual(ans.action);
    if ((ans.action as Place).row === 1) lone++;
  }
  return lone / n;
}

describe('the random baseline', () => {
  it('chooses uniformly among the legal moves under any other settings (the lone square: 1/7)', async () => {
    expect(await shareOfLoneSquare({})).toBeCloseTo(1 / 7, 1);
  });

  it('chooses as GameBench’s RandomAgent under the gamebench preset: each menu uniformly (the lone square: 1/3)', async () => {
    expect(await shareOfLoneSquare({ gb: true })).toBeCloseTo(1 / 3, 1);
  });
});
