// The simulated player of the "without position hint" ablation reads the board from the turn text (both games).
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { connectFourSim } from '../connect-four/sim';
import { prompt as c4Prompt } from '../connect-four/prompt';
import { connectFour } from '../connect-four';
import { applyMove, currentDeal, initialState } from '../../lib/engine/replay';
import { ticTacToe } from './index';
import { prompt } from './prompt';
import { ticTacToeSim } from './sim';

const turnOf = (text: string, flawed: boolean, seed: string) => ({
  texts: [text],
  legal: null,
  flawed,
  careful: true,
  rng: createRng(seed),
});

describe('Tic-Tac-Toe without position hint', () => {
  // X at (1,1) and (2,2), O at (1,2): six squares left.
  let s = initialState(ticTacToe, {}, currentDeal('sim'), 2);
  for (const [ply, [row, col]] of [
    [1, 1],
    [1, 2],
    [2, 2],
  ].entries())
    s = applyMove(ticTacToe, s, currentDeal('sim'), {
      ply,
      seat: ply % 2,
      action: { type: 'place', row, col } as { type: string },
    });
  const text = prompt.turn(
    ticTacToe.view(s, { seat: 1 }),
    1,
    ticTacToe.legalActions(s, 1),
    {},
    { switches: ['tictactoe:no-position-hint'] },
  );

  it('names an empty square, in the asked format, and the rules accept it', () => {
    expect(text).not.toContain('Legal moves:');
    for (let i = 0; i < 30; i++) {
      const a = ticTacToeSim(turnOf(text, false, `ok-${i}`))!;
      expect(a.kind).toBe('ok');
      const parsed = prompt.parse(a.content, 1, null);
      expect(parsed).toHaveProperty('action');
      if ('action' in parsed) expect(ticTacToe.reject(s, 1, parsed.action)).toBeNull();
    }
  });

  it('a flawed answer may name a taken square, marked illegal exactly when the rules refuse it', () => {
    const kinds = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const a = ticTacToeSim(turnOf(text, true, `flaw-${i}`))!;
      const parsed = prompt.parse(a.content, 1, null);
      expect(parsed).toHaveProperty('action');
      if ('action' in parsed) expect(ticTacToe.reject(s, 1, parsed.action) === null).toBe(a.kind === 'ok');
      kinds.add(a.kind);
    }
    expect([...kinds].sort()).toEqual(['illegal', 'ok']);
  });

  it('stays out of turns that list the legal moves, and of other games', () => {
    const listed = prompt.turn(ticTacToe.view(s, { seat: 1 }), 1, ticTacToe.legalActions(s, 1), {});
    expect(ticTacToeSim({ ...turnOf(listed, false, 'x'), legal: ['O: (3,3)'] })).toBeNull();
    expect(ticTacToeSim(turnOf('Your word: moon', false, 'x'))).toBeNull();
  });
});

describe('Connect Four without position hint', () => {
  // Column 4 filled to the top.
  let s = initialState(connectFour, {}, currentDeal('sim'), 2);
  for (let ply = 0; ply < 6; ply++)
    s = applyMove(connectFour, s, currentDeal('sim'), {
      ply,
      seat: ply % 2,
      action: { type: 'drop', column: 4 } as { type: string },
    });
  const text = c4Prompt.turn(
    connectFour.view(s, { seat: 0 }),
    0,
    connectFour.legalActions(s, 0),
    {},
    { switches: ['connect-four:no-position-hint'] },
  );

  it('names a column that is not full, and a flawed answer may name the full one, marked illegal', () => {
    expect(text).not.toContain('Legal moves:');
    const seen = new Set<string>();
    for (let i = 0; i < 80; i++) {
      const flawed = i % 2 === 1;
      const a = connectFourSim(turnOf(text, flawed, `c4-${i}`))!;
      const parsed = c4Prompt.parse(a.content, 0, null);
      expect(parsed).toHaveProperty('action');
      if ('action' in parsed) expect(connectFour.reject(s, 0, parsed.action) === null).toBe(a.kind === 'ok');
      if (!flawed) expect(a.kind).toBe('ok');
      seen.add(a.kind);
    }
    expect(seen.has('illegal')).toBe(true);
  });
});
