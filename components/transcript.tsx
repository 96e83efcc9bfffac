// The match transcript as a chat: each seat's replies, rejections and moves as coloured bubbles, system lines for start
// and end. A long match shows its newest entries and earlier ones on demand, so a replay opens and steps quickly.
'use client';

import { rapSearchPayloadSchema, type RapSearchPayload, type RapTreeNode } from '@/lib/agents/rap';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { lineText, outcomeOfEnd, type VisibleEvent } from '@/lib/match-log';
import type { Scoring } from '@/lib/engine/types';
import type { SeatInfo } from '@/lib/protocol';
import { describeOutcome } from './format';
import { SimulatedBadge } from './simulated-badge';
import { seatColor } from './seat-colors';

interface Props {
  events: VisibleEvent[];
  seats: SeatInfo[];
  /** The game, for its seat colours. */
  gameId?: string;
  /** The seat this viewer plays: its private lines read in the second person ("You bid…"); null for spectators. */
  you?: number | null;
  /** How the game's results count: a judged evaluation's (DEEP) end line gives the verdict, not a winner. */
  scoring?: Scoring;
  /** Seq of the current replay step's event: highlighted and scrolled into view. */
  highlightSeq: number | null;
  /** A finished match: an entry clicked (or Enter on it) shows the board at the point it leads to. */
  onPick?: (seq: number) => void;
  /**
   * Keep the newest entry in view unless the reader scrolled up (then a "Jump to latest" button brings it back): a
   * live match, and a finished one shown at its last move.
   */
  follow: boolean;
}

const NEAR_BOTTOM_PX = 48;
/**
 * Entries drawn at once: the newest ones up to the replay step; "Show earlier" adds as many again. A finished match
 * of hundreds of moves then opens (and steps) as fast as a short one.
 */
export const TRANSCRIPT_WINDOW = 80;

export function Transcript({ events: all, seats, gameId, you = null, scoring, highlightSeq, onPick, follow }: Props) {
  // A person's `turn` notices drive their controls and timer; the transcript shows what was said and played.
  const events = useMemo(() => all.filter((ev) => ev.kind !== 'turn'), [all]);
  const [shown, setShown] = useState(TRANSCRIPT_WINDOW);
  const from = Math.max(0, events.length - shown);
  const visible = from > 0 ? events.slice(from) : events;
  const box = useRef<HTMLOListElement>(null);
  // Following the newest entry: until the reader scrolls up, and again once they scroll back to the end.
  const [pinned, setPinned] = useState(true);
  const lastTop = useRef(0);
  const toEnd = () => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  };

  // Following again whenever the view starts following (the last move of a replay, a match going live again).
  useEffect(() => {
    if (follow) setPinned(true);
  }, [follow]);

  useLayoutEffect(() => {
    if (follow && pinned) toEnd();
  }, [events.length, follow, pinned]);

  // Entries change height after they are drawn (fonts load, a long reply wraps, the box narrows on rotation): stay at
  // the end through that too, not only when an entry arrives.
  useEffect(() => {
    const el = box.current;
    if (!el || !follow || !pinned || typeof ResizeObserver === 'undefined') return;
    const watcher = new ResizeObserver(toEnd);
    watcher.observe(el);
    for (const item of el.children) watcher.observe(item);
    return () => watcher.disconnect();
  }, [events.length, shown, follow, pinned]);

  useLayoutEffect(() => {
    const el = box.current;
    const item = el?.querySelector<HTMLElement>(`[data-seq="${highlightSeq}"]`);
    if (!el || !item || follow) return;
    // Scroll the transcript only (not the page), so the board stays where it is while stepping.
    const outer = el.getBoundingClientRect();
    const inner = item.getBoundingClientRect();
    if (inner.top < outer.top || inner.bottom > outer.bottom)
      el.scrollTop += inner.top - outer.top - el.clientHeight / 3;
  }, [highlightSeq, follow]);

  const bySeat = useMemo(() => new Map(seats.map((s) => [s.seat, s])), [seats]);
  const label = (seat: number) => {
    const s = bySeat.get(seat);
    return s ? `${s.label} (${s.agentName})` : `Seat ${seat + 1}`;
  };

  return (
    <div className="relative">
      <ol
        ref={box}
        data-testid="transcript"
        aria-label="Transcript"
        onScroll={(e) => {
          // The reader scrolling up stops the following; reaching the end again resumes it. (Only the reader moves it
          // up: following only ever scrolls down, and entries leaving the top of the window keep the view at the end.)
          const el = e.currentTarget;
          const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
          if (atEnd) setPinned(true);
          else if (el.scrollTop < lastTop.current) setPinned(false);
          lastTop.current = el.scrollTop;
        }}
        className="flex max-h-[65vh] flex-col gap-3 overflow-y-auto overscroll-contain p-3 sm:p-4 lg:max-h-[calc(100dvh-21rem)] lg:min-h-96"
      >
        {events.length === 0 && <li className="py-8 text-center text-sm text-zinc-500">Nothing has been said yet.</li>}
        {from > 0 && (
          <li className="flex justify-center">
            <button
              type="button"
              data-testid="transcript-earlier"
              onClick={() => setShown((n) => n + TRANSCRIPT_WINDOW)}
              className="rounded-full border border-zinc-300 bg-white px-3 py-1 text-xs font-medium text-zinc-700 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
            >
              Show {Math.min(from, TRANSCRIPT_WINDOW)} earlier{' '}
              {Math.min(from, TRANSCRIPT_WINDOW) === 1 ? 'entry' : 'entries'} ({from} hidden)
            </button>
          </li>
        )}
        {visible.map((ev) => (
          // Every drawn entry is laid out (no content-visibility): following the end needs true heights, and the
          // window keeps the count small.
          <li
            key={ev.seq}
            data-seq={ev.seq}
            aria-current={ev.seq === highlightSeq ? 'step' : undefined}
            {...(onPick && {
              tabIndex: 0,
              title: 'Show the board at this point',
              className:
                'cursor-pointer rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
              // Controls inside an entry (a search tree's) keep their own clicks.
              onClick: (e) => {
                if (!(e.target as HTMLElement).closest('button, a, summary, input')) onPick(ev.seq);
              },
              onKeyDown: (e) => {
                if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
                e.preventDefault();
                onPick(ev.seq);
              },
            })}
          >
            <Entry
              ev={ev}
              seat={ev.seat === null ? undefined : bySeat.get(ev.seat)}
              gameId={gameId}
              you={you}
              highlighted={ev.seq === highlightSeq}
              endLine={ev.kind === 'end' ? endLine(ev.payload, label, scoring) : null}
            />
          </li>
        ))}
      </ol>
      {follow && !pinned && events.length > 0 && (
        <button
          type="button"
          data-testid="transcript-latest"
          onClick={() => {
            setPinned(true);
            toEnd();
          }}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-1.5 text-xs font-medium text-white shadow-md hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
        >
          Jump to latest ↓
        </button>
      )}
    </div>
  );
}

/** The end event in words: "Game over — Villagers win: Player 1 (…), Player 3 (…) — <the game's reason>". */
function endLine(
  end: Extract<VisibleEvent, { kind: 'end' }>['payload'],
  label: (seat: number) => string,
  scoring?: Scoring,
): string {
  const r = describeOutcome('finished', outcomeOfEnd(end), null, label, scoring);
  return r ? `Game over — ${r.headline} — ${r.reason}` : `Game over — ${end.reason}`;
}

/** One entry; unchanged entries are not drawn again when the replay steps (memo). */
const Entry = memo(function Entry({
  ev,
  seat,
  gameId,
  you,
  highlighted,
  endLine,
}: {
  ev: VisibleEvent;
  seat: SeatInfo | undefined;
  gameId?: string;
  you: number | null;
  highlighted: boolean;
  endLine: string | null;
}) {
  if (ev.kind === 'start') return <SystemLine highlighted={highlighted}>Match started</SystemLine>;
  if (ev.kind === 'end') return <SystemLine>{endLine}</SystemLine>;
  if (ev.kind === 'failed') return <SystemLine tone="red">Match void — {ev.payload.reason} (not counted)</SystemLine>;
  if (ev.kind === 'resign')
    return <SystemLine tone="red">{ev.payload.reason ?? `${seat?.agentName ?? 'A player'} resigned`}</SystemLine>;
  if (!seat || ev.kind === 'turn') return null;

  if (ev.kind === 'reply') {
    const p = ev.payload;
    const meta = [
      `attempt ${p.attempt + 1}`,
      typeof p.latencyMs === 'number' ? `${(p.latencyMs / 1000).toFixed(1)} s` : null,
      typeof p.tokensIn === 'number' || typeof p.tokensOut === 'number'
        ? `${p.tokensIn ?? '?'} → ${p.tokensOut ?? '?'} tokens`
        : null,
    ].filter(Boolean);
    return (
      <Bubble seat={seat} gameId={gameId} meta={meta.join(' · ')} highlighted={highlighted}>
        <p className="whitespace-pre-wrap text-sm leading-relaxed">{p.text}</p>
        {p.explain && (
          <div
            data-testid="explain"
            className="mt-2 rounded-md border border-indigo-200 bg-indigo-50 px-2.5 py-1.5 text-xs text-indigo-950 dark:border-indigo-900 dark:bg-indigo-950/40 dark:text-indigo-100"
          >
            <p className="font-semibold">
              Asked to explain “{p.explain.topic ?? p.explain.asked}”
              {p.explain.topic === null ? ' (no such topic)' : ''} — not a move; the turn was asked again:
            </p>
            <p className="mt-0.5 whitespace-pre-wrap">{p.explain.answer}</p>
          </div>
        )}
        {p.trace && <AgentTrace trace={p.trace} />}
      </Bubble>
    );
  }

  if (ev.kind === 'illegal') {
    return (
      <Bubble
        seat={seat}
        gameId={gameId}
        meta={<s>attempt {ev.payload.attempt + 1}</s>}
        highlighted={highlighted}
        tone="red"
      >
        <p className="text-sm font-medium text-red-700 dark:text-red-400">
          <span aria-hidden="true">✕ </span>Rejected: {ev.payload.error}
        </p>
      </Bubble>
    );
  }

  // A move: the game's own words for it (a private line as its reader may read it), and the fallback policy's badge when
  // the seat forfeited its turn.
  const p = ev.payload;
  return (
    <Bubble seat={seat} gameId={gameId} meta={`move ${p.ply + 1}`} highlighted={highlighted} tone="move">
      <p className="whitespace-pre-line text-sm font-semibold">
        {p.lines.map((l) => lineText(l, you)).join('\n') || 'Move played'}
      </p>
      {p.forfeited === true && (
        <p className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs">
          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 dark:bg-amber-900/50 dark:text-amber-200">
            forfeited turn — random legal move played
          </span>
          {typeof p.reason === 'string' && <span className="text-zinc-500 dark:text-zinc-400">{p.reason}</span>}
        </p>
      )}
    </Bubble>
  );
});

function Bubble({
  seat,
  gameId,
  meta,
  highlighted,
  tone,
  children,
}: {
  seat: SeatInfo;
  gameId?: string;
  meta: ReactNode;
  highlighted: boolean;
  tone?: 'red' | 'move';
  children: ReactNode;
}) {
  const colour = seatColor(seat.seat, gameId);
  const right = seat.seat % 2 === 1;
  const surface =
    tone === 'red'
      ? 'border-2 border-dashed border-red-400 bg-white dark:border-red-700 dark:bg-zinc-900'
      : tone === 'move'
        ? `${colour.bubble} border-l-4`
        : 'border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900';
  return (
    <div className={`flex ${right ? 'justify-end' : 'justify-start'}`}>
      <div
        className={`min-w-0 max-w-[92%] rounded-2xl border px-3.5 py-2.5 shadow-sm sm:max-w-[85%] ${right ? 'rounded-tr-sm' : 'rounded-tl-sm'} ${surface} ${
          highlighted ? 'ring-2 ring-indigo-500 ring-offset-2 ring-offset-white dark:ring-offset-zinc-950' : ''
        }`}
      >
        <div className="mb-1 flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-xs">
          <span className={`inline-flex items-center gap-1 font-mono font-bold ${colour.text}`}>
            <span aria-hidden="true" className={`h-2 w-2 rounded-full ${colour.dot}`} />
            {seat.label}
          </span>
          <span className="min-w-0 font-medium text-zinc-700 dark:text-zinc-300">{seat.agentName}</span>
          {seat.simulated && <SimulatedBadge />}
          <span className="ml-auto pl-2 text-zinc-500 dark:text-zinc-400">{meta}</span>
        </div>
        {children}
      </div>
    </div>
  );
}

function SystemLine({ tone, highlighted, children }: { tone?: 'red'; highlighted?: boolean; children: ReactNode }) {
  return (
    <p
      className={`mx-auto w-fit max-w-full rounded-2xl px-3 py-1 text-center text-xs font-medium ${
        tone === 'red'
          ? 'bg-red-100 text-red-800 dark:bg-red-950/60 dark:text-red-300'
          : 'bg-zinc-200/70 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300'
      } ${highlighted ? 'ring-2 ring-indigo-500' : ''}`}
    >
      {children}
    </p>
  );
}

/** How an agent decided, as its scaffold recorded it: RAP's search tree; a trace this page cannot read is not shown. */
function AgentTrace({ trace }: { trace: { scaffold: string; data: unknown } }) {
  if (trace.scaffold !== 'rap') return null;
  const search = rapSearchPayloadSchema.safeParse(trace.data);
  return search.success ? <SearchTree search={search.data} /> : null;
}

/** A RAP move's search tree (lib/agents/rap.ts), folded: each node's action, value, visits and the model's predicted state. */
function SearchTree({ search }: { search: RapSearchPayload }) {
  const chosen = search.chosenAction;
  return (
    <details
      data-testid="rap-tree"
      className="mt-2 rounded-md border border-violet-200 bg-violet-50 px-2.5 py-1.5 text-xs text-violet-950 dark:border-violet-900 dark:bg-violet-950/40 dark:text-violet-100"
    >
      <summary className="cursor-pointer font-semibold">
        Search tree (RAP): {search.settings.iterations} iterations, depth {search.settings.depth}, {search.calls} model
        calls
      </summary>
      <p className="mt-1 text-violet-800 dark:text-violet-300">
        Value = mean total reward of the visits (before a visit: intuition + self-evaluation); win = the model’s chance
        of winning from its predicted state.
      </p>
      <ul className="mt-1 flex flex-col gap-1">
        {search.tree.children.map((c, i) => (
          <TreeNode key={i} node={c} chosen={c.action === chosen} />
        ))}
      </ul>
    </details>
  );
}

function TreeNode({ node, chosen = false }: { node: RapTreeNode; chosen?: boolean }) {
  const figures = [
    `value ${node.value.toFixed(2)}`,
    `${node.visits} visit${node.visits === 1 ? '' : 's'}`,
    `intuition ${node.intuition.toFixed(2)}`,
    `self-eval ${node.selfEval.toFixed(2)}`,
  ];
  if (node.win !== null) figures.push(`win ${node.win.toFixed(2)}`);
  return (
    <li data-testid="rap-node" className="border-l-2 border-violet-300 pl-2 dark:border-violet-700">
      <p>
        <span className={chosen ? 'font-semibold' : 'font-medium'}>{node.action}</span>
        {chosen && <span className="ml-1 rounded bg-violet-200 px-1 text-[0.65rem] dark:bg-violet-800">chosen</span>}
        <span className="ml-1 text-violet-700 dark:text-violet-300">{figures.join(' · ')}</span>
      </p>
      {node.state !== null && (
        <details className="ml-1">
          <summary className="cursor-pointer text-violet-700 dark:text-violet-300">predicted state</summary>
          <p className="whitespace-pre-wrap">{node.state}</p>
        </details>
      )}
      {node.children.length > 0 && (
        <ul className="mt-1 flex flex-col gap-1">
          {node.children.map((c, i) => (
            <TreeNode key={i} node={c} />
          ))}
        </ul>
      )}
    </li>
  );
}
