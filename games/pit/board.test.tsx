// The Pit board (server-side markup) and its clicks: spectators see points and card backs only; a seat sees its own
// hand as cards; on the person's offer turn every card is a button and every other player an "Offer to" button
// (disabled, saying why, until cards are chosen); when offered cards, one "Accept, giving <card>" button per kind
// (those it cannot pay disabled) and Refuse; refusals under the controls.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import PitBoard, { selectCard } from './board';
import { apply, configSchema, legalActions, view, type PitState } from './rules';

const cfg = configSchema.parse({});
const players = ['Player 1 · Alice', 'Player 2 · Random'];
const start: PitState = {
  config: cfg,
  numPlayers: 2,
  hands: [
    [3, 2, 2, 0, 1, 1],
    [2, 0, 4, 3, 0, 0],
  ],
  points: [85, 0],
  round: 2,
  turn: 0,
  offerer: 0,
  pending: null,
  corners: [],
  events: [],
  over: null,
};
const offered = apply(start, 0, { type: 'offer', card: 'Barley', count: 2, to: 1 }, createRng('b'));
const html = (s: PitState, v: Parameters<typeof view>[1], mine = false, extra: object = {}) =>
  renderToStaticMarkup(
    <PitBoard
      view={view(s, v)}
      players={players}
      {...(mine && 'seat' in v ? { legal: legalActions(s, v.seat), onAction: () => {} } : {})}
      {...extra}
    />,
  );

describe('pit board', () => {
  it('shows spectators the players, points and card backs, never a hand or a control', () => {
    const h = html(offered, { spectator: true });
    expect(h).toContain('aria-label="Pit board"');
    expect(h).toContain('aria-label="Player 1 · Alice: 85 points"');
    expect(h).toContain('aria-label="Player 2 · Random: 0 points, to move"');
    expect(h).toContain('aria-label="Player 1 · Alice holds 9 cards"');
    expect(h).toContain('Player 1 · Alice offers 2 cards to Player 2 · Random.');
    expect(h).toContain('Player 1 offers 2 cards to Player 2.');
    expect(h).not.toContain('Barley');
    expect(h).not.toContain('<button');
  });

  it('shows a seat its own hand as cards and only the backs of the others', () => {
    const h = html(offered, { seat: 1 });
    expect(h).toContain('aria-label="Your hand"');
    expect(h).toContain(
      'aria-label="Hand of Player 2 · Random: Wheat, Wheat, Corn, Corn, Corn, Corn, Soybeans, Soybeans, Soybeans"',
    );
    expect(h).toContain('aria-label="Player 1 · Alice holds 9 cards"');
    expect(h.match(/aria-label="Corn card"/g)).toHaveLength(4);
  });

  it('on the person’s offer turn: every card is a button, the other player an Offer button that first asks for cards', () => {
    const h = html(start, { seat: 0 }, true);
    expect(h).toContain('aria-label="Wheat card 3"');
    expect(h).toContain('aria-label="Bear card 1"');
    expect(h).toMatch(/aria-label="Offer to Player 2"[^>]*aria-disabled="true"/);
    expect(h).toContain('Choose 1 to 4 cards of one kind from your hand first');
    expect(h).not.toContain('aria-label="Offer to Player 1"');
    expect(h).toContain('click 1 to 4 cards of one kind to offer');
  });

  it('composes an offer from card clicks: the k-th card selects k of that kind, a second click deselects', () => {
    expect(selectCard(null, 'Wheat', 3)).toEqual({ card: 'Wheat', count: 3 });
    expect(selectCard({ card: 'Wheat', count: 3 }, 'Corn', 1)).toEqual({ card: 'Corn', count: 1 });
    expect(selectCard({ card: 'Corn', count: 1 }, 'Corn', 1)).toBeNull();
    expect(selectCard(null, 'Corn', 6)).toEqual({ card: 'Corn', count: 4 });
  });

  it('when offered cards: Accept, giving <card> per kind (unpayable ones disabled, saying why) and Refuse', () => {
    const h = html(offered, { seat: 1 }, true, { error: 'To accept you give 2 cards of one kind; you hold 0 Barley.' });
    expect(h).toContain('Player 1 · Alice offers you 2 cards of one kind.');
    expect(h).toMatch(/aria-label="Accept, giving Corn"(?![^>]*aria-disabled=")/);
    expect(h).toMatch(/aria-label="Accept, giving Barley"[^>]*aria-disabled="true"/);
    expect(h).toContain('You hold 0 Barley; you must give 2 cards of one kind');
    expect(h).toContain('aria-label="Refuse"');
    expect(h).toContain('data-testid="move-error"');
    // The offerer, waiting, sees what it offered and no controls.
    const o = html(offered, { seat: 0 }, true);
    expect(o).toContain('You offer 2 Barley to Player 2 · Random.');
    expect(o).not.toContain('<button');
  });

  it('says the result and shows every hand once the game is over', () => {
    const end = { ...start, over: 'the turn limit (150 offers) is reached' };
    const h = html(end, { spectator: true });
    expect(h).toContain('Game over: The turn limit (150 offers) is reached: Player 1 wins (Player 1 85, Player 2 0)');
    expect(h).toContain('aria-label="Hand of Player 2 · Random: Wheat, Wheat, Corn');
  });
});
