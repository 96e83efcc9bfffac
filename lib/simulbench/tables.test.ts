// Tests of SimulBench's tables: Table 4 (hand-computed means), the pairwise rule, Table 1, order disagreement,
// Bradley-Terry from the pairwise outcomes and the human–judge agreement.
import { describe, expect, it } from 'vitest';
import {
  orderDisagreement,
  pairOutcome,
  pairwiseRatings,
  perfectScripts,
  table1,
  table4,
  voteAgreement,
} from './tables';
import type { Comparison, PairVerdict, ScoredAnswer } from './types';

const ans = (
  agentId: string,
  type: ScoredAnswer['type'],
  kind: ScoredAnswer['kind'],
  score: number | null,
  k: number,
): ScoredAnswer => ({
  scriptId: `s${k}`,
  agentId,
  type,
  kind,
  score,
});

describe('table4', () => {
  // Agent x, six answers (hand-computed below).
  const x = [
    ans('x', 'last-only', 'stateless', 9, 1),
    ans('x', 'last-only', 'stateful', 7, 2),
    ans('x', 'first-chan', 'stateless', 6, 3),
    ans('x', 'first-chan', 'stateful', 8, 4),
    ans('x', 'subseq-chan', 'stateless', 4, 5),
    ans('x', 'subseq-chan', 'stateful', null, 6),
  ];
  const y = [ans('y', 'last-only', 'stateless', 7, 1), ans('y', 'last-only', 'stateful', 8, 2)];
  const z = [ans('z', 'first-chan', 'stateful', null, 1)];
  const rows = table4([...z, ...x, ...y], { seed: 't4', rounds: 200 });
  const rx = rows.find((r) => r.agentId === 'x')!;

  it('each column’s mean by hand; Stateless / Stateful over FirstChan only', () => {
    expect(rx.lastOnly.mean).toBe(8); // (9 + 7) / 2
    expect(rx.firstChan.mean).toBe(7); // (6 + 8) / 2
    expect(rx.subseqChan.mean).toBe(4); // 4 (the null left out)
    expect(rx.stateless.mean).toBe(6); // FirstChan stateless only: 6 (over every script it would be (9+6+4)/3)
    expect(rx.stateful.mean).toBe(8); // FirstChan stateful only: 8 (over every script it would be (7+8)/2)
    expect(rx.hard.mean).toBe(6); // (6 + 8 + 4) / 3
    expect(rx.all.mean).toBeCloseTo(6.8, 12); // (9 + 7 + 6 + 8 + 4) / 5
    expect([
      rx.lastOnly.n,
      rx.firstChan.n,
      rx.subseqChan.n,
      rx.stateless.n,
      rx.stateful.n,
      rx.hard.n,
      rx.all.n,
    ]).toEqual([2, 2, 1, 1, 1, 3, 5]);
    expect(rx.noScore).toBe(1);
    expect(rx.answered).toBe(6);
  });

  it('an interval from 5 scores on, inside the range of the scores', () => {
    expect(rx.lastOnly.ci95).toBeNull();
    const [lo, hi] = rx.all.ci95!;
    expect(lo).toBeGreaterThanOrEqual(4);
    expect(hi).toBeLessThanOrEqual(9);
    expect(lo).toBeLessThan(6.8);
    expect(hi).toBeGreaterThan(6.8);
  });

  it('rows by All mean, descending; an agent without scores last', () => {
    expect(rows.map((r) => r.agentId)).toEqual(['y', 'x', 'z']);
    const rz = rows[2]!;
    expect(Number.isNaN(rz.all.mean)).toBe(true);
    expect(rz.all.n).toBe(0);
    expect(rz.noScore).toBe(1);
  });

  it('is deterministic for a seed', () => {
    expect(table4([...x, ...y], { seed: 't4', rounds: 200 })).toEqual(
      table4([...y, ...x], { seed: 't4', rounds: 200 }),
    );
  });
});

describe('pairOutcome', () => {
  const table: [PairVerdict, PairVerdict, 'a' | 'b' | 'tie'][] = [
    ['A', 'A', 'tie'],
    ['A', 'B', 'a'],
    ['A', 'C', 'tie'],
    ['B', 'A', 'b'],
    ['B', 'B', 'tie'],
    ['B', 'C', 'tie'],
    ['C', 'A', 'tie'],
    ['C', 'B', 'tie'],
    ['C', 'C', 'tie'],
  ];
  it.each(table)('first %s, second %s → %s', (f, s, o) => expect(pairOutcome(f, s)).toBe(o));
  it('null when a verdict is missing', () => {
    expect(pairOutcome(null, 'A')).toBeNull();
    expect(pairOutcome('B', null)).toBeNull();
    expect(pairOutcome(null, null)).toBeNull();
  });
});

const cmp = (
  agentA: string,
  agentB: string,
  first: PairVerdict | null,
  second: PairVerdict | null,
  k = 0,
): Comparison => ({
  scriptId: `s${k}`,
  agentA,
  agentB,
  type: 'first-chan',
  kind: 'stateful',
  first,
  second,
});

describe('table1', () => {
  const comps = [
    cmp('gpt', 'llama', 'A', 'B', 1), // gpt wins
    cmp('gpt', 'llama', 'C', 'C', 2), // tie
    cmp('llama', 'gpt', 'B', 'A', 3), // B (gpt) wins
    cmp('llama', 'gpt', 'A', 'B', 4), // llama wins: gpt loses
    cmp('gpt', 'llama', 'A', 'A', 5), // orders disagree: tie
    cmp('gpt', 'llama', null, 'B', 6), // unjudged
    cmp('qwen', 'gpt', 'A', 'B', 7), // qwen wins
    cmp('gpt', 'gpt', 'A', 'B', 8), // an agent with itself: left out
  ];
  it('merges both orders into one row per pair, from the smaller id’s side (hand-computed)', () => {
    expect(table1(comps)).toEqual([
      {
        agentA: 'gpt',
        agentB: 'llama',
        n: 5,
        unjudged: 1,
        win: 2,
        tie: 2,
        lose: 1,
        winPct: 40,
        tiePct: 40,
        losePct: 20,
        difference: 20,
      },
      {
        agentA: 'gpt',
        agentB: 'qwen',
        n: 1,
        unjudged: 0,
        win: 0,
        tie: 0,
        lose: 1,
        winPct: 0,
        tiePct: 0,
        losePct: 100,
        difference: -100,
      },
    ]);
  });
  it('a pair without any outcome: counts, NaN percentages', () => {
    const [r] = table1([cmp('a', 'b', null, null)]);
    expect(r).toMatchObject({ n: 0, unjudged: 1, win: 0 });
    expect(Number.isNaN(r!.difference)).toBe(true);
  });
});

describe('perfectScripts', () => {
  it('are the scripts on which every target scored 10: not one missing, not one 9.5, not one unscored', () => {
    const answers = [
      ans('a', 'first-chan', 'stateful', 10, 1),
      ans('b', 'first-chan', 'stateful', 10, 1), // s1: both 10 → perfect
      ans('a', 'last-only', 'stateless', 10, 2),
      ans('b', 'last-only', 'stateless', 9.5, 2), // s2: one 9.5
      ans('a', 'subseq-chan', 'stateful', 10, 3), // s3: b never answered
      ans('a', 'last-only', 'stateful', 10, 4),
      ans('b', 'last-only', 'stateful', null, 4), // s4: b not scored
      ans('a', 'last-only', 'stateful', 10, 5),
      ans('b', 'last-only', 'stateful', 10, 5),
      ans('c', 'last-only', 'stateful', 10, 5), // s5: a third agent too, still every target
    ];
    expect([...perfectScripts(answers, ['a', 'b'])].sort()).toEqual(['s1', 's5']);
    expect([...perfectScripts(answers, ['a', 'b', 'c'])]).toEqual(['s5']);
    expect(perfectScripts(answers, []).size).toBe(0);
  });
});

describe('orderDisagreement', () => {
  it('the share of doubly judged comparisons whose orders disagree', () => {
    const comps = [
      cmp('a', 'b', 'A', 'B'), // consistent
      cmp('a', 'b', 'B', 'A'), // consistent
      cmp('a', 'b', 'C', 'C'), // consistent
      cmp('a', 'b', 'A', 'A'), // position bias
      cmp('a', 'b', 'B', 'C'), // inconsistent
      cmp('a', 'b', 'A', null), // not judged twice
    ];
    expect(orderDisagreement(comps)).toEqual({ judged: 5, inconsistent: 2, rate: 0.4 });
    expect(Number.isNaN(orderDisagreement([]).rate)).toBe(true);
  });
});

describe('pairwiseRatings', () => {
  it('an agent that wins every comparison is rated above, with intervals', () => {
    const comps = Array.from({ length: 10 }, (_, k) =>
      k % 2 ? cmp('strong', 'weak', 'A', 'B', k) : cmp('weak', 'strong', 'B', 'A', k),
    );
    const r = pairwiseRatings([...comps, cmp('strong', 'weak', null, 'A', 99)], { seed: 'bt', rounds: 100 });
    expect(r.map((x) => x.agentId)).toEqual(['strong', 'weak']);
    expect(r[0]!.rating).toBeGreaterThan(r[1]!.rating);
    expect(r[0]!.comparisons).toBe(10);
    expect(r[0]!.ci95).not.toBeNull();
    expect(r[0]!.ci95!.lower).toBeLessThanOrEqual(r[0]!.rating + 1e-3);
  });
  it('ties only (and order-disagreements, which are ties) give equal ratings', () => {
    const comps = [
      cmp('p', 'q', 'C', 'C', 1),
      cmp('q', 'p', 'A', 'A', 2),
      cmp('p', 'q', 'B', 'B', 3),
      cmp('p', 'q', 'C', 'A', 4),
      cmp('q', 'p', 'C', 'C', 5),
    ];
    const r = pairwiseRatings(comps, { seed: 'bt', rounds: 50 });
    expect(r).toHaveLength(2);
    expect(r[0]!.rating).toBeCloseTo(r[1]!.rating, 6);
    expect(r[0]!.rating).toBeCloseTo(1000, 6);
  });
  it('no usable comparison: no ratings', () => {
    expect(pairwiseRatings([cmp('p', 'q', null, null)], { seed: 'bt' })).toEqual([]);
  });
});

describe('voteAgreement', () => {
  it('exact agreement, ties included', () => {
    expect(
      voteAgreement([
        { human: 'a', judge: 'a' },
        { human: 'b', judge: 'tie' },
        { human: 'tie', judge: 'tie' },
        { human: 'a', judge: 'b' },
      ]),
    ).toEqual({ n: 4, agree: 2, rate: 0.5 });
    expect(voteAgreement([]).n).toBe(0);
  });
});
