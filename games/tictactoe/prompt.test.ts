// Tic-tac-toe prompts: the system and turn text, the exact answer format and the forgiving parser.
import { describe, expect, it } from 'vitest';
import { prompt } from './prompt';
import { apply, legalActions, setup, view } from './rules';

const place = (row: number, col: number) => ({ type: 'place' as const, row, col });
const X = 0;
const O = 1;
const parse = (reply: string, seat = X) => prompt.parse(reply, seat, null);

describe('format', () => {
  it('writes the mark and the square', () => {
    expect(prompt.format(place(1, 3), X)).toBe('X: (1,3)');
    expect(prompt.format(place(2, 2), O)).toBe('O: (2,2)');
  });
});

describe('parse', () => {
  it.each([
    ['X: (1,3)'],
    ['X : ( 1 , 3 )'],
    ['x: (1,3)'],
    ['(1,3)'],
    ['1,3'],
    ['1, 3'],
    ['row 1, column 3'],
    ['Row 1 and Column 3'],
    ['column 3, row 1'],
    ['**X: (1,3)**'],
    ['`X: (1,3)`'],
    ['```\nX: (1,3)\n```'],
    ['```text\nX: (1, 3)\n```'],
    ['X plays (1,3)'],
    ['X: 1,3'],
    ['My move: X: (1,3).'],
  ])('reads %j as (1,3)', (reply) => {
    expect(parse(reply)).toEqual({ action: place(1, 3) });
  });

  it('takes the last answer when the reasoning mentions other squares first', () => {
    const reply = [
      'O holds the centre (2,2), so I cannot take it.',
      'I considered X: (3,1), which blocks nothing.',
      'Row 1, column 2 is also free, but the corner is better.',
      '',
      '**Answer:** X: (1,3)',
    ].join('\n');
    expect(parse(reply)).toEqual({ action: place(1, 3) });
  });

  it('takes the last unmarked square when no answer carries the mark', () => {
    expect(parse('The centre (2,2) is taken, so I will play (3,1).')).toEqual({ action: place(3, 1) });
  });

  it('prefers an answer with the own mark over an unmarked square written after it', () => {
    expect(parse('X: (3,3)\nThis blocks the threat along (1,1)-(3,3).')).toEqual({ action: place(3, 3) });
  });

  it('reads squares off the board, leaving the range check to reject', () => {
    expect(parse('X: (4,1)')).toEqual({ action: place(4, 1) });
  });

  it('refuses an answer written for the other mark', () => {
    const r = prompt.parse('O: (1,3)', X, null);
    expect(r).toEqual({ error: expect.stringContaining('You play X') });
    expect('error' in r && r.error).toContain('X: (');
  });

  it('accepts the opponent mark in the reasoning when the own answer comes last', () => {
    expect(prompt.parse('If I take (1,1), X might answer X: (3,3). So: O: (2,2)', O, null)).toEqual({
      action: place(2, 2),
    });
  });

  it('returns an error naming the format for replies without a move', () => {
    for (const reply of ['', 'I resign.', 'the top left corner', 'X: top right']) {
      const r = prompt.parse(reply, O, [place(2, 2), place(3, 1)]);
      expect(r).toEqual({ error: expect.stringContaining('O: (2,2)') });
      expect('error' in r && r.error).toMatch(/row,col/);
    }
  });
});

describe('system and turn', () => {
  it('system gives the rules, an example, the seat’s mark and the exact answer format', () => {
    const text = prompt.system({}, O, 2);
    expect(text).toContain('You play O');
    expect(text).toMatch(/three marks in a line/);
    expect(text).toContain('X completes the diagonal (1,3)-(3,1)');
    expect(text).toContain('\nO: (1,3)\n');
  });

  it('turn shows the board, the last move and the legal moves in the shared convention', () => {
    const s = apply(apply(setup(), 0, place(1, 1)), 1, place(2, 2));
    const text = prompt.turn(view(s), X, legalActions(s, X), {});
    expect(text).toContain('  1 2 3\n1 X . .\n2 . O .\n3 . . .');
    expect(text).toContain('Last move: O at (2,2).');
    expect(text).toContain('It is your turn.');
    const lines = text.split('\n');
    const at = lines.indexOf('Legal moves:');
    expect(lines.slice(at + 1, at + 8)).toEqual([
      '- X: (1,2)',
      '- X: (1,3)',
      '- X: (2,1)',
      '- X: (2,3)',
      '- X: (3,1)',
      '- X: (3,2)',
      '- X: (3,3)',
    ]);
    expect(lines[at + 8]).toMatch(/exactly this format: X: \(row,col\)/);
  });
});

describe('ablation: without position hint (LLMArena Table 2)', () => {
  const s = apply(apply(setup(), 0, place(1, 1)), 1, place(2, 2));
  const legal = legalActions(s, X);
  const off = prompt.turn(view(s), X, legal, {});
  const on = prompt.turn(view(s), X, legal, {}, { switches: ['tictactoe:no-position-hint'] });

  it('with the switch the list of squares that may be marked is left out; the rest of the turn is unchanged', () => {
    expect(off).toContain('Legal moves:\n- X: (1,2)');
    expect(on).not.toContain('Legal moves:');
    expect(on).not.toMatch(/^- X: \(\d,\d\)$/m);
    expect(on).toContain('  1 2 3\n1 X . .\n2 . O .\n3 . . .');
    expect(on).toMatch(/exactly this format: X: \(row,col\)/);
    expect(off.split('\n').filter((l) => !/^- X: \(\d,\d\)$/.test(l) && l !== 'Legal moves:')).toEqual(on.split('\n'));
  });

  it('another game’s switch changes nothing', () => {
    expect(prompt.turn(view(s), X, legal, {}, { switches: ['connect-four:no-position-hint'] })).toBe(off);
  });

  it('the parser accepts the same answers with the switch on', () => {
    expect(prompt.parse('X: (3,3)', X, legal)).toEqual({ action: place(3, 3) });
    expect(prompt.parse('row 3, column 3', X, null)).toEqual({ action: place(3, 3) });
  });

  it('the game declares the switch, namespaced by its id', async () => {
    const { ticTacToe } = await import('./index');
    expect(ticTacToe.meta.promptSwitches.map((x) => x.id)).toEqual(['tictactoe:no-position-hint']);
  });
});
