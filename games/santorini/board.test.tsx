// The Santorini board (server-side markup) and its clicks: spectators see the levels, domes and pawns with their
// squares named; a person on turn gets a button per square, the ones that cannot be chosen disabled and saying why in
// the rules' words; the two clicks of a turn (move target, then build target) compose one action; refusals under it.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import SantoriniBoard from './board';
import { squareControl } from './clicks';
import { apply, legalActions, setup, view } from './rules';
import { position } from './test-helpers';

const players = ['Player 1 · Alice', 'Player 2 · Model'];
// A on level 1 at c3 to play: b4 level 2, c4 a dome, d4 level 3 (too high), X at d3, B at e2, Y at e1.
const s = position(['0. 0. 0. 0. 0.', '0. 2. 4. 3. 0.', '0. 0. 1A 0X 0.', '0. 0. 0. 0. 0B', '0. 0. 0. 0. 0Y']);
const v = view(s);
const legal = legalActions(s, 0);
const mine = (extra: object = {}) =>
  renderToStaticMarkup(<SantoriniBoard view={v} players={players} legal={legal} onAction={() => {}} {...extra} />);
/** The reason text of a disabled button with this name. */
const reason = (html: string, label: string) =>
  new RegExp(
    `<button[^>]*aria-label="${label.replace(/[()]/g, '\\$&')}"[^>]*aria-disabled="true"[^>]*>.*?<span id="[^"]+"[^>]*>([^<]*)</span></button>`,
  ).exec(html)?.[1];

describe('santorini board', () => {
  it('shows spectators every square with its level, domes and pawns, and no controls', () => {
    const html = renderToStaticMarkup(<SantoriniBoard view={v} players={players} />);
    expect(html).toContain('aria-label="Santorini board"');
    expect(html).toContain('aria-label="c3, level 1, pawn A (Player 1)"');
    expect(html).toContain('aria-label="c4, level 4 (dome)"');
    expect(html).toContain('aria-label="d3, level 0, pawn X (Player 2)"');
    expect(html).toContain('Player 1 · Alice to move · pawn A · turn 1');
    expect(html).toContain('Player 1 · Alice: A c3, B e2');
    expect(html.match(/role="img"/g)).toHaveLength(25);
    expect(html).not.toContain('<button');
    expect(html).not.toContain('role="alert"');
  });

  it('marks the last move and says the result once the game is over', () => {
    const won = apply(
      position(['0. 0. 0. 0. 0.', '0. 0. 3. 0. 0.', '0. 0. 2A 0. 0.', '0X 0. 0. 0. 0B', '0. 0. 0. 0. 0Y']),
      0,
      {
        type: 'turn',
        pawn: 'A',
        to: 'c4',
        build: null,
      },
    );
    const html = renderToStaticMarkup(
      <SantoriniBoard view={view(won)} players={players} legal={[]} onAction={() => {}} />,
    );
    expect(html).toContain('Player 1&#x27;s pawn A climbs onto level 3 at c4');
    expect(html).toContain('aria-label="c4, level 3, pawn A (Player 1), last move: moved to"');
    expect(html).toContain('aria-label="c3, level 2, last move: moved from"');
    expect(html).not.toContain('<button');
  });

  it('makes every square a button on the person’s turn: the move targets play, the others say why not', () => {
    const html = mine();
    expect(html.match(/<button/g)).toHaveLength(25);
    expect(html).toMatch(/<button[^>]*aria-label="Move A to b4"(?![^>]*aria-disabled)/);
    expect(reason(html, 'Move A to d4')).toBe(
      'd4 is level 3 and pawn A stands on level 1 at c3: a pawn moves up at most one level',
    );
    expect(reason(html, 'Move A to c4')).toBe('c4 is complete (level 4, a dome): no pawn may move onto it');
    expect(reason(html, 'Move A to d3')).toBe('d3 is occupied by pawn X');
    expect(reason(html, 'Move A to a1')).toBe(
      'a1 is not next to pawn A at c3: a pawn moves one square, in any of the 8 directions',
    );
    expect(reason(html, 'Pawn B at e2')).toBe('Pawns alternate: this turn you play pawn A, not B');
    expect(html).toContain('Choose where pawn A moves (pawns alternate: A plays this turn).');
  });

  it('composes a turn from two clicks: the move target, then a build square next to it; the target again takes it back', () => {
    expect(squareControl(v, legal, null, 'b4')).toEqual({ label: 'Move A to b4', click: { choose: 'b4' }, why: null });
    // Then the squares next to b4 build; c3, the square A leaves, is free.
    expect(squareControl(v, legal, 'b4', 'c3')).toEqual({
      label: 'Build on c3',
      click: { send: { type: 'turn', pawn: 'A', to: 'b4', build: 'c3' } },
      why: null,
    });
    expect(squareControl(v, legal, 'b4', 'a5')).toEqual({
      label: 'Build on a5',
      click: { send: { type: 'turn', pawn: 'A', to: 'b4', build: 'a5' } },
      why: null,
    });
    expect(squareControl(v, legal, 'b4', 'c4')).toEqual({
      label: 'Build on c4',
      click: null,
      why: 'c4 is complete (level 4, a dome): no block may go on it',
    });
    expect(squareControl(v, legal, 'b4', 'e1').why).toBe(
      'e1 is not next to b4, where pawn A moves: build on a square next to its new square',
    );
    expect(squareControl(v, legal, 'b4', 'b4')).toEqual({
      label: 'Change the move to b4',
      click: { cancel: true },
      why: null,
    });
  });

  it('sends a winning move onto level 3 at once, with no build', () => {
    const w = position(['0. 0. 0. 0. 0.', '0. 0. 3. 0. 0.', '0. 0. 2A 0. 0.', '0X 0. 0. 0. 0B', '0. 0. 0. 0. 0Y']);
    expect(squareControl(view(w), legalActions(w, 0), null, 'c4')).toEqual({
      label: 'Move A to c4 (wins)',
      click: { send: { type: 'turn', pawn: 'A', to: 'c4', build: null } },
      why: null,
    });
  });

  it('places a pawn with one click while the pawns are placed; a taken square says who holds it', () => {
    const st = apply(setup(), 0, { type: 'place', pawn: 'A', at: 'c3' });
    const l = legalActions(st, 1);
    expect(squareControl(view(st), l, null, 'b2')).toEqual({
      label: 'Place X at b2',
      click: { send: { type: 'place', pawn: 'X', at: 'b2' } },
      why: null,
    });
    expect(squareControl(view(st), l, null, 'c3').why).toBe('c3 is taken by pawn A: place X on a free square');
    const html = renderToStaticMarkup(
      <SantoriniBoard view={view(st)} players={players} legal={l} onAction={() => {}} />,
    );
    expect(html).toContain('Player 2 · Model places pawn X');
    expect(html).toContain('Choose a free square for pawn X.');
  });

  it('shows a refused move under the board, in an alert', () => {
    const html = mine({ error: 'pawns alternate: this turn you play pawn A, not B' });
    const board = html.indexOf('aria-label="Santorini board"');
    const alert = html.indexOf('data-testid="move-error"');
    expect(board).toBeGreaterThan(0);
    expect(alert).toBeGreaterThan(board);
    expect(html).toContain('pawns alternate: this turn you play pawn A, not B');
  });
});
