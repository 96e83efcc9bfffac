// The pure side of imported datasets: the name and `dataset=` rules, GameBench's game ids meeting the arena's, and a
// stored dataset read back as rated matches.
import { describe, expect, it } from 'vitest';
import { arenaGameId, datasetGameList, datasetMatches, datasetNames, datasetNameSchema, datasetParamSchema, importedAgentId, isImportedAgentId } from './datasets';

const known = new Set(['sea-battle', 'two-rooms', 'pit', 'hive']);

describe('datasets', () => {
  it('takes names of letters, digits, dots, dashes and underscores, and canonicalises a list of them', () => {
    expect(datasetNameSchema.safeParse('gamebench-2024_v1.2').success).toBe(true);
    for (const bad of ['', ' ', 'two words', '-lead', 'a/b', 'x'.repeat(65)]) expect(datasetNameSchema.safeParse(bad).success, bad).toBe(false);
    expect(datasetParamSchema.parse(' b , a,b ')).toBe('a,b');
    expect(datasetNames('a,b')).toEqual(['a', 'b']);
    expect(datasetParamSchema.safeParse(Array.from({ length: 9 }, (_, i) => `d${i}`).join(',')).success).toBe(false);
  });

  it("meets GameBench's game ids with the arena's, keeping an id the arena lacks", () => {
    expect(arenaGameId('sea_battle', known)).toBe('sea-battle');
    expect(arenaGameId('two_rooms_and_a_boom', known)).toBe('two-rooms');
    expect(arenaGameId('pit', known)).toBe('pit');
    expect(arenaGameId('codenames', known)).toBe('codenames');
    const registry = [{ id: 'sea-battle', meta: { title: 'Sea Battle', categories: ['abstract-strategy'] } }];
    expect(datasetGameList(['codenames', 'sea_battle', 'mystery'], registry)).toEqual([
      { id: 'codenames', title: 'Codenames', categories: ['abstract-strategy', 'language-communication', 'cooperation'] },
      { id: 'mystery', title: 'mystery', categories: [] },
      { id: 'sea-battle', title: 'Sea Battle', categories: ['abstract-strategy'] },
    ]);
  });

  it('reads a stored dataset as rated matches: imported agent ids, arena game ids, the file order as the time order', () => {
    const m = datasetMatches({ name: 'gb', entries: [{ game: 'sea_battle', 'gpt-4': 0, random: 1 }, { game: 'pit', 'gpt-4': 0.75, random: 0.25 }] }, known);
    expect(m).toEqual([
      { id: 'gb#0', gameId: 'sea-battle', finishedAt: 0, seats: [{ agentId: 'imported:gpt-4', score: 0 }, { agentId: 'imported:random', score: 1 }] },
      { id: 'gb#1', gameId: 'pit', finishedAt: 1, seats: [{ agentId: 'imported:gpt-4', score: 0.75 }, { agentId: 'imported:random', score: 0.25 }] },
    ]);
    expect(importedAgentId('x')).toBe('imported:x');
    expect(isImportedAgentId('imported:x')).toBe(true);
    expect(isImportedAgentId('cmabc')).toBe(false);
  });
});
