// Pit's rules, hand-checked: the deal, offers and answers, every kind of corner (plain, bull, double bull, the Bear),
// the new deal after a corner, the end (target, turn cap), the scores (GameBench's share of the points) and what each
// viewer may see.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import {
  activeSeats,
  apply,
  configSchema,
  cornerOf,
  describe as describeMove,
  handCards,
  legalActions,
  outcome,
  reject,
  secrets,
  setup,
  startWith,
  view,
  type PitState,
} from './rules';
import { pit } from '.';

const cfg = configSchema.parse({});
const rng = () => createRng('pit-test');
// Wheat, Barley, Corn, Soybeans, Bull, Bear
function position(hands: number[][], extra: Partial<PitState> = {}): PitState {
  return { ...startWith(cfg, hands), ...extra };
}
const total = (h: number[]) => h.reduce((a, b) => a + b, 0);

describe('pit rules', () => {
  it('uses GameBench’s defaults: 500 points, corner at 6, plus the arena’s cap of 150 offers', () => {
    expect(cfg).toEqual({ targetScore: 500, maxTurns: 150, cornerSize: 6 });
  });

  it('deals 9 cards to each of 2 to 4 players from a deck of 4 x 9 commodities, a Bull and a Bear', () => {
    for (const n of [2, 3, 4]) {
      const s = setup(createRng(`deal-${n}`), cfg, n);
      expect(s.hands).toHaveLength(n);
      for (const h of s.hands) expect(total(h)).toBe(9);
      for (let c = 0; c < 4; c++) expect(s.hands.reduce((a, h) => a + h[c]!, 0)).toBeLessThanOrEqual(9);
      for (const c of [4, 5]) expect(s.hands.reduce((a, h) => a + h[c]!, 0)).toBeLessThanOrEqual(1);
      expect(activeSeats(s)).toEqual([0]);
    }
    expect(() => setup(rng(), cfg, 5)).toThrow();
    expect(setup(createRng('same'), cfg, 3)).toEqual(setup(createRng('same'), cfg, 3));
  });

  it('lists offers of 1-4 cards of one kind held, to every other player', () => {
    const s = position([
      [5, 2, 1, 0, 1, 0],
      [2, 2, 2, 3, 0, 0],
      [2, 2, 2, 2, 0, 1],
    ]);
    const legal = legalActions(s, 0);
    // Wheat 4 counts, Barley 2, Corn 1, Bull 1 = 8 per receiver, 2 receivers.
    expect(legal).toHaveLength(16);
    expect(legal).toContainEqual({ type: 'offer', card: 'Wheat', count: 4, to: 2 });
    expect(legal).not.toContainEqual({ type: 'offer', card: 'Wheat', count: 5, to: 1 });
    expect(legal).not.toContainEqual({ type: 'offer', card: 'Soybeans', count: 1, to: 1 });
    expect(legalActions(s, 1)).toEqual([]);
    expect(reject(s, 0, { type: 'offer', card: 'Corn', count: 2, to: 1 })).toBe(
      'You hold 1 Corn, so you cannot offer 2.',
    );
    expect(reject(s, 0, { type: 'offer', card: 'Corn', count: 1, to: 0 })).toBe(
      'Offer to another player: Player 2, Player 3.',
    );
    expect(pit.reject(s, 1, { type: 'refuse' })).toBe('it is not your turn: Player 1 is to move');
    expect(reject(s, 0, { type: 'refuse' })).toMatch(/no offer to answer/);
  });

  it('makes the receiver answer at once: accept with as many cards of one kind, or refuse', () => {
    const s = apply(
      position([
        [4, 2, 2, 1, 0, 0],
        [2, 3, 1, 3, 0, 0],
      ]),
      0,
      { type: 'offer', card: 'Barley', count: 2, to: 1 },
      rng(),
    );
    expect(activeSeats(s)).toEqual([1]);
    expect(s.turn).toBe(1);
    expect(legalActions(s, 1)).toEqual([
      { type: 'accept', card: 'Wheat' },
      { type: 'accept', card: 'Barley' },
      { type: 'accept', card: 'Soybeans' },
      { type: 'refuse' },
    ]);
    expect(reject(s, 1, { type: 'accept', card: 'Corn' })).toBe(
      'To accept you give 2 cards of one kind; you hold 1 Corn.',
    );
    expect(reject(s, 1, { type: 'offer', card: 'Barley', count: 1, to: 0 })).toMatch(
      /must answer Player 1's offer of 2/,
    );
    expect(pit.reject(s, 0, { type: 'refuse' })).toBe('it is not your turn: Player 2 is to move');
    const traded = apply(s, 1, { type: 'accept', card: 'Soybeans' }, rng());
    expect(traded.hands).toEqual([
      [4, 0, 2, 3, 0, 0],
      [2, 5, 1, 1, 0, 0],
    ]);
    expect(traded.pending).toBeNull();
    expect(activeSeats(traded)).toEqual([1]);
    const refused = apply(s, 1, { type: 'refuse' }, rng());
    expect(refused.hands).toEqual(s.hands);
    expect(activeSeats(refused)).toEqual([1]);
  });

  it('passes the turn to offer to the seat after the offerer (3 players)', () => {
    let s = position([
      [3, 3, 3, 0, 0, 0],
      [3, 3, 3, 0, 0, 0],
      [3, 0, 3, 1, 1, 1],
    ]);
    s = apply(s, 0, { type: 'offer', card: 'Corn', count: 1, to: 2 }, rng());
    expect(activeSeats(s)).toEqual([2]);
    s = apply(s, 2, { type: 'refuse' }, rng());
    expect(activeSeats(s)).toEqual([1]);
  });

  it('scores corners as GameBench: 6 = value, 5 + Bull = bull corner, 6 + Bull = double, Bear = −20', () => {
    expect(cornerOf([6, 1, 1, 1, 0, 0], 6)).toMatchObject({ card: 'Wheat', points: 100, kind: 'corner' });
    expect(cornerOf([0, 0, 7, 2, 0, 0], 6)).toMatchObject({ card: 'Corn', points: 75, kind: 'corner' });
    expect(cornerOf([1, 5, 1, 1, 1, 0], 6)).toMatchObject({ card: 'Barley', points: 85, kind: 'bull corner' });
    expect(cornerOf([1, 1, 0, 6, 1, 0], 6)).toMatchObject({
      card: 'Soybeans',
      points: 110,
      kind: 'double bull corner',
    });
    expect(cornerOf([6, 1, 1, 0, 0, 1], 6)).toMatchObject({ card: 'Wheat', points: 80, bear: true });
    expect(cornerOf([1, 1, 5, 0, 1, 1], 6)).toMatchObject({ card: 'Corn', points: 55, kind: 'bull corner' });
    expect(cornerOf([1, 5, 1, 2, 0, 0], 6)).toBeNull();
    expect(cornerOf([4, 4, 0, 0, 1, 0], 6)).toBeNull();
  });

  it('scores a corner made by a trade, then shuffles and deals a new round', () => {
    let s = position([
      [4, 2, 2, 1, 0, 0],
      [2, 2, 2, 2, 1, 0],
    ]);
    s = apply(s, 0, { type: 'offer', card: 'Barley', count: 2, to: 1 }, rng());
    s = apply(s, 1, { type: 'accept', card: 'Wheat' }, rng());
    expect(s.points).toEqual([100, 0]);
    expect(s.corners).toEqual([
      { round: 1, seat: 0, card: 'Wheat', count: 6, bull: false, bear: false, points: 100, kind: 'corner' },
    ]);
    expect(s.round).toBe(2);
    for (const h of s.hands) expect(total(h)).toBe(9);
    expect(s.events.map((e) => e.text).slice(-2)).toEqual([
      'Player 1 corners Wheat with 6 cards: corner, +100 points.',
      'Round 2: the cards are shuffled and dealt again.',
    ]);
  });

  it('scores a corner dealt into a hand after the next answered offer, never in the middle of an offer', () => {
    let s = position([
      [0, 1, 1, 0, 1, 0].map((x, i) => (i === 0 ? 6 : x)),
      [2, 3, 1, 2, 1, 0].map((x, i) => (i === 4 ? 0 : x)),
    ]);
    s = apply(s, 0, { type: 'offer', card: 'Corn', count: 1, to: 1 }, rng());
    expect(s.points).toEqual([0, 0]);
    expect(s.pending).not.toBeNull();
    s = apply(s, 1, { type: 'refuse' }, rng());
    expect(s.points).toEqual([200, 0]);
  });

  it('ends at the target score and gives each player its share of the points (GameBench), winner by points', () => {
    let s = position(
      [
        [4, 2, 2, 1, 0, 0],
        [2, 2, 2, 2, 1, 0],
      ],
      { points: [420, 60] },
    );
    s = apply(s, 0, { type: 'offer', card: 'Barley', count: 2, to: 1 }, rng());
    s = apply(s, 1, { type: 'accept', card: 'Wheat' }, rng());
    expect(activeSeats(s)).toEqual([]);
    const o = outcome(s)!;
    expect(o.scores[0]).toBeCloseTo(520 / 580);
    expect(o.scores[1]).toBeCloseTo(60 / 580);
    expect(o.rewards).toEqual([520, 60]);
    expect(o.winner).toBe(0);
    expect(o.reason).toBe('Player 1 reaches 520 points (target 500): Player 1 wins (Player 1 520, Player 2 60)');
  });

  it('ends after maxTurns answered offers; no points = equal shares; negative points count as 0', () => {
    let s = position(
      [
        [3, 3, 3, 0, 0, 0],
        [3, 3, 2, 0, 0, 1],
      ],
      { config: { ...cfg, maxTurns: 2 } },
    );
    s = apply(s, 0, { type: 'offer', card: 'Corn', count: 1, to: 1 }, rng());
    s = apply(s, 1, { type: 'refuse' }, rng());
    expect(outcome(s)).toBeNull();
    s = apply(s, 1, { type: 'offer', card: 'Wheat', count: 1, to: 0 }, rng());
    expect(outcome(s)).toBeNull();
    s = apply(s, 0, { type: 'refuse' }, rng());
    const o = outcome(s)!;
    expect(o.scores).toEqual([0.5, 0.5]);
    expect(o.winner).toBeNull();
    expect(o.reason).toMatch(/^The turn limit \(2 offers\) is reached: tie/);
    const neg = outcome({ ...s, points: [-20, 75, 0], numPlayers: 3 })!;
    expect(neg.scores).toEqual([0, 1, 0]);
    expect(neg.rewards).toEqual([-20, 75, 0]);
  });

  it('shows each seat only its own hand; the offered kind only to the offerer; a trade only to its two traders', () => {
    let s = position([
      [4, 2, 2, 1, 0, 0],
      [2, 3, 1, 3, 0, 0],
      [2, 2, 2, 2, 0, 1],
    ]);
    s = apply(s, 0, { type: 'offer', card: 'Barley', count: 2, to: 1 }, rng());
    const p1 = view(s, { seat: 0 });
    const p2 = view(s, { seat: 1 });
    const p3 = view(s, { seat: 2 });
    const spec = view(s, { spectator: true });
    expect(p1.myHand).toEqual({ seat: 0, cards: handCards([4, 2, 2, 1, 0, 0]) });
    expect(p1.hands).toEqual([null, null, null]);
    expect(p1.pending).toEqual({ from: 0, to: 1, count: 2, card: 'Barley' });
    expect(p2.pending).toEqual({ from: 0, to: 1, count: 2, card: null });
    expect(spec.pending?.card).toBeNull();
    expect(spec.myHand).toBeNull();
    expect(p1.events).toEqual(['Player 1 offers 2 Barley to Player 2.']);
    expect(p2.events).toEqual(['Player 1 offers 2 cards to Player 2.']);
    const t = apply(s, 1, { type: 'accept', card: 'Soybeans' }, rng());
    const privateLine = 'Player 2 accepts: Player 1 gives 2 Barley and Player 2 gives 2 Soybeans.';
    expect(view(t, { seat: 0 }).events.at(-1)).toBe(privateLine);
    expect(view(t, { seat: 1 }).events.at(-1)).toBe(privateLine);
    expect(view(t, { seat: 2 }).events.at(-1)).toBe('Player 2 accepts: Player 1 and Player 2 trade 2 cards.');
    expect(JSON.stringify(view(t, { spectator: true }))).not.toContain('Soybeans');
    expect(JSON.stringify(p3)).not.toContain('"cards":["Wheat","Wheat","Wheat","Wheat"');
    expect(view(t, { omniscient: true }).hands[1]).toEqual(handCards([2, 5, 1, 1, 0, 0]));
    expect(describeMove(s, t)).toEqual([
      { text: 'Player 2 accepts: Player 1 and Player 2 trade 2 cards.' },
      { text: privateLine, visibleTo: [0, 1] },
    ]);
    // Each hand as the views write it (the omniscient view's `hands`, the holder's `myHand.cards`), then the private
    // lines shown: the trade's, its two traders'.
    expect(secrets(t).slice(0, 3)).toEqual(
      [0, 1, 2].map((seat) => ({ seat, values: [JSON.stringify(handCards(t.hands[seat]!))], sharedWith: [] })),
    );
    expect(secrets(t)).toContainEqual({ seat: 0, values: [privateLine], sharedWith: [1] });
    for (const { values } of secrets(t)) expect(JSON.stringify(view(t, { omniscient: true }))).toContain(values[0]);
  });
});
