// The banner that says how a match ended, as a person would: "X wins — <reason>", "Villagers win: Player 1 (…), … —
// <reason>", "Team score 7 of 10 — <reason>", a verdict, "Draw — <reason>", or "Void — <reason> (not counted)".
import type { Scoring } from '@/lib/engine/types';
import type { MatchSnapshot, MatchStatus } from '@/lib/protocol';
import { describeOutcome } from './format';

const TONES = {
  win: 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200',
  draw: 'border-zinc-200 bg-zinc-100 text-zinc-800 dark:border-zinc-700 dark:bg-zinc-800/70 dark:text-zinc-200',
  void: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200',
};

interface Props {
  status: MatchStatus;
  outcome: MatchSnapshot['outcome'];
  failureReason: string | null;
  seatLabel: (seat: number) => string;
  /** How the game's results count: a judged evaluation (DEEP) has no winner and no draw, only what was scored. */
  scoring?: Scoring;
}

export function OutcomeBanner({ status, outcome, failureReason, seatLabel, scoring }: Props) {
  const result = describeOutcome(status, outcome, failureReason, seatLabel, scoring);
  if (!result) return null;
  return (
    <div data-testid="outcome" role="status" className={`rounded-xl border px-4 py-3 text-sm ${TONES[result.kind]}`}>
      <span className="font-semibold">{result.headline}</span> — {result.reason}
      {result.kind === 'void' && ' (not counted)'}
    </div>
  );
}
