// The conformance harness: seeded random playouts that check any GameDef keeps the game contract.
import { isDeepStrictEqual } from 'node:util';
import { deserialize, serialize } from 'node:v8';
import type { GameBenchTurn } from './gamebench-turn';
import type { GameDef, Rng, Seat, Viewer } from './types';
import { createRng } from './rng';
import { applyMove, currentDeal, initialState, replayStates, type MoveRecord } from './replay';

export interface ConformanceOptions {
  /** Random playouts per player count (default 50). */
  seeds?: number;
  /** The first playout's number: playout i is dealt from the seed `conformance-<i>` (default 0). */
  firstSeed?: number;
  /** A playout longer than this many moves counts as not terminating (default 1000). */
  maxPlies?: number;
  /** Config to play with (default: the game's defaultConfig). */
  config?: unknown;
  /** Playouts, among the first ones, in which the engine (if any) is asked for a move at every turn (default 3). */
  engineSeeds?: number;
  /** Search depth given to the engine during those playouts (default 2, to stay quick). */
  engineDepth?: number;
  /**
   * In those playouts, the engine is asked at every turn of the first this many moves (default 100), then the playout
   * goes on at random: hundreds of positions per game and config, where asking it to the end of a 1,000-move Hive
   * playout spent most of the suite's time in search.
   */
  enginePlies?: number;
  /**
   * Chooses an action where the game lists none (open-ended actions: a clue, an offer). Without it the game's
   * `fallback` move is played there; a game with neither cannot be played out and is reported.
   */
  randomAction?: (state: unknown, seat: Seat, rng: Rng) => { type: string };
}

/** Why a value would not survive JSON unchanged, or null when it would (undefined object fields are allowed: JSON drops them). */
export function jsonProblem(value: unknown, path = 'view'): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${path} is ${value}`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (value[i] === undefined) return `${path}[${i}] is undefined`;
      const p = jsonProblem(value[i], `${path}[${i}]`);
      if (p) return p;
    }
    return null;
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null)
      return `${path} is a ${value.constructor?.name ?? 'non-plain object'}`;
    for (const [k, v] of Object.entries(value)) {
      const p = v === undefined ? null : jsonProblem(v, `${path}.${k}`);
      if (p) return p;
    }
    return null;
  }
  return `${path} is a ${typeof value}`;
}

const viewerName = (v: Viewer) =>
  'seat' in v ? `seat ${v.seat}` : 'spectator' in v ? 'the spectator' : 'the omniscient viewer';

/**
 * Plays seeded random games of `game` and returns every broken rule of the contract found (empty = conformant).
 * Checks: termination, replay determinism, no mutation by `apply`, JSON-safe views, secrets kept from other
 * viewers, legal actions accepted by `reject` and `actionSchema`, `format`/`parse` round trips, the
 * `Legal moves:` prompt convention, outcomes and active seats agreeing, scores in [0, 1] summing to 1, engines
 * answering legally, and the definition's `reject` refusing a move after the end and one from a seat not to act (the
 * platform's check, `turnRefusal`, which `defineGame` puts before every game's own). With several active seats, an
 * action is chosen for each and they are applied in seat order.
 */
export function checkConformance(game: GameDef, opts: ConformanceOptions = {}): string[] {
  const { seeds = 50, firstSeed = 0, maxPlies = 1000, engineSeeds = 3, engineDepth = 2, enginePlies = 100 } = opts;
  const problems = new Set<string>();
  const report = (p: string) => {
    if (problems.size < 50) problems.add(`${game.id}: ${p}`);
  };
  const config = opts.config ?? game.defaultConfig;

  if (game.meta.minPlayers < 1 || game.meta.minPlayers > game.meta.maxPlayers)
    report('meta.minPlayers/maxPlayers are inconsistent');
  if (!game.configSchema.safeParse(game.defaultConfig).success) report('configSchema rejects defaultConfig');
  if (!game.rules.summary.trim()) report('rules.summary is empty');

  for (let n = game.meta.minPlayers; n <= game.meta.maxPlayers; n++) {
    if (game.meta.seatNames && game.meta.seatNames.length < n) report(`meta.seatNames has fewer than ${n} names`);
    for (let seat = 0; seat < n; seat++)
      if (!game.prompt.system(config, seat, n).trim()) report(`prompt.system is empty for seat ${seat}`);
    for (let i = firstSeed; i < firstSeed + seeds; i++) {
      const where = `${n} players, seed ${i}`;
      try {
        playout({
          game,
          config,
          numPlayers: n,
          seed: `conformance-${i}`,
          engineDepth: i < engineSeeds ? engineDepth : null,
          enginePlies,
          maxPlies,
          randomAction: opts.randomAction,
          report: (p) => report(`${where}: ${p}`),
        });
      } catch (e) {
        report(`${where}: threw ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }
  return [...problems];
}

/** What one playout needs. */
interface Playout {
  game: GameDef;
  config: unknown;
  numPlayers: number;
  seed: string;
  /** Depth to ask the engine for a move at every turn, or null to play randomly only. */
  engineDepth: number | null;
  /** The engine is asked during the first this many moves only. */
  enginePlies: number;
  maxPlies: number;
  randomAction: ConformanceOptions['randomAction'];
  report: (problem: string) => void;
}

/** One seeded random game, checking every state on the way. */
function playout(run: Playout): void {
  const { game, config, numPlayers, seed, maxPlies, report } = run;
  const agentRng = createRng(`${seed}:agents`);
  const seats = Array.from({ length: numPlayers }, (_, s) => s);
  const viewers: Viewer[] = [...seats.map((seat) => ({ seat })), { spectator: true }, { omniscient: true }];
  const moves: MoveRecord[] = [];
  const deal = currentDeal(seed);
  let state = initialState(game, config, deal, numPlayers);
  const states = [state];

  for (;;) {
    const active = game.activeSeats(state);
    const result = game.outcome(state);
    const at = `ply ${moves.length}`;
    checkViews(game, state, viewers, (p) => report(`${at}: ${p}`));
    if ((active.length === 0) !== (result !== null)) {
      report(`${at}: activeSeats is ${JSON.stringify(active)} but outcome is ${result ? 'set' : 'null'}`);
      return;
    }
    if (result) {
      checkOutcome(result, numPlayers, (p) => report(`${at}: ${p}`));
      // The platform's check (`turnRefusal`), through the definition's `reject` as every caller asks it: no move after
      // the end, neither the last one again nor any other that was legal before it.
      const last = moves.at(-1);
      const tried = last ? [last.action, ...(game.legalActions(states.at(-2), last.seat) ?? [])] : [];
      for (const seat of seats) {
        if (tried.some((a) => game.reject(state, seat, a) === null))
          report(`${at}: reject accepts a move from seat ${seat} after the end`);
      }
      break;
    }
    if (moves.length >= maxPlies) {
      report(`no outcome after ${maxPlies} moves`);
      return;
    }
    const bad = active.filter((s) => !Number.isInteger(s) || s < 0 || s >= numPlayers);
    if (bad.length) {
      report(`${at}: activeSeats names seats that do not exist: ${JSON.stringify(bad)}`);
      return;
    }

    // Choose every active seat's action on the same state, as simultaneous players would.
    // A game's fallback move (played for a seat that gave no acceptable answer) is never offered, so `reject` may refuse it.
    const chosen: { seat: Seat; action: { type: string }; fallback: boolean }[] = [];
    for (const seat of active) {
      const action = chooseAction(
        {
          ...run,
          engineDepth: moves.length < run.enginePlies ? run.engineDepth : null,
          report: (p) => report(`${at}, seat ${seat}: ${p}`),
        },
        state,
        seat,
        agentRng,
      );
      if (!action) return;
      chosen.push({ seat, action, fallback: !run.randomAction && game.legalActions(state, seat) === null });
    }
    // The platform's check again: a seat not to act is refused whatever it sends.
    for (const inactive of seats.filter((s) => !active.includes(s))) {
      if (game.reject(state, inactive, chosen[0]!.action) === null)
        report(`${at}: reject accepts a move from seat ${inactive}, who is not to act`);
    }
    // Apply them in seat order.
    for (const { seat, action, fallback } of chosen.sort((a, b) => a.seat - b.seat)) {
      const why = fallback ? null : game.reject(state, seat, action);
      if (why !== null) {
        report(
          `${at}: seat ${seat}'s legal action ${JSON.stringify(action)} was rejected before it could be applied: ${why}`,
        );
        return;
      }
      const before = snapshot(state);
      const move: MoveRecord = { ply: moves.length, seat, action };
      const next = applyMove(game, state, deal, move);
      if (before !== undefined && !unchanged(before, state)) report(`${at}: apply mutated the previous state`);
      for (const line of game.describe(state, next, seat, action)) {
        if (!line.text.trim()) report(`${at}: describe returned an empty line`);
        if (line.visibleTo?.some((s) => !seats.includes(s))) report(`${at}: describe names a seat that does not exist`);
        // `text` is read by everyone allowed the line — spectators and replays too — so it names the seat; only
        // `yours`, a private line's copy for its own seat, may say "You…".
        if (secondPerson(line.text))
          report(
            `${at}: describe writes ${JSON.stringify(line.text)} in the second person: name the seat in \`text\` and put "You…" in \`yours\``,
          );
        if (line.yours !== undefined && !line.visibleTo?.length)
          report(`${at}: describe gives a line a \`yours\` copy but no seats in \`visibleTo\` to read it`);
      }
      moves.push(move);
      states.push(next);
      state = next;
    }
  }

  // The same seed and moves must rebuild the same states.
  const again = replayStates(game, config, deal, numPlayers, moves);
  // The same bytes, or else equal field by field (the same state built with its keys in another order).
  const same = (a: unknown, b: unknown) => !!snapshot(a)?.equals(snapshot(b) ?? EMPTY) || isDeepStrictEqual(a, b);
  const differs = states.findIndex((st, i) => !same(again[i], st));
  if (differs >= 0) report(`replaying the same seed and moves gave a different state after ${differs} moves`);
}

/**
 * Whether a log line speaks to its reader ("You bid 2", "your valuation"), outside what it quotes (a player's own
 * words, in quotes, may say anything).
 */
export function secondPerson(text: string): boolean {
  const unquoted = text.replace(/“[^”]*”|"[^"]*"|‘[^’]*’/g, ' ');
  return /\b(you|your|yours|yourself|you're|you've)\b/i.test(unquoted);
}

/**
 * The state as bytes (V8's structured serialisation: what `structuredClone` copies, Maps and Sets included), to detect
 * a mutation by comparing bytes instead of copying the state and comparing it field by field (which made long playouts
 * quadratic twice over); undefined when the state cannot be serialised.
 */
function snapshot(state: unknown): Buffer | undefined {
  try {
    return serialize(state);
  } catch {
    return undefined;
  }
}
const EMPTY = Buffer.alloc(0);

/**
 * Whether `state` is still what `before` recorded: the same bytes, or else (equal strings can be stored in two
 * encodings, which serialise differently) equal field by field to the recorded copy.
 */
function unchanged(before: Buffer, state: unknown): boolean {
  return !!snapshot(state)?.equals(before) || isDeepStrictEqual(deserialize(before), state);
}

/**
 * Views are JSON-safe, and no seat's secret shows in another seat's or the spectator's view. Every secret must be
 * written as the omniscient view writes it: a value the omniscient view does not contain could never be found in a
 * view that leaks the whole state, so it is reported as a broken declaration, not passed.
 */
function checkViews(game: GameDef, state: unknown, viewers: Viewer[], report: (p: string) => void): void {
  const json = new Map<Viewer, string>();
  for (const v of viewers) {
    const view = game.view(state, v);
    const problem = jsonProblem(view, `view for ${viewerName(v)}`);
    if (problem) report(`${problem}, which does not survive JSON`);
    json.set(v, JSON.stringify(view) ?? '');
  }
  const omniscient = JSON.stringify(game.view(state, { omniscient: true })) ?? '';
  for (const { seat, values, sharedWith = [], spectators = false } of game.secrets ? game.secrets(state) : []) {
    for (const secret of values) {
      if (!omniscient.includes(secret))
        report(
          `secret ${JSON.stringify(secret)} of seat ${seat} is not in the omniscient view: declare secrets as the view writes them`,
        );
    }
    for (const v of viewers) {
      // SECURITY: who may hold a secret — its seat, the seats it is shared with, spectators where the game opens it to
      // them, and the omniscient viewer. Every other viewer is checked.
      if (('seat' in v && (v.seat === seat || sharedWith.includes(v.seat))) || 'omniscient' in v) continue;
      if ('spectator' in v && spectators) continue;
      for (const secret of values) {
        if (json.get(v)!.includes(secret))
          report(`seat ${seat}'s secret ${JSON.stringify(secret)} appears in the view for ${viewerName(v)}`);
      }
    }
  }
}

/** A copy of `game` whose view gives every viewer the omniscient view: the whole state leaked. Its leak check must fail. */
export function leakingEverything(game: GameDef): GameDef {
  return { ...game, view: (s) => game.view(s, { omniscient: true }) };
}

/** A copy of `game` whose view gives seat `to` what seat `from` sees: one seat's hand leaked to one other seat. */
export function leakingSeat(game: GameDef, from: Seat, to: Seat): GameDef {
  return { ...game, view: (s, v) => game.view(s, 'seat' in v && v.seat === to ? { seat: from } : v) };
}

/**
 * The leak check alone: seeded random playouts of `game` (legal moves, or the game's fallback move where the actions
 * are open-ended; a playout ends where there is neither), checking every state's views against its secrets as
 * `checkConformance` does. Run on a copy with a leaking view (`leakingEverything`, `leakingSeat`) it must report the
 * leak: the proof that the game's declared secrets can catch one.
 */
export function checkSecrets(
  game: GameDef,
  opts: Pick<ConformanceOptions, 'seeds' | 'maxPlies' | 'config'> & { numPlayers?: number } = {},
): string[] {
  const { seeds = 5, maxPlies = 300 } = opts;
  const config = opts.config ?? game.defaultConfig;
  const numPlayers = opts.numPlayers ?? game.defaultPlayers(config);
  const problems = new Set<string>();
  const seats = Array.from({ length: numPlayers }, (_, s) => s);
  const viewers: Viewer[] = [...seats.map((seat) => ({ seat })), { spectator: true }, { omniscient: true }];
  for (let i = 0; i < seeds; i++) {
    const seed = `leaks-${i}`;
    const deal = currentDeal(seed);
    const rng = createRng(`${seed}:agents`);
    let state = initialState(game, config, deal, numPlayers);
    for (let ply = 0; ply <= maxPlies; ply++) {
      checkViews(game, state, viewers, (p) =>
        problems.add(`${game.id}: ${numPlayers} players, seed ${i}, ply ${ply}: ${p}`),
      );
      const seat = game.activeSeats(state)[0];
      if (seat === undefined || ply === maxPlies) break;
      const legal = game.legalActions(state, seat);
      const action = legal ? (legal.length ? rng.pick(legal) : null) : game.fallback(state, seat);
      if (!action) break;
      state = applyMove(game, state, deal, { ply, seat, action });
    }
  }
  return [...problems];
}

function checkOutcome(
  result: { scores: number[]; winner?: Seat | null },
  numPlayers: number,
  report: (p: string) => void,
): void {
  const { scores, winner } = result;
  if (scores.length !== numPlayers) report(`outcome has ${scores.length} scores for ${numPlayers} players`);
  if (scores.some((x) => !(x >= 0 && x <= 1))) report(`outcome scores ${JSON.stringify(scores)} are not all in [0, 1]`);
  const sum = scores.reduce((a, b) => a + b, 0);
  if (Math.abs(sum - 1) > 1e-9) report(`outcome scores ${JSON.stringify(scores)} sum to ${sum}, not 1`);
  if (winner !== undefined && winner !== null && !(winner >= 0 && winner < numPlayers))
    report(`outcome winner ${winner} is not a seat`);
}

/**
 * Checks everything about one seat's legal actions in this state, then picks one at random (or asks the
 * engine, when this playout exercises it). Returns null when the seat cannot move.
 */
function chooseAction(run: Playout, state: unknown, seat: Seat, rng: Rng): { type: string } | null {
  const { game, config, engineDepth, report } = run;
  const legal: { type: string }[] | null = game.legalActions(state, seat);
  const view = game.view(state, { seat });
  const turn = game.prompt.turn(view, seat, legal, config);
  if (!turn.trim()) report('prompt.turn is empty');

  if (legal === null) {
    const own = run.randomAction ? null : game.fallback(state, seat);
    if (own) return own;
    if (!run.randomAction) {
      report('legalActions is null (open-ended) and no randomAction option was given to play it');
      return null;
    }
    return run.randomAction(state, seat, rng);
  }
  if (legal.length === 0) {
    report('an active seat has no legal action');
    return null;
  }

  const turnLines = turn.split('\n');
  const listed = turnLines.indexOf('Legal moves:');
  if (listed < 0) report('prompt.turn has no "Legal moves:" line although the actions are enumerable');
  for (const a of legal) {
    const shown = JSON.stringify(a);
    if (game.reject(state, seat, a) !== null)
      report(`reject refuses legal action ${shown}: ${game.reject(state, seat, a)}`);
    if (!game.actionSchema.safeParse(a).success) report(`actionSchema refuses legal action ${shown}`);
    const problem = jsonProblem(a, 'action');
    if (problem) report(`legal action ${shown}: ${problem}`);
    const text = game.prompt.format(a, seat, view);
    const parsed = game.prompt.parse(text, seat, legal, view);
    if (!('action' in parsed))
      report(`parse(format(${shown})) = parse(${JSON.stringify(text)}) failed: ${parsed.error}`);
    else if (!isDeepStrictEqual(parsed.action, a))
      report(`parse(${JSON.stringify(text)}) gave ${JSON.stringify(parsed.action)}, not ${shown}`);
    if (listed >= 0 && !turnLines.slice(listed + 1).includes(`- ${text}`))
      report(`prompt.turn does not list "- ${text}" under "Legal moves:"`);
  }

  if (game.gamebench) checkGamebenchMenus(game, state, seat, view, legal, config, report);

  if (engineDepth !== null) {
    const a = game.engine(view, seat, legal, rng, { depth: engineDepth });
    const why = game.reject(state, seat, a);
    if (why !== null) report(`engine chose illegal action ${JSON.stringify(a)}: ${why}`);
    else return a;
  }
  return rng.pick(legal);
}

/**
 * A game's GameBench menus (its `gamebench` hook) for a seat with legal moves: the hook answers, offers something, and
 * every predefined id leads, through any further menus, to a move the game accepts or to a refusal in words. An id
 * may lead nowhere (GameBench's menu can offer what the arena's rules do not), never to a move the game then refuses.
 */
function checkGamebenchMenus(
  game: GameDef,
  state: unknown,
  seat: Seat,
  view: unknown,
  legal: { type: string }[],
  config: unknown,
  report: (p: string) => void,
): void {
  let turn: GameBenchTurn;
  try {
    turn = game.gamebench!(view, seat, legal, config);
  } catch (e) {
    report(`the gamebench hook threw: ${e instanceof Error ? e.message : String(e)}`);
    return;
  }
  const walk = (menu: GameBenchTurn, path: string[]): void => {
    if (path.length > 8) return report(`GameBench's menus go deeper than 8 steps: ${path.join(' → ')}`);
    if (!menu.predefined.length && !menu.openended.length)
      return report(`GameBench's menu${path.length ? ` after ${path.join(' → ')}` : ''} offers no action`);
    for (const { id } of menu.predefined) {
      const at = [...path, id];
      const choice = menu.resolve(id, undefined);
      if ('next' in choice) walk(choice.next, at);
      else if ('error' in choice) {
        if (!choice.error.trim()) report(`GameBench's id ${at.join(' → ')} is refused without a reason`);
      } else {
        const why = game.reject(state, seat, choice.action);
        if (why !== null)
          report(
            `GameBench's id ${at.join(' → ')} leads to ${JSON.stringify(choice.action)}, which the game refuses: ${why}`,
          );
      }
    }
  };
  walk(turn, []);
}
