// DEEP rules: the seeded setup, the describer's checks, judging in a drawn order with per-judge word orders stored
// back in the canonical order, what each viewer sees (a judge never learns the target), the fallback, conformance.
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../../lib/engine/conformance';
import { createRng } from '../../lib/engine/rng';
import type { Rng, Seat } from '../../lib/engine/types';
import { deep } from './index';
import {
  activeSeats,
  apply,
  countWords,
  describe as describeMove,
  outcome,
  reject,
  setup,
  verdict,
  view,
} from './rules';
import {
  AGGRESSIVE_CHARS,
  CANDIDATE_CHARS,
  CONSERVATIVE_CHARS,
  configSchema,
  type DeepAction,
  type DeepState,
  type Item,
} from './types';
import { DEEP_WORDS } from './words';

const cfg = (c: object = {}) => configSchema.parse(c);
const start = (c: object = {}, n = 2, seed = 's') => setup(createRng(seed), cfg(c), n);

const aggressive = (text = 'A round fruit that grows on trees and keeps the doctor away'): DeepAction => ({
  type: 'aggressive',
  text,
});
const conservative = (text = 'Grows on trees', candidates = ['pear', 'plum']): DeepAction => ({
  type: 'conservative',
  candidates,
  text,
});

/** Writes every description of a state still describing. */
function describeAll(s: DeepState): DeepState {
  while (s.phase === 'describe')
    s = apply(
      s,
      0,
      s.step.mode === 'aggressive'
        ? aggressive(`Clear words number ${s.step.item}`)
        : conservative(`Vague words ${s.step.item}`, ['banana', 'mango']),
    );
  return s;
}

describe('setup', () => {
  it('draws the configured number of words, seeded, with their distractors, and fixed ids on request', () => {
    const a = start({ words: 4 });
    expect(a.items).toHaveLength(4);
    expect(start({ words: 4 })).toEqual(a);
    expect(start({ words: 4 }, 2, 'other').items.map((i) => i.wordId)).not.toEqual(a.items.map((i) => i.wordId));
    for (const it of a.items) {
      const w = DEEP_WORDS.find((x) => x.id === it.wordId)!;
      expect(it.words).toEqual([w.target, ...w.distractors]);
    }
    expect(start({ wordIds: ['apple', 'xigua'] }).items.map((i) => i.target)).toEqual(['apple', '西瓜']);
    expect(start({ lang: 'zh', words: 5 }).items.every((i) => i.lang === 'zh')).toBe(true);
  });

  it('refuses what cannot be played, with the reason', () => {
    expect(() => start({}, 1)).toThrow(/one or two judges/);
    expect(() => start({}, 4)).toThrow(/one or two judges/);
    expect(() => start({ wordIds: ['no-such-word'] })).toThrow(/no DEEP word "no-such-word"/);
    expect(configSchema.safeParse({ words: 0 }).success).toBe(false);
    expect(configSchema.safeParse({ surprise: 1 }).success).toBe(false);
  });

  it('queues every description once for judging, in a drawn order, with a word order per judge', () => {
    const s = start({ words: 5 }, 3);
    expect(s.queue).toHaveLength(10);
    expect(new Set(s.queue.map((q) => `${q.item}:${q.mode}`)).size).toBe(10);
    for (const q of s.queue) {
      expect(q.orders).toHaveLength(2);
      for (const o of q.orders) expect([...o].sort()).toEqual([0, 1, 2, 3]);
    }
    // Over many seeds the target (index 0) is shown first about a quarter of the time: its place tells nothing.
    let first = 0;
    let total = 0;
    for (let i = 0; i < 200; i++)
      for (const q of start({ words: 3 }, 2, `seed-${i}`).queue) {
        total++;
        if (q.orders[0]![0] === 0) first++;
      }
    expect(first / total).toBeGreaterThan(0.19);
    expect(first / total).toBeLessThan(0.31);
  });
});

describe('describing', () => {
  it('asks the describer for the aggressive then the conservative description of each word, then the judges', () => {
    let s = start({ words: 2 }, 3);
    expect(activeSeats(s)).toEqual([0]);
    expect(s.step).toMatchObject({ item: 0, mode: 'aggressive' });
    s = apply(s, 0, aggressive());
    expect(s.step).toMatchObject({ item: 0, mode: 'conservative' });
    s = apply(s, 0, conservative());
    expect(s.step).toMatchObject({ item: 1, mode: 'aggressive' });
    s = describeAll(s);
    expect(s.phase).toBe('judge');
    expect(activeSeats(s)).toEqual([1, 2]);
  });

  it('refuses a description that names the target, is too long, or is of the wrong kind, saying why', () => {
    const s = start({ wordIds: ['apple'] });
    expect(reject(s, 0, aggressive('Apples grow on trees'))).toMatch(/“apples”.*gives the word away/);
    expect(reject(s, 0, aggressive(Array.from({ length: 101 }, () => 'word').join(' ')))).toMatch(
      /101 words; use at most 100/,
    );
    expect(reject(s, 0, aggressive(Array.from({ length: 100 }, () => 'word').join(' ')))).toBeNull();
    expect(reject(s, 0, aggressive('   '))).toMatch(/empty/);
    expect(reject(s, 0, conservative())).toMatch(/write the aggressive description of “apple” now/);
    expect(deep.reject(s, 1, aggressive())).toBe('it is not your turn: Describer is to move');
    expect(reject(s, 0, { type: 'score', scores: [1, 2, 3, 4] })).toMatch(/you are the describer/);
    expect(reject(s, 0, { type: 'pass' })).toMatch(/passing is not a move/);
    const c = apply(s, 0, aggressive());
    expect(reject(c, 0, conservative('A fruit that grows on a tree in an orchard, sweet and crisp'))).toMatch(
      /13 words; use at most 10/,
    );
    expect(reject(c, 0, conservative('Grows on trees', ['pear']))).toMatch(/at least two candidate/);
    expect(reject(c, 0, conservative('Like an apple'))).toMatch(/gives the word away/);
    expect(reject(c, 0, conservative())).toBeNull();
  });

  it('counts a Chinese character as a word', () => {
    expect(countWords('一种夏天的水果')).toBe(7);
    expect(countWords('Big, green 西瓜 fruit!')).toBe(5);
    const s = apply(start({ wordIds: ['xigua'] }), 0, aggressive('夏天吃的大水果'));
    expect(reject(s, 0, conservative('夏天常见的圆形水果很甜很多汁', ['哈密瓜', '柚子']))).toMatch(
      /14 words; use at most 10/,
    );
    expect(reject(s, 0, conservative('夏天的水果', ['哈密瓜', '柚子']))).toBeNull();
  });

  it('skips a description the describer never gave, and ends at once when there is none', () => {
    let s = start({ words: 1 });
    s = apply(s, 0, deep.fallback(s, 0)!);
    s = apply(s, 0, conservative());
    expect(s.items[0]!.aggressive).toBeNull();
    expect(s.phase).toBe('judge');
    expect(s.queue[s.step.judging]!.mode).toBe('conservative');
    const silent = apply(apply(start({ words: 1 }), 0, { type: 'pass' }), 0, { type: 'pass' });
    expect(silent.phase).toBe('over');
    expect(outcome(silent)?.reason).toBe('0 of 2 descriptions of 1 word scored');
  });
});

describe('judging', () => {
  it('takes sealed scores from every judge in their own word order and stores them target first', () => {
    let s = describeAll(start({ words: 2 }, 3, 'judge'));
    const q = s.queue[s.step.judging]!;
    // Each judge gives 5 to the target wherever it was shown, and 1, 2, 3 to the distractors by their stored place.
    const answer = (seat: Seat) => ({
      type: 'score' as const,
      scores: q.orders[seat - 1]!.map((i) => (i === 0 ? 5 : i)),
    });
    s = apply(s, 2, answer(2));
    expect(activeSeats(s)).toEqual([1]);
    expect(deep.reject(s, 2, answer(2))).toBe('it is not your turn: Judge 1 is to move');
    s = apply(s, 1, answer(1));
    const row = s.items[q.item]!.scores[q.mode];
    expect(row).toEqual([
      [5, 1, 2, 3],
      [5, 1, 2, 3],
    ]);
    expect(s.step.judging).toBe(1);
    expect(activeSeats(s)).toEqual([1, 2]);
  });

  it('refuses scores of the wrong count, naming the words; the schema bounds them to 1–5', () => {
    const s = describeAll(start({ words: 1 }));
    expect(reject(s, 1, { type: 'score', scores: [3, 3] })).toMatch(
      /give exactly 4 scores, one per word \(.+, .+, .+, .+\)/,
    );
    expect(deep.reject(s, 0, { type: 'score', scores: [3, 3, 3, 3] })).toBe('it is not your turn: Judge 1 is to move');
    expect(reject(s, 1, aggressive())).toMatch(/you are a judge/);
    expect(deep.actionSchema.safeParse({ type: 'score', scores: [0, 3, 3, 3] }).success).toBe(false);
    expect(deep.actionSchema.safeParse({ type: 'score', scores: [6, 3, 3, 3] }).success).toBe(false);
    expect(deep.actionSchema.safeParse({ type: 'score', scores: [2.5, 3, 3, 3] }).success).toBe(false);
  });

  it('records an abstaining judge as null and finishes with equal shares and no winner', () => {
    let s = describeAll(start({ words: 1 }, 3));
    while (s.phase === 'judge') {
      s = apply(s, 1, { type: 'pass' });
      s = apply(s, 2, { type: 'score', scores: [1, 2, 3, 4] });
    }
    expect(s.items[0]!.scores.aggressive[0]).toBeNull();
    expect(s.items[0]!.scores.aggressive[1]).toHaveLength(4);
    expect(outcome(s)).toMatchObject({
      scores: [1 / 3, 1 / 3, 1 / 3],
      winner: null,
      reason: '2 of 2 descriptions of 1 word scored',
    });
    expect(Object.keys(outcome(s)!).sort()).toEqual(['reason', 'scores', 'summary', 'winner']);
    // The verdict on the describer, from the one judge who scored (its scores in its own word order).
    expect(outcome(s)!.summary).toMatch(
      /^Describer: aggressive descriptions (single out|do not single out) the target \(\d\.\d vs \d\.\d for the distractors\); conservative ones (stay vague|give the target away) \(\d\.\d vs \d\.\d\)$/,
    );
    expect(activeSeats(s)).toEqual([]);
  });
});

describe('views', () => {
  it('shows a judge one description and its own word order, never the target, the mode or the candidates', () => {
    let s = start({ wordIds: ['apple', 'piano'] }, 3);
    s = apply(s, 0, aggressive('Crisp and red, it grows in orchards'));
    s = apply(s, 0, conservative('Found in a shop', ['banana', 'mango']));
    s = describeAll(s);
    for (const judge of [1, 2]) {
      const v = view(s, { seat: judge });
      const q = s.queue[s.step.judging]!;
      expect(v.role).toBe('judge');
      expect(v.judge!.words).toEqual(q.orders[judge - 1]!.map((i) => s.items[q.item]!.words[i]));
      const json = JSON.stringify(v);
      expect(json).not.toMatch(/target|aggressive|conservative|candidates|banana|mango|wordId/);
      expect(v.items).toEqual([]);
    }
    // A judge who has scored waits with nothing on screen.
    const after = apply(s, 1, { type: 'score', scores: [1, 1, 1, 1] });
    expect(view(after, { seat: 1 }).judge).toBeNull();
    expect(view(after, { seat: 2 }).judge).not.toBeNull();
  });

  it('shows the describer its targets and descriptions, never the distractors or the scores, until the end', () => {
    let s = start({ wordIds: ['apple'] });
    const d0 = view(s, { seat: 0 });
    expect(d0.describe).toEqual({ item: 0, mode: 'aggressive', target: 'apple' });
    expect(JSON.stringify(d0)).not.toMatch(/pear|peach|plum/);
    s = describeAll(s);
    s = apply(s, 1, { type: 'score', scores: [4, 4, 4, 4] });
    const d1 = view(s, { seat: 0 });
    expect(JSON.stringify(d1)).not.toMatch(/pear|peach|plum/);
    expect(d1.items[0]!.scores).toEqual({ aggressive: [], conservative: [] });
    s = apply(s, 1, { type: 'score', scores: [4, 4, 4, 4] });
    expect(s.phase).toBe('over');
    expect(view(s, { seat: 0 }).role).toBe('omniscient');
    expect(view(s, { seat: 1 }).items[0]!.words).toContain('pear');
  });

  it('gives a blind spectator the progress only, and an omniscient one everything', () => {
    const s = describeAll(start({ wordIds: ['apple'] }, 2));
    const pub = view(s, { spectator: true });
    expect(pub).toMatchObject({
      role: 'public',
      items: [],
      judge: null,
      describe: null,
      progress: { described: 2, judged: 0, descriptions: 2 },
    });
    expect(JSON.stringify(pub)).not.toMatch(/apple|pear/);
    const all = view(s, { omniscient: true });
    expect(all.items[0]!.target).toBe('apple');
    expect(all.judge).toMatchObject({ item: 0, pending: [1] });
  });

  it('keeps the target out of every log line a judge can read', () => {
    let s = start({ wordIds: ['apple'] }, 3);
    const lines = [];
    while (s.phase !== 'over') {
      const [seat] = activeSeats(s) as [number];
      const a: DeepAction =
        s.phase === 'describe'
          ? s.step.mode === 'aggressive'
            ? aggressive()
            : conservative()
          : { type: 'score', scores: [5, 1, 1, 1] };
      const next = apply(s, seat, a);
      lines.push(...describeMove(s, next, seat, a));
      s = next;
    }
    for (const judge of [1, 2]) {
      const readable = lines
        .filter((l) => !l.visibleTo || l.visibleTo.includes(judge))
        .map((l) => l.text)
        .join('\n');
      // The words themselves are on the judge's list; which one is the target, and the kind of description, are not.
      expect(readable, readable).not.toMatch(/“apple”|target|aggressive|conservative|Grows on trees/i);
      expect(readable).toMatch(new RegExp(`Judge ${judge}, in the order shown: `));
    }
    expect(
      lines
        .filter((l) => l.visibleTo?.length === 0)
        .map((l) => l.text)
        .join('\n'),
    ).toMatch(/Judge 1 on the aggressive description of “apple”: apple \d, pear \d, peach \d, plum \d/);
  });
});

/** A random open-ended answer for the conformance playouts: valid descriptions and scores. */
function randomAction(state: unknown, seat: number, rng: Rng): DeepAction {
  const s = state as DeepState;
  if (s.phase === 'describe') {
    const text = `Plain words ${rng.int(1000)}`;
    return s.step.mode === 'aggressive'
      ? { type: 'aggressive', text }
      : { type: 'conservative', candidates: ['one', 'two'], text };
  }
  return { type: 'score', scores: [1, 2, 3, 4].map(() => 1 + rng.int(5)) };
}

describe('conformance', () => {
  it('keeps the game contract with descriptions and scores, in both languages', () => {
    expect(checkConformance(deep, { seeds: 15, randomAction })).toEqual([]);
    expect(checkConformance(deep, { seeds: 5, randomAction, config: { lang: 'zh', words: 2 } })).toEqual([]);
  });
});

describe('free text limits', () => {
  it('refuses a description over its character limit with the limit, even when it is one long "word"', () => {
    const s = start();
    const long = 'a'.repeat(AGGRESSIVE_CHARS + 1);
    expect(countWords(long)).toBe(1);
    expect(reject(s, 0, aggressive(long))).toBe(
      `the aggressive description is ${AGGRESSIVE_CHARS + 1} characters long; write at most ${AGGRESSIVE_CHARS}`,
    );
    expect(reject(s, 0, aggressive('b'.repeat(AGGRESSIVE_CHARS)))).toBeNull();
    const c = apply(s, 0, aggressive());
    expect(reject(c, 0, conservative('x'.repeat(CONSERVATIVE_CHARS + 1)))).toBe(
      `the conservative description is ${CONSERVATIVE_CHARS + 1} characters long; write at most ${CONSERVATIVE_CHARS}`,
    );
    expect(reject(c, 0, conservative('Grows on trees', ['pear', 'p'.repeat(CANDIDATE_CHARS + 1)]))).toMatch(
      new RegExp(
        `^a candidate is a word or two, at most ${CANDIDATE_CHARS} characters: “p+…” is ${CANDIDATE_CHARS + 1}$`,
      ),
    );
  });
});

describe("the describer's verdict", () => {
  const item = (aggressive: number[][], conservative: number[][]): Item =>
    ({
      wordId: 'w',
      lang: 'en',
      target: 't',
      words: ['t', 'a', 'b', 'c'],
      aggressive: 'x',
      conservative: null,
      scores: { aggressive, conservative },
    }) as Item;

  it('says whether the aggressive descriptions single the target out and the conservative ones stay vague', () => {
    expect(verdict({ items: [item([[5, 1, 2, 1]], [[3, 3, 2, 3]])] })).toBe(
      'Describer: aggressive descriptions single out the target (5.0 vs 1.3 for the distractors); conservative ones stay vague (3.0 vs 2.7)',
    );
    expect(verdict({ items: [item([[3, 3, 3, 2]], [[5, 1, 1, 1]])] })).toBe(
      'Describer: aggressive descriptions do not single out the target (3.0 vs 2.7 for the distractors); conservative ones give the target away (5.0 vs 1.0)',
    );
    expect(verdict({ items: [item([], [])] })).toBe('Describer: no description was scored');
  });
});
