// The Are You the Traitor? engine: its choices in hand-checked spots, and that it beats a random team
// (`npm run bench:engine are-you-the-traitor` runs the same measure over 200 matches).
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { areYouTheTraitor } from '.';
import { aytEngine, candidates, claimOf } from './engine';
import { measureEngine } from '../../lib/engine/playout';
import { playout } from './playout';
import {
  apply,
  configSchema,
  DECK,
  legalActions,
  start,
  view,
  type AytAction,
  type AytState,
  type Role,
} from './rules';

const cfg = configSchema.parse({});
const rng = createRng('engine');
const ROLES5: Role[] = ['Guard', 'Good Wizard', 'Key Holder', 'Evil Wizard', 'Traitor'];
const base = (first = 0) => start(cfg, ROLES5, DECK, first);
const say = (s: AytState, seat: number, text: string) =>
  apply({ ...s, first: seat, turns: 0 }, seat, { type: 'say', text }, rng);
const move = (s: AytState, seat: number): AytAction =>
  aytEngine(view(s, { seat }), seat, legalActions({ ...s, first: seat, turns: 0 }, seat), rng);

describe('are you the traitor engine', () => {
  it('reads role claims', () => {
    expect(claimOf('I am the Key Holder.')).toBe('Key Holder');
    expect(claimOf("I'm just a guard here")).toBe('Guard');
    expect(claimOf('I hold the key')).toBe('Key Holder');
    expect(claimOf('Player 3 is the Traitor')).toBeNull();
  });

  it('claims its role, then the Guard stops at the only non-wizard left once the Key Holder has claimed', () => {
    const s = base();
    expect(move(s, 0)).toEqual({ type: 'say', text: 'I am the Guard.' });
    // The Key Holder keeps quiet until a Guard has spoken.
    expect(move(s, 2)).toEqual({ type: 'pass' });
    let t = say(s, 0, 'I am the Guard.');
    expect(move(t, 2)).toEqual({ type: 'say', text: 'I am the Key Holder.' });
    t = say(t, 2, 'I am the Key Holder.');
    expect(candidates(view(t, { seat: 0 }), 0, 'Traitor')).toEqual([4]);
    expect(move(t, 0)).toEqual({ type: 'stop', target: 4 });
    // The Good Wizard too.
    expect(move(t, 1)).toEqual({ type: 'stop', target: 4 });
  });

  it('as Evil: the Traitor claims to be the Guard, the Evil Wizard points at a lone Key Holder claim', () => {
    const s = base();
    expect(move(s, 4)).toEqual({ type: 'say', text: 'I am the Guard.' });
    expect(move(s, 3)).toEqual({ type: 'say', text: 'I am the Good Wizard.' });
    const t = say(s, 2, 'I am the Key Holder.');
    expect(move(t, 3)).toEqual({ type: 'stop', target: 2 });
    // The Traitor never stops.
    expect(legalActions({ ...t, first: 4 }, 4).every((a) => a.type !== 'stop')).toBe(true);
  });

  it('beats a random team on both sides over 120 seeded matches', () => {
    // Good in the even matches, Evil in the odd ones (each team on 60 seeds of its own, where it used to play the same
    // 60 seeds as both teams): 58 of 60 as Good, 54 of 60 as Evil; random in its place wins half.
    const m = measureEngine(areYouTheTraitor, { matches: 120, seed: 'ayt-engine', playout });
    const [good, evil] = m.sides.map((s) => s.engine.wins / s.engine.matches);
    expect(m.sides.map((s) => s.name)).toEqual(['Good', 'Evil']);
    expect(good).toBeGreaterThan(0.75);
    expect(evil).toBeGreaterThan(0.75);
    expect(m.engine.wins).toBeGreaterThan(m.random.wins);
  });
});
