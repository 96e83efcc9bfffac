// 404 for a match id that does not exist.
import Link from 'next/link';

export default function MatchNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <p className="font-mono text-sm text-zinc-500">404</p>
      <h1 className="text-2xl font-semibold tracking-tight">No such match</h1>
      <p className="text-zinc-600 dark:text-zinc-400">
        There is no match with this id. It may have been deleted, or the link is mistyped.
      </p>
      <Link
        href="/"
        className="mt-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500"
      >
        See live and recent matches
      </Link>
    </div>
  );
}
