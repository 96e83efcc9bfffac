// The error boundary for every page: says what went wrong in plain words and offers to try again.
'use client';

import { useEffect } from 'react';

export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const digest = error instanceof Error ? (error as Error & { digest?: string }).digest : undefined;

  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="text-zinc-600 dark:text-zinc-400">
        This page could not be loaded. The arena server or its database may be restarting; trying again in a moment
        usually works.
      </p>
      {digest && <p className="font-mono text-xs text-zinc-500">Error reference: {digest}</p>}
      <button
        type="button"
        onClick={retry}
        className="mt-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500"
      >
        Try again
      </button>
    </div>
  );
}
