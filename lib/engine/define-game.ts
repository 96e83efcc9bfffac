// Builds a game's definition from its rules module and the few hooks it needs (every default filled in here, once;
// the config parsed here, once), and the registry of games the platform derives its lists from.
import type { GameDef, GameSpec, Seat } from './types';
import { turnRefusal } from './validate';

/** A person's time for one move when neither the match nor the game sets one. */
export const DEFAULT_MOVE_SECONDS = 60;

/**
 * The definition of a game: `spec.reducer` is its rules module (`import * as rules from './rules'`), whose exports
 * under the contract's names (`GameRules`) become the definition's, and every hook the game leaves out gets its
 * default: a random legal move for the engine, no move metrics, no fallback move, spectators see the public view,
 * `meta.minPlayers` players, host/guest with the guest in every seat in turn and the config unchanged,
 * nothing to judge, no board image, and in `meta` a contest with a 60-second move timer and no presets, switches or
 * extra metrics. Its `reject` refuses, before the game's own, a move once the game is over and one from a seat that
 * is not active (`turnRefusal`), in the same words for every game.
 *
 * A config reaches the game parsed: `setup` and the config hooks read whatever they are given (a database row's, a
 * test's partial one) with `parseConfig`, so a game's own code always sees every default filled in.
 */
export function defineGame<S, A extends { type: string }, Cfg, V>(spec: GameSpec<S, A, Cfg, V>): GameDef<S, A, Cfg, V> {
  const { reducer: r, meta } = spec;
  // Hidden information is stated, never assumed: a game without `secrets` says why it has none, so the leak checks
  // (the conformance suite, the wire, the exports) never skip a game because a field was forgotten.
  if (!r.secrets && !spec.publicInformation?.trim())
    throw new Error(
      `game "${spec.id}" declares no secrets: give its rules module a \`secrets\` function (what each seat may not see of another's), or give defineGame \`publicInformation\` saying why it has none`,
    );
  if (r.secrets && spec.publicInformation !== undefined)
    throw new Error(
      `game "${spec.id}" declares secrets and also \`publicInformation\` (that it has none): keep the one that is true`,
    );
  const parseConfig = (config: unknown): Cfg => r.configSchema.parse(config ?? {});
  const { spectatorsSeeAll, defaultPlayers, gamebench } = spec;
  const guestConfig = spec.hostGuest?.config;
  const game: GameDef<S, A, Cfg, V> = {
    id: spec.id,
    version: spec.version,
    data: spec.data ?? {},
    meta: {
      ...meta,
      orderDrawn: meta.orderDrawn ?? false,
      sides: meta.sides ?? null,
      humanMoveSeconds: meta.humanMoveSeconds ?? DEFAULT_MOVE_SECONDS,
      scoring: meta.scoring ?? 'contest',
      settingsPresets: meta.settingsPresets ?? [],
      analysis: meta.analysis ?? {},
      promptSwitches: meta.promptSwitches ?? [],
      normalizedBy: meta.normalizedBy ?? null,
    },
    configSchema: r.configSchema,
    actionSchema: r.actionSchema,
    defaultConfig: spec.defaultConfig ?? parseConfig({}),
    demoConfig: spec.demoConfig === undefined ? null : parseConfig(spec.demoConfig),
    parseConfig,
    setup: ({ numPlayers, config, rng }) => r.setup(rng, parseConfig(config), numPlayers),
    activeSeats: r.activeSeats,
    legalActions: r.legalActions,
    // The platform refuses a move once the game is over and one from a seat not to act, in one wording for every
    // game; the game's own `reject` is asked only about an active seat's move in a game in progress.
    reject: (s, seat, a) => turnRefusal(game, s, seat) ?? r.reject(s, seat, a),
    apply: r.apply,
    outcome: r.outcome,
    view: r.view,
    describe: r.describe,
    prompt: spec.prompt,
    rules: spec.rules,
    engine: spec.engine ?? ((_view, _seat, legal, rng) => rng.pick(legal)),
    moveMetrics: spec.moveMetrics ?? r.moveMetrics ?? (() => null),
    fallback: r.fallback ?? (() => null),
    spectatorsSeeAll: spectatorsSeeAll ? (config) => spectatorsSeeAll(parseConfig(config)) : () => false,
    defaultPlayers: defaultPlayers ? (config) => defaultPlayers(parseConfig(config)) : () => meta.minPlayers,
    hostGuest: {
      seat: spec.hostGuest?.seat ?? null,
      config: guestConfig
        ? (config, guestSeat: Seat, numPlayers) => guestConfig(parseConfig(config), guestSeat, numPlayers)
        : (config) => config,
    },
    secrets: r.secrets ?? null,
    publicInformation: r.secrets ? null : spec.publicInformation!.trim(),
    judgeable: r.judgeable ?? null,
    image: spec.image ?? null,
    gamebench: gamebench ? (view, seat, legal, config) => gamebench(view, seat, legal, parseConfig(config)) : null,
  };
  return game;
}

/** The games the platform knows, and the lists every page and the scheduler derive from them. */
export interface GameRegistry {
  /** The arena's games: listed on every page, played by the demo tournament. */
  games: GameDef[];
  /** The games the leaderboard rates: all but the judged evaluations (DEEP), which have their own results pages. */
  ratedGames: GameDef[];
  /**
   * Games that exist for the test suite (a small hidden-information game for the leak tests), offered only when
   * ARENA_TEST_GAMES=1 (the end-to-end tests set it).
   */
  testGames: GameDef[];
  /** The games a person may pick on the Play page. */
  playableGames(): GameDef[];
  /** A game by id, the test games included. */
  getGame(id: string): GameDef | undefined;
}

/** A registry over these games (games/registry.ts holds the arena's; a test may build its own). Ids must be unique. */
export function defineRegistry(lists: { games: GameDef[]; testGames?: GameDef[] }): GameRegistry {
  const { games, testGames = [] } = lists;
  const ids = new Set<string>();
  for (const g of [...games, ...testGames]) {
    if (ids.has(g.id)) throw new Error(`two games have the id "${g.id}"`);
    ids.add(g.id);
  }
  const enabledTestGames = (): GameDef[] =>
    typeof process !== 'undefined' && process.env.ARENA_TEST_GAMES === '1' ? testGames : [];
  return {
    games,
    ratedGames: games.filter((g) => g.meta.scoring !== 'evaluation'),
    testGames,
    playableGames: () => [...games, ...enabledTestGames()],
    getGame: (id) => games.find((g) => g.id === id) ?? testGames.find((g) => g.id === id),
  };
}
