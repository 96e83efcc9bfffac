import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameBenchRecord } from '../exports';
import { prepareBootstrap } from '../rating/bootstrap';
import { ratedMatchesFromRows, type SeatRow } from '../rating/from-rows';
import { computeLeaderboard } from '../rating/compute-leaderboard';
import { parseGamebench } from './gamebench';

const fixtures = join(__dirname, '..', 'rating', 'fixtures');

describe('GameBench-format results', () => {
  it("reads GameBench's own matches.json, and GameBench's fit of it gives rating.py's numbers", () => {
    const data = parseGamebench(readFileSync(join(fixtures, 'gamebench-matches.json'), 'utf8'));
    expect(data.matches).toHaveLength(277);
    expect(data.agents).toEqual(['gpt-3', 'gpt-3-cot', 'gpt-4', 'gpt-4-cot', 'gpt-4-rap', 'human', 'random']);
    expect(data.games).toHaveLength(9);
    expect(data.matches[0]).toEqual({
      id: 'gb-0',
      gameId: 'sea_battle',
      seats: [
        { agentId: 'gpt-4', score: 0 },
        { agentId: 'gpt-4-cot', score: 1 },
      ],
    });
    // The point fit of GameBench's estimator (ILSR, ties dropped) over every match, centred: rating.py's get_params.
    const reference: Record<string, Record<string, number>> = JSON.parse(
      readFileSync(join(fixtures, 'gamebench-ilsr-reference.json'), 'utf8'),
    );
    const fit = prepareBootstrap(data.matches, { estimator: 'gamebench' });
    fit.agents.forEach((a, k) => expect(fit.point[k], a).toBeCloseTo(reference.all![a]!, 7));
  });

  it.each([
    ['not JSON', '[{"game": "x"', /^the file is not JSON: /],
    ['not an array', '{"game": "x"}', /^the file must be a JSON array of matches .*, not object$/],
    ['empty', '[]', /^the file holds no matches$/],
    ['an entry that is no object', '[{"game":"g","a":1,"b":0}, 3]', /^entry 1 must be an object, not number$/],
    ['no game', '[{"a":1,"b":0}]', /^entry 0 has no "game"/],
    [
      'one agent',
      '[{"game":"g","a":1}]',
      /^entry 0 \(game "g"\) has one agent \("a"\): a match needs two agents or more$/,
    ],
    [
      'a score above 1',
      '[{"game":"g","a":1,"b":0},{"game":"h","a":3,"b":0}]',
      /^entry 1 \(game "h"\): the score of "a" must be at most 1 \(GameBench scores a match in \[0, 1\]\) \(got number\)$/,
    ],
    [
      'a score as text',
      '[{"game":"g","a":"1","b":0}]',
      /^entry 0 \(game "g"\): the score of "a" must be a number \(got "1"\)$/,
    ],
    ['a negative score', '[{"game":"g","a":-0.5,"b":0}]', /^entry 0 \(game "g"\): the score of "a" must be 0 or more/],
  ])('refuses %s with one error naming the entry', (_what, text, message) => {
    expect(() => parseGamebench(text)).toThrow(message);
  });

  it("round trip: the arena's export reads back into the same leaderboard", async () => {
    // Rows as the leaderboard reads them: duels, a draw, a self-play match (rated by no one, in neither), a team game
    // where one agent commands each side (three seats apiece), a three-player free-for-all.
    const row = (id: string, game: string, agent: string, score: number, team?: string): SeatRow => ({
      id,
      game_id: game,
      finished_at: null,
      agent_id: agent,
      score,
      ...(team ? { team } : {}),
    });
    const rows: SeatRow[] = [
      ...['1', '2', '3', '4', '5', '6'].flatMap((id, k) => [
        row(id, 'chess', k % 3 ? 'alpha' : 'beta', 1),
        row(id, 'chess', k % 3 ? 'beta' : 'gamma', 0),
      ]),
      row('7', 'chess', 'alpha', 0.5),
      row('7', 'chess', 'gamma', 0.5),
      row('8', 'chess', 'alpha', 1),
      row('8', 'chess', 'alpha', 0),
      ...[0, 1, 2].map(() => row('9', 'sea', 'beta', 1 / 3, 'red')),
      ...[0, 1, 2].map(() => row('9', 'sea', 'gamma', 0, 'blue')),
      ...[0, 1, 2].map(() => row('10', 'sea', 'alpha', 0, 'red')),
      ...[0, 1, 2].map(() => row('10', 'sea', 'gamma', 1 / 3, 'blue')),
      row('11', 'ffa', 'alpha', 0.6),
      row('11', 'ffa', 'beta', 0.3),
      row('11', 'ffa', 'gamma', 0.1),
    ];
    const arena = ratedMatchesFromRows(rows);
    // The export: one GameBench record per match, agents by name (here the ids are the names).
    const file = JSON.stringify(
      arena.map((m) =>
        gameBenchRecord({
          gameId: m.gameId,
          seats: m.seats.map((s) => ({ agentName: s.agentId, agentId: s.agentId, score: s.score })) as never,
        }),
      ),
    );
    const imported = parseGamebench(file).matches;
    expect(imported).toHaveLength(arena.length);
    const opts = { rounds: 200, seed: 'round-trip', trueSkill: false } as const;
    const [a, b] = await Promise.all([
      computeLeaderboard(arena, opts),
      computeLeaderboard(
        imported.map((m, k) => ({ ...m, id: arena[k]!.id })),
        opts,
      ),
    ]);
    const view = (l: typeof a) =>
      l.rows.map((r) => ({
        id: r.agentId,
        rank: r.rank,
        beta: r.beta,
        matches: r.matches,
        wins: r.wins,
        draws: r.draws,
        losses: r.losses,
        total: r.totalScore,
        elo: r.elo,
      }));
    expect(view(b)).toEqual(view(a));
  });
});
