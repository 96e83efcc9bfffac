// Who is playing: a guest name (kept in this browser's cookie), or an account (name + password) to sign in anywhere.
'use client';

import { accountAction, guestAction, keepNameAction } from '@/app/play/actions';
import { Field, FormError, FormNotice, inputClass, primaryButtonClass, secondaryButtonClass, Spinner } from './admin-form';
import { useFormAction } from './admin-form-action';

export function PlayIdentity() {
  const guest = useFormAction(guestAction, null);
  const account = useFormAction(accountAction, null);
  const guestError = guest.state && !guest.state.ok ? guest.state.error : null;
  const accountError = account.state && !account.state.ok ? account.state.error : null;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <form action={guest.action} onSubmit={guest.onSubmit} aria-label="Play as a guest" className={card}>
        <h2 className="font-semibold">Play as a guest</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Pick a name. This browser remembers it; set a password later to keep it.</p>
        <Field label="Your name" htmlFor="guest-name" hint="2–32 characters: letters, digits, spaces, . _ ' -">
          <input id="guest-name" name="name" required minLength={2} maxLength={32} autoComplete="nickname" className={inputClass} aria-invalid={!!guestError} />
        </Field>
        <FormError error={guestError} testId="guest-error" />
        <button type="submit" disabled={guest.pending} className={primaryButtonClass}>
          {guest.pending && <Spinner />}
          Play as guest
        </button>
      </form>
      <form action={account.action} onSubmit={account.onSubmit} aria-label="Your account" className={card}>
        <h2 className="font-semibold">Your account</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">A name with a password: your games and rating follow you to any browser.</p>
        <Field label="Name" htmlFor="account-name">
          <input id="account-name" name="name" required autoComplete="username" className={inputClass} aria-invalid={!!accountError} />
        </Field>
        <Field label="Password" htmlFor="account-password" hint="At least 8 characters.">
          <input id="account-password" name="password" type="password" required autoComplete="current-password" className={inputClass} aria-invalid={!!accountError} />
        </Field>
        <FormError error={accountError} testId="account-error" />
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="mode" value="signin" disabled={account.pending} className={primaryButtonClass}>
            {account.pending && <Spinner />}
            Sign in
          </button>
          <button type="submit" name="mode" value="create" disabled={account.pending} className={secondaryButtonClass}>
            Create account
          </button>
        </div>
      </form>
    </div>
  );
}

/** For a guest: set a password to keep the name (and its rating) beyond this browser. */
export function KeepName() {
  const keep = useFormAction(keepNameAction, null);
  const error = keep.state && !keep.state.ok ? keep.state.error : null;
  if (keep.state?.ok) return <FormNotice testId="keep-name-done">Saved: sign in with your name and this password from any browser.</FormNotice>;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-indigo-700 hover:underline dark:text-indigo-300">Keep this name: set a password</summary>
      <form action={keep.action} onSubmit={keep.onSubmit} aria-label="Set a password" className="mt-3 flex max-w-sm flex-col gap-3">
        <Field label="New password" htmlFor="keep-password" hint="At least 8 characters.">
          <input id="keep-password" name="password" type="password" required minLength={8} autoComplete="new-password" className={inputClass} />
        </Field>
        <FormError error={error} testId="keep-name-error" />
        <button type="submit" disabled={keep.pending} className={secondaryButtonClass}>
          {keep.pending && <Spinner />}
          Set password
        </button>
      </form>
    </details>
  );
}

const card = 'flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900';
