// How a tournament's status reads: a tournament whose matches all (or mostly) failed says so, never a bare "finished".
import { describe, expect, it } from 'vitest';
import { tournamentVerdict, type TournamentProgress } from './spec';

const counts = (c: Partial<TournamentProgress['counts']>): TournamentProgress['counts'] => {
  const x = { done: 0, running: 0, queued: 0, failed: 0, cancelled: 0, ...c };
  return { ...x, total: x.done + x.running + x.queued + x.failed + x.cancelled };
};

describe('tournamentVerdict', () => {
  it('every match failed: said in the status, in red', () => {
    expect(tournamentVerdict({ status: 'finished', counts: counts({ failed: 8 }) })).toEqual({
      label: 'finished — every match failed',
      tone: 'failed',
    });
    expect(tournamentVerdict({ status: 'running', counts: counts({ failed: 3, queued: 5 }) })).toEqual({
      label: 'running — every match so far failed',
      tone: 'failed',
    });
    expect(tournamentVerdict({ status: 'cancelled', counts: counts({ failed: 2, cancelled: 6 }) })).toEqual({
      label: 'cancelled — every match failed',
      tone: 'failed',
    });
  });

  it('most failed: the count', () => {
    expect(tournamentVerdict({ status: 'finished', counts: counts({ done: 3, failed: 7 }) })).toEqual({
      label: 'finished — 7 of 10 matches failed',
      tone: 'failing',
    });
    expect(tournamentVerdict({ status: 'paused', counts: counts({ done: 1, failed: 2, queued: 4 }) })).toEqual({
      label: 'paused — 2 of 3 matches failed so far',
      tone: 'failing',
    });
  });

  it('otherwise the plain status (a few failures are shown in the counts)', () => {
    expect(tournamentVerdict({ status: 'finished', counts: counts({ done: 6, failed: 4 }) })).toEqual({
      label: 'finished',
      tone: 'ok',
    });
    expect(tournamentVerdict({ status: 'finished', counts: counts({ done: 5, failed: 5 }) })).toEqual({
      label: 'finished',
      tone: 'ok',
    });
    expect(tournamentVerdict({ status: 'running', counts: counts({ queued: 10 }) })).toEqual({
      label: 'running',
      tone: 'ok',
    });
    expect(tournamentVerdict({ status: 'cancelled', counts: counts({ cancelled: 10 }) })).toEqual({
      label: 'cancelled',
      tone: 'ok',
    });
  });
});
