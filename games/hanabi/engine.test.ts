// The Hanabi heuristic: legal and safe in self-play, far better than random, and each rule of its priority list.
import { describe, expect, it } from 'vitest';
import { measureEngine } from '../../lib/engine/playout';
import { createRng } from '../../lib/engine/rng';
import { hanabi } from '.';
import { hanabiEngine, possibilities, unseenCounts } from './engine';
import {
  ALL_COLORS,
  apply,
  deal,
  fullDeck,
  legalActions,
  outcome,
  reject,
  setup,
  view,
  type Card,
  type Color,
  type HanabiAction,
  type HanabiState,
} from './rules';

const COLOR_OF: Record<string, Color> = { R: 'red', Y: 'yellow' };
const card = (id: string): Card => ({ id, color: COLOR_OF[id[0]!]!, rank: Number(id[1]) });
const stacked = (first: string[]) =>
  [
    ...first,
    ...fullDeck(ALL_COLORS.slice(0, 2))
      .map((c) => c.id)
      .filter((id) => !first.includes(id)),
  ].map(card);
const dealt = (first: string[]) => deal(stacked(first), hanabi.defaultConfig);
const engineMove = (s: HanabiState, seed = 'e') =>
  hanabiEngine(view(s, { seat: s.toMove }), s.toMove, legalActions(s, s.toMove), createRng(seed));
const play = (index: number): HanabiAction => ({ type: 'play', index });

/** Self-play from a seed: the final points and the number of misplays. */
function selfPlay(seed: string): { points: number; misplays: number } {
  const rng = createRng(seed);
  let s = setup(rng);
  let misplays = 0;
  while (!outcome(s)) {
    const seat = s.toMove;
    const a = hanabiEngine(view(s, { seat }), seat, legalActions(s, seat), rng);
    expect(reject(s, seat, a)).toBeNull();
    s = apply(s, seat, a);
    if (s.last?.success === false) misplays++;
  }
  return { points: outcome(s)!.rewards![0]!, misplays };
}

describe('hanabi engine', () => {
  it('plays legally, never misplays, and scores far above random play over 100 seeded games', () => {
    const games = Array.from({ length: 100 }, (_, i) => selfPlay(`self-${i}`));
    expect(games.every((g) => g.misplays === 0)).toBe(true);
    // The measure `npm run bench:engine hanabi` prints (a cooperative game: the engine holds every seat, its reward is
    // the team score), and random play in every seat on the same seeds.
    const m = measureEngine(hanabi, { matches: 100, seed: 'self' });
    expect(m.engine.meanReward).toBe(games.reduce((a, g) => a + g.points, 0) / games.length);
    expect(m.engine.meanReward).toBeGreaterThan(5);
    expect(m.random.meanReward).toBeLessThan(1);
  });

  it('plays a card it knows fits', () => {
    // Seat 1 revealed seat 0's 1 (card 2); both fireworks are empty.
    const s = apply(apply(dealt(['Y3a', 'R1a', 'R3a', 'Y4a']), 0, { type: 'reveal-rank', rank: 3 }), 1, {
      type: 'reveal-rank',
      rank: 1,
    });
    expect(engineMove(s)).toEqual(play(1));
  });

  it('reveals what makes a partner’s playable card certain', () => {
    // Seat 1 holds red 1 and yellow 3: "Reveal 1" makes card 1 certainly playable (any 1 fits on empty fireworks).
    expect(engineMove(dealt(['R3a', 'Y4a', 'R1a', 'Y3a']))).toEqual({ type: 'reveal-rank', rank: 1 });
  });

  it('otherwise reveals something about a playable card', () => {
    // Red is at 1; seat 1 holds red 2 and yellow 3. "Reveal 2" leaves red 2 / yellow 2 open, still worth telling.
    const s = { ...dealt(['R3a', 'Y4a', 'R2a', 'Y3a']), fireworks: [1, 0], discards: [] };
    expect(engineMove(s)).toEqual({ type: 'reveal-rank', rank: 2 });
  });

  it('saves the partner’s 5 before they would discard it', () => {
    const s = { ...dealt(['R3a', 'Y4a', 'Y5a', 'R4a']), infoTokens: 2 };
    expect(engineMove(s)).toEqual({ type: 'reveal-rank', rank: 5 });
  });

  it('discards its oldest card nobody pointed at when there is nothing to play or tell', () => {
    // Seat 1 holds red 3 and yellow 4 (nothing playable, nothing critical); seat 0's card 1 is known to be a 5.
    let s = dealt(['R5a', 'Y2a', 'R3a', 'Y4a']);
    s = apply(apply(s, 0, { type: 'reveal-rank', rank: 3 }), 1, { type: 'reveal-rank', rank: 5 });
    s = apply(s, 0, { type: 'reveal-rank', rank: 4 });
    s = { ...s, infoTokens: 1, toMove: 0 };
    expect(engineMove(s)).toEqual({ type: 'discard', index: 1 });
  });

  it('with every token in hand and nothing known, it spends one on a reveal rather than guess', () => {
    const a = engineMove(dealt(['R3a', 'Y4a', 'R2a', 'Y3a']));
    expect(a.type.startsWith('reveal')).toBe(true);
  });

  it('decides from its own view only: the same view gives the same move whatever its own cards are', () => {
    const a = dealt(['R3a', 'Y4a', 'R2a', 'Y3a']);
    const b = dealt(['Y1a', 'R5a', 'R2a', 'Y3a']);
    expect(view(a, { seat: 0 }).hands[0]).toEqual(view(b, { seat: 0 }).hands[0]);
    for (let i = 0; i < 5; i++) expect(engineMove(a, `v${i}`)).toEqual(engineMove(b, `v${i}`));
  });

  it('counts cards: possibilities exclude what is discarded, played or visible', () => {
    const s = { ...dealt(['R3a', 'Y4a', 'Y1a', 'Y1b']), fireworks: [1, 0], discards: [card('Y1c')] };
    const v = view(s, { seat: 0 });
    const counts = unseenCounts(
      v,
      v.hands[1]!.flatMap((h) => (h.card ? [h.card] : [])),
    );
    const faces = possibilities({ color: null, rank: 1, notColors: [], notRanks: [] }, v.colors, counts);
    // Red 1: three copies, one on the firework; yellow 1: one discarded, two in the partner's hand.
    expect(faces).toEqual([{ color: 'red', rank: 1 }]);
  });
});
