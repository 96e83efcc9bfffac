// The Air, Land and Sea board (server-side markup) and its clicks: three theaters in order with both stacks, backs
// for the other side's facedown cards, the viewer's hand; a person plays by clicking a hand card then "Face up" or
// "Facedown" in a theater, or Withdraw, and answers abilities by clicking the card to flip.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { findClickable } from '../test-tree';
import { describe, expect, it } from 'vitest';
import AlsBoard from './board';
import { legalActions, view, type AlsAction, type AlsState } from './rules';
import { play, position } from './testkit';

const players = ['Player 1 · Alice', 'Player 2 · Random'];
const start = position({
  hands: [
    ['A6', 'L3', 'S1'],
    ['S6', 'L2', 'A4'],
  ],
  board: { Land: [['~S4'], ['~L6']], Air: [[], ['A2']] },
  order: ['Air', 'Land', 'Sea'],
});
const html = (s: AlsState, v: Parameters<typeof view>[1], mine = false) =>
  renderToStaticMarkup(
    <AlsBoard
      view={view(s, v)}
      players={players}
      {...(mine && 'seat' in v ? { legal: legalActions(s, v.seat), onAction: () => {} } : {})}
    />,
  );

const find = findClickable;

/** Clicks buttons by label one after the other (each on the board as the previous click left it); returns the actions sent. */
function clicks(s: AlsState, seat: number, labels: string[]): AlsAction[] {
  const sent: AlsAction[] = [];
  let step = 0;
  const Probe = () => {
    const out = (AlsBoard as unknown as (p: object) => ReactElement)({
      view: view(s, { seat }),
      players,
      legal: legalActions(s, seat),
      onAction: (a: AlsAction) => sent.push(a),
    });
    if (step < labels.length) {
      const b = find(out, labels[step]!);
      if (!b) throw new Error(`no button "${labels[step]}"`);
      step++;
      b.props.onClick!({ preventDefault() {} });
    }
    return null;
  };
  renderToStaticMarkup(<Probe />);
  return sent;
}

describe('air-land-sea board', () => {
  it('shows spectators the three theaters in order, both stacks, VPs and commanders, and backs for facedown cards', () => {
    const h = html(start, { spectator: true });
    expect(h).toContain('aria-label="Air, Land and Sea board"');
    expect(h.indexOf('aria-label="Air theater"')).toBeLessThan(h.indexOf('aria-label="Land theater"'));
    expect(h.indexOf('aria-label="Land theater"')).toBeLessThan(h.indexOf('aria-label="Sea theater"'));
    expect(h).toContain('aria-label="Player 1 · Alice: 0 VP, 1st player, 3 cards in hand"');
    expect(h).toContain('aria-label="Player 1 · Alice: facedown card, strength 2, uncovered"');
    expect(h).toContain('aria-label="Player 2 · Random: Air Drop (Air 2), strength 2, uncovered"');
    expect(h).not.toContain('Redeploy');
    expect(h).not.toContain('Heavy Tanks');
    expect(h).not.toContain('Heavy Bombers');
    expect(h).not.toContain('<button');
  });

  it('shows a seat its own hand and facedown cards, the other seat’s only as backs', () => {
    const h = html(start, { seat: 1 });
    expect(h).toContain('aria-label="Your hand"');
    expect(h).toContain('aria-label="Super Battleship (Sea 6) card"');
    expect(h).toContain('aria-label="Player 2 · Random: facedown Heavy Tanks (Land 6), strength 2, uncovered"');
    expect(h).toContain('aria-label="Player 1 · Alice: facedown card, strength 2, uncovered"');
    expect(h).not.toContain('Redeploy');
    expect(h).not.toContain('Heavy Bombers');
  });

  it('a hand card then a theater’s Face up / Facedown button plays it; Withdraw withdraws', () => {
    const h = html(start, { seat: 0 }, true);
    expect(h).toContain('aria-label="Play Heavy Bombers (Air 6)"');
    expect(h).toContain('aria-label="Withdraw"');
    expect(clicks(start, 0, ['Play Heavy Bombers (Air 6)', 'Deploy Heavy Bombers (Air 6) to Air'])).toEqual([
      { type: 'deploy', card: 'A6', theater: 'Air' },
    ]);
    expect(clicks(start, 0, ['Play Transport (Sea 1)', 'Improvise Transport (Sea 1) facedown to Land'])).toEqual([
      { type: 'improvise', card: 'S1', theater: 'Land' },
    ]);
    expect(() => clicks(start, 0, ['Play Heavy Bombers (Air 6)', 'Deploy Heavy Bombers (Air 6) to Sea'])).toThrow(
      /no button/,
    );
    expect(clicks(start, 0, ['Withdraw'])).toEqual([{ type: 'withdraw' }]);
  });

  it('an ability’s target is chosen by clicking the card', () => {
    const m = play(start, { type: 'deploy', card: 'L3', theater: 'Land' });
    const h = html(m, { seat: 0 }, true);
    expect(h).toContain('Player 1 · Alice resolves Maneuver (Land 3): flip an uncovered card in an adjacent theater');
    expect(h).toContain(`aria-label="Flip Player 2&#x27;s card in Air"`);
    expect(h).not.toContain('aria-label="Withdraw"');
    expect(clicks(m, 0, ["Flip Player 2's card in Air"])).toEqual([{ type: 'flip', theater: 'Air', owner: 1 }]);
    // Transport: click one of your cards, then "Move here" in a theater; or Skip.
    const t = play(position({ hands: [['S1', 'A6'], ['L6']], board: { Land: [['~L3'], []] } }), {
      type: 'deploy',
      card: 'S1',
      theater: 'Sea',
    });
    expect(clicks(t, 0, ['Select Maneuver (Land 3) to move', 'Move Maneuver (Land 3) to Air'])).toEqual([
      { type: 'move', card: 'L3', theater: 'Air' },
    ]);
    expect(clicks(t, 0, ['Skip'])).toEqual([{ type: 'skip' }]);
  });

  it('shows the result and every card once the war is over', () => {
    const end = play(
      position({ hands: [['A6'], ['L6']], vp: [10, 0], board: { Sea: [['~S1'], []] } }),
      { type: 'deploy', card: 'A6', theater: 'Air' },
      { type: 'deploy', card: 'L6', theater: 'Land' },
    );
    const h = html(end, { spectator: true });
    expect(h).toContain(
      'Game over: Player 1 reaches 16 VP after 1 battle: Player 1 wins (Player 1 16 VP, Player 2 0 VP)',
    );
    expect(h).toContain('facedown Transport (Sea 1)');
  });
});
