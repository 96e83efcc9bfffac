// A game added the way docs/adding-a-game.md says — its definition through `defineGame` and one registry line — is
// a whole game: here a throwaway rules-only game defined in this file alone is filled in by `defineGame`, accepted by
// a registry next to the arena's games, and keeps the contract in the conformance suite. No other file is touched.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { games, testGames } from './registry';
import type { GamePrompt, GameRules, Outcome, Seat, Viewer } from '../lib/engine/types';
import { checkConformance } from '../lib/engine/conformance';
import { defineGame, defineRegistry } from '../lib/engine/define-game';
import { createRng } from '../lib/engine/rng';

// ── The throwaway game: a pile of stones, each turn take one or two, whoever takes the last stone wins. ──

const configSchema = z.object({ stones: z.number().int().min(2).max(30).default(7) }).strict();
type PebblesConfig = z.infer<typeof configSchema>;
type PebblesAction = { type: 'take'; n: 1 | 2 };
interface PebblesState {
  left: number;
  toMove: Seat;
  /** Who took the last stone, once the pile is empty. */
  winner: Seat | null;
}
type PebblesView = PebblesState;

/** Every config the game's own code was handed, to check it always arrives parsed. */
const seen: unknown[] = [];

const rules: GameRules<PebblesState, PebblesAction, PebblesConfig, PebblesView> = {
  configSchema,
  actionSchema: z.object({ type: z.literal('take'), n: z.union([z.literal(1), z.literal(2)]) }),
  setup: (_rng, config) => {
    seen.push(config);
    return { left: config.stones, toMove: 0, winner: null };
  },
  activeSeats: (s) => (s.winner === null ? [s.toMove] : []),
  legalActions: (s, seat) =>
    s.winner !== null || seat !== s.toMove
      ? []
      : ([1, 2] as const).filter((n) => n <= s.left).map((n) => ({ type: 'take', n })),
  // Its own rules only: `defineGame` refuses a move once the game is over and one from the seat not to move.
  reject: (s, _seat, a) => (a.n <= s.left ? null : `only ${s.left} stone left`),
  apply: (s, seat, a) => {
    const left = s.left - a.n;
    return { left, toMove: 1 - seat, winner: left === 0 ? seat : null };
  },
  outcome: (s): Outcome | null =>
    s.winner === null
      ? null
      : { scores: s.winner === 0 ? [1, 0] : [0, 1], reason: 'took the last stone', winner: s.winner },
  view: (s, _v: Viewer) => ({ ...s }),
  describe: (prev, next, seat, a) => [{ text: `Player ${seat + 1} takes ${a.n} (${next.left} of ${prev.left} left)` }],
};

const prompt: GamePrompt<PebblesState, PebblesAction, PebblesConfig, PebblesView> = {
  system: (cfg) =>
    `A pile of ${cfg.stones} stones. Take 1 or 2 on your turn; whoever takes the last stone wins. Answer "Take: 1" or "Take: 2".`,
  turn: (v, _seat, legal) =>
    [`${v.left} stones left.`, 'Legal moves:', ...(legal ?? []).map((a) => `- Take: ${a.n}`)].join('\n'),
  parse: (reply, _seat, legal) => {
    const n = Number(/take:\s*([12])/i.exec(reply)?.[1]);
    const a = legal?.find((x) => x.n === n);
    return a ? { action: a } : { error: 'answer "Take: 1" or "Take: 2" (no more than the stones left)' };
  },
  format: (a) => `Take: ${a.n}`,
};

/** Why Pebbles has no secrets: every game says it (or declares them). */
const PUBLIC = 'a perfect-information game: the pile is all there is, seen by everyone';

const pebbles = defineGame({
  id: 'pebbles',
  version: 1,
  meta: {
    title: 'Pebbles',
    blurb: 'Take one or two stones; the last stone wins.',
    minPlayers: 2,
    maxPlayers: 2,
    info: 'perfect',
    chance: false,
    categories: ['abstract-strategy'],
  },
  reducer: rules,
  publicInformation: PUBLIC,
  prompt,
  rules: {
    summary: 'Two players take one or two stones from a pile in turn; whoever takes the last stone wins.',
    topics: {},
  },
});

describe('a game added with defineGame and one registry line', () => {
  it('gets every default filled in once: callers never check for a missing hook', () => {
    expect(pebbles.meta).toMatchObject({
      scoring: 'contest',
      orderDrawn: false,
      humanMoveSeconds: 60,
      settingsPresets: [],
      promptSwitches: [],
      analysis: {},
    });
    expect(pebbles.defaultConfig).toEqual({ stones: 7 });
    expect(pebbles.spectatorsSeeAll({})).toBe(false);
    expect(pebbles.defaultPlayers({})).toBe(2);
    expect(pebbles.hostGuest.seat).toBeNull();
    const raw = { stones: 5 };
    expect(pebbles.hostGuest.config(raw, 1, 2)).toBe(raw);
    expect(pebbles.secrets).toBeNull();
    expect(pebbles.judgeable).toBeNull();
    expect(pebbles.image).toBeNull();
    const s = pebbles.setup({ numPlayers: 2, config: {}, rng: createRng('d') });
    expect(
      pebbles.moveMetrics(
        s,
        pebbles.apply(s, 0, { type: 'take', n: 1 }, createRng('m')),
        0,
        { type: 'take', n: 1 },
        createRng('m'),
      ),
    ).toBeNull();
    expect(pebbles.fallback(s, 0)).toBeNull();
    // The platform's turn check, in front of the game's own rules.
    expect(pebbles.reject(s, 1, { type: 'take', n: 1 })).toBe('it is not your turn: Player 1 is to move');
    // The default engine plays a random legal move, drawn like the random agent's.
    const legal = pebbles.legalActions(s, 0)!;
    expect(pebbles.engine(pebbles.view(s, { seat: 0 }), 0, legal, createRng('e'), {})).toEqual(
      createRng('e').pick(legal),
    );
  });

  it('hands the game a parsed config, whatever a caller passes (a database row, a partial one, nothing)', () => {
    seen.length = 0;
    for (const config of [undefined, null, {}, { stones: 4 }])
      pebbles.setup({ numPlayers: 2, config, rng: createRng('c') });
    expect(seen).toEqual([{ stones: 7 }, { stones: 7 }, { stones: 7 }, { stones: 4 }]);
    expect(() => pebbles.setup({ numPlayers: 2, config: { stones: 1 }, rng: createRng('c') })).toThrow();
    expect(pebbles.parseConfig({ stones: 9 })).toEqual({ stones: 9 });
    // Hooks a game gives get the parsed config too.
    const hooks: unknown[] = [];
    const open = defineGame({
      id: 'pebbles-open',
      version: 1,
      meta: pebbles.meta,
      reducer: rules,
      publicInformation: PUBLIC,
      prompt,
      rules: pebbles.rules,
      spectatorsSeeAll: (config) => (hooks.push(config), config.stones > 5),
      defaultPlayers: (config) => (hooks.push(config), 2),
      hostGuest: {
        seat: 1,
        config: (config, guestSeat) => (hooks.push(config), { ...config, stones: config.stones + guestSeat }),
      },
    });
    expect(open.spectatorsSeeAll(undefined)).toBe(true);
    expect(open.defaultPlayers({ stones: 3 })).toBe(2);
    expect(open.hostGuest).toMatchObject({ seat: 1 });
    expect(open.hostGuest.config({}, 1, 2)).toEqual({ stones: 8 });
    expect(hooks).toEqual([{ stones: 7 }, { stones: 3 }, { stones: 7 }]);
  });

  it('is accepted by a registry next to the arena’s games, and an evaluation is kept off the rated list', () => {
    const evaluation = defineGame({
      id: 'pebbles-judged',
      version: 1,
      meta: { ...pebbles.meta, scoring: 'evaluation' },
      reducer: rules,
      publicInformation: PUBLIC,
      prompt,
      rules: pebbles.rules,
    });
    const registry = defineRegistry({ games: [...games, pebbles, evaluation], testGames });
    expect(registry.getGame('pebbles')).toBe(pebbles);
    expect(registry.games.map((g) => g.id)).toEqual([...games.map((g) => g.id), 'pebbles', 'pebbles-judged']);
    expect(registry.ratedGames).toContain(pebbles);
    expect(registry.ratedGames).not.toContain(evaluation);
    expect(registry.playableGames()).toContain(pebbles);
    expect(registry.getGame(testGames[0]!.id)).toBe(testGames[0]);
    expect(() => defineRegistry({ games: [...games, pebbles, pebbles] })).toThrow(/two games have the id "pebbles"/);
  });

  it('refuses a game that neither declares secrets nor says why it has none (and one that does both)', () => {
    const spec = { id: 'pebbles-silent', version: 1, meta: pebbles.meta, reducer: rules, prompt, rules: pebbles.rules };
    expect(() => defineGame(spec)).toThrow(
      /game "pebbles-silent" declares no secrets: give its rules module a `secrets` function .* or give defineGame `publicInformation` saying why it has none/,
    );
    expect(() => defineGame({ ...spec, publicInformation: '  ' })).toThrow(/declares no secrets/);
    const secretive = { ...rules, secrets: () => [] };
    expect(() => defineGame({ ...spec, reducer: secretive, publicInformation: PUBLIC })).toThrow(
      /declares secrets and also `publicInformation`/,
    );
    expect(defineGame({ ...spec, reducer: secretive }).publicInformation).toBeNull();
    expect(pebbles.publicInformation).toBe(PUBLIC);
  });

  it('has no demo settings of its own unless it gives some, and those are parsed (the demo tournament plays them)', () => {
    expect(pebbles.demoConfig).toBeNull();
    const short = defineGame({
      id: 'pebbles-short',
      version: 1,
      meta: pebbles.meta,
      reducer: rules,
      publicInformation: PUBLIC,
      prompt,
      rules: pebbles.rules,
      demoConfig: { stones: 3 },
    });
    expect(short.demoConfig).toEqual({ stones: 3 });
    expect(() =>
      defineGame({
        id: 'pebbles-bad',
        version: 1,
        meta: pebbles.meta,
        reducer: rules,
        publicInformation: PUBLIC,
        prompt,
        rules: pebbles.rules,
        demoConfig: { stones: 99 },
      }),
    ).toThrow();
    for (const g of games)
      if (g.demoConfig !== null) expect(g.configSchema.safeParse(g.demoConfig).success, g.id).toBe(true);
  });

  it('keeps the game contract in the conformance suite', () => {
    expect(checkConformance(pebbles, { seeds: 20 })).toEqual([]);
    expect(checkConformance(pebbles, { seeds: 5, config: { stones: 2 } })).toEqual([]);
  });
});
