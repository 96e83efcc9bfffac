// Golden playthroughs (as OpenSpiel keeps them): one seeded match of a game, per preset, written out as text — the
// game's rules text, each seat's system prompt, each turn's prompt as an LLM seat is sent it (with its legal moves),
// the moves, the log lines and the views each viewer gets — so that a change to any of them shows in review as a diff
// of games/<id>/playthrough*.txt. Pure: the same game and version always give the same text, on every machine.
import { lineText } from '../match-log';
import { applyMove, currentDeal, initialState, type MoveRecord } from './replay';
import { streamRng } from './rng';
import { gameRequest, type GameRequest } from './turn-request';
import { readsLine } from './visibility';
import type { GameDef, Seat, Viewer } from './types';

/** One playthrough of a game: its defaults, its demo settings, or one of its settings presets. */
export interface PlaythroughPreset {
  /** `defaults`, `demo`, or a settings preset's label. */
  name: string;
  /** The file it is kept in, in the game's folder: `playthrough.txt`, `playthrough-demo.txt`, `playthrough-<label>.txt`. */
  file: string;
  /** The config as given (the game parses it). */
  config: unknown;
}

/** The game's playthroughs: its defaults, its demo settings when it has some, and each of its settings presets. */
export function playthroughPresets(game: GameDef): PlaythroughPreset[] {
  const slug = (label: string) =>
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  return [
    { name: 'defaults', file: 'playthrough.txt', config: {} },
    ...(game.demoConfig === null ? [] : [{ name: 'demo', file: 'playthrough-demo.txt', config: game.demoConfig }]),
    ...game.meta.settingsPresets.map((p) => ({
      name: `preset "${p.label}"`,
      file: `playthrough-${slug(p.label)}.txt`,
      config: p.config,
    })),
  ];
}

/**
 * The reply a playthrough gives where a turn's moves are open-ended (a description, a clue, a message): played when
 * the game's parser reads it and its rules accept it, else the game's fallback move is.
 */
export const FIXED_REPLY = 'A fixed reply of the golden playthrough.';

/** Plies a playthrough records at most: the rest of a long match is left out, and the file says so. */
export const MAX_PLIES = 60;
/**
 * The file's size, in bytes (UTF-8), that no further round of moves may take it past, judged by the longest round so
 * far (its views included): once the text and another round as long would pass it, the playthrough stops.
 */
export const MAX_BYTES = 140_000;
/** Views of every viewer are written at the start, after every `VIEWS_EVERY`-th ply, and at the last ply recorded. */
export const VIEWS_EVERY = 10;

/** The header line that records the game's version (read back by `recordedVersion`). */
const VERSION_LINE = /^version: (\d+)$/m;

/** The game version a playthrough's text records, or null when it records none. */
export function recordedVersion(text: string): number | null {
  const m = VERSION_LINE.exec(text);
  return m ? Number(m[1]) : null;
}

/** JSON with every object's keys sorted, so a view's text does not depend on the order its fields were built in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** A block of text, each line behind `  | ` so that nothing inside it can be read as the file's own structure. */
const block = (text: string): string[] => text.split('\n').map((l) => (l ? `  | ${l}` : '  |'));

/** `name: text` on one line, or the text as a block under `name:` when it has several lines. */
const field = (name: string, text: string): string[] =>
  text.includes('\n') ? [`${name}:`, ...block(text)] : [`${name}: ${text}`];

/** The match of one preset, as text. */
export function playthrough(game: GameDef, preset: PlaythroughPreset): string {
  const config = game.parseConfig(preset.config);
  const numPlayers = game.defaultPlayers(config);
  const seed = `playthrough:${game.id}:${preset.file}`;
  const deal = currentDeal(seed);
  const moveRng = streamRng(deal.generator, seed, 'playthrough-moves');
  const seats = Array.from({ length: numPlayers }, (_, s) => s);
  const viewers: { label: string; viewer: Viewer }[] = [
    ...seats.map((seat) => ({ label: `seat ${seat}`, viewer: { seat } })),
    { label: 'spectator', viewer: { spectator: true } },
    { label: 'omniscient', viewer: { omniscient: true } },
  ];

  const out: string[] = [
    `# The golden playthrough of ${game.id} (${preset.name}): written by \`npm run playthroughs\`, compared by`,
    '# games/playthroughs.test.ts. Never edit it by hand: a change to it needs a bump of the game’s version.',
    `game: ${game.id}`,
    `version: ${game.version}`,
    `preset: ${preset.name}`,
    `config: ${canonicalJson(config)}`,
    `seed: ${seed}`,
    `generator: ${deal.generator}`,
    `seats: ${seats.map((s) => `seat ${s} = ${game.meta.seatNames?.[s] ?? `Player ${s + 1}`}`).join(', ')}`,
    'moves: a seeded random legal move; where the moves are open-ended, the fixed reply below when the game reads and',
    '  accepts it, else the game’s fallback move. Seats that act at once all choose on the same state, then their',
    '  moves are applied in seat order.',
    `fixed reply: ${FIXED_REPLY}`,
    `bounds: at most ${MAX_PLIES} plies, and no further round of moves once another as long as the longest so far`,
    `  would take the file past ${MAX_BYTES} bytes; every viewer's view at the start, after every ${VIEWS_EVERY}th ply`,
    '  and after the last ply recorded (viewers with the same text share a line); the log lines of every ply.',
    '',
    '== rules (sent to agents whose rules setting asks for them)',
    'summary:',
    ...block(game.rules.summary),
    ...Object.keys(game.rules.topics)
      .sort()
      .flatMap((t) => [`topic ${t}:`, ...block(game.rules.topics[t]!)]),
  ];

  const utf8 = new TextEncoder();
  const size = () => out.reduce((n, l) => n + utf8.encode(l).length + 1, 0);
  /** Lines `label: text` with the viewers that get the same text grouped, in viewer order. */
  const grouped = (name: string, texts: string[]): string[] => {
    const groups = new Map<string, string[]>();
    texts.forEach((t, i) => groups.set(t, [...(groups.get(t) ?? []), viewers[i]!.label]));
    return [...groups].map(([t, who]) => `${name} [${who.join(', ')}]: ${t}`);
  };
  const views = (state: unknown) =>
    grouped(
      'view',
      viewers.map(({ viewer }) => canonicalJson(game.view(state, viewer))),
    );

  let state = initialState(game, config, deal, numPlayers);
  const systems = new Map<Seat, string>();
  const request = (seat: Seat, legal: { type: string }[] | null): GameRequest =>
    gameRequest({ game, config, seat, numPlayers, view: game.view(state, { seat }), legal });
  for (const seat of seats) {
    const r = request(seat, game.legalActions(state, seat));
    if (r.kind === 'prompt') systems.set(seat, r.system);
  }
  for (const [seat, system] of systems) out.push('', `== system prompt of seat ${seat}`, ...block(system));
  // An agent's ablation switches change the prompts: each switch's system prompts and first turn prompt, where they differ.
  const first = game.activeSeats(state)[0];
  for (const sw of game.meta.promptSwitches) {
    out.push('', `== with the prompt switch ${sw.id} (${sw.label})`);
    const opts = { switches: [sw.id] };
    const ask = (seat: Seat) =>
      gameRequest(
        { game, config, seat, numPlayers, view: game.view(state, { seat }), legal: game.legalActions(state, seat) },
        opts,
      );
    for (const seat of seats) {
      const r = ask(seat);
      if (r.kind === 'prompt' && r.system !== systems.get(seat))
        out.push(`system prompt of seat ${seat}:`, ...block(r.system));
    }
    const r = first === undefined ? null : ask(first);
    if (r?.kind === 'prompt') out.push(`turn prompt of seat ${first} at the start:`, ...block(r.turn));
  }
  out.push('', '== start', ...views(state));

  const moves: MoveRecord[] = [];
  let stopped: string | null = null;
  /** The file's size before this round, the longest round so far, and the ply the views were last written after. */
  let before = size();
  let longest = 0;
  let viewsAfter = -1;
  for (let active = game.activeSeats(state); active.length; active = game.activeSeats(state)) {
    longest = Math.max(longest, size() - before);
    before = size();
    if (moves.length >= MAX_PLIES || before + longest > MAX_BYTES) {
      stopped = `stopped after ${moves.length} plies (the bounds above); the match is not over`;
      break;
    }
    const chosen: MoveRecord[] = [];
    for (const seat of [...active].sort((a, b) => a - b)) {
      const legal = game.legalActions(state, seat);
      const view = game.view(state, { seat });
      const r = request(seat, legal);
      out.push(
        '',
        `== ply ${moves.length + chosen.length}: seat ${seat}${active.length > 1 ? ` (seats ${active.join(', ')} act at once)` : ''}`,
      );
      if (r.kind === 'prompt') out.push('turn prompt:', ...block(r.turn));
      else for (const m of r.turn.messages) out.push(`message (${m.role}):`, ...block(m.content));
      let action: { type: string };
      if (legal) {
        action = moveRng.pick(legal);
        out.push(...field('answer', game.prompt.format(action, seat, view)));
      } else {
        out.push(`reply: ${FIXED_REPLY}`);
        const parsed = game.prompt.parse(FIXED_REPLY, seat, null, view);
        const why = 'error' in parsed ? `unread: ${parsed.error}` : game.reject(state, seat, parsed.action);
        if ('action' in parsed && why === null) action = parsed.action;
        else {
          const fallback = game.fallback(state, seat);
          if (!fallback) throw new Error(`${game.id}: an open-ended turn of seat ${seat} has no fallback move`);
          out.push(...field('refused, so the fallback move is played', why ?? ''));
          action = fallback;
        }
      }
      out.push(`action: ${canonicalJson(action)}`);
      chosen.push({ ply: moves.length + chosen.length, seat, action });
    }
    for (const m of chosen) {
      const next = applyMove(game, state, deal, m);
      const lines = game.describe(state, next, m.seat, m.action);
      const read = viewers.map(({ viewer }) =>
        canonicalJson(
          lines.filter((l) => readsLine(viewer, l)).map((l) => lineText(l, 'seat' in viewer ? viewer.seat : null)),
        ),
      );
      out.push(...grouped(`log of ply ${m.ply}`, read));
      moves.push(m);
      state = next;
    }
    if (moves.length % VIEWS_EVERY < chosen.length) {
      out.push(`views after ply ${moves.length - 1}:`, ...views(state));
      viewsAfter = moves.length - 1;
    }
  }
  if (viewsAfter < moves.length - 1) out.push(`views after ply ${moves.length - 1}:`, ...views(state));
  out.push('');
  if (stopped) out.push(`== ${stopped}`);
  else {
    const o = game.outcome(state)!;
    out.push(`== over after ${moves.length} plies`, ...field('reason', o.reason), `scores: ${canonicalJson(o.scores)}`);
    if (o.summary) out.push(...field('summary', o.summary));
  }
  return `${out.join('\n')}\n`;
}

/**
 * How a kept playthrough compares with the game as it is now:
 * - `same`: nothing to do;
 * - `missing`: no file yet (a new game or preset): write it;
 * - `regenerate`: the game's version differs from the one the file records: rewrite it;
 * - `unbumped`: the text changed while the game's version did not: the game's version must go up first;
 * - `lowered`: the game's version is below the file's: versions only go up.
 */
export type PlaythroughStatus = 'same' | 'missing' | 'regenerate' | 'unbumped' | 'lowered';

export interface PlaythroughCheck {
  status: PlaythroughStatus;
  /** What to do, in words, naming the file and the game (null when `same`). */
  message: string | null;
}

/** Compares a kept playthrough (`kept`, null when there is no file) with the one the game gives now (`fresh`). */
export function checkPlaythrough(
  game: Pick<GameDef, 'id' | 'version'>,
  file: string,
  kept: string | null,
  fresh: string,
): PlaythroughCheck {
  const path = `games/${game.id}/${file}`;
  if (kept === fresh) return { status: 'same', message: null };
  if (kept === null) return { status: 'missing', message: `${path} does not exist: run npm run playthroughs` };
  const recorded = recordedVersion(kept);
  const diff = firstDifference(kept, fresh);
  if (recorded === game.version)
    return {
      status: 'unbumped',
      message:
        `${path} changed while ${game.id}'s version is still ${game.version}: a change that could change results ` +
        `(rules, prompts, data, parsing) needs a new version. Bump games/${game.id} version to ${game.version + 1} ` +
        `(its index.ts), then run npm run playthroughs.\n${diff}`,
    };
  if (recorded !== null && recorded > game.version)
    return {
      status: 'lowered',
      message: `${path} records version ${recorded} but ${game.id} is at version ${game.version}: a game's version only goes up.`,
    };
  return {
    status: 'regenerate',
    message: `${path} records version ${recorded ?? 'none'} but ${game.id} is at version ${game.version}: run npm run playthroughs to regenerate it.\n${diff}`,
  };
}

/** The first line where two texts differ, with a few lines around it, as `-` (kept) and `+` (now) lines. */
export function firstDifference(kept: string, fresh: string, context = 2): string {
  const a = kept.split('\n');
  const b = fresh.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - context);
  const show = (lines: string[], mark: string) => lines.slice(i, i + 1 + context).map((l) => `${mark} ${l}`);
  return [
    `first difference at line ${i + 1}:`,
    ...a.slice(from, i).map((l) => `  ${l}`),
    ...(i < a.length ? show(a, '-') : ['- (the file ends here)']),
    ...(i < b.length ? show(b, '+') : ['+ (the text now ends here)']),
  ].join('\n');
}
