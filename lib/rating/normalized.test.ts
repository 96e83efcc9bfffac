// Tests of LLMArena's normalized score on a small hand-computed table.
import { describe, expect, it } from 'vitest';
import { normalizedScores } from './normalized';
import type { RatedMatch } from './types';

let nextId = 0;
function duel(gameId: string, a: string, b: string, scoreA: number): RatedMatch {
  return { id: `m${nextId++}`, gameId, seats: [{ agentId: a, score: scoreA }, { agentId: b, score: 1 - scoreA }] };
}

describe('normalized score', () => {
  it('expresses each mean as a percentage of the best mean in the game, averaged over the games played', () => {
    const matches = [
      // chess: a 2/3 wins (mean 2/3), b 1/3 + ... : a beats b twice, loses once → a 2/3, b 1/3
      duel('chess', 'a', 'b', 1), duel('chess', 'a', 'b', 1), duel('chess', 'a', 'b', 0),
      // go: b and c draw twice → both 0.5; a does not play go
      duel('go', 'b', 'c', 0.5), duel('go', 'c', 'b', 0.5),
      // hanabi (cooperative): a+c score 20, b+c score 10 → a 20, c 15, b 10
      { id: 'h1', gameId: 'hanabi', cooperative: true, teamScore: 20, seats: [{ agentId: 'a', score: 0.5 }, { agentId: 'c', score: 0.5 }] },
      { id: 'h2', gameId: 'hanabi', cooperative: true, teamScore: 10, seats: [{ agentId: 'b', score: 0.5 }, { agentId: 'c', score: 0.5 }] },
    ];
    const byAgent = Object.fromEntries(normalizedScores(matches).map((n) => [n.agentId, n]));
    const pct = (id: string) => Object.fromEntries(byAgent[id]!.games.map((g) => [g.gameId, g.percent]));
    expect(pct('a')).toEqual({ chess: 100, hanabi: 100 });
    expect(pct('b').chess).toBeCloseTo(50, 12);
    expect(pct('b').go).toBe(100);
    expect(pct('b').hanabi).toBe(50);
    expect(pct('c')).toEqual({ go: 100, hanabi: 75 });
    expect(byAgent.a!.average).toBe(100);
    expect(byAgent.b!.average).toBeCloseTo(200 / 3, 12);
    expect(byAgent.c!.average).toBe(87.5);
    expect(byAgent.b!.games.find((g) => g.gameId === 'chess')).toMatchObject({ samples: 3 });
  });
});
