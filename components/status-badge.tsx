// A match's status as a coloured pill: live, finished, failed, cancelled or queued.
import type { MatchStatus } from '@/lib/protocol';

const STYLES: Record<MatchStatus, { label: string; pill: string; dot: string }> = {
  running: {
    label: 'live',
    pill: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950/60 dark:text-emerald-300 dark:ring-emerald-400/30',
    dot: 'bg-emerald-500 animate-pulse',
  },
  finished: {
    label: 'finished',
    pill: 'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-400/20',
    dot: 'bg-zinc-400',
  },
  failed: {
    label: 'failed',
    pill: 'bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950/60 dark:text-red-300 dark:ring-red-400/30',
    dot: 'bg-red-500',
  },
  cancelled: {
    label: 'cancelled',
    pill: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950/60 dark:text-amber-300 dark:ring-amber-400/30',
    dot: 'bg-amber-400',
  },
  queued: {
    label: 'queued',
    pill: 'bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-950/60 dark:text-sky-300 dark:ring-sky-400/30',
    dot: 'bg-sky-400',
  },
};

export function StatusBadge({ status, testId }: { status: MatchStatus; testId?: string }) {
  const s = STYLES[status];
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${s.pill}`}
    >
      <span className={`h-1.5 w-1.5 rounded-full ${s.dot}`} aria-hidden="true" />
      <span data-testid={testId}>{s.label}</span>
    </span>
  );
}
