// The sealed-bid board for a person's turn (server-side markup): a refused bid shows under the bid form that sent it;
// "Place bid" looks and acts enabled whenever a number is typed (the server explains a refusal).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { currentDeal, initialState } from '../../lib/engine/replay';
import { bid } from '.';
import BidBoard from './board';
import type { BidState } from './rules';

const s = initialState(bid, bid.defaultConfig, currentDeal('board-test'), 2) as BidState;
const html = renderToStaticMarkup(
  <BidBoard
    view={bid.view(s, { seat: 0 })}
    players={['Player 1 · Bea', 'Player 2 · Model']}
    legal={bid.legalActions(s, 0)}
    onAction={() => {}}
    error="your bid must be below your valuation of 40; bid a whole number from 0 to 39"
  />,
);

describe('bid board', () => {
  it('shows a refused bid inside the bid form, under its buttons', () => {
    const form = html.slice(html.indexOf('aria-label="Place your sealed bid"'), html.indexOf('</form>'));
    expect(form).toContain('data-testid="move-error"');
    expect(form.indexOf('data-testid="move-error"')).toBeGreaterThan(form.indexOf('aria-label="Quick bids"'));
    expect(form).toContain('your bid must be below your valuation');
  });

  it('enables "Place bid" for the typed number (half the valuation to start with)', () => {
    expect(html).toMatch(/<button type="submit" aria-label="Place bid" class=/);
  });
});
