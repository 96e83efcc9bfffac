// The tic-tac-toe board for a person's turn (server-side markup): a taken square is disabled for real and says why,
// the free ones play, and a refused move is shown right under the grid, not at the top of the page.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import TicTacToeBoard from './board';
import { apply, legalActions, setup, view } from './rules';

const players = ['X · Alice', 'O · Model'];
const s = apply(apply(setup(), 0, { type: 'place', row: 2, col: 2 }), 1, { type: 'place', row: 1, col: 1 });
const mine = (extra: object = {}) =>
  renderToStaticMarkup(
    <TicTacToeBoard view={view(s)} players={players} legal={legalActions(s, 0)} onAction={() => {}} {...extra} />,
  );

describe('tic-tac-toe board', () => {
  it('disables a taken square for real and says who took it; free squares are plain buttons', () => {
    const html = mine();
    const taken =
      /<button[^>]*aria-label="X at row 2, column 2 \(taken\)"[^>]*aria-disabled="true"[^>]*aria-describedby="([^"]+)"[^>]*>.*?<span id="([^"]+)"[^>]*>([^<]*)<\/span><\/button>/.exec(
        html,
      );
    expect(taken).not.toBeNull();
    expect(taken![1]).toBe(taken![2]);
    expect(taken![3]).toBe('(2,2) is already taken by X');
    expect(html).toMatch(/aria-label="O at row 1, column 1 \(taken\)" aria-disabled="true"/);
    expect(html).toMatch(/aria-label="Place X at row 3, column 3" class=/);
    expect(html.match(/aria-disabled="true"/g)).toHaveLength(2);
  });

  it('shows a refused move under the grid, in an alert', () => {
    const html = mine({ error: '(2,2) is already taken by X' });
    const grid = html.indexOf('aria-label="Tic-tac-toe board"');
    const alert = html.indexOf('<div role="alert"');
    expect(grid).toBeGreaterThan(0);
    expect(alert).toBeGreaterThan(grid);
    expect(html.slice(alert)).toMatch(
      /^<div role="alert"[^>]*><p data-testid="move-error"[^>]*><span aria-hidden="true">✕ <\/span>\(2,2\) is already taken by X<\/p><\/div><\/div>$/,
    );
    // Spectators have no controls and no refusals.
    expect(renderToStaticMarkup(<TicTacToeBoard view={view(s)} players={players} />)).not.toContain('role="alert"');
  });
});
