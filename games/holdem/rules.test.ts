// Hold'em rules: blinds and turn order, legal actions and their amounts, rejections, a hand to showdown, folds,
// all-in run-outs, split pots, returned bets, several hands, chip conservation, hidden views, secrets and conformance.
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import { createRng } from '../../lib/engine/rng';
import type { Seat } from '../../lib/engine/types';
import { FULL_DECK, type Card } from './hand';
import { holdem } from './index';
import {
  activeSeats,
  apply,
  configSchema,
  describe as describeMove,
  legalActions,
  newMatch,
  outcome,
  reject,
  secrets,
  setup,
  view,
  type ActionType,
  type HoldemAction,
  type HoldemConfig,
  type HoldemState,
} from './rules';

const cfg = (over: Partial<HoldemConfig> = {}) => configSchema.parse(over);
/** A deck dealing `p1` to seat 0, `p2` to seat 1, then `board`, then every other card in a fixed order. */
const rig = (p1: string, p2: string, board: string): Card[] => {
  const top = `${p1} ${p2} ${board}`.split(' ').filter(Boolean);
  return [...top, ...FULL_DECK.filter((c) => !top.includes(c))];
};
const rng = () => createRng('rules-test');
/** The seat's legal action of that type (with its amounts); throws when it is not legal. */
const legalOf = (s: HoldemState, seat: Seat, type: ActionType): HoldemAction => {
  const a = legalActions(s, seat).find((x) => x.type === type);
  if (!a) throw new Error(`${type} is not legal for seat ${seat}: ${JSON.stringify(legalActions(s, seat))}`);
  return a;
};
/** Plays the moves in order, each by the seat to act, as the legal action of that type. */
const play = (s: HoldemState, types: ActionType[], r = rng()) =>
  types.reduce((st, type) => {
    const seat = st.toMove!;
    return apply(st, seat, legalOf(st, seat, type), r);
  }, s);
/** Chips in play: stacks plus what is in the pot. */
const total = (s: HoldemState) => s.stacks.reduce((a, b) => a + b, 0) + s.committed.reduce((a, b) => a + b, 0);

/** Player 1 (button) Ah Kd, Player 2 Qs Qc; board Ks 7h 2c 3d 9s: Player 1 makes a pair of kings. */
const AK_VS_QQ = rig('Ah Kd', 'Qs Qc', 'Ks 7h 2c 3d 9s');

describe('setup, blinds and who acts first', () => {
  it('is deterministic per seed and varies between seeds', () => {
    const c = cfg();
    expect(setup(createRng('a'), c)).toEqual(setup(createRng('a'), c));
    const deals = new Set(Array.from({ length: 30 }, (_, i) => JSON.stringify(setup(createRng(`s${i}`), c).hole)));
    expect(deals.size).toBe(30);
  });

  it('deals two hole cards each from one shuffled deck and posts the blinds; the button acts first', () => {
    const s = setup(createRng('deal'), cfg());
    expect(s.hole.flat()).toHaveLength(4);
    expect(new Set([...s.hole.flat(), ...s.deck]).size).toBe(52);
    expect(s.board).toEqual([]);
    expect(s.button).toBe(0);
    expect(s.stacks).toEqual([99, 98]);
    expect(s.bets).toEqual([1, 2]);
    expect(s.committed).toEqual([1, 2]);
    expect(s.toMove).toBe(0);
    expect(activeSeats(s)).toEqual([0]);
    expect(s.events.map((e) => [e.seat, e.kind, e.amount])).toEqual([
      [0, 'small blind', 1],
      [1, 'big blind', 2],
    ]);
  });

  it('the button may fold, call the rest of the big blind, raise half or full pot, or go all-in', () => {
    const s = newMatch(cfg(), AK_VS_QQ);
    // Pot 3, the call costs 1, the pot after calling is 4: half-pot raise to 2 + 2, full-pot raise to 2 + 4.
    expect(legalActions(s, 0)).toEqual([
      { type: 'fold' },
      { type: 'check-call', amount: 1 },
      { type: 'raise-half-pot', to: 4 },
      { type: 'raise-full-pot', to: 6 },
      { type: 'all-in', amount: 99 },
    ]);
    expect(legalActions(s, 1)).toEqual([]);
  });

  it('after the button calls, the big blind has the option: check or raise, no fold', () => {
    const s = play(newMatch(cfg(), AK_VS_QQ), ['check-call']);
    expect(s.toMove).toBe(1);
    expect(s.street).toBe('preflop');
    expect(legalActions(s, 1)).toEqual([
      { type: 'check-call', amount: 0 },
      { type: 'raise-half-pot', to: 4 },
      { type: 'raise-full-pot', to: 6 },
      { type: 'all-in', amount: 98 },
    ]);
  });

  it('after the flop the player without the button acts first, and the bets start again', () => {
    const s = play(newMatch(cfg(), AK_VS_QQ), ['check-call', 'check-call']);
    expect(s.street).toBe('flop');
    expect(s.board).toEqual(['Ks', '7h', '2c']);
    expect(s.toMove).toBe(1);
    expect(s.bets).toEqual([0, 0]);
    // Pot 4: a half-pot bet is the minimum (the big blind, 2), a full-pot bet is 4.
    expect(legalActions(s, 1)).toEqual([
      { type: 'check-call', amount: 0 },
      { type: 'raise-half-pot', to: 2 },
      { type: 'raise-full-pot', to: 4 },
      { type: 'all-in', amount: 98 },
    ]);
    const t = play(s, ['check-call']);
    expect(t.toMove).toBe(0);
    const u = play(t, ['check-call']);
    expect(u.street).toBe('turn');
    expect(u.board).toEqual(['Ks', '7h', '2c', '3d']);
    expect(u.toMove).toBe(1);
  });

  it('a re-raise is sized on the pot after calling, and never below the last raise', () => {
    const s = play(newMatch(cfg(), AK_VS_QQ), ['raise-full-pot']);
    expect(s.bets).toEqual([6, 2]);
    // Player 2 calls 4 more: the pot becomes 12; half of it on top of 6 is 12, all of it 18.
    expect(legalActions(s, 1)).toEqual([
      { type: 'fold' },
      { type: 'check-call', amount: 4 },
      { type: 'raise-half-pot', to: 12 },
      { type: 'raise-full-pot', to: 18 },
      { type: 'all-in', amount: 98 },
    ]);
    expect(s.lastRaise).toBe(4);
    const t = play(s, ['raise-half-pot']);
    expect(t.lastRaise).toBe(6);
    expect(t.toMove).toBe(0);
    // Pot 18, call 6: pot after calling 24; half = 12 (above the minimum raise 6), to 24; full to 36.
    expect(legalActions(t, 0)).toContainEqual({ type: 'raise-half-pot', to: 24 });
    expect(legalActions(t, 0)).toContainEqual({ type: 'raise-full-pot', to: 36 });
  });

  it('offers no raise that would reach the whole stack, and only a call against an all-in', () => {
    const s = play(newMatch(cfg({ startingChips: 10 }), AK_VS_QQ), ['raise-full-pot']);
    // Player 2 has 8 left (a bet of 10 in all): a half-pot raise would be to 12.
    expect(legalActions(s, 1)).toEqual([
      { type: 'fold' },
      { type: 'check-call', amount: 4 },
      { type: 'all-in', amount: 8 },
    ]);
    expect(reject(s, 1, { type: 'raise-half-pot' })).toBe(
      'a half-pot raise would be to 12, but you have only 8 chips left (a bet of 10 in all): go all-in instead ("All-in (8)")',
    );
    const t = play(s, ['all-in']);
    expect(legalActions(t, 0)).toEqual([{ type: 'fold' }, { type: 'check-call', amount: 4 }]);
    expect(reject(t, 0, { type: 'raise-full-pot' })).toBe(
      'you cannot raise: Player 2 is all-in; call ("Call 4") or fold',
    );
    expect(reject(t, 0, { type: 'all-in' })).toMatch(/^you cannot raise: Player 2 is all-in/);
  });

  it('a player who cannot cover the call may only call all-in or fold', () => {
    // Player 1 has 6 chips, Player 2 has 194: Player 2's raise takes more than Player 1 has left.
    const s = newMatch(cfg(), AK_VS_QQ);
    s.stacks = [5, 192];
    const u = play(s, ['check-call', 'raise-full-pot']);
    expect(u.bets).toEqual([2, 6]);
    expect(u.stacks).toEqual([4, 188]);
    expect(legalActions(u, 0)).toEqual([{ type: 'fold' }, { type: 'check-call', amount: 4 }]);
    expect(reject(u, 0, { type: 'all-in' })).toBe(
      'you cannot raise: calling takes all your 4 chips; "Call 4" is your last move with chips, or fold',
    );
    expect(reject(u, 0, { type: 'raise-half-pot' })).toBe(
      'you cannot raise: calling takes all your 4 chips; call ("Call 4") or fold',
    );
    const end = play(u, ['check-call']);
    expect(end.board).toHaveLength(5);
    expect(end.ended?.pot).toBe(12);
  });
});

describe('rejections', () => {
  const s = newMatch(cfg(), AK_VS_QQ);

  it('says whose turn it is (the platform)', () => {
    expect(holdem.reject(s, 1, { type: 'check-call' })).toBe('it is not your turn: Player 1 is to move');
  });

  it('refuses a check facing a bet, with the price of a call', () => {
    expect(reject(s, 0, { type: 'check-call', amount: 0 })).toBe(
      'you cannot check: you face a bet and must put in 1 chip more to call; call ("Call 1"), raise or fold',
    );
    expect(reject(s, 0, { type: 'check-call' })).toBeNull();
    expect(reject(s, 0, { type: 'check-call', amount: 3 })).toBe('a call costs 1 chip now, not 3: answer "Call 1"');
  });

  it('refuses a fold when there is nothing to call', () => {
    const t = play(s, ['check-call']);
    expect(reject(t, 1, { type: 'fold' })).toBe(
      'you cannot fold when there is nothing to call: check instead ("Check"), or raise',
    );
    expect(reject(t, 1, { type: 'check-call', amount: 2 })).toBe(
      'there is nothing to call: check ("Check") (you wrote a call of 2)',
    );
  });

  it('refuses raise amounts that are not the rule’s', () => {
    expect(reject(s, 0, { type: 'raise-half-pot', to: 4 })).toBeNull();
    expect(reject(s, 0, { type: 'raise-half-pot', to: 5 })).toBe(
      'a half-pot raise is to 4 now, not 5: answer "Raise half pot (to 4)"',
    );
    expect(reject(s, 0, { type: 'raise-full-pot', to: 7 })).toBe(
      'a full-pot raise is to 6 now, not 7: answer "Raise full pot (to 6)"',
    );
    expect(reject(s, 0, { type: 'all-in', amount: 100 })).toBe(
      'going all-in puts in your 99 chips, not 100: answer "All-in (99)"',
    );
    expect(reject(s, 0, { type: 'bet' } as never)).toMatch(/^unknown action: choose one of Fold, Check, Call/);
  });

  it('apply plays a move reject accepted and never changes the previous state', () => {
    const copy = structuredClone(s);
    const next = apply(s, 0, { type: 'raise-full-pot' }, rng());
    expect(s).toEqual(copy);
    expect(next.bets).toEqual([6, 2]);
  });
});

describe('a hand to the showdown', () => {
  const moves: ActionType[] = [
    'raise-full-pot', // P1 to 6
    'check-call', // P2 calls 4
    'check-call', // flop: P2 checks
    'raise-half-pot', // P1 bets 6
    'check-call', // P2 calls
    'check-call', // turn: P2 checks
    'check-call', // P1 checks
    'raise-half-pot', // river: P2 bets 12
    'check-call', // P1 calls
  ];
  const end = play(newMatch(cfg(), AK_VS_QQ), moves);

  it('the best hand takes the pot and wins the match', () => {
    expect(end.board).toEqual(['Ks', '7h', '2c', '3d', '9s']);
    expect(end.stacks).toEqual([124, 76]);
    expect(activeSeats(end)).toEqual([]);
    expect(end.ended).toMatchObject({ by: 'showdown', winners: [0], pot: 48, net: [24, -24] });
    expect(outcome(end)).toEqual({
      scores: [1, 0],
      winner: 0,
      rewards: [24, -24],
      reason: 'Player 1 wins the pot of 48 with a pair of kings against a pair of queens',
    });
    expect(legalActions(end, 0)).toEqual([]);
    expect(holdem.reject(end, 0, { type: 'check-call' })).toBe('the game is over');
  });

  it('both hands are shown to everyone at the showdown', () => {
    for (const v of [{ seat: 0 }, { seat: 1 }, { spectator: true as const }]) {
      const w = view(end, v);
      expect(w.hole).toEqual([
        ['Ah', 'Kd'],
        ['Qs', 'Qc'],
      ]);
      expect(w.ended?.hands?.map((h) => h.name)).toEqual(['pair of kings', 'pair of queens']);
      expect(w.result).toBe('Player 1 wins the pot of 48 with a pair of kings against a pair of queens');
      expect(w.toMove).toBeNull();
    }
  });

  it('says which kicker decides a showdown between equal pairs, in the result and the showdown line', () => {
    const kicked = play(newMatch(cfg(), rig('4c Ah', '4d Kh', '4s 9d 7c 3h 2s')), [
      'check-call',
      'check-call',
      'check-call',
      'check-call',
      'check-call',
      'check-call',
      'check-call',
      'check-call',
    ]);
    expect(outcome(kicked)?.reason).toBe(
      'Player 1 wins the pot of 4 with a pair of fours, ace kicker against a pair of fours, king kicker',
    );
    expect(view(kicked, { spectator: true }).ended?.hands?.map((h) => h.name)).toEqual([
      'pair of fours, ace kicker',
      'pair of fours, king kicker',
    ]);
  });

  it('describes each action, each street and the showdown', () => {
    const lines: string[] = [];
    let s = newMatch(cfg(), AK_VS_QQ);
    for (const type of moves) {
      const seat = s.toMove!;
      const a = legalOf(s, seat, type);
      const next = apply(s, seat, a, rng());
      lines.push(
        ...describeMove(s, next, seat, a).map((l) => {
          expect(l.visibleTo).toBeUndefined();
          return l.text;
        }),
      );
      s = next;
    }
    expect(lines).toEqual([
      'Player 1 raises full pot to 6',
      'Player 2 calls 4',
      'Flop: Ks 7h 2c',
      'Player 2 checks',
      'Player 1 raises half pot to 6',
      'Player 2 calls 6',
      'Turn: 3d',
      'Player 2 checks',
      'Player 1 checks',
      'River: 9s',
      'Player 2 raises half pot to 12',
      'Player 1 calls 12',
      'Showdown: Player 1 shows Ah Kd (pair of kings), Player 2 shows Qs Qc (pair of queens)',
      'Player 1 wins the pot of 48 with a pair of kings against a pair of queens',
    ]);
  });
});

describe('folds', () => {
  it('a fold gives the pot to the other player', () => {
    const end = play(newMatch(cfg(), AK_VS_QQ), ['raise-full-pot', 'fold']);
    expect(end.stacks).toEqual([102, 98]);
    expect(outcome(end)).toEqual({
      scores: [1, 0],
      winner: 0,
      rewards: [2, -2],
      reason: 'Player 1 wins the pot of 8 after Player 2 folds',
    });
  });

  it('a fold shows no cards to the other player, even after the match; spectators see all once it is over', () => {
    const s = newMatch(cfg(), AK_VS_QQ);
    const end = apply(s, 0, { type: 'fold' }, rng());
    expect(end.stacks).toEqual([99, 101]);
    expect(view(end, { seat: 1 }).hole).toEqual([null, ['Qs', 'Qc']]);
    expect(view(end, { seat: 0 }).hole).toEqual([['Ah', 'Kd'], null]);
    expect(view(end, { spectator: true }).hole).toEqual([
      ['Ah', 'Kd'],
      ['Qs', 'Qc'],
    ]);
    expect(view(end, { omniscient: true }).hole).toEqual([
      ['Ah', 'Kd'],
      ['Qs', 'Qc'],
    ]);
    const lines = describeMove(s, end, 0, { type: 'fold' });
    expect(lines).toEqual([{ text: 'Player 1 folds' }, { text: 'Player 2 wins the pot of 3 after Player 1 folds' }]);
    expect(JSON.stringify(lines)).not.toMatch(/Ah|Kd|Qs|Qc/);
  });
});

describe('all-in', () => {
  it('an all-in and a call run out the board to the showdown', () => {
    const s = newMatch(cfg(), AK_VS_QQ);
    const t = play(s, ['all-in']);
    expect(t.toMove).toBe(1);
    expect(legalActions(t, 1)).toEqual([{ type: 'fold' }, { type: 'check-call', amount: 98 }]);
    const end = play(t, ['check-call']);
    expect(end.board).toHaveLength(5);
    expect(end.stacks).toEqual([200, 0]);
    expect(outcome(end)).toMatchObject({ winner: 0, rewards: [100, -100] });
    const lines = describeMove(t, end, 1, { type: 'check-call', amount: 98 }).map((l) => l.text);
    expect(lines).toEqual([
      'Player 2 calls 98 (all-in)',
      'Flop: Ks 7h 2c',
      'Turn: 3d',
      'River: 9s',
      'Showdown: Player 1 shows Ah Kd (pair of kings), Player 2 shows Qs Qc (pair of queens)',
      'Player 1 wins the pot of 200 with a pair of kings against a pair of queens',
    ]);
  });

  it('an all-in on the flop runs out the turn and river', () => {
    const s = play(newMatch(cfg(), AK_VS_QQ), ['check-call', 'check-call', 'all-in', 'check-call']);
    expect(s.board).toEqual(['Ks', '7h', '2c', '3d', '9s']);
    expect(s.ended?.by).toBe('showdown');
  });

  it('the part of a bet the other cannot match is handed back', () => {
    const s = newMatch(cfg(), rig('Qs Qc', 'Ah Kd', 'Ks 7h 2c 3d 9s'));
    s.stacks = [149, 48]; // Player 1 has 150, Player 2 has 50 (blinds included)
    const end = play(s, ['all-in', 'check-call']);
    // Player 2 matched 50: the pot is 100, Player 1's other 100 come back.
    expect(end.ended).toMatchObject({ winners: [1], pot: 100, net: [-50, 50] });
    expect(end.stacks).toEqual([100, 100]);
  });
});

describe('split pots', () => {
  it('equal hands split the pot, and a one-hand match is a draw', () => {
    const end = play(newMatch(cfg(), rig('2c 3d', '4h 5s', 'Ac Kd Qh Js Tc')), ['all-in', 'check-call']);
    expect(end.stacks).toEqual([100, 100]);
    expect(end.ended).toMatchObject({ winners: [0, 1], pot: 200, net: [0, 0] });
    expect(outcome(end)).toEqual({
      scores: [0.5, 0.5],
      winner: null,
      rewards: [0, 0],
      reason: 'Split pot of 200: both players have a straight, ace high (the board plays): a draw',
    });
  });

  it('the same hand from the players’ own cards splits too', () => {
    const end = play(newMatch(cfg(), rig('Ah 4c', 'Ad 4d', 'Kc Qd 8h 7s 2c')), [
      'raise-full-pot',
      'check-call',
      'check-call',
      'check-call',
      'check-call',
      'check-call',
      'check-call',
      'check-call',
    ]);
    expect(end.ended).toMatchObject({ winners: [0, 1], text: 'Split pot of 12: both players have high card, ace' });
    expect(end.stacks).toEqual([100, 100]);
  });
});

describe('matches of several hands', () => {
  it('the button alternates, chips carry over and the match ends after the last hand', () => {
    const r = createRng('multi');
    let s = newMatch(cfg({ hands: 3 }), AK_VS_QQ, r);
    s = apply(s, 0, { type: 'fold' }, r); // hand 1: Player 1 (button) folds the small blind
    expect(s.hand).toBe(2);
    expect(s.button).toBe(1);
    expect(s.toMove).toBe(1); // the button acts first pre-flop
    expect(s.stacks).toEqual([99 - 2, 101 - 1]); // Player 1 now posts the big blind
    expect(s.bets).toEqual([2, 1]);
    expect(s.history.map((h) => [h.hand, h.by, h.net])).toEqual([[1, 'fold', [-1, 1]]]);
    expect(outcome(s)).toBeNull();
    s = apply(s, 1, { type: 'fold' }, r); // hand 2: Player 2 folds
    expect(s.hand).toBe(3);
    expect(s.button).toBe(0);
    expect(s.stacks).toEqual([100 - 1, 100 - 2]);
    const before = s;
    s = apply(s, 0, { type: 'fold' }, r); // hand 3: Player 1 folds
    expect(s.hand).toBe(3);
    expect(s.stacks).toEqual([99, 101]);
    expect(outcome(s)).toEqual({
      scores: [0, 1],
      winner: 1,
      rewards: [-1, 1],
      reason: 'After 3 hands Player 2 has 101 chips to 99: Player 2 wins the match',
    });
    expect(describeMove(before, s, 0, { type: 'fold' }).at(-1)).toEqual({
      text: 'Match over: After 3 hands Player 2 has 101 chips to 99: Player 2 wins the match',
    });
  });

  it('announces the next hand and its blinds', () => {
    const r = createRng('announce');
    const s = newMatch(cfg({ hands: 3 }), AK_VS_QQ, r);
    const next = apply(s, 0, { type: 'fold' }, r);
    expect(describeMove(s, next, 0, { type: 'fold' }).map((l) => l.text)).toEqual([
      'Player 1 folds',
      'Player 2 wins the pot of 3 after Player 1 folds',
      'Hand 2 of 3: Player 2 has the button. Player 2 posts the small blind 1; Player 1 posts the big blind 2.',
    ]);
  });

  it('ends early when a player has no chips left', () => {
    const r = createRng('broke');
    const end = play(newMatch(cfg({ hands: 5 }), AK_VS_QQ, r), ['all-in', 'check-call'], r);
    expect(end.hand).toBe(1);
    expect(outcome(end)).toEqual({
      scores: [1, 0],
      winner: 0,
      rewards: [100, -100],
      reason: 'Player 2 is out of chips after 1 hand: Player 1 wins the match',
    });
  });

  it('deals the next hand from the move’s rng: the same seed deals the same cards, another seed others', () => {
    const s = newMatch(cfg({ hands: 2 }), AK_VS_QQ);
    const a = apply(s, 0, { type: 'fold' }, createRng('x'));
    expect(apply(s, 0, { type: 'fold' }, createRng('x'))).toEqual(a);
    expect(apply(s, 0, { type: 'fold' }, createRng('y')).hole).not.toEqual(a.hole);
    expect(new Set([...a.hole.flat(), ...a.deck]).size).toBe(52);
  });

  it('plays out hands in which nobody can act (both all-in from the blinds)', () => {
    // 2 chips each with blinds 1/2: whoever folds hand 1 has 1 chip, posts it as the big blind and is all-in.
    for (let i = 0; i < 20; i++) {
      const r = createRng(`short-${i}`);
      const s = apply(setup(r, cfg({ startingChips: 2, hands: 5 })), 0, { type: 'fold' }, r);
      expect(s.history[0]).toMatchObject({ hand: 1, by: 'fold' });
      expect(s.history[1]?.by ?? s.ended?.by).toBe('showdown');
      expect(total(s)).toBe(4);
      if (s.ended) expect(s.stacks).toContain(0);
      else expect(s.toMove).not.toBeNull();
      const lines = describeMove(setup(createRng(`short-${i}`), cfg({ startingChips: 2, hands: 5 })), s, 0, {
        type: 'fold',
      }).map((l) => l.text);
      expect(lines).toContain(
        'Hand 2 of 5: Player 2 has the button. Player 2 posts the small blind 1; Player 1 posts the big blind 1 (all-in).',
      );
    }
  });
});

describe('random playouts', () => {
  it('conserve chips, keep stacks non-negative and always offer the seat to act a move', () => {
    for (let i = 0; i < 60; i++) {
      const r = createRng(`random-${i}`);
      const c = cfg({
        hands: 1 + (i % 7),
        startingChips: [100, 20, 7][i % 3]!,
        smallBlind: 1 + (i % 2),
        bigBlind: 2 + (i % 3),
      });
      let s = setup(r, c);
      for (let ply = 0; !s.ended; ply++) {
        expect(total(s)).toBe(2 * c.startingChips);
        expect(Math.min(...s.stacks)).toBeGreaterThanOrEqual(0);
        const seat = s.toMove!;
        const legal = legalActions(s, seat);
        expect(legal.length).toBeGreaterThan(0);
        for (const a of legal) expect(reject(s, seat, a)).toBeNull();
        expect(legalActions(s, 1 - seat)).toEqual([]);
        s = apply(s, seat, r.pick(legal), r);
        expect(ply).toBeLessThan(2000);
      }
      expect(s.stacks.reduce((a, b) => a + b, 0)).toBe(2 * c.startingChips);
      const o = outcome(s)!;
      expect(o.rewards!.reduce((a, b) => a + b, 0)).toBe(0);
      expect(o.scores.reduce((a, b) => a + b, 0)).toBe(1);
    }
  });
});

describe('views and secrets', () => {
  const running = play(newMatch(cfg(), AK_VS_QQ), ['check-call', 'check-call']);

  it('a seat sees its own hole cards, never the other’s, and nobody sees the deck', () => {
    const v0 = view(running, { seat: 0 });
    expect(v0.hole).toEqual([['Ah', 'Kd'], null]);
    expect(v0).toMatchObject({
      viewer: 0,
      hand: 1,
      hands: 1,
      button: 0,
      street: 'flop',
      board: ['Ks', '7h', '2c'],
      pot: 4,
      toMove: 1,
      toCall: 0,
      result: null,
    });
    expect(view(running, { seat: 1 }).hole).toEqual([null, ['Qs', 'Qc']]);
    expect(view(running, { spectator: true }).hole).toEqual([null, null]);
    expect(view(running, { omniscient: true }).hole).toEqual([
      ['Ah', 'Kd'],
      ['Qs', 'Qc'],
    ]);
    for (const v of [{ seat: 0 }, { seat: 1 }, { spectator: true as const }, { omniscient: true as const }]) {
      const json = JSON.stringify(view(running, v));
      for (const c of running.deck) expect(json).not.toContain(`"${c}"`);
    }
  });

  it('with openCards spectators see the hole cards live, the players still only their own', () => {
    const s = play(newMatch(cfg({ openCards: true }), AK_VS_QQ), ['check-call']);
    expect(view(s, { spectator: true }).hole).toEqual([
      ['Ah', 'Kd'],
      ['Qs', 'Qc'],
    ]);
    expect(view(s, { seat: 0 }).hole).toEqual([['Ah', 'Kd'], null]);
    expect(view(s, { seat: 1 }).hole).toEqual([null, ['Qs', 'Qc']]);
    expect(secrets(s)).toEqual([]);
  });

  it('secrets are each seat’s hole cards as quoted card codes while the match runs, nothing after', () => {
    expect(secrets(running)).toEqual([
      { seat: 0, values: ['"Ah"', '"Kd"'] },
      { seat: 1, values: ['"Qs"', '"Qc"'] },
    ]);
    expect(secrets(play(running, ['all-in', 'fold']))).toEqual([]);
    expect(holdem.secrets).toBe(secrets);
  });

  it('earlier hands show their cards as text, with the folded hands hidden from the other seat', () => {
    const r = createRng('history');
    let s = newMatch(cfg({ hands: 3 }), AK_VS_QQ, r);
    s = play(s, ['all-in', 'fold'], r); // hand 1: Player 2 folds
    const h0 = view(s, { seat: 0 }).history[0]!;
    expect(h0).toMatchObject({ hand: 1, by: 'fold', board: '', shown: ['Ah Kd', null], winners: [0] });
    expect(view(s, { seat: 1 }).history[0]!.shown).toEqual([null, 'Qs Qc']);
    expect(view(s, { spectator: true }).history[0]!.shown).toEqual([null, null]);
    expect(view(s, { omniscient: true }).history[0]!.shown).toEqual(['Ah Kd', 'Qs Qc']);
    // Hand 2 goes to a showdown: its cards become public text for everyone.
    while (s.hand === 2)
      s = apply(
        s,
        s.toMove!,
        legalActions(s, s.toMove!).find((a) => a.type === 'check-call')!,
        r,
      );
    const h1 = view(s, { spectator: true }).history[1]!;
    expect(h1.by).toBe('showdown');
    expect(h1.shown.every((x) => typeof x === 'string' && /^[2-9TJQKA][cdhs] [2-9TJQKA][cdhs]$/.test(x))).toBe(true);
    expect(h1.board).toMatch(/^([2-9TJQKA][cdhs] ){4}[2-9TJQKA][cdhs]$/);
  });

  it('no seat or spectator view ever holds the other seat’s hole cards, over many seeded multi-hand matches', () => {
    for (let i = 0; i < 40; i++) {
      const r = createRng(`leak-${i}`);
      let s = setup(r, cfg({ hands: 6, startingChips: 30 }));
      while (!s.ended) {
        for (const { seat, values } of secrets(s)) {
          for (const v of [{ seat: 1 - seat }, { spectator: true as const }]) {
            const json = JSON.stringify(view(s, v));
            for (const secret of values) expect(json).not.toContain(secret);
            expect(view(s, v).hole[seat]).toBeNull();
          }
        }
        s = apply(s, s.toMove!, r.pick(legalActions(s, s.toMove!)), r);
      }
    }
  });

  it('views survive JSON and are copies of the state', () => {
    const v = view(running, { omniscient: true });
    expect(JSON.parse(JSON.stringify(v))).toEqual(v);
    v.hole[0]![0] = '2c';
    v.board[0] = '2c';
    expect(running.hole[0]![0]).toBe('Ah');
    expect(running.board[0]).toBe('Ks');
  });
});

describe('config', () => {
  it('has the documented defaults and refuses inconsistent blinds', () => {
    expect(cfg()).toEqual({ startingChips: 100, smallBlind: 1, bigBlind: 2, hands: 1, openCards: false });
    expect(holdem.defaultConfig).toEqual(cfg());
    expect(configSchema.safeParse({ smallBlind: 5, bigBlind: 2 }).success).toBe(false);
    expect(configSchema.safeParse({ startingChips: 1 }).success).toBe(false);
    expect(configSchema.safeParse({ hands: 0 }).success).toBe(false);
    expect(configSchema.safeParse({ antes: 1 }).success).toBe(false);
  });
});

describe('moveMetrics', () => {
  it('is the mover’s Monte Carlo chance to win at the decision, seeded and quick', () => {
    const s = newMatch(cfg(), AK_VS_QQ);
    const next = apply(s, 0, { type: 'check-call' }, rng());
    const m = holdem.moveMetrics(s, next, 0, { type: 'check-call' }, createRng('m'))!;
    expect(Object.keys(m)).toEqual(['winProb']);
    expect(m.winProb).toBeGreaterThan(0.55); // ace-king against a random hand: about 0.65
    expect(m.winProb).toBeLessThan(0.75);
    expect(holdem.moveMetrics(s, next, 0, { type: 'check-call' }, createRng('m'))).toEqual(m);
    // On the river with a royal flush it is 1.
    const river = play(newMatch(cfg(), rig('Ah Kh', 'Qs Qc', 'Qh Jh Th 2c 3d')), [
      'check-call',
      'check-call',
      'check-call',
      'check-call',
      'check-call',
      'check-call',
    ]);
    expect(river.street).toBe('river');
    // Three queens against a random hand: usually ahead, not always (kings and nines make straights, hearts flushes).
    const queens = holdem.moveMetrics(river, river, 1, { type: 'check-call' }, createRng('r'))!.winProb;
    expect(queens).toBeGreaterThan(0.5);
    expect(queens).toBeLessThan(1);
    expect(holdem.moveMetrics(river, river, 0, { type: 'check-call' }, createRng('r'))!.winProb).toBe(1);
    // Quick: a bounded Monte Carlo, at most 7 random cards for each of its 300 deals (its speed is not timed here).
    const base = createRng('t');
    let draws = 0;
    const counting = { ...base, int: (n: number) => (draws++, base.int(n)), next: () => (draws++, base.next()) };
    holdem.moveMetrics!(s, next, 0, { type: 'check-call' }, counting);
    expect(draws).toBeGreaterThan(0);
    expect(draws).toBeLessThanOrEqual(300 * 7);
  });
});

describe('conformance', () => {
  it('keeps the game contract', () => {
    expect(checkConformance(holdem, { seeds: 50 })).toEqual([]);
  });

  it('keeps it in longer matches, with short stacks and with open cards', () => {
    expect(checkConformance(holdem, { seeds: 30, config: cfg({ hands: 10 }) })).toEqual([]);
    expect(
      checkConformance(holdem, { seeds: 20, config: cfg({ hands: 20, startingChips: 9, smallBlind: 2, bigBlind: 3 }) }),
    ).toEqual([]);
    expect(checkConformance(holdem, { seeds: 10, config: cfg({ hands: 4, openCards: true }) })).toEqual([]);
  });
});
