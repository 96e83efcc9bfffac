// DEEP rules: a pure state machine. The describer writes an aggressive and a conservative description of each target
// word; then every judge scores each description against the target and its distractors, one description at a time,
// in an order drawn at setup, with the words in each judge's own drawn order. Everything drawn is recorded in the state.
import type { LogLine, Outcome, Rng, Seat, Viewer } from '../../lib/engine/types';
import { wordIn } from '../words';
import {
  AGGRESSIVE_CHARS,
  AGGRESSIVE_WORDS,
  CANDIDATE_CHARS,
  CONSERVATIVE_CHARS,
  CONSERVATIVE_WORDS,
  DESCRIBER,
  MAX_CANDIDATES,
  MAX_JUDGES,
  MODES,
  type DeepAction,
  type DeepConfig,
  type DeepState,
  type DeepView,
  type Item,
  type ItemView,
  type Mode,
} from './types';
import { DEEP_WORDS, deepWordsFor } from './words';

// The schemas are the definition's too (lib/engine/types.ts, `GameRules`): they live in types.ts, shared with the prompt.
export { actionSchema, configSchema } from './types';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 1 + MAX_JUDGES;

const HAN = /\p{Script=Han}/gu;

/** Words in a text: whitespace-separated tokens, and every Chinese character counts as one word. */
export function countWords(text: string): number {
  const han = text.match(HAN)?.length ?? 0;
  const rest = text
    .replace(HAN, ' ')
    .split(/\s+/)
    .filter((t) => /[\p{L}\p{N}]/u.test(t)).length;
  return han + rest;
}

const judgesOf = (s: Pick<DeepState, 'numPlayers'>): number[] =>
  Array.from({ length: s.numPlayers - 1 }, (_, j) => j + 1);

export function setup(rng: Rng, cfg: DeepConfig, numPlayers: number): DeepState {
  if (!Number.isInteger(numPlayers) || numPlayers < MIN_PLAYERS || numPlayers > MAX_PLAYERS) {
    throw new Error(`DEEP takes one describer and one or two judges (2–3 players), not ${numPlayers}`);
  }
  let chosen;
  if (cfg.wordIds) {
    chosen = cfg.wordIds.map((id) => {
      const w = DEEP_WORDS.find((x) => x.id === id);
      if (!w) throw new Error(`there is no DEEP word "${id}" (ids are in games/deep/words.json)`);
      return w;
    });
  } else {
    const pool = deepWordsFor(cfg.lang);
    if (pool.length < cfg.words) throw new Error(`only ${pool.length} DEEP words in "${cfg.lang}", not ${cfg.words}`);
    chosen = rng.shuffle(pool).slice(0, cfg.words);
  }
  const judges = numPlayers - 1;
  const items: Item[] = chosen.map((w) => ({
    wordId: w.id,
    lang: w.lang,
    target: w.target,
    words: [w.target, ...w.distractors],
    aggressive: null,
    conservative: null,
    scores: { aggressive: [], conservative: [] },
  }));
  // Judging order: every description of every word, shuffled, so a judge never scores a word's two descriptions in a
  // row, and each judge sees the words in its own order (the target's place tells nothing).
  const queue = rng.shuffle(items.flatMap((_, item) => MODES.map((mode) => ({ item, mode })))).map((q) => ({
    ...q,
    orders: Array.from({ length: judges }, () => rng.shuffle(items[q.item]!.words.map((_, i) => i))),
  }));
  return {
    cfg,
    numPlayers,
    items,
    phase: 'describe',
    step: { item: 0, mode: 'aggressive', judging: 0 },
    queue,
    pending: [],
  };
}

const description = (it: Item, mode: Mode): string | null =>
  mode === 'aggressive' ? it.aggressive : (it.conservative?.text ?? null);

export function activeSeats(s: DeepState): Seat[] {
  if (s.phase === 'describe') return [DESCRIBER];
  if (s.phase === 'judge') return [...s.pending];
  return [];
}

/** Every answer is open-ended (a description, a set of scores). */
export function legalActions(): null {
  return null;
}

/** The judge's word order for the current description. */
function orderFor(s: DeepState, seat: Seat): number[] {
  return s.queue[s.step.judging]?.orders[seat - 1] ?? [];
}

export function reject(s: DeepState, seat: Seat, a: DeepAction): string | null {
  if (a.type === 'pass') return 'you must answer: passing is not a move';
  if (s.phase === 'describe') {
    if (a.type === 'score') return 'you are the describer: write a description, do not score';
    const it = s.items[s.step.item]!;
    if (a.type !== s.step.mode) return `write the ${s.step.mode} description of “${it.target}” now`;
    const text = a.text.trim();
    if (!text) return 'the description is empty: write one';
    const chars = a.type === 'aggressive' ? AGGRESSIVE_CHARS : CONSERVATIVE_CHARS;
    if (text.length > chars)
      return `the ${a.type} description is ${text.length} characters long; write at most ${chars}`;
    const said = wordIn(text, it.target);
    if (said) return `your description says “${said}”, which gives the word away: describe it without naming it`;
    const n = countWords(text);
    if (a.type === 'aggressive') {
      if (n > AGGRESSIVE_WORDS) return `the aggressive description has ${n} words; use at most ${AGGRESSIVE_WORDS}`;
      return null;
    }
    const candidates = a.candidates.map((c) => c.trim()).filter(Boolean);
    if (candidates.length < 2) return 'list at least two candidate words that share a characteristic with the target';
    if (candidates.length > MAX_CANDIDATES) return `list at most ${MAX_CANDIDATES} candidate words`;
    const long = candidates.find((c) => c.length > CANDIDATE_CHARS);
    if (long)
      return `a candidate is a word or two, at most ${CANDIDATE_CHARS} characters: “${long.slice(0, 20)}…” is ${long.length}`;
    if (n > CONSERVATIVE_WORDS) return `the conservative description has ${n} words; use at most ${CONSERVATIVE_WORDS}`;
    return null;
  }
  if (a.type !== 'score') return 'you are a judge: score the description against each word';
  const words = s.items[s.queue[s.step.judging]!.item]!.words;
  if (a.scores.length !== words.length) {
    return `give exactly ${words.length} scores, one per word (${orderFor(s, seat)
      .map((i) => words[i])
      .join(', ')}), each from 1 to 5`;
  }
  return null;
}

/** Skips descriptions the describer never gave; ends the test when every description is scored. */
function nextJudging(s: DeepState, from: number): DeepState {
  let k = from;
  while (k < s.queue.length && description(s.items[s.queue[k]!.item]!, s.queue[k]!.mode) === null) k++;
  if (k >= s.queue.length) return { ...s, phase: 'over', pending: [], step: { ...s.step, judging: k } };
  return { ...s, phase: 'judge', pending: judgesOf(s), step: { ...s.step, judging: k } };
}

export function apply(s: DeepState, seat: Seat, a: DeepAction): DeepState {
  if (s.phase === 'describe') {
    const items = s.items.slice();
    const it = { ...items[s.step.item]! };
    if (a.type === 'aggressive') it.aggressive = a.text.trim();
    else if (a.type === 'conservative')
      it.conservative = { candidates: a.candidates.map((c) => c.trim()).filter(Boolean), text: a.text.trim() };
    items[s.step.item] = it;
    const next: DeepState = { ...s, items };
    if (s.step.mode === 'aggressive') return { ...next, step: { ...s.step, mode: 'conservative' } };
    if (s.step.item + 1 < s.items.length)
      return { ...next, step: { ...s.step, item: s.step.item + 1, mode: 'aggressive' } };
    return nextJudging(next, 0);
  }
  if (s.phase !== 'judge') return s;
  const q = s.queue[s.step.judging]!;
  const items = s.items.slice();
  const it = { ...items[q.item]!, scores: { ...items[q.item]!.scores } };
  const row = it.scores[q.mode].slice();
  // Scores arrive in the judge's own word order; they are stored in the canonical order (target first).
  if (a.type === 'score') {
    const order = q.orders[seat - 1]!;
    const canonical = new Array<number>(it.words.length);
    order.forEach((wordIndex, shown) => (canonical[wordIndex] = a.scores[shown]!));
    row[seat - 1] = canonical;
  } else {
    row[seat - 1] = null;
  }
  it.scores[q.mode] = row;
  items[q.item] = it;
  const pending = s.pending.filter((p) => p !== seat);
  const next: DeepState = { ...s, items, pending };
  return pending.length ? next : nextJudging(next, s.step.judging + 1);
}

/** An evaluation, not a contest: every seat gets the same share and nobody wins; the summary is the describer's verdict. */
export function outcome(s: DeepState): Outcome | null {
  if (s.phase !== 'over') return null;
  const judged = s.queue.filter((q) => description(s.items[q.item]!, q.mode) !== null).length;
  return {
    scores: Array.from({ length: s.numPlayers }, () => 1 / s.numPlayers),
    winner: null,
    reason: `${judged} of ${s.queue.length} descriptions of ${s.items.length} word${s.items.length === 1 ? '' : 's'} scored`,
    summary: verdict(s),
  };
}

/** A gap of this many points (on the 1–5 scale) between the target's mean score and the distractors' is a clear one. */
export const CLEAR_GAP = 1;

/** Mean judges' scores of the target and of its distractors over every scored description of one kind; null when none. */
export function meanScores(s: Pick<DeepState, 'items'>, mode: Mode): { target: number; distractors: number } | null {
  const target: number[] = [];
  const distractors: number[] = [];
  for (const it of s.items) {
    for (const row of it.scores[mode]) {
      if (!row) continue;
      target.push(row[0]!);
      distractors.push(...row.slice(1));
    }
  }
  if (!target.length) return null;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return { target: mean(target), distractors: distractors.length ? mean(distractors) : 0 };
}

/**
 * The describer's verdict in one line, as the test means it: aggressive descriptions should single out the target
 * (judges score it at least CLEAR_GAP above the distractors), conservative ones should stay vague (no such gap).
 * "Describer: aggressive descriptions single out the target (4.5 vs 1.8 for the distractors); conservative ones stay
 * vague (2.9 vs 2.6)".
 */
export function verdict(s: Pick<DeepState, 'items'>): string {
  const n = (x: number) => x.toFixed(1);
  const parts: string[] = [];
  const a = meanScores(s, 'aggressive');
  if (a) {
    const clear = a.target - a.distractors >= CLEAR_GAP;
    parts.push(
      `aggressive descriptions ${clear ? 'single out' : 'do not single out'} the target (${n(a.target)} vs ${n(a.distractors)} for the distractors)`,
    );
  }
  const c = meanScores(s, 'conservative');
  if (c) {
    const vague = c.target - c.distractors < CLEAR_GAP;
    parts.push(
      `${a ? 'conservative ones' : 'conservative descriptions'} ${vague ? 'stay vague' : 'give the target away'} (${n(c.target)} vs ${n(c.distractors)})`,
    );
  }
  return parts.length ? `Describer: ${parts.join('; ')}` : 'Describer: no description was scored';
}

/** How many descriptions a state's judging covers (the describer's silences are skipped). */
const judgeable = (s: DeepState) => s.queue.filter((q) => description(s.items[q.item]!, q.mode) !== null);

function progress(s: DeepState): DeepView['progress'] {
  const total = s.items.length * 2;
  if (s.phase === 'describe') {
    return {
      described: s.step.item * 2 + (s.step.mode === 'conservative' ? 1 : 0),
      judged: 0,
      descriptions: total,
      words: s.items.length,
    };
  }
  const judged = s.queue.slice(0, s.step.judging).filter((q) => description(s.items[q.item]!, q.mode) !== null).length;
  return { described: total, judged, descriptions: judgeable(s).length, words: s.items.length };
}

function judgeTask(s: DeepState, seat: Seat) {
  const q = s.queue[s.step.judging]!;
  const it = s.items[q.item]!;
  const total = judgeable(s).length;
  const n = s.queue.slice(0, s.step.judging + 1).filter((x) => description(s.items[x.item]!, x.mode) !== null).length;
  return { n, total, description: description(it, q.mode)!, words: q.orders[seat - 1]!.map((i) => it.words[i]!) };
}

export function view(s: DeepState, v: Viewer): DeepView {
  const base = { numJudges: s.numPlayers - 1, phase: s.phase, progress: progress(s) };
  const describeTask =
    s.phase === 'describe' ? { item: s.step.item, mode: s.step.mode, target: s.items[s.step.item]!.target } : null;
  const all: ItemView[] = s.items.map((it, index) => ({ ...it, index }));
  if ('omniscient' in v || s.phase === 'over') {
    const q = s.phase === 'judge' ? s.queue[s.step.judging]! : null;
    return {
      ...base,
      role: 'omniscient',
      items: all,
      describe: describeTask,
      judge: q ? { ...judgeTask(s, 1), item: q.item, mode: q.mode, pending: [...s.pending] } : null,
    };
  }
  if ('seat' in v && v.seat === DESCRIBER) {
    // HIDDEN INFORMATION: the describer sees its own targets and descriptions, never the distractors (it must find
    // its own candidates) nor, until the end, the scores.
    const mine = all
      .filter((it) => s.phase !== 'describe' || it.index <= s.step.item)
      .map((it) => ({ ...it, words: [it.target], scores: { aggressive: [], conservative: [] } }));
    return { ...base, role: 'describer', items: mine, describe: describeTask, judge: null };
  }
  if ('seat' in v) {
    // HIDDEN INFORMATION: a judge sees one description at a time and the words in its own order, never which word is
    // the target, which kind of description it is, the candidates, other descriptions or the other judge's scores.
    const task = s.phase === 'judge' && s.pending.includes(v.seat) ? judgeTask(s, v.seat) : null;
    return { ...base, role: 'judge', items: [], describe: null, judge: task, judgeNo: v.seat };
  }
  // Blind spectators see what a judge waiting for its turn sees: the progress only.
  return { ...base, role: 'public', items: [], describe: null, judge: null };
}

/**
 * What the views keep from a seat while the match runs, written as the omniscient view's `items` write it: the target
 * words and the describer's descriptions are the describer's (a judge reads one description at a time, under another
 * name, and never which word is the target); the scores are no one seat's (each judge gives its own, sealed, and the
 * describer sees none until the end), so they are declared for every seat.
 */
export function secrets(s: DeepState): { seat: Seat; values: string[] }[] {
  if (s.phase === 'over') return [];
  const described = s.items.flatMap((it) => [
    `"target":${JSON.stringify(it.target)}`,
    ...(it.aggressive !== null ? [`"aggressive":${JSON.stringify(it.aggressive)}`] : []),
    ...(it.conservative !== null ? [`"conservative":${JSON.stringify(it.conservative)}`] : []),
  ]);
  const scored = s.items
    .filter((it) => MODES.some((m) => it.scores[m].some((x) => x !== undefined)))
    .map((it) => `"scores":${JSON.stringify(it.scores)}`);
  return Array.from({ length: s.numPlayers }, (_, seat) => ({
    seat,
    values: seat === DESCRIBER ? [...described, ...scored] : scored,
  }));
}

const preview = (t: string, n = 80) => (t.length > n ? `${t.slice(0, n - 1)}…` : t);

export function describe(prev: DeepState, next: DeepState, seat: Seat, a: DeepAction): LogLine[] {
  const judges = judgesOf(prev);
  if (prev.phase === 'describe') {
    const it = prev.items[prev.step.item]!;
    const where = `word ${prev.step.item + 1} of ${prev.items.length}`;
    // Descriptions name nothing secret themselves, but the target does: lines with it go to the describer only
    // (and omniscient viewers); the judges read the description when it is their turn.
    const lines: LogLine[] = [];
    if (a.type === 'pass') lines.push({ text: `The describer gave no description (${where})` });
    else {
      const body =
        a.type === 'conservative'
          ? `candidates ${a.candidates.join(', ')} — “${preview(a.text)}”`
          : a.type === 'aggressive'
            ? `“${preview(a.text)}”`
            : '';
      lines.push({ text: `The describer wrote a description (${where})` });
      lines.push({
        text: `${prev.step.mode === 'aggressive' ? 'Aggressive' : 'Conservative'} description of “${it.target}”: ${body}`,
        visibleTo: [DESCRIBER],
      });
    }
    if (next.phase === 'judge')
      lines.push({ text: `Scoring begins: description 1 of ${judgeTask(next, 1).total}`, visibleTo: judges });
    if (next.phase === 'over') lines.push({ text: 'No description to score: the test is over' });
    return lines;
  }
  const q = prev.queue[prev.step.judging]!;
  const it = next.items[q.item]!;
  const row = it.scores[q.mode][seat - 1];
  const lines: LogLine[] = [{ text: row ? `Judge ${seat} has scored` : `Judge ${seat} gave no scores` }];
  if (row) {
    // HIDDEN INFORMATION: the judge's own copy lists the words in the order it was shown them (the stored order puts
    // the target first); the line naming the target and the mode is for omniscient viewers only (visibleTo []).
    const shown = q.orders[seat - 1]!;
    lines.push({
      text: `Judge ${seat}, in the order shown: ${shown.map((i) => `${it.words[i]} ${row[i]}`).join(', ')}`,
      visibleTo: [seat],
    });
    lines.push({
      text: `Judge ${seat} on the ${q.mode} description of “${it.target}”: ${it.words.map((w, i) => `${w} ${row[i]}`).join(', ')}`,
      visibleTo: [],
    });
  }
  if (next.phase === 'over') lines.push({ text: 'Every description is scored: the test is over' });
  else if (next.step.judging !== prev.step.judging) {
    const t = judgeTask(next, 1);
    lines.push({ text: `Description ${t.n} of ${t.total} is up for scoring`, visibleTo: judges });
  }
  return lines;
}

export function fallback(): DeepAction {
  return { type: 'pass' };
}
