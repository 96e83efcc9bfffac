// Replay controls for a finished match: first / back / play-pause / forward / last, a slider, and the keyboard (arrows, Home, End, space).
'use client';

import { useEffect, useState, type ReactNode } from 'react';

const STEP_MS = 700;

interface Props {
  /** The move shown; 0 is the starting position. */
  step: number;
  /** Moves in the match. */
  last: number;
  onStep: (step: number) => void;
}

export function ReplayControls({ step, last, onStep }: Props) {
  const [playing, setPlaying] = useState(false);
  const go = (n: number) => onStep(Math.max(0, Math.min(last, n)));
  const togglePlay = () => {
    if (!playing && step >= last) onStep(0); // playing from the end starts over
    setPlaying(!playing);
  };

  useEffect(() => {
    if (!playing) return;
    if (step >= last) {
      setPlaying(false);
      return;
    }
    const t = setTimeout(() => onStep(step + 1), STEP_MS);
    return () => clearTimeout(t);
  }, [playing, step, last, onStep]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      const target = e.target as HTMLElement;
      // Form fields (the slider included) handle their own keys; a focused button already clicks on space.
      if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (e.key === ' ' && target.closest('button')) return;
      const actions: Record<string, () => void> = {
        ArrowLeft: () => go(step - 1),
        ArrowRight: () => go(step + 1),
        Home: () => go(0),
        End: () => go(last),
        ' ': togglePlay,
      };
      const action = actions[e.key];
      if (!action) return;
      e.preventDefault();
      if (e.key !== ' ') setPlaying(false);
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const stopThen = (fn: () => void) => () => {
    setPlaying(false);
    fn();
  };

  return (
    <div className="flex flex-col gap-3" role="group" aria-label="Replay">
      <div className="flex items-center justify-between gap-3">
        <p data-testid="move-counter" className="text-sm font-medium tabular-nums" aria-live="polite">
          Move {step} of {last}
        </p>
        <p className="hidden text-xs text-zinc-500 sm:block dark:text-zinc-400">← → to step · space to play</p>
      </div>
      <input
        type="range"
        min={0}
        max={last}
        value={step}
        onChange={(e) => {
          setPlaying(false);
          go(Number(e.target.value));
        }}
        aria-label="Jump to move"
        aria-valuetext={`Move ${step} of ${last}`}
        className="w-full accent-indigo-600"
        disabled={last === 0}
      />
      <div className="flex items-center justify-center gap-1.5">
        <ControlButton label="First move" onClick={stopThen(() => go(0))} disabled={step === 0}>
          <path d="M6 5v14M19 5l-9 7 9 7z" />
        </ControlButton>
        <ControlButton label="Previous move" onClick={stopThen(() => go(step - 1))} disabled={step === 0}>
          <path d="M16 5l-9 7 9 7z" />
        </ControlButton>
        <ControlButton label={playing ? 'Pause' : 'Play'} onClick={togglePlay} disabled={last === 0} primary>
          {playing ? <path d="M7 5h3v14H7zM14 5h3v14h-3z" /> : <path d="M8 5l11 7-11 7z" />}
        </ControlButton>
        <ControlButton label="Next move" onClick={stopThen(() => go(step + 1))} disabled={step === last}>
          <path d="M8 5l9 7-9 7z" />
        </ControlButton>
        <ControlButton label="Last move" onClick={stopThen(() => go(last))} disabled={step === last}>
          <path d="M18 5v14M5 5l9 7-9 7z" />
        </ControlButton>
      </div>
    </div>
  );
}

function ControlButton({
  label,
  onClick,
  disabled,
  primary,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  primary?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={`grid h-10 w-10 place-items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-35 ${
        primary
          ? 'h-12 w-12 bg-indigo-600 text-white shadow hover:bg-indigo-500'
          : 'border border-zinc-200 bg-white text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800'
      }`}
    >
      <svg
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="currentColor"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {children}
      </svg>
    </button>
  );
}
