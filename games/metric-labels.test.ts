// Every move metric a game records is named in words by the game itself (`meta.analysis.labels`): the metrics page
// reads the labels from the game, and lib/game-metrics.ts knows no game.
import { describe, expect, it } from 'vitest';
import { createRng } from '../lib/engine/rng';
import type { GameDef } from '../lib/engine/types';
import { games, testGames } from './registry';

/** The metric names a game records over a few seeded random playouts (stopping at an open-ended turn). */
function recordedMetrics(game: GameDef, seeds = 5, maxPlies = 400): Set<string> {
  const keys = new Set<string>();
  for (let i = 0; i < seeds; i++) {
    const rng = createRng(`metric-labels-${game.id}-${i}`);
    const config = game.demoConfig ?? {};
    let s = game.setup({ numPlayers: game.defaultPlayers(config), config, rng });
    for (let ply = 0; ply < maxPlies && game.activeSeats(s).length; ply++) {
      const seat = game.activeSeats(s)[0]!;
      const legal = game.legalActions(s, seat);
      if (!legal?.length) break;
      const a = rng.pick(legal);
      const next = game.apply(s, seat, a, rng);
      for (const k of Object.keys(game.moveMetrics(s, next, seat, a, rng) ?? {})) keys.add(k);
      s = next;
    }
  }
  return keys;
}

describe('move metrics are labelled by their game', () => {
  it.each([...games, ...testGames].map((g) => [g.id, g] as const))('%s', (_id, game) => {
    const unlabelled = [...recordedMetrics(game)].filter((k) => !game.meta.analysis.labels?.[k]);
    expect(unlabelled, `add them to ${game.id}'s meta.analysis.labels`).toEqual([]);
  });

  it('records metrics in the games LLMArena analyses (the check above is not vacuous)', () => {
    const recording = [...games].filter((g) => recordedMetrics(g, 1).size > 0).map((g) => g.id);
    expect(recording).toEqual(expect.arrayContaining(['connect-four', 'holdem', 'bargain', 'bid', 'hanabi']));
  });
});
