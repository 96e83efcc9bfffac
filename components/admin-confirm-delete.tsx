// A Delete button that asks once more (Delete / Keep) before it submits; the refusal, if any, is shown under it (a
// provider still used by agents). Used for providers and datasets.
'use client';

import { useState } from 'react';
import type { ActionResult } from '@/lib/actions/define';
import { dangerButtonClass, secondaryButtonClass, Spinner } from './admin-form';
import { useFormAction } from './admin-form-action';

export function AdminConfirmDelete({
  action: serverAction,
  fields,
  label,
  errorTestId,
}: {
  action: (prev: ActionResult, data: FormData) => Promise<ActionResult>;
  /** The hidden fields that say what to delete. */
  fields: Record<string, string>;
  /** What is deleted, for the buttons' names: "Delete <label>". */
  label: string;
  errorTestId?: string;
}) {
  const { state, action, pending, onSubmit } = useFormAction(serverAction, null);
  const [confirming, setConfirming] = useState(false);
  const error = state && !state.ok ? state.error : null;
  return (
    <div className="flex flex-col items-end gap-1">
      {confirming ? (
        <form
          action={action}
          onSubmit={(e) => {
            setConfirming(false);
            onSubmit(e);
          }}
          className="flex items-center gap-1.5"
        >
          {Object.entries(fields).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <button
            type="submit"
            autoFocus
            className={`${dangerButtonClass} h-7 px-2 text-xs`}
            aria-label={`Yes, delete ${label}`}
          >
            Delete
          </button>
          <button
            type="button"
            onClick={() => setConfirming(false)}
            className={`${secondaryButtonClass} h-7 px-2 text-xs`}
          >
            Keep
          </button>
        </form>
      ) : (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          disabled={pending}
          aria-label={`Delete ${label}`}
          className="inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-500 disabled:opacity-60 dark:text-red-300 dark:hover:bg-red-950/40"
        >
          {pending && <Spinner />}
          Delete
        </button>
      )}
      {error && (
        <p role="alert" data-testid={errorTestId} className="w-56 text-right text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
