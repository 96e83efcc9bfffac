// The leak tests' check that nothing a viewer is given deals a match (server/rooms/hub.test.ts: the wire;
// lib/db/seeds.test.ts: the exports). Games deal from the seed, so neither the seed nor any string that deals the same
// start may reach anyone while a match dealt from it is still to be played.
import type { GameDef } from './types';
import { initialState, type Deal } from './replay';
import { plyRng } from './rng';

/** Every string in a JSON value (keys too): the candidates a viewer could try as a seed. */
export function stringsIn(v: unknown, out = new Set<string>()): Set<string> {
  if (typeof v === 'string') out.add(v);
  else if (Array.isArray(v)) for (const x of v) stringsIn(x, out);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      stringsIn(x, out);
    }
  }
  return out;
}

/**
 * Whether a string deals the match dealt from `seed`: the same start and the same random draws after it. A game with
 * few starting positions (Bid) is dealt by many strings, but only the seed (or a copy of it) also draws every later
 * card the same.
 */
export function dealsLike(
  game: GameDef,
  config: unknown,
  numPlayers: number,
  deal: Deal,
): (candidate: string) => boolean {
  const start = JSON.stringify(initialState(game, config, deal, numPlayers));
  return (candidate) => {
    try {
      const as = { seed: candidate, generator: deal.generator };
      return (
        JSON.stringify(initialState(game, config, as, numPlayers)) === start &&
        [0, 1, 2, 3].every(
          (k) => plyRng(candidate, k, deal.generator).next() === plyRng(deal.seed, k, deal.generator).next(),
        )
      );
    } catch {
      return false;
    }
  };
}
