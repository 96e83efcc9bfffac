// The Who-is-the-spy analysis on constructed matches with known answers, and the calibration tables of an unbiased
// (random) voter against a voter that always takes the first option.
import { describe, expect, it } from 'vitest';
import { createRng, CURRENT_GENERATOR } from '../../lib/engine/rng';
import { applyMove, currentDeal, initialState, type MoveRecord } from '../../lib/engine/replay';
import { wilsonInterval } from '../../lib/rating/proportion';
import { spy } from '.';
import { analyseSpy, finalState, type SpyMatchRecord } from './analysis';
import { activeSeats, legalActions } from './rules';
import type { SpyAction, SpyState } from './types';

type Decide = (s: SpyState, seat: number) => SpyAction;

/** Plays a match with `decide` choosing every move, recorded the way the runner stores it. */
function play(config: object, seed: string, agents: string[], decide: Decide): SpyMatchRecord {
  let s = initialState(spy, config, currentDeal(seed), agents.length) as SpyState;
  const moves: MoveRecord[] = [];
  for (let guard = 0; s.phase !== 'over' && guard < 500; guard++) {
    for (const seat of activeSeats(s)) {
      const m = { ply: moves.length, seat, action: decide(s, seat) };
      s = applyMove(spy, s, currentDeal(seed), m) as SpyState;
      moves.push(m);
    }
  }
  return {
    id: seed,
    config,
    seed,
    generator: CURRENT_GENERATOR,
    numPlayers: agents.length,
    seats: agents.map((agentId, seat) => ({ seat, agentId, agentName: agentId.toUpperCase() })),
    moves,
  };
}

const speak: Decide = (s, seat) => ({ type: 'describe', text: `clue ${s.round} ${seat}` });

describe('Table 4 and Table 7 on a known match', () => {
  // Four players, the spy in seat 2 with "sun", villagers "moon"; everyone votes the spy out in round one.
  const decide: Decide = (s, seat) => {
    if (s.phase === 'speak') return speak(s, seat);
    if (s.phase === 'probe') {
      if (seat === 0) {
        return {
          type: 'probe',
          self: 'villager',
          others: [
            { seat: 1, word: 'Moon', role: 'villager' },
            { seat: 2, word: 'sun', role: 'spy' },
            { seat: 3, word: 'star', role: 'spy' },
          ],
          theirGuess: { word: 'moon', role: 'villager' },
        };
      }
      // Everyone else believes seat 0 has "moon" and is a villager; seat 2 thinks it is a villager.
      return {
        type: 'probe',
        self: 'villager',
        others: [{ seat: 0, word: 'moon', role: 'villager' }],
        theirGuess: { word: 'moon', role: 'villager' },
      };
    }
    return { type: 'vote', target: seat === 2 ? 0 : 2 };
  };
  const m = play({ pairId: 'moon-sun', spyWord: 'b', spySeats: [2] }, 'known', ['a', 'a', 'spy', 'b'], decide);
  const r = analyseSpy([m]);

  it('counts wins, rounds played and votes received per role', () => {
    expect(r.matches).toBe(1);
    const row = (agent: string, role: string) => r.outcomes.find((o) => o.agentId === agent && o.role === role)!;
    // Round counts the round a player is voted out in (the paper's Round): the spy, out in round one, played 1 round.
    expect(row('spy', 'spy')).toMatchObject({
      preset: 'spygame',
      voting: 'sequential',
      matches: 1,
      seats: 1,
      win: { k: 0, n: 1, mean: 0 },
      round: { mean: 1 },
      voted: { mean: 3 },
    });
    // Agent a holds two villager seats of one match: one match (one outcome for the win rate), two seats.
    expect(row('a', 'villager')).toMatchObject({
      matches: 1,
      seats: 2,
      win: { k: 1, n: 1, mean: 1 },
      round: { mean: 1 },
      voted: { mean: 0.5 },
    }); // seat 0 got the spy's vote
    expect(row('b', 'villager')).toMatchObject({ matches: 1, seats: 1, voted: { mean: 0 } });
    // A share has its Wilson interval from the first match (1 of 1: [1/(1 + z²), 1]); a mean needs 5 values for its bootstrap.
    expect(row('a', 'villager').win.ci95).toEqual([expect.closeTo(0.2065, 4), 1]);
    expect(row('a', 'villager').round.ci95).toBeNull();
  });

  it('scores the probes against the truth and, second order, against the other players’ own answers', () => {
    const s0 = r.probes.find((p) => p.agentId === 'a')!; // seats 0 and 1
    expect(s0).toMatchObject({ role: 'villager', preset: 'spygame', voting: 'sequential' });
    expect(s0.answers).toBe(2);
    expect(s0.self.mean).toBe(1);
    // Seat 0: Moon ✓ (case ignored), sun ✓, star ✗ → 2/3 words; roles villager ✓ spy ✓ spy ✗ → 2/3.
    // Seat 1: about seat 0 ✓, and unanswered about seats 2 and 3 ✗ → 1/3 each.
    expect(s0.word1.mean).toBeCloseTo(3 / 6);
    expect(s0.identity1.mean).toBeCloseTo(3 / 6);
    const spyRow = r.probes.find((p) => p.agentId === 'spy')!;
    expect(spyRow.role).toBe('spy');
    expect(spyRow.self.mean).toBe(0); // the spy thought it was a villager
    // Second order: each guess against every other player's own first-order answer about the guesser. Seat 0 guessed
    // moon/villager; seats 1, 2 and 3 all said seat 0 is moon/villager → 3 of 3. Seat 1 guessed moon/villager; only
    // seat 0 answered about seat 1 ("Moon", villager) → 1 of 1. Agent a: 4 of 4 for each.
    expect(s0.word2).toMatchObject({ k: 4, n: 4, mean: 1 });
    expect(s0.identity2).toMatchObject({ k: 4, n: 4, mean: 1 });
    // The spy (seat 2) guessed moon/villager; only seat 0 answered about it ("sun", spy) → 0 of 1 each.
    expect(spyRow.word2).toMatchObject({ k: 0, n: 1, mean: 0 });
    expect(spyRow.identity2).toMatchObject({ k: 0, n: 1, mean: 0 });
  });
});

describe('the paper’s Round (Table 4) by hand', () => {
  // Four players, the spy in seat 2 (agent g, the guest); no probes. Seat-order speaking and voting.
  // Match A: round 1 seat 0 out; round 2 the spy out → the spy played 2 rounds (the paper counts the round it is voted out in).
  // Match B: round 1 a tie, then still tied in the re-vote (nobody out); round 2 seat 0 out; round 3 seat 1 out → the spy
  //          survives to the last two and wins, having played 3 rounds.
  // Match C: round 1 the spy out → 1 round.
  // Round for the guest = (2 + 3 + 1) / 3 = 2; Win = 1/3. Voted per round = votes on the first ballot of each round
  // it was in: A (0 + 2) / 2 = 1, B (2 + 0 + 0) / 3 = 2/3, C 3 / 1 = 3 → mean (1 + 2/3 + 3) / 3 = 14/9.
  const base = { pairId: 'moon-sun', spySeats: [2], probes: false, shuffleSpeaking: false, shuffleOptions: false };
  const script = (ballots: Record<number, number>[]): Decide => {
    let i = -1;
    let last = '';
    return (s, seat) => {
      if (s.phase === 'speak') return speak(s, seat);
      const key = `${s.round}:${s.ballot!.kind}`;
      if (key !== last) {
        last = key;
        i++;
      }
      return { type: 'vote', target: ballots[i]![seat]! };
    };
  };
  const a = play(
    base,
    'round-a',
    ['h', 'h', 'g', 'h'],
    script([
      { 0: 1, 1: 0, 2: 0, 3: 0 },
      { 1: 2, 2: 1, 3: 2 },
    ]),
  );
  const b = play(
    base,
    'round-b',
    ['h', 'h', 'g', 'h'],
    script([
      { 0: 1, 1: 2, 2: 1, 3: 2 }, // 1 and 2 tied (the spy got 2 votes)
      { 0: 1, 1: 2, 2: 1, 3: 2 }, // still tied: nobody leaves round 1
      { 0: 1, 1: 0, 2: 0, 3: 0 }, // round 2: seat 0 out
      { 1: 3, 2: 1, 3: 1 }, // round 3: seat 1 out → two left, the spy wins
    ]),
  );
  const c = play(base, 'round-c', ['h', 'h', 'g', 'h'], script([{ 0: 2, 1: 2, 2: 0, 3: 2 }]));

  it('counts rounds played including the round of elimination, ties adding rounds', () => {
    expect(finalState(a)!.rounds.map((r) => r.eliminated)).toEqual([0, 2]);
    expect(finalState(b)!.rounds.map((r) => r.eliminated)).toEqual([null, 0, 1]);
    expect(finalState(b)!.result!.winners).toBe('spy');
    expect(finalState(c)!.rounds.map((r) => r.eliminated)).toEqual([2]);
    const r = analyseSpy([a, b, c]);
    const guest = r.outcomes.find((o) => o.agentId === 'g')!;
    expect(guest).toMatchObject({ role: 'spy', matches: 3, seats: 3, win: { k: 1, n: 3 } });
    expect(guest.round.mean).toBeCloseTo(2);
    expect(guest.voted.mean).toBeCloseTo(14 / 9);
    // Each match alone: 2, 3 and 1 rounds.
    expect([a, b, c].map((m) => analyseSpy([m]).outcomes.find((o) => o.agentId === 'g')!.round.mean)).toEqual([
      2, 3, 1,
    ]);
    // The hosts: A seats 0,1,3 → 1, 2, 2; B → 2, 3, 3; C → 1, 1, 1: 16 rounds over 9 seats.
    expect(r.outcomes.find((o) => o.agentId === 'h')!.round.mean).toBeCloseTo(16 / 9);
  });
});

describe('Table 7 per role and preset, the guest as spy first', () => {
  // Two spygame matches and one undercover match; agent g is the spy in one spygame match and a villager in the others.
  const probe = (seat: number, s: SpyState): SpyAction => ({
    type: 'probe',
    self: seat === 2 ? 'spy' : 'villager',
    others: s.alive.flatMap((alive, o) =>
      alive && o !== seat
        ? [{ seat: o, word: s.words[o]!, role: s.spies.includes(o) ? ('spy' as const) : ('villager' as const) }]
        : [],
    ),
    theirGuess: { word: s.words[seat]!, role: s.spies.includes(seat) ? 'spy' : 'villager' },
  });
  const decide: Decide = (s, seat) =>
    s.phase === 'speak'
      ? speak(s, seat)
      : s.phase === 'probe'
        ? probe(seat, s)
        : { type: 'vote', target: seat === 2 ? 0 : 2 };
  const m1 = play({ pairId: 'moon-sun', spySeats: [2] }, 't7-1', ['g', 'h', 'g2', 'h'], decide);
  const m2 = play({ pairId: 'moon-sun', spySeats: [2] }, 't7-2', ['h', 'g', 'h2', 'h'], decide);
  const m3 = play(
    { pairId: 'moon-sun', spySeats: [2], preset: 'undercover' },
    't7-3',
    ['h', 'g', 'h2', 'h', 'h'],
    decide,
  );
  const r = analyseSpy([m1, m2, m3]);

  it('keeps roles and presets apart, spies first', () => {
    expect(r.probes.map((p) => [p.role, p.preset, p.agentId, p.answers])).toEqual([
      ['spy', 'spygame', 'g2', 1],
      ['spy', 'spygame', 'h2', 1],
      ['spy', 'undercover', 'h2', 1],
      ['villager', 'spygame', 'g', 2],
      ['villager', 'spygame', 'h', 4],
      ['villager', 'undercover', 'g', 1],
      ['villager', 'undercover', 'h', 3],
    ]);
    expect(r.probes.find((p) => p.role === 'spy' && p.preset === 'undercover')!.voting).toBe('sealed');
    // Everyone told the truth: every share is 1, the second order counted once per other player (3, or 4 with five).
    const g = r.probes.find((p) => p.agentId === 'g' && p.preset === 'undercover')!;
    expect(g.word2).toMatchObject({ k: 4, n: 4 });
    expect(g.word1).toMatchObject({ k: 4, n: 4 });
  });
});

describe('host/guest: matches, not seats', () => {
  // Eight matches of four players: the spy (seat 2) is voted out in round one every time; agent h holds the three
  // villager seats of every match.
  const decide: Decide = (s, seat) =>
    s.phase === 'speak'
      ? speak(s, seat)
      : s.phase === 'probe'
        ? { type: 'probe', self: seat === 2 ? 'spy' : 'villager', others: [], theirGuess: {} }
        : { type: 'vote', target: seat === 2 ? 0 : 2 };
  const matches = Array.from({ length: 8 }, (_, i) =>
    play({ pairId: 'moon-sun', spySeats: [2] }, `hg${i}`, ['h', 'h', 'g', 'h'], decide),
  );
  const r = analyseSpy(matches);
  const row = (agent: string, role: string) => r.outcomes.find((o) => o.agentId === agent && o.role === role)!;

  it('counts 8 matches and 24 seats for the hosts, and the win rate over the 8 matches', () => {
    expect(r.matches).toBe(8);
    expect(row('h', 'villager')).toMatchObject({ matches: 8, seats: 24, win: { k: 8, n: 8, mean: 1 } });
    expect(row('g', 'spy')).toMatchObject({ matches: 8, seats: 8, win: { k: 0, n: 8, mean: 0 } });
  });

  it('gives Wilson intervals by the formula: 8 of 8 is [8/(8 + z²), 1] = [0.6756, 1], 0 of 8 is [0, 0.3244], never 100%–100% or 0%–0%', () => {
    expect(row('h', 'villager').win.ci95).toEqual([expect.closeTo(0.6756, 4), 1]);
    expect(row('g', 'spy').win.ci95).toEqual([0, expect.closeTo(0.3244, 4)]);
    // Probe self-identity: every answer right, 24 of h's (3 per match): [24/(24 + z²), 1].
    const self = r.probes.find((p) => p.agentId === 'h')!.self;
    expect(self).toMatchObject({ k: 24, n: 24, mean: 1 });
    expect(self.ci95).toEqual([expect.closeTo(0.862, 4), 1]);
  });
});

describe('description consistency', () => {
  it('summarises the judge’s verdicts per agent, role and judge, leaving out missing verdicts', () => {
    const decide: Decide = (s, seat) =>
      s.phase === 'speak'
        ? speak(s, seat)
        : s.phase === 'probe'
          ? { type: 'probe', others: [], theirGuess: {} }
          : { type: 'vote', target: seat === 2 ? 0 : 2 };
    const base = play({ pairId: 'moon-sun', spySeats: [2], probes: false }, 'judged', ['a', 'a', 'spy', 'b'], decide);
    const s = finalState(base)!;
    const item = (seat: number) => s.descriptions.findIndex((d) => d.seat === seat);
    const m = {
      ...base,
      judgments: [
        { item: item(0), judgeName: 'J', score: 5, consistent: true },
        { item: item(1), judgeName: 'J', score: 2, consistent: false },
        { item: item(2), judgeName: 'J', score: 4, consistent: true },
        { item: item(3), judgeName: 'J', score: null, consistent: null },
        { item: item(0), judgeName: 'K', score: 1, consistent: false },
      ],
    };
    const r = analyseSpy([m]).consistency;
    expect(r.map((c) => [c.judgeName, c.agentId, c.role, c.judged, c.score.mean, c.consistent.chosen])).toEqual([
      ['J', 'a', 'villager', 2, 3.5, 1],
      ['J', 'spy', 'spy', 1, 4, 1],
      ['K', 'a', 'villager', 1, 1, 0],
    ]);
    expect(analyseSpy([base]).consistency).toEqual([]);
  });
});

describe('calibration (content-free) bias tables', () => {
  const agents = ['r', 'r', 'r', 'r', 'r'];
  const randomVoter =
    (seed: string): Decide =>
    (s, seat) =>
      createRng(`${seed}:${s.round}:${seat}:${s.ballot?.kind}`).pick(legalActions(s, seat)!);
  const firstOption: Decide = (s, seat) => legalActions(s, seat)![0]!;

  it('an unbiased (random) voter comes out uniform by option place, speaking place and name, within tolerance', () => {
    const matches = Array.from({ length: 400 }, (_, i) =>
      play({ contentFree: true, naming: 'first-names' }, `cal${i}`, agents, randomVoter(`v${i}`)),
    );
    const r = analyseSpy(matches);
    expect(r.calibrationMatches).toBe(400);
    expect(r.matches).toBe(0);
    const row = r.bias.find((b) => b.agentId === 'r')!;
    expect(row).toMatchObject({ naming: 'first-names', numPlayers: 5, ballots: 2000, uniform: 0.25 });
    expect(row.byOption).toHaveLength(4);
    for (const x of row.byOption) expect(Math.abs(x.rate - 0.25)).toBeLessThan(0.04);
    expect(row.bySpeaking).toHaveLength(5);
    for (const x of row.bySpeaking) expect(Math.abs(x.rate - 0.25)).toBeLessThan(0.04);
    expect(row.byName.length).toBeGreaterThan(5);
    for (const x of row.byName) if (x.rate.offered > 400) expect(Math.abs(x.rate.rate - 0.25)).toBeLessThan(0.08);
  });

  it('a voter that always takes the first option shows it plainly', () => {
    const matches = Array.from({ length: 40 }, (_, i) =>
      play({ contentFree: true }, `first${i}`, ['f', 'f', 'f', 'f'], firstOption),
    );
    const row = analyseSpy(matches).bias.find((b) => b.agentId === 'f')!;
    expect(row.byOption.map((x) => x.rate)).toEqual([1, 0, 0]);
    expect(row.byOption[0]!.ci95[0]).toBeGreaterThan(0.9);
    // The option order is shuffled, so the same voter is unbiased by speaking place.
    for (const x of row.bySpeaking) expect(x.rate).toBeGreaterThan(0.15);
  });

  it('Wilson intervals cover the rate and stay in [0, 1]', () => {
    expect(wilsonInterval(0, 10)[0]).toBe(0);
    expect(wilsonInterval(10, 10)[1]).toBe(1);
    const [lo, hi] = wilsonInterval(25, 100);
    expect(lo).toBeLessThan(0.25);
    expect(hi).toBeGreaterThan(0.25);
  });
});
