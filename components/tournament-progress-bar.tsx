// A tournament's progress as a bar: the share of its planned matches that have ended (finished or void), with the
// running ones shown as a lighter segment after it.
import { progressFraction, type TournamentProgress } from '@/lib/tournament/spec';

export function TournamentProgressBar({
  counts,
  label,
  testId,
  size = 'md',
}: {
  counts: TournamentProgress['counts'];
  /** The accessible name, e.g. "Progress of Spring cup". */
  label: string;
  testId?: string;
  size?: 'sm' | 'md';
}) {
  // Floored, so 100% means every planned match has ended.
  const pct = Math.floor(progressFraction(counts) * 100 + 1e-9);
  const planned = counts.total - counts.cancelled;
  const running = planned > 0 ? Math.min(100 - pct, Math.round((counts.running / planned) * 100)) : 0;
  const ended = counts.done + counts.failed;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      aria-valuetext={`${pct}% — ${ended} of ${planned} matches ended`}
      data-testid={testId}
      className={`flex w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800 ${size === 'sm' ? 'h-1.5' : 'h-3'}`}
    >
      <div className="h-full bg-indigo-600 transition-[width] duration-500 dark:bg-indigo-500" style={{ width: `${pct}%` }} />
      <div className="h-full bg-indigo-300 transition-[width] duration-500 dark:bg-indigo-800" style={{ width: `${running}%` }} />
    </div>
  );
}
