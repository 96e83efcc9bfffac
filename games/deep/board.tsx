// The DEEP board: progress, then by viewer — every word with its two descriptions and the judges' scores (spectators,
// replays) and at the end the describer's verdict, the describer's writing form (with its word and character limits),
// a judge's one description with a 1–5 scale per word, or a blind notice. A refused answer shows under its form.
'use client';

import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { ActionButton, MoveError } from '../controls';
import type { BoardProps } from '../../lib/engine/types';
import { countWords, verdict } from './rules';
import {
  AGGRESSIVE_CHARS,
  AGGRESSIVE_WORDS,
  CANDIDATE_CHARS,
  CONSERVATIVE_CHARS,
  CONSERVATIVE_WORDS,
  MAX_CANDIDATES,
  MAX_SCORE,
  MIN_SCORE,
  type DeepAction,
  type DeepView,
  type ItemView,
  type Mode,
} from './types';

const SCORES = Array.from({ length: MAX_SCORE - MIN_SCORE + 1 }, (_, i) => MIN_SCORE + i);
const MODE_HELP: Record<Mode, string> = {
  aggressive: `Aggressive: clear and detailed, so a reader can tell the word apart from similar ones (at most ${AGGRESSIVE_WORDS} words).`,
  conservative: `Conservative: list words that share a characteristic with it, then describe only what they have in common (at most ${CONSERVATIVE_WORDS} words), so the word cannot be singled out.`,
};

export function DeepBoard({ view: v, onAction, over, error }: BoardProps<DeepAction, DeepView>) {
  const ended = !!over || v.phase === 'over';
  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="deep-board">
      <Progress v={v} />
      {ended && (
        <p
          data-testid="deep-result"
          className="rounded-lg bg-emerald-50 px-3 py-2 text-center font-semibold text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200"
        >
          Every description is scored
          {v.role === 'omniscient' && (
            <span className="mt-0.5 block font-normal" data-testid="deep-verdict">
              {verdict(v)}
            </span>
          )}
        </p>
      )}
      {v.role === 'omniscient' && <Omniscient v={v} ended={ended} />}
      {v.role === 'describer' && <Describer v={v} onAction={ended ? undefined : onAction} />}
      {v.role === 'judge' && !ended && <Judge v={v} onAction={onAction} />}
      {onAction && !ended && <MoveError error={error} />}
      {v.role === 'public' && !ended && (
        <p className="text-center text-zinc-600 dark:text-zinc-400">
          This match is blind: descriptions and scores appear when it ends.
        </p>
      )}
    </div>
  );
}

function Progress({ v }: { v: DeepView }) {
  const { described, judged, descriptions, words } = v.progress;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {words} {words === 1 ? 'word' : 'words'} · {v.numJudges} {v.numJudges === 1 ? 'judge' : 'judges'}
      </p>
      <Bar label="Descriptions written" value={described} max={words * 2} />
      {v.phase !== 'describe' && <Bar label="Scored" value={judged} max={descriptions} />}
    </div>
  );
}

function Bar({ label, value, max }: { label: string; value: number; max: number }) {
  return (
    <div className="flex items-center gap-3">
      <span className="w-40 shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
        {label} {value} of {max}
      </span>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        className="h-2 flex-1 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700"
      >
        <div
          className="h-full rounded-full bg-indigo-500 transition-[width]"
          style={{ width: `${max ? (100 * value) / max : 0}%` }}
        />
      </div>
    </div>
  );
}

function Omniscient({ v, ended }: { v: DeepView; ended: boolean }) {
  const judges = Array.from({ length: v.numJudges }, (_, j) => j + 1);
  return (
    <>
      {!ended && v.describe && (
        <p className="text-zinc-600 dark:text-zinc-400" data-testid="deep-now">
          The describer is writing the {v.describe.mode} description of <strong>{v.describe.target}</strong>…
        </p>
      )}
      {!ended && v.judge && v.judge.item !== undefined && (
        <p className="text-zinc-600 dark:text-zinc-400" data-testid="deep-now">
          Now scoring: the {v.judge.mode} description of <strong>{v.items[v.judge.item]?.target}</strong> (description{' '}
          {v.judge.n} of {v.judge.total}) — waiting for{' '}
          {(v.judge.pending ?? []).map((s) => `Judge ${s}`).join(' and ') || 'nobody'}.
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {v.items.map((it) => (
          <ItemCard key={it.wordId} it={it} judges={judges} />
        ))}
      </ol>
    </>
  );
}

function ItemCard({ it, judges }: { it: ItemView; judges: number[] }) {
  return (
    <li data-testid="deep-item" className="rounded-xl border border-zinc-200 p-3 dark:border-zinc-700">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-xs text-zinc-500">Word {it.index + 1}</span>
        <strong
          data-testid="deep-target"
          className="rounded bg-indigo-100 px-1.5 text-base text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200"
        >
          {it.target}
        </strong>
        {it.words.length > 1 && (
          <span className="text-xs text-zinc-500 dark:text-zinc-400">distractors: {it.words.slice(1).join(', ')}</span>
        )}
      </p>
      <div className="mt-2 grid gap-3 md:grid-cols-2">
        <Description
          title="Aggressive"
          testId="deep-aggressive"
          text={it.aggressive}
          scores={it.scores.aggressive}
          words={it.words}
          judges={judges}
        />
        <Description
          title="Conservative"
          testId="deep-conservative"
          text={it.conservative?.text ?? null}
          before={
            it.conservative ? (
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                candidates: {it.conservative.candidates.join(', ')}
              </p>
            ) : null
          }
          scores={it.scores.conservative}
          words={it.words}
          judges={judges}
        />
      </div>
    </li>
  );
}

function Description(props: {
  title: string;
  testId: string;
  text: string | null;
  before?: ReactNode;
  scores: (number[] | null | undefined)[];
  words: string[];
  judges: number[];
}) {
  const { title, testId, text, before, scores, words, judges } = props;
  const anyScore = scores.some((s) => s !== undefined);
  return (
    <section aria-label={`${title} description`} className="flex min-w-0 flex-col gap-1.5">
      <h4 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{title}</h4>
      {before}
      <blockquote
        data-testid={testId}
        className="rounded-lg bg-zinc-50 px-3 py-2 whitespace-pre-wrap dark:bg-zinc-800/60"
      >
        {text ?? <em className="text-zinc-500">{text === null ? 'not written' : ''}</em>}
      </blockquote>
      {text !== null && anyScore && (
        <table data-testid="deep-scores" className="w-full text-xs tabular-nums">
          <thead>
            <tr className="text-zinc-500 dark:text-zinc-400">
              <th scope="col" className="text-left font-medium">
                Word
              </th>
              {judges.map((j) => (
                <th key={j} scope="col" className="text-right font-medium">
                  Judge {j}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {words.map((w, i) => (
              <tr key={w} className={i === 0 ? 'font-semibold' : ''}>
                <td className="text-left">
                  {w} {i === 0 && <span className="font-normal text-indigo-700 dark:text-indigo-300">(target)</span>}
                </td>
                {judges.map((j) => {
                  const row = scores[j - 1];
                  return (
                    <td key={j} className="text-right">
                      {row === undefined ? (
                        '…'
                      ) : row === null ? (
                        <span className="text-zinc-500">abstained</span>
                      ) : (
                        row[i]
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Splits a typed list of candidate words (commas, Chinese commas, semicolons, new lines). */
export function splitCandidates(text: string): string[] {
  return text
    .split(/[,，、;；\n]/)
    .map((c) => c.trim())
    .filter(Boolean);
}

function Describer({ v, onAction }: { v: DeepView; onAction?: (a: DeepAction) => void }) {
  const task = v.describe;
  return (
    <>
      <ol className="flex flex-col gap-2">
        {v.items
          .filter((it) => it.aggressive !== null || it.conservative !== null)
          .map((it) => (
            <li
              key={it.wordId}
              data-testid="deep-item"
              className="rounded-lg border border-zinc-200 p-2 dark:border-zinc-700"
            >
              <strong data-testid="deep-target">{it.target}</strong>
              {it.aggressive && <p className="text-zinc-700 dark:text-zinc-300">Aggressive: {it.aggressive}</p>}
              {it.conservative && (
                <p className="text-zinc-700 dark:text-zinc-300">
                  Conservative: {it.conservative.text}{' '}
                  <span className="text-zinc-500">({it.conservative.candidates.join(', ')})</span>
                </p>
              )}
            </li>
          ))}
      </ol>
      {task && onAction ? (
        <DescribeForm key={`${task.item}-${task.mode}`} target={task.target} mode={task.mode} onAction={onAction} />
      ) : task ? (
        <p className="text-zinc-600 dark:text-zinc-400">
          Next: the {task.mode} description of {task.target}.
        </p>
      ) : (
        v.phase !== 'over' && <p className="text-zinc-600 dark:text-zinc-400">Your descriptions are with the judges.</p>
      )}
    </>
  );
}

function DescribeForm({ target, mode, onAction }: { target: string; mode: Mode; onAction: (a: DeepAction) => void }) {
  const [text, setText] = useState('');
  const [candidates, setCandidates] = useState('');
  const limit = mode === 'aggressive' ? AGGRESSIVE_WORDS : CONSERVATIVE_WORDS;
  const chars = mode === 'aggressive' ? AGGRESSIVE_CHARS : CONSERVATIVE_CHARS;
  const words = countWords(text);
  const listed = splitCandidates(candidates);
  // What keeps the description from being sent, in words (the button says it on hover and focus).
  const missing = !text.trim()
    ? 'Write the description first'
    : mode === 'conservative' && listed.length < 2
      ? 'List at least two candidate words first'
      : words > limit
        ? `Too long: at most ${limit} words`
        : null;
  const send = (e?: FormEvent) => {
    e?.preventDefault();
    if (missing) return;
    onAction(
      mode === 'aggressive'
        ? { type: 'aggressive', text: text.trim() }
        : { type: 'conservative', candidates: listed, text: text.trim() },
    );
  };
  const ctrlEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.nativeEvent.isComposing) send(e);
  };
  const label =
    mode === 'aggressive'
      ? `Your aggressive description of ${target}`
      : `What they have in common (at most ${CONSERVATIVE_WORDS} words)`;
  return (
    <form
      onSubmit={send}
      data-testid="deep-describe-form"
      className="flex flex-col gap-2 rounded-xl border border-indigo-200 bg-indigo-50/50 p-3 dark:border-indigo-900 dark:bg-indigo-950/30"
    >
      <p className="font-medium">
        Your word: <strong>{target}</strong> — {mode} description
      </p>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{MODE_HELP[mode]} Never write the word itself.</p>
      {mode === 'conservative' && (
        <label className="flex flex-col gap-1">
          <span className="text-xs font-medium">Candidate words (comma-separated)</span>
          <input
            value={candidates}
            maxLength={MAX_CANDIDATES * (CANDIDATE_CHARS + 2)}
            onChange={(e) => setCandidates(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
            className="rounded-md border border-zinc-300 bg-white px-2 py-1.5 dark:border-zinc-600 dark:bg-zinc-900"
          />
        </label>
      )}
      <label className="flex flex-col gap-1">
        <span className="text-xs font-medium">{label}</span>
        <textarea
          value={text}
          maxLength={chars}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={ctrlEnter}
          rows={mode === 'aggressive' ? 4 : 2}
          className="rounded-md border border-zinc-300 bg-white px-2 py-1.5 dark:border-zinc-600 dark:bg-zinc-900"
        />
      </label>
      <div className="flex items-center justify-between gap-2">
        <span
          data-testid="deep-counter"
          className={`text-xs tabular-nums ${words > limit || text.length >= chars ? 'font-semibold text-red-700 dark:text-red-400' : 'text-zinc-500'}`}
        >
          {words} / {limit} words · {text.length} / {chars} characters
        </span>
        <ActionButton
          type="submit"
          unavailable={missing}
          className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white aria-disabled:opacity-50"
        >
          Send description
        </ActionButton>
      </div>
    </form>
  );
}

function Judge({ v, onAction }: { v: DeepView; onAction?: (a: DeepAction) => void }) {
  // HIDDEN INFORMATION: a judge's view has one description and the words in its own order — nothing says which word
  // is the target or what kind of description it is, and nothing here adds it.
  if (!v.judge) {
    return (
      <p className="text-center text-zinc-600 dark:text-zinc-400">
        {v.phase === 'describe'
          ? 'The describer is still writing; you will score each description here.'
          : 'Waiting for the next description…'}
      </p>
    );
  }
  return (
    <ScoreForm
      key={v.judge.n}
      n={v.judge.n}
      total={v.judge.total}
      description={v.judge.description}
      words={v.judge.words}
      onAction={onAction}
    />
  );
}

function ScoreForm(props: {
  n: number;
  total: number;
  description: string;
  words: string[];
  onAction?: (a: DeepAction) => void;
}) {
  const { n, total, description, words, onAction } = props;
  const [scores, setScores] = useState<(number | null)[]>(() => words.map(() => null));
  const complete = scores.every((s) => s !== null);
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (complete && onAction) onAction({ type: 'score', scores: scores as number[] });
  };
  return (
    <form onSubmit={send} className="flex flex-col gap-3" aria-label="Score the description">
      <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        Description {n} of {total}
      </p>
      <blockquote
        data-testid="deep-description"
        className="rounded-lg border-l-4 border-indigo-400 bg-zinc-50 px-3 py-2 text-base whitespace-pre-wrap dark:bg-zinc-800/60"
      >
        {description}
      </blockquote>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        How well does it match each word? 1 = does not match at all · 5 = matches perfectly.
      </p>
      {words.map((w, i) => (
        <fieldset key={w} className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <legend className="mb-1 w-full truncate font-medium sm:float-left sm:mb-0 sm:w-36">{w}</legend>
          {SCORES.map((s) => (
            <label
              key={s}
              className="flex cursor-pointer items-center gap-1 rounded-md border border-zinc-300 px-2 py-1 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500 dark:border-zinc-600 dark:has-[:checked]:bg-indigo-950/50"
            >
              <input
                type="radio"
                name={`score-${n}-${i}`}
                value={s}
                checked={scores[i] === s}
                disabled={!onAction}
                onChange={() => setScores((xs) => xs.map((x, k) => (k === i ? s : x)))}
                className="accent-indigo-600"
              />
              {s}
            </label>
          ))}
        </fieldset>
      ))}
      {onAction ? (
        <ActionButton
          type="submit"
          unavailable={complete ? null : 'Score every word first'}
          className="self-start rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white aria-disabled:opacity-50"
        >
          Send scores
        </ActionButton>
      ) : (
        <p className="text-xs text-zinc-500">Sent; waiting for the other judge…</p>
      )}
    </form>
  );
}

export default DeepBoard;
