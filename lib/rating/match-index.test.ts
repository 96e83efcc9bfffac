import { describe, expect, it } from 'vitest';
import { createRng } from '../engine/rng';
import { bootstrapOf } from './bootstrap';
import { leaderboardOf } from './compute-leaderboard';
import { MatchIndex } from './match-index';
import type { RatedMatch } from './types';

/**
 * A seeded league of every kind of match the index sums: two seats, three sides, teams, an agent in two seats of a
 * side, cooperative matches, ties, four games, end times shared by several matches (then the id decides), and an
 * agent ("a0") that arrives late with the smallest id (every sorted position moves).
 */
function league(n: number, seed: string): RatedMatch[] {
  const rng = createRng(seed);
  const games = ['g-b', 'g-a', 'g-d', 'g-c'];
  const agents = ['b1', 'b2', 'c1', 'c2', 'd1', 'd2', 'e1'];
  const out: RatedMatch[] = [];
  for (let i = 0; i < n; i++) {
    const pool = i > n * 0.7 ? [...agents, 'a0'] : agents;
    const pick = () => pool[rng.int(pool.length)]!;
    const gameId = games[rng.int(games.length)]!;
    const finishedAt = 1000 * Math.floor(i / 3);
    const id = `m${String(rng.int(1e6)).padStart(7, '0')}-${i}`;
    const kind = rng.int(6);
    let seats: RatedMatch['seats'];
    let cooperative: boolean | undefined;
    if (kind <= 1) {
      const a = pick();
      const s = [1, 0, 0.5][rng.int(3)]!;
      seats = [
        { agentId: a, score: s },
        { agentId: pick(), score: 1 - s },
      ];
    } else if (kind === 2) {
      const w = rng.int(3);
      seats = [0, 1, 2].map((k) => ({ agentId: pick(), score: k === w ? 1 : 0 }));
    } else if (kind === 3) {
      const a = pick();
      const win = rng.next() < 0.5;
      seats = [
        { agentId: a, score: win ? 0.5 : 0, team: 'x' },
        { agentId: a, score: win ? 0.5 : 0, team: 'x' },
        { agentId: pick(), score: win ? 0 : 0.5, team: 'y' },
        { agentId: pick(), score: win ? 0 : 0.5, team: 'y' },
      ];
    } else if (kind === 4) {
      const a = pick();
      cooperative = true;
      seats = [
        { agentId: a, score: 0.5 },
        { agentId: rng.next() < 0.5 ? a : pick(), score: 0.5 },
      ];
    } else {
      const r = rng.int(3);
      seats = [
        { agentId: pick(), score: r / 2, reward: 10 * rng.next() },
        { agentId: pick(), score: 1 - r / 2, reward: 10 * rng.next() },
      ];
    }
    out.push({ id, gameId, finishedAt, seats, ...(cooperative ? { cooperative, teamScore: rng.int(25) } : {}) });
  }
  return out;
}

/** The matches in the index's order, cut into batches of random sizes. */
function batches(matches: readonly RatedMatch[], seed: string): RatedMatch[][] {
  const rng = createRng(seed);
  const sorted = [...matches].sort((a, b) => a.finishedAt! - b.finishedAt! || (a.id < b.id ? -1 : 1));
  const out: RatedMatch[][] = [];
  for (let k = 0; k < sorted.length;) {
    const size = 1 + rng.int(40);
    out.push(sorted.slice(k, k + size));
    k += size;
  }
  return out;
}

describe('an index kept up to date batch by batch', () => {
  const all = league(400, 'index-league');
  const shuffled = [...all].sort(() => 0).reverse();

  it('is the index of all the matches at once: the same bootstrap data and the same leaderboard, under every scheme and fit', async () => {
    const kept = new MatchIndex();
    const cuts = batches(all, 'cuts');
    cuts.forEach((batch, k) => {
      kept.append(batch);
      // Read between appends too, as the server does after each read (what it caches must follow the appends).
      if (k === cuts.length >> 1)
        expect(bootstrapOf(kept, { rounds: 0 })).toEqual(
          bootstrapOf(MatchIndex.of(cuts.slice(0, k + 1).flat()), { rounds: 0 }),
        );
    });
    const whole = MatchIndex.of(shuffled);
    expect(kept.rated).toBe(whole.rated);
    expect(kept.sorted().agents[0]).toBe('a0');
    expect(kept.cooperative.length).toBeGreaterThan(20);
    const normalizedBy = { 'g-a': 'reward', 'g-b': 'trueskill', 'g-c': { winRateAs: 'x' } } as const;
    for (const scheme of ['plain', 'game-weighted'] as const) {
      for (const estimator of ['mm', 'gamebench'] as const) {
        const opts = {
          scheme,
          estimator,
          rounds: 30,
          seed: `idx-${scheme}-${estimator}`,
          normalizedBy,
          anchorAgentId: 'c1',
        };
        expect(bootstrapOf(kept, opts)).toEqual(bootstrapOf(whole, opts));
        expect(await leaderboardOf(kept, opts)).toEqual(await leaderboardOf(whole, opts));
      }
    }
    // Resamples draw over outcome types, far fewer than matches (the point of the index at scale).
    expect(kept.typeCount.length).toBeLessThan(kept.rated);
  });

  it('refuses a batch that comes before a match already indexed, and adds none of it', () => {
    const [first, second, ...rest] = batches(all, 'cuts');
    const ix = MatchIndex.of([...first!, ...second!]);
    const before = ix.matches.length;
    const late = [...rest[0]!, { ...first![0]!, id: `${first![0]!.id}-late` }];
    expect(ix.follows(late)).toBe(false);
    expect(() => ix.append(late)).toThrow(/comes before the last one indexed/);
    expect(ix.matches.length).toBe(before);
    // The same end time as the last match, with a larger id, follows it.
    const last = ix.matches.at(-1)!;
    expect(ix.follows([{ ...last, id: `${last.id}~` }])).toBe(true);
  });

  it('sums what the leaderboard reads: records, head to head, matches per agent', () => {
    const ix = MatchIndex.of([
      {
        id: '1',
        gameId: 'g',
        finishedAt: 1,
        seats: [
          { agentId: 'b', score: 1 },
          { agentId: 'a', score: 0 },
        ],
      },
      {
        id: '2',
        gameId: 'g',
        finishedAt: 2,
        seats: [
          { agentId: 'a', score: 0.5 },
          { agentId: 'b', score: 0.5 },
        ],
      },
      {
        id: '3',
        gameId: 'h',
        finishedAt: 3,
        seats: [
          { agentId: 'a', score: 1 },
          { agentId: 'c', score: 0 },
          { agentId: 'b', score: 0 },
        ],
      },
      {
        id: '4',
        gameId: 'h',
        finishedAt: 4,
        cooperative: true,
        seats: [
          { agentId: 'a', score: 0.5 },
          { agentId: 'a', score: 0.5 },
        ],
      },
    ]);
    expect(ix.records.get('a')).toEqual({ wins: 1, draws: 1, losses: 1, scoreSum: 1.5, seats: 3 });
    expect(ix.records.get('b')).toEqual({ wins: 1, draws: 1, losses: 1, scoreSum: 1.5, seats: 3 });
    expect(ix.records.get('c')).toEqual({ wins: 0, draws: 0, losses: 1, scoreSum: 0, seats: 1 });
    // a–b met in all three rated matches: b won the first (weight 1), a drew (½ of 1) and won the third (weight ½).
    const p = ix.pairLo.findIndex((lo, q) => ix.agentIds[lo] === 'a' && ix.agentIds[ix.pairHi[q]!] === 'b');
    expect([ix.pairMatches[p], ix.pairWins[p], ix.pairWeight[p]]).toEqual([3, 0.5 + 0.5, 2.5]);
    expect(ix.played.get('a')).toBe(3);
    expect(ix.cooperative.map((m) => m.id)).toEqual(['4']);
    // Three outcome types: the two-seat win, the draw, the three-sided match.
    expect(ix.typeCount).toEqual([1, 1, 1]);
    expect(ix.games.map((g) => [g.id, g.size])).toEqual([
      ['g', 2],
      ['h', 1],
    ]);
  });
});
