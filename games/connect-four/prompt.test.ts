// Connect Four prompts: the system and turn text, the exact answer format and the forgiving parser.
import { describe, expect, it } from 'vitest';
import { prompt } from './prompt';
import { apply, legalActions, setup, view } from './rules';

const drop = (column: number) => ({ type: 'drop' as const, column });
const X = 0;
const O = 1;

describe('format', () => {
  it('writes the mark and the column', () => {
    expect(prompt.format(drop(4), X)).toBe('X: 4');
    expect(prompt.format(drop(7), O)).toBe('O: 7');
  });
});

describe('parse', () => {
  it.each([
    ['X: 4'],
    ['X : 4'],
    ['x:4'],
    ['X: column 4'],
    ['X plays 4'],
    ['X drops in column 4'],
    ['**X: 4**'],
    ['`X: 4`'],
    ['```\nX: 4\n```'],
    ['column 4'],
    ['Column 4.'],
    ['4'],
    ['**4**'],
    ['Answer: 4'],
    ['I will play 4'],
  ])('reads %j as column 4', (reply) => {
    expect(prompt.parse(reply, X, null)).toEqual({ action: drop(4) });
  });

  it('takes the last answer when the reasoning mentions other columns first', () => {
    const reply = [
      'O threatens to connect in column 3, and X: 2 would not help.',
      'Dropping in column 6 sets up nothing.',
      '',
      '**Final answer:** X: 3',
    ].join('\n');
    expect(prompt.parse(reply, X, null)).toEqual({ action: drop(3) });
  });

  it('prefers an answer with the own mark over a column mentioned after it', () => {
    expect(prompt.parse('O: 5\nThis stops X in column 2.', O, null)).toEqual({ action: drop(5) });
  });

  it('takes the last unmarked column when no answer carries the mark', () => {
    expect(prompt.parse('Column 3 is nearly full, so column 5.', X, null)).toEqual({ action: drop(5) });
  });

  it('reads columns off the board, leaving the range check to reject', () => {
    expect(prompt.parse('X: 9', X, null)).toEqual({ action: drop(9) });
  });

  it('refuses an answer written for the other mark', () => {
    expect(prompt.parse('X: 4', O, null)).toEqual({ error: expect.stringMatching(/You play O.*"O: 4"/) });
  });

  it('returns an error naming the format for replies without a move', () => {
    for (const reply of ['', 'I am not sure.', 'the middle one', 'X: the centre']) {
      expect(prompt.parse(reply, X, [drop(2), drop(3)])).toEqual({ error: expect.stringContaining('"X: 2"') });
    }
  });
});

describe('system and turn', () => {
  it('system gives the rules, an example, the seat’s mark and the exact answer format', () => {
    const text = prompt.system({}, X, 2);
    expect(text).toContain('You play X');
    expect(text).toMatch(/lowest empty space/);
    expect(text).toContain('X connects four horizontally in row 1 from the bottom (columns 3-6)');
    expect(text).toContain('\nX: 4\n');
  });

  it('turn shows the board with column numbers, the last move and the legal moves in the shared convention', () => {
    let s = setup();
    for (let i = 0; i < 6; i++) s = apply(s, i % 2, drop(1));
    s = apply(s, 0, drop(4));
    const text = prompt.turn(view(s), O, legalActions(s, O), {});
    expect(text).toContain(
      '1 2 3 4 5 6 7\nO . . . . . .\nX . . . . . .\nO . . . . . .\nX . . . . . .\nO . . . . . .\nX . . X . . .',
    );
    expect(text).toContain('Last move: X in column 4.');
    const lines = text.split('\n');
    const at = lines.indexOf('Legal moves:');
    expect(lines.slice(at + 1, at + 7)).toEqual(['- O: 2', '- O: 3', '- O: 4', '- O: 5', '- O: 6', '- O: 7']);
    expect(lines[at + 7]).toMatch(/exactly this format: O: <column>/);
  });
});

describe('ablation: without position hint (LLMArena Table 2)', () => {
  const s = [4, 4, 3].reduce((st, c, i) => apply(st, i % 2, drop(c)), setup());
  const legal = legalActions(s, O);
  const off = prompt.turn(view(s), O, legal, {});
  const on = prompt.turn(view(s), O, legal, {}, { switches: ['connect-four:no-position-hint'] });

  it('without the switch the turn lists the columns that may be chosen', () => {
    expect(off).toContain('Legal moves:\n- O: 1\n- O: 2');
    expect(off).toContain('- O: 7');
  });

  it('with the switch the list is left out; the board, its column numbers and the answer format stay', () => {
    expect(on).not.toContain('Legal moves:');
    expect(on).not.toMatch(/^- O: \d$/m);
    expect(on).toContain('1 2 3 4 5 6 7');
    expect(on).toContain('. . X X . . .');
    expect(on).toContain('Reply with your move in exactly this format: O: <column>');
    expect(off.split('\n').filter((l) => !/^- O: \d$/.test(l) && l !== 'Legal moves:')).toEqual(on.split('\n'));
  });

  it('the parser accepts the same answers with the switch on', () => {
    expect(prompt.parse('O: 5', O, legal)).toEqual({ action: drop(5) });
    expect(prompt.parse('column 5', O, null)).toEqual({ action: drop(5) });
  });

  it('the game declares the switch, namespaced by its id', async () => {
    const { connectFour } = await import('./index');
    expect(connectFour.meta.promptSwitches.map((x) => x.id)).toEqual(['connect-four:no-position-hint']);
  });
});
