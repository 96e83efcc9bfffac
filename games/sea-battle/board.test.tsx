// The Sea Battle board (server-side markup): the sea, rocks, ships with the damage the view tells, the last turn's
// shots, the eight order buttons for a person's ship, a refusal by those buttons, and nothing the view hides.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import SeaBattleBoard from './board';
import { ALL_ORDERS, apply, legalActions, makeState, view, type SeaBattleState } from './rules';

const players = [
  'Red 1 · Ann',
  'Red 2 · Engine',
  'Red 3 · Engine',
  'Blue 1 · Model',
  'Blue 2 · Model',
  'Blue 3 · Model',
];
const start: SeaBattleState = makeState(
  [
    { x: 5, y: 5, heading: 'N', damage: 3 },
    { x: 2, y: 21, heading: 'E' },
    { x: 21, y: 21, heading: 'S' },
    { x: 2, y: 5, heading: 'N', damage: 4 },
    { x: 21, y: 2, heading: 'W' },
    { x: 11, y: 2, heading: 'W' },
  ],
  [[9, 9]],
);
const afterTurn = [0, 1, 2, 3, 4, 5].reduce(
  (s, seat) => apply(s, seat, { type: 'order', move: 'stay', shoot: 'left' }),
  start,
);

describe('sea battle board', () => {
  it('draws rocks, ships with their team’s damage only, and the last turn’s shots', () => {
    const html = renderToStaticMarkup(<SeaBattleBoard view={view(afterTurn, { seat: 0 })} players={players} />);
    expect(html).toContain('data-rock="9,9"');
    expect(html).toContain('data-rock="0,0"');
    expect(html).toContain('data-ship="Blue 1"');
    expect(html).toContain('Red 1 at (5, 5) facing North, damage 3 of 10');
    expect(html).not.toContain('Blue 1 at (2, 5) facing North, damage');
    expect(html.match(/<circle/g)?.length).toBe(6); // one splash or hit per shot
    expect(html).not.toContain('aria-label="Your orders"');
  });

  it('gives a person the eight orders as buttons and shows a refusal by them', () => {
    const v = view(start, { seat: 0 });
    const html = renderToStaticMarkup(
      <SeaBattleBoard
        view={v}
        players={players}
        legal={legalActions(start, 0)}
        onAction={() => {}}
        error="you have already given your order for turn 1; wait for the other ships"
      />,
    );
    for (const a of ALL_ORDERS)
      expect(html).toContain(
        `aria-label="${a.move === 'stay' ? 'don&#x27;t move' : `move ${a.move}`} then shoot ${a.shoot}"`,
      );
    expect(html).not.toContain('aria-disabled="true"');
    const orders = html.slice(html.indexOf('aria-label="Your orders"'));
    expect(orders).toContain('data-testid="move-error"');
  });

  it('disables the orders once the ship has given its own, saying why', () => {
    const s = apply(start, 0, { type: 'order', move: 'forward', shoot: 'right' });
    const html = renderToStaticMarkup(
      <SeaBattleBoard view={view(s, { seat: 0 })} players={players} legal={legalActions(s, 0)} onAction={() => {}} />,
    );
    expect(html.match(/aria-disabled="true"/g)).toHaveLength(8);
    expect(html).toContain('You have already given your order for turn 1');
  });
});
