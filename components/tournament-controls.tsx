// The admin's buttons on a tournament page: pause, resume, and cancel (which asks first: queued matches are dropped).
'use client';

import { useState } from 'react';
import { controlTournamentAction } from '@/lib/actions/admin';
import type { TournamentStatus } from '@/lib/tournament/spec';
import { dangerButtonClass, FormError, secondaryButtonClass, Spinner } from './admin-form';
import { useFormAction } from './admin-form-action';

export function TournamentControls({ id, status }: { id: string; status: TournamentStatus }) {
  const { state, action, pending, onSubmit } = useFormAction(controlTournamentAction, null);
  const [confirming, setConfirming] = useState(false);
  const open = status === 'running' || status === 'paused';
  const error = state && !state.ok ? state.error : null;

  return (
    <section aria-label="Admin controls" data-testid="tournament-controls" className="flex flex-col gap-2">
      <form
        action={action}
        onSubmit={(e) => {
          setConfirming(false);
          onSubmit(e);
        }}
        className="flex flex-wrap items-center gap-2"
      >
        <input type="hidden" name="id" value={id} />
        {status === 'running' && (
          <button type="submit" name="intent" value="pause" disabled={pending} className={secondaryButtonClass}>
            Pause
          </button>
        )}
        {status === 'paused' && (
          <button type="submit" name="intent" value="resume" disabled={pending} className={secondaryButtonClass}>
            Resume
          </button>
        )}
        {open && !confirming && (
          <button type="button" onClick={() => setConfirming(true)} disabled={pending} className={dangerButtonClass}>
            Cancel tournament…
          </button>
        )}
        {open && confirming && (
          <span
            role="group"
            aria-label="Confirm cancelling"
            className="flex flex-wrap items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-2.5 py-1.5 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
          >
            Cancel it? Queued matches will not be played; matches in play finish and count.
            <button
              type="submit"
              name="intent"
              value="cancel"
              disabled={pending}
              autoFocus
              className={`${dangerButtonClass} h-8`}
            >
              Yes, cancel
            </button>
            <button type="button" onClick={() => setConfirming(false)} className={`${secondaryButtonClass} h-8`}>
              Keep it
            </button>
          </span>
        )}
        {pending && (
          <span className="inline-flex items-center gap-1.5 text-sm text-zinc-500 dark:text-zinc-400">
            <Spinner /> Working…
          </span>
        )}
        {!open && (
          <span className="text-sm text-zinc-500 dark:text-zinc-400">
            This tournament has ended: nothing to control.
          </span>
        )}
      </form>
      <FormError error={error} testId="control-error" />
    </section>
  );
}
