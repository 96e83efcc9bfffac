// The game contract: every game folder's index.ts builds its GameDef with defineGame (lib/engine/define-game.ts).
// Games are pure and seeded; all I/O lives in agents.
import type { GameBenchTurn } from './gamebench-turn';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { NormalizedBy } from '../rating/normalized';

export type Seat = number;

/** Who is looking at a state: one seat, a spectator (public view) or an omniscient viewer (replays, admins). */
export type Viewer = { seat: Seat } | { spectator: true } | { omniscient: true };

/** Deterministic random source, derived from the match seed: the only randomness a game may use. */
/**
 * The random generators a match can be dealt by (lib/engine/rng.ts): HMAC-SHA-256 keys and ChaCha20 streams for every
 * new match; sfc32 seeded by 32-bit FNV-1a hashes only to replay the matches it dealt before.
 */
export type GeneratorId = 'hmac-sha256-chacha20' | 'sfc32-fnv1a';

export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** One element chosen uniformly. */
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
}

export type Category =
  | 'abstract-strategy'
  | 'non-deterministic'
  | 'hidden-information'
  | 'language-communication'
  | 'social-deduction'
  | 'cooperation';

/**
 * How a game's results count: one choice per game.
 * - `contest`: the seats (or sides) play against each other; rated by Bradley-Terry, TrueSkill and Elo.
 * - `cooperative`: all seats play together against the game (Hanabi): every seat gets the same score, and the
 *   leaderboard rates such games by the team's raw score (`Outcome.rewards[0]`) with a bootstrap interval; round
 *   robins add self-play.
 * - `evaluation`: a judged evaluation, not a contest (DEEP): nobody wins, its matches are never rated, it is scheduled
 *   only in the host/guest format (the evaluated agent is the guest, the judges are the hosts) and has its own
 *   results page.
 */
export type Scoring = 'contest' | 'cooperative' | 'evaluation';

export interface GameMeta {
  title: string;
  /** One sentence for lists. */
  blurb: string;
  minPlayers: number;
  maxPlayers: number;
  info: 'perfect' | 'imperfect';
  chance: boolean;
  categories: Category[];
  /** Names of seats in order, e.g. ['X', 'O']; defaults to "Player 1…" when absent. */
  seatNames?: string[];
  /** Who moves first is drawn per match or round (Who is the spy's shuffled speaking order), not seat 1. Default false. */
  orderDrawn: boolean;
  /**
   * A team game's two sides, by seat (Sea Battle: [[0, 1, 2], [3, 4, 5]]): round robins and gauntlets seat each agent
   * in every seat of one side, as GameBench plays agent against agent, and the seat-swapped twin swaps the sides.
   * Default null: one agent per seat.
   */
  sides: readonly (readonly Seat[])[] | null;
  /** A person's default time for one move, in seconds (default 60); a match may set its own. */
  humanMoveSeconds: number;
  /** How results count (default `contest`). */
  scoring: Scoring;
  /** Named settings an admin can apply with one click when scheduling (Who is the spy's content-free calibration run). */
  settingsPresets: readonly { label: string; help: string; config: object }[];
  /**
   * What the metrics page shows for this game beyond the defaults (results, action mix, means of `moveMetrics`):
   * `mixBy` splits the action mix by buckets of a metric in [0, 1] (Hold'em: the estimated win probability);
   * `distribution` plots a metric's distribution per agent (Bid: the deviation from the equilibrium bid);
   * `perMatch` names metrics reported per match, with their labels: the sum of an agent's values in one match (one
   * seat's moves), averaged over its matches (Connect Four: `{ reward: 'reward per match (LLMArena)' }`);
   * `labels` says in words what each metric its `moveMetrics` records means (Hold'em: `{ winProb: 'estimated win
   * probability' }`); a metric without a label is shown by its name split out of camelCase ("fooBar" → "foo bar").
   */
  analysis: {
    mixBy?: string;
    distribution?: string;
    perMatch?: Readonly<Record<string, string>>;
    labels?: Readonly<Record<string, string>>;
  };
  /**
   * Ablation switches an LLM agent may carry for this game (the agent's `promptSwitches` setting), e.g. SpyGame's
   * "without word guessing". Ids are namespaced by the game (`spy:no-word-guessing`); the game's prompt reads them.
   */
  promptSwitches: readonly { id: string; label: string; help: string }[];
  /**
   * The metric LLMArena's Table 1 normalizes this environment by (best agent = 100, lib/rating/normalized.ts):
   * `trueskill` (TrueSkill μ from this game's matches), `reward` (average reward; a cooperative game's team score with
   * one agent in every seat) or `{ winRateAs: side }` (win rate when holding a seat of that side: Undercover's
   * undercover). Default null: the game is not in that table.
   */
  normalizedBy: NormalizedBy | null;
  /**
   * The game's id in GameBench's results files (its matches.json: `sea_battle`), when it is one of GameBench's games:
   * an imported dataset's matches of that id count as this game (lib/datasets.ts).
   */
  gamebenchId?: string;
  /**
   * The game is one stage of its own evaluation and is scheduled only by it, never in a tournament's formats nor in
   * the demo's: `simulbench` (a SimulBench dialogue, followed by the judged stages). Default null.
   */
  scheduledBy?: 'simulbench' | null;
  /** Every seat writes free text a baseline cannot (SimulBench): Random and Engine may not take a seat. Default false. */
  modelsOnly?: boolean;
  /**
   * A model's answer is asked for at least this many times before the game's fallback is played for it, whatever
   * ARENA_MAX_RETRIES allows (SimulBench: 10, where the authors' code asks the user agent again until it answers; the
   * arena stops somewhere, as every try costs). Default: ARENA_MAX_RETRIES + 1.
   */
  minTries?: number;
  /** A sentence the Play page shows under the rules (how a person takes part in an evaluation). */
  playNote?: string;
  /** Where an evaluation's results are, when not on its metrics page `/metrics/<id>` (SimulBench: `/simulbench`). */
  resultsPath?: string;
}

/** The fields of `GameMeta` a game may leave out: `defineGame` fills in their defaults. */
type DefaultedMeta =
  | 'orderDrawn'
  | 'sides'
  | 'humanMoveSeconds'
  | 'scoring'
  | 'settingsPresets'
  | 'analysis'
  | 'promptSwitches'
  | 'normalizedBy';

/** The meta a game writes in its definition (`defineGame` fills in the rest). */
export type GameMetaSpec = Omit<GameMeta, DefaultedMeta> & Partial<Pick<GameMeta, DefaultedMeta>>;

/** What an agent's own settings change in a game's prompt (its ablation switches). */
export interface PromptOptions {
  /** Ids from `meta.promptSwitches` that are on for this agent. */
  switches?: readonly string[];
}

export interface Outcome {
  /** One score per seat in [0, 1], summing to 1 (GameBench convention): win 1/0, draw 0.5/0.5. */
  scores: number[];
  /** Human-readable reason, e.g. "X completes row 2". */
  reason: string;
  /** Raw rewards where the game has them (chips, points), one per seat. */
  rewards?: number[];
  /** Index of the winning seat, or null for a draw / shared result. */
  winner?: Seat | null;
  /**
   * One side label per seat where seats play as sides (Who is the spy: `spy` and `villager`): seats with the same
   * label are one side, and a side that wins is a win for each of its seats, however the score is split among them
   * (lib/outcomes.ts). Absent: every seat is a side of its own.
   */
  teams?: string[];
  /**
   * The result said as a person says it, where a seat label would not: the winning side ("Villagers win", "The spy
   * wins"), a cooperative team score ("Team score 14 of 25"), a judged evaluation's verdict. Pages make it the
   * headline (followed by the winning seats, when some seats won) instead of a list of seats or "Draw".
   */
  summary?: string;
}

export interface LogLine {
  /**
   * The line as any reader may read it: in the third person, naming the seat ("Player 1 bids 2…"). Spectators and
   * replays read a private line this way too (omniscient viewers are allowed every line), never "You…".
   */
  text: string;
  /** Seats allowed to read this line; absent = everyone. */
  visibleTo?: Seat[];
  /** A private line as its own seats (`visibleTo`) read it, in the second person: "You bid 2 (your valuation: 40)". */
  yours?: string;
}

/** Result of parsing an LLM reply: an action, or an error an LLM can act on. */
export type ParseResult<A> = { action: A } | { error: string };

export interface GamePrompt<_S, A, Cfg, V = unknown> {
  /** System message: the rules, the answer format and a worked example. */
  system(cfg: Cfg, seat: Seat, numPlayers: number, opts?: PromptOptions): string;
  /**
   * The user message for one turn: the observation (the seat's view) as text and the legal actions.
   * Convention shared with the simulated endpoint: when the actions are enumerable the prompt lists
   * them after a line `Legal moves:`, one per line as `- <exact answer text>`.
   */
  turn(view: V, seat: Seat, legal: A[] | null, cfg: Cfg, opts?: PromptOptions): string;
  /**
   * Reads a free-form reply (reasoning first, code fences, odd spacing…) into an action. `view` is the seat's view
   * the turn was asked from (e.g. the players' names), when the caller has it.
   */
  parse(reply: string, seat: Seat, legal: A[] | null, view?: V): ParseResult<A>;
  /** Writes an action exactly the way the prompt asks for it to the seat with this view (tests, the Legal moves list). */
  format(a: A, seat: Seat, view?: V): string;
  /**
   * A conversation game's own request for a seat's turn (SimulBench: the simulator reads the dialogue as a chat, the
   * user agent gets the paper's prompt): LLM agents send these messages, with this sampling, instead of `system` +
   * `turn` + their scaffold's text (rejections are appended as usual). Absent, or null for a turn: the usual request.
   */
  conversation?(view: V, seat: Seat, cfg: Cfg): ConversationTurn | null;
}

/** What `GamePrompt.conversation` asks an LLM seat: the messages, and sampling that replaces the agent's own. */
export interface ConversationTurn {
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
  temperature?: number;
  maxTokens?: number;
}

export interface EngineOptions {
  /** Search depth for engines that have one. */
  depth?: number;
}

/**
 * Strings private to `seat` in a state; `sharedWith` lists other seats that hold the same secret (a team's word).
 * Each value is written as the omniscient view writes it (a substring of its JSON), so that a view leaking the whole
 * state is caught: the conformance suite reports a value the omniscient view does not contain as a broken declaration.
 */
export interface Secret {
  seat: Seat;
  values: string[];
  sharedWith?: Seat[];
  /** Spectators may see it too (Hold'em risk's win rates, kept from the player alone). Default: false. */
  spectators?: boolean;
}

/** The pure state machine of a game: the same functions in its rules module (`GameRules`) and its definition (`GameDef`). */
export interface GameReducer<S, A extends { type: string }, V> {
  /** Seats that must act now; [] when the game is over; more than one = simultaneous moves. */
  activeSeats(s: S): Seat[];
  /** Every legal action for the seat, or null when the action space is open-ended (a clue, an offer). */
  legalActions(s: S, seat: Seat): A[] | null;
  /**
   * Why an action is illegal, in words an LLM can act on; null when legal. A game's own rules only: the definition
   * `defineGame` builds refuses a move once the game is over and one from a seat that is not active before it asks
   * the game (`turnRefusal`, lib/engine/validate.ts), so a rules module's `reject` is asked only about an active seat
   * of a game in progress.
   */
  reject(s: S, seat: Seat, a: A): string | null;
  /**
   * Pure transition; rng is derived from (match seed, ply). It is given only moves `reject` accepted (or the game's
   * own `fallback` move), and need not check them again.
   */
  apply(s: S, seat: Seat, a: A, rng: Rng): S;
  outcome(s: S): Outcome | null;
  /** The state as one viewer may see it: hidden information removed. Must survive JSON. */
  view(s: S, v: Viewer): V;
  /** Event-log lines for a move, e.g. "X plays (1,3)". */
  describe(prev: S, next: S, seat: Seat, a: A): LogLine[];
}

/**
 * The pure reducer a game's `rules.ts` exports under these names (`import * as rules from '../../games/rules'`): `defineGame`
 * builds the definition from it, so no game lists them again. The optional ones are picked up when exported.
 */
export interface GameRules<S, A extends { type: string }, Cfg, V> extends GameReducer<S, A, V> {
  configSchema: z.ZodType<Cfg>;
  actionSchema: z.ZodType<A>;
  /** The first state, from the parsed config (every default filled in) and the setup rng. */
  setup(rng: Rng, config: NoInfer<Cfg>, numPlayers: number): S;
  /** See `GameDef.secrets`. */
  secrets?(s: S): Secret[];
  /** See `GameDef.moveMetrics`. */
  moveMetrics?(prev: S, next: S, seat: Seat, a: A, rng: Rng): Record<string, number>;
  /** See `GameDef.fallback`. */
  fallback?(s: S, seat: Seat): A;
  /** See `GameDef.judgeable`. */
  judgeable?(s: S): JudgeItem[];
}

/**
 * What a game's `index.ts` passes to `defineGame` (lib/engine/define-game.ts): its id and meta, its reducer, its
 * prompt and rules text, and only the hooks it needs. Every hook receives a parsed config.
 */
export interface GameSpec<S, A extends { type: string }, Cfg, V> {
  id: string;
  /**
   * The game's protocol version (PettingZoo's `_vN` rule), from 1: bump it whenever a change could change results:
   * rules, prompts, data, parsing. The game's golden playthrough (games/<id>/playthrough.txt, `npm run playthroughs`)
   * records it, and a test fails when the playthrough changes while the version does not.
   */
  version: number;
  /**
   * The versions of the data sets the game deals from, by name (Who is the spy: `{ keywords: 'v1' }`): recorded in
   * every match's protocol (lib/match-protocol.ts). Default: none.
   */
  data?: Readonly<Record<string, string>>;
  meta: GameMetaSpec;
  /** The game's rules module: `import * as rules from '../../games/rules'`. */
  reducer: GameRules<S, A, Cfg, V>;
  prompt: GamePrompt<S, A, Cfg, V>;
  /** GameBench-style rule explanation: a summary and topics. */
  rules: { summary: string; topics: Record<string, string> };
  /** Default: the config schema's defaults (`configSchema.parse({})`). */
  defaultConfig?: Cfg;
  /** Default: a uniformly random legal move. */
  engine?(view: V, seat: Seat, legal: A[], rng: Rng, opts: EngineOptions): A;
  /** Overrides the reducer's (when it needs an engine's helpers). Default: none recorded. */
  moveMetrics?(prev: S, next: S, seat: Seat, a: A, rng: Rng): Record<string, number>;
  /** Default: false. */
  spectatorsSeeAll?(config: Cfg): boolean;
  /**
   * Why the game has no private information (every viewer sees the whole state: a perfect-information game with no
   * hidden draws and no sealed choices), for a game whose rules module declares no `secrets`. A game must give one or
   * the other: `defineGame` refuses a game with neither (or both).
   */
  publicInformation?: string;
  /** Default: `meta.minPlayers`. */
  defaultPlayers?(config: Cfg): number;
  /** The settings the demo tournament plays (e.g. a shorter evaluation, shown at once). Default: the defaults. */
  demoConfig?: Partial<Cfg>;
  /** Default: every seat in turn, the config unchanged. */
  hostGuest?: { seat?: Seat; config?(config: Cfg, guestSeat: Seat, numPlayers: number): Cfg };
  /**
   * The board as a picture, for LLM agents with the `vision` setting: a standalone SVG document (width and height
   * set, no external references, text in a generic family such as `sans-serif`) of what `seat` sees in `view`, drawn
   * from the same view as the turn's text. The server renders it to PNG (server/llm/board-image.ts) and sends it
   * beside the text. Pure: the same view always gives the same SVG. Return null for a view with nothing to show.
   * Default: none (vision agents get the text alone).
   */
  image?(view: V, seat: Seat): string | null;
  /**
   * The turn as GameBench's own code showed it (lib/engine/gamebench-turn.ts: its rules text, observation text and
   * action menu, issue 38 items 1–2), from the seat's view: what GameBench's agent (the `gamebench-gpt` scaffolds) reads,
   * and GameBench's random baseline chooses from under the `gamebench` preset. Default: none (the agent reads the
   * arena's own turn prompt and moves; the baseline chooses among the legal moves).
   */
  gamebench?(view: V, seat: Seat, legal: A[] | null, config: Cfg): GameBenchTurn;
}

/** How host/guest tournaments seat a game's evaluated agent (the guest) among the hosts. */
export interface HostGuest {
  /** The seat the guest always takes (DEEP: the describer); null = every seat in turn. */
  seat: Seat | null;
  /**
   * The config of a match whose guest sits in `guestSeat` (SpyGame: the guest is the spy). The config as stored or
   * given; returned unchanged by games that do not place anything around the guest.
   */
  config(config: unknown, guestSeat: Seat, numPlayers: number): unknown;
}

/**
 * A game as the platform uses it: built by `defineGame` (lib/engine/define-game.ts), with every hook present.
 * Hooks that take a config take it as stored or given (a database row's, a test's partial one) and read it with
 * `parseConfig`, once, before the game's own code sees it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds games of every state and action type
export interface GameDef<S = any, A extends { type: string } = any, Cfg = any, V = any> extends GameReducer<S, A, V> {
  id: string;
  /** The game's protocol version: bumped whenever a change could change results (see `GameSpec.version`). */
  version: number;
  /** The versions of the data sets the game deals from, by name (see `GameSpec.data`); {} when it has none. */
  data: Readonly<Record<string, string>>;
  meta: GameMeta;
  configSchema: z.ZodType<Cfg>;
  actionSchema: z.ZodType<A>;
  defaultConfig: Cfg;
  /** The config with every default filled in (`configSchema.parse(config ?? {})`); throws when it is invalid. */
  parseConfig(config: unknown): Cfg;
  /** The first state; `config` is parsed here. */
  setup(args: { numPlayers: number; config: unknown; rng: Rng }): S;
  prompt: GamePrompt<S, A, Cfg, V>;
  /** GameBench-style rule explanation: a summary and topics. */
  rules: { summary: string; topics: Record<string, string> };
  /** The engine baseline, working on the seat's own view (never on hidden state); a random legal move by default. */
  engine(view: V, seat: Seat, legal: A[], rng: Rng, opts: EngineOptions): A;
  /**
   * Numbers recorded with a move for the analysis pages, e.g. Hold'em's estimated win probability at the decision or
   * Connect Four's change in board valuation; null when the game records none. Pure (`rng` is derived from the match
   * seed and the ply). They are as private as the move's action: in imperfect-information games other seats see them
   * only once the match is over.
   */
  moveMetrics(prev: S, next: S, seat: Seat, a: A, rng: Rng): Record<string, number> | null;
  /**
   * The move played for a seat that gave no acceptable answer (retries or a person's time ran out) when the action
   * space is open-ended (`legalActions` is null): e.g. silence instead of a description. Null when the game has none:
   * such a seat loses the match. Never offered to players; `apply` must accept it.
   */
  fallback(s: S, seat: Seat): A | null;
  /**
   * Whether live spectators see everything (words, roles, private reasoning) as in a replay: a game whose point is
   * watching hidden information play out (Who is the spy). The hub never grants it to a match with a person in it.
   */
  spectatorsSeeAll(config: unknown): boolean;
  /** The usual number of players with this config (host/guest tournaments and the Play page default to it). */
  defaultPlayers(config: unknown): number;
  /** The settings the demo tournament plays this game with, parsed; null: its defaults. */
  demoConfig: Cfg | null;
  /** Host/guest tournaments: where the guest sits and what that changes in the config. */
  hostGuest: HostGuest;
  /**
   * For the conformance suite and the leak tests: strings that are private to a seat in this state (must not appear
   * in others' views); null for a game that declares none.
   */
  secrets: ((s: S) => Secret[]) | null;
  /** Why the game has no private information (`GameSpec.publicInformation`); null for a game that declares secrets. */
  publicInformation: string | null;
  /**
   * The board as a standalone SVG document, as `seat` sees it in `view`, for LLM agents with the `vision` setting
   * (see `GameSpec.image`); null for a game that offers no picture (its vision agents get the text alone).
   */
  image: ((view: V, seat: Seat) => string | null) | null;
  /** The turn as GameBench's code showed it (see `GameSpec.gamebench`); null for a game that has none. */
  gamebench: ((view: V, seat: Seat, legal: A[] | null, config: unknown) => GameBenchTurn) | null;
  /**
   * Free-text statements of a finished match that a judge agent can check against what their speaker knew (Who is the
   * spy: is each description true of the speaker's own word?); null for a game with nothing to judge. `item`
   * identifies the statement for the board.
   */
  judgeable: ((s: S) => JudgeItem[]) | null;
}

/** One move of a match as stored: enough to replay it. */
export interface MoveRecord {
  /** 0-based index of the move within the match; also selects the move's rng stream. */
  ply: number;
  seat: Seat;
  action: { type: string };
}

/** A match as recorded: enough to replay it (lib/engine/replay.ts). */
export interface RecordedMatch {
  /** The config as stored. */
  config: unknown;
  seed: string;
  /** The random generator that dealt it (lib/engine/rng.ts). */
  generator: GeneratorId;
  numPlayers: number;
  moves: MoveRecord[];
}

/**
 * A finished match as the game analyses read it (lib/db/game-analyses.ts loads them; each is replayed from its seed).
 */
export interface FinishedMatch extends RecordedMatch {
  id: string;
  seats: { seat: number; agentId: string; agentName: string; kind: string }[];
  /** Consistency judges' verdicts on the match's statements (`judgeable` items). */
  judgments: { item: number; judgeName: string; score: number | null; consistent: boolean | null }[];
  /** Plies of the moves the turn policy chose for a seat that gave no acceptable answer (forfeited turns); absent = none known. */
  forfeitedPlies?: number[];
}

/**
 * A game's own results page (`/metrics/<id>`), registered in games/metrics.ts: an analysis of its newest finished
 * matches (pure: replayed from their seeds and moves) and the server component that shows it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry lists pages of every analysis type
export interface MetricsPage<T = any> {
  /** The page's title (`<title>`), e.g. "Who is the spy · Metrics". */
  title: string;
  /** How many of the newest finished matches are analysed. */
  maxMatches: number;
  analyse(matches: readonly FinishedMatch[]): T;
  /** The page's content (a server component: no hooks, no client state). */
  Page(props: { analysis: T }): ReactNode;
  /**
   * A line linking to the page from the game's section of `/metrics` (an evaluation, which has no section there, is
   * linked from the list of evaluations instead).
   */
  link?: { text: string; detail: string };
  /**
   * Which matches the page reads by default (lib/db/rules.ts): the game's current rules (absent), or with `separate`,
   * every settings preset at the game's current version, for a page whose tables tell the presets apart themselves.
   */
  presets?: 'separate';
}

/** One turn of a conversation as the simulated endpoint (server/llm/simulated.ts) hands it to a game's simulated player. */
export interface SimTurn {
  /** The text of every user message, oldest first. */
  texts: string[];
  /** The exact answers listed after `Legal moves:` (the last list), or null. */
  legal: string[] | null;
  /** The simulated model errs this time. */
  flawed: boolean;
  /** A careful persona (it reasons and is not chatty). */
  careful: boolean;
  rng: Rng;
}

/** A simulated player's answer: ok = well formed; illegal = one the game will refuse (e.g. it says its own word). */
export interface SimAnswer {
  content: string;
  kind: 'ok' | 'illegal';
}

/**
 * A game's SIMULATED player (`games/<id>/sim.ts`, registered in games/sims.ts): answers the turns of its game that
 * the endpoint's generic move-picking cannot (free text, structured labels), or null when the conversation is not one
 * of them. Pure: all randomness from `turn.rng`.
 */
export type GameSim = (turn: SimTurn) => SimAnswer | null;

/** One statement for the consistency judge: what `seat` said about its `word`. */
export interface JudgeItem {
  item: number;
  seat: Seat;
  word: string;
  text: string;
}

/** A judge's verdict on a `JudgeItem`, as boards show it next to the statement. */
export interface Judgment {
  item: number;
  seat: Seat;
  judge: string;
  /** 1 (contradicts the word) to 5 (clearly true of it); null when the judge gave no usable answer. */
  score: number | null;
  consistent: boolean | null;
  reason: string | null;
}

/**
 * The one way to name a seat: by the game's names (its `meta.seatNames`, or the table its rules name seats by: a
 * `SEAT_NAMES`, Who is the spy's names drawn for the match), "Player <n>" where they name none.
 */
export function seatName(names: GameDef | readonly string[], seat: Seat): string {
  const table = 'meta' in names ? names.meta.seatNames : names;
  return table?.[seat] ?? `Player ${seat + 1}`;
}

/** Props every game's `board.tsx` receives, for spectators, replays and human seats alike. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a board is registered for any game's actions and views
export interface BoardProps<A = any, V = any> {
  /** The state as this viewer may see it (output of the game's `view`). */
  view: V;
  /** Seat labels with the player names, e.g. ["X · Random", "O · Engine"]. */
  players: string[];
  /** The most recent move, for highlighting; null at the start. */
  lastMove?: { seat: Seat; action: A } | null;
  /** Only for a person playing a seat: the legal actions they may take now. */
  legal?: A[] | null;
  /** Only for a person playing a seat: called with the chosen action. */
  onAction?: (a: A) => void;
  /**
   * Only for a person playing a seat: why the server refused their last move, in the game's words. Boards show it by
   * the controls that sent it (`MoveError` in games/controls.tsx), not at the top of the page.
   */
  error?: string | null;
  /** Judges' verdicts on the match's statements (the descriptions of Who is the spy), once it is over. */
  judgments?: Judgment[];
  /**
   * The match is over even if this position is not (a resignation, a void match): the board should not say whose
   * move it is.
   */
  over?: boolean;
}
