// A tournament's progress as a bar: the share of its planned matches that have ended, finished ones in indigo and
// failed (void) ones in red, with the running ones as a lighter segment after them.
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
  const ended = counts.done + counts.failed;
  // The ended part split by how the matches ended: failed ones are void, and must not read as progress made.
  const failedPct = ended > 0 ? Math.round((pct * counts.failed) / ended) : 0;
  const running = planned > 0 ? Math.min(100 - pct, Math.round((counts.running / planned) * 100)) : 0;
  const failedText = counts.failed > 0 ? `, ${counts.failed === ended ? 'all' : counts.failed} failed` : '';
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      aria-valuetext={`${pct}% — ${ended} of ${planned} matches ended${failedText}`}
      data-testid={testId}
      className={`flex w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800 ${size === 'sm' ? 'h-1.5' : 'h-3'}`}
    >
      <div
        className="h-full bg-indigo-600 transition-[width] duration-500 dark:bg-indigo-500"
        style={{ width: `${pct - failedPct}%` }}
      />
      <div
        className="h-full bg-red-500 transition-[width] duration-500 dark:bg-red-600"
        style={{ width: `${failedPct}%` }}
        data-testid={testId ? `${testId}-failed` : undefined}
      />
      <div
        className="h-full bg-indigo-300 transition-[width] duration-500 dark:bg-indigo-800"
        style={{ width: `${running}%` }}
      />
    </div>
  );
}
