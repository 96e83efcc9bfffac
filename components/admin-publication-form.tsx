// The request form of a publication run (/admin/publication): the leaderboard view (game, category, people filter, rules)
// and an optional seed; B is GameBench's 10,000. Refusals (a run already going for the view, nothing to rate) are
// shown in words and the form keeps what was chosen.
'use client';

import { useId } from 'react';
import { requestPublicationAction } from '@/lib/actions/publication';
import { FormError, FormNotice, Field, inputClass, primaryButtonClass, Spinner } from './admin-form';
import { isInvalid, useFormAction } from './admin-form-action';

interface Props {
  games: { id: string; title: string }[];
  categories: { id: string; label: string }[];
  /** The view to preselect (the leaderboard's link carries its filters). */
  initial: { game?: string; category?: string; humans: 'each' | 'together' | 'hide'; protocol: string };
  rounds: number;
}

export function AdminPublicationForm({ games, categories, initial, rounds }: Props) {
  const { state, action, pending, onSubmit } = useFormAction(requestPublicationAction, null);
  const error = state && !state.ok ? state.error : null;
  const id = useId();
  return (
    <form
      action={action}
      onSubmit={onSubmit}
      data-testid="publication-form"
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Request a publication run
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Game" htmlFor={`${id}-game`}>
          <select
            id={`${id}-game`}
            name="game"
            defaultValue={initial.game ?? ''}
            className={inputClass}
            aria-invalid={isInvalid(state, 'game')}
          >
            <option value="">All games</option>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {g.title}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Reasoning category" htmlFor={`${id}-category`}>
          <select
            id={`${id}-category`}
            name="category"
            defaultValue={initial.category ?? ''}
            className={inputClass}
            aria-invalid={isInvalid(state, 'category')}
          >
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="People" htmlFor={`${id}-humans`}>
          <select
            id={`${id}-humans`}
            name="humans"
            defaultValue={initial.humans}
            className={inputClass}
            aria-invalid={isInvalid(state, 'humans')}
          >
            <option value="each">Each person a row</option>
            <option value="together">All people as one player</option>
            <option value="hide">Leave people’s games out</option>
          </select>
        </Field>
        <Field
          label="Rules"
          htmlFor={`${id}-protocol`}
          hint="Results under different rules are never pooled unless chosen."
        >
          <select
            id={`${id}-protocol`}
            name="protocol"
            defaultValue={initial.protocol}
            className={inputClass}
            aria-invalid={isInvalid(state, 'protocol')}
          >
            <option value="current">Each game’s current rules</option>
            <option value="pooled">All rules versions pooled</option>
            {initial.protocol !== 'current' && initial.protocol !== 'pooled' && (
              <option value={initial.protocol}>Rules {initial.protocol}</option>
            )}
          </select>
        </Field>
        <Field label="Seed" htmlFor={`${id}-seed`} hint="Optional; the same data and seed give the same figures.">
          <input
            id={`${id}-seed`}
            name="seed"
            placeholder="arena-publication"
            maxLength={64}
            className={inputClass}
            aria-invalid={isInvalid(state, 'seed')}
          />
        </Field>
      </div>
      <FormError error={error} testId="publication-error" />
      {state?.ok && <FormNotice testId="publication-notice">{state.done}</FormNotice>}
      <div>
        <button type="submit" disabled={pending} className={primaryButtonClass} data-testid="request-publication">
          {pending && <Spinner />}
          Compute {rounds.toLocaleString('en-US')} rounds
        </button>
      </div>
    </form>
  );
}
