// The agents list's switch that opens an LLM agent to people's games on the Play page, or withdraws it.
'use client';

import { setAgentPlayableAction } from '@/lib/actions/admin';
import { Spinner } from './admin-form';
import { useFormAction } from './admin-form-action';

export function AdminPlayableToggle({ id, name, playable }: { id: string; name: string; playable: boolean }) {
  const { state, action, pending, onSubmit } = useFormAction(setAgentPlayableAction, null);
  const error = state && !state.ok ? state.error : null;
  return (
    <form action={action} onSubmit={onSubmit} className="flex flex-col items-start gap-1">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="playable" value={playable ? 'false' : 'true'} />
      <button
        type="submit"
        role="switch"
        aria-checked={playable}
        aria-label={`Open ${name} to people`}
        disabled={pending}
        data-testid="playable-toggle"
        className="group inline-flex h-7 items-center gap-2 rounded-md px-1.5 text-xs font-medium text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-60 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        <span
          aria-hidden="true"
          className={`relative inline-block h-4 w-7 rounded-full transition-colors ${playable ? 'bg-indigo-600' : 'bg-zinc-300 dark:bg-zinc-600'}`}
        >
          <span
            className={`absolute top-0.5 h-3 w-3 rounded-full bg-white shadow transition-all ${playable ? 'left-3.5' : 'left-0.5'}`}
          />
        </span>
        {pending ? <Spinner /> : playable ? 'open' : 'closed'}
      </button>
      {error && (
        <p role="alert" className="w-48 text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}
