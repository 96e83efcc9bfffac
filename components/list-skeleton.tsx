// Placeholder shown while a list page loads: a heading and a few rows.
export function ListSkeleton({ label }: { label: string }) {
  return (
    <div className="flex animate-pulse flex-col gap-6" aria-busy="true" aria-label={label}>
      <div className="h-9 w-2/3 max-w-lg rounded-lg bg-zinc-200 dark:bg-zinc-800" />
      <div className="h-4 w-1/2 max-w-md rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="flex flex-col gap-2 pt-4">
        {[0, 1, 2, 3].map((i) => (
          <div
            key={i}
            className="h-20 rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
          />
        ))}
      </div>
    </div>
  );
}
