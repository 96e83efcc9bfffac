// Bargain rules: seeded setup, legality and rejections, deals and their split, running out of rounds, hidden views,
// the reveal, log lines, secrets, move metrics and conformance.
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import { createRng } from '../../lib/engine/rng';
import { bargain } from './index';
import {
  ITEMS,
  activeSeats,
  apply,
  configSchema,
  describe as describeMove,
  items,
  legalActions,
  makeState,
  moveMetrics,
  outcome,
  poolOptions,
  reject,
  secrets,
  setup,
  valuations,
  valueOf,
  view,
  type BargainAction,
  type BargainState,
} from './rules';

const take = (hats: number, balls: number, apples: number, message?: string): BargainAction => ({
  type: 'propose',
  hats,
  balls,
  apples,
  ...(message !== undefined ? { message } : {}),
});
const DEAL: BargainAction = { type: 'deal' };
/** 1 hat, 2 balls, 3 apples; Player 1 values them 8/1/0, Player 2 4/0/2 (10 in all for each). */
const COUNTS = items(1, 2, 3);
const VALUES = [items(8, 1, 0), items(4, 0, 2)];
const fresh = (maxRounds = 10) => makeState(COUNTS, VALUES, { maxRounds });
/** Plays the moves in order, seat 0 first, alternating. */
const play = (moves: BargainAction[], from: BargainState = fresh()) =>
  moves.reduce((s, a, i) => apply(s, i % 2, a), from);
const CARD_1 = "Player 1's values: hat 8, ball 1, apple 0";
const CARD_2 = "Player 2's values: hat 4, ball 0, apple 2";

describe('setup', () => {
  it('is deterministic per seed and varies between seeds', () => {
    expect(setup(createRng('a'))).toEqual(setup(createRng('a')));
    const dealt = new Set(Array.from({ length: 40 }, (_, i) => JSON.stringify(setup(createRng(`s${i}`)))));
    expect(dealt.size).toBeGreaterThan(35);
  });

  it('draws 5-7 items, 1-4 of each type, and values worth the same total to both players', () => {
    const pools = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const s = setup(createRng(`deal-${i}`));
      const n = s.counts.hats + s.counts.balls + s.counts.apples;
      expect(n).toBeGreaterThanOrEqual(5);
      expect(n).toBeLessThanOrEqual(7);
      for (const item of ITEMS) expect(s.counts[item] >= 1 && s.counts[item] <= 4).toBe(true);
      expect(s.total).toBe(10);
      for (const v of s.values) {
        expect(valueOf(v, s.counts)).toBe(10);
        for (const item of ITEMS) expect(Number.isInteger(v[item]) && v[item] >= 0).toBe(true);
        expect(ITEMS.some((item) => v[item] > 0)).toBe(true);
      }
      // Every item type is worth something to at least one player.
      for (const item of ITEMS) expect(s.values[0]![item] + s.values[1]![item]).toBeGreaterThan(0);
      expect(s.turns).toEqual([]);
      expect(s.maxRounds).toBe(10);
      pools.add(JSON.stringify(s.counts));
    }
    expect(pools.size).toBeGreaterThan(15);
  });

  it('follows the config: another total and another number of rounds', () => {
    for (let i = 0; i < 50; i++) {
      const s = setup(createRng(`cfg-${i}`), { total: 17, maxRounds: 4 });
      expect(s.maxRounds).toBe(4);
      expect(s.values.map((v) => valueOf(v, s.counts))).toEqual([17, 17]);
    }
  });

  it('has a zod config with defaults', () => {
    expect(configSchema.parse({})).toEqual({ maxRounds: 10, total: 10 });
    // A round is a turn of each player, so one round already allows a deal (Player 1 proposes, Player 2 accepts).
    expect(configSchema.safeParse({ maxRounds: 1 }).success).toBe(true);
    expect(configSchema.safeParse({ maxRounds: 0 }).success).toBe(false);
    expect(configSchema.safeParse({ total: 0 }).success).toBe(false);
    expect(configSchema.safeParse({ rounds: 3 }).success).toBe(false);
    expect(bargain.configSchema.parse(bargain.defaultConfig)).toEqual({ maxRounds: 10, total: 10 });
  });

  it('lists only pools some valuation can make worth the total', () => {
    expect(valuations(items(2, 2, 2), 10).every((v) => v.hats + v.balls + v.apples === 5)).toBe(true);
    expect(valuations(items(2, 2, 2), 9)).toEqual([]);
    expect(poolOptions(9).some((p) => p.hats % 2 === 0 && p.balls % 2 === 0 && p.apples % 2 === 0)).toBe(false);
    expect(poolOptions(10)).toHaveLength(28);
  });

  it('uses only the given rng and config (the game def passes them through)', () => {
    const s = bargain.setup({ numPlayers: 2, config: { maxRounds: 6, total: 10 }, rng: createRng('x') });
    expect(s).toEqual(setup(createRng('x'), { maxRounds: 6 }));
  });
});

describe('turns and legal actions', () => {
  it('seat 0 proposes first; Deal is legal only with a proposal on the table', () => {
    const s0 = fresh();
    const legal0 = legalActions(s0, 0);
    expect(legal0).toHaveLength(2 * 3 * 4);
    expect(legal0[0]).toEqual(take(0, 0, 0));
    expect(legal0.at(-1)).toEqual(take(1, 2, 3));
    expect(legal0).not.toContainEqual(DEAL);
    expect(legalActions(s0, 1)).toEqual([]);
    const s1 = play([take(1, 0, 0)]);
    const legal1 = legalActions(s1, 1);
    expect(legal1[0]).toEqual(DEAL);
    expect(legal1).toHaveLength(1 + 24);
    expect(legalActions(s1, 0)).toEqual([]);
    expect(activeSeats(s1)).toEqual([1]);
  });

  it('rejects with words a player can act on', () => {
    const s0 = fresh();
    expect(bargain.reject(s0, 1, take(0, 0, 0))).toBe('it is not your turn: Player 1 is to move');
    expect(reject(s0, 0, DEAL)).toMatch(/^there is no proposal from Player 2 to accept yet: make the first proposal/);
    expect(reject(s0, 0, take(0, 3, 0))).toBe('there are only 2 balls: take 0 to 2');
    expect(reject(s0, 0, take(2, 0, 0))).toBe('there is only 1 hat: take 0 to 1');
    expect(reject(s0, 0, take(0, 0, -1))).toBe('you cannot take -1 apples: take 0 to 3');
    expect(reject(s0, 0, take(0, 1.5, 0))).toBe('take a whole number of balls, from 0 to 2 (got 1.5)');
    expect(reject(s0, 0, take(0, 0, 0, 'x'.repeat(501)))).toBe(
      'your message is 501 characters long; the limit is 500: shorten it',
    );
    expect(reject(s0, 0, take(0, 0, 0, 'x'.repeat(500)))).toBeNull();
    // Whitespace is collapsed before the length is measured.
    expect(reject(s0, 0, take(0, 0, 0, `${'x'.repeat(250)}          ${'y'.repeat(249)}`))).toBeNull();
    expect(reject(s0, 0, { type: 'pass' } as never)).toMatch(/either a proposal/);
    const s1 = play([take(1, 0, 0)]);
    expect(bargain.reject(s1, 0, take(0, 0, 0))).toBe('it is not your turn: Player 2 is to move');
    expect(bargain.reject(s1, 1, DEAL)).toBeNull();
    const done = play([take(1, 0, 0), DEAL]);
    expect(bargain.reject(done, 0, take(0, 0, 0))).toBe('the game is over');
    expect(bargain.reject(done, 1, DEAL)).toBe('the game is over');
  });

  it('apply stores the message as one trimmed line and never changes the previous state', () => {
    const s = fresh();
    const copy = structuredClone(s);
    const next = apply(s, 0, take(1, 0, 0, '  I need\n the   hat.  '));
    expect(s).toEqual(copy);
    expect(next.turns).toEqual([{ seat: 0, type: 'propose', take: items(1, 0, 0), message: 'I need the hat.' }]);
    expect(apply(s, 0, take(1, 0, 0, '   ')).turns[0]).toEqual({
      seat: 0,
      type: 'propose',
      take: items(1, 0, 0),
      message: null,
    });
  });
});

describe('deals', () => {
  it('splits the pool as the accepted proposal says and scores each share by its owner’s values', () => {
    // Player 1 takes the hat; Player 2 accepts and gets 2 balls and 3 apples.
    const s = play([take(1, 0, 0), DEAL]);
    const o = outcome(s)!;
    expect(o.rewards).toEqual([8, 6]);
    expect(o.winner).toBe(0);
    expect(o.scores).toEqual([1, 0]);
    expect(o.reason).toBe(
      "Deal in round 1 on Player 1's proposal: Player 1 gets 1 hat, 0 balls and 0 apples, worth 8 to them; Player 2 gets 0 hats, 2 balls and 3 apples, worth 6 to them; joint value 14. Player 1 wins",
    );
    expect(activeSeats(s)).toEqual([]);
    expect(legalActions(s, 0)).toEqual([]);
    expect(legalActions(s, 1)).toEqual([]);
  });

  it('a deal on Player 2’s proposal gives Player 2 what it took', () => {
    const s = play([take(1, 2, 3), take(1, 0, 3), DEAL]);
    const o = outcome(s)!;
    // Player 2 takes 1 hat and 3 apples (4 + 6 = 10), Player 1 gets 2 balls (2).
    expect(o.rewards).toEqual([2, 10]);
    expect(o.winner).toBe(1);
    expect(o.scores).toEqual([0, 1]);
    // Turns 1-2 are round 1; Player 1's Deal on turn 3 is in round 2.
    expect(o.reason).toMatch(/^Deal in round 2 on Player 2's proposal: .*joint value 12\. Player 2 wins$/);
  });

  it('equal values are a tie', () => {
    // 2 of each item; each player takes one of each, worth 1 + 2 + 2 = 5 to Player 1 and 2 + 2 + 1 = 5 to Player 2.
    const s = makeState(items(2, 2, 2), [items(1, 2, 2), items(2, 2, 1)]);
    const done = play([take(1, 1, 1), DEAL], s);
    expect(outcome(done)).toEqual({
      scores: [0.5, 0.5],
      winner: null,
      rewards: [5, 5],
      reason: expect.stringMatching(/joint value 10\. Equal values: a tie$/),
    });
  });
});

describe('running out of rounds (a round is a turn of each player, as in LLMArena)', () => {
  // Updated for issue 17: a round used to be one turn (10 rounds = 10 turns); it is now both players moving.
  it('10 rounds are 20 turns: no deal after Player 2’s turn in round 10, both get nothing, a draw', () => {
    const moves = Array.from({ length: 20 }, () => take(1, 1, 1));
    const tenth = play(moves.slice(0, 10));
    expect(outcome(tenth)).toBeNull();
    expect(view(tenth, { seat: 0 })).toMatchObject({ round: 6, roundsLeft: 5, turnsLeft: 10, toMove: 0 });
    const before = play(moves.slice(0, 19));
    expect(outcome(before)).toBeNull();
    expect(activeSeats(before)).toEqual([1]);
    expect(view(before, { seat: 1 })).toMatchObject({ round: 10, roundsLeft: 1, turnsLeft: 1 });
    const s = play(moves);
    expect(outcome(s)).toEqual({
      scores: [0.5, 0.5],
      winner: null,
      rewards: [0, 0],
      reason: 'No deal after 10 rounds: both get nothing',
    });
    expect(activeSeats(s)).toEqual([]);
    expect(view(s, { seat: 0 })).toMatchObject({ round: 10, roundsLeft: 0, turnsLeft: 0 });
  });

  it('each player makes up to 10 proposals', () => {
    const moves = Array.from({ length: 20 }, () => take(1, 1, 1));
    expect(play(moves).turns.filter((t) => t.seat === 0)).toHaveLength(10);
    expect(play(moves).turns.filter((t) => t.seat === 1)).toHaveLength(10);
  });

  it('a deal on the very last turn (Player 2 in round 10) still counts', () => {
    const moves = [...Array.from({ length: 19 }, () => take(1, 1, 1)), DEAL];
    const o = outcome(play(moves))!;
    // Player 1 proposed last (round 10): Player 1 gets 1 hat, 1 ball, 1 apple = 9; Player 2 gets 1 ball, 2 apples = 4.
    expect(o.rewards).toEqual([9, 4]);
    expect(o.reason).toMatch(/^Deal in round 10 on Player 1's proposal/);
  });

  it('a deal by Player 1 in round 10 counts too', () => {
    const moves = [...Array.from({ length: 18 }, () => take(1, 1, 1)), DEAL];
    expect(outcome(play(moves))!.reason).toMatch(/^Deal in round 10 on Player 2's proposal/);
  });

  it('respects a shorter game', () => {
    const two = fresh(2);
    expect(outcome(play([take(1, 0, 0), take(0, 2, 3)], two))).toBeNull();
    const s = play([take(1, 0, 0), take(0, 2, 3), take(1, 1, 0), take(0, 1, 3)], two);
    expect(outcome(s)!.reason).toBe('No deal after 2 rounds: both get nothing');
    expect(outcome(play([take(1, 0, 0), take(0, 2, 3)], fresh(1)))!.reason).toBe(
      'No deal after 1 round: both get nothing',
    );
  });

  it('a match stored when a round was one turn keeps its length through turnLimit (set by migration 0013)', () => {
    // Old maxRounds 9 meant 9 turns: stored as { maxRounds: 5, turnLimit: 9 }.
    const old = makeState(COUNTS, VALUES, { maxRounds: 5, turnLimit: 9 });
    const moves = Array.from({ length: 9 }, () => take(1, 1, 1));
    expect(outcome(play(moves.slice(0, 8), old))).toBeNull();
    expect(view(play(moves.slice(0, 8), old), { seat: 0 })).toMatchObject({ round: 5, roundsLeft: 1, turnsLeft: 1 });
    expect(view(play(moves.slice(0, 7), old), { seat: 1 })).toMatchObject({ round: 4, roundsLeft: 2, turnsLeft: 2 });
    expect(outcome(play(moves, old))!.reason).toBe('No deal after 9 turns: both get nothing');
    expect(configSchema.parse({ maxRounds: 5, turnLimit: 9 })).toEqual({ maxRounds: 5, total: 10, turnLimit: 9 });
  });

  it('replays identically from the same seed and moves (determinism)', () => {
    const run = (seed: string) => {
      const rng = createRng(seed);
      let s = setup(rng);
      const trace: BargainAction[] = [];
      while (!outcome(s)) {
        const seat = activeSeats(s)[0]!;
        const a = rng.pick(legalActions(s, seat));
        trace.push(a);
        s = apply(s, seat, a);
      }
      return { s, trace };
    };
    expect(run('det-1')).toEqual(run('det-1'));
    expect(run('det-1')).not.toEqual(run('det-2'));
  });
});

describe('views', () => {
  const running = play([take(1, 2, 0, 'I need the hat.')]);

  it('a seat sees its own values and card, never the other seat’s, while the game runs', () => {
    const v0 = view(running, { seat: 0 });
    expect(v0.values).toEqual([VALUES[0], null]);
    expect(v0.valueCards).toEqual([CARD_1, null]);
    expect(v0.viewer).toBe(0);
    expect(v0.counts).toEqual(COUNTS);
    expect(v0.total).toBe(10);
    // Player 2's turn in round 1: both of round 1's turns are Player 1's proposal and this one.
    expect(v0.round).toBe(1);
    expect(v0.roundsLeft).toBe(10);
    expect(v0.turnsLeft).toBe(19);
    expect(v0.toMove).toBe(1);
    expect(v0.offer).toEqual({ seat: 0, take: items(1, 2, 0), give: items(0, 0, 3), message: 'I need the hat.' });
    expect(v0.result).toBeNull();
    expect(v0.rewards).toBeNull();
    const v1 = view(running, { seat: 1 });
    expect(v1.values).toEqual([null, VALUES[1]]);
    expect(v1.valueCards).toEqual([null, CARD_2]);
    expect(JSON.stringify(v0)).not.toContain(CARD_2);
    expect(JSON.stringify(v1)).not.toContain(CARD_1);
  });

  it('a spectator sees the pool, the proposals and the messages only', () => {
    const v = view(running, { spectator: true });
    expect(v.values).toEqual([null, null]);
    expect(v.valueCards).toEqual([null, null]);
    expect(v.turns).toEqual(running.turns);
    expect(JSON.stringify(v)).not.toMatch(/values:/);
  });

  it('the omniscient viewer sees everything', () => {
    const v = view(running, { omniscient: true });
    expect(v.values).toEqual(VALUES);
    expect(v.valueCards).toEqual([CARD_1, CARD_2]);
  });

  it('reveals both valuations to everyone once the game is over, with the deal and the rewards', () => {
    const over = play([take(1, 0, 0), DEAL]);
    for (const viewer of [{ seat: 0 }, { seat: 1 }, { spectator: true as const }]) {
      const v = view(over, viewer);
      expect(v.values).toEqual(VALUES);
      expect(v.toMove).toBeNull();
      expect(v.offer).toBeNull();
      expect(v.roundsLeft).toBe(0);
      expect(v.turnsLeft).toBe(0);
      expect(v.round).toBe(1);
      expect(v.deal).toEqual({ proposer: 0, shares: [items(1, 0, 0), items(0, 2, 3)] });
      expect(v.rewards).toEqual([8, 6]);
      expect(v.winner).toBe(0);
      expect(v.result).toMatch(/^Deal in round 1 /);
    }
  });

  it('views are copies: changing one does not change the state', () => {
    const v = view(running, { omniscient: true });
    v.values[0]!.hats = 99;
    v.counts.hats = 99;
    (v.turns[0] as { take: { hats: number } }).take.hats = 99;
    expect(running.values[0]!.hats).toBe(8);
    expect(running.counts.hats).toBe(1);
    expect((running.turns[0] as { take: { hats: number } }).take.hats).toBe(1);
  });
});

describe('describe', () => {
  it('writes public lines with the proposal and the message, without values, while the game runs', () => {
    const s = fresh();
    const lines = describeMove(s, apply(s, 0, take(1, 2, 0, 'hi  there')), 0, take(1, 2, 0, 'hi  there'));
    expect(lines).toEqual([
      {
        text: 'Player 1 proposes to take 1 hat, 2 balls and 0 apples, leaving 0 hats, 0 balls and 3 apples to Player 2: “hi there”',
      },
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/values/);
  });

  it('announces the deal and reveals both valuations at the end', () => {
    const s = play([take(1, 0, 0)]);
    const lines = describeMove(s, apply(s, 1, DEAL), 1, DEAL);
    expect(lines[0]).toEqual({ text: "Player 2 accepts Player 1's proposal: deal" });
    expect(lines[1]!.text).toMatch(/^Deal in round 1 on Player 1's proposal/);
    expect(lines[1]!.text).toContain(CARD_1);
    expect(lines[1]!.text).toContain(CARD_2);
    expect(lines.every((l) => l.visibleTo === undefined)).toBe(true);
  });

  it('announces the end without a deal', () => {
    const s = play(Array.from({ length: 19 }, () => take(0, 0, 0)));
    const lines = describeMove(s, apply(s, 1, take(1, 1, 1)), 1, take(1, 1, 1));
    expect(lines).toHaveLength(2);
    expect(lines[1]!.text).toMatch(/^No deal after 10 rounds: both get nothing\. Revealed: /);
  });
});

describe('secrets', () => {
  it('lists each seat’s value card while the game runs, nothing after', () => {
    expect(secrets(fresh())).toEqual([
      { seat: 0, values: [CARD_1] },
      { seat: 1, values: [CARD_2] },
    ]);
    expect(secrets(play([take(1, 0, 0), DEAL]))).toEqual([]);
    expect(bargain.secrets).toBe(secrets);
  });

  it('cards name their owner, so equal valuations do not look leaked', () => {
    const s = makeState(items(2, 2, 2), [items(1, 2, 2), items(1, 2, 2)]);
    const [a, b] = secrets(s);
    expect(a!.values[0]).not.toBe(b!.values[0]);
    expect(JSON.stringify(view(s, { seat: 1 }))).not.toContain(a!.values[0]);
  });

  it('no seat or spectator view ever holds another seat’s values, over many seeded games', () => {
    for (let i = 0; i < 100; i++) {
      const rng = createRng(`secrets-${i}`);
      let s = setup(rng);
      while (outcome(s) === null) {
        for (const { seat, values } of secrets(s)) {
          for (const v of [{ seat: 1 - seat }, { spectator: true as const }]) {
            const json = JSON.stringify(view(s, v));
            for (const secret of values) expect(json).not.toContain(secret);
            // The values themselves are hidden too (checked on the field: digits appear everywhere in a view).
            expect(view(s, v).values[seat]).toBeNull();
          }
        }
        const seat = activeSeats(s)[0]!;
        s = apply(s, seat, rng.pick(legalActions(s, seat)));
      }
    }
  });
});

describe('moveMetrics', () => {
  it('gives the mover’s value, the other’s value and the items offered for a proposal', () => {
    const s = fresh();
    const a = take(1, 2, 0);
    expect(moveMetrics(s, apply(s, 0, a), 0, a)).toEqual({ ownValue: 10, otherValue: 6, itemsOffered: 3 });
    expect(bargain.moveMetrics!(s, apply(s, 0, a), 0, a, createRng('m'))).toEqual({
      ownValue: 10,
      otherValue: 6,
      itemsOffered: 3,
    });
  });

  it('gives what the accepting seat receives and what the proposer keeps for a deal', () => {
    const s = play([take(1, 0, 0)]);
    expect(moveMetrics(s, apply(s, 1, DEAL), 1, DEAL)).toEqual({ ownValue: 6, otherValue: 8 });
  });
});

describe('conformance', () => {
  it('keeps the game contract', () => {
    expect(checkConformance(bargain, { seeds: 50 })).toEqual([]);
  });

  it('keeps it with a short game and another total', () => {
    expect(checkConformance(bargain, { seeds: 20, config: { maxRounds: 3, total: 17 } })).toEqual([]);
  });
});
