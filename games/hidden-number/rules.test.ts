// Hidden number rules: seeded setup, legality and rejections, feedback, winning, hidden views, reveal, secrets and conformance.
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import { createRng } from '../../lib/engine/rng';
import { hiddenNumber } from './index';
import {
  apply,
  describe as describeMove,
  legalActions,
  makeState,
  outcome,
  reject,
  secrets,
  setup,
  view,
  type HiddenNumberState,
} from './rules';

const guess = (n: number) => ({ type: 'guess' as const, n });
/** Player 1 holds 3, Player 2 holds 7. */
const TAGS = ['TAG-AAAQQQ', 'TAG-ZZZWWW'];
const fresh = () => makeState([3, 7], TAGS);
/** Plays the guesses in order, seat 0 first, alternating. */
const play = (ns: number[], from: HiddenNumberState = fresh()) =>
  ns.reduce((s, n, i) => apply(s, i % 2, guess(n)), from);

describe('setup', () => {
  it('is deterministic per seed and varies between seeds', () => {
    expect(setup(createRng('a'))).toEqual(setup(createRng('a')));
    const dealt = new Set(Array.from({ length: 30 }, (_, i) => JSON.stringify(setup(createRng(`s${i}`)))));
    expect(dealt.size).toBe(30);
  });

  it('deals numbers 1-9 and distinct letter-only tags, seat 0 to move, no guesses', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const s = setup(createRng(`deal-${i}`));
      expect(s.numbers).toHaveLength(2);
      expect(s.guesses).toEqual([]);
      expect(s.toMove).toBe(0);
      for (const n of s.numbers) {
        expect(Number.isInteger(n) && n >= 1 && n <= 9).toBe(true);
        seen.add(n);
      }
      for (const t of s.tags) expect(t).toMatch(/^TAG-[A-Z]{6}$/);
      expect(s.tags[0]).not.toBe(s.tags[1]);
    }
    expect(seen.size).toBe(9);
  });

  it('uses only the given rng (the game def passes it through)', () => {
    const s = hiddenNumber.setup({ numPlayers: 2, config: {}, rng: createRng('x') });
    expect(s).toEqual(setup(createRng('x')));
  });
});

describe('guesses and feedback', () => {
  it('gives too low, too high and correct against the other seat’s number', () => {
    const s = play([5, 5, 2, 8]);
    expect(s.guesses).toEqual([
      { seat: 0, n: 5, feedback: 'too low' }, // Player 2 holds 7
      { seat: 1, n: 5, feedback: 'too high' }, // Player 1 holds 3
      { seat: 0, n: 2, feedback: 'too low' },
      { seat: 1, n: 8, feedback: 'too high' },
    ]);
    expect(outcome(s)).toBeNull();
  });

  it('a correct guess wins for Player 1 with scores [1, 0]', () => {
    const s = play([5, 5, 7]);
    expect(s.guesses.at(-1)).toEqual({ seat: 0, n: 7, feedback: 'correct' });
    expect(outcome(s)).toEqual({ scores: [1, 0], winner: 0, reason: "Player 1 guessed Player 2's number, 7" });
    expect(legalActions(s, 0)).toEqual([]);
    expect(legalActions(s, 1)).toEqual([]);
    expect(hiddenNumber.activeSeats(s)).toEqual([]);
    expect(hiddenNumber.reject(s, 1, guess(3))).toBe('the game is over');
  });

  it('a correct guess wins for Player 2 with scores [0, 1]', () => {
    const s = play([1, 3]);
    expect(outcome(s)).toEqual({ scores: [0, 1], winner: 1, reason: "Player 2 guessed Player 1's number, 3" });
  });

  it('is total: nobody able to guess is a draw', () => {
    // Numbers outside 1-9 cannot be dealt, but the rules must still end.
    let s = makeState([0, 0], TAGS);
    for (let i = 0; i < 18; i++) s = apply(s, s.toMove, legalActions(s, s.toMove)[0]!);
    expect(outcome(s)).toEqual({ scores: [0.5, 0.5], winner: null, reason: expect.stringMatching(/draw/) });
  });
});

describe('turn order and legality', () => {
  it('seat 0 moves first, then the seats alternate', () => {
    const s0 = fresh();
    expect(legalActions(s0, 0)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map(guess));
    expect(legalActions(s0, 1)).toEqual([]);
    expect(hiddenNumber.reject(s0, 1, guess(4))).toBe('it is not your turn: Player 1 is to move');
    const s1 = apply(s0, 0, guess(4));
    expect(s1.toMove).toBe(1);
    expect(hiddenNumber.reject(s1, 0, guess(5))).toBe('it is not your turn: Player 2 is to move');
    expect(hiddenNumber.reject(s1, 1, guess(4))).toBeNull(); // the other seat may guess the same number
  });

  it('legal moves are the numbers the seat has not guessed yet', () => {
    const s = play([5, 5, 2, 8]);
    expect(legalActions(s, 0)).toEqual([1, 3, 4, 6, 7, 8, 9].map(guess));
  });

  it('rejects repeats and numbers outside 1-9 with words a player can act on', () => {
    const s = play([5, 4]);
    expect(reject(s, 0, guess(5))).toMatch(/^you already guessed 5 \(it was too low\)/);
    for (const n of [0, 10, -3, 4.5, Number.NaN])
      expect(reject(s, 0, guess(n))).toMatch(/^guess a whole number from 1 to 9/);
    expect(reject(s, 0, { type: 'pass' } as never)).toMatch(/only action is a guess/);
  });

  it('apply plays a move reject accepted and never changes the previous state', () => {
    const s = play([5]);
    const copy = structuredClone(s);
    const next = apply(s, 1, guess(2));
    expect(s).toEqual(copy);
    expect(next.guesses).toHaveLength(2);
  });
});

describe('views', () => {
  const running = play([5, 5]);

  it('a seat sees its own number and tag, never the other seat’s, while the game runs', () => {
    const v0 = view(running, { seat: 0 });
    expect(v0).toEqual({
      viewer: 0,
      numbers: [3, null],
      tags: ['TAG-AAAQQQ', null],
      guesses: running.guesses,
      toMove: 0,
      result: null,
      winner: null,
    });
    const v1 = view(running, { seat: 1 });
    expect(v1.numbers).toEqual([null, 7]);
    expect(v1.tags).toEqual([null, 'TAG-ZZZWWW']);
    expect(JSON.stringify(v0)).not.toContain('TAG-ZZZWWW');
    expect(JSON.stringify(v1)).not.toContain('TAG-AAAQQQ');
  });

  it('a spectator sees only the public part', () => {
    const v = view(running, { spectator: true });
    expect(v).toEqual({
      viewer: null,
      numbers: [null, null],
      tags: [null, null],
      guesses: running.guesses,
      toMove: 0,
      result: null,
      winner: null,
    });
    expect(JSON.stringify(v)).not.toMatch(/TAG-/);
  });

  it('the omniscient viewer sees everything', () => {
    const v = view(running, { omniscient: true });
    expect(v.numbers).toEqual([3, 7]);
    expect(v.tags).toEqual(TAGS);
  });

  it('reveals both numbers and tags to everyone once the game is over', () => {
    const over = play([5, 5, 7]);
    for (const viewer of [{ seat: 0 }, { seat: 1 }, { spectator: true as const }]) {
      const v = view(over, viewer);
      expect(v.numbers).toEqual([3, 7]);
      expect(v.tags).toEqual(TAGS);
      expect(v.toMove).toBeNull();
      expect(v.result).toBe("Player 1 guessed Player 2's number, 7");
      expect(v.winner).toBe(0);
    }
  });

  it('views are copies: changing one does not change the state', () => {
    const s = play([5]);
    const v = view(s, { omniscient: true });
    v.guesses[0]!.n = 9;
    v.numbers[0] = 1;
    expect(s.guesses[0]!.n).toBe(5);
    expect(s.numbers[0]).toBe(3);
  });
});

describe('describe', () => {
  it('writes public lines without private numbers or tags while the game runs', () => {
    const s = play([5]);
    const lines = describeMove(s, apply(s, 1, guess(8)), 1, guess(8));
    expect(lines).toEqual([{ text: 'Player 2 guesses 8: too high' }]);
    expect(JSON.stringify(lines)).not.toMatch(/TAG-|\b3\b|\b7\b/);
  });

  it('announces the win and reveals both numbers and tags at the end', () => {
    const s = play([5, 5]);
    const lines = describeMove(s, apply(s, 0, guess(7)), 0, guess(7));
    expect(lines[0]).toEqual({ text: 'Player 1 guesses 7: correct' });
    expect(lines[1]!.text).toContain("Player 1 guessed Player 2's number, 7");
    expect(lines[1]!.text).toContain('Player 1 had 3 (tag TAG-AAAQQQ)');
    expect(lines[1]!.text).toContain('Player 2 had 7 (tag TAG-ZZZWWW)');
  });
});

describe('secrets', () => {
  it('lists each seat’s tag (only the tag) while the game runs, nothing after', () => {
    expect(secrets(play([5]))).toEqual([
      { seat: 0, values: ['TAG-AAAQQQ'] },
      { seat: 1, values: ['TAG-ZZZWWW'] },
    ]);
    expect(secrets(play([5, 5, 7]))).toEqual([]);
    expect(hiddenNumber.secrets).toBe(secrets);
  });

  it('no seat or spectator view ever holds another seat’s secret, over many seeded games', () => {
    for (let i = 0; i < 100; i++) {
      const rng = createRng(`secrets-${i}`);
      let s = setup(rng);
      while (outcome(s) === null) {
        for (const { seat, values } of secrets(s)) {
          for (const v of [{ seat: 1 - seat }, { spectator: true as const }]) {
            const json = JSON.stringify(view(s, v));
            for (const secret of values) expect(json).not.toContain(secret);
          }
          // The private number is hidden as well (checked on the field: digits appear elsewhere in views).
          expect(view(s, { seat: 1 - seat }).numbers[seat]).toBeNull();
          expect(view(s, { spectator: true }).numbers[seat]).toBeNull();
        }
        s = apply(s, s.toMove, rng.pick(legalActions(s, s.toMove)));
      }
    }
  });
});

describe('conformance', () => {
  it('keeps the game contract', () => {
    expect(checkConformance(hiddenNumber, { seeds: 50 })).toEqual([]);
  });
});
