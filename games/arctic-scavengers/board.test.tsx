// The Arctic Scavengers board (server-side markup) and its clicks: spectators see tribes and piles but no hand; a seat
// sees its own hand only; on the person's gathering turn cards are toggle buttons and the actions and mercenary piles
// are buttons whose moves the pure helpers compose from the selected cards; digs, snipes and STOP are buttons.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import ArcticScavengersBoard, { chooseAction, chooseHire } from './board';
import { exampleStart } from './prompt';
import { apply, configSchema, legalActions, view, type ArcState } from './rules';

const cfg = configSchema.parse({});
const players = ['Player 1 · Alice', 'Player 2 · Random'];
const start = exampleStart(cfg);
const html = (s: ArcState, v: Parameters<typeof view>[1], mine = false, extra: object = {}) =>
  renderToStaticMarkup(
    <ArcticScavengersBoard
      view={view(s, v)}
      players={players}
      {...(mine && 'seat' in v ? { legal: legalActions(s, v.seat), onAction: () => {} } : {})}
      {...extra}
    />,
  );

describe('arctic scavengers board', () => {
  it('shows spectators the tribes, piles and counts, never a hand or a control', () => {
    const h = html(start, { spectator: true });
    expect(h).toContain('aria-label="Arctic Scavengers board"');
    expect(h).toContain('aria-label="Player 1 · Alice: tribe of 8, to move"');
    expect(h).toContain('aria-label="Junkyard: 42 cards"');
    expect(h).toContain('aria-label="Contested resources: 6 cards"');
    expect(h).toContain('aria-label="Thug pile: 5 left, 6 food"');
    expect(h).not.toContain('Shovel card');
    expect(h).not.toContain('<button');
  });

  it('shows a seat its own hand and never the other seat’s', () => {
    const h = html(start, { seat: 1 });
    expect(h).toContain('aria-label="Hand of Player 2 · Random: Refugee, Refugee, Scavenger, Brawler, Spear"');
    expect(h).not.toContain('Shovel card');
    expect(h).not.toContain('Hand of Player 1');
  });

  it('on the person’s gathering turn: hand cards toggle, actions and hire piles are buttons, STOP', () => {
    const h = html(start, { seat: 0 }, true, {
      error: 'You have already used HUNT this round; each action once per round.',
    });
    expect(h).toContain('data-testid="hand-card-4"');
    expect(h).toContain('aria-label="Shovel card"');
    expect(h).toMatch(/aria-label="DIG"[^>]*aria-disabled="true"/);
    expect(h).toContain('Select the cards to play for DIG first.');
    expect(h).toContain('aria-label="Hire Thug"');
    expect(h).toContain('data-testid="action-stop"');
    expect(h).toContain('data-testid="move-error"');
  });

  it('composes the move from the selected cards and the clicked action', () => {
    const legal = legalActions(start, 0);
    expect(chooseAction('dig', ['Shovel', 'Brawler'], legal)).toEqual({ type: 'dig', cards: ['Brawler', 'Shovel'] });
    expect(chooseAction('dig', ['Shovel'], legal)).toMatch(/modifier card needs a standard/);
    expect(chooseAction('draw', ['Brawler'], legal)).toMatch(/cannot DRAW/);
    expect(chooseAction('trash', ['Refugee'], legal)).toEqual({ type: 'trash', cards: ['Refugee'] });
    expect(chooseHire('Scavenger', [], legal)).toMatch(/No hire is possible/);
    const hunted = apply(start, 0, { type: 'hunt', cards: ['Scavenger'] }, createRng('b'));
    const l2 = legalActions(hunted, 0);
    expect(chooseHire('Scavenger', [], l2)).toEqual({ type: 'hire', merc: 'Scavenger', cards: [] });
    expect(chooseHire('Thug', [], l2)).toMatch(/not affordable/);
    expect(chooseAction('hunt', ['Scavenger'], l2)).toMatch(/not possible now/);
  });

  it('digging shows the dug cards to the digger only, as Keep buttons', () => {
    const dug = apply(start, 0, { type: 'dig', cards: ['Brawler', 'Shovel'] }, createRng('b'));
    const h = html(dug, { seat: 0 }, true);
    expect(h).toContain('aria-label="Keep Medkit"');
    const other = html(dug, { seat: 1 });
    expect(other).not.toContain('Medkit');
  });

  it('the skirmish shows both hands, with snipe and sabotage targets as buttons; resolved skirmishes stay listed', () => {
    const s = exampleStart(cfg);
    s.tribes[0]!.hand = ['Sniper Team', 'Refugee'];
    s.tribes[1]!.hand = ['Thug', 'Spear'];
    s.phase = 'skirmish';
    const h = html(s, { seat: 0 }, true);
    expect(h).toContain('aria-label="Snipe Thug"');
    expect(h).not.toContain('aria-label="Sabotage Spear"');
    expect(h).toContain('Skirmish: fight 5, tribe members 3');
    const done = apply(s, 0, { type: 'snipe', target: 'Thug' }, createRng('b'));
    const d = html(done, { spectator: true });
    expect(d).toContain('data-testid="skirmish-1"');
    expect(d).toContain('Player 2 · Random wins');
  });
});
