// The SimulBench dialogue board: the task card, then the dialogue as a chat (the user's requests on the right with their
// strategy, the simulator's replies on the left in monospace), who is writing, and for a person in the user seat a
// composer (request, strategy, Send / End the dialogue); a person in the simulator seat gets a reply box.
'use client';

import { useState, type KeyboardEvent } from 'react';
import { ActionButton, MoveError } from '../controls';
import type { BoardProps } from '../../lib/engine/types';
import { turnCount } from './dialogue';
import { STRATEGY_HELP } from './prompt';
import { MAX_NOTE_CHARS, STRATEGY_LABELS, type SimulAction, type SimulTurn, type SimulView } from './rules';
import { MAX_REQUEST_CHARS, MAX_RESPONSE_CHARS, SIMULATOR, STRATEGIES, USER, type Strategy } from './types';

const plural = (n: number) => `${n} turn${n === 1 ? '' : 's'}`;

/** The board for spectators, replays and a person in either seat. */
export function SimulBenchBoard({ view: v, players, onAction, error, over }: BoardProps<SimulAction, SimulView>) {
  const ended = !!over || v.active.length === 0;
  const n = turnCount(v.dialogue);
  const mine = onAction && !ended;
  return (
    <div className="flex w-full min-w-0 flex-col gap-4 text-sm" data-testid="simulbench-board">
      <TaskCard v={v} />
      <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="simulbench-progress">
        Turn {n} of {v.turns}
      </p>
      <ol className="flex flex-col gap-3" data-testid="simulbench-chat" aria-label="Dialogue">
        {v.dialogue.map((t, i) => (
          <Message key={i} turn={t} />
        ))}
      </ol>
      {!ended && <Typing v={v} players={players} />}
      {ended && (
        <p
          data-testid="simulbench-result"
          className="rounded-lg bg-emerald-50 px-3 py-2 text-center font-semibold text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200"
        >
          {v.frozen
            ? `A frozen test script (${v.frozen.type}): every target answers the last request`
            : v.stopped
              ? `The user stopped after ${plural(n)}`
              : `The dialogue ended after ${plural(n)}`}
        </p>
      )}
      {mine && v.active.includes(USER) && (
        <UserComposer key={v.dialogue.length} onAction={onAction} error={error} turn={n + 1} of={v.turns} />
      )}
      {mine && v.active.includes(SIMULATOR) && (
        <ReplyComposer key={v.dialogue.length} onAction={onAction} error={error} />
      )}
    </div>
  );
}

function TaskCard({ v }: { v: SimulView }) {
  const { task } = v;
  return (
    <section
      className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-700"
      data-testid="simulbench-task"
      aria-label="Task"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{task.name}</h3>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${task.kind === 'stateful' ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200' : 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200'}`}
          title={
            task.kind === 'stateful'
              ? 'An environment that evolves with every request'
              : 'A one-shot tool: every request stands alone'
          }
        >
          {task.kind}
        </span>
      </div>
      <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">A request is: {task.requestType}</p>
      <details className="mt-2">
        <summary className="cursor-pointer text-xs text-indigo-700 dark:text-indigo-300">Task description</summary>
        <p className="mt-1 whitespace-pre-wrap break-words text-zinc-700 dark:text-zinc-300">{task.description}</p>
      </details>
    </section>
  );
}

/** A strategy's chip: Task, Improvement, Next step, New request, Others (with its note). */
export function StrategyChip({ strategy, note }: { strategy: SimulTurn['strategy']; note?: string }) {
  if (!strategy) return null;
  return (
    <span
      data-testid="simulbench-strategy"
      className="inline-block max-w-full rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-900 dark:bg-indigo-900/50 dark:text-indigo-200"
      title={strategy === 'task' ? 'The first request is the task description itself' : STRATEGY_HELP[strategy]}
    >
      {STRATEGY_LABELS[strategy]}
      {note ? `: ${note}` : ''}
    </span>
  );
}

function Message({ turn: t }: { turn: SimulTurn }) {
  if (t.role === 'user') {
    return (
      <li data-testid="simulbench-turn" data-role="user" className="flex flex-col items-end gap-1">
        <StrategyChip strategy={t.strategy} note={t.strategyNote} />
        <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-sm bg-indigo-600 px-3 py-2 text-white">
          <span className="sr-only">User: </span>
          {t.content}
        </div>
      </li>
    );
  }
  return (
    <li data-testid="simulbench-turn" data-role="assistant" className="flex flex-col items-start gap-1">
      <span className="text-xs text-zinc-500 dark:text-zinc-400">Simulator</span>
      {t.content ? (
        <pre className="max-w-[85%] overflow-x-auto whitespace-pre-wrap break-words rounded-2xl rounded-bl-sm bg-zinc-100 px-3 py-2 font-mono text-xs text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100">
          {t.content}
        </pre>
      ) : (
        <p className="rounded-2xl rounded-bl-sm bg-zinc-100 px-3 py-2 italic text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
          {t.unusable ? 'No usable reply' : 'Empty reply'}
        </p>
      )}
    </li>
  );
}

function Typing({ v, players }: { v: SimulView; players: string[] }) {
  const who = v.active.includes(SIMULATOR) ? (players[SIMULATOR] ?? 'Simulator') : (players[USER] ?? 'User');
  const what = v.active.includes(SIMULATOR) ? 'is replying' : 'is writing the next request';
  return (
    <p className="text-xs italic text-zinc-500 dark:text-zinc-400" data-testid="simulbench-typing" aria-live="polite">
      {who} {what}…
    </p>
  );
}

/** The user's move from the composer's fields: a request, trimmed, with the note only for `others`. */
export function requestFrom(text: string, strategy: Strategy, note: string): SimulAction {
  const n = note.trim();
  return strategy === 'others' && n
    ? { type: 'request', strategy, text: text.trim(), note: n }
    : { type: 'request', strategy, text: text.trim() };
}

/** Why the request cannot be sent yet, or null. */
export function requestProblem(text: string, note: string): string | null {
  const t = text.trim();
  if (!t) return 'Write a request first';
  if (t.length > MAX_REQUEST_CHARS) return `The request is ${t.length} characters long; at most ${MAX_REQUEST_CHARS}`;
  if (note.trim().length > MAX_NOTE_CHARS) return `The note is too long; at most ${MAX_NOTE_CHARS} characters`;
  return null;
}

/** Ctrl+Enter or Cmd+Enter sends. */
export const isSendKey = (e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>) =>
  e.key === 'Enter' && (e.ctrlKey || e.metaKey);

export interface ComposerProps {
  text: string;
  setText(t: string): void;
  strategy: Strategy;
  setStrategy(s: Strategy): void;
  note: string;
  setNote(n: string): void;
  onAction(a: SimulAction): void;
  error?: string | null;
  /** The number of the request being written and the most requests. */
  turn: number;
  of: number;
}

/** The user's composer, stateless (the board holds its fields). */
export function Composer({
  text,
  setText,
  strategy,
  setStrategy,
  note,
  setNote,
  onAction,
  error,
  turn,
  of,
}: ComposerProps) {
  const problem = requestProblem(text, note);
  const send = () => {
    if (!problem) onAction(requestFrom(text, strategy, note));
  };
  const length = text.trim().length;
  return (
    <form
      className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-700"
      data-testid="simulbench-composer"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <label className="flex flex-col gap-1">
        <span className="font-medium">
          Request {turn} of {of}
        </span>
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (isSendKey(e)) {
              e.preventDefault();
              send();
            }
          }}
          rows={4}
          aria-describedby="simulbench-count"
          placeholder="Your next request to the simulator (Ctrl+Enter sends)"
          className="w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 font-mono text-sm dark:border-zinc-600 dark:bg-zinc-900"
        />
      </label>
      <p
        id="simulbench-count"
        className={`text-right text-xs ${length > MAX_REQUEST_CHARS ? 'text-red-700 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400'}`}
      >
        {length} / {MAX_REQUEST_CHARS} characters
      </p>
      <label className="flex flex-col gap-1">
        <span className="font-medium">Strategy</span>
        <select
          value={strategy}
          onChange={(e) => setStrategy(e.target.value as Strategy)}
          aria-describedby="simulbench-strategy-help"
          className="w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 dark:border-zinc-600 dark:bg-zinc-900"
        >
          {STRATEGIES.map((s) => (
            <option key={s} value={s} title={STRATEGY_HELP[s]}>
              {STRATEGY_LABELS[s]}
            </option>
          ))}
        </select>
        <span id="simulbench-strategy-help" className="text-xs text-zinc-600 dark:text-zinc-400">
          {STRATEGY_HELP[strategy]}
        </span>
      </label>
      {strategy === 'others' && (
        <label className="flex flex-col gap-1">
          <span className="font-medium">Your strategy, in a few words (optional)</span>
          <input
            value={note}
            maxLength={MAX_NOTE_CHARS}
            onChange={(e) => setNote(e.target.value)}
            className="w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 dark:border-zinc-600 dark:bg-zinc-900"
          />
        </label>
      )}
      <div className="flex flex-wrap gap-2">
        <ActionButton
          type="submit"
          aria-label="Send the request"
          unavailable={problem}
          onClick={(e) => {
            e.preventDefault();
            send();
          }}
          className="rounded-md bg-indigo-600 px-4 py-1.5 font-medium text-white aria-disabled:opacity-50"
        >
          Send
        </ActionButton>
        <ActionButton
          aria-label="End the dialogue"
          onClick={() => onAction({ type: 'stop' })}
          className="rounded-md border border-zinc-300 px-4 py-1.5 font-medium dark:border-zinc-600"
        >
          End the dialogue
        </ActionButton>
      </div>
      <MoveError error={error} />
    </form>
  );
}

function UserComposer({
  onAction,
  error,
  turn,
  of,
}: {
  onAction(a: SimulAction): void;
  error?: string | null;
  turn: number;
  of: number;
}) {
  const [text, setText] = useState('');
  const [strategy, setStrategy] = useState<Strategy>('next-step');
  const [note, setNote] = useState('');
  return <Composer {...{ text, setText, strategy, setStrategy, note, setNote, onAction, error, turn, of }} />;
}

export interface ReplyBoxProps {
  text: string;
  setText(t: string): void;
  onAction(a: SimulAction): void;
  error?: string | null;
}

/** A person in the simulator seat (the arena's addition): a reply box, stateless. An empty reply may be sent. */
export function ReplyBox({ text, setText, onAction, error }: ReplyBoxProps) {
  const send = () => {
    if (text.length <= MAX_RESPONSE_CHARS) onAction({ type: 'respond', text });
  };
  return (
    <form
      className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-700"
      data-testid="simulbench-reply-composer"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <label className="flex flex-col gap-1">
        <span className="font-medium">Your reply as the simulator</span>
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (isSendKey(e)) {
              e.preventDefault();
              send();
            }
          }}
          rows={6}
          className="w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 font-mono text-xs dark:border-zinc-600 dark:bg-zinc-900"
        />
      </label>
      <p className="text-right text-xs text-zinc-500 dark:text-zinc-400">
        {text.length} / {MAX_RESPONSE_CHARS} characters
      </p>
      <ActionButton
        type="submit"
        aria-label="Send the reply"
        unavailable={text.length > MAX_RESPONSE_CHARS ? `At most ${MAX_RESPONSE_CHARS} characters` : null}
        onClick={(e) => {
          e.preventDefault();
          send();
        }}
        className="self-start rounded-md bg-indigo-600 px-4 py-1.5 font-medium text-white aria-disabled:opacity-50"
      >
        Send reply
      </ActionButton>
      <MoveError error={error} />
    </form>
  );
}

function ReplyComposer({ onAction, error }: { onAction(a: SimulAction): void; error?: string | null }) {
  const [text, setText] = useState('');
  return <ReplyBox text={text} setText={setText} onAction={onAction} error={error} />;
}

export default SimulBenchBoard;
