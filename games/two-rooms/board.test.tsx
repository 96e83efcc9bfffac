// The Two Rooms and a Boom board (server-side markup) and its clicks: spectators see both rooms and both chats but no
// card; a seat sees its own card and the cards shown to it, never another's; clicking Ask / Show my card / Say / Send
// plays the right move.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { findClickable } from '../test-tree';
import { describe, expect, it, vi } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import TwoRoomsBoard from './board';
import { exampleStart } from './prompt';
import { activeSeats, apply, configSchema, legalActions, view, type TrbAction, type TrbState } from './rules';

const cfg = configSchema.parse({});
const players = [
  'Blue 1 · You',
  'Blue 2 · Random',
  'Blue 3 · Random',
  'Red 1 · Random',
  'Red 2 · Random',
  'Red 3 · Random',
];
const s0 = exampleStart(cfg);
const step = (s: TrbState, seat: number, a: TrbAction) => apply(s, seat, a, createRng('b'));
const html = (s: TrbState, v: Parameters<typeof view>[1], mine = false) =>
  renderToStaticMarkup(
    <TwoRoomsBoard
      view={view(s, v)}
      players={players}
      {...(mine && 'seat' in v ? { legal: legalActions(s, v.seat), onAction: () => {} } : {})}
    />,
  );

/** Renders the board once and returns its element tree, so a test can call a button's onClick as a click would. */
function tree(s: TrbState, seat: number, onAction: (a: TrbAction) => void): ReactElement {
  let out!: ReactElement;
  const Probe = () => {
    out = (TwoRoomsBoard as unknown as (p: object) => ReactElement)({
      view: view(s, { seat }),
      players,
      legal: legalActions(s, seat),
      onAction,
    });
    return null;
  };
  renderToStaticMarkup(<Probe />);
  return out;
}
const find = findClickable;
const click = (el: ReactElement | null) =>
  (el!.props as { onClick: (e: { preventDefault(): void }) => void }).onClick({ preventDefault() {} });

describe('two rooms board', () => {
  it('shows spectators of a match of models both rooms side by side with both chats; with a person playing, no talk and no card', () => {
    let s = step(s0, 0, { type: 'ask', to: 3, text: 'Hello Red 1' });
    s = step(s, 3, { type: 'say', text: '' });
    s = step(step(s, 1, { type: 'ask', to: 0, text: 'x' }), 0, { type: 'reveal', to: 1 });
    const h = html(s, { omniscient: true });
    expect(h).toContain('aria-label="Room 1"');
    expect(h).toContain('aria-label="Room 2"');
    expect(h).toContain('data-testid="trb-chat-0"');
    expect(h).toContain('data-testid="trb-chat-1"');
    expect(h).toContain('Blue 1 asks Red 1: “Hello Red 1”');
    expect(h).toContain('Blue 1 shows their card to Blue 2');
    expect(h).not.toContain('<button');
    // A person in a seat: the hub shows spectators the public view, which holds no room's talk and no card.
    const p = html(s, { spectator: true });
    expect(p).toContain('aria-label="Room 1"');
    expect(p).not.toContain('Hello Red 1');
    expect(p).not.toContain('shows their card');
    expect(p).not.toMatch(/President|Bomber|plain Blue|plain Red/);
  });

  it('shows a seat its own card and the cards shown to it, never another seat’s card; the other room’s talk is not shown', () => {
    let s = step(s0, 0, { type: 'reveal', to: 1 });
    const h1 = html(s, { seat: 1 });
    expect(h1).toContain('data-testid="trb-my-card"');
    expect(h1).toContain('your card is a plain Blue card');
    expect(h1).toContain('data-testid="trb-card-0"');
    expect(h1).toContain('President');
    expect(h1).not.toContain('Bomber');
    const h3 = html(s, { seat: 3 });
    expect(h3).not.toContain('President');
    expect(h3).not.toContain('data-testid="trb-card-0"');
    expect(h3).toContain('Blue 1 shows their card to Blue 2');
    const h4 = html(s, { seat: 4 });
    expect(h4).toContain('your card is the Bomber');
    expect(h4).not.toContain('shows their card');
    s = step(s, 1, { type: 'say', text: '' });
    expect(html(s, { seat: 2 })).not.toContain('shows their card');
  });

  it('on the person’s talk turn: typing a question and clicking Ask, or Show my card, plays that move', () => {
    const h = html(s0, { seat: 0 }, true);
    expect(h).toContain('aria-label="Your question"');
    expect(h).toContain('aria-label="Ask Red 1"');
    expect(h).toContain('aria-label="Show my card to Blue 2"');
    expect(h).not.toContain('aria-label="Ask Red 2"');
    const onAction = vi.fn();
    click(find(tree(s0, 0, onAction), 'Ask Red 1'));
    expect(onAction).toHaveBeenLastCalledWith({ type: 'ask', to: 3, text: '' });
    click(find(tree(s0, 0, onAction), 'Show my card to Blue 2'));
    expect(onAction).toHaveBeenLastCalledWith({ type: 'reveal', to: 1 });
  });

  it('when asked: Say (needs words), Say nothing and Show my card to the asker', () => {
    const s = step(s0, 0, { type: 'ask', to: 3, text: 'q' });
    const h = html(s, { seat: 3 }, true);
    expect(h).toMatch(/aria-label="Say"[^>]*aria-disabled="true"/);
    expect(h).toContain('aria-label="Say nothing"');
    expect(h).toContain('aria-label="Show my card to Blue 1"');
    const onAction = vi.fn();
    click(find(tree(s, 3, onAction), 'Say nothing'));
    expect(onAction).toHaveBeenLastCalledWith({ type: 'say', text: '' });
    click(find(tree(s, 3, onAction), 'Show my card to Blue 1'));
    expect(onAction).toHaveBeenLastCalledWith({ type: 'reveal', to: 0 });
  });

  it('a leader sends a hostage by clicking Send next to a player of their room', () => {
    let s = s0;
    while (s.phase !== 'exchange') {
      const seat = activeSeats(s)[0]!;
      s = apply(s, seat, legalActions(s, seat)[0]!, createRng('c'));
    }
    const h = html(s, { seat: 3 }, true);
    expect(h).toContain('aria-label="Send Blue 1"');
    expect(h).toContain('aria-label="Send Blue 2"');
    expect(h).not.toContain('aria-label="Send Red 2"');
    const onAction = vi.fn();
    click(find(tree(s, 3, onAction), 'Send Blue 2'));
    expect(onAction).toHaveBeenLastCalledWith({ type: 'hostage', seat: 1 });
    expect(html(s, { seat: 0 }, true)).not.toContain('<button');
  });
});
