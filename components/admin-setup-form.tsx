// First-run setup: creates the first admin account (only while none exists) and signs it in.
'use client';

import { setupAction } from '@/lib/actions/admin';
import { Field, FormError, inputClass, primaryButtonClass, Spinner } from './admin-form';
import { useFormAction } from './admin-form-action';

export function AdminSetupForm() {
  const { state, action, pending, onSubmit } = useFormAction(setupAction, null);
  const error = state && !state.ok ? state.error : null;
  const field = state && !state.ok ? state.field : undefined;
  return (
    <form action={action} onSubmit={onSubmit} aria-label="Create the admin account" className="flex flex-col gap-4">
      <Field label="Username" htmlFor="setup-username" hint="Letters, digits and _ . @ -">
        <input
          id="setup-username"
          name="username"
          autoComplete="username"
          required
          autoFocus
          className={inputClass}
          aria-invalid={field === 'username'}
          aria-describedby="setup-username-hint"
        />
      </Field>
      <Field label="Password" htmlFor="setup-password" hint="At least 8 characters.">
        <input
          id="setup-password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          className={inputClass}
          aria-invalid={field === 'password'}
          aria-describedby="setup-password-hint"
        />
      </Field>
      <Field label="Password again" htmlFor="setup-confirm">
        <input
          id="setup-confirm"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          className={inputClass}
          aria-invalid={field === 'confirm'}
        />
      </Field>
      <FormError error={error} />
      <button type="submit" disabled={pending} className={primaryButtonClass}>
        {pending && <Spinner />}
        Create the admin account
      </button>
    </form>
  );
}
