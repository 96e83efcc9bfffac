// Are You the Traitor?'s rules: roles and wizards, turns, Say / Pass / Stop, who may stop and whom, how a round is
// judged, treasure, Magic Rings and Gilded Statues, the end of the match and its scores, the views and the log.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import {
  activeSeats,
  apply,
  configSchema,
  DECK,
  describe as describeMove,
  legalActions,
  outcome,
  points,
  reject,
  ROLES,
  secrets,
  setup,
  speaker,
  start,
  TARGET_OF,
  view,
  type AytAction,
  type AytState,
  type Role,
  type Treasure,
} from './rules';
import { areYouTheTraitor } from '.';

const cfg = configSchema.parse({});
const rng = createRng('rules');
// Player 1 Guard, Player 2 Good Wizard, Player 3 Key Holder, Player 4 Evil Wizard, Player 5 Traitor.
const ROLES5: Role[] = ['Guard', 'Good Wizard', 'Key Holder', 'Evil Wizard', 'Traitor'];
const card = (id: number): Treasure => DECK[id]!;
const byName = (name: string) => DECK.filter((c) => c.name === name);
const base = (deck: Treasure[] = DECK, config = cfg) => start(config, ROLES5, deck, 0);
const play = (s: AytState, seat: number, a: AytAction) => apply(s, seat, a, rng);
const stop = (s: AytState, seat: number, target: number) =>
  play({ ...s, first: seat, turns: 0 }, seat, { type: 'stop', target });

describe('are you the traitor rules', () => {
  it('deals the five roles once each, public wizards, a shuffled deck of 42 cards worth 98 points', () => {
    const s = setup(createRng('x'), cfg, 5);
    expect([...s.roles].sort()).toEqual([...ROLES].sort());
    expect(s.wizards.map((w) => s.roles[w]).sort()).toEqual(['Evil Wizard', 'Good Wizard']);
    expect(s.deck).toHaveLength(42);
    expect(points(DECK)).toBe(98);
    expect(byName('Bag of Gold')).toHaveLength(12);
    expect(byName('Magic Ring')).toHaveLength(5);
    expect(byName('Gilded Statue').map((c) => c.points)).toEqual([0, 0]);
    expect(() => setup(createRng('x'), cfg, 4)).toThrow();
    // Different seeds draw different roles.
    const seen = new Set(Array.from({ length: 20 }, (_, i) => setup(createRng(`r${i}`), cfg, 5).roles.join()));
    expect(seen.size).toBeGreaterThan(5);
  });

  it('seats talk in turn from the first speaker; Say and Pass move the turn on', () => {
    let s = start(cfg, ROLES5, DECK, 3);
    expect(activeSeats(s)).toEqual([3]);
    s = play(s, 3, { type: 'say', text: '  I am   the Good Wizard. ' });
    expect(s.messages.at(-1)).toEqual({ round: 1, from: 3, text: 'I am the Good Wizard.' });
    expect(speaker(s)).toBe(4);
    s = play(s, 4, { type: 'pass' });
    expect(speaker(s)).toBe(0);
    expect(areYouTheTraitor.reject(s, 1, { type: 'pass' })).toBe('it is not your turn: Player 1 is to move');
  });

  it('everyone but the Traitor may stop and point at any other player; the Traitor may only talk or pass', () => {
    const s = base();
    expect(legalActions(s, 0)).toEqual([{ type: 'pass' }, ...[1, 2, 3, 4].map((target) => ({ type: 'stop', target }))]);
    const t = { ...s, first: 4 };
    expect(legalActions(t, 4)).toEqual([{ type: 'pass' }]);
    expect(reject(t, 4, { type: 'stop', target: 0 })).toMatch(/Traitor/);
    expect(reject(s, 0, { type: 'stop', target: 0 })).toMatch(/another player/);
    expect(reject(s, 0, { type: 'say', text: '   ' })).toMatch(/Say something/);
    expect(reject(s, 0, { type: 'say', text: 'x'.repeat(301) })).toMatch(/too long/);
    expect(reject(s, 0, { type: 'say', text: 'hello' })).toBeNull();
  });

  it('targets: Guard and Good Wizard hunt the Traitor, Key Holder the Good Wizard, Evil Wizard the Key Holder', () => {
    expect(TARGET_OF).toEqual({
      Traitor: null,
      'Evil Wizard': 'Key Holder',
      'Good Wizard': 'Traitor',
      'Key Holder': 'Good Wizard',
      Guard: 'Traitor',
    });
  });

  it('a right Stop wins the round for the accuser’s team, a wrong one for the other team; each winner draws a card', () => {
    const deck = [card(0), card(2), card(7), card(19), card(30)]; // Crown Jewels, Platinum Pyramid, Bag of Gold, …
    // The Guard points at the Traitor: Good wins; its members draw in GameBench's order (Good Wizard, Key Holder, Guard).
    let s = stop(base(deck), 0, 4);
    expect(s.results).toEqual([{ round: 1, stopper: 0, accused: 4, winner: 'Good' }]);
    expect(s.hands[1]).toEqual([card(0)]);
    expect(s.hands[2]).toEqual([card(2)]);
    expect(s.hands[0]).toEqual([card(7)]);
    expect(s.hands[3]).toEqual([]);
    expect(s.round).toBe(2);
    expect(s.turns).toBe(0);
    // The Key Holder points at the Evil Wizard: wrong, Evil wins (Traitor, then Evil Wizard draw).
    s = stop(base(deck), 2, 3);
    expect(s.results[0]!.winner).toBe('Evil');
    expect(s.hands[4]).toEqual([card(0)]);
    expect(s.hands[3]).toEqual([card(2)]);
    // The Evil Wizard finds the Key Holder: Evil wins; the Key Holder finds the Good Wizard: Good wins.
    expect(stop(base(deck), 3, 2).results[0]!.winner).toBe('Evil');
    expect(stop(base(deck), 2, 1).results[0]!.winner).toBe('Good');
    // The Good Wizard pointing at a Guard is wrong.
    expect(stop(base(deck), 1, 0).results[0]!.winner).toBe('Evil');
  });

  it('a round with no Stop after talkLaps turns of everyone ends with no winner and no treasure', () => {
    let s = base(DECK, { ...cfg, talkLaps: 1 });
    for (let i = 0; i < 5; i++) s = play(s, speaker(s)!, { type: 'pass' });
    expect(s.results).toEqual([{ round: 1, stopper: null, accused: null, winner: null }]);
    expect(s.hands.every((h) => h.length === 0)).toBe(true);
    expect(s.round).toBe(2);
  });

  it('a Magic Ring takes a card of a random opponent holding one — their Gilded Statue first — and is discarded', () => {
    const [ring] = byName('Magic Ring');
    const [statue] = byName('Gilded Statue');
    const gold = byName('Bag of Gold');
    // Player 5 (Traitor) holds a statue and gold; the Guard holds a ring. Good wins the round.
    let s = base([gold[0]!, gold[1]!, gold[2]!, ...gold.slice(3)]);
    s = { ...s, hands: [[ring!], [], [], [], [statue!, gold[5]!]] };
    s = stop(s, 0, 4);
    expect(s.hands[0]!.map((c) => c.name).sort()).toEqual(['Bag of Gold', 'Gilded Statue']);
    expect(s.hands[4]!.map((c) => c.name)).toEqual(['Bag of Gold']);
    expect(s.events.filter((e) => e.kind !== 'draw').map((e) => [e.seat, e.kind, e.card.name])).toEqual([
      [0, 'ring', 'Magic Ring'],
      [0, 'took', 'Gilded Statue'],
      [4, 'lost', 'Gilded Statue'],
    ]);
    // No opponent holds a card: the ring is kept.
    let t = base();
    t = { ...t, hands: [[ring!], [], [], [], []] };
    t = stop(t, 0, 3); // wrong: Evil wins and draws, so now opponents have cards, and the ring is used on them
    expect(t.hands[0]!.some((c) => c.name === 'Magic Ring')).toBe(false);
    let u = base();
    u = { ...u, hands: [[ring!], [], [], [], []] };
    u = stop(u, 0, 4); // Good wins: the Evil players hold nothing, the ring stays
    expect(u.hands[0]!.some((c) => c.name === 'Magic Ring')).toBe(true);
  });

  it('the first player in GameBench’s order with the target points wins for their team; scores share the 1', () => {
    const jewels = byName('Crown Jewels');
    const s0 = base([jewels[1]!, ...byName('Bag of Gold')]);
    const s = { ...s0, hands: [[jewels[0]!, card(2)], [], [], [], []] } as AytState; // the Guard holds 9
    const t = stop(s, 0, 4);
    expect(t.phase).toBe('over');
    const o = outcome(t)!;
    expect(o.summary).toBe('The Good team wins');
    expect(o.scores).toEqual([1 / 3, 1 / 3, 1 / 3, 0, 0]);
    expect(o.teams).toEqual(['Good', 'Good', 'Good', 'Evil', 'Evil']);
    expect(o.rewards![0]).toBeGreaterThanOrEqual(10);
    expect(activeSeats(t)).toEqual([]);
    // Both teams over the target after a round: the Evil team comes first in GameBench's order.
    const both = {
      ...s0,
      hands: [[jewels[0]!, jewels[1]!], [], [], [], [...byName('Platinum Pyramid').slice(0, 2), card(7)]],
    } as AytState;
    const b = stop({ ...both, deck: byName('Silver Goblet') }, 0, 4);
    expect(outcome(b)!.summary).toBe('The Evil team wins');
    expect(outcome(b)!.scores).toEqual([0, 0, 0, 0.5, 0.5]);
  });

  it('after maxRounds (or an empty deck) the team with more points wins; equal points are a draw', () => {
    const s = base(DECK, { ...cfg, maxRounds: 1 });
    const t = stop(s, 0, 4);
    expect(outcome(t)!.summary).toBe('The Good team wins');
    expect(outcome(t)!.reason).toMatch(/Round 1 was the last/);
    const d = base(DECK, { ...cfg, maxRounds: 1, talkLaps: 1 });
    let e = d;
    for (let i = 0; i < 5; i++) e = play(e, speaker(e)!, { type: 'pass' });
    const o = outcome(e)!;
    expect(o.summary).toBe('Draw');
    expect(o.scores).toEqual([0.5 / 3, 0.5 / 3, 0.5 / 3, 0.25, 0.25]);
    const empty = stop(base([card(7)]), 0, 4);
    expect(outcome(empty)!.reason).toMatch(/deck is empty/);
  });

  it('views: a seat sees its role and treasure only; spectators see the talk, the wizards and the Stops; all is shown at the end', () => {
    let s = play(base(), 0, { type: 'say', text: 'I am a Guard.' });
    s = stop(s, 1, 4);
    const v0 = view(s, { seat: 0 });
    expect(v0.myRole).toBe('Guard');
    expect(v0.myTarget).toBe('Traitor');
    expect(v0.myCards).toHaveLength(1);
    expect(v0.roles).toBeNull();
    expect(v0.results[0]!.winner).toBeNull();
    expect(v0.events.every((e) => e.seat === 0)).toBe(true);
    const sp = view(s, { spectator: true });
    expect(sp.myRole).toBeNull();
    expect(sp.myCards).toEqual([]);
    expect(sp.events).toEqual([]);
    expect(sp.wizards).toEqual([1, 3]);
    expect(sp.messages).toHaveLength(1);
    expect(JSON.stringify(sp)).not.toMatch(/Traitor|Key Holder|Guard"|Good Wizard"|Evil Wizard"/);
    const om = view(s, { omniscient: true });
    expect(om.roles).toEqual(ROLES5);
    expect(om.results[0]!.winner).toBe('Good');
    expect(secrets(s)).toHaveLength(5);
  });

  it('the log: messages and Stops are public, the round’s result and treasure private', () => {
    const s = base();
    const a: AytAction = { type: 'stop', target: 4 };
    const lines = describeMove(s, play(s, 0, a), 0, a);
    expect(lines[0]).toEqual({ text: 'Player 1 shouts “Stop!” and points at Player 5: round 1 is over' });
    const priv = lines.filter((l) => l.visibleTo);
    expect(priv.some((l) => l.yours === 'Your team wins round 1' && l.visibleTo![0] === 0)).toBe(true);
    expect(priv.some((l) => l.yours === 'Your team loses round 1' && l.visibleTo![0] === 4)).toBe(true);
    expect(priv.some((l) => /^You draw /.test(l.yours!))).toBe(true);
    expect(
      lines
        .filter((l) => !l.visibleTo)
        .map((l) => l.text)
        .join(),
    ).not.toMatch(/Good|Evil|draws/);
    const say = describeMove(s, play(s, 0, { type: 'say', text: 'hi' }), 0, { type: 'say', text: 'hi' });
    expect(say).toEqual([{ text: 'Player 1 says: “hi”' }]);
  });

  it('apply does not mutate and refuses moves out of turn', () => {
    const s = base();
    const copy = structuredClone(s);
    play(s, 0, { type: 'stop', target: 4 });
    expect(s).toEqual(copy);
    expect(() => play(s, 2, { type: 'pass' })).toThrow();
  });
});
