// How a match's end is worded: one winner, a side of several winners, a draw, a void match; a side named as a person
// says it, a cooperative team's score, an evaluation's verdict; and each seat's result in a word.
import { describe, expect, it } from 'vitest';
import { describeOutcome, seatResult } from './format';

const label = (seat: number) => `Player ${seat + 1}`;

describe('describeOutcome', () => {
  it('names one winner, the seats of a winning side, or a draw when everyone is level', () => {
    expect(describeOutcome('finished', { scores: [1, 0], reason: 'r', winner: 0 }, null, label)).toMatchObject({
      kind: 'win',
      headline: 'Player 1 wins',
    });
    expect(
      describeOutcome('finished', { scores: [1 / 3, 1 / 3, 0, 1 / 3], reason: 'villagers', winner: null }, null, label),
    ).toEqual({
      kind: 'win',
      headline: 'Player 1, Player 2 and Player 4 win',
      reason: 'villagers',
    });
    expect(describeOutcome('finished', { scores: [0.5, 0.5], reason: 'r', winner: null }, null, label)).toMatchObject({
      kind: 'draw',
      headline: 'Draw',
    });
    expect(describeOutcome('failed', null, 'provider down', label)).toMatchObject({
      kind: 'void',
      reason: 'provider down',
    });
    expect(describeOutcome('running', null, null, label)).toBeNull();
  });

  it('calls a judged evaluation scored, never a draw, and still voids a failed one', () => {
    const done = { scores: [0.5, 0.5], reason: '6 of 6 descriptions of 3 words scored', winner: null };
    expect(describeOutcome('finished', done, null, label, 'evaluation')).toEqual({
      kind: 'draw',
      headline: 'Scored',
      reason: done.reason,
    });
    expect(describeOutcome('failed', null, 'provider down', label, 'evaluation')).toMatchObject({ kind: 'void' });
  });
});

describe('results said plainly', () => {
  const named = (seat: number) => `Player ${seat + 1} (${['Ada', 'Bo', 'Cy', 'Di'][seat]})`;
  const villagers = {
    scores: [1 / 3, 0, 1 / 3, 1 / 3],
    reason: 'The spy was voted out in round 2: the villagers win',
    winner: null,
    summary: 'Villagers win',
  };

  it('names the winning side and its seats, not three names and a third each', () => {
    expect(describeOutcome('finished', villagers, null, named)).toEqual({
      kind: 'win',
      headline: 'Villagers win: Player 1 (Ada), Player 3 (Cy), Player 4 (Di)',
      reason: villagers.reason,
    });
    const spy = { scores: [0, 1, 0, 0], reason: 'Only 2 players are left', winner: 1, summary: 'The spy wins' };
    expect(describeOutcome('finished', spy, null, named)?.headline).toBe('The spy wins: Player 2 (Bo)');
  });

  it('gives a cooperative team its score instead of "Draw", and a judged evaluation its verdict', () => {
    const team = {
      scores: [0.5, 0.5],
      reason: 'fireworks: red 4, yellow 3 — 7 points (the deck ran out)',
      winner: null,
      summary: 'Team score 7 of 10',
    };
    expect(describeOutcome('finished', team, null, named)).toEqual({
      kind: 'draw',
      headline: 'Team score 7 of 10',
      reason: team.reason,
    });
    const deep = {
      scores: [1 / 3, 1 / 3, 1 / 3],
      reason: '6 of 6 descriptions of 3 words scored',
      winner: null,
      summary: 'Describer: aggressive descriptions single out the target (4.5 vs 1.8 for the distractors)',
    };
    expect(describeOutcome('finished', deep, null, named, 'evaluation')).toEqual({
      kind: 'draw',
      headline: deep.summary,
      reason: deep.reason,
    });
  });

  it('says each seat won, lost or drew — a villager won, whatever its share of the score', () => {
    expect([0, 1, 2, 3].map((seat) => seatResult(villagers, seat))).toEqual(['won', 'lost', 'won', 'won']);
    expect(seatResult({ scores: [0.5, 0.5], reason: 'r', winner: null }, 0)).toBe('draw');
    expect(
      seatResult({ scores: [0.5, 0.5], reason: 'r', winner: null, summary: 'Team score 7 of 10' }, 0, 'cooperative'),
    ).toBeNull();
    expect(seatResult({ scores: [0.5, 0.5], reason: 'r', winner: null }, 0, 'evaluation')).toBeNull();
  });
});
