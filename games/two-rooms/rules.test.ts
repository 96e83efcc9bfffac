// Two Rooms and a Boom's rules, hand-checked: GameBench's setup (cards, rooms, leaders), the talk order, questions,
// answers and card reveals, the simultaneous hostage exchange, the three rounds, the winner and what each viewer sees.
import { describe, expect, it } from 'vitest';
import { twoRooms } from '.';
import { createRng } from '../../lib/engine/rng';
import {
  activeSeats,
  apply,
  configSchema,
  describe as describeMove,
  legalActions,
  outcome,
  reject,
  roomOf,
  secrets,
  setup,
  start,
  view,
  type Card,
  type TrbAction,
  type TrbState,
} from './rules';

const cfg = configSchema.parse({});
const rng = createRng('trb-test');
// Blue 1 is the President, Red 2 the Bomber. Room 1: Blue 1, Red 1, Blue 2 (leader Red 1); Room 2: Red 2, Blue 3, Red 3 (leader Blue 3).
const CARDS: Card[] = ['President', 'Blue', 'Blue', 'Red', 'Bomber', 'Red'];
const base = () =>
  start(
    cfg,
    CARDS,
    [
      [0, 3, 1],
      [4, 2, 5],
    ],
    [3, 2],
  );
const play = (s: TrbState, seat: number, a: TrbAction) => {
  expect(reject(s, seat, a)).toBeNull();
  return apply(s, seat, a, rng);
};
/** Plays every talk turn with a silent question and a silent answer, up to the exchange. */
function talkThrough(s: TrbState): TrbState {
  while (s.phase === 'ask' || s.phase === 'answer') {
    const seat = activeSeats(s)[0]!;
    s = play(s, seat, legalActions(s, seat)[0]!);
  }
  return s;
}

describe('two rooms setup (GameBench)', () => {
  it('has 3 rounds by default', () => {
    expect(cfg).toEqual({ rounds: 3 });
  });

  it('deals one President among Blue 1-3, one Bomber among Red 1-3, 3 players per room, a leader in each room', () => {
    const rooms = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const s = setup(createRng(`setup-${i}`), cfg, 6);
      expect(s.cards.slice(0, 3).filter((c) => c === 'President')).toHaveLength(1);
      expect(s.cards.slice(0, 3).every((c) => c === 'President' || c === 'Blue')).toBe(true);
      expect(s.cards.slice(3).filter((c) => c === 'Bomber')).toHaveLength(1);
      expect(s.cards.slice(3).every((c) => c === 'Bomber' || c === 'Red')).toBe(true);
      expect(s.rooms[0]).toHaveLength(3);
      expect(s.rooms[1]).toHaveLength(3);
      expect([...s.rooms[0], ...s.rooms[1]].sort()).toEqual([0, 1, 2, 3, 4, 5]);
      expect(s.rooms[0]).toContain(s.leaders[0]);
      expect(s.rooms[1]).toContain(s.leaders[1]);
      rooms.add(JSON.stringify([...s.rooms[0]].sort()));
    }
    // The 20 swaps mix the rooms: many different line-ups.
    expect(rooms.size).toBeGreaterThan(10);
  });

  it('is played by 6 players only', () => {
    expect(() => setup(rng, cfg, 4)).toThrow(/6 players/);
  });
});

describe('talk', () => {
  it('goes through Room 1 in its order, then Room 2: each player asks someone of their room, who answers', () => {
    let s = base();
    const order: number[] = [];
    while (s.phase !== 'exchange') {
      const seat = activeSeats(s)[0]!;
      if (s.phase === 'ask') order.push(seat);
      s = play(s, seat, legalActions(s, seat)[0]!);
    }
    expect(order).toEqual([0, 3, 1, 4, 2, 5]);
  });

  it('offers a question or a card reveal to each other player of the room, never to the other room', () => {
    const s = base();
    expect(legalActions(s, 0)).toEqual([
      { type: 'ask', to: 3, text: '' },
      { type: 'ask', to: 1, text: '' },
      { type: 'reveal', to: 3 },
      { type: 'reveal', to: 1 },
    ]);
    expect(legalActions(s, 3)).toEqual([]);
    expect(reject(s, 0, { type: 'ask', to: 4, text: 'hi' })).toMatch(/Red 2 is not in your room/);
    expect(reject(s, 0, { type: 'ask', to: 0, text: 'hi' })).toMatch(/someone else/);
    expect(twoRooms.reject(s, 3, { type: 'ask', to: 0, text: 'hi' })).toBe('it is not your turn: Blue 1 is to move');
    expect(reject(s, 0, { type: 'say', text: 'hi' })).toMatch(/Nobody asked you/);
    expect(reject(s, 0, { type: 'hostage', seat: 3 })).toMatch(/leaders after everyone has talked/);
    expect(reject(s, 0, { type: 'ask', to: 3, text: 'x'.repeat(301) })).toMatch(/too long/);
  });

  it('lets the one asked answer in words, with silence, or by showing their card back to the asker only', () => {
    let s = play(base(), 0, { type: 'ask', to: 3, text: '  Are you   the Bomber? ' });
    expect(activeSeats(s)).toEqual([3]);
    expect(legalActions(s, 3)).toEqual([
      { type: 'say', text: '' },
      { type: 'reveal', to: 0 },
    ]);
    expect(reject(s, 3, { type: 'reveal', to: 1 })).toMatch(/only to Blue 1/);
    expect(reject(s, 3, { type: 'ask', to: 0, text: 'and you?' })).toMatch(/Blue 1 is talking to you/);
    expect(s.messages[0]).toMatchObject({ from: 0, to: 3, kind: 'ask', text: 'Are you the Bomber?', heard: [0, 3, 1] });
    s = play(s, 3, { type: 'say', text: 'No, plain Red.' });
    expect(s.messages[1]).toMatchObject({ from: 3, to: 0, kind: 'say', text: 'No, plain Red.' });
    expect(activeSeats(s)).toEqual([3]);
    expect(s.phase).toBe('ask');
  });

  it('a room hears its own talk; the other room hears nothing; spectators hear both rooms unless a person plays', () => {
    const s = play(base(), 0, { type: 'ask', to: 1, text: 'Blue friend?' });
    for (const p of [0, 1, 3]) expect(view(s, { seat: p }).messages).toHaveLength(1);
    for (const p of [2, 4, 5]) expect(view(s, { seat: p }).messages).toHaveLength(0);
    // Spectators of a match of models see all (spectatorsSeeAll); with a person in a seat, only what is public.
    expect(twoRooms.spectatorsSeeAll({})).toBe(true);
    expect(view(s, { omniscient: true }).messages).toHaveLength(1);
    expect(view(s, { spectator: true }).messages).toHaveLength(0);
    const lines = describeMove(base(), s, 0, { type: 'ask', to: 1, text: 'Blue friend?' });
    expect(lines[0]).toEqual({ text: 'Room 1: Blue 1 asks Blue 2: “Blue friend?”', visibleTo: [0, 3, 1] });
  });

  it('a card shown is seen by the one it is shown to only; the room sees that it was shown', () => {
    const s0 = base();
    let s = play(s0, 0, { type: 'reveal', to: 1 });
    expect(view(s, { seat: 1 }).known).toEqual([
      { seat: 0, card: 'President' },
      { seat: 1, card: 'Blue' },
    ]);
    expect(view(s, { seat: 3 }).known).toEqual([{ seat: 3, card: 'Red' }]);
    expect(view(s, { spectator: true }).known).toEqual([]);
    expect(view(s, { seat: 3 }).messages[0]).toMatchObject({ kind: 'reveal', from: 0, to: 1 });
    const lines = describeMove(s0, s, 0, { type: 'reveal', to: 1 });
    expect(lines).toEqual([
      { text: 'Room 1: Blue 1 shows their card to Blue 2', visibleTo: [0, 3, 1] },
      {
        text: 'Blue 2 sees that Blue 1 is the President',
        visibleTo: [1],
        yours: 'Blue 1 shows you their card: the President',
      },
    ]);
    // A card share: Blue 2 answers by showing theirs back.
    s = play(s, 1, { type: 'reveal', to: 0 });
    expect(view(s, { seat: 0 }).known.map((k) => k.seat)).toEqual([0, 1]);
    expect(secrets(s).find((x) => x.seat === 0)).toEqual({
      seat: 0,
      values: ['{"seat":0,"card":"President"}'],
      sharedWith: [1],
    });
  });
});

describe('hostage exchange', () => {
  it('asks both leaders at once for a hostage of their own room (never themselves), then swaps them', () => {
    let s = talkThrough(base());
    expect(s.phase).toBe('exchange');
    expect(activeSeats(s)).toEqual([3, 2]);
    expect(legalActions(s, 3)).toEqual([
      { type: 'hostage', seat: 0 },
      { type: 'hostage', seat: 1 },
    ]);
    expect(legalActions(s, 0)).toEqual([]);
    expect(reject(s, 3, { type: 'hostage', seat: 3 })).toMatch(/cannot send themselves/);
    expect(reject(s, 3, { type: 'hostage', seat: 4 })).toMatch(/not in your room/);
    expect(twoRooms.reject(s, 0, { type: 'hostage', seat: 1 })).toBe(
      'it is not your turn: Red 1 and Blue 3 are to move',
    );
    expect(reject(s, 3, { type: 'say', text: 'x' })).toMatch(/choose the hostage/);
    s = play(s, 3, { type: 'hostage', seat: 0 });
    expect(activeSeats(s)).toEqual([2]);
    expect(twoRooms.reject(s, 3, { type: 'hostage', seat: 1 })).toBe('it is not your turn: Blue 3 is to move');
    // The other leader does not see the choice before making theirs.
    expect(view(s, { seat: 2 }).picked).toEqual([true, false]);
    expect(view(s, { seat: 2 }).myPick).toBeNull();
    expect(view(s, { seat: 3 }).myPick).toBe(0);
    expect(JSON.stringify(view(s, { seat: 2 }))).not.toContain('"myPick":0');
    const before = s;
    s = play(s, 2, { type: 'hostage', seat: 5 });
    expect(s.rooms).toEqual([
      [3, 1, 5],
      [4, 2, 0],
    ]);
    expect(s.swaps).toEqual([{ round: 1, sent: [0, 5] }]);
    expect(s.round).toBe(2);
    expect(s.phase).toBe('ask');
    expect(activeSeats(s)).toEqual([3]);
    expect(describeMove(before, s, 2, { type: 'hostage', seat: 5 }).at(-1)!.text).toBe(
      'Round 1 exchange: Blue 1 goes to Room 2, Red 3 goes to Room 1',
    );
    // Leaders stay leaders of their rooms.
    expect(s.leaders).toEqual([3, 2]);
  });

  it('a hostage hears only what is said after arriving', () => {
    let s = play(base(), 0, { type: 'ask', to: 3, text: 'first' });
    s = talkThrough(s);
    s = play(play(s, 3, { type: 'hostage', seat: 1 }), 2, { type: 'hostage', seat: 4 });
    expect(roomOf(s, 4)).toBe(0);
    expect(view(s, { seat: 4 }).messages.some((m) => m.text === 'first')).toBe(false);
    s = play(s, 0, { type: 'ask', to: 4, text: 'welcome' });
    expect(view(s, { seat: 4 }).messages.some((m) => m.text === 'welcome')).toBe(true);
    expect(view(s, { seat: 1 }).messages.some((m) => m.text === 'welcome')).toBe(false);
  });
});

describe('end of the game', () => {
  function finish(s: TrbState, picks: [number, number][]): TrbState {
    for (const [a, b] of picks) {
      s = talkThrough(s);
      s = play(play(s, s.leaders[0], { type: 'hostage', seat: a }), s.leaders[1], { type: 'hostage', seat: b });
    }
    return s;
  }

  it('ends after 3 rounds: Red wins when the Bomber is in the President’s room', () => {
    // Room 1: Blue 1 (P), Red 1 (leader), Blue 2; Room 2: Red 2 (B), Blue 3 (leader), Red 3.
    const s = finish(base(), [
      [1, 4],
      [4, 1],
      [1, 4],
    ]); // the Bomber comes to Room 1 and stays after 3 swaps
    expect(s.phase).toBe('over');
    expect(activeSeats(s)).toEqual([]);
    const o = outcome(s)!;
    expect(o.summary).toBe('Red wins');
    expect(o.scores).toEqual([0, 0, 0, 1 / 3, 1 / 3, 1 / 3]);
    expect(o.teams).toEqual(['Blue', 'Blue', 'Blue', 'Red', 'Red', 'Red']);
    expect(o.reason).toMatch(/Bomber \(Red 2\) ends in Room 1 with the President \(Blue 1\)/);
    expect(twoRooms.reject(s, 3, { type: 'hostage', seat: 1 })).toBe('the game is over');
  });

  it('Blue wins when they end in different rooms', () => {
    const s = finish(base(), [
      [1, 5],
      [5, 1],
      [1, 5],
    ]);
    const o = outcome(s)!;
    expect(o.summary).toBe('Blue wins');
    expect(o.scores).toEqual([1 / 3, 1 / 3, 1 / 3, 0, 0, 0]);
  });

  it('plays the number of rounds set, and shows every card at the end', () => {
    let s = start(
      configSchema.parse({ rounds: 1 }),
      CARDS,
      [
        [0, 3, 1],
        [4, 2, 5],
      ],
      [3, 2],
    );
    s = finish(s, [[0, 4]]);
    expect(s.phase).toBe('over');
    expect(outcome(s)!.summary).toBe('Blue wins');
    expect(view(s, { seat: 5 }).known).toHaveLength(6);
    expect(view(s, { spectator: true }).known).toHaveLength(6);
    expect(secrets(s)).toEqual([]);
  });

  it('a match is 14 moves a round: 6 questions, 6 answers and 2 hostages', () => {
    let s = setup(createRng('count'), cfg, 6);
    let n = 0;
    while (activeSeats(s).length) {
      const seat = activeSeats(s)[0]!;
      s = apply(s, seat, legalActions(s, seat)[0]!, rng);
      n++;
    }
    expect(n).toBe(42);
  });
});

describe('what each viewer sees', () => {
  it('a seat sees its own card only; spectators see no card; omniscient viewers see all', () => {
    const s = base();
    expect(view(s, { seat: 4 }).myCard).toBe('Bomber');
    expect(view(s, { seat: 4 }).known).toEqual([{ seat: 4, card: 'Bomber' }]);
    const spectator = JSON.stringify(view(s, { spectator: true }));
    expect(spectator).not.toMatch(/President|Bomber/);
    expect(view(s, { omniscient: true }).known).toHaveLength(6);
    for (const { seat, values } of secrets(s)) {
      for (const p of [0, 1, 2, 3, 4, 5].filter((x) => x !== seat))
        expect(JSON.stringify(view(s, { seat: p }))).not.toContain(values[0]);
    }
  });
});
