// SimulBench dialogue rules: a pure state machine. The user (seat 0) and the simulator (seat 1) alternate on one
// simulation task; the user's first turn is the task description itself (the paper, Sec. 2.3), then the simulator
// replies, the user sends the next request (with its strategy), … for up to `turns` user requests, or until the user
// stops. Nobody wins: the judged stages that follow a dialogue live in lib/simulbench.
import { z } from 'zod';
import type { LogLine, Outcome, Rng, Seat, Viewer } from '../../lib/engine/types';
import { turnCount } from './dialogue';
import { TASKS, getTask } from './tasks';
import {
  MAX_REQUEST_CHARS,
  MAX_RESPONSE_CHARS,
  SIMULATOR,
  STRATEGIES,
  USER,
  type DialogueTurn,
  type FrozenScript,
  type SimulConfig,
  type Strategy,
  type Task,
} from './types';

// The config schema is the definition's too (lib/engine/types.ts, `GameRules`); it lives in the shared types.ts.
export { configSchema } from './types';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 2;

/** The most characters of the user agent's note on an `others` strategy (the arena's limit). */
export const MAX_NOTE_CHARS = 300;

/**
 * A move: the user sends a request (with the strategy it chose and, for `others`, a note) or stops the dialogue; the
 * simulator responds (an empty text is a legal reply: "an empty response is sometimes expected", B.4). `unusable`
 * marks the fallback played for a seat that gave no usable answer (the arena's own flag, never sent by a player).
 */
export const actionSchema = z.discriminatedUnion('type', [
  z
    .object({ type: z.literal('request'), strategy: z.enum(STRATEGIES), text: z.string(), note: z.string().optional() })
    .strict(),
  z.object({ type: z.literal('stop'), unusable: z.literal(true).optional() }).strict(),
  z.object({ type: z.literal('respond'), text: z.string(), unusable: z.literal(true).optional() }).strict(),
]);
export type SimulAction = z.infer<typeof actionSchema>;

/** One utterance as stored: the contract's turn, plus whether it was the fallback for a seat with no usable answer. */
export interface SimulTurn extends DialogueTurn {
  unusable?: true;
}

/** A dialogue in progress: the task, the most user requests (the task description counts as the first), the turns so far. */
export interface SimulState {
  task: Task;
  turns: number;
  dialogue: SimulTurn[];
  /** The user ended the dialogue before the last turn. */
  stopped: boolean;
  /** A frozen test script held for the targets to answer (no seat plays); absent in a dialogue. */
  frozen?: Pick<FrozenScript, 'id' | 'type' | 'turn'>;
}

/** Everything is public (no hidden information): the task, the limit, the dialogue and who acts now. */
export interface SimulView {
  task: Task;
  turns: number;
  dialogue: SimulTurn[];
  active: Seat[];
  stopped: boolean;
  frozen?: Pick<FrozenScript, 'id' | 'type' | 'turn'>;
}

/** The task a config names: its own task, a shipped one by id, or (neither) a shipped one drawn with the rng. */
export function taskFor(cfg: Pick<SimulConfig, 'task' | 'taskId'>, rng: Rng): Task {
  if (cfg.task) return cfg.task;
  if (cfg.taskId) {
    const t = getTask(cfg.taskId);
    if (!t)
      throw new Error(
        `there is no SimulBench task "${cfg.taskId}" (the shipped tasks are in games/simulbench/tasks.json)`,
      );
    return t;
  }
  if (!TASKS.length) throw new Error('no SimulBench task is shipped to draw from: give a task or a taskId');
  return rng.pick(TASKS);
}

/** The first state: the task, and the user's first turn (the task description). Two seats only. */
export function setup(rng: Rng, cfg: SimulConfig, numPlayers: number): SimulState {
  if (cfg.script) {
    // A frozen script: its history as the dialogue, over from the start; nobody sits (the targets answer it after).
    if (numPlayers !== 0) throw new Error(`a frozen SimulBench script has no seats, not ${numPlayers}`);
    const { id, type, turn, history } = cfg.script;
    const dialogue: SimulTurn[] = history.map((h, i) => (i === 0 ? { ...h, strategy: 'task' as const } : { ...h }));
    return { task: taskFor(cfg, rng), turns: turn, dialogue, stopped: false, frozen: { id, type, turn } };
  }
  if (numPlayers !== 2)
    throw new Error(`a SimulBench dialogue has two seats, the user and the simulator, not ${numPlayers}`);
  const task = taskFor(cfg, rng);
  // The user's first utterance is the task specification itself (Sec. 2.3).
  return {
    task,
    turns: cfg.turns,
    dialogue: [{ role: 'user', content: task.description, strategy: 'task' }],
    stopped: false,
  };
}

/** The simulator after a user turn; the user after a reply while requests remain and it has not stopped; [] when over. */
export function activeSeats(s: SimulState): Seat[] {
  if (s.stopped || s.frozen) return [];
  const last = s.dialogue.at(-1);
  if (!last || last.role === 'user') return [SIMULATOR];
  return turnCount(s.dialogue) < s.turns ? [USER] : [];
}

/** Every move is open-ended (a request, a reply). */
export function legalActions(): null {
  return null;
}

/** Why a move is refused (the wrong seat or kind, an empty request, a text over its limit, saying the limit), or null. */
export function reject(s: SimulState, seat: Seat, a: SimulAction): string | null {
  if (seat === USER) {
    if (a.type === 'stop') return null;
    if (a.type !== 'request') return 'you are the user: send a request (or stop the dialogue), not a reply';
    if (!STRATEGIES.includes(a.strategy)) return `choose a strategy: ${STRATEGIES.join(', ')}`;
    if (typeof a.text !== 'string') return 'the request must be text';
    const text = a.text.trim();
    if (!text) return 'the request is empty: write one (or stop the dialogue)';
    if (text.length > MAX_REQUEST_CHARS)
      return `the request is ${text.length} characters long; write at most ${MAX_REQUEST_CHARS}`;
    const note = a.note?.trim() ?? '';
    if (note.length > MAX_NOTE_CHARS)
      return `the note on the strategy is ${note.length} characters long; write at most ${MAX_NOTE_CHARS}`;
    return null;
  }
  if (a.type !== 'respond') return 'you are the simulator: reply to the last request';
  if (typeof a.text !== 'string') return 'the reply must be text';
  if (a.text.length > MAX_RESPONSE_CHARS)
    return `the reply is ${a.text.length} characters long; write at most ${MAX_RESPONSE_CHARS}`;
  return null;
}

/** Appends the request (trimmed, with its note) or the reply (as given); a stop ends the dialogue. */
export function apply(s: SimulState, _seat: Seat, a: SimulAction): SimulState {
  if (a.type === 'stop') return { ...s, stopped: true };
  if (a.type === 'request') {
    const note = a.note?.trim();
    const turn: SimulTurn = { role: 'user', content: a.text.trim(), strategy: a.strategy };
    if (note) turn.strategyNote = note;
    return { ...s, dialogue: [...s.dialogue, turn] };
  }
  const turn: SimulTurn = { role: 'assistant', content: a.text };
  if (a.unusable) turn.unusable = true;
  return { ...s, dialogue: [...s.dialogue, turn] };
}

const plural = (n: number) => `${n} turn${n === 1 ? '' : 's'}`;

/** Nobody wins a dialogue: both seats get half, and the summary says what was collected. */
export function outcome(s: SimulState): Outcome | null {
  if (activeSeats(s).length) return null;
  if (s.frozen) {
    return {
      scores: [],
      winner: null,
      reason: `A frozen test script (${s.frozen.type}, request ${s.frozen.turn})`,
      summary: 'Frozen script: the targets answer its last request',
    };
  }
  const n = turnCount(s.dialogue);
  return {
    scores: [0.5, 0.5],
    winner: null,
    reason: s.stopped ? `The user stopped after ${plural(n)}` : `The dialogue ended after ${plural(n)}`,
    summary: `Dialogue collected: ${plural(n)}`,
  };
}

/** The same for every viewer: nothing is hidden. */
export function view(s: SimulState, _v: Viewer): SimulView {
  return {
    task: s.task,
    turns: s.turns,
    dialogue: s.dialogue,
    active: activeSeats(s),
    stopped: s.stopped,
    ...(s.frozen ? { frozen: s.frozen } : {}),
  };
}

/** How a strategy is said in the log and on chips. */
export const STRATEGY_LABELS: Record<Strategy | 'task', string> = {
  task: 'Task',
  improvement: 'Improvement',
  'next-step': 'Next step',
  'new-request': 'New request',
  others: 'Others',
};

/** A text's first `n` characters in curly quotes (quoted words are the speaker's own: they may say "you"). */
export function quoted(text: string, n = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim().replace(/[“”]/g, '"');
  return `“${flat.length > n ? `${flat.slice(0, n)}…` : flat}”`;
}

/** Log lines: "User (next step): “…”" (the first 80 characters), "Simulator replies (n characters)", a stop, the end. */
export function describe(prev: SimulState, next: SimulState, seat: Seat, a: SimulAction): LogLine[] {
  const lines: LogLine[] = [];
  const n = turnCount(prev.dialogue);
  if (a.type === 'stop') {
    lines.push({
      text: a.unusable
        ? `The user gave no usable request: the dialogue ends after ${plural(n)}`
        : `The user ended the dialogue after ${plural(n)}`,
    });
  } else if (a.type === 'request') {
    lines.push({ text: `User (${STRATEGY_LABELS[a.strategy].toLowerCase()}): ${quoted(a.text)}` });
  } else {
    lines.push({
      text: a.unusable ? 'The simulator gave no usable reply' : `Simulator replies (${a.text.length} characters)`,
    });
  }
  if (seat === SIMULATOR && activeSeats(next).length === 0)
    lines.push({ text: `The dialogue is complete: ${plural(turnCount(next.dialogue))}` });
  return lines;
}

/** The move for a seat that gave no usable answer: the user stops the dialogue; the simulator's reply is empty. */
export function fallback(_s: SimulState, seat: Seat): SimulAction {
  return seat === USER ? { type: 'stop', unusable: true } : { type: 'respond', text: '', unusable: true };
}
