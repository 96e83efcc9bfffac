// Air, Land and Sea rules: the deal, deploy / improvise / withdraw, control and ties, scoring, the next battle, every
// card's ability, and what each viewer may see.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import {
  activeSeats,
  apply,
  CARD_IDS,
  CARDS,
  controller,
  legalActions,
  outcome,
  reject,
  secrets,
  setup,
  theaterStrength,
  view,
  withdrawalVp,
  type AlsAction,
  type AlsState,
} from './rules';
import { airLandSea } from '.';
import { cfg, play, position, rng } from './testkit';

const has = (s: AlsState, seat: number, a: AlsAction) =>
  legalActions(s, seat).some((x) => JSON.stringify(x) === JSON.stringify(a));
const str = (s: AlsState) =>
  (['Air', 'Land', 'Sea'] as const).map((t) => [theaterStrength(s, t, 0), theaterStrength(s, t, 1)]);

describe('air-land-sea: the deck and the deal', () => {
  it('has 18 cards, 6 per theater with strengths 1-6, and the abilities of GameBench’s deck', () => {
    expect(CARD_IDS).toHaveLength(18);
    for (const t of ['Air', 'Land', 'Sea'] as const)
      expect(CARD_IDS.filter((c) => CARDS[c].theater === t).map((c) => CARDS[c].strength)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(CARD_IDS.map((c) => CARDS[c].name)).toEqual([
      'Support',
      'Air Drop',
      'Maneuver',
      'Aerodrome',
      'Containment',
      'Heavy Bombers',
      'Reinforce',
      'Ambush',
      'Maneuver',
      'Cover Fire',
      'Disrupt',
      'Heavy Tanks',
      'Transport',
      'Escalation',
      'Maneuver',
      'Redeploy',
      'Blockade',
      'Super Battleship',
    ]);
    expect(CARD_IDS.filter((c) => CARDS[c].kind === 'Ongoing').map((c) => CARDS[c].name)).toEqual([
      'Support',
      'Aerodrome',
      'Containment',
      'Cover Fire',
      'Escalation',
      'Blockade',
    ]);
  });

  it('deals 6 cards to each player from a shuffled deck, orders the theaters and draws the 1st player from the seed', () => {
    const firsts = new Set<number>();
    const orders = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const s = setup(createRng(`deal-${i}`), cfg, 2);
      expect(s.hands.map((h) => h.length)).toEqual([6, 6]);
      expect(s.deck).toHaveLength(6);
      expect(new Set([...s.hands.flat(), ...s.deck]).size).toBe(18);
      expect([...s.order].sort()).toEqual(['Air', 'Land', 'Sea']);
      expect(activeSeats(s)).toEqual([s.first]);
      firsts.add(s.first);
      orders.add(s.order.join());
    }
    expect(firsts.size).toBe(2);
    expect(orders.size).toBeGreaterThan(2);
    expect(() => setup(createRng('x'), cfg, 3)).toThrow();
  });
});

describe('air-land-sea: deploy, improvise, withdraw', () => {
  const s = position({
    hands: [
      ['A6', 'L3', 'S1'],
      ['A1', 'L1', 'S6'],
    ],
  });

  it('deploys a card face up only to its own theater, improvises any card facedown anywhere, and may withdraw', () => {
    const legal = legalActions(s, 0);
    expect(legal.filter((a) => a.type === 'deploy')).toEqual([
      { type: 'deploy', card: 'A6', theater: 'Air' },
      { type: 'deploy', card: 'L3', theater: 'Land' },
      { type: 'deploy', card: 'S1', theater: 'Sea' },
    ]);
    expect(legal.filter((a) => a.type === 'improvise')).toHaveLength(9);
    expect(legal.at(-1)).toEqual({ type: 'withdraw' });
    expect(reject(s, 0, { type: 'deploy', card: 'A6', theater: 'Sea' })).toMatch(
      /Air card: face up it goes only to Air/,
    );
    expect(reject(s, 0, { type: 'deploy', card: 'A1', theater: 'Air' })).toMatch(/not in your hand/);
    expect(airLandSea.reject(s, 1, { type: 'withdraw' })).toBe('it is not your turn: Player 1 is to move');
    expect(legalActions(s, 1)).toEqual([]);
  });

  it('a facedown card has strength 2 and the turn passes; a new card covers the older ones', () => {
    const t = play(
      s,
      { type: 'improvise', card: 'A6', theater: 'Sea' },
      { type: 'deploy', card: 'S6', theater: 'Sea' },
      { type: 'deploy', card: 'S1', theater: 'Sea' },
    );
    expect(t.board.Sea[0]).toEqual([
      { card: 'A6', faceUp: false },
      { card: 'S1', faceUp: true },
    ]);
    expect(theaterStrength(t, 'Sea', 0)).toBe(3);
    expect(theaterStrength(t, 'Sea', 1)).toBe(6);
  });

  it('withdrawal scores by the withdrawing hand and the winner’s commander (appendix G tables)', () => {
    expect([6, 5, 4, 3, 2, 1, 0].map((n) => withdrawalVp(true, n))).toEqual([2, 2, 3, 3, 4, 6, 6]);
    expect([6, 5, 4, 3, 2, 1, 0].map((n) => withdrawalVp(false, n))).toEqual([2, 2, 2, 3, 3, 4, 6]);
    // Player 1 (1st) withdraws with 3 cards: Player 2, the 2nd player, scores 3.
    const w = play(s, { type: 'withdraw' });
    expect(w.vp).toEqual([0, 3]);
    expect(w.battle).toBe(2);
    // Player 2 (2nd) withdraws holding 2 cards: Player 1 (1st) scores 4.
    const x = position({ hands: [['A6'], ['A1', 'L1']], toMove: 1 });
    expect(play(x, { type: 'withdraw' }).vp).toEqual([4, 0]);
  });
});

describe('air-land-sea: ending a battle, the next battle, the war', () => {
  it('the 1st player wins ties and empty theaters; the player controlling 2 theaters scores 6', () => {
    const s = position({ hands: [['A6'], ['L6']], board: { Sea: [['S1'], ['~S2']] }, first: 1 });
    expect(controller(s, 'Air')).toBe(1);
    expect(controller(s, 'Sea')).toBe(1); // 1 against 2
    const t = position({ hands: [['A6'], ['L6']], board: { Sea: [['~S1'], ['~S2']] }, first: 0 });
    expect(controller(t, 'Sea')).toBe(0); // 2 against 2: the 1st player
    const end = play(
      t,
      { type: 'deploy', card: 'A6', theater: 'Air' },
      { type: 'deploy', card: 'L6', theater: 'Land' },
    );
    // Player 1 holds Air (6-0) and Sea (tie); Player 2 Land.
    expect(end.vp).toEqual([6, 0]);
    expect(end.results[0]).toMatchObject({ battle: 1, winner: 0, vp: 6 });
  });

  it('the next battle: cards collected and dealt again, the rightmost theater moves to the far left, commanders swap', () => {
    const t = position({ hands: [['A6'], ['L6']], order: ['Air', 'Land', 'Sea'], first: 0 });
    const next = play(t, { type: 'deploy', card: 'A6', theater: 'Air' }, { type: 'withdraw' });
    expect(next.battle).toBe(2);
    expect(next.order).toEqual(['Sea', 'Air', 'Land']);
    expect(next.first).toBe(1);
    expect(next.toMove).toBe(1);
    expect(next.hands.map((h) => h.length)).toEqual([6, 6]);
    expect(next.board.Air).toEqual([[], []]);
    expect(new Set([...next.hands.flat(), ...next.deck]).size).toBe(18);
  });

  it('the war ends at 12 VPs; each score is the player’s share of all VPs (GameBench’s normalized score)', () => {
    const t = position({ hands: [['A6'], ['L6']], vp: [8, 3] });
    const end = play(
      t,
      { type: 'deploy', card: 'A6', theater: 'Air' },
      { type: 'deploy', card: 'L6', theater: 'Land' },
    );
    expect(end.vp).toEqual([14, 3]);
    expect(activeSeats(end)).toEqual([]);
    const o = outcome(end)!;
    expect(o.scores[0]).toBeCloseTo(14 / 17);
    expect(o.scores[1]).toBeCloseTo(3 / 17);
    expect(o.winner).toBe(0);
    expect(o.rewards).toEqual([14, 3]);
    expect(airLandSea.reject(end, 1, { type: 'withdraw' })).toBe('the game is over');
  });

  it('a player with no cards left passes while the other still holds some', () => {
    const t = position({ hands: [['A6', 'A5'], []], toMove: 0 });
    const n = play(t, { type: 'deploy', card: 'A6', theater: 'Air' });
    expect(n.toMove).toBe(0);
    expect(n.events.at(-1)!.text).toBe('Player 2 has no cards left and passes.');
  });
});

describe('air-land-sea: ongoing abilities', () => {
  it('Support: +3 in each adjacent theater, only while face up', () => {
    const s = position({ hands: [['A6'], ['L6']], board: { Air: [['A1'], []] }, order: ['Land', 'Air', 'Sea'] });
    expect(str(s)).toEqual([
      [1, 0],
      [3, 0],
      [3, 0],
    ]);
    const end = position({ hands: [['A6'], ['L6']], board: { Air: [['A1'], []] }, order: ['Air', 'Land', 'Sea'] });
    expect(str(end)).toEqual([
      [1, 0],
      [3, 0],
      [0, 0],
    ]);
    const down = position({ hands: [['A6'], ['L6']], board: { Air: [['~A1'], []] }, order: ['Land', 'Air', 'Sea'] });
    expect(str(down)).toEqual([
      [2, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it('Aerodrome: its owner may deploy cards of strength 3 or less to any theater', () => {
    const s = position({ hands: [['L3', 'S4'], ['L6']], board: { Air: [['A4'], []] } });
    expect(has(s, 0, { type: 'deploy', card: 'L3', theater: 'Sea' })).toBe(true);
    expect(has(s, 0, { type: 'deploy', card: 'L3', theater: 'Air' })).toBe(true);
    expect(has(s, 0, { type: 'deploy', card: 'S4', theater: 'Air' })).toBe(false);
    const opp = position({ hands: [['L3'], ['L6']], board: { Air: [[], ['A4']] } });
    expect(has(opp, 0, { type: 'deploy', card: 'L3', theater: 'Sea' })).toBe(false);
  });

  it('Containment: any facedown play is destroyed (to the bottom of the deck), the owner’s too', () => {
    const s = position({
      hands: [
        ['L6', 'S6'],
        ['A6', 'A3'],
      ],
      board: { Air: [['A5'], []] },
    });
    const t = play(s, { type: 'improvise', card: 'L6', theater: 'Land' });
    expect(t.board.Land[0]).toEqual([]);
    expect(t.deck.at(-1)).toBe('L6');
    expect(t.hands[0]).toEqual(['S6']);
    const u = play(t, { type: 'improvise', card: 'A6', theater: 'Sea' });
    expect(u.board.Sea[1]).toEqual([]);
    // Face up plays are untouched; a facedown Containment has no effect.
    expect(play(u, { type: 'deploy', card: 'S6', theater: 'Sea' }).board.Sea[0]).toHaveLength(1);
    const off = position({ hands: [['L6'], ['A6']], board: { Air: [['~A5'], []] } });
    expect(play(off, { type: 'improvise', card: 'L6', theater: 'Land' }).board.Land[0]).toHaveLength(1);
  });

  it('Blockade: a card played to an adjacent theater already holding 3 or more cards is destroyed', () => {
    const board = { Sea: [['S5'], []] as [string[], string[]], Land: [['L1', 'L2'], ['~A1']] as [string[], string[]] };
    const s = position({
      hands: [
        ['L6', 'A6'],
        ['A4', 'S6'],
      ],
      board,
      order: ['Air', 'Land', 'Sea'],
    });
    const t = play(s, { type: 'deploy', card: 'L6', theater: 'Land' });
    expect(t.board.Land[0]).toHaveLength(2);
    expect(t.deck.at(-1)).toBe('L6');
    expect(t.events.at(-1)!.text).toMatch(/Blockade destroys it/);
    // Air is not adjacent to Sea: fine; so is Land with fewer than 3 cards.
    const u = play(t, { type: 'deploy', card: 'A4', theater: 'Air' });
    expect(u.board.Air[1]).toHaveLength(1);
    const few = position({ hands: [['L6'], ['A6']], board: { Sea: [['S5'], []], Land: [['L1'], ['~A1']] } });
    expect(play(few, { type: 'deploy', card: 'L6', theater: 'Land' }).board.Land[0]).toHaveLength(2);
  });

  it('Escalation: its owner’s facedown cards are strength 4 while it is face up', () => {
    const s = position({ hands: [['A6'], ['L2']], board: { Sea: [['S2', '~A1'], ['~L1']], Land: [['~L3'], []] } });
    expect(str(s)).toEqual([
      [0, 0],
      [4, 0],
      [6, 2],
    ]);
    // Ambush flips the Escalation facedown... it is covered; flip the uncovered facedown A1 instead and compare.
    const t = position({
      hands: [['A6'], ['L2']],
      board: { Sea: [['~A1', 'S2'], ['~L1']], Land: [['~L3'], []] },
      toMove: 1,
    });
    const u = play(t, { type: 'deploy', card: 'L2', theater: 'Land' }, { type: 'flip', theater: 'Sea', owner: 0 });
    expect(u.board.Sea[0]![1]).toEqual({ card: 'S2', faceUp: false });
    expect(str(u)).toEqual([
      [0, 0],
      [2, 2],
      [4, 2],
    ]);
  });

  it('Cover Fire: every card it covers is strength 4', () => {
    const s = position({ hands: [['A6'], ['L2']], board: { Land: [['L1', '~S1', 'L4'], []] } });
    expect(str(s)[1]).toEqual([12, 0]);
    const t = position({ hands: [['A6'], ['L2']], board: { Land: [['L1', 'L4', 'L6'], []] } });
    expect(str(t)[1]).toEqual([14, 0]); // 4 + 4 + 6
  });
});

describe('air-land-sea: instant abilities', () => {
  it('cards without abilities and facedown plays set off nothing', () => {
    const s = position({ hands: [['A6', 'A3'], ['L6']] });
    expect(play(s, { type: 'deploy', card: 'A6', theater: 'Air' }).decision).toBeNull();
    expect(play(s, { type: 'improvise', card: 'A3', theater: 'Air' }).decision).toBeNull();
  });

  it('Maneuver: flip an uncovered card in an adjacent theater; a card flipped face up uses its ability for its owner', () => {
    const s = position({
      hands: [['L3', 'A6'], ['S6']],
      board: { Air: [['A1'], ['~L2']], Sea: [['S4'], ['S1']] },
      order: ['Air', 'Land', 'Sea'],
    });
    const t = play(s, { type: 'deploy', card: 'L3', theater: 'Land' });
    expect(activeSeats(t)).toEqual([0]);
    expect(legalActions(t, 0)).toEqual([
      { type: 'flip', theater: 'Air', owner: 0 },
      { type: 'flip', theater: 'Air', owner: 1 },
      { type: 'flip', theater: 'Sea', owner: 0 },
      { type: 'flip', theater: 'Sea', owner: 1 },
    ]);
    // Flipping Player 2's facedown Ambush face up: Player 2 resolves Ambush now.
    const u = play(t, { type: 'flip', theater: 'Air', owner: 1 });
    expect(u.board.Air[1]).toEqual([{ card: 'L2', faceUp: true }]);
    expect(u.decision).toMatchObject({ kind: 'ambush', seat: 1 });
    const v = play(u, { type: 'flip', theater: 'Air', owner: 0 });
    expect(v.board.Air[0]).toEqual([{ card: 'A1', faceUp: false }]);
    expect(v.toMove).toBe(1);
    // The Air and Sea Maneuvers are the same ability.
    for (const [card, theater] of [
      ['A3', 'Air'],
      ['S3', 'Sea'],
    ] as const) {
      const m = position({
        hands: [[card], ['L6']],
        board: { Land: [[], ['L6']] },
        order: ['Air', 'Land', 'Sea'],
        deck: [],
      });
      expect(legalActions(play(m, { type: 'deploy', card, theater }), 0)).toEqual([
        { type: 'flip', theater: 'Land', owner: 1 },
      ]);
    }
    // Nothing to flip: the ability is ignored.
    const none = position({ hands: [['L3', 'A6'], ['S6']] });
    expect(play(none, { type: 'deploy', card: 'L3', theater: 'Land' }).toMove).toBe(1);
  });

  it('Ambush: flip any uncovered card, itself included; covered cards are out of reach', () => {
    const s = position({ hands: [['L2', 'A6'], ['S6']], board: { Sea: [[], ['S1', 'S4']] } });
    const t = play(s, { type: 'deploy', card: 'L2', theater: 'Land' });
    expect(legalActions(t, 0)).toEqual([
      { type: 'flip', theater: 'Land', owner: 0 },
      { type: 'flip', theater: 'Sea', owner: 1 },
    ]);
    expect(reject(t, 0, { type: 'deploy', card: 'A6', theater: 'Air' })).toMatch(/First finish Ambush's ability/);
    const u = play(t, { type: 'flip', theater: 'Sea', owner: 1 });
    expect(u.board.Sea[1]![1]).toEqual({ card: 'S4', faceUp: false });
    expect(theaterStrength(u, 'Sea', 1)).toBe(3);
  });

  it('Air Drop: its owner’s next card may be deployed to any theater, once', () => {
    const s = position({
      hands: [
        ['A2', 'S6', 'L6'],
        ['A6', 'S1'],
      ],
    });
    const t = play(s, { type: 'deploy', card: 'A2', theater: 'Air' }, { type: 'deploy', card: 'A6', theater: 'Air' });
    expect(has(t, 0, { type: 'deploy', card: 'S6', theater: 'Land' })).toBe(true);
    const u = play(t, { type: 'deploy', card: 'S6', theater: 'Land' });
    expect(u.board.Land[0]).toEqual([{ card: 'S6', faceUp: true }]);
    const v = play(u, { type: 'deploy', card: 'S1', theater: 'Sea' }, { type: 'skip' });
    expect(has(v, 0, { type: 'deploy', card: 'L6', theater: 'Air' })).toBe(false);
  });

  it('Transport: may move one of its owner’s cards to another theater, on top; or skip', () => {
    const s = position({ hands: [['S1', 'A6'], ['L6']], board: { Land: [['~L3', 'L4'], []], Air: [['A1'], []] } });
    const t = play(s, { type: 'deploy', card: 'S1', theater: 'Sea' });
    const legal = legalActions(t, 0);
    expect(legal).toContainEqual({ type: 'move', card: 'L3', theater: 'Air' });
    expect(legal).toContainEqual({ type: 'move', card: 'S1', theater: 'Land' });
    expect(legal.at(-1)).toEqual({ type: 'skip' });
    const u = play(t, { type: 'move', card: 'L3', theater: 'Air' });
    expect(u.board.Air[0]).toEqual([
      { card: 'A1', faceUp: true },
      { card: 'L3', faceUp: false },
    ]);
    expect(u.board.Land[0]).toEqual([{ card: 'L4', faceUp: true }]);
    expect(play(t, { type: 'skip' }).toMove).toBe(1);
  });

  it('Redeploy: may return a facedown card of its owner to the hand, then its owner must play a card', () => {
    const s = position({ hands: [['S4', 'A6'], ['L6']], board: { Land: [['~L3'], []] } });
    const t = play(s, { type: 'deploy', card: 'S4', theater: 'Sea' });
    expect(legalActions(t, 0)).toEqual([{ type: 'return', card: 'L3' }, { type: 'skip' }]);
    const u = play(t, { type: 'return', card: 'L3' });
    expect(u.hands[0]).toEqual(['A6', 'L3']);
    expect(u.decision).toMatchObject({ kind: 'redeploy-play', seat: 0 });
    expect(legalActions(u, 0).some((a) => a.type === 'withdraw')).toBe(false);
    expect(reject(u, 0, { type: 'withdraw' })).toMatch(/cannot withdraw/);
    const v = play(u, { type: 'deploy', card: 'L3', theater: 'Land' });
    expect(v.board.Land[0]).toEqual([{ card: 'L3', faceUp: true }]);
    // Maneuver, played by Redeploy, resolves next.
    expect(v.decision).toMatchObject({ kind: 'maneuver', seat: 0 });
    // No facedown card: ignored.
    const none = position({ hands: [['S4', 'A6'], ['L6']] });
    expect(play(none, { type: 'deploy', card: 'S4', theater: 'Sea' }).toMove).toBe(1);
  });

  it('Reinforce: draws the top card and plays it facedown to an adjacent theater', () => {
    const s = position({ hands: [['L1', 'A6'], ['S6']], deck: ['S3', 'A2'], order: ['Air', 'Land', 'Sea'] });
    const t = play(s, { type: 'deploy', card: 'L1', theater: 'Land' });
    expect(t.decision).toMatchObject({ kind: 'reinforce', seat: 0, drawn: 'S3' });
    expect(legalActions(t, 0)).toEqual([
      { type: 'reinforce', theater: 'Air' },
      { type: 'reinforce', theater: 'Sea' },
    ]);
    expect(view(t, { seat: 0 }).decision?.drawn).toBe('S3');
    expect(view(t, { seat: 1 }).decision?.drawn).toBeNull();
    const u = play(t, { type: 'reinforce', theater: 'Sea' });
    expect(u.board.Sea[0]).toEqual([{ card: 'S3', faceUp: false }]);
    expect(u.deck).toEqual(['A2']);
    expect(u.toMove).toBe(1);
    // Under Containment the drawn card is destroyed (it is played facedown).
    const c = position({ hands: [['L1', 'A6'], ['S6']], deck: ['S3'], board: { Air: [[], ['A5']] } });
    const d = play(c, { type: 'deploy', card: 'L1', theater: 'Land' }, { type: 'reinforce', theater: 'Sea' });
    expect(d.board.Sea[0]).toEqual([]);
    expect(d.deck).toEqual(['S3']);
  });

  it('Disrupt: starting with its owner, both players flip one of their own uncovered cards; revealed instants then resolve in order', () => {
    const s = position({ hands: [['L5', 'A6'], ['S6']], board: { Air: [['~A2'], ['~L2']], Sea: [[], ['S1']] } });
    const t = play(s, { type: 'deploy', card: 'L5', theater: 'Land' });
    expect(t.decision).toMatchObject({ kind: 'disrupt', seat: 0 });
    expect(legalActions(t, 0)).toEqual([
      { type: 'flip', theater: 'Air', owner: 0 },
      { type: 'flip', theater: 'Land', owner: 0 },
    ]);
    const u = play(t, { type: 'flip', theater: 'Air', owner: 0 });
    expect(u.decision).toMatchObject({ kind: 'disrupt', seat: 1 });
    expect(legalActions(u, 1)).toEqual([
      { type: 'flip', theater: 'Air', owner: 1 },
      { type: 'flip', theater: 'Sea', owner: 1 },
    ]);
    const v = play(u, { type: 'flip', theater: 'Air', owner: 1 });
    // Air Drop (revealed first) resolved at once; then Player 2's Ambush asks its choice.
    expect(v.airDrop).toEqual([true, false]);
    expect(v.decision).toMatchObject({ kind: 'ambush', seat: 1 });
    expect(activeSeats(v)).toEqual([1]);
    const w = play(v, { type: 'flip', theater: 'Land', owner: 0 });
    expect(w.board.Land[0]).toEqual([{ card: 'L5', faceUp: false }]);
    expect(w.toMove).toBe(1);
    expect(w.decision).toBeNull();
  });
});

describe('air-land-sea: hidden information', () => {
  const s = position({
    hands: [
      ['A6', 'L3'],
      ['S6', 'A1'],
    ],
    board: { Land: [['~S1'], ['~L6']] },
  });

  it('each seat sees its own hand and facedown cards; the other seat and spectators see backs only', () => {
    const me = view(s, { seat: 0 });
    expect(me.hand).toEqual(['A6', 'L3']);
    expect(me.hands).toEqual([null, null]);
    expect(me.handCounts).toEqual([2, 2]);
    const land = me.theaters.find((t) => t.name === 'Land')!;
    expect(land.stacks).toEqual([
      [{ battle: 1, card: 'S1', faceUp: false, strength: 2 }],
      [{ battle: 1, card: null, faceUp: false, strength: 2 }],
    ]);
    const spec = view(s, { spectator: true });
    expect(spec.hand).toBeNull();
    expect(
      spec.theaters
        .find((t) => t.name === 'Land')!
        .stacks.flat()
        .map((c) => c.card),
    ).toEqual([null, null]);
    const omni = view(s, { omniscient: true });
    expect(omni.hands).toEqual([
      ['A6', 'L3'],
      ['S6', 'A1'],
    ]);
    for (const { seat, values } of secrets(s)) {
      for (const v of [{ seat: 1 - seat }, { spectator: true as const }])
        for (const x of values) expect(JSON.stringify(view(s, v))).not.toContain(x);
      for (const x of values) expect(JSON.stringify(view(s, { seat }))).toContain(x);
    }
  });

  it('a facedown card is a secret of its battle: the same card played facedown by the other seat in a later battle is another secret', () => {
    const one = secrets(s).find((x) => x.seat === 0)!.values;
    expect(one).toContain('{"battle":1,"card":"S1","faceUp":false');
    const later = { ...s, battle: 2 };
    expect(secrets(later).find((x) => x.seat === 0)!.values).toContain('{"battle":2,"card":"S1","faceUp":false');
    expect(JSON.stringify(view(s, { seat: 0 }))).not.toContain('{"battle":2,"card":"S1","faceUp":false');
  });

  it('an improvised card is named only in its owner’s log line', () => {
    const t = apply(s, 0, { type: 'improvise', card: 'A6', theater: 'Sea' }, rng());
    expect(view(t, { seat: 1 }).events.at(-1)).toBe('Player 1 improvises a card facedown to Sea.');
    expect(view(t, { seat: 0 }).events.at(-1)).toBe('Player 1 improvises Heavy Bombers (Air 6) facedown to Sea.');
    expect(JSON.stringify(view(t, { seat: 1 }))).not.toContain('Heavy Bombers');
  });
});
