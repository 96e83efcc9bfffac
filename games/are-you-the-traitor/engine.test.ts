// The Are You the Traitor? engine: its choices in hand-checked spots, and that it beats a random team
// (bench/are-you-the-traitor.ts runs the 200-match figure).
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { areYouTheTraitor } from '.';
import { aytEngine, candidates, claimOf } from './engine';
import { playVsRandom } from './playout';
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
    const rate = (team: 'Good' | 'Evil') => {
      let w = 0;
      for (let i = 0; i < 60; i++) if (playVsRandom(areYouTheTraitor, `ayt-engine-${i}`, team).engineWon) w++;
      return w / 60;
    };
    const good = rate('Good');
    const evil = rate('Evil');
    expect(good).toBeGreaterThan(0.75);
    expect(evil).toBeGreaterThan(0.75);
  }, 60_000);
});
