// The Bargain heuristic negotiator: accepting, demanding and conceding, reading only its own view, and its results.
import { describe, expect, it } from 'vitest';
import { measureEngine } from '../../lib/engine/playout';
import { createRng } from '../../lib/engine/rng';
import { bargain } from '.';
import { aspiration, bargainEngine, revealedInterest } from './engine';
import {
  activeSeats,
  apply,
  items,
  legalActions,
  makeState,
  outcome,
  setup,
  valueOf,
  view,
  type BargainAction,
  type BargainState,
} from './rules';

const take = (hats: number, balls: number, apples: number): BargainAction => ({ type: 'propose', hats, balls, apples });
const DEAL: BargainAction = { type: 'deal' };
/** 1 hat, 2 balls, 3 apples; Player 1 values them 8/1/0, Player 2 4/0/2. */
const fresh = (maxRounds = 10) => makeState(items(1, 2, 3), [items(8, 1, 0), items(4, 0, 2)], { maxRounds });
const play = (moves: BargainAction[], from: BargainState = fresh()) =>
  moves.reduce((s, a, i) => apply(s, i % 2, a), from);
const engineMove = (s: BargainState, seed: string) => {
  const seat = activeSeats(s)[0]!;
  return bargainEngine(view(s, { seat }), seat, legalActions(s, seat), createRng(seed));
};

/** Plays one game; `players[seat]` is 'engine' or 'random'. Returns the rewards. */
function game(players: ('engine' | 'random')[], seed: string): number[] {
  const rng = createRng(seed);
  let s = setup(rng);
  while (!outcome(s)) {
    const seat = activeSeats(s)[0]!;
    const legal = legalActions(s, seat);
    s = apply(
      s,
      seat,
      players[seat] === 'engine' ? bargainEngine(view(s, { seat }), seat, legal, rng) : rng.pick(legal),
    );
  }
  return outcome(s)!.rewards!;
}

describe('bargain engine', () => {
  it('demands 90% of its total in round 1 and concedes to 50% by the last round', () => {
    expect(aspiration(10, 1, 10)).toBe(9);
    expect(aspiration(10, 10, 10)).toBe(5);
    for (let r = 1; r < 10; r++) expect(aspiration(10, r + 1, 10)).toBeLessThanOrEqual(aspiration(10, r, 10));
  });

  it('accepts an offer worth at least half its total', () => {
    // Player 1 takes the hat: Player 2 would get 2 balls and 3 apples, worth 6 of 10 to it.
    const s = play([take(1, 0, 0)]);
    for (let i = 0; i < 5; i++) expect(engineMove(s, `acc${i}`)).toEqual(DEAL);
  });

  it('refuses a poor offer and proposes a plan meeting its demand', () => {
    // Player 1 takes the hat and 2 apples: Player 2 would get 2 balls and 1 apple, worth 2.
    const s = play([take(1, 0, 2)]);
    const a = engineMove(s, 'ref');
    expect(a.type).toBe('propose');
    const own = valueOf(items(4, 0, 2), a as never);
    expect(own).toBeGreaterThanOrEqual(aspiration(10, 2, 10));
  });

  it('opens by taking what it values most and leaving what is worthless to it', () => {
    // Player 1 values only the hat (8) and the balls (1 each): asking for 9 means the hat and one ball.
    const a = engineMove(fresh(), 'open');
    expect(a).toEqual(take(1, 1, 0));
  });

  it('leaves the other the item types its proposals showed interest in', () => {
    // 2 of each; Player 1 values them 2/2/1. Player 2 asked for 2 hats and 1 ball: all the hats, half the balls.
    const s = makeState(items(2, 2, 2), [items(2, 2, 1), items(1, 2, 2)], { maxRounds: 5 });
    expect(revealedInterest(view(s, { seat: 0 }), 0)).toEqual({ hats: 1, balls: 1, apples: 1 });
    // Two rounds of the same proposals (a round is a turn of each player), so Player 1 moves in round 3.
    const after = play([take(2, 2, 2), take(2, 1, 0), take(2, 2, 2), take(2, 1, 0)], s);
    expect(revealedInterest(view(after, { seat: 0 }), 0)).toEqual({ hats: 1, balls: 0.5, apples: 0 });
    expect(view(after, { seat: 0 }).round).toBe(3);
    // Round 3 of 5: the demand is 7, met exactly by 2 hats 1 ball 1 apple or 1 hat 2 balls 1 apple; the second
    // leaves Player 2 a hat, which it wants more than a ball.
    expect(aspiration(10, 3, 5)).toBe(7);
    for (let i = 0; i < 5; i++) expect(engineMove(after, `int${i}`)).toEqual(take(1, 2, 1));
  });

  it('never needs the other seat’s values: it plays from its own view', () => {
    const s = play([take(1, 0, 2)]);
    const v = view(s, { seat: 1 });
    expect(v.values[0]).toBeNull();
    expect(() => bargainEngine(v, 1, legalActions(s, 1), createRng('v'), {})).not.toThrow();
  });

  it('always answers with a legal move', () => {
    for (let i = 0; i < 30; i++) {
      const rng = createRng(`legal-${i}`);
      let s = setup(rng);
      while (!outcome(s)) {
        const seat = activeSeats(s)[0]!;
        const legal = legalActions(s, seat);
        const a = bargainEngine(view(s, { seat }), seat, legal, rng);
        expect(legal).toContainEqual(a);
        s = apply(s, seat, rng.next() < 0.5 ? a : rng.pick(legal));
      }
    }
  });

  it('reaches a deal with itself in most games', () => {
    const results = Array.from({ length: 100 }, (_, i) => game(['engine', 'engine'], `self-${i}`));
    const deals = results.filter((r) => r[0]! + r[1]! > 0).length;
    expect(deals).toBeGreaterThanOrEqual(85);
  });

  it('gets more value than a random negotiator, from either seat', () => {
    // The measure `npm run bench:engine bargain` prints: the value the engine gets against a random negotiator, and
    // what a random negotiator gets in its seat on the same seeds (7.6 against 2.5; most of random's games end with
    // no deal).
    const m = measureEngine(bargain, { matches: 100, seed: 'vs' });
    for (const side of m.sides) expect(side.engine.meanReward).toBeGreaterThan(side.random.meanReward! * 1.5);
    expect(m.engine.meanReward).toBeGreaterThan(m.random.meanReward! * 1.5);
  });
});
