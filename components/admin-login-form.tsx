// The admin sign-in form (username and password); a refusal never says which of the two was wrong.
'use client';

import { loginAction } from '@/lib/actions/admin';
import { Field, FormError, inputClass, primaryButtonClass, Spinner } from './admin-form';
import { useFormAction } from './admin-form-action';

export function AdminLoginForm({ next }: { next: string }) {
  const { state, action, pending, onSubmit } = useFormAction(loginAction, null);
  const error = state && !state.ok ? state.error : null;
  return (
    <form action={action} onSubmit={onSubmit} aria-label="Sign in" className="flex flex-col gap-4">
      <input type="hidden" name="next" value={next} />
      <Field label="Username" htmlFor="login-username">
        <input
          id="login-username"
          name="username"
          autoComplete="username"
          required
          autoFocus
          className={inputClass}
          aria-invalid={!!error}
        />
      </Field>
      <Field label="Password" htmlFor="login-password">
        <input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className={inputClass}
          aria-invalid={!!error}
        />
      </Field>
      <FormError error={error} testId="login-error" />
      <button type="submit" disabled={pending} className={primaryButtonClass}>
        {pending && <Spinner />}
        Sign in
      </button>
    </form>
  );
}
