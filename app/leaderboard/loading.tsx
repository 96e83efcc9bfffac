// Skeleton of the leaderboard while the ratings load: heading, filters, table rows and the two chart cards.
export default function LeaderboardLoading() {
  return (
    <div className="flex animate-pulse flex-col gap-6" aria-busy="true" aria-label="Loading the leaderboard">
      <div className="flex flex-col gap-3">
        <div className="h-9 w-56 rounded-lg bg-zinc-200 dark:bg-zinc-800" />
        <div className="h-4 w-full max-w-xl rounded bg-zinc-200 dark:bg-zinc-800" />
      </div>
      <div className="h-36 rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900" />
      <div className="flex flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
        <div className="h-16 border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900" />
        {[0, 1, 2, 3].map((i) => (
          <div
            key={i}
            className="flex h-14 items-center gap-4 border-b border-zinc-100 px-3 last:border-b-0 dark:border-zinc-800/70"
          >
            <div className="h-4 w-6 rounded bg-zinc-200 dark:bg-zinc-800" />
            <div className="h-4 w-48 rounded bg-zinc-200 dark:bg-zinc-800" />
            <div className="ml-auto h-4 w-28 rounded bg-zinc-200 dark:bg-zinc-800" />
          </div>
        ))}
      </div>
      <div className="grid gap-8 xl:grid-cols-2">
        <div className="h-64 rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900" />
        <div className="h-64 rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900" />
      </div>
    </div>
  );
}
