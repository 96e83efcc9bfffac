// A tournament's status as a coloured pill: running, paused, finished or cancelled — and, when most of its matches
// failed, saying so in red (lib/tournament/spec.ts tournamentVerdict) instead of a plain "finished".
import { tournamentVerdict, type TournamentProgress, type TournamentStatus } from '@/lib/tournament/spec';

const STYLES: Record<TournamentStatus | 'failing', { pill: string; dot: string }> = {
  running: {
    pill: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950/60 dark:text-emerald-300 dark:ring-emerald-400/30',
    dot: 'bg-emerald-500 animate-pulse',
  },
  paused: {
    pill: 'bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-950/60 dark:text-sky-300 dark:ring-sky-400/30',
    dot: 'bg-sky-400',
  },
  finished: {
    pill: 'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-400/20',
    dot: 'bg-zinc-400',
  },
  cancelled: {
    pill: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950/60 dark:text-amber-300 dark:ring-amber-400/30',
    dot: 'bg-amber-400',
  },
  failing: {
    pill: 'bg-red-50 text-red-800 ring-red-600/30 dark:bg-red-950/60 dark:text-red-300 dark:ring-red-400/40',
    dot: 'bg-red-500',
  },
};

/** `counts`: the tournament's match counts, so a tournament whose matches (mostly) failed says it. */
export function TournamentStatusBadge({
  status,
  counts,
  testId,
}: {
  status: TournamentStatus;
  counts?: TournamentProgress['counts'];
  testId?: string;
}) {
  const verdict = counts ? tournamentVerdict({ status, counts }) : { label: status, tone: 'ok' as const };
  const s = verdict.tone === 'ok' ? (STYLES[status] ?? STYLES.finished) : STYLES.failing;
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${s.pill}`}
      data-tone={verdict.tone}
    >
      <span className={`h-1.5 w-1.5 rounded-full ${s.dot}`} aria-hidden="true" />
      <span data-testid={testId}>{verdict.label}</span>
    </span>
  );
}
