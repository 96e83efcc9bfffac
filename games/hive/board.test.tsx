// The Hive board (server-side markup): the same SVG drawing as svg.ts, and for a person's turn the hand and pieces as
// buttons, the ones that cannot be used now disabled for real and saying why in the rules' words; refusals under it.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import HiveBoard from './board';
import { legalActions, view } from './rules';
import { hiveSvg } from './svg';
import { position } from './test-helpers';

const players = ['Blue · Alice', 'Green · Model'];
// Blue's Queen is placed; its Ant at (-2,0) is free, its Queen at (0,0)... pinned between (-1,0) and (1,0).
const s = position({ '-2,0': 'bA', '-1,0': 'bS', '0,0': 'bQ', '1,0': 'gQ' });
const mine = (extra: object = {}) =>
  renderToStaticMarkup(
    <HiveBoard view={view(s)} players={players} legal={legalActions(s, 0)} onAction={() => {}} {...extra} />,
  );

describe('hive board', () => {
  it('draws the same SVG as svg.ts for spectators, without controls', () => {
    const html = renderToStaticMarkup(<HiveBoard view={view(s)} players={players} />);
    expect(html).toContain(hiveSvg(view(s), { bare: true }).replace(/\n/g, '\n'));
    expect(html).toContain('Blue · Alice to move · turn 7 of 250');
    expect(html).not.toContain('<button');
    expect(html).not.toContain('role="alert"');
  });

  it('makes the hand and the own pieces buttons; a pinned piece is disabled and gives the one-hive reason', () => {
    const html = mine();
    expect(html).toMatch(/<button[^>]*aria-label="Ant \(2 in hand\)"/);
    expect(html).toMatch(/<button[^>]*aria-label="Blue Ant at \(-2,0\)"(?![^>]*aria-disabled)/);
    const pinned =
      /<button[^>]*aria-label="Blue Queen at \(0,0\)"[^>]*aria-disabled="true"[^>]*>.*?<span id="[^"]+"[^>]*>([^<]*)<\/span><\/button>/.exec(
        html,
      );
    expect(pinned).not.toBeNull();
    expect(pinned![1]).toBe(
      'your Queen at (0,0) cannot move: taking it away would split the hive in two (one-hive rule)',
    );
    // Empty hexes wait for a choice first; the opponent's pieces are not buttons.
    expect(html).toMatch(/aria-label="Empty hex \(-3,0\)"[^>]*aria-disabled="true"/);
    expect(html).not.toMatch(/aria-label="Green Queen/);
  });

  it('shows a refused move under the board, in an alert', () => {
    const html = mine({ error: '(1,-1) touches a Green piece: a new piece may touch only your own pieces' });
    expect(html.indexOf('data-testid="move-error"')).toBeGreaterThan(html.indexOf('aria-label="Hive board"'));
    expect(html).toContain('(1,-1) touches a Green piece');
  });

  it('offers Pass when there is no legal move', () => {
    const stuck = position({ '0,0': 'bQ gB', '1,0': 'gQ' }, { turns: [4, 5] });
    const html = renderToStaticMarkup(
      <HiveBoard view={view(stuck)} players={players} legal={legalActions(stuck, 0)} onAction={() => {}} />,
    );
    expect(html).toMatch(/<button[^>]*>Pass<\/button>/);
    expect(html).toContain('You have no legal move: you must pass.');
  });
});
