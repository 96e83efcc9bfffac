// The Bargain board for a person's turn (server-side markup): Deal is disabled for real, saying why, while no proposal
// is on the table; the message counts down to its limit; a refused move shows under the buttons that sent it.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { currentDeal, initialState } from '../../lib/engine/replay';
import { bargain } from '.';
import BargainBoard from './board';
import { MESSAGE_LIMIT, type BargainState } from './rules';

const players = ['Player 1 · Barb', 'Player 2 · Model'];
const start = initialState(bargain, bargain.defaultConfig, currentDeal('board-test'), 2) as BargainState;
const render = (s: BargainState, seat: number, extra: object = {}) =>
  renderToStaticMarkup(
    <BargainBoard
      view={bargain.view(s, { seat })}
      players={players}
      legal={bargain.legalActions(s, seat)}
      onAction={() => {}}
      {...extra}
    />,
  );

describe('bargain board', () => {
  it('disables Deal with no proposal to accept, saying why; once one is on the table it plays', () => {
    const html = render(start, 0);
    expect(html).toMatch(
      /<button[^>]*aria-label="Deal"[^>]*aria-disabled="true"[^>]*>Deal<span[^>]*>There is no proposal from Player 2 · Model to accept yet: make one<\/span><\/button>/,
    );
    expect(html).toMatch(/<button type="submit" aria-label="Propose" class=/);
    expect(html).toContain(`0/${MESSAGE_LIMIT}`);
    const offered = bargain.apply(start, 0, { type: 'propose', hats: 1, balls: 0, apples: 0 }, createRng('x'));
    expect(render(offered, 1)).toMatch(/<button type="button" aria-label="Deal" class=/);
  });

  it('shows a refused move under the Propose and Deal buttons, in an alert', () => {
    const html = render(start, 0, { error: 'your message is 612 characters long; the limit is 500: shorten it' });
    const buttons = html.indexOf('aria-label="Deal"');
    const alert = html.indexOf('data-testid="move-error"');
    expect(alert).toBeGreaterThan(buttons);
    expect(html.slice(buttons, html.indexOf('</form>', buttons))).toContain('the limit is 500: shorten it');
  });

  it('counts rounds of two turns: both proposals of round 1 say round 1, then round 2 begins', () => {
    const rng = createRng('r');
    const one = bargain.apply(start, 0, { type: 'propose', hats: 1, balls: 0, apples: 0 }, rng);
    expect(render(one, 1)).toContain('Round 1 of 10 · 10 left, counting this one');
    const two = bargain.apply(one, 1, { type: 'propose', hats: 0, balls: 0, apples: 0 }, rng);
    const html = render(two, 0);
    expect(html).toContain('Round 2 of 10 · 9 left, counting this one');
    expect(html.match(/· round 1</g)).toHaveLength(2);
  });
});
