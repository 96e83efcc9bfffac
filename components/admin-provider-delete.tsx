// Deletes a provider after a confirmation; refused (with the reason) while agents use it.
'use client';

import { useState } from 'react';
import { deleteProviderAction } from '@/lib/actions/admin';
import { dangerButtonClass, secondaryButtonClass, Spinner } from './admin-form';
import { useFormAction } from './admin-form-action';

export function AdminProviderDelete({ id, name }: { id: string; name: string }) {
  const { state, action, pending, onSubmit } = useFormAction(deleteProviderAction, null);
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
          <input type="hidden" name="id" value={id} />
          <button type="submit" autoFocus className={`${dangerButtonClass} h-7 px-2 text-xs`} aria-label={`Yes, delete ${name}`}>
            Delete
          </button>
          <button type="button" onClick={() => setConfirming(false)} className={`${secondaryButtonClass} h-7 px-2 text-xs`}>
            Keep
          </button>
        </form>
      ) : (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          disabled={pending}
          aria-label={`Delete ${name}`}
          className="inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-500 disabled:opacity-60 dark:text-red-300 dark:hover:bg-red-950/40"
        >
          {pending && <Spinner />}
          Delete
        </button>
      )}
      {error && (
        <p role="alert" data-testid="provider-delete-error" className="w-56 text-right text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
