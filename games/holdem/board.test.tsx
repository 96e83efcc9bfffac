// The Hold'em table renders for every viewer (server-side markup): hidden cards face down, the person's buttons by name.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { FULL_DECK } from './hand';
import HoldemBoard from './board';
import { apply, configSchema, legalActions, newMatch, view } from './rules';

const top = 'Ah Kd Qs Qc Ks 7h 2c 3d 9s'.split(' ');
const start = newMatch(configSchema.parse({}), [...top, ...FULL_DECK.filter((c) => !top.includes(c))]);
const players = ['Player 1 · Alice', 'Player 2 · Model'];

describe('holdem board', () => {
  it('shows a seat its own cards, the other face down, and one button per action with its name', () => {
    const html = renderToStaticMarkup(
      <HoldemBoard
        view={view(start, { seat: 0 })}
        players={players}
        legal={legalActions(start, 0)}
        onAction={() => {}}
      />,
    );
    expect(html).toContain('aria-label="ace of hearts"');
    expect(html).toContain('aria-label="king of diamonds"');
    expect(html).not.toContain('queen of spades');
    expect(html.match(/aria-label="face-down card"/g)).toHaveLength(2);
    for (const name of ['Fold', 'Call 1', 'Raise half pot', 'Raise full pot', 'All-in'])
      expect(html).toContain(`aria-label="${name}"`);
    expect(html).toContain('Raise half pot (to 4)');
    expect(html).toContain('Player 1 · Alice to act');
  });

  it('names the check button "Check" when nothing is to call, and disables an illegal fold for real, saying why', () => {
    const s = apply(start, 0, { type: 'check-call' }, createRng('x'));
    const html = renderToStaticMarkup(
      <HoldemBoard view={view(s, { seat: 1 })} players={players} legal={legalActions(s, 1)} onAction={() => {}} />,
    );
    expect(html).toContain('aria-label="Check"');
    // aria-disabled (a click does nothing) and described by its reason, shown on hover and focus.
    const fold =
      /<button[^>]*aria-label="Fold"[^>]*aria-disabled="true"[^>]*aria-describedby="([^"]+)"[^>]*>Fold<span id="([^"]+)"[^>]*>([^<]*)<\/span><\/button>/.exec(
        html,
      );
    expect(fold).not.toBeNull();
    expect(fold![1]).toBe(fold![2]);
    expect(fold![3]).toBe('Nothing to call: check instead');
    expect(html).not.toMatch(/aria-label="Check"[^>]*aria-disabled/);
  });

  it('shows a refused move right under the action buttons, in an alert', () => {
    const html = renderToStaticMarkup(
      <HoldemBoard
        view={view(start, { seat: 0 })}
        players={players}
        legal={legalActions(start, 0)}
        onAction={() => {}}
        error="a call costs 1 now, not 3"
      />,
    );
    const buttons = html.indexOf('aria-label="Your move"');
    const after = html.slice(html.indexOf('</div>', html.indexOf('aria-label="All-in"')));
    expect(buttons).toBeGreaterThan(0);
    expect(after).toMatch(
      /^<\/div><div role="alert"[^>]*><p data-testid="move-error"[^>]*>.*a call costs 1 now, not 3<\/p><\/div>/,
    );
  });

  it('shows spectators face-down cards and no buttons; at the end both hands and no one to act', () => {
    const html = renderToStaticMarkup(<HoldemBoard view={view(start, { spectator: true })} players={players} />);
    expect(html.match(/aria-label="face-down card"/g)).toHaveLength(4);
    expect(html).not.toContain('aria-label="Fold"');
    const end = apply(apply(start, 0, { type: 'all-in' }, createRng('a')), 1, { type: 'check-call' }, createRng('b'));
    const done = renderToStaticMarkup(<HoldemBoard view={view(end, { spectator: true })} players={players} over />);
    expect(done).toContain('queen of spades');
    expect(done).toContain('Player 1 wins the pot of 200 with a pair of kings against a pair of queens');
    expect(done).not.toContain('to act');
  });
});
