// The one check of an action, as the runner and the hub ask it: the game's schema first (a reply that is no action of
// the game says so), then the game's own words about a move the rules do not allow now.
import { describe, expect, it } from 'vitest';
import { connectFour } from './connect-four';
import { initialState } from '../lib/engine/replay';
import { validateAction } from '../lib/engine/validate';
import { currentDeal } from '../lib/engine/replay';

describe('validateAction', () => {
  const s = initialState(connectFour, {}, currentDeal('seed'), 2);

  it('accepts a legal move, returning the parsed action', () => {
    expect(validateAction(connectFour, s, 0, { type: 'drop', column: 4 })).toEqual({
      ok: true,
      action: { type: 'drop', column: 4 },
    });
  });

  it('a value that is no action of the game is malformed, with the schema’s complaint', () => {
    const r = validateAction(connectFour, s, 0, { type: 'drop', column: 'four' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.malformed).toBeTruthy();
    expect(r.error).toBe(`malformed action: ${r.malformed}`);
    expect(validateAction(connectFour, s, 0, null)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^malformed action: /),
    });
  });

  it('a well-formed move the rules refuse carries the game’s words, not marked malformed', () => {
    expect(validateAction(connectFour, s, 0, { type: 'drop', column: 9 })).toEqual({
      ok: false,
      error: 'column must be 1-7 (got 9)',
    });
    expect(validateAction(connectFour, s, 1, { type: 'drop', column: 4 })).toEqual({
      ok: false,
      error: 'it is not your turn: X is to move',
    });
  });
});
