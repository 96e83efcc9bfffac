// Hanabi (small) rules: dealing, legality and rejections, tokens, plays and misplays, the final round, scoring, views
// that hide each hand from its owner, log lines, secrets, metrics and the conformance suite.
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import { createRng } from '../../lib/engine/rng';
import { hanabi } from '.';
import {
  ALL_COLORS,
  activeSeats,
  apply,
  deal,
  describe as describeMove,
  fullDeck,
  isPlayable,
  legalActions,
  moveMetrics,
  outcome,
  reject,
  secrets,
  setup,
  view,
  type Card,
  type Color,
  type HanabiAction,
  type HanabiState,
} from './rules';

const COLOR_OF: Record<string, Color> = { R: 'red', Y: 'yellow', G: 'green', W: 'white', B: 'blue' };
const card = (id: string): Card => ({ id, color: COLOR_OF[id[0]!]!, rank: Number(id[1]) });
/** Deals seat 0 the first two ids, seat 1 the next two; the rest is the deck, next card first. */
const dealt = (ids: string[], config = hanabi.defaultConfig) => deal(ids.map(card), config);
/** A deck order: the given ids first, then every other card of the game in a fixed order. */
const stacked = (first: string[], colors = 2) => [
  ...first,
  ...fullDeck(ALL_COLORS.slice(0, colors))
    .map((c) => c.id)
    .filter((id) => !first.includes(id)),
];

const play = (index: number): HanabiAction => ({ type: 'play', index });
const discard = (index: number): HanabiAction => ({ type: 'discard', index });
const revealColor = (color: Color): HanabiAction => ({ type: 'reveal-color', color });
const revealRank = (rank: number): HanabiAction => ({ type: 'reveal-rank', rank });
const run = (s: HanabiState, moves: HanabiAction[]) => moves.reduce((st, a) => apply(st, st.toMove, a), s);

describe('setup', () => {
  it('deals two cards each from a shuffled 20-card deck, with 3 information tokens and 1 life', () => {
    const s = setup(createRng('deal'));
    const all = [...s.hands.flat().map((h) => h.card), ...s.deck];
    expect(all).toHaveLength(20);
    expect(new Set(all.map((c) => c.id)).size).toBe(20);
    expect(
      all
        .filter((c) => c.color === 'red')
        .map((c) => c.rank)
        .sort(),
    ).toEqual([1, 1, 1, 2, 2, 3, 3, 4, 4, 5]);
    expect(s.hands.map((h) => h.length)).toEqual([2, 2]);
    expect(s.deck).toHaveLength(16);
    expect(s).toMatchObject({
      colors: ['red', 'yellow'],
      infoTokens: 3,
      lifeTokens: 1,
      fireworks: [0, 0],
      toMove: 0,
      finalTurns: null,
    });
    expect(activeSeats(s)).toEqual([0]);
  });

  it('is seeded: the same seed deals the same cards, another seed another order', () => {
    expect(setup(createRng('a'))).toEqual(setup(createRng('a')));
    expect(setup(createRng('a')).deck).not.toEqual(setup(createRng('b')).deck);
    const g = hanabi.setup({ numPlayers: 2, config: {} as never, rng: createRng('c') });
    expect(g).toEqual(setup(createRng('c')));
  });

  it('follows the config: colours, hand size, tokens, lives', () => {
    const cfg = hanabi.configSchema.parse({ colors: 3, handSize: 4, infoTokens: 8, lifeTokens: 3 });
    const s = hanabi.setup({ numPlayers: 2, config: cfg, rng: createRng('cfg') });
    expect(s.colors).toEqual(['red', 'yellow', 'green']);
    expect(s.hands.map((h) => h.length)).toEqual([4, 4]);
    expect(s.deck).toHaveLength(22);
    expect([s.infoTokens, s.lifeTokens]).toEqual([8, 3]);
    // LLMArena's conventions by default: 0 points when the last life is lost, no final round after the last draw.
    expect(hanabi.configSchema.parse({})).toEqual({
      colors: 2,
      handSize: 2,
      infoTokens: 3,
      lifeTokens: 1,
      zeroOnLoss: true,
      finalRound: false,
    });
    expect(s).toMatchObject({ zeroOnLoss: true, finalRound: false });
    expect(
      hanabi.setup({ numPlayers: 2, config: { zeroOnLoss: false, finalRound: true }, rng: createRng('cfg') }),
    ).toMatchObject({ zeroOnLoss: false, finalRound: true });
    expect(hanabi.configSchema.safeParse({ colors: 6 }).success).toBe(false);
    expect(hanabi.configSchema.safeParse({ extra: 1 }).success).toBe(false);
  });
});

describe('legal actions and rejections', () => {
  // Seat 0: red 1, yellow 3. Seat 1: red 2, red 3.
  const s0 = dealt(stacked(['R1a', 'Y3a', 'R2a', 'R3a']));

  it('at the start: play either card or reveal what the partner holds; no discard at full tokens', () => {
    expect(legalActions(s0, 0)).toEqual([play(0), play(1), revealColor('red'), revealRank(2), revealRank(3)]);
    expect(legalActions(s0, 1)).toEqual([]);
    expect(reject(s0, 0, discard(0))).toBe(
      'you cannot discard: the team already holds all 3 information tokens (a discard regains one); play a card or reveal something to Player 2 instead',
    );
  });

  it('only the seat to move may act (the platform refuses the other)', () => {
    expect(hanabi.reject(s0, 1, play(0))).toBe('it is not your turn: Player 1 is to move');
    expect(hanabi.reject(apply(s0, 0, revealRank(2)), 0, play(0))).toBe('it is not your turn: Player 2 is to move');
  });

  it('a reveal must point to at least one of the partner’s cards, of a colour in play, of a rank 1-5', () => {
    expect(reject(s0, 0, revealColor('yellow'))).toBe(
      "Player 2 holds no yellow card: a reveal must point to at least one card (Player 2's cards: red 2, red 3)",
    );
    expect(reject(s0, 0, revealRank(1))).toBe(
      "Player 2 holds no 1: a reveal must point to at least one card (Player 2's cards: red 2, red 3)",
    );
    expect(reject(s0, 0, revealColor('green'))).toBe(
      'green is not a colour in this game; the colours are red and yellow',
    );
    expect(reject(s0, 0, revealRank(7))).toBe('ranks run from 1 to 5 (got 7)');
  });

  it('card positions must exist, and the message never names the seat’s own cards', () => {
    expect(reject(s0, 0, play(2))).toBe('you hold 2 cards: choose card 1 or 2 (got card 3)');
    expect(reject(s0, 0, play(-1))).toBe('you hold 2 cards: choose card 1 or 2 (got card 0)');
    expect(reject(s0, 0, play(0.5))).toMatch(/^you hold 2 cards/);
    for (const a of [play(5), discard(0), revealRank(9)]) expect(reject(s0, 0, a)).not.toMatch(/red 1|yellow 3/);
    expect(reject(s0, 0, { type: 'pass' } as never)).toMatch(
      /^the actions are playing a card, discarding a card and revealing/,
    );
  });

  it('apply never changes the previous state', () => {
    const copy = structuredClone(s0);
    run(s0, [revealRank(2), revealRank(1), play(0)]);
    expect(s0).toEqual(copy);
  });
});

describe('information tokens', () => {
  const s0 = dealt(stacked(['R1a', 'Y3a', 'R2a', 'R3a']));

  it('a reveal costs one; at zero no reveal is possible, and a discard regains one up to the maximum', () => {
    const s1 = apply(s0, 0, revealColor('red'));
    expect(s1.infoTokens).toBe(2);
    expect(legalActions(s1, 1)).toContainEqual(discard(0));
    const s3 = run(s1, [revealRank(3), revealRank(2)]);
    expect(s3.infoTokens).toBe(0);
    expect(legalActions(s3, 1).some((a) => a.type.startsWith('reveal'))).toBe(false);
    expect(reject(s3, 1, revealColor('red'))).toBe(
      'you cannot reveal: no information tokens are left; discard a card to regain one, or play a card',
    );
    const s4 = apply(s3, 1, discard(0));
    expect(s4.infoTokens).toBe(1);
    expect(s4.discards).toEqual([card('R2a')]);
    const s6 = run(s4, [discard(0), discard(0)]);
    expect(s6.infoTokens).toBe(3);
    expect(reject(s6, s6.toMove, discard(0))).toMatch(/^you cannot discard: the team already holds all 3/);
  });

  it('completing a firework with its 5 regains a token, but never beyond the maximum', () => {
    // Red 1-4 are on the firework; seat 0 holds red 5.
    const base = dealt(stacked(['R5a', 'Y3a', 'Y2a', 'Y4a']));
    const four = { ...base, fireworks: [4, 0], infoTokens: 1 };
    const s1 = apply(four, 0, play(0));
    expect(s1.fireworks).toEqual([5, 0]);
    expect(s1.infoTokens).toBe(2);
    expect(s1.last).toMatchObject({ success: true, regained: true });
    const full = apply({ ...four, infoTokens: 3 }, 0, play(0));
    expect(full.infoTokens).toBe(3);
    expect(full.last?.regained).toBe(false);
  });
});

describe('reveals', () => {
  it('set the colour or rank on the cards pointed at and negative information on the others', () => {
    const s0 = dealt(stacked(['R1a', 'Y3a', 'R2a', 'Y2a']));
    const s1 = apply(s0, 0, revealColor('red'));
    expect(s1.hands[1]!.map((h) => h.hint)).toEqual([
      { color: 'red', rank: null, notColors: [], notRanks: [] },
      { color: null, rank: null, notColors: ['red'], notRanks: [] },
    ]);
    expect(s1.last).toMatchObject({ seat: 0, touched: [0], card: null, drew: false });
    const s2 = apply(s1, 1, revealRank(1));
    expect(s2.hands[0]!.map((h) => h.hint)).toEqual([
      { color: null, rank: 1, notColors: [], notRanks: [] },
      { color: null, rank: null, notColors: [], notRanks: [1] },
    ]);
    const s3 = apply(s2, 0, revealRank(2));
    expect(s3.hands[1]!.map((h) => h.hint.rank)).toEqual([2, 2]);
    expect(s3.last?.touched).toEqual([0, 1]);
  });
});

describe('plays', () => {
  it('a fitting card extends its firework; the player draws a fresh card at the end of the hand', () => {
    const s0 = dealt(stacked(['Y3a', 'R1a', 'R2a', 'R3a', 'Y1a']));
    const s1 = apply(apply(s0, 0, revealRank(2)), 1, revealRank(1));
    const s2 = apply(s1, 0, play(1));
    expect(s2.fireworks).toEqual([1, 0]);
    expect(s2.hands[0]!.map((h) => h.card.id)).toEqual(['Y3a', 'Y1a']);
    // The old card keeps its hint (negative "not 1"); the new one has none.
    expect(s2.hands[0]!.map((h) => h.hint)).toEqual([
      { color: null, rank: null, notColors: [], notRanks: [1] },
      { color: null, rank: null, notColors: [], notRanks: [] },
    ]);
    expect(s2.deck).toHaveLength(15);
    expect(s2.last).toMatchObject({ seat: 0, card: card('R1a'), success: true, drew: true });
  });

  // Updated for issue 17: by default (LLMArena, the Hanabi Learning Environment) losing the last life scores 0; the
  // arena's earlier rule, keeping the points, is the setting zeroOnLoss: false.
  it('a misplay costs a life and discards the card; with no life left the game ends and scores 0 (LLMArena)', () => {
    const s0 = dealt(stacked(['R1a', 'Y3a', 'R2a', 'R3a']));
    const s1 = run(s0, [play(0), play(1)]); // red 1 fits, then seat 1 plays red 3 on red 1
    expect(s1.lifeTokens).toBe(0);
    expect(s1.fireworks).toEqual([1, 0]);
    expect(s1.discards).toEqual([card('R3a')]);
    expect(s1.last).toMatchObject({ seat: 1, success: false, drew: false });
    expect(outcome(s1)).toEqual({
      scores: [0.5, 0.5],
      winner: null,
      rewards: [0, 0],
      reason: 'fireworks: red 1, yellow 0 — 0 points (the last life token was lost on a misplay, which scores 0)',
      summary: 'Team score 0 of 10',
    });
    expect(view(s1, { seat: 0 }).score).toBe(0);
    expect(moveMetrics(run(s0, [play(0)]), s1, 1, play(1))).toMatchObject({ misplay: 1, points: 0 });
    expect(activeSeats(s1)).toEqual([]);
    expect(legalActions(s1, 0)).toEqual([]);
    expect(hanabi.reject(s1, 0, play(0))).toBe('the game is over');
  });

  it('with zeroOnLoss: false the points made are kept when the last life is lost', () => {
    const s0 = dealt(stacked(['R1a', 'Y3a', 'R2a', 'R3a']), { ...hanabi.defaultConfig, zeroOnLoss: false });
    const s1 = run(s0, [play(0), play(1)]);
    expect(s1.lifeTokens).toBe(0);
    expect(outcome(s1)).toEqual({
      scores: [0.5, 0.5],
      winner: null,
      rewards: [1, 1],
      reason: 'fireworks: red 1, yellow 0 — 1 point (the last life token was lost on a misplay)',
      summary: 'Team score 1 of 10',
    });
    expect(view(s1, { seat: 0 }).score).toBe(1);
    expect(moveMetrics(run(s0, [play(0)]), s1, 1, play(1))).toMatchObject({ misplay: 1, points: 1 });
  });

  it('with more lives a misplay only costs one', () => {
    const s0 = dealt(stacked(['R2a', 'Y3a', 'R2b', 'R3a']), { ...hanabi.defaultConfig, lifeTokens: 2 });
    const s1 = apply(s0, 0, play(0));
    expect(s1.lifeTokens).toBe(1);
    expect(outcome(s1)).toBeNull();
    expect(s1.hands[0]).toHaveLength(2);
  });
});

/** Plays for both seats knowing every card (a test script, not a strategy): play what fits, else reveal, else discard. */
function omniscientMove(s: HanabiState): HanabiAction {
  const seat = s.toMove;
  const fits = s.hands[seat]!.findIndex((h) => isPlayable(s, h.card));
  if (fits >= 0) return play(fits);
  const legal = legalActions(s, seat);
  return legal.find((a) => a.type.startsWith('reveal')) ?? legal.find((a) => a.type === 'discard') ?? legal[0]!;
}

describe('the end of the game', () => {
  it('perfect play completes both fireworks: 10 points, and the game ends at once', () => {
    let s = dealt(stacked(['R1a', 'R2a', 'R3a', 'R4a', 'R5a', 'Y1a', 'Y2a', 'Y3a', 'Y4a', 'Y5a']));
    while (!outcome(s)) s = apply(s, s.toMove, omniscientMove(s));
    expect(s.fireworks).toEqual([5, 5]);
    expect(outcome(s)).toEqual({
      scores: [0.5, 0.5],
      winner: null,
      rewards: [10, 10],
      reason: 'fireworks: red 5, yellow 5 — 10 points (every firework is complete)',
      summary: 'Team score 10 of 10',
    });
    expect(s.deck.length).toBeGreaterThan(0);
  });

  it('by default (LLMArena) the game ends when the last card is drawn', () => {
    // Seat 0: red 1, red 1. Seat 1: yellow 1, yellow 1. Four cards in the deck, drawn by seat 1's discards.
    const ids = ['R1a', 'R1b', 'Y1a', 'Y1b', 'R2a', 'R2b', 'Y2a', 'Y2b'];
    let s = deal(ids.map(card), hanabi.defaultConfig);
    s = run(s, [
      play(0),
      revealColor('red'),
      revealColor('yellow'),
      discard(0),
      revealColor('red'),
      discard(0),
      revealRank(2),
    ]);
    expect(s.fireworks).toEqual([1, 0]);
    expect(s.toMove).toBe(1);
    expect(s.deck).toHaveLength(1);
    expect(outcome(s)).toBeNull();
    const prev = s;
    s = apply(s, 1, discard(0)); // seat 1 draws the last card: the game is over
    expect(s.deck).toHaveLength(0);
    expect(s.finalTurns).toBeNull();
    expect(outcome(s)).toEqual({
      scores: [0.5, 0.5],
      winner: null,
      rewards: [1, 1],
      reason: 'fireworks: red 1, yellow 0 — 1 point (the last card was drawn from the deck)',
      summary: 'Team score 1 of 10',
    });
    expect(activeSeats(s)).toEqual([]);
    expect(describeMove(prev, s, 1, discard(0)).map((l) => l.text)).toEqual([
      expect.any(String),
      'Player 2 draws the last card (2 information tokens and 1 life token left)',
      'Game over: fireworks: red 1, yellow 0 — 1 point (the last card was drawn from the deck)',
    ]);
  });

  it('with finalRound: true, after the last card is drawn each player has exactly one more turn', () => {
    // Seat 0: red 1, red 1. Seat 1: yellow 1, yellow 1. Four cards in the deck, drawn by seat 1's discards.
    const ids = ['R1a', 'R1b', 'Y1a', 'Y1b', 'R2a', 'R2b', 'Y2a', 'Y2b'];
    let s = deal(ids.map(card), { ...hanabi.defaultConfig, finalRound: true });
    s = run(s, [
      revealColor('yellow'),
      discard(0),
      revealColor('red'),
      discard(0),
      revealColor('red'),
      discard(0),
      revealColor('red'),
    ]);
    expect(s.deck).toHaveLength(1);
    expect(s.finalTurns).toBeNull();
    const prev = s;
    s = apply(s, 1, discard(0)); // seat 1 draws the last card
    expect(s.deck).toHaveLength(0);
    expect(s.finalTurns).toBe(2);
    expect(describeMove(prev, s, 1, discard(0))[1]!.text).toBe(
      'Player 2 draws the last card: each player has one more turn (3 information tokens and 1 life token left)',
    );
    s = apply(s, 0, play(0)); // seat 0's final turn: red 1 fits; no card to draw, the hand shrinks
    expect(s.hands[0]).toHaveLength(1);
    expect(s.finalTurns).toBe(1);
    expect(outcome(s)).toBeNull();
    expect(activeSeats(s)).toEqual([1]);
    s = apply(s, 1, revealRank(1)); // seat 1, who drew the last card, has the last turn
    expect(s.finalTurns).toBe(0);
    expect(outcome(s)).toEqual({
      scores: [0.5, 0.5],
      winner: null,
      rewards: [1, 1],
      reason: 'fireworks: red 1, yellow 0 — 1 point (the deck ran out and both players had their final turn)',
      summary: 'Team score 1 of 10',
    });
  });

  it('a deck used up by the deal starts the final round at once', () => {
    const s = hanabi.setup({
      numPlayers: 2,
      config: { colors: 1, handSize: 5, infoTokens: 3, lifeTokens: 3 },
      rng: createRng('tiny'),
    });
    expect(s.deck).toHaveLength(0);
    expect(s.finalTurns).toBe(2);
    const reveal = legalActions(s, 0).find((a) => a.type === 'reveal-rank')!;
    const end = run(s, [reveal, play(0)]);
    expect(outcome(end)?.reason).toMatch(/deck ran out/);
  });

  it('every seeded random game ends, with both seats sharing the score', () => {
    for (let i = 0; i < 200; i++) {
      const rng = createRng(`random-${i}`);
      let s = setup(rng);
      let moves = 0;
      while (!outcome(s)) {
        s = apply(s, s.toMove, rng.pick(legalActions(s, s.toMove)));
        moves++;
      }
      const o = outcome(s)!;
      expect(o.scores).toEqual([0.5, 0.5]);
      // The team's score: the fireworks, or 0 when the last life was lost (the default, LLMArena's convention).
      expect(o.rewards![0]).toBe(s.lifeTokens > 0 ? s.fireworks[0]! + s.fireworks[1]! : 0);
      expect(o.rewards![1]).toBe(o.rewards![0]);
      expect(moves).toBeLessThan(60);
    }
  });
});

describe('views', () => {
  const s = run(dealt(stacked(['R1a', 'Y3a', 'R2a', 'Y5a'])), [revealRank(5)]);

  it('a seat sees the partner’s cards and only the hints about its own', () => {
    const v0 = view(s, { seat: 0 });
    expect(v0.viewer).toBe(0);
    expect(v0.hands[0]!.map((h) => h.card)).toEqual([null, null]);
    expect(v0.hands[1]!.map((h) => h.card?.id)).toEqual(['R2a', 'Y5a']);
    expect(v0.hands[1]![1]!.hint.rank).toBe(5);
    const v1 = view(s, { seat: 1 });
    expect(v1.hands[1]!.map((h) => h.card)).toEqual([null, null]);
    expect(v1.hands[1]!.map((h) => h.hint.rank)).toEqual([null, 5]);
    expect(v1.hands[0]!.map((h) => h.card?.id)).toEqual(['R1a', 'Y3a']);
    expect(v1.deck).toBeNull();
    expect(v1.deckSize).toBe(16);
    expect(JSON.stringify(v1)).not.toMatch(/R2a|Y5a/);
  });

  it('a spectator sees the public part only: hints, not cards; the omniscient viewer sees all', () => {
    const sp = view(s, { spectator: true });
    expect(sp.viewer).toBeNull();
    expect(sp.hands.flat().map((h) => h.card)).toEqual([null, null, null, null]);
    expect(sp.hands[1]![1]!.hint.rank).toBe(5);
    expect(sp.deck).toBeNull();
    const om = view(s, { omniscient: true });
    expect(om.hands.flat().map((h) => h.card?.id)).toEqual(['R1a', 'Y3a', 'R2a', 'Y5a']);
    expect(om.deck).toHaveLength(16);
    expect(om).toMatchObject({ infoTokens: 2, score: 0, maxScore: 10, toMove: 1, result: null });
  });

  it('reveals every card to everyone once the game is over', () => {
    const over = run(dealt(stacked(['R1a', 'Y3a', 'R2a', 'R3a'])), [play(0), play(1)]);
    for (const viewer of [{ seat: 0 }, { seat: 1 }, { spectator: true as const }]) {
      const v = view(over, viewer);
      expect(v.hands.flat().every((h) => h.card !== null)).toBe(true);
      expect(v.toMove).toBeNull();
      expect(v.result).toMatch(/^fireworks: red 1, yellow 0 — 0 points/);
    }
  });

  it('views are JSON-safe copies', () => {
    const v = view(s, { omniscient: true });
    expect(JSON.parse(JSON.stringify(v))).toEqual(v);
    v.hands[1]![0]!.hint.notRanks.push(9);
    v.fireworks[0] = 5;
    expect(s.hands[1]![0]!.hint.notRanks).toEqual([5]);
    expect(s.fireworks[0]).toBe(0);
  });
});

describe('secrets', () => {
  it('each seat’s secrets are the partner’s card ids (hidden from the partner) and the deck (hidden from all)', () => {
    const s = dealt(stacked(['R1a', 'Y3a', 'R2a', 'Y5a']));
    const [a, b] = secrets(s);
    expect(a!.seat).toBe(0);
    expect(a!.values.slice(0, 2)).toEqual(['R2a', 'Y5a']);
    expect(b!.values.slice(0, 2)).toEqual(['R1a', 'Y3a']);
    expect(a!.values).toHaveLength(2 + 16);
    expect(secrets(run(s, [play(0), play(1)]))).toEqual([]);
    expect(hanabi.secrets).toBe(secrets);
  });

  it('over many seeded games no view leaks a hand to its owner or any card to a spectator', () => {
    for (let i = 0; i < 60; i++) {
      const rng = createRng(`leak-${i}`);
      let s = setup(rng);
      while (!outcome(s)) {
        for (const seat of [0, 1]) {
          const own = JSON.stringify(view(s, { seat }).hands[seat]);
          expect(own).not.toMatch(/"id"/);
          for (const h of s.hands[seat]!) expect(JSON.stringify(view(s, { seat }))).not.toContain(h.card.id);
        }
        expect(JSON.stringify(view(s, { spectator: true }).hands)).not.toMatch(/"id"/);
        s = apply(s, s.toMove, rng.pick(legalActions(s, s.toMove)));
      }
    }
  });
});

describe('describe', () => {
  const s0 = dealt(stacked(['R1a', 'Y3a', 'R2a', 'R3a']));

  it('writes public lines: the reveal, the card played, never the card drawn', () => {
    const s1 = apply(s0, 0, revealColor('red'));
    expect(describeMove(s0, s1, 0, revealColor('red'))).toEqual([
      { text: "Player 1 reveals Player 2's red cards: cards 1 and 2" },
      { text: '2 information tokens and 1 life token left' },
    ]);
    const s2 = apply(s1, 1, discard(1));
    const drawn = s2.hands[1]![1]!.card;
    const lines = describeMove(s1, s2, 1, discard(1));
    expect(lines).toEqual([
      { text: 'Player 2 discards card 2, red 3, and regains an information token' },
      { text: 'Player 2 draws a card, 15 cards left in the deck (3 information tokens and 1 life token left)' },
    ]);
    expect(JSON.stringify(lines)).not.toContain(`${drawn.color} ${drawn.rank}`);
    const s3 = apply(s2, 0, play(0));
    expect(describeMove(s2, s3, 0, play(0))[0]).toEqual({
      text: 'Player 1 plays card 1, red 1: the red firework reaches 1',
    });
  });

  it('explains a misplay and announces the end', () => {
    const s1 = apply(s0, 0, revealRank(2));
    const s2 = apply(s1, 1, play(1));
    expect(describeMove(s1, s2, 1, play(1))).toEqual([
      {
        text: 'Player 2 plays card 2, red 3, which does not fit (the red firework was at 0): it is discarded and a life token is lost',
      },
      { text: '2 information tokens and 0 life tokens left' },
      {
        text: 'Game over: fireworks: red 0, yellow 0 — 0 points (the last life token was lost on a misplay, which scores 0)',
      },
    ]);
  });
});

describe('move metrics', () => {
  it('record the kind of move (the action mix), misplays and the points after the move', () => {
    const s0 = dealt(stacked(['R1a', 'Y3a', 'R2a', 'R3a']));
    const s1 = apply(s0, 0, revealRank(2));
    expect(hanabi.moveMetrics!(s0, s1, 0, revealRank(2), createRng('m'))).toEqual({
      play: 0,
      discard: 0,
      reveal: 1,
      misplay: 0,
      points: 0,
    });
    const s2 = apply(s1, 1, discard(1));
    expect(moveMetrics(s1, s2, 1, discard(1))).toEqual({ play: 0, discard: 1, reveal: 0, misplay: 0, points: 0 });
    const s3 = apply(s2, 0, play(0));
    expect(moveMetrics(s2, s3, 0, play(0))).toEqual({ play: 1, discard: 0, reveal: 0, misplay: 0, points: 1 });
    const s4 = apply(s3, 1, play(1));
    expect(moveMetrics(s3, s4, 1, play(1)).misplay).toBe(s4.last?.success === false ? 1 : 0);
  });
});

describe('conformance', () => {
  it('keeps the game contract', () => {
    expect(checkConformance(hanabi, { seeds: 50 })).toEqual([]);
  });

  it('keeps it with a bigger configuration', () => {
    expect(
      checkConformance(hanabi, { seeds: 15, config: { colors: 5, handSize: 4, infoTokens: 8, lifeTokens: 3 } }),
    ).toEqual([]);
  });

  it('declares a cooperative, hidden-information game', () => {
    expect(hanabi.meta).toMatchObject({
      scoring: 'cooperative',
      categories: ['cooperation', 'hidden-information'],
      minPlayers: 2,
      maxPlayers: 2,
      info: 'imperfect',
    });
  });
});
