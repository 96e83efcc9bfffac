import { describe, expect, it } from 'vitest';
import { computeLeaderboard, type RatedMatch } from '../../lib/rating';
import type { AgentInfo } from './data';
import { presentRobust } from './robust';

let id = 0;
const games = (g: string, a: string, b: string, n: number): RatedMatch[] =>
  Array.from({ length: n }, () => ({
    id: `m${id++}`,
    gameId: g,
    seats: [
      { agentId: a, score: 1 },
      { agentId: b, score: 0 },
    ],
  }));
const info = (id: string, kind = 'llm'): AgentInfo => ({
  id,
  name: id.toUpperCase(),
  kind,
  simulated: false,
  model: null,
  scaffold: null,
  promptVersion: null,
});

describe('the robustness table as the page shows it', () => {
  // chess: a > b > c > r; sea: c beats everyone (many matches), r (random) loses everything.
  const ms = [
    ...games('chess', 'a', 'b', 5),
    ...games('chess', 'b', 'a', 1),
    ...games('chess', 'b', 'c', 5),
    ...games('chess', 'c', 'b', 1),
    ...games('chess', 'a', 'c', 5),
    ...games('chess', 'c', 'a', 1),
    ...games('chess', 'a', 'r', 3),
    ...games('chess', 'b', 'r', 3),
    ...games('chess', 'c', 'r', 3),
    ...games('sea', 'c', 'a', 12),
    ...games('sea', 'a', 'c', 1),
    ...games('sea', 'c', 'b', 12),
    ...games('sea', 'b', 'c', 1),
    ...games('sea', 'a', 'b', 2),
    ...games('sea', 'b', 'a', 2),
    ...games('sea', 'a', 'r', 2),
    ...games('sea', 'b', 'r', 2),
  ];
  const agents = new Map([info('a'), info('b'), info('c'), info('r', 'random')].map((a) => [a.id, a]));

  it('ranks among the shown agents, overall and without each game, and gives the factor', async () => {
    const board = await computeLeaderboard(ms, { rounds: 0, trueSkill: false });
    const all = presentRobust(board, agents, () => true)!;
    expect(all.games).toEqual(['chess', 'sea']);
    expect(all.rows.map((r) => [r.agentName, r.rank, r.without.chess, r.without.sea])).toEqual([
      ['C', 1, 1, 3],
      ['A', 2, 2, 1],
      // Without chess, A and B have the same record in sea (2–2 against each other, the same against C and R): a shared rank.
      ['B', 3, 2, 2],
      ['R', 4, 4, 4],
    ]);
    expect(all.rows[0]!.maxShift).toBe(2);
    expect(all.factor!.games).toEqual(['chess', 'sea']);
    // Hiding the baseline re-ranks the others among themselves; the order is the fit's.
    const shown = presentRobust(board, agents, (id) => id !== 'r')!;
    expect(shown.rows.map((r) => [r.agentName, r.rank, r.without.sea])).toEqual([
      ['C', 1, 3],
      ['A', 2, 1],
      ['B', 3, 2],
    ]);
  });

  it('with groups of agents that never met: ranks within each group, among the shown ones, and the group said', async () => {
    // Pool {x, y} plays only among itself, in both games: a second group with its own rank 1.
    const pool = [...games('chess', 'x', 'y', 3), ...games('chess', 'y', 'x', 1), ...games('sea', 'x', 'y', 2)];
    const board = await computeLeaderboard([...ms, ...pool], { rounds: 0, trueSkill: false });
    const all = new Map([...agents, ['x', info('x')], ['y', info('y')]]);
    const r = presentRobust(board, all, () => true)!;
    expect(r.rows.map((x) => [x.agentName, x.group, x.rank, x.without.chess, x.without.sea])).toEqual([
      ['C', 1, 1, 1, 3],
      ['A', 1, 2, 2, 1],
      ['B', 1, 3, 2, 2],
      ['R', 1, 4, 4, 4],
      ['X', 2, 1, 1, 1],
      ['Y', 2, 2, 2, 2],
    ]);
    // Showing one group only: no groups said, the same ranks.
    const one = presentRobust(board, all, (id) => id === 'x' || id === 'y')!;
    expect(one.rows.map((x) => [x.agentName, x.group, x.rank])).toEqual([
      ['X', null, 1],
      ['Y', null, 2],
    ]);
  });

  it('is not shown for one game', async () => {
    const board = await computeLeaderboard(
      ms.filter((m) => m.gameId === 'chess'),
      { rounds: 0, trueSkill: false },
    );
    expect(presentRobust(board, agents, () => true)).toBeNull();
  });
});
