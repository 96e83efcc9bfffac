// Who may see what, in one pure module: each hidden-information decision pinned on a hand-made event.
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from './events';
import {
  ownWordsAudience,
  readsLine,
  seatViewer,
  seenEvent,
  seesAction,
  seesEvent,
  spectatorViewer,
} from './visibility';

const perfect = { meta: { info: 'perfect' as const } };
const imperfect = { meta: { info: 'imperfect' as const } };
const at = new Date('2026-01-01T00:00:00Z');
const stored = <E extends Omit<StoredEvent, 'seq' | 'at' | 'visibleTo'>>(e: E, visibleTo: number[] = []) =>
  ({ seq: 5, at, visibleTo, ...e }) as StoredEvent;

const move = stored({
  kind: 'move',
  seat: 0,
  payload: {
    ply: 3,
    action: { type: 'bid', amount: 7 },
    metrics: { surplus: 2 },
    lines: [{ text: 'Seat 1 bids' }, { text: 'You bid 7', visibleTo: [0] }],
  },
});

describe('visibility', () => {
  it('a seat’s own words stay with it in imperfect-information games, are everyone’s in perfect ones', () => {
    expect(ownWordsAudience(imperfect, 2)).toEqual([2]);
    expect(ownWordsAudience(perfect, 2)).toEqual([]);
  });

  it('an event for some seats reaches only them and the omniscient viewer', () => {
    expect(seesEvent({ seat: 1 }, [])).toBe(true);
    expect(seesEvent({ spectator: true }, [])).toBe(true);
    expect(seesEvent({ seat: 1 }, [1])).toBe(true);
    expect(seesEvent({ seat: 0 }, [1])).toBe(false);
    expect(seesEvent({ spectator: true }, [1])).toBe(false);
    expect(seesEvent({ omniscient: true }, [1])).toBe(true);
    expect(
      seenEvent(imperfect, stored({ kind: 'reply', seat: 1, payload: { text: 'my card is 5', attempt: 0 } }, [1]), {
        seat: 0,
      }),
    ).toBeNull();
  });

  it('a log line without visibleTo is for everyone; one with it for those seats', () => {
    expect(readsLine({ spectator: true }, { text: 'x' })).toBe(true);
    expect(readsLine({ seat: 0 }, { text: 'x', visibleTo: [1] })).toBe(false);
    expect(readsLine({ seat: 1 }, { text: 'x', visibleTo: [1] })).toBe(true);
  });

  it('in an imperfect-information game a move’s action and metrics are its seat’s only, the lines filtered', () => {
    expect(seesAction(imperfect, { seat: 1 }, 0)).toBe(false);
    expect(seesAction(perfect, { seat: 1 }, 0)).toBe(true);
    expect(seenEvent(imperfect, move, { seat: 1 })).toEqual({
      kind: 'move',
      seat: 0,
      payload: { ply: 3, action: null, metrics: null, lines: [{ text: 'Seat 1 bids' }] },
    });
    expect(seenEvent(imperfect, move, { seat: 0 })!.payload).toEqual(move.payload);
    expect(seenEvent(imperfect, move, { omniscient: true })!.payload).toEqual(move.payload);
    // In a perfect-information game everyone knows the action; private lines still stay private.
    expect(seenEvent(perfect, move, { spectator: true })!.payload).toEqual({
      ...move.payload,
      lines: [{ text: 'Seat 1 bids' }],
    });
  });

  it('a start never carries the seed, for anyone', () => {
    const start = stored({ kind: 'start', seat: null, payload: { seed: 'secret', seats: [] } });
    for (const v of [{ omniscient: true as const }, { spectator: true as const }, { seat: 0 }]) {
      expect(seenEvent(imperfect, start, v)).toEqual({ kind: 'start', seat: null, payload: { seats: [] } });
    }
  });

  it('the legal actions of a turn go to that seat’s copy only', () => {
    const turn = stored({
      kind: 'turn',
      seat: 1,
      payload: { ply: 4, seconds: 60, deadline: '2026-01-01T00:01:00.000Z' },
    });
    const legal = [{ type: 'play', card: 3 }];
    expect(seenEvent(imperfect, turn, { seat: 1 }, legal)!.payload).toEqual({
      ply: 4,
      seconds: 60,
      deadline: '2026-01-01T00:01:00.000Z',
      legal,
    });
    expect(seenEvent(imperfect, turn, { seat: 0 }, legal)!.payload).not.toHaveProperty('legal');
    expect(seenEvent(imperfect, turn, { omniscient: true }, legal)!.payload).not.toHaveProperty('legal');
    expect(seenEvent(imperfect, turn, { seat: 1 })!.payload).not.toHaveProperty('legal');
  });

  it('spectators see everything once a match is over, while it runs only what the game opens, never with a person in it', () => {
    const game = (open: boolean) => ({ spectatorsSeeAll: () => open });
    const models = [{ agentKind: 'llm' }, { agentKind: 'llm' }];
    const withPerson = [{ agentKind: 'llm' }, { agentKind: 'human' }];
    expect(spectatorViewer({ game: game(false), config: {}, status: 'running', seats: models })).toEqual({
      spectator: true,
    });
    expect(spectatorViewer({ game: game(true), config: {}, status: 'running', seats: models })).toEqual({
      omniscient: true,
    });
    expect(spectatorViewer({ game: game(true), config: {}, status: 'running', seats: withPerson })).toEqual({
      spectator: true,
    });
    for (const status of ['finished', 'failed', 'cancelled'] as const) {
      expect(spectatorViewer({ game: game(false), config: {}, status, seats: withPerson })).toEqual({
        omniscient: true,
      });
    }
    expect(seatViewer('running', 1)).toEqual({ seat: 1 });
    expect(seatViewer('finished', 1)).toEqual({ omniscient: true });
  });
});
