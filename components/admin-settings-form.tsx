// The site settings form (/admin/settings): how the leaderboard shows people's games when a link does not say.
'use client';

import { saveSettingsAction } from '@/lib/actions/admin';
import type { Settings } from '@/lib/settings-schema';
import { FormError, FormNotice, primaryButtonClass, Spinner } from './admin-form';
import { useFormAction } from './admin-form-action';

const CHOICES: { id: Settings['peopleFilterDefault']; label: string; help: string }[] = [
  { id: 'each', label: 'Each person a row', help: 'Every person is rated as their own player, beside the models.' },
  {
    id: 'together',
    label: 'All people as one player',
    help: '“Humans (all people)”: one row for everyone who played in the browser.',
  },
  {
    id: 'hide',
    label: 'Leave people’s games out',
    help: 'The models are rated only on games without a person, as if nobody had played them.',
  },
];

export function AdminSettingsForm({ settings }: { settings: Settings }) {
  const { state, action, pending, onSubmit } = useFormAction(saveSettingsAction, null);
  const error = state && !state.ok ? state.error : null;
  return (
    <form
      action={action}
      onSubmit={onSubmit}
      data-testid="settings-form"
      aria-labelledby="people-filter-heading"
      className="flex flex-col gap-4 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <fieldset className="flex flex-col gap-3">
        <legend id="people-filter-heading" className="text-lg font-semibold">
          People on the leaderboard
        </legend>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          What the leaderboard (and its JSON API) shows when the address does not choose; a link with{' '}
          <code className="font-mono text-xs">humans=</code> still shows what it asks for, and every visitor can switch
          with the filter.
        </p>
        {CHOICES.map((c) => (
          <label key={c.id} className="flex items-start gap-2.5 text-sm">
            <input
              type="radio"
              name="peopleFilterDefault"
              value={c.id}
              defaultChecked={settings.peopleFilterDefault === c.id}
              className="mt-0.5 h-4 w-4 shrink-0 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500"
            />
            <span>
              {c.label}
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">{c.help}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <FormError error={error} testId="settings-error" />
      {state?.ok && <FormNotice testId="settings-notice">{state.done}</FormNotice>}
      <div>
        <button type="submit" disabled={pending} className={primaryButtonClass} data-testid="save-settings">
          {pending && <Spinner />}
          Save settings
        </button>
      </div>
    </form>
  );
}
