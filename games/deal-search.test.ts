// Hidden information that survives computation: for every game dealt by chance with private information, a viewer
// who searches the first generator's state space (lib/engine/deal-search.ts) for a deal that shows what they see
// recovers the whole deal of a match that generator dealt, and nothing of a match the current generator dealt.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashesAround, searchLegacyDeals, setupHashOf } from '../lib/engine/deal-search';
import { initialState } from '../lib/engine/replay';
import { CURRENT_GENERATOR, LEGACY_GENERATOR } from '../lib/engine/rng';
import { games } from './registry';
import type { GameDef, Viewer } from '../lib/engine/types';

/** How much of the 2^32 space each search covers, around the true hash (the whole space is the attack; a slice keeps the test short). */
const SLICE = 2048;

/** What the attacker sees of a start: seat 0's view and the spectators' (e.g. a seated guest, or the 25 public words). */
const observer = (game: GameDef) => (start: unknown) => {
  const views: Viewer[] = [{ seat: 0 }, { spectator: true }];
  return JSON.stringify(views.map((v) => game.view(start, v)));
};

const dealt = games.filter((g) => g.meta.info === 'imperfect' && g.meta.chance);

describe.each(dealt.map((g) => [g.id, g] as const))('%s', (_id, game) => {
  const n = game.meta.minPlayers;
  const config = game.demoConfig ?? {};
  const observe = observer(game);
  // A fixed 128-bit seed per game, so the test is the same every run.
  const seed = createHash('sha256').update(`deal-search:${game.id}`).digest('hex').slice(0, 32);
  const slice = () => hashesAround(setupHashOf(seed), SLICE);
  const same = (a: unknown) => (b: unknown) => JSON.stringify(a) === JSON.stringify(b);

  it('deals a start the search finds from what a seat and a spectator see, by the first generator', () => {
    const old = initialState(game, config, { seed, generator: LEGACY_GENERATOR }, n);
    const found = searchLegacyDeals(game, config, n, observe, observe(old), slice());
    // The true deal, secrets and all, is among the few starts that show what the viewer sees: what they see narrows
    // the slice down at least sixteenfold (a whole-space search with more of the match seen, the flop and the turn
    // say, leaves one).
    expect(found.some(same(old))).toBe(true);
    expect(found.length).toBeLessThanOrEqual(SLICE / 16);
  });

  it('deals a start the same search cannot single out, by the current generator', () => {
    const current = initialState(game, config, { seed, generator: CURRENT_GENERATOR }, n);
    const found = searchLegacyDeals(game, config, n, observe, observe(current), slice());
    // The slice is unrelated to this deal: the starts it finds are other deals that show the same, and where a game
    // has few starts (Bargain's, the spy's words) the true one may be among them, as any list of deals would hold it,
    // but never alone.
    const distinct = new Set(found.map((x) => JSON.stringify(x)));
    expect(distinct.size === 1 && found.some(same(current))).toBe(false);
  });
});

it('covers every game with private information dealt by chance', () => {
  expect(dealt.map((g) => g.id).sort()).toEqual([
    'air-land-sea',
    'arctic-scavengers',
    'are-you-the-traitor',
    'bargain',
    'bid',
    'codenames',
    'deep',
    'hanabi',
    'holdem',
    'pit',
    'sea-battle',
    'spy',
    'two-rooms',
  ]);
});
