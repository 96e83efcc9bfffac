// How a match's end is worded: one winner, a side of several winners, a draw, a void match.
import { describe, expect, it } from 'vitest';
import { describeOutcome } from './format';

const label = (seat: number) => `Player ${seat + 1}`;

describe('describeOutcome', () => {
  it('names one winner, the seats of a winning side, or a draw when everyone is level', () => {
    expect(describeOutcome('finished', { scores: [1, 0], reason: 'r', winner: 0 }, null, label)).toMatchObject({ kind: 'win', headline: 'Player 1 wins' });
    expect(describeOutcome('finished', { scores: [1 / 3, 1 / 3, 0, 1 / 3], reason: 'villagers', winner: null }, null, label)).toEqual({
      kind: 'win', headline: 'Player 1, Player 2 and Player 4 win', reason: 'villagers',
    });
    expect(describeOutcome('finished', { scores: [0.5, 0.5], reason: 'r', winner: null }, null, label)).toMatchObject({ kind: 'draw', headline: 'Draw' });
    expect(describeOutcome('failed', null, 'provider down', label)).toMatchObject({ kind: 'void', reason: 'provider down' });
    expect(describeOutcome('running', null, null, label)).toBeNull();
  });

  it('calls a judged evaluation scored, never a draw, and still voids a failed one', () => {
    const done = { scores: [0.5, 0.5], reason: '6 of 6 descriptions of 3 words scored', winner: null };
    expect(describeOutcome('finished', done, null, label, { evaluation: true })).toEqual({ kind: 'draw', headline: 'Scored', reason: done.reason });
    expect(describeOutcome('failed', null, 'provider down', label, { evaluation: true })).toMatchObject({ kind: 'void' });
  });
});
