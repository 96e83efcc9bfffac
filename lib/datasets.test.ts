// The pure side of imported datasets: the name and `dataset=` rules, GameBench's game ids meeting the arena's, and a
// stored dataset read back as rated matches.
import { describe, expect, it } from 'vitest';
import { ratedGames } from '../games/registry';
import {
  arenaGameId,
  datasetGameList,
  datasetMatches,
  datasetNames,
  datasetNameSchema,
  datasetParamSchema,
  importedAgentId,
  isImportedAgentId,
} from './datasets';

const registry = [
  { id: 'sea-battle', meta: { title: 'Sea Battle', categories: ['abstract-strategy'], gamebenchId: 'sea_battle' } },
  {
    id: 'two-rooms',
    meta: { title: 'Two Rooms and a Boom', categories: ['social-deduction'], gamebenchId: 'two_rooms_and_a_boom' },
  },
  { id: 'pit', meta: { title: 'Pit', categories: ['language-communication'], gamebenchId: 'pit' } },
];

describe('datasets', () => {
  it('takes names of letters, digits, dots, dashes and underscores, and canonicalises a list of them', () => {
    expect(datasetNameSchema.safeParse('gamebench-2024_v1.2').success).toBe(true);
    for (const bad of ['', ' ', 'two words', '-lead', 'a/b', 'x'.repeat(65)])
      expect(datasetNameSchema.safeParse(bad).success, bad).toBe(false);
    expect(datasetParamSchema.parse(' b , a,b ')).toBe('a,b');
    expect(datasetNames('a,b')).toEqual(['a', 'b']);
    expect(datasetParamSchema.safeParse(Array.from({ length: 9 }, (_, i) => `d${i}`).join(',')).success).toBe(false);
  });

  it("meets GameBench's game ids with the arena's games that declare them, keeping an id the arena lacks", () => {
    expect(arenaGameId('sea_battle', registry)).toBe('sea-battle');
    expect(arenaGameId('two_rooms_and_a_boom', registry)).toBe('two-rooms');
    expect(arenaGameId('pit', registry)).toBe('pit');
    expect(arenaGameId('mystery', registry)).toBe('mystery');
    expect(datasetGameList(['two_rooms_and_a_boom', 'sea_battle', 'mystery'], registry)).toEqual([
      { id: 'mystery', title: 'mystery', categories: [] },
      { id: 'sea-battle', title: 'Sea Battle', categories: ['abstract-strategy'] },
      { id: 'two-rooms', title: 'Two Rooms and a Boom', categories: ['social-deduction'] },
    ]);
    // Every one of GameBench's nine games is an arena game now, each naming its GameBench id in its own folder.
    const nine = [
      'air_land_sea',
      'arctic_scavengers',
      'are_you_the_traitor',
      'codenames',
      'hive',
      'pit',
      'santorini',
      'sea_battle',
      'two_rooms_and_a_boom',
    ];
    expect(
      nine.map((id) => ratedGames.find((g) => g.meta.gamebenchId === id)?.id ?? null).filter((id) => id === null),
    ).toEqual([]);
  });

  it('reads a stored dataset as rated matches: imported agent ids, arena game ids, the file order as the time order', () => {
    const m = datasetMatches(
      {
        name: 'gb',
        entries: [
          { game: 'sea_battle', 'gpt-4': 0, random: 1 },
          { game: 'pit', 'gpt-4': 0.75, random: 0.25 },
        ],
      },
      registry,
    );
    expect(m).toEqual([
      {
        id: 'gb#0',
        gameId: 'sea-battle',
        finishedAt: 0,
        seats: [
          { agentId: 'imported:gpt-4', score: 0 },
          { agentId: 'imported:random', score: 1 },
        ],
      },
      {
        id: 'gb#1',
        gameId: 'pit',
        finishedAt: 1,
        seats: [
          { agentId: 'imported:gpt-4', score: 0.75 },
          { agentId: 'imported:random', score: 0.25 },
        ],
      },
    ]);
    expect(importedAgentId('x')).toBe('imported:x');
    expect(isImportedAgentId('imported:x')).toBe(true);
    expect(isImportedAgentId('cmabc')).toBe(false);
  });
});
