// The agents list's Delete (an agent that never played), Archive (no longer offered; its matches stay) and Restore
// buttons, each confirmed in place first; a refusal is shown with its reason.
'use client';

import { useState } from 'react';
import { archiveAgentAction, deleteAgentAction } from '@/lib/actions/admin';
import { dangerButtonClass, secondaryButtonClass, Spinner } from './admin-form';
import { useFormAction } from './admin-form-action';

const linkButton =
  'inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium focus-visible:outline-2 disabled:opacity-60';

type Confirming = null | 'delete' | 'archive';

export function AdminAgentActions({
  id,
  name,
  archived,
  keptBecause,
}: {
  id: string;
  name: string;
  archived: boolean;
  keptBecause: string | null;
}) {
  const remove = useFormAction(deleteAgentAction, null);
  const archive = useFormAction(archiveAgentAction, null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const pending = remove.pending || archive.pending;
  const error =
    (remove.state && !remove.state.ok ? remove.state.error : null) ??
    (archive.state && !archive.state.ok ? archive.state.error : null);

  if (archived) {
    return (
      <form action={archive.action} onSubmit={archive.onSubmit} className="flex flex-col items-end gap-1">
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="archived" value="false" />
        <button
          type="submit"
          disabled={pending}
          aria-label={`Restore ${name}`}
          className={`${linkButton} text-indigo-700 hover:bg-indigo-50 focus-visible:outline-indigo-500 dark:text-indigo-300 dark:hover:bg-indigo-950/50`}
        >
          {pending && <Spinner />}
          Restore
        </button>
        <Refusal error={error} />
      </form>
    );
  }

  if (confirming) {
    const del = confirming === 'delete';
    const f = del ? remove : archive;
    return (
      <form
        action={f.action}
        onSubmit={(e) => {
          setConfirming(null);
          f.onSubmit(e);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setConfirming(null);
        }}
        role="group"
        aria-label={del ? `Delete ${name}?` : `Archive ${name}?`}
        data-testid="agent-confirm"
        className="ml-auto flex w-64 flex-col items-end gap-1.5 text-left"
      >
        <input type="hidden" name="id" value={id} />
        {!del && <input type="hidden" name="archived" value="true" />}
        <p className="text-xs text-zinc-600 dark:text-zinc-300">
          {del
            ? `Delete ${name} for good? It never played, so nothing else is lost.`
            : `Archive ${name}? It is no longer offered for tournaments or people's games; its matches and ratings stay, and you can restore it.`}
        </p>
        <div className="flex items-center gap-1.5">
          <button
            type="submit"
            autoFocus
            className={`${del ? dangerButtonClass : secondaryButtonClass} h-7 px-2 text-xs`}
            aria-label={del ? `Yes, delete ${name}` : `Yes, archive ${name}`}
          >
            {del ? 'Delete' : 'Archive'}
          </button>
          <button
            type="button"
            onClick={() => setConfirming(null)}
            className={`${secondaryButtonClass} h-7 px-2 text-xs`}
          >
            Keep
          </button>
        </div>
      </form>
    );
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex items-center justify-end gap-0.5">
        {keptBecause === null && (
          <button
            type="button"
            onClick={() => setConfirming('delete')}
            disabled={pending}
            aria-label={`Delete ${name}`}
            className={`${linkButton} text-red-700 hover:bg-red-50 focus-visible:outline-red-500 dark:text-red-300 dark:hover:bg-red-950/40`}
          >
            {remove.pending && <Spinner />}
            Delete
          </button>
        )}
        <button
          type="button"
          onClick={() => setConfirming('archive')}
          disabled={pending}
          aria-label={`Archive ${name}`}
          title={
            keptBecause
              ? `Cannot be deleted: ${keptBecause}. Archiving keeps its matches.`
              : 'No longer offered; can be restored'
          }
          className={`${linkButton} text-zinc-600 hover:bg-zinc-100 focus-visible:outline-indigo-500 dark:text-zinc-300 dark:hover:bg-zinc-800`}
        >
          {archive.pending && <Spinner />}
          Archive
        </button>
      </div>
      <Refusal error={error} />
    </div>
  );
}

function Refusal({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" data-testid="agent-action-error" className="w-56 text-right text-xs text-red-700 dark:text-red-400">
      {error}
    </p>
  ) : null;
}
