// The Codenames board (server-side markup) and its clicks: operatives and spectators see no key, a spymaster sees it as
// tinted borders; an operative on turn clicks a word to guess it or "Stop guessing"; a spymaster on turn types a clue
// and picks a number, the button saying why while the clue is not allowed.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { findClickable } from '../test-tree';
import CodenamesBoard, { ClueForm, clueFromForm } from './board';
import { exampleStart } from './prompt';
import { apply, configSchema, legalActions, view, type CnAction, type CnState } from './rules';

const cfg = configSchema.parse({});
const players = ['Red Spymaster · Random', 'Red Operative · You', 'Blue Spymaster · Random', 'Blue Operative · Random'];
const s0 = exampleStart(cfg);
const step = (s: CnState, seat: number, a: CnAction) => apply(s, seat, a, createRng('b'));
const clued = step(s0, 0, { type: 'clue', word: 'OCEAN', count: 2 });
const html = (s: CnState, v: Parameters<typeof view>[1], mine = false) =>
  renderToStaticMarkup(
    <CodenamesBoard
      view={view(s, v)}
      players={players}
      {...(mine && 'seat' in v ? { legal: legalActions(s, v.seat), onAction: () => {} } : {})}
    />,
  );

function tree(s: CnState, seat: number, onAction: (a: CnAction) => void): ReactElement {
  let out!: ReactElement;
  const Probe = () => {
    out = (CodenamesBoard as unknown as (p: object) => ReactElement)({
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

describe('codenames board', () => {
  it('shows operatives and spectators the grid, clue and score but never the key', () => {
    const s = step(clued, 1, { type: 'guess', word: 'WHALE' });
    for (const v of [{ seat: 1 }, { seat: 3 }, { spectator: true as const }]) {
      const h = html(s, v);
      expect(h).toContain('aria-label="Word grid"');
      expect(h.match(/role="gridcell"/g)).toHaveLength(25);
      expect(h).toContain('aria-label="WHALE: Red agent"');
      expect(h).toContain('OCEAN');
      expect(h).toContain('Red: 8 left');
      expect(h).not.toContain('key:');
      expect(h).not.toContain('assassin');
      expect(h).not.toContain('border-4');
      expect(h).not.toContain('<button');
    }
  });
  it('shows a spymaster the key as tinted borders', () => {
    const h = html(clued, { seat: 2 });
    expect(h).toContain('aria-label="BOMB (key: assassin)"');
    expect(h).toContain('aria-label="LEMON (key: Blue agent)"');
    expect(h.match(/border-4/g)).toHaveLength(25);
  });
  it('lets an operative on turn click a word to guess it, then Stop', () => {
    const onAction = vi.fn();
    const t = tree(clued, 1, onAction);
    expect(findClickable(t, 'Stop guessing')).toBeNull();
    click(findClickable(t, 'Guess SHIP'));
    expect(onAction).toHaveBeenLastCalledWith({ type: 'guess', word: 'SHIP' });
    const after = step(clued, 1, { type: 'guess', word: 'SHIP' });
    const t2 = tree(after, 1, onAction);
    expect(findClickable(t2, 'Guess SHIP')).toBeNull();
    click(findClickable(t2, 'Stop guessing'));
    expect(onAction).toHaveBeenLastCalledWith({ type: 'stop' });
    expect(html(after, { seat: 1 }, true).match(/aria-label="Guess /g)).toHaveLength(24);
  });
  it('lets a spymaster on turn give a clue word and number, refusing board words with the reason', () => {
    const h = html(s0, { seat: 0 }, true);
    expect(h).toContain('aria-label="Clue word"');
    expect(h).toContain('aria-label="Clue number"');
    expect(h).toContain('Type a clue word first');
    const onAction = vi.fn();
    const form = (word: string, count: number) =>
      (ClueForm as unknown as (p: object) => ReactElement)({
        words: s0.words,
        word,
        count,
        setWord() {},
        setCount() {},
        onAction,
      });
    click(findClickable(form('ocean', 2), 'Give clue'));
    expect(onAction).toHaveBeenLastCalledWith({ type: 'clue', word: 'OCEAN', count: 2 });
    expect(clueFromForm('whales', 2, s0.words)).toEqual({
      error: expect.stringMatching(/contains the board word WHALE/),
    });
    expect(clueFromForm('ice cream', 2, s0.words)).toEqual({ error: expect.stringMatching(/exactly one word/) });
    // Not this seat's turn: no form, no buttons.
    expect(html(s0, { seat: 2 }, true)).not.toContain('Clue word');
  });
});
