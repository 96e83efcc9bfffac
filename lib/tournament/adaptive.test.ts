// Tests of the adaptive format: interval overlap, separation, pair choice, bootstrap intervals, and batch seeds.
import { describe, expect, it } from 'vitest';
import { createRng } from '../engine/rng';
import type { RatedMatch } from '../rating';
import { adaptiveBatch, allSeparated, choosePairs, intervalsFrom, overlap, type RatedInterval } from './adaptive';

const iv = (agentId: string, lo: number, hi: number, median = (lo + hi) / 2): RatedInterval => ({
  agentId,
  median,
  lo,
  hi,
});
const open = (agentId: string): RatedInterval => ({ agentId, median: 0, lo: -Infinity, hi: Infinity });

let nextId = 0;
/** n duels of a against b in which a wins with probability p (seeded). */
function duels(a: string, b: string, n: number, p: number, seed: string): RatedMatch[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, (_, k) => {
    const scoreA = rng.next() < p ? 1 : 0;
    const seats = [
      { agentId: a, score: scoreA },
      { agentId: b, score: 1 - scoreA },
    ];
    return { id: `m${nextId++}`, gameId: 'g', seats: k % 2 === 0 ? seats : seats.reverse() };
  });
}

describe('overlap', () => {
  it('is the length of the intersection, 0 when disjoint or touching', () => {
    expect(overlap(iv('a', 0, 2), iv('b', 1, 5))).toBe(1);
    expect(overlap(iv('a', 1, 5), iv('b', 0, 2))).toBe(1);
    expect(overlap(iv('a', 0, 10), iv('b', 2, 3))).toBe(1);
    expect(overlap(iv('a', 0, 1), iv('b', 2, 3))).toBe(0);
    expect(overlap(iv('a', 0, 1), iv('b', 1, 3))).toBe(0);
  });

  it('handles unbounded intervals', () => {
    expect(overlap(open('a'), open('b'))).toBe(Infinity);
    expect(overlap(open('a'), iv('b', 2, 5))).toBe(3);
    expect(overlap(iv('a', -Infinity, 1), iv('b', 0, Infinity))).toBe(1);
    expect(overlap(iv('a', -Infinity, 0, -1), iv('b', 1, Infinity, 2))).toBe(0);
    expect(overlap(iv('a', -Infinity, 0, -1), iv('b', -Infinity, 3, 2))).toBe(Infinity);
    expect(Number.isNaN(overlap(open('a'), open('b')))).toBe(false);
  });
});

describe('allSeparated', () => {
  it('is true for no agent or one agent', () => {
    expect(allSeparated([])).toBe(true);
    expect(allSeparated([iv('a', 0, 1)])).toBe(true);
    expect(allSeparated([open('a')])).toBe(true);
  });

  it('is true when adjacent intervals are disjoint, whatever the input order', () => {
    expect(allSeparated([iv('c', 4, 5), iv('a', 0, 1), iv('b', 2, 3)])).toBe(true);
  });

  it('is false when some adjacent pair overlaps or touches, or an agent has no interval', () => {
    expect(allSeparated([iv('a', 0, 1), iv('b', 2, 3.5), iv('c', 3, 5)])).toBe(false);
    expect(allSeparated([iv('a', 0, 1), iv('b', 1, 2)])).toBe(false);
    expect(allSeparated([iv('a', 0, 1), iv('b', 4, 5), open('x')])).toBe(false);
  });
});

describe('choosePairs', () => {
  const field = [iv('a', 0, 1), iv('b', 2, 3.5), iv('c', 3, 5), iv('d', 4.5, 7), iv('e', 9, 10)];

  it('takes only overlapping adjacent pairs, most overlap first, lower median first', () => {
    // b–c overlap 0.5, c–d 0.5 → tie broken by ids; widen c–d to make it the clear first
    expect(choosePairs(field, 10)).toEqual([
      ['b', 'c'],
      ['c', 'd'],
    ]);
    const wider = [iv('a', 0, 1), iv('b', 2, 3.2), iv('c', 3, 5), iv('d', 4, 7)];
    expect(choosePairs(wider, 10)).toEqual([
      ['c', 'd'],
      ['b', 'c'],
    ]);
    expect(choosePairs(wider, 1)).toEqual([['c', 'd']]);
    expect(choosePairs(wider, 0)).toEqual([]);
  });

  it('does not pair non-adjacent agents even if their intervals overlap', () => {
    // a and c overlap, but b sits between them and overlaps both
    const pairs = choosePairs([iv('a', 0, 3), iv('b', 1, 4), iv('c', 2.5, 6)], 10);
    expect(pairs).toEqual([
      ['a', 'b'],
      ['b', 'c'],
    ]);
  });

  it('returns [] when every adjacent pair is separated', () => {
    expect(choosePairs([iv('a', 0, 1), iv('b', 2, 3), iv('c', 4, 5)], 5)).toEqual([]);
    expect(choosePairs([], 5)).toEqual([]);
  });

  it('schedules agents without an interval first', () => {
    // x has no interval (median 0), so it sits between m (−1) and p (1); q–r overlap by 19, more than x–p (0.4),
    // yet x's pairs come first
    const intervals = [iv('m', -1.5, 10, -1), open('x'), iv('p', 0.8, 1.2, 1), iv('q', 0, 20, 5), iv('r', 1, 30, 6)];
    expect(choosePairs(intervals, 10)).toEqual([
      ['m', 'x'],
      ['x', 'p'],
      ['q', 'r'],
      ['p', 'q'],
    ]);
    expect(choosePairs(intervals, 2)).toEqual([
      ['m', 'x'],
      ['x', 'p'],
    ]);
    // two unrated agents: their infinite overlap comes first
    expect(choosePairs([iv('a', -5, 5, -3), open('y'), open('x'), iv('b', -5, 5, 3)], 1)).toEqual([['x', 'y']]);
  });
});

describe('intervalsFrom', () => {
  it('separates an agent that wins 95% of 200 matches, not a 50/50 pair', () => {
    const lopsided = intervalsFrom(duels('A', 'B', 200, 0.95, 'lopsided'), ['A', 'B'], {
      confidence: 0.95,
      rounds: 300,
      seed: 'x',
    });
    expect(lopsided.map((i) => i.agentId)).toEqual(['A', 'B']);
    const [a, b] = lopsided as [RatedInterval, RatedInterval];
    expect(a.median).toBeGreaterThan(b.median);
    expect(b.hi).toBeLessThan(a.lo);
    expect(overlap(a, b)).toBe(0);
    expect(allSeparated(lopsided)).toBe(true);
    expect(choosePairs(lopsided, 3)).toEqual([]);

    const even = intervalsFrom(duels('C', 'D', 200, 0.5, 'even'), ['C', 'D'], {
      confidence: 0.95,
      rounds: 300,
      seed: 'x',
    });
    expect(overlap(even[0]!, even[1]!)).toBeGreaterThan(0);
    expect(allSeparated(even)).toBe(false);
    expect(choosePairs(even, 3)).toHaveLength(1);
  });

  it('reports the 90% interval inside the 95% one, reproducibly from its seed', () => {
    const matches = duels('A', 'B', 100, 0.7, 'mid');
    const i95 = intervalsFrom(matches, ['A', 'B'], { confidence: 0.95, rounds: 200, seed: 's' });
    const i90 = intervalsFrom(matches, ['A', 'B'], { confidence: 0.9, rounds: 200, seed: 's' });
    for (let k = 0; k < 2; k++) {
      expect(i90[k]!.lo).toBeGreaterThanOrEqual(i95[k]!.lo);
      expect(i90[k]!.hi).toBeLessThanOrEqual(i95[k]!.hi);
      expect(i90[k]!.lo).toBeLessThan(i90[k]!.hi);
      expect(i90[k]!.median).toBe(i95[k]!.median);
    }
    expect(intervalsFrom(matches, ['A', 'B'], { confidence: 0.95, rounds: 200, seed: 's' })).toEqual(i95);
  });

  it('gives agents without (enough) rated matches an infinite interval at median 0', () => {
    const matches = [...duels('A', 'B', 40, 0.6, 'ab'), ...duels('A', 'L', 2, 0.5, 'al')];
    const out = intervalsFrom(matches, ['N', 'A', 'L'], { confidence: 0.9, rounds: 100, seed: 's' });
    expect(out.map((i) => i.agentId)).toEqual(['N', 'A', 'L']);
    expect(out[0]).toEqual({ agentId: 'N', median: 0, lo: -Infinity, hi: Infinity });
    expect(out[2]).toEqual({ agentId: 'L', median: 0, lo: -Infinity, hi: Infinity });
    expect(Number.isFinite(out[1]!.lo) && Number.isFinite(out[1]!.hi)).toBe(true);
    expect(intervalsFrom([], ['A', 'B'], { confidence: 0.95, seed: 's' })).toEqual([open('A'), open('B')]);
    // and they are scheduled first
    expect(choosePairs(out, 1)[0]).toContain('L');
  });
});

describe('adaptiveBatch', () => {
  const opts = {
    gameIds: ['g1', 'g2'],
    pairs: [
      ['a', 'b'],
      ['c', 'd'],
    ] as [string, string][],
    seedsPerPair: 3,
    seed: 's',
    round: 0,
  };
  const batch = adaptiveBatch(opts);

  it('plays each chosen pair seedsPerPair seeds per game, each seed twice with seats swapped', () => {
    expect(batch).toHaveLength(2 * 2 * 3 * 2);
    for (let i = 0; i < batch.length; i += 2) {
      const [x, y] = [batch[i]!, batch[i + 1]!];
      expect(y.seed).toBe(x.seed);
      expect(y.seats).toEqual([...x.seats].reverse());
    }
    expect(new Set(batch.map((m) => m.seed)).size).toBe(12);
    expect(adaptiveBatch({ ...opts, pairs: [] })).toEqual([]);
  });

  it('is deterministic, with fresh seeds every round', () => {
    expect(adaptiveBatch(opts)).toEqual(batch);
    const next = adaptiveBatch({ ...opts, round: 1 });
    expect(next.map((m) => m.seats)).toEqual(batch.map((m) => m.seats));
    const before = new Set(batch.map((m) => m.seed));
    expect(next.some((m) => before.has(m.seed))).toBe(false);
    expect(adaptiveBatch({ ...opts, seed: 't' }).map((m) => m.seed)).not.toEqual(batch.map((m) => m.seed));
  });

  it('rejects self-pairs and bad counts', () => {
    expect(() => adaptiveBatch({ ...opts, pairs: [['a', 'a']] })).toThrow(/itself/);
    expect(() => adaptiveBatch({ ...opts, seedsPerPair: 0 })).toThrow(/seedsPerPair/);
    expect(() => adaptiveBatch({ ...opts, round: -1 })).toThrow(/round/);
  });
});
