// The Are You the Traitor? board (server-side markup) and its clicks: spectators with a person playing see the talk,
// the wizards and the Stops but no role or treasure; a seat sees its own role and treasure only; clicking Say (with a
// typed message), Pass or "Stop: point at <player>" plays the right move; the Traitor has no Stop button.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { findClickable } from '../test-tree';
import AytBoard from './board';
import { exampleStart } from './prompt';
import { apply, configSchema, legalActions, view, type AytAction, type AytState } from './rules';

const cfg = configSchema.parse({});
const players = ['Player 1 · You', 'Player 2 · Random', 'Player 3 · Random', 'Player 4 · Random', 'Player 5 · Random'];
// Player 1 Guard, Player 2 Good Wizard, Player 3 Key Holder, Player 4 Evil Wizard, Player 5 Traitor; Player 1 first.
const s0 = exampleStart(cfg);
const step = (s: AytState, seat: number, a: AytAction) => apply(s, seat, a, createRng('b'));
const html = (s: AytState, v: Parameters<typeof view>[1], mine = false) =>
  renderToStaticMarkup(
    <AytBoard
      view={view(s, v)}
      players={players}
      {...(mine && 'seat' in v ? { legal: legalActions(s, v.seat), onAction: () => {} } : {})}
    />,
  );

function tree(s: AytState, seat: number, onAction: (a: AytAction) => void): ReactElement {
  let out!: ReactElement;
  const Probe = () => {
    out = (AytBoard as unknown as (p: object) => ReactElement)({
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
const click = (el: ReactElement | null) =>
  (el!.props as { onClick: (e: { preventDefault(): void }) => void }).onClick({ preventDefault() {} });
const ROLE_RE = /Traitor|Key Holder|Good Wizard|Evil Wizard|>Guard</;
const noTitle = (h: string) => h.replaceAll('Are You the Traitor? board', '');

describe('are you the traitor board', () => {
  it('shows the public view (a person plays): talk, wizards and Stops, never a role or treasure', () => {
    let s = step(s0, 0, { type: 'say', text: 'Hello table' });
    s = step(s, 1, { type: 'stop', target: 4 });
    const p = html(s, { spectator: true });
    expect(p).toContain('aria-label="Are You the Traitor? board"');
    expect(p).toContain('Player 1: “Hello table”');
    // Player 2 is a wizard (the example deal); whether they speak first in round 2 is the deal's.
    expect(p).toMatch(/aria-label="Player 2 · Random, wizard(, speaking)?"/);
    expect(p).toContain('Round 1: Player 2 shouted Stop and pointed at Player 5');
    expect(noTitle(p)).not.toMatch(ROLE_RE);
    expect(p).not.toMatch(/team wins|pts|draws/);
    expect(p).not.toContain('<button');
    // Omniscient (replays, spectators of models): every role and the round's winner.
    const o = html(s, { omniscient: true });
    expect(o).toMatch(/>Traitor<\/span>/);
    expect(o).toContain('the Good team wins the round');
  });

  it('shows a seat its own role and treasure, never another seat’s', () => {
    const s = step(s0, 0, { type: 'stop', target: 4 });
    const h = html(s, { seat: 0 });
    expect(h).toContain('data-testid="ayt-my-role"');
    expect(h).toMatch(/You are Player 1, the <span[^>]*>Guard<\/span> \(Good team\)/);
    expect(h).toContain('You hunt the Traitor.');
    expect(h).toMatch(/Your treasure: [A-Z][a-z]/);
    expect(h).not.toMatch(/Traitor<|Key Holder|Good Wizard|Evil Wizard/);
    expect(h).not.toMatch(/Player 2 draws|Player 3 draws/);
    const h5 = html(s, { seat: 4 });
    expect(h5).toMatch(/>Traitor<\/span>/);
    expect(h5).toContain('Your treasure: none yet');
    expect(h5).not.toMatch(/Key Holder|Good Wizard|>Guard</);
  });

  it('on the person’s turn: typing and Say, Pass, and Stop next to a player play those moves', () => {
    const h = html(s0, { seat: 0 }, true);
    expect(h).toContain('aria-label="Your message"');
    expect(h).toMatch(/aria-label="Say"[^>]*aria-disabled="true"/);
    expect(h).toContain('aria-label="Pass"');
    expect(h).toContain('aria-label="Stop: point at Player 5"');
    expect(h).not.toContain('aria-label="Stop: point at Player 1"');
    const onAction = vi.fn();
    click(findClickable(tree(s0, 0, onAction), 'Pass'));
    expect(onAction).toHaveBeenLastCalledWith({ type: 'pass' });
    click(findClickable(tree(s0, 0, onAction), 'Stop: point at Player 3'));
    expect(onAction).toHaveBeenLastCalledWith({ type: 'stop', target: 2 });
    expect(html(s0, { seat: 1 }, true)).not.toContain('<button');
  });

  it('the Traitor gets Say and Pass but no Stop button', () => {
    const s = { ...s0, first: 4 };
    const h = html(s, { seat: 4 }, true);
    expect(h).toContain('aria-label="Pass"');
    expect(h).not.toContain('Stop: point at');
    expect(h).toContain('As the Traitor you may never shout Stop.');
  });
});
